"""Leaving an online game in the app: a table waiting has no dealer yet; the quit question
says the seat stays on the server, quitting sends nothing and ``--join CODE`` takes the
seat back; "Leave the table for good" gives it to the AI; a finished online game goes
into the local history and statistics."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from net_helpers import first_line, headless, running_server
from test_net_app import created_in_lobby, online_app, play_to_the_end, until

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from helpers import game_screen, settle  # noqa: E402

from scopa_tui.engine import record as records  # noqa: E402
from scopa_tui.store import Store  # noqa: E402
from scopa_tui.ui.screens.dialogs import OnlineQuitScreen  # noqa: E402
from scopa_tui.ui.screens.game import GameScreen  # noqa: E402
from scopa_tui.ui.screens.lobby import LobbyScreen  # noqa: E402


async def test_a_waiting_table_has_no_dealer_and_quit_keeps_the_seat_for_join(tmp_path):
    data = str(tmp_path / "app")
    async with running_server(tmp_path / "server") as (server, url):
        app = online_app(url)
        app.init_store(data)  # settings kept: the seat's token is remembered there
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await created_in_lobby(pilot)
            await settle(pilot)
            assert "deal" not in screen.query_one("#hand").border_title  # nobody deals before the first deal
            assert "dealer" not in str(screen.query_one("#topbar").content)
            await pilot.press("enter")  # start: the AI takes the other seat
            await until(pilot, lambda: screen.table.phase == "play", "the start")
            code, seat = screen.table.code, screen.table.my_seat
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, OnlineQuitScreen), "the quit question")
            question = str(app.screen.query_one("#question").content)
            assert "saved" not in question and "kept on the server" in question
            assert f"--join {code}" in question
            await pilot.press("y")
            await settle(pilot)
        assert not app.is_running
        await asyncio.sleep(0.3)
        kept = server.tables[code].seats[seat]
        assert kept.kind == "person" and kept.token  # nothing given up: no leave was sent
        again = online_app(url, join=code)
        again.init_store(data)
        async with again.run_test(size=(100, 30)) as pilot:  # scopa-tui online --join CODE
            await until(pilot, lambda: isinstance(again.screen, GameScreen), "the same table")
            table = again.screen.table
            assert (table.code, table.my_seat) == (code, seat)  # the seat taken back, not a new one
            await until(pilot, lambda: table.phase in ("play", "hand_over"), "the game again")
            await pilot.press("q")
            await until(pilot, lambda: isinstance(again.screen, OnlineQuitScreen), "the quit question")
            await pilot.press("l")  # leave the table for good
            await until(pilot, lambda: not again.is_running, "the app to end")
        await until_true(lambda: server.tables[code].seats[seat].kind == "ai", "the AI to take the seat")
        assert Store(data).settings.online_seats == {}  # nothing left to come back to


async def test_the_lobby_offers_back_a_seat_kept_after_the_app_ended_mid_game(tmp_path):
    """A player whose app ended mid-game (a quit, a crash, a closed terminal) opens the lobby
    again without the code: the seat kept in the settings is offered, and Join takes it back,
    from the keys too: Enter did nothing (the list it went to was empty) or joined another table."""
    data = str(tmp_path / "app")
    async with running_server(tmp_path / "server") as (server, url):
        app = online_app(url)
        app.init_store(data)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await created_in_lobby(pilot)
            await pilot.press("enter")  # start: the AI takes the other seat
            await until(pilot, lambda: screen.table.phase == "play", "the start")
            code, seat = screen.table.code, screen.table.my_seat
            await pilot.press("q", "y")
            await until(pilot, lambda: not app.is_running, "the app to end")
        again = online_app(url)  # scopa-tui online, no --join: the code is not at hand
        again.init_store(data)
        async with again.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(again.screen, LobbyScreen)
                        and code in str(again.screen.query_one("#lobby-error").content), "the kept seat offered")
            assert again.screen.query_one("#code").value == code
            assert again.screen.focused.id == "join"
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(again.screen, GameScreen), "the same table")
            table = again.screen.table
            assert (table.code, table.my_seat) == (code, seat)  # the seat taken back, not a new one
            await pilot.press("q", "y")
            await settle(pilot)


async def until_true(check, what: str, timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not check():
        assert loop.time() < end, f"timed out waiting for {what}"
        await asyncio.sleep(0.02)


async def test_a_finished_online_game_goes_into_the_history_and_statistics(tmp_path):
    data = str(tmp_path / "app")
    async with running_server(tmp_path / "server") as (server, url):
        bot = headless(url, "Bruno", "easy")
        task = asyncio.create_task(bot.run(create={"players": 2, "ai": "easy", "target": 1, "public": False,
                                                   "variant": "escoba"}))
        code = (await first_line(bot)).split()[1]
        app = online_app(url, join=code)
        app.init_store(data)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
            table = game_screen(app).table
            await play_to_the_end(pilot)  # the legal move the screen offers first, to the end
            app.store.background.wait(5)
        task.cancel()
    store = Store(data)
    (entry,) = store.history()
    assert entry.human_seat == 1 and entry.names == ["Bruno", "Anna"]
    assert entry.won == (table.winner == 1) and entry.totals == list(table.totals)
    (game,) = records.load(store.history_record(entry.id))  # every hand replays: the others' hands rebuilt
    assert game.totals == list(table.totals) and game.rules.variant == "escoba"
    assert store.stats().games == 1


async def test_an_online_game_is_filed_at_its_last_scoring_before_its_result_is_seen(tmp_path):
    """A window closed on the last hand's scoring (the result not asked for) loses no game:
    it is in the history once the game's end arrives, and the seat is no longer kept."""
    from scopa_tui.ui.screens.scoring import HandOverScreen

    data = str(tmp_path / "app")
    async with running_server(tmp_path / "server") as (server, url):
        bot = headless(url, "Bruno", "easy")
        task = asyncio.create_task(bot.run(create={"players": 2, "ai": "easy", "target": 1, "public": False}))
        code = (await first_line(bot)).split()[1]
        app = online_app(url, join=code)
        app.init_store(data)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
            screen = game_screen(app)
            table = screen.table
            while table.phase != "game_over":  # every scoring but the last one answered
                if isinstance(app.screen, HandOverScreen):
                    await pilot.press("enter")
                elif screen._my_turn():
                    table.play(table.view().legal[0])
                await pilot.pause(0.02)
            await until(pilot, lambda: isinstance(app.screen, HandOverScreen), "the last scoring")
            app.store.background.wait(5)
            assert app.kept_seat(url, code) is None
        task.cancel()  # the app closed on the last scoring
    (entry,) = Store(data).history()
    assert entry.human_seat == 1 and entry.totals == list(table.totals)
