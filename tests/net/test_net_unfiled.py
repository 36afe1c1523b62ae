"""A finished game the history cannot take (a full disk, a locked or damaged history file)
is never lost: kept in the table's row, and when its table plays again, kept apart in
``online.sqlite3`` (``unfiled``) until the server files it, at its next start or as soon as
the history takes a game again (docs/online-protocol.md, "Guarantees")."""

from __future__ import annotations

import asyncio
import io
import json
import sqlite3

from net_helpers import TIMEOUT, is_event, is_table, play_until, running_server

from scopa_tui.engine import record as records
from scopa_tui.net.client import NetClient
from scopa_tui.net.tablestore import TableStore, UnfiledGame
from scopa_tui.store import Store
from scopa_tui.store.db import Database

REAL_ADD_GAME = Database.add_game


def full_disk(self, game_id, record_text, setup, finished_at=None):
    """Database.add_game on a full disk: a notice, and nothing stored."""
    self.notices.add(f"the finished game was not stored in {self.path}: database or disk is full")
    return False


def failing_once(monkeypatch) -> list[str]:
    """The history fails the first game it is given (a full disk) and takes the next ones;
    the ids it is given, in order."""
    calls: list[str] = []

    def add_game(self, game_id, *args, **kwargs):
        calls.append(game_id)
        if len(calls) == 1:
            return full_disk(self, game_id, *args, **kwargs)
        return REAL_ADD_GAME(self, game_id, *args, **kwargs)

    monkeypatch.setattr(Database, "add_game", add_game)
    return calls


async def eventually(condition) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + TIMEOUT
    while not condition():
        assert loop.time() < end, "timed out"
        await asyncio.sleep(0.02)


async def two_games(url: str, server) -> str:
    """Anna plays a 2-player table to 1 point against the AI, plays again there, and plays
    the second game to its end too; the table's code, once both games have been filed (or
    not)."""
    anna = NetClient(url, "Anna")
    await anna.connect()
    code = (await anna.create(players=2, target=1, ai="easy"))["code"]
    await anna.start()
    await play_until(anna, is_event("game_end"))
    await anna.rematch(1)
    await play_until(anna, is_table(lambda t: t["started"] and t["game"] == 2))
    await play_until(anna, is_event("game_end"))
    table = server.tables[code]
    await eventually(lambda: not table.filing)
    await anna.close()
    return code


def exported(data_dir) -> list:
    out = io.StringIO()
    return records.parse(out.getvalue()) if Store(data_dir).export(out) else []


def game_numbers(games, code: str) -> list[str]:
    """The tables' game ids as ``CODE`` and ``CODE-2``, sorted."""
    return sorted(g.start["scopa_tui"]["game_id"].rsplit("-online-", 1)[1] for g in games)


async def test_a_rematch_after_a_failed_filing_loses_no_game_and_the_next_start_files_both(tmp_path, monkeypatch):
    monkeypatch.setattr(Database, "add_game", full_disk)
    logs: list[str] = []
    async with running_server(tmp_path, log=logs.append) as (server, url):
        code = await two_games(url, server)
        assert server.tables[code].unfiled.game == 2  # the second game's filing failed too
    failed = [line for line in logs if "could not be filed" in line]
    assert failed == [f"table {code}: game {n} could not be filed in the history; kept in online.sqlite3, "
                      "filed at the next start or once the history takes a game again" for n in (1, 2)]
    assert sum("database or disk is full" in line for line in logs) == 2
    store = TableStore(tmp_path)
    try:
        # Game 1 kept apart when the rematch replaced the table's row; game 2 is in the row.
        assert [(g.code, g.game) for g in store.unfiled()] == [(code, 1)]
        assert [(t.code, t.config["game"]) for t in store.load()] == [(code, 2)]
    finally:
        store.close()
    assert exported(tmp_path) == []

    monkeypatch.setattr(Database, "add_game", REAL_ADD_GAME)  # the disk has room again
    logs.clear()
    async with running_server(tmp_path, log=logs.append) as (server, url):
        await eventually(lambda: server.tables[code].filed and not server.store.unfiled())
    assert f"table {code}: game 1, kept since it could not be filed, is in the history now" in logs
    games = exported(tmp_path)
    assert game_numbers(games, code) == [code, f"{code}-2"]
    assert len({g.seed for g in games}) == 2
    for game in games:
        assert records.replay(game, use_seed=True).is_over
        assert game.start["scopa_tui"]["names"] == ["Anna", "AI 2"]
    store = TableStore(tmp_path)
    try:
        assert store.unfiled() == [] and store.load() == []  # each filed once: nothing left to keep
    finally:
        store.close()


