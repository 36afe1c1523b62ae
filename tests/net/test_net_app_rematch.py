"""Playing again at an online table in the app: the game-over screen says who wants a
rematch and Enter asks for one; once everyone says yes the next game is played on the same
game screen, and each game goes into the history; a person who leaves instead frees the
seat and the table waits for a player; the AI's plays for a person away are logged as the
AI's."""

from __future__ import annotations

import asyncio
import contextlib
import sys
from pathlib import Path

import pytest

from net_helpers import bot_table, running_server
from test_net_app import online_app, play_to_the_end, until

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from helpers import game_screen, settle  # noqa: E402

import scopa_tui.net.server as server_module  # noqa: E402
from scopa_tui.net.client import NetClient  # noqa: E402
from scopa_tui.store import Store  # noqa: E402
from scopa_tui.ui.screens.game import GameScreen  # noqa: E402
from scopa_tui.ui.screens.scoring import GameOverScreen  # noqa: E402


async def bruno_plays(bruno: NetClient, at_end) -> None:
    """Bruno answers each turn with the first legal move and each scoring with ready; at each
    game's end ``at_end(bruno)`` (it returns False to stop)."""
    async for msg in bruno:
        if msg["type"] == "turn" and msg.get("view"):
            move = msg["view"]["legal"][0]
            await bruno.play(move["card"], move["capture"])
        elif msg["type"] == "table" and msg["table"]["phase"] == "hand_over":
            await bruno.ready(msg["table"]["hand"])
        elif msg["type"] == "event" and msg["event"]["event"] == "game_end":
            if not await at_end(bruno):
                return


@contextlib.asynccontextmanager
async def a_game_over(url: str, at_end, data: str | None = None):
    """Bruno creates a private 2-player table to 1 point and plays it (``at_end`` at each
    game's end: :func:`bruno_plays`); Anna joins it in the app and plays to the game-over
    screen.  Yields ``(pilot, game screen, table code)``."""
    bruno = NetClient(url, "Bruno")
    await bruno.connect()
    code = (await bruno.create(players=2, target=1, ai="easy", public=False))["code"]
    task = asyncio.create_task(bruno_plays(bruno, at_end))
    app = online_app(url, join=code)
    if data is not None:
        app.init_store(data)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
            screen = game_screen(app)
            await play_to_the_end(pilot)
            yield pilot, screen, code
    finally:
        task.cancel()
        await bruno.close()


async def keep_pinging(client: NetClient) -> None:
    """A seat that stays at a finished table, never idle (the server lets an idle one go)."""
    while True:
        await client.send({"type": "ping"})
        await asyncio.sleep(0.2)


def log_texts(screen: GameScreen) -> list[str]:
    return [text for text, _kind, _again in screen.log_entries]


async def test_both_say_yes_and_the_next_game_is_played_on_the_same_screen_and_filed(tmp_path):
    data = str(tmp_path / "app")

    async def again(client: NetClient) -> bool:  # Bruno asks for a rematch after the first game
        if client.table["game"] == 1:
            await client.rematch(1)
            return True
        return False

    async with running_server(tmp_path / "server") as (server, url):
        async with a_game_over(url, again, data) as (pilot, screen, code):
            app, table = pilot.app, screen.table
            over = app.screen
            # Bruno asked first: the game-over screen says so, and the log.
            await until(pilot, lambda: "Bruno wants to play again at this table" in str(
                over.query_one("#rematch").content), "Bruno's rematch on the game-over screen")
            assert "Bruno wants to play again" in log_texts(screen)
            assert [b.id for b in over.query("#over-buttons Button")] == ["again", "lobby", "quit"]
            first_dealer = table.dealer
            await pilot.press("enter")  # Play again: Anna says yes too
            await until(pilot, lambda: table.game_number == 2 and table.phase == "play", "game 2")
            await settle(pilot)
            assert app.screen is screen and screen.table is table  # the same screen and table
            texts = log_texts(screen)
            assert texts[0] == "Game 2 at this table: everyone said yes"
            assert texts[1].startswith("— Hand 1:") and not any("won the game" in t for t in texts)
            assert table.hand_no == 1 and table.totals == [0, 0] and len(table.view().hand) == 3
            assert table.dealer == (first_dealer + 1) % 2  # the deal goes on round the table
            # the seat is kept again in the settings (a quit now keeps it for --join CODE)
            assert app.store.settings.online_seats.get(f"{url} {code}") == table.client.token
            await play_to_the_end(pilot)  # game 2, to its end: no rematch this time
            assert isinstance(app.screen, GameOverScreen)
            app.store.background.wait(5)
    store = Store(data)
    entries = store.history()
    assert len(entries) == 2 and all(e.names == ["Bruno", "Anna"] for e in entries)
    assert len({e.id for e in entries}) == 2
    assert store.stats().games == 2


