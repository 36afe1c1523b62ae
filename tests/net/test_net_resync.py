"""A client whose picture of the game lost a line (one the server sent garbled, left out; or
one that never came) asks for the whole state again (``{"type":"state"}``, docs/online-protocol.md)
and is drawn afresh from it: the player plays on from the server's position, not from a
table of cards that are not there."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from net_helpers import Raw, bot_table, running_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from helpers import game_screen, play_by_keys  # noqa: E402
from test_net_app import online_app, until  # noqa: E402

from scopa_tui.net import client as client_module  # noqa: E402
from scopa_tui.net.remote import RemoteTable  # noqa: E402
from scopa_tui.table.notices import TableError  # noqa: E402
from scopa_tui.ui.screens.game import GameScreen  # noqa: E402
from scopa_tui.ui.screens.lobby import LobbyScreen  # noqa: E402
from scopa_tui.ui.screens.scoring import HandOverScreen  # noqa: E402

OUT_OF_STEP = "out of step with the server"


async def test_a_seated_client_that_asks_for_the_state_gets_the_whole_of_it(tmp_path):
    async with running_server(tmp_path) as (server, url):
        raw = await Raw.open(url, "Anna")
        await raw.send({"type": "state"})
        refused = await raw.expect("error")
        assert refused["code"] == "wrong_state" and refused["ref"] == "state"  # not seated: nothing to give
        await raw.send({"type": "create", "players": 2, "ai": "easy"})
        await raw.expect("joined")
        first = await raw.expect("state")
        await raw.send({"type": "start"})
        await raw.expect("turn")
        await raw.send({"type": "state"})
        again = await raw.expect("state")
        kinds = [e["event"] for e in again["events"]]
        # the deal, after the line of any deal voided for three Kings (the server's seed is random)
        assert first["events"] == [] and kinds[0] == "game_start" and set(kinds[1:kinds.index("deal")]) <= {"redeal"}
        deal = again["events"][kinds.index("deal")]
        assert again["view"]["hand"] == deal["hands"][0]  # this seat's hand, the others hidden
        assert deal["hands"][1] is None
        await raw.ws.close()


@pytest.mark.parametrize("fault", ["garbled", "never came"])
async def test_a_client_that_lost_a_play_asks_for_the_state_and_plays_on_from_the_server_s(tmp_path, monkeypatch,
                                                                                             fault):
    lost: list[dict] = []
    take = client_module.NetClient._take

    def lossy(self, msg):  # Anna's connection loses Bruno's first play
        line = msg.get("event") if msg.get("type") == "event" else None
        if self.name == "Anna" and not lost and line and line["event"] == "play" and line["seat"] == 0:
            lost.append(msg)
            if fault == "never came":
                return
            msg = {**msg, "event": {**line, "card": "the seven of coins"}}
        take(self, msg)

    monkeypatch.setattr(client_module.NetClient, "_take", lossy)
    said: list[str] = []
    emit = RemoteTable._emit

    def heard(self, item):  # every line the table says, from its first (Bruno may play first)
        if isinstance(item, TableError):
            said.append(item.text)
        emit(self, item)

    monkeypatch.setattr(RemoteTable, "_emit", heard)
    async with running_server(tmp_path) as (server, url):
        task, code = await bot_table(url)
        app = online_app(url)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.codes, "the lobby")
            await pilot.press("enter")  # the list has the keys: Enter joins the table chosen
            await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.phase == "play",
                        "the game")
            screen = game_screen(app)
            table = screen.table
            assert isinstance(table, RemoteTable) and table.my_seat == 1
            game = server.tables[code].game
            while not isinstance(app.screen, HandOverScreen):
                await until(pilot, lambda: screen._my_turn() or isinstance(app.screen, HandOverScreen), "a turn")
                if isinstance(app.screen, HandOverScreen):
                    break
                await until(pilot, lambda: not getattr(table, "_state_asked", False), "the state asked for")
                truth = game.view(1)
                view = table.view()
                # the position drawn is the server's: the hand, the table, the cards still to come
                assert (sorted(view.hand), sorted(view.table), view.stock) == (
                    sorted(truth.hand), sorted(truth.table), truth.stock)
                before = len(table.events)
                await play_by_keys(pilot, view.legal[-1])  # a play the server takes
                await until(pilot, lambda: len(table.events) > before, "the play to come back")
            assert lost, "Bruno's play was not lost"
            assert list(table.totals) == list(game.totals)  # the hand scored as the server scored it
            assert sum(OUT_OF_STEP in line for line in said) == 1, said
            assert all("not your turn" not in line.lower() and "refused" not in line for line in said), said
            assert ("cannot use" in " ".join(said)) == (fault == "garbled"), said
            await pilot.press("q")
        task.cancel()
