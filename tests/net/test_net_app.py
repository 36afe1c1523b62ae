"""The app online: the lobby lists, creates and joins; a person plays a hand in the game
screen (RemoteTable) against a headless bot seat on a real server on a loopback port; a
dropped connection shows on the screen and recovers."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from net_helpers import TIMEOUT, bot_table, running_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from helpers import game_screen, play_by_keys, settle, wait_for_my_turn  # noqa: E402

from scopa_tui.net.remote import RemoteTable  # noqa: E402
from scopa_tui.ui.app import ScopaApp  # noqa: E402
from scopa_tui.ui.screens.game import GameScreen  # noqa: E402
from scopa_tui.ui.screens.lobby import LobbyScreen  # noqa: E402
from scopa_tui.ui.screens.scoring import HandOverScreen  # noqa: E402
from scopa_tui.ui.widgets.cards import TableView  # noqa: E402


def online_app(url: str, name: str = "Anna", **more) -> ScopaApp:
    app = ScopaApp(online={"server": url, "name": name, **more}, ai_delay=0)
    app.hint_options = {"iters": 150, "seed": 1}
    return app


def footer_actions(screen) -> set[str]:
    """The actions of the keys the screen's footer shows (dimmed ones too)."""
    from textual.widgets._footer import FooterKey

    return {key.action for key in screen.query(FooterKey)}


async def until(pilot, check, what: str, timeout: float = TIMEOUT):
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not check():
        assert loop.time() < end, f"timed out waiting for {what} (screen {pilot.app.screen})"
        await pilot.pause(0.02)


async def play_to_the_end(pilot) -> None:
    """The player plays the first legal move at each turn and goes on after each scoring,
    until the game-over screen."""
    from scopa_tui.ui.screens.scoring import GameOverScreen

    app = pilot.app
    screen = game_screen(app)
    loop = asyncio.get_running_loop()
    end = loop.time() + 2 * TIMEOUT
    while not isinstance(app.screen, GameOverScreen):
        assert loop.time() < end, f"the game did not end (screen {app.screen})"
        if isinstance(app.screen, HandOverScreen):
            await pilot.press("enter")
        elif screen._my_turn():
            screen.table.play(screen.table.view().legal[0])
        await pilot.pause(0.02)