async def test_a_rematch_asked_waits_for_the_other_and_a_leaver_frees_the_seat(tmp_path):
    leave = asyncio.Event()

    async def wait_then_leave(client: NetClient) -> bool:
        await leave.wait()
        await client.leave()
        return False

    async with running_server(tmp_path / "server") as (server, url):
        async with a_game_over(url, wait_then_leave) as (pilot, screen, code):
            app, table = pilot.app, screen.table
            await settle(pilot)
            assert "another game at this table" in str(app.screen.query_one("#rematch").content)
            await pilot.press("enter")  # Anna asks first
            await until(pilot, lambda: "Waiting for Bruno to play again" in str(screen.message), "the wait")
            assert app.screen is screen and table.phase == "game_over"
            assert server.tables[code].rematch == {table.my_seat}
            leave.set()  # Bruno goes instead: his seat is freed, the table waits for a player
            await until(pilot, lambda: table.phase == "waiting", "the table waiting again")
            await settle(pilot)
            texts = log_texts(screen)
            assert texts[0] == "Game 2 at this table: Bruno's seat is free, the table waits for a player"
            assert "waiting for players (1 of 2 seats taken)" in str(screen.message)
            assert "Enter starts now" in str(screen.message)  # Anna creates it now
            assert screen.active_bindings["enter"].binding.action == "start_table"  # the footer says ⏎ start
            await pilot.press("enter")  # start it: the AI takes Bruno's seat
            await until(pilot, lambda: table.phase == "play" and table.game_number == 2, "game 2")
            assert table.seats[0].kind == "ai"
            # the log says so, once (it said nothing: an AI played where Bruno had sat)
            line = f"{table.seats[0].name} takes the free seat: the AI plays it"
            await until(pilot, lambda: line in log_texts(screen), "the AI's seat in the log")
            await settle(pilot)
            assert log_texts(screen).count(line) == 1
            app.set_language("fr")  # said again in the language in use
            await settle(pilot)
            assert f"{table.seats[0].name} prend la place libre\u00a0: l'IA la joue" in log_texts(screen)


async def test_the_result_comes_back_with_enter_and_the_lobby_button_leaves_the_table(tmp_path):
    async def stay(client: NetClient) -> bool:  # Bruno says nothing after the game
        return True

    async with running_server(tmp_path / "server") as (server, url):
        async with a_game_over(url, stay) as (pilot, screen, code):
            app = pilot.app
            await pilot.press("enter")  # asks for a rematch; Bruno says nothing
            await until(pilot, lambda: app.screen is screen and screen.table.asked_rematch(), "the wait")
            await settle(pilot)
            assert screen.active_bindings["enter"].binding.action == "result"  # the footer says what Enter does
            await pilot.press("enter")  # the result again
            await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the result")
            await settle(pilot)
            assert str(app.screen.query_one("#rematch").content) == "You asked to play again: waiting for Bruno."
            await pilot.press("l")  # to the lobby: the table is left
            from scopa_tui.ui.screens.lobby import LobbyScreen

            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await until(pilot, lambda: all(s.link is None for s in server.tables[code].seats
                                           if s.name == "Anna"), "Anna gone from the table")


async def test_the_result_shown_again_goes_when_the_next_game_begins(tmp_path):
    yes = asyncio.Event()

    async def later(client: NetClient) -> bool:  # Bruno says yes when the test says so
        if client.table["game"] == 1:
            await yes.wait()
            await client.rematch(1)
            return True
        return False

    async with running_server(tmp_path / "server") as (server, url):
        async with a_game_over(url, later) as (pilot, screen, code):
            app = pilot.app
            await pilot.press("enter")  # Anna asks
            await until(pilot, lambda: app.screen is screen and screen.table.asked_rematch(), "the wait")
            await pilot.press("enter")  # and looks at the result again
            await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the result")
            yes.set()
            await until(pilot, lambda: screen.table.game_number == 2 and app.screen is screen, "game 2, shown")
            await settle(pilot)
            assert not any(isinstance(s, GameOverScreen) for s in app.screen_stack)
            assert log_texts(screen)[0] == "Game 2 at this table: everyone said yes"


