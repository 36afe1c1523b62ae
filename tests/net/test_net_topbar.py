"""The game screen's top bar and turn line at a table on a server, fed by scripted server
messages (no network): what the bar says mid-game is what a local game's says, with the
turn's seconds, and the connection only when it is not up (README.md, Online in the app)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
from rich.cells import cell_len

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from helpers import settle  # noqa: E402

from scopa_tui import languages  # noqa: E402
from scopa_tui.engine import make_rules  # noqa: E402
from scopa_tui.engine.text import _  # noqa: E402
from scopa_tui.net.remote import RemoteTable  # noqa: E402
from scopa_tui.ui.app import ScopaApp  # noqa: E402
from scopa_tui.ui.widgets.cards import SeatView  # noqa: E402

NAMES = ["Francesca", "Giuseppe", "Carla", "Donatella"]  # I am Carla (seat 2); Giuseppe deals


def seats(connected=(True, True, True, True), names=NAMES) -> list[dict]:
    return [{"name": name, "kind": "person", "level": None, "connected": up, "away": False}
            for name, up in zip(names, connected)]


def info(connected=(True, True, True, True), names=NAMES) -> dict:
    return {"code": "K7XQ93PA", "title": "Sera", "players": 4, "preset": "standard", "target": 11,
            "turn_limit": 60.0, "public": True, "creator": 0, "seats": seats(connected, names), "phase": "play",
            "started": True}


EVENTS = [  # Giuseppe deals, I lay 4c, Donatella lays 2b: Francesca is to play
    {"event": "game_start", "format": "scopa-record/1", "rules": make_rules("standard", players=4).to_dict()},
    {"event": "deal", "hand": 1, "dealer": 1, "table": ["1d", "5s", "9c", "10b"],
     "hands": [None, None, ["7d", "4c", "6s"], None]},
    {"event": "play", "hand": 1, "seat": 2, "card": "4c", "capture": [], "scopa": False},
    {"event": "play", "hand": 1, "seat": 3, "card": "2b", "capture": [], "scopa": False},
]


class ScriptedClient:
    """A NetClient that gives the scripted messages, each once the last has been taken in."""

    url, name = "ws://127.0.0.1:7654/", "Carla"

    def __init__(self, messages):
        self.messages = list(messages)
        self.more = asyncio.Event()

    def __aiter__(self):
        return self

    async def __anext__(self):
        while not self.messages:
            await self.more.wait()
            self.more.clear()
        return self.messages.pop(0)

    def send(self, *messages) -> None:
        self.messages.extend(messages)
        self.more.set()

    async def close(self):
        pass


class FixedClock(RemoteTable):
    shown = 42.0  # the seconds the turn has left

    def seconds_left(self):
        return self.shown if self.turn is not None else None


async def seated(pilot, client: ScriptedClient, names=NAMES):
    """The game screen at the scripted table, Francesca (``names[0]``) to play."""
    table = FixedClock(client, {"code": "K7XQ93PA", "seat": 2, "token": "t", "table": info(names=names)})
    pilot.app.show_table(table)
    client.send({"type": "state", "table": info(names=names), "view": None, "turn": 0, "deadline": 42.0,
                 "events": EVENTS, "totals": [0, 0]})
    for _ in range(50):
        await settle(pilot)
        if table.turn == 0 and len(table.events) == len(EVENTS):
            return pilot.app.screen
    raise AssertionError("the scripted state was not taken in")


async def test_the_top_bar_at_100_columns_keeps_the_hand_and_its_dealer_and_says_a_lost_connection():
    # At 100 columns the bar said "to 11 points · standard … Francesca is thinking… · 42 s ·
    # connected": "connected", always there, pushed out the hand and its dealer that a local
    # game's bar shows there.
    client = ScriptedClient([])
    app = ScopaApp(ai_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await seated(pilot, client)
        top = screen._topbar.plain
        assert "Hand 1 · dealer Giuseppe · to 11 points · standard" in top, top
        assert top.rstrip().endswith("Francesca is thinking… · 42 s"), top
        assert "connected" not in top
        client.send({"type": "connection", "status": "lost", "message": "the network is down"})
        for _ in range(50):
            await settle(pilot)
            if "reconnecting…" in screen._topbar.plain:
                break
        assert screen._topbar.plain.rstrip().endswith("Francesca is thinking… · 42 s · reconnecting…")
        client.send({"type": "connection", "status": "restored", "message": ""})
        for _ in range(50):
            await settle(pilot)
            if "reconnecting…" not in screen._topbar.plain:
                break
        assert screen._topbar.plain == top


async def until_said(pilot, screen, words: str) -> None:
    for _ in range(50):
        await settle(pilot)
        if words in str(screen.message):
            return
    raise AssertionError(f"never said {words!r}: {screen.message}")


async def test_a_person_to_play_whose_connection_dropped_is_shown_offline_not_thinking():
    # Francesca's connection dropped on her turn: the log said "Francesca lost the
    # connection", but the bar, the line under the table and her seat said she was thinking.
    client = ScriptedClient([])
    app = ScopaApp(ai_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await seated(pilot, client)
        assert str(screen.message) == "Francesca is thinking…" and screen._seat_info(0).thinking
        client.send({"type": "seat", "seat": 0, "name": "Francesca", "status": "left"},
                    {"type": "table", "table": info(connected=(False, True, True, True))})
        await until_said(pilot, screen, "Francesca is offline")
        assert str(screen.message) == ("Francesca is offline: the AI plays for them if they are not back "
                                       "when the time is up")
        assert screen._topbar.plain.rstrip().endswith("Francesca is offline · 42 s")
        assert "Hand 1 · dealer Giuseppe" in screen._topbar.plain  # room kept for the widest thing said
        assert not screen._seat_info(0).thinking  # her seat says "person · offline", not "thinking…"
        assert screen.table.seat_label(0) == "person · offline"
        client.send({"type": "seat", "seat": 0, "name": "Francesca", "status": "returned"},
                    {"type": "table", "table": info()})
        await until_said(pilot, screen, "Francesca is thinking…")
        assert screen._topbar.plain.rstrip().endswith("Francesca is thinking… · 42 s")
        assert screen._seat_info(0).thinking


async def test_the_top_bar_keeps_its_parts_while_the_seconds_count_down():
    # At 100 columns with Gianfrancesco dealing, "dealer Gianfrancesco" was left out while
    # the turn had 120 or 99 seconds and came back for its last 9 (one digit fewer), to go
    # again at the next turn: the bar's parts came and went from turn to turn.
    client = ScriptedClient([])
    app = ScopaApp(ai_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await seated(pilot, client, names=["Francesca", "Gianfrancesco", "Carla", "Donatella"])
        bars = []
        for seconds in (120.0, 99.0, 9.0):
            screen.table.shown = seconds
            screen._refresh_topbar()
            bars.append(screen._topbar.plain)
        assert bars[-1].rstrip().endswith("Francesca is thinking… · 9 s")
        assert len({bar.split("Francesca is thinking…")[0].strip() for bar in bars}) == 1, bars  # the game's half


@pytest.mark.parametrize("lang", ["en", "it", "fr", "es", "tl"])
@pytest.mark.parametrize("size", [(100, 30), (80, 24)])
async def test_a_person_offline_at_a_table_of_three_keeps_the_seat_s_lines(size, lang):
    # At 100 columns with 3 players, Francesca's seat said "person" beside her cards and, her
    # connection gone, "person · offline" on a line of its own under them: one cell too wide
    # there, her seat a line taller, the table a line shorter. Where the whole label does not
    # fit beside the cards its shorter form does; where neither does, it is whole on its line.
    languages.use(lang)
    names = NAMES[:3]
    three = {**info(names=names), "players": 3}
    events = [{**EVENTS[0], "rules": make_rules("standard", players=3).to_dict()},
              {**EVENTS[1], "hands": [None, None, ["7d", "4c", "6s"]]}]
    client = ScriptedClient([])
    app = ScopaApp(ai_delay=0)
    async with app.run_test(size=size) as pilot:
        table = FixedClock(client, {"code": "K7XQ93PA", "seat": 2, "token": "t", "table": three})
        pilot.app.show_table(table)
        client.send({"type": "state", "table": three, "view": None, "turn": 0, "deadline": 42.0,
                     "events": events, "totals": [0, 0, 0]})
        for _unused in range(50):
            await settle(pilot)
            if len(table.events) == len(events):
                break
        seat = next(s for s in pilot.app.screen.query(SeatView) if s.info.name == "Francesca")
        before = seat.render().plain.splitlines()
        client.send({"type": "table", "table": {**three, "seats": seats((False, True, True), names)}})
        for _unused in range(50):
            await settle(pilot)
            if seat.info.level == _("person · offline"):
                break
        lines = seat.render().plain.splitlines()
        width = seat.content_size.width
        assert all(cell_len(line) <= width for line in lines), lines
        whole, short = _("person · offline"), _("offline")
        if cell_len(f"[░░][░░][░░] 3 · {whole}") <= width:  # Tagalog's "tao · offline" at 80×24
            assert len(lines) == len(before), (before, lines)
            assert lines[1].strip() == f"[░░][░░][░░] 3 · {whole}", lines
        elif cell_len(f"[░░][░░][░░] 3 · {short}") <= width:
            assert len(lines) == len(before), (before, lines)  # the seat a line taller no more
            assert lines[1].strip() == f"[░░][░░][░░] 3 · {short}", lines
        else:  # French and Spanish at 80×24
            assert whole in [line.strip() for line in lines], lines