async def created_in_lobby(pilot) -> GameScreen:
    """Create a table with the lobby's form as it stands; the game screen of the waiting table."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
    await settle(pilot)
    await pilot.click("#create")
    await until(pilot, lambda: isinstance(app.screen, GameScreen), "the waiting table")
    return app.screen


async def test_the_lobby_lists_a_table_and_a_person_plays_a_hand_against_a_bot_seat(tmp_path):
    async with running_server(tmp_path) as (server, url):
        task, code = await bot_table(url)
        app = online_app(url)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.codes, "the lobby")
            assert app.screen.codes == [code]
            await pilot.press("enter")  # the list has the keys from the start: Enter joins the table chosen
            await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.phase == "play",
                        "the game")
            screen = game_screen(app)
            table = screen.table
            assert isinstance(table, RemoteTable) and table.my_seat == 1
            assert screen.query_one("#seat-0").info.name == "Bruno"  # the other player, by name, at the top
            while not isinstance(app.screen, HandOverScreen):
                await until(pilot, lambda: screen._my_turn() or isinstance(app.screen, HandOverScreen), "a turn")
                if isinstance(app.screen, HandOverScreen):
                    break
                assert await wait_for_my_turn(pilot)
                before = len(table.events)
                await play_by_keys(pilot, table.view().legal[-1])
                await until(pilot, lambda: len(table.events) > before, "the play to come back")
            score = table.hand_scores[0]
            assert list(score.totals) == table.totals and sum(s.cards for s in score.sides) == 40
            mine = [e for e in table.events if getattr(e, "seat", None) == 1]
            assert len(mine) == 18  # every card of the hand went through the server
            await pilot.press("enter")  # ready for the next hand
            await until(pilot, lambda: table.hand_no == 2 and table.phase == "play", "hand 2")
            await pilot.press("q")
            await settle(pilot)
        task.cancel()


async def test_a_table_created_in_the_lobby_starts_with_the_ai_and_shows_the_timer(tmp_path):
    async with running_server(tmp_path) as (server, url):
        app = online_app(url)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await settle(pilot)
            app.screen.query_one("#turn-limit").value = 30
            await pilot.click("#create")
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the waiting table")
            screen = app.screen
            await until(pilot, lambda: "waiting for players (1 of 2" in str(screen.message), "the waiting line")
            table_view = screen.query_one(TableView)
            assert table_view.border_title == "Table"  # nothing dealt yet: not "stock empty"
            # the footer says Enter starts it, and no key of a card, before any card is dealt
            await until(pilot, lambda: "start_table" in footer_actions(screen), "⏎ start in the footer")
            assert not footer_actions(screen) & {"select_step(-1)", "cycle", "play", "clear", "hint"}
            await pilot.press("enter")  # start now: the AI takes the empty seat
            await until(pilot, lambda: screen.table.phase == "play", "the start")
            await settle(pilot)
            assert "play" in footer_actions(screen) and "start_table" not in footer_actions(screen)
            assert table_view.border_title.startswith("Table · stock ")
            assert screen.table.seats[1].kind == "ai" and screen.table.seat_label(1).startswith("AI")
            await until(pilot, lambda: screen._my_turn() or screen.table.turn == 1, "a turn")
            await pilot.pause(0.1)
            top = str(screen.query_one("#topbar").content)
            assert top.rstrip().endswith(" s") and "connected" not in top  # "Your turn · 30 s": connected is no news
            assert 0 < screen.table.seconds_left() <= 30


async def test_the_app_opened_with_a_table_to_create_seats_the_player_at_it(tmp_path):
    """``scopa-tui online --create --players 3 --target 2`` (no --bot): the app creates that
    table at once and waits at it, without the lobby's form."""
    async with running_server(tmp_path) as (server, url):
        app = online_app(url, create={"players": 3, "preset": "standard", "variant": "scopa", "options": [],
                                      "ai": "easy", "turn_limit": 30, "public": True, "target": 2,
                                      "title": "Sera"})
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the waiting table")
            screen = app.screen
            await until(pilot, lambda: "waiting for players (1 of 3" in str(screen.message), "the waiting line")
            rules = screen.table.rules
            assert rules.players == 3 and rules.target == 2
            await pilot.press("q")
            await settle(pilot)


async def test_a_player_who_did_not_create_the_table_is_told_who_starts_it_and_enter_sends_nothing(tmp_path):
    # Bruno, who joined Anna's table, read "Enter starts now" and Enter got the server's
    # refusal ("only the player who created the table can start it").
    from net_helpers import Raw

    async with running_server(tmp_path) as (server, url):
        anna = await Raw.open(url, "Anna")
        await anna.send({"type": "create", "players": 3})
        code = (await anna.expect("joined"))["code"]
        app = online_app(url, name="Bruno", join=code)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the waiting table")
            screen = app.screen
            await until(pilot, lambda: "(2 of 3" in str(screen.message), "the waiting line")
            line = str(screen.message)
            assert "or when Anna starts it" in line and "Enter" not in line
            assert not footer_actions(screen) & {"start_table", "play"}  # Enter is not Bruno's to press
            await pilot.press("enter")
            await pilot.pause(0.3)
            assert str(screen.message) == line  # no refusal from the server: nothing was sent
            assert server.tables[code].game is None
            await anna.send({"type": "start"})  # the creator starts it
            await until(pilot, lambda: screen.table.phase == "play", "the start")
            await pilot.press("q")
            await settle(pilot)
        await anna.close()


async def test_a_table_waiting_for_players_says_in_its_log_how_friends_join_and_who_starts_it(tmp_path):
    # The log on the right was empty while a table waited for players. It gives the code and
    # where it is typed, whether the lobby lists the table, and who starts it (the creator's
    # Enter, the AI in the empty seats, as the app does); the game's own lines replace them.
    from net_helpers import Raw

    def said(screen) -> list[str]:
        return [text for text, _kind, _again in screen.log_entries]

    async with running_server(tmp_path) as (server, url):
        carla = await Raw.open(url, "Carla")
        await carla.send({"type": "create", "players": 3})  # public
        code = (await carla.expect("joined"))["code"]
        app = online_app(url, name="Bruno", join=code)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen) and len(said(app.screen)) == 3, "the log")
            assert said(app.screen)[:2] == [
                "Carla may start the game, the AI taking the empty seats; it starts by itself once every seat "
                "is taken.",
                "The lobby lists this table among its open tables, where Enter joins it."]
            await pilot.press("q")
            await settle(pilot)
        await carla.close()

        app = online_app(url, create={"players": 3, "ai": "easy", "turn_limit": 30, "public": False})
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen) and len(said(app.screen)) == 3, "the log")
            screen = app.screen
            code = screen.table.code
            assert said(screen) == [
                "Enter starts the game now, the AI taking the empty seats; it starts by itself once every "
                "seat is taken.",
                "This table is private: the lobby does not list it, so its code is the only way in.",
                f"Friends join this table with its code, {code}: in the lobby of {url} (Code, then Join), "
                f"or with scopa-tui online --server {url} --join {code}"]
            await pilot.press("enter")  # started: the game's lines take the log
            await until(pilot, lambda: screen.table.phase == "play", "the start")
            await settle(pilot)
            assert not any(code in text for text in said(screen))
            await pilot.press("q")
            await settle(pilot)