async def test_the_ai_plays_for_a_person_away_are_logged_as_the_ais(tmp_path):
    async with running_server(tmp_path / "server") as (server, url):
        task, code = await bot_table(url, public=False, turn_limit=1)
        app = online_app(url, join=code)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
            screen = game_screen(app)
            # Anna does nothing: her turn runs out and the AI plays for her.
            await until(pilot, lambda: any(t.startswith("The AI played") for t in log_texts(screen)),
                        "the AI's play for Anna")
            ai_lines = [t for t in log_texts(screen) if t.startswith("The AI played")]
            assert all(" for you " in t for t in ai_lines) and not any(t.startswith("You played")
                                                                       for t in log_texts(screen))
            app.set_language("it")  # the line says itself again in another language
            await settle(pilot)
            said = [t for t in log_texts(screen) if t.startswith("L'IA ha ")]
            assert len(said) >= len(ai_lines) and all(" per te" in t for t in said), log_texts(screen)
            assert not any(t.startswith(("Hai giocato", "Hai calato")) for t in log_texts(screen))
            assert "Non ci sei: gioca l'IA per te finché non premi un tasto" in log_texts(screen)  # not "Anna non c'è"
        task.cancel()


async def test_at_80x24_a_long_game_and_a_long_rematch_line_leave_the_buttons_in_view():
    # The line about a rematch (two lines with long names) pushed the buttons off the screen.
    from textual.widgets import Button

    from scopa_tui.engine import Game, make_rules
    from scopa_tui.ui.app import ScopaApp

    game = Game(make_rules("standard", players=2, target=31), seed=3)
    game.start()
    while not game.is_over:
        game.next_hand() if game.phase == "hand_over" else game.play(game.legal_moves()[0])
    assert len(game.hand_scores) > 10  # more rows than the hands' table shows
    app = ScopaApp(ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        note = "Bernardino Ludovico, Carlotta Valentina, Massimiliano want to play again at this table."
        app.push_screen(GameOverScreen(list(game.hand_scores), ["Anna", "Bruno"], game.winner, False, 31,
                                       rematch=lambda: note))
        await settle(pilot)
        over = app.screen
        assert over.query_one("#rematch").region.height == 2  # the line wraps
        buttons = list(over.query("#over-buttons Button").results(Button))
        assert [b.id for b in buttons] == ["again", "lobby", "quit"]
        inside = over.query_one("#game-over").content_region  # within the panel's border, not cut by it
        assert all(b.region.height == 1 and inside.contains_region(b.region) for b in buttons), inside


async def test_the_buttons_stay_put_as_the_rematch_line_gets_shorter():
    # "waiting for Bernardino Ludovico, Carlotta Valentina" took two lines, then one once
    # Bernardino said yes: the buttons under it went up a row.
    from scopa_tui.engine import Game, make_rules
    from scopa_tui.ui.app import ScopaApp

    game = Game(make_rules("standard", players=3, target=1), seed=3)
    game.start()
    while not game.is_over:
        game.next_hand() if game.phase == "hand_over" else game.play(game.legal_moves()[0])
    names = ["Bernardino Ludovico Maria", "Carlotta Valentina Serena"]
    waiting = list(names)

    def note() -> str:
        return "You asked to play again: waiting for " + ", ".join(waiting) + "."

    app = ScopaApp(ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameOverScreen(list(game.hand_scores), ["Anna", *names], game.winner, False, 1,
                                       rematch=note, rematch_forms=lambda: [note()]))
        await settle(pilot)
        over = app.screen
        line, again = over.query_one("#rematch"), over.query_one("#again")
        assert line.region.height == 2  # the line wraps
        where = again.region
        waiting.pop(0)  # Bernardino says yes: the line fits on one row now
        over.show_rematch()
        await settle(pilot)
        assert str(line.content) == "You asked to play again: waiting for Carlotta Valentina Serena."
        assert line.region.height == 2 and again.region == where  # the buttons have not moved
        waiting.clear()
        waiting.append("Carlotta Valentina Serena, Bernardino Ludovico Maria, Zeno, Ottavio Lorenzo, Ugo, Massimiliano Tommaso, Federica")  # new
        over.show_rematch()
        await settle(pilot)
        assert line.region.height == 3  # a longer line still gets its rows


async def test_the_rematch_line_keeps_room_for_what_it_can_come_to_say(tmp_path):
    # Before anyone answers, the game-over screen keeps the rows of the longest line the
    # table can show ("You asked to play again: waiting for" every other person).
    async def stay(client: NetClient) -> bool:
        return True

    async with running_server(tmp_path / "server") as (server, url):
        async with a_game_over(url, stay) as (pilot, screen, code):
            forms = screen.rematch_forms()
            assert forms == ["Play again: another game at this table, once everyone at it says yes.",
                             "You asked to play again: waiting for Bruno.",
                             "Bruno wants to play again at this table."]
            await settle(pilot)
            line = pilot.app.screen.query_one("#rematch")
            assert str(line.content) == forms[0] and line.forms() == forms  # the screen is given them


async def test_a_game_over_seen_again_from_a_new_app_is_filed_once(tmp_path):
    # Fred's app was killed at the game-over screen and started again: Join took the seat
    # back, the result came again, and the game went into his history a second time (its id
    # held the moment it was filed): his statistics counted two games.
    data = str(tmp_path / "app")

    async def stay(client: NetClient) -> bool:
        return True

    async with running_server(tmp_path / "server") as (server, url):
        async with a_game_over(url, stay, data) as (pilot, screen, code):
            await until(pilot, lambda: len(Store(data).history()) == 1, "the game filed")
            await settle(pilot)
            await pilot.press("enter")  # play again: the seat is kept for it
            await until(pilot, lambda: server.tables[code].rematch == {screen.table.my_seat}, "the rematch asked")
            await asyncio.sleep(1.1)  # a second later: another id, were it made of the time
        app = online_app(url, join=code)
        app.init_store(data)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the result again")
            await settle(pilot)
            await asyncio.sleep(0.5)
            await settle(pilot)
        store = Store(data)
        assert len(store.history()) == 1 and store.stats().games == 1


@pytest.mark.parametrize("bruno_asks", [False, True])
async def test_play_again_after_the_server_let_an_idle_seat_go(tmp_path, bruno_asks):
    # Anna read the result for more than two minutes: the server closed her connection (a
    # seat idle at a finished table), and *Play again* then said "not connected to the
    # server: nobody was asked to play again", with nothing left to do but go. The seat is
    # still hers until the others have all said yes: Play again takes it back and asks.
    # Where Bruno had said yes already, the table went on without her seat: the line says so.
    pings = []

    async def stay(client: NetClient) -> bool:  # Bruno stays, thinking it over, or says yes
        if bruno_asks:
            await client.rematch(client.table["game"])
        pings.append(asyncio.create_task(keep_pinging(client)))
        return True

    async with running_server(tmp_path / "server", idle_timeout=1.0) as (server, url):
        async with a_game_over(url, stay) as (pilot, screen, code):
            table = screen.table
            await until(pilot, lambda: table.connection == "disconnected", "the idle seat let go", timeout=10)
            if bruno_asks:
                await until(pilot, lambda: server.tables[code].phase == "waiting", "the table gone on")
            await settle(pilot)
            await pilot.press("enter")  # play again
            if bruno_asks:
                await until(pilot, lambda: "Too late to play again here" in str(screen.message), "the line")
                assert not table.asked_rematch()
            else:
                await until(pilot, lambda: server.tables[code].rematch == {table.my_seat}, "the rematch asked")
                await until(pilot, lambda: table.connection != "disconnected" and table.asked_rematch(),
                            "the seat back and the rematch asked, on the screen's side")
                assert "Waiting for Bruno to play again" in str(screen.message)
    for task in pings:
        task.cancel()


async def test_play_again_after_the_table_closed_says_so(tmp_path, monkeypatch):
    # Anna read the result long enough for the server to forget the finished table (nobody
    # asked to play again): the line said the server let her seat go after two minutes and
    # the table went on without it, when the table had closed. It says the table closed.
    monkeypatch.setattr(server_module, "FINISHED_KEEP", 1.5)
    pings = []

    async def stay(client: NetClient) -> bool:  # Bruno stays, and never says yes
        pings.append(asyncio.create_task(keep_pinging(client)))
        return True

    async with running_server(tmp_path / "server", idle_timeout=1.0) as (server, url):
        async with a_game_over(url, stay) as (pilot, screen, code):
            table = screen.table
            await until(pilot, lambda: code not in server.tables, "the table forgotten", timeout=10)
            await until(pilot, lambda: table.connection == "disconnected", "the idle seat let go", timeout=10)
            await settle(pilot)
            await pilot.press("enter")  # play again
            await until(pilot, lambda: "the table has closed" in str(screen.message), "the line")
            assert "two minutes" not in str(screen.message) and not table.asked_rematch()
    for task in pings:
        task.cancel()
