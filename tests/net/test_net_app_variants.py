"""The app online in the variants: the lobby's new-table form offers the game and its house
rules (players and target follow it), the open tables show each table's game, and an
Escoba table plays a whole hand in the game screen against a bot seat on a real server."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from net_helpers import first_line, headless, running_server
from test_net_app import online_app, until

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from helpers import game_screen, play_by_keys, settle, wait_for_my_turn  # noqa: E402

from scopa_tui.table.base import TableError  # noqa: E402
from scopa_tui.ui.screens.game import GameScreen  # noqa: E402
from scopa_tui.ui.screens.lobby import LobbyScreen  # noqa: E402
from scopa_tui.ui.screens.scoring import HandOverScreen  # noqa: E402


async def test_the_form_offers_scopone_and_escoba_with_their_house_rules(tmp_path):
    async with running_server(tmp_path) as (server, url):
        app = online_app(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            lobby = app.screen
            await settle(pilot)
            lobby.query_one("#variant").value = "scopone-scientifico"
            await until(pilot, lambda: lobby.query_one("#players").value == 4, "4 players for Scopone")
            assert [v for _, v in lobby.query_one("#players")._options] == [4]
            lobby.query_one("#variant").value = "escoba"
            await until(pilot, lambda: lobby.query("#opt-setenta-primiera"), "Escoba's house rules")
            await settle(pilot)
            assert lobby.query_one("#target").value == 21  # Escoba is played to 21
            assert "15" in str(lobby.query_one("#about").content)  # the engine's line about the game
            lobby.query_one("#opt-setenta-primiera").focus()
            await settle(pilot)
            assert str(lobby.query_one("#about").content).startswith("Setenta tie by primiera: a tie")
            await pilot.press("space")  # tick it
            lobby.query_one("#opt-primiera-all-suits").value = False
            lobby.query_one("#players").value = 2
            assert lobby.create_options()["options"] == ["no-primiera-all-suits", "setenta-primiera"]
            await pilot.click("#create")
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the waiting table")
            table = app.screen.table
            assert table.info["variant"] == "escoba" and table.rules.variant == "escoba"
            assert table.rules.setenta_primiera and not table.rules.primiera_requires_all_suits
            assert table.rules.target == 21 and table.rules.players == 2
            (kept,) = server.tables.values()
            assert kept.config["variant"] == "escoba"


async def test_the_list_shows_an_escoba_table_and_a_hand_of_it_plays_in_the_app(tmp_path):
    async with running_server(tmp_path) as (server, url):
        bot = headless(url, "Bruno", "easy")
        create = {"players": 2, "ai": "easy", "turn_limit": 60, "public": True, "variant": "escoba",
                  "options": ["re-bello"]}
        task = asyncio.create_task(bot.run(create=create))
        await first_line(bot)
        app = online_app(url)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.codes, "the lobby")
            row = app.screen.query_one("#tables").get_row_at(0)
            assert row[2] == "Escoba + re bello"  # the game column
            await pilot.press("enter")  # the list has the keys: Enter joins the table chosen
            await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.phase == "play",
                        "the game")
            screen = game_screen(app)
            table = screen.table
            assert table.rules.variant == "escoba" and table.rules.re_bello
            errors = []
            table.subscribe(lambda item: errors.append(item.text) if isinstance(item, TableError) else None)
            while not isinstance(app.screen, HandOverScreen):
                await until(pilot, lambda: screen._my_turn() or isinstance(app.screen, HandOverScreen), "a turn")
                if isinstance(app.screen, HandOverScreen):
                    break
                assert await wait_for_my_turn(pilot)
                legal = table.view().legal
                sums = [m for m in legal if len(m.capture) > 1]  # a sum to 15: Scopa would refuse most
                before = len(table.events)
                await play_by_keys(pilot, sums[0] if sums else legal[0])
                await until(pilot, lambda: len(table.events) > before, "the play to come back")
            assert errors == []  # the server took every play the screen allowed
            score = table.hand_scores[0]
            assert sum(s.cards for s in score.sides) == 40
            assert {a.point for a in score.awards} >= {"sevens", "re_bello"}  # Escoba's points, the house rule
            await pilot.press("q")
            await settle(pilot)
        task.cancel()