async def test_a_dropped_connection_shows_reconnecting_and_the_game_goes_on(tmp_path):
    async with running_server(tmp_path) as (server, url):
        task, code = await bot_table(url, public=False)
        app = online_app(url, join=code)  # scopa-tui online --join CODE: seated at once
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.phase == "play",
                        "the game")
            screen = app.screen
            table = screen.table
            statuses = []
            table.subscribe(lambda item: statuses.append(table.status))
            table.client._ws.transport.abort()  # the network drops the connection
            await until(pilot, lambda: "reconnecting…" in statuses, "the status")
            await until(pilot, lambda: table.connection == "connected" and statuses[-1] == "", "the return")
            await settle(pilot)
            assert "reconnecting…" not in str(screen.query_one("#topbar").content)
            await until(pilot, lambda: screen._my_turn(), "my turn after the return")
            before = len(table.events)
            await play_by_keys(pilot, table.view().legal[0])
            await until(pilot, lambda: len(table.events) > before, "the play after the return")
        task.cancel()


async def test_ctrl_o_opens_the_lobby_and_a_server_out_of_reach_is_one_line():
    app = ScopaApp(ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+o")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        lobby = app.screen
        await until(pilot, lambda: str(lobby.query_one("#lobby-error").content) not in ("", "connecting…"),
                    "the first refresh (of the default address)")
        lobby.query_one("#server").value = "ws://127.0.0.1:9/"  # nothing listens there
        await pilot.press("f5")
        await until(pilot, lambda: "127.0.0.1:9" in str(lobby.query_one("#lobby-error").content), "the line")
        line = str(lobby.query_one("#lobby-error").content)
        assert line.startswith("✗ cannot reach ws://127.0.0.1:9/") and "\n" not in line
        lobby.query_one("#server").value = "ws://127.0.0.1:99999/"  # was "✗ Port out of range 0-65535"
        await pilot.press("f5")
        await until(pilot, lambda: "99999" in str(lobby.query_one("#lobby-error").content), "the address line")
        assert str(lobby.query_one("#lobby-error").content) == (
            "✗ 'ws://127.0.0.1:99999/' is not a server address such as ws://127.0.0.1:7654/")
        lobby.query_one("#server").value = "ws://127.0.0.1:9/ws://127.0.0.1:7654/"  # one pasted after another
        await pilot.press("f5")
        await until(pilot, lambda: "7654/'" in str(lobby.query_one("#lobby-error").content), "the second line")
        assert str(lobby.query_one("#lobby-error").content) == (
            "✗ 'ws://127.0.0.1:9/ws://127.0.0.1:7654/' is not a server address such as ws://127.0.0.1:7654/")
        lobby.query_one("#code").value = ""
        await pilot.click("#join")
        await until(pilot, lambda: "type the table's code" in str(lobby.query_one("#lobby-error").content),
                    "the code line")
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, LobbyScreen), "back to the new-game screen")


async def test_the_lobbys_house_rules_show_an_x_only_when_ticked():
    """Textual's Checkbox drew a dim X in every box, ticked or not: without colours every house
    rule looked ticked. An unticked box is empty, as on the new-game form."""
    app = online_app("ws://127.0.0.1:9/")
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        await settle(pilot)
        boxes = list(app.screen.query("#house-rules Checkbox"))
        assert {box.value for box in boxes} == {True, False}  # the engine's defaults: some of each
        for box in boxes:
            assert str(box.render()).startswith("▐X▌" if box.value else "▐ ▌"), (box.id, str(box.render()))
        box = next(b for b in boxes if not b.value)
        box.focus()
        await pilot.press("space")
        await settle(pilot)
        assert box.value and str(box.render()).startswith("▐X▌")


