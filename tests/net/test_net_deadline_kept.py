"""A turn's deadline is the turn's: coming back (a resume, any message from an away seat) or a
restart of the server gives no fresh turn limit (docs/online-protocol.md, Seats)."""

from __future__ import annotations

import sqlite3
import sys
import time
import types
from pathlib import Path

from net_helpers import Raw, running_server
from test_net_app import online_app, until

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from helpers import settle  # noqa: E402

from scopa_tui.net import table as tables  # noqa: E402
from scopa_tui.net.table import RESTART_GRACE  # noqa: E402
from scopa_tui.net.tablestore import ONLINE_FILE  # noqa: E402
from scopa_tui.ui.screens.game import GameScreen  # noqa: E402

LIMIT = 600  # the turn limit of these tables: nothing here waits for it


async def _pair(url):
    """Anna's and Bruno's raw sockets at a started 2-player table; the table's code and tokens."""
    anna = await Raw.open(url, "Anna")
    await anna.send({"type": "create", "players": 2, "turn_limit": LIMIT})
    joined = await anna.expect("joined")
    bruno = await Raw.open(url, "Bruno")
    await bruno.send({"type": "join", "code": joined["code"]})
    tokens = [joined["token"], (await bruno.expect("joined"))["token"]]
    for raw in (anna, bruno):  # the first turn, told to both
        await raw.expect("turn")
    return [anna, bruno], joined["code"], tokens


async def test_a_resume_keeps_what_was_left_of_the_turn():
    # Dropping and resuming gave the turn a fresh limit: a player could hold a table for ever.
    async with running_server(None) as (server, url):
        raws, code, tokens = await _pair(url)
        table = server.tables[code]
        seat = table.game.turn
        table.clock -= 500  # 500 s of the turn gone
        await raws[seat].close()
        back = await Raw.open(url, "Anna" if seat == 0 else "Bruno")
        await back.send({"type": "resume", "code": code, "token": tokens[seat]})
        await back.expect("joined")
        assert (await back.expect("state"))["deadline"] <= LIMIT - 500
        turn = await back.expect("turn")
        assert turn["seat"] == seat and turn["view"] and turn["deadline"] <= LIMIT - 500
        assert table.seconds_left() <= LIMIT - 500
        await back.close()
        await raws[1 - seat].close()


async def test_coming_back_from_away_keeps_the_turns_deadline():
    async with running_server(None) as (server, url):
        raws, code, _tokens = await _pair(url)
        table = server.tables[code]
        seat = table.game.turn
        table.clock -= 500
        table.seats[seat].away = True  # (as the turn limit makes it; the AI is about to play)
        await raws[seat].send({"type": "ping"})
        turn = await raws[seat].expect("turn")
        assert not table.seats[seat].away and turn["deadline"] <= LIMIT - 500
        for raw in raws:
            await raw.close()


async def test_coming_back_on_a_turn_whose_time_ran_out_buys_no_time():
    async with running_server(None) as (server, url):
        raws, code, _tokens = await _pair(url)
        table = server.tables[code]
        seat = table.game.turn
        table.clock -= LIMIT  # the turn's time is out: the seat is away, the AI about to play
        table.seats[seat].away = True
        await raws[seat].send({"type": "ping"})
        assert (await raws[seat].expect("turn"))["deadline"] == 0.0
        news = await raws[seat].expect("seat")
        assert (news["seat"], news["status"]) == (seat, "away")  # the AI plays the turn after all
        for raw in raws:
            await raw.close()


async def test_a_restart_keeps_the_turns_deadline(tmp_path, monkeypatch):
    # The table's file kept no clock: a restart gave the turn in progress its whole limit again.
    earlier = types.SimpleNamespace(time=lambda: time.time() - 500)
    monkeypatch.setattr(tables, "time", earlier)  # the table believes its turns began 500 s ago
    async with running_server(tmp_path) as (server, url):
        raws, code, _tokens = await _pair(url)
        table = server.tables[code]
        seat = table.game.turn
        move = table.game.view(seat).legal[0]
        await raws[seat].send({"type": "play", **move.to_json()})  # the next turn's start is kept
        await raws[1 - seat].expect("turn")
        for raw in raws:
            await raw.close()
    monkeypatch.undo()
    async with running_server(tmp_path) as (server, url):
        table = server.tables[code]
        assert table.game.turn == 1 - seat
        assert table.seconds_left() <= LIMIT - 500


async def test_a_turn_whose_time_ran_out_while_the_server_was_down_has_a_short_grace(tmp_path):
    async with running_server(tmp_path) as (server, url):
        raws, code, _tokens = await _pair(url)
        for raw in raws:
            await raw.close()
    con = sqlite3.connect(tmp_path / ONLINE_FILE)
    with con:
        con.execute("UPDATE tables SET turn_began = ?", (time.time() - 2 * LIMIT,))  # down twice the limit
    con.close()
    async with running_server(tmp_path) as (server, url):
        table = server.tables[code]
        assert 0 < table.seconds_left() <= RESTART_GRACE  # neither forfeit at once nor a whole limit
        assert not any(s.away for s in table.seats)


async def test_a_table_kept_by_an_older_version_gives_the_turn_its_whole_limit(tmp_path):
    async with running_server(tmp_path) as (server, url):
        raws, code, _tokens = await _pair(url)
        for raw in raws:
            await raw.close()
    con = sqlite3.connect(tmp_path / ONLINE_FILE)
    with con:
        con.execute("UPDATE tables SET turn_began = NULL")  # nothing known of the turn's start
    con.close()
    async with running_server(tmp_path) as (server, url):
        assert server.tables[code].seconds_left() > LIMIT - RESTART_GRACE


async def test_the_app_shows_what_is_left_of_the_turn_after_a_reconnection(tmp_path):
    async with running_server(tmp_path) as (server, url):
        bruno = await Raw.open(url, "Bruno")
        await bruno.send({"type": "create", "players": 2, "turn_limit": LIMIT, "public": False})
        code = (await bruno.expect("joined"))["code"]
        app = online_app(url, join=code)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.phase == "play",
                        "the game")
            table, screen = server.tables[code], app.screen
            if table.game.turn == 0:  # Bruno's (he created the table): he plays, and the turn is Anna's
                await bruno.send({"type": "play", **table.game.view(0).legal[0].to_json()})
                await until(pilot, lambda: screen._my_turn(), "Anna's turn")
            table.clock -= 500
            statuses = []
            screen.table.subscribe(lambda item: statuses.append(screen.table.status))
            screen.table.client._ws.transport.abort()  # the network drops the connection
            await until(pilot, lambda: "reconnecting…" in statuses, "the status")
            await until(pilot, lambda: screen.table.connection == "connected" and statuses[-1] == "",
                        "the return")
            await settle(pilot, 5)
            assert screen.table.seconds_left() <= LIMIT - 500
            shown = str(screen.query_one("#topbar").content)
            assert int(shown.rstrip().removesuffix(" s").split("· ")[-1]) <= LIMIT - 500, shown
        await bruno.close()