async def test_the_kept_game_is_filed_as_soon_as_the_history_takes_a_game_again(tmp_path, monkeypatch):
    calls = failing_once(monkeypatch)
    logs: list[str] = []
    async with running_server(tmp_path, log=logs.append) as (server, url):
        code = await two_games(url, server)
        await eventually(lambda: not server.store.unfiled())
        assert server.tables[code].filed
    assert f"table {code}: game 1, kept since it could not be filed, is in the history now" in logs
    assert calls[0] == calls[-1] and len(calls) == 3  # game 1 failed, game 2 filed, then game 1 with its own id
    assert game_numbers(exported(tmp_path), code) == [code, f"{code}-2"]


async def test_a_finished_table_not_played_again_is_filed_once_the_history_takes_a_game_again(tmp_path,
                                                                                               monkeypatch):
    failing_once(monkeypatch)
    async with running_server(tmp_path) as (server, url):
        anna = NetClient(url, "Anna")
        await anna.connect()
        first = (await anna.create(players=2, target=1, ai="easy"))["code"]
        await anna.start()
        await play_until(anna, is_event("game_end"))
        await eventually(lambda: server.tables[first].unfiled is not None)
        await anna.leave()  # nobody plays again there: the table waits, its game unfiled
        await anna.create(players=2, target=1, ai="easy")
        await anna.start()
        await play_until(anna, is_event("game_end"))  # filed: the first table's game goes in too
        await eventually(lambda: server.tables[first].filed)
        assert server.tables[first].unfiled is None and server.store.load() == []
        await anna.close()
    assert len(exported(tmp_path)) == 2


OLD_SCHEMA = """
CREATE TABLE tables (code TEXT PRIMARY KEY, created REAL NOT NULL, config TEXT NOT NULL,
                     seats TEXT NOT NULL, seed INTEGER NOT NULL, started INTEGER NOT NULL DEFAULT 0);
CREATE TABLE actions (code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE, n INTEGER NOT NULL,
                      action TEXT NOT NULL, PRIMARY KEY (code, n));
PRAGMA user_version = 1;
"""


def unfiled_game(code: str = "ABCDEFGH", game: int = 1, record: str = "{}") -> UnfiledGame:
    return UnfiledGame(f"20250101-120000-online-{code}", code, game, 1735732800.0, record,
                       {"names": ["Anna", "AI 2"], "ai": [None, "easy"], "human_seat": None, "extra": {}})


def test_an_online_file_of_schema_1_keeps_its_tables_and_gains_the_unfiled_and_the_players_games(tmp_path):
    con = sqlite3.connect(tmp_path / "online.sqlite3")
    con.executescript(OLD_SCHEMA)
    con.execute("INSERT INTO tables VALUES ('ABCDEFGH', 1.0, ?, '[]', 7, 0)", (json.dumps({"title": "t"}),))
    con.commit()
    con.close()
    store = TableStore(tmp_path)
    try:
        (table,) = store.load()
        assert (table.code, table.seed, table.config) == ("ABCDEFGH", 7, {"title": "t"})
        assert store.unfiled() == []
        assert store.con.execute("PRAGMA user_version").fetchone() == (4,)  # (3: the players' games, 4: more columns)
        assert store.con.execute("SELECT count(*) FROM seat_games").fetchone() == (0,)
        store.replace("ABCDEFGH", 1.0, {"title": "t", "game": 2}, [], 8, unfiled=unfiled_game())
        assert store.unfiled() == [unfiled_game()]
    finally:
        store.close()


