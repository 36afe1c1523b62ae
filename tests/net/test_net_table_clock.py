"""The table's clock: one moved deadline timer, not a wake-up of the table's task per play."""

from __future__ import annotations

import asyncio

from net_helpers import Raw, running_server

from scopa_tui.net.table import Table


async def _pair(url, turn_limit):
    anna = await Raw.open(url, "Anna")
    await anna.send({"type": "create", "players": 2, "turn_limit": turn_limit})
    code = (await anna.expect("joined"))["code"]
    bruno = await Raw.open(url, "Bruno")
    await bruno.send({"type": "join", "code": code})
    await bruno.expect("joined")
    return anna, bruno


async def _play_turn(table, raws):
    """The seat to play plays its first legal move; returns the other seat's raw, once it has the play."""
    seat = table.game.turn
    move = table.game.view(seat).legal[0]
    await raws[seat].send({"type": "play", **move.to_json()})
    other = raws[1 - seat]
    while (await other.expect("event"))["event"]["event"] != "play":
        pass
    return other


async def test_plays_between_people_do_not_wake_the_table_task(monkeypatch):
    steps = []
    step = Table._step

    async def counted(self):
        steps.append(self.phase)
        return await step(self)

    monkeypatch.setattr(Table, "_step", counted)
    async with running_server(None) as (server, url):
        anna, bruno = await _pair(url, 600)
        (table,) = server.tables.values()
        for _ in range(4):  # the first hand's first plays, people both
            await _play_turn(table, [anna, bruno])
        await asyncio.sleep(0.05)
        assert table.actions == 4
        # The start woke it once into the first turn; the four plays did not.
        assert steps.count("play") <= 2, steps
        await anna.close()
        await bruno.close()


async def test_the_deadline_still_moves_with_each_play():
    async with running_server(None) as (server, url):
        anna, bruno = await _pair(url, 1.0)
        loop = asyncio.get_running_loop()
        (table,) = server.tables.values()
        await anna.expect("turn")
        await asyncio.sleep(0.5)  # half of the first turn's limit gone
        played = loop.time()  # before the play is sent: the server's new deadline is later still
        waiting = await _play_turn(table, [anna, bruno])
        # The seat to play now has a full second from the play, not what was left of the first turn's.
        msg = await waiting.expect("seat")
        assert msg["status"] == "away"
        assert 0.9 <= loop.time() - played < 5.0
        await anna.close()
        await bruno.close()
