"""The table keeps its game's chat: a player who comes back finds it in the log again, in
order with the plays and each line once (docs/online-protocol.md, ``state``)."""

from __future__ import annotations

import sys
from pathlib import Path

from net_helpers import Raw, running_server
from test_net_app import online_app, until

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from helpers import settle  # noqa: E402

from scopa_tui.net.messages import CHAT_KEPT  # noqa: E402
from scopa_tui.ui.screens.game import GameScreen  # noqa: E402


async def _play(table, raws) -> None:
    """The seat to play plays its first legal move, seen by both."""
    seat = table.game.turn
    await raws[seat].send({"type": "play", **table.game.view(seat).legal[0].to_json()})
    for raw in raws:
        while (await raw.expect("event"))["event"]["event"] != "play":
            pass


async def test_a_resumed_seat_is_sent_the_chat_with_where_it_was_said():
    async with running_server(None) as (server, url):
        anna = await Raw.open(url, "Anna")
        await anna.send({"type": "create", "players": 2, "turn_limit": 600})
        joined = await anna.expect("joined")
        bruno = await Raw.open(url, "Bruno")
        await bruno.send({"type": "join", "code": joined["code"]})
        await bruno.expect("joined")
        table = server.tables[joined["code"]]
        await bruno.send({"type": "chat", "text": "buona fortuna"})
        await anna.expect("chat")
        at = len(table.game.events)
        await _play(table, [anna, bruno])
        await anna.send({"type": "chat", "text": "grazie"})
        await anna.expect("chat")
        await anna.close()
        back = await Raw.open(url, "Anna")
        await back.send({"type": "resume", "code": joined["code"], "token": joined["token"]})
        state = await back.expect("state")
        assert state["chat"] == [{"seat": 1, "name": "Bruno", "text": "buona fortuna", "at": at},
                                 {"seat": 0, "name": "Anna", "text": "grazie", "at": at + 1}]
        for n in range(CHAT_KEPT):  # a table keeps its newest lines only
            table.say(1, f"line {n}")
        assert len(table.state_message(0)["chat"]) == CHAT_KEPT
        assert table.state_message(0)["chat"][-1]["text"] == f"line {CHAT_KEPT - 1}"
        await back.close()
        await bruno.close()


async def test_after_a_reconnection_the_log_shows_the_chat_in_its_place_once(tmp_path):
    # The log drawn again from the state had the plays but none of the chat said before.
    async with running_server(tmp_path) as (server, url):
        bruno = await Raw.open(url, "Bruno")
        await bruno.send({"type": "create", "players": 2, "turn_limit": 600, "public": False})
        code = (await bruno.expect("joined"))["code"]
        app = online_app(url, join=code)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.phase == "play",
                        "the game")
            screen = app.screen
            table = server.tables[code]
            await bruno.send({"type": "chat", "text": "tocca a te"})
            await until(pilot, lambda: "Bruno: tocca a te" in [t for t, _k, _a in screen.log_entries], "the chat")
            seat, events = table.game.turn, len(table.game.events)  # one play, by whoever's turn it is
            move = table.game.view(seat).legal[0]
            if seat == 0:  # (Bruno created the table: seat 0)
                await bruno.send({"type": "play", **move.to_json()})
            else:
                screen.table.play(move)
            await until(pilot, lambda: len(screen.table.events) > events, "the play")
            await bruno.send({"type": "chat", "text": "bella"})
            await until(pilot, lambda: "Bruno: bella" in [t for t, _k, _a in screen.log_entries], "the chat")
            await settle(pilot)
            before = [t for t, _k, _a in screen.log_entries]

            statuses = []
            screen.table.subscribe(lambda item: statuses.append(screen.table.status))
            screen.table.client._ws.transport.abort()  # the network drops the connection
            await until(pilot, lambda: "reconnecting…" in statuses, "the status")
            await until(pilot, lambda: screen.table.connection == "connected" and statuses[-1] == "",
                        "the return")
            await settle(pilot, 5)
            after = [t for t, _k, _a in screen.log_entries]
            assert after == before, (before, after)
            played = next(i for i, t in enumerate(after) if "played" in t)
            assert after.index("Bruno: tocca a te") < played < after.index("Bruno: bella")
        await bruno.close()


async def test_the_chat_is_kept_over_a_restart_of_the_server(tmp_path):
    async with running_server(tmp_path) as (server, url):
        anna = await Raw.open(url, "Anna")
        await anna.send({"type": "create", "players": 2, "turn_limit": 600})
        joined = await anna.expect("joined")
        bruno = await Raw.open(url, "Bruno")
        await bruno.send({"type": "join", "code": joined["code"]})
        await bruno.expect("joined")
        await bruno.send({"type": "chat", "text": "a dopo"})
        said = await anna.expect("chat")
        at = len(server.tables[joined["code"]].game.events)
        for raw in (anna, bruno):
            await raw.close()
    async with running_server(tmp_path) as (server, url):
        back = await Raw.open(url, "Anna")
        await back.send({"type": "resume", "code": joined["code"], "token": joined["token"]})
        state = await back.expect("state")
        assert state["chat"] == [{**{k: said[k] for k in ("seat", "name", "text")}, "at": at}]
        await back.close()