def test_a_kept_game_outlives_its_table_and_goes_only_when_filed(tmp_path):
    logs: list[str] = []
    store = TableStore(tmp_path, logs.append)
    try:
        store.add("ABCDEFGH", 1.0, {"game": 1}, [], 7)
        store.add_action("ABCDEFGH", 0, ["next"], 2.0)
        store.replace("ABCDEFGH", 1.0, {"game": 2}, [], 8, unfiled=unfiled_game())
        (table,) = store.load()
        assert (table.seed, table.config, table.actions) == (8, {"game": 2}, [])
        store.remove("ABCDEFGH")  # the table closes (nobody came for game 2): its kept game stays
        store.replace("ABCDEFGH", 1.0, {"game": 2}, [], 8, unfiled=unfiled_game())  # kept twice: once
    finally:
        store.close()
    store = TableStore(tmp_path, logs.append)
    try:
        assert store.unfiled() == [unfiled_game()]
        store.con.execute("INSERT INTO unfiled VALUES ('x', 'ABCDEFGH', 3, 2.0, '{}', 'not json')")
        assert store.unfiled() == [unfiled_game()]  # the damaged row skipped, said once, left in the file
        assert store.unfiled() == [unfiled_game()]
        store.forget_unfiled(unfiled_game().game_id)
        assert store.unfiled() == []
        assert store.con.execute("SELECT game_id FROM unfiled").fetchall() == [("x",)]
    finally:
        store.close()
    (line,) = logs
    assert "the unfiled game x cannot be read (" in line and line.endswith("; left in the file")


def test_a_kept_game_the_file_cannot_take_is_held_until_it_can(tmp_path):
    # A full disk fails the history and online.sqlite3 alike: the rematch's write fails too.
    logs: list[str] = []
    store = TableStore(tmp_path, logs.append)
    try:
        store.add("ABCDEFGH", 1.0, {"game": 1}, [], 7)
        writable = store.con
        store.con = sqlite3.connect(f"{(tmp_path / 'online.sqlite3').as_uri()}?mode=ro", uri=True,
                                    isolation_level=None)
        store.replace("ABCDEFGH", 1.0, {"game": 2}, [], 8, unfiled=unfiled_game())
        assert "cannot be written" in logs[-1]
        assert store.unfiled() == [unfiled_game()]  # held in memory, the file still refusing it
        assert store.con.execute("SELECT count(*) FROM unfiled").fetchone() == (0,)
        store.con.close()
        store.con = writable  # room again: the next look writes it
        assert store.unfiled() == [unfiled_game()]
        assert logs[-1].endswith("can be written again")
    finally:
        store.close()
    store = TableStore(tmp_path)
    try:
        assert store.unfiled() == [unfiled_game()]  # in the file now, once
        store.forget_unfiled(unfiled_game().game_id)
        assert store.unfiled() == []
    finally:
        store.close()


async def test_a_kept_game_the_history_refuses_is_left_in_the_file_with_one_line(tmp_path):
    store = TableStore(tmp_path)
    store.replace("ABCDEFGH", 1.0, {"game": 2}, [], 8, unfiled=unfiled_game(record="not a record"))
    store.remove("ABCDEFGH")
    store.close()
    logs: list[str] = []
    async with running_server(tmp_path, log=logs.append) as (server, url):
        await eventually(lambda: server._kept_task is not None and server._kept_task.done())
        assert server.store.unfiled() == [unfiled_game(record="not a record")]
        server._file_kept()  # tried again (a game filed): not said again
        await eventually(lambda: server._kept_task.done())
    (line,) = [line for line in logs if "ABCDEFGH" in line]
    assert line.startswith("table ABCDEFGH: the unfiled game 1 (20250101-120000-online-ABCDEFGH) was refused "
                           "by the history (") and line.endswith("); left in online.sqlite3")
    assert "Traceback" not in "\n".join(logs)
