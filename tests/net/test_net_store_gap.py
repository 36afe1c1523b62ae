"""A table file that missed writes for a while (a full disk) holds the game whole again once
it can be written (README, *Play online*: kept after every move)."""

from __future__ import annotations

import sqlite3

from net_helpers import Raw, running_server

from scopa_tui.net.server import Server


class FullForActions:
    """The file's connection, refusing the moves' writes while ``full``, as a full disk does."""

    def __init__(self, con):
        self.con, self.full = con, False

    def execute(self, sql, *args):
        if self.full and sql.startswith("INSERT INTO actions"):
            raise sqlite3.OperationalError("database or disk is full")
        return self.con.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self.con, name)


async def _play_turns(anna: Raw, n: int) -> None:
    """Anna plays her next ``n`` turns, the first legal move each (the AI answers between)."""
    for _ in range(n):
        while not ((msg := await anna.expect("turn", "state"))["view"] or {}).get("legal"):
            pass
        move = msg["view"]["legal"][0]
        await anna.send({"type": "play", "card": move["card"], "capture": move["capture"]})


async def test_moves_the_file_missed_are_written_once_it_can_and_a_restart_rebuilds_the_game(tmp_path):
    lines: list[str] = []
    async with running_server(tmp_path, log=lines.append) as (server, url):
        con = server.store.con = FullForActions(server.store.con)
        anna = await Raw.open(url, "Anna")
        await anna.send({"type": "create", "players": 2, "ai": "easy", "turn_limit": 60})
        code = (await anna.expect("joined"))["code"]
        await anna.send({"type": "start"})
        await _play_turns(anna, 2)
        con.full = True
        await _play_turns(anna, 2)  # these moves, and the AI's, are not in the file
        con.full = False
        await _play_turns(anna, 1)  # the next write puts the table in whole
        await anna.expect("turn")
        table = server.tables[code]
        played = [e.to_record() for e in table.game.events]
        await anna.close()
        server.store.con = con.con
    assert any("cannot be written" in line for line in lines) and any("can be written again" in line for line in lines)
    again = Server(tmp_path, ai_pace=0, log=lines.append)
    try:
        again._restore()  # the tables kept, rebuilt (no listening needed)
        rebuilt = again.tables.get(code)
        # The game goes on where it was: before, the moves written after the gap did not fit
        # the game without the missed ones ("4s is not in your hand"), and the table was lost.
        assert rebuilt is not None, lines
        assert [e.to_record() for e in rebuilt.game.events][:len(played)] == played
    finally:
        await again.close()
