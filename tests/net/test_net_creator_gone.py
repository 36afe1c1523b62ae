"""A table waiting for players whose creator went (the connection gone for the turn limit)
passes the start to the next person at it, who was told "… or when Anna starts it" and
could only wait; a creator back within the limit keeps it (docs/online-protocol.md)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from net_helpers import is_table, play_until, running_server
from test_net_app import online_app, until

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from helpers import settle  # noqa: E402

from scopa_tui.net.client import NetClient  # noqa: E402
from scopa_tui.ui.screens.game import GameScreen  # noqa: E402


async def test_a_creator_gone_for_the_turn_limit_passes_the_start_and_one_back_in_time_keeps_it(tmp_path):
    async with running_server(tmp_path) as (server, url):
        anna, bruno = NetClient(url, "Anna", reconnect=False), NetClient(url, "Bruno")
        await anna.connect()
        await bruno.connect()
        joined = await anna.create(players=3, ai="easy", turn_limit=1)
        code = joined["code"]
        mine = await bruno.join(code)
        table = server.tables[code]
        # A drop and a resume within the limit: the role stays Anna's.
        await anna.close()
        again = NetClient(url, "Anna", reconnect=False)
        await again.connect()
        await again.resume(code, joined["token"])
        await asyncio.sleep(1.3)
        assert table.config["creator"] == 0
        # Gone for good (no leave sent): after the turn limit Bruno may start it.
        loop = asyncio.get_running_loop()
        gone = loop.time()  # before the close: the server sees the connection go later still
        await again.close()
        info = (await play_until(bruno, is_table(lambda t: t["creator"] == mine["seat"])))["table"]
        assert loop.time() - gone >= 0.9 and info["phase"] == "waiting" and not info["started"]
        await bruno.start()
        await play_until(bruno, is_table(lambda t: t["started"]))
        assert [s.kind for s in table.seats] == ["person", "person", "ai"]  # Anna's seat kept for her
        await bruno.close()


async def test_the_player_left_waiting_is_told_the_start_is_theirs_and_enter_starts(tmp_path):
    async with running_server(tmp_path / "server") as (server, url):
        anna = NetClient(url, "Anna", reconnect=False)
        await anna.connect()
        code = (await anna.create(players=3, ai="easy", turn_limit=1))["code"]
        app = online_app(url, name="Carla", join=code)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the waiting table")
            screen = app.screen
            await settle(pilot)
            assert "when Anna starts it" in str(screen.message)
            await anna.close()
            await until(pilot, lambda: screen.table.starter() is None, "the start to pass")
            await settle(pilot)
            log = "\n".join(screen.query_one("#log").texts)
            assert "Anna is not at the table: you may start it now (Enter)" in log, log
            assert "Enter starts now" in str(screen.message)
            await pilot.press("enter")
            await until(pilot, lambda: screen.table.phase == "play", "the start")


async def test_after_a_restart_a_creator_who_does_not_come_back_passes_the_start(tmp_path):
    async with running_server(tmp_path) as (server, url):
        anna = NetClient(url, "Anna", reconnect=False)
        await anna.connect()
        code = (await anna.create(players=3, ai="easy", turn_limit=1))["code"]
        bruno = NetClient(url, "Bruno", reconnect=False)
        await bruno.connect()
        token = (await bruno.join(code))["token"]
        await anna.close()
        await bruno.close()
    async with running_server(tmp_path) as (server, url):  # killed and started again: nobody connected
        bruno = NetClient(url, "Bruno")
        await bruno.connect()
        mine = await bruno.resume(code, token)
        await play_until(bruno, is_table(lambda t: t["creator"] == mine["seat"]))
        await bruno.close()