async def test_a_lobby_or_a_seat_that_does_not_add_up_is_one_line_in_the_lobby():
    # A server whose lobby is not a list of tables, or whose answer to join is no seat at a
    # table, crashed the app (exit 1 and a crash log).
    import json

    from websockets.asyncio.server import serve

    answers = {"lobby": {"type": "lobby", "tables": 5},
               "join": {"type": "joined", "code": "ABCDEFGH", "seat": 7, "token": "t",
                        "table": {"players": 2, "seats": [{}, {}]}}}

    async def broken(ws):
        async for frame in ws:
            kind = json.loads(frame)["type"]
            if kind == "hello":
                await ws.send(json.dumps({"type": "welcome", "protocol": "scopa-net/1", "server": "broken"}))
            elif kind in answers:
                await ws.send(json.dumps(answers[kind]))

    async with serve(broken, "127.0.0.1", 0) as server:
        app = online_app(f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}/")
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            lobby = app.screen
            said = lambda: str(lobby.query_one("#lobby-error").content)  # noqa: E731
            await until(pilot, lambda: "cannot use" in said(), "the lobby's line")
            assert said().startswith("✗ the server sent a message this game cannot use") and "\n" not in said()
            assert "not a list" in said()
            lobby.query_one("#code").value = "ABCDEFGH"
            await pilot.click("#join")
            await until(pilot, lambda: "seat 7" in said(), "the join's line")
            assert said().startswith("✗ the server sent a message this game cannot use") and "\n" not in said()
            assert app.is_running and isinstance(app.screen, LobbyScreen)


async def test_a_table_joined_logs_and_counts_each_play_once(tmp_path):
    # The table reads the server's messages ahead of the screen: the screen drew the game as
    # the table had it, then took the notices of the same deal and plays again (the hand's
    # header and the bot's play logged twice, its pile counted twice).
    async with running_server(tmp_path) as (server, url):
        task, code = await bot_table(url, public=False)
        app = online_app(url, join=code)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen._my_turn(), "my turn")
            await settle(pilot, 5)
            screen = app.screen
            texts = [text for text, _kind, _again in screen.log_entries]
            assert sum(text.startswith("— Hand 1") for text in texts) == 1, texts
            assert len([t for t in texts if "played" in t]) == len(screen.table.view().history), texts
            view = screen.table.view()
            assert screen.pic.pile == [len(p) for p in view.captured]
        task.cancel()


async def test_the_lobby_opens_on_the_server_and_name_it_last_connected_with(tmp_path):
    """A server typed into the lobby, once reached, is where the next lobby opens, in this
    run (back from a table) and in the next (the settings); a server out of reach is not kept."""
    async with running_server(None) as (_server, url):
        app = ScopaApp(ai_delay=0, data_dir=str(tmp_path))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("ctrl+o")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            lobby = app.screen
            assert lobby.query_one("#server").value != url
            lobby.query_one("#server").value = url
            lobby.query_one("#name").value = "Bea"
            await pilot.press("f5")
            await until(pilot, lambda: "open table" in str(lobby.query_one("#lobby-error").content), "the list")
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, LobbyScreen), "the new-game screen")
            await pilot.press("ctrl+o")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby again")
            assert (app.screen.query_one("#server").value, app.screen.query_one("#name").value) == (url, "Bea")
            app.screen.query_one("#server").value = "ws://127.0.0.1:9/"  # nothing listens there
            await pilot.press("f5")
            await until(pilot, lambda: "cannot reach" in str(app.screen.query_one("#lobby-error").content),
                        "the line")
        again = ScopaApp(ai_delay=0, data_dir=str(tmp_path))  # the next run, on the same data directory
        async with again.run_test(size=(100, 30)) as pilot:
            await pilot.press("ctrl+o")
            await until(pilot, lambda: isinstance(again.screen, LobbyScreen), "the lobby, next run")
            assert (again.screen.query_one("#server").value, again.screen.query_one("#name").value) == (url, "Bea")


async def test_an_empty_lobby_gives_the_keys_to_create_and_enter_makes_a_table(tmp_path):
    """A server with no open table: the keys were on the empty list, where Enter did nothing, and
    Create was thirteen Tabs away. Create has them and the line says so; once a table is listed
    they go back to the list."""
    for listed in (False, True):
        async with running_server(tmp_path / str(listed)) as (server, url):
            app = online_app(url)
            async with app.run_test(size=(80, 24)) as pilot:
                await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "no open table" in
                            str(app.screen.query_one("#lobby-error").content), "the empty lobby")
                lobby = app.screen
                assert lobby.focused is lobby.query_one("#create")
                assert str(lobby.query_one("#lobby-error").content) == f"no open table on {url}: Enter creates one"
                if listed:
                    task, code = await bot_table(url)
                    await pilot.press("f5")
                    await until(pilot, lambda: lobby.codes == [code], "the table listed")
                    assert lobby.focused is lobby.query_one("#tables")
                    task.cancel()
                    continue
                await pilot.press("enter")
                await until(pilot, lambda: isinstance(app.screen, GameScreen), "the new table")
                assert app.screen.table.phase == "waiting" and app.screen.table.my_seat == 0
                await pilot.press("q")
                await settle(pilot)


async def test_an_empty_lobby_says_so_in_the_middle_of_the_list_not_with_headers_crushed_left(tmp_path):
    """At 120x40 an empty list drew its headers ("code  title  game  players …") crushed
    to the left over an empty box. It draws none: a line in the middle of its room says that no
    table is open and Enter creates one; a table listed brings the headers back."""
    async with running_server(tmp_path) as (server, url):
        app = online_app(url)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and "no open table" in
                        str(app.screen.query_one("#lobby-error").content), "the empty lobby")
            lobby = app.screen
            await settle(pilot)
            tables, line, box = lobby.query_one("#tables"), lobby.query_one("#no-tables"), lobby.query_one("#open-tables")
            assert not tables.show_header and line.display
            assert str(line.render()) == "No open table yet: Enter creates one"
            assert line.region.height > 10 and line.region.width == box.content_region.width  # centred in the box
            task, code = await bot_table(url)
            await pilot.press("f5")
            await until(pilot, lambda: lobby.codes == [code], "the table listed")
            await settle(pilot)
            assert tables.show_header and not line.display and tables.region.height > 10
            task.cancel()


async def test_the_lobby_gives_the_keys_to_the_tables_listed_and_takes_none_from_typing(tmp_path):
    """The lobby opened with the keys in the server box: the arrows moved nothing in the list
    and Enter listed the tables again, until two Tabs. The list has them from the start; Enter in
    the server box lists the tables and hands it the keys; a field being typed in keeps them;
    a server out of reach gives them to the server box, to mend the address."""
    async with running_server(tmp_path) as (server, url):
        first, _ = await bot_table(url, title="first")
        second, _ = await bot_table(url, title="second")
        app = online_app(url)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and len(app.screen.codes) == 2, "the lobby")
            lobby = app.screen
            tables = lobby.query_one("#tables")
            assert lobby.focused is tables
            await pilot.press("down")
            assert tables.cursor_row == 1
            await pilot.press("up")
            assert tables.cursor_row == 0
            box = lobby.query_one("#server")
            box.focus()
            await pilot.press("enter")  # the address typed: list its tables
            await until(pilot, lambda: lobby.focused is tables, "the keys back to the list")
            lobby.query_one("#code").focus()
            await pilot.press("K", "7")
            third, _ = await bot_table(url, title="third")
            await pilot.press("f5")  # from the code box: listed, the keys stay where the player types
            await until(pilot, lambda: len(lobby.codes) == 3, "the third table listed")
            assert lobby.focused is lobby.query_one("#code") and lobby.query_one("#code").value == "K7"
            tables.focus()
            box.value = "ws://127.0.0.1:9/"  # nothing listens there
            await pilot.press("f5")
            await until(pilot, lambda: "cannot reach" in str(lobby.query_one("#lobby-error").content), "the line")
            await until(pilot, lambda: lobby.focused is box, "the keys to the server box")
            box.value = url
            await pilot.press("enter")
            await until(pilot, lambda: lobby.focused is tables, "the keys to the list again")
            await pilot.press("down", "enter")  # joins the second table listed
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
            assert app.screen.table.code == lobby.codes[1]
            await pilot.press("q")
            await settle(pilot)
        for task in (first, second, third):
            task.cancel()
