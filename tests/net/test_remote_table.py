"""RemoteTable reads the record lines a seat receives (its own hand only) into the same
events, views and scoring as the engine's own game; a newer hand's scoring replaces an
older one still on screen."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from helpers import settle  # noqa: E402

from scopa_tui.engine import Dealt, Game, HandEnded, Played, make_rules  # noqa: E402
from scopa_tui.net.remote import RemoteTable  # noqa: E402
from scopa_tui.ui.app import ScopaApp  # noqa: E402
from scopa_tui.ui.screens.scoring import HandOverScreen  # noqa: E402

SEATS = [{"name": "Anna", "kind": "person", "level": None, "connected": True, "away": False},
         {"name": "AI 2", "kind": "ai", "level": "easy", "connected": True, "away": False}]


def as_seen_by(seat: int, line: dict) -> dict:
    """A record line as the server sends it to ``seat``: other hands null, no seed."""
    line = dict(line)
    if line["event"] == "deal":
        line["hands"] = [h if i == seat else None for i, h in enumerate(line["hands"])]
    line.pop("seed", None)
    return line


def engine_game(hands: int, seed: int = 4, side_names=None) -> Game:
    game = Game(make_rules("standard", players=2), seed=seed, side_names=side_names)
    game.start()
    while len(game.hand_scores) < hands and not game.is_over:
        if game.phase == "hand_over":
            game.next_hand()
        game.play(game.legal_moves()[-1])
    return game


class ScriptedClient:
    def __init__(self, messages):
        self.messages = list(messages)

    def __aiter__(self):
        return self

    async def __anext__(self):
        if self.messages:
            await asyncio.sleep(0)
            return self.messages.pop(0)
        await asyncio.Event().wait()

    async def ready(self, hand):
        pass

    async def close(self):
        pass


def joined(seat: int) -> dict:
    info = {"code": "K7XQ93PA", "players": 2, "preset": "standard", "target": 11, "seats": SEATS,
            "phase": "waiting", "started": False}
    return {"code": "K7XQ93PA", "seat": seat, "token": "t", "table": info}


def test_the_lines_a_seat_receives_give_the_engine_s_events_views_and_scores():
    for seat in (0, 1):
        table = RemoteTable(ScriptedClient([]), joined(seat))
        game = engine_game(hands=2, side_names=table.side_names)  # the reasons name the sides
        events = [table._line(as_seen_by(seat, e.to_record())) for e in game.events]
        for mine, theirs in zip(events, game.events):
            assert type(mine) is type(theirs)
            if isinstance(theirs, Played):
                assert (mine.card, mine.capture, mine.scopa, mine.last, mine.table) == \
                    (theirs.card, theirs.capture, theirs.scopa, theirs.last, theirs.table)
            if isinstance(theirs, Dealt):
                assert mine.hands[seat] == theirs.hands[seat] and mine.stock == theirs.stock
                assert all(h == (None,) * 3 for i, h in enumerate(mine.hands) if i != seat)
            if isinstance(theirs, HandEnded):
                assert mine.score == theirs.score  # every point, and why, as the engine scores it
        assert table.totals == game.totals and table.phase == game.phase


def test_the_view_mid_hand_is_the_engine_s_view():
    game = Game(make_rules("standard", players=2), seed=9)
    game.start()
    for _ in range(7):
        game.play(game.legal_moves()[0])
    for seat in (0, 1):
        table = RemoteTable(ScriptedClient([]), joined(seat))
        for e in game.events:
            table._line(as_seen_by(seat, e.to_record()))
        assert table.view() == game.view(seat)  # hand, table, piles, history, legal moves ...
        assert table.turn == game.turn


async def test_a_newer_hand_s_scoring_replaces_the_older_one_on_screen():
    game = engine_game(hands=2)
    seat = 0
    messages = [{"type": "state", "table": joined(seat)["table"], "view": None, "turn": None, "deadline": None,
                 "events": [], "totals": [0, 0]}]
    messages += [{"type": "event", "event": as_seen_by(seat, e.to_record())} for e in game.events]
    app = ScopaApp(ai_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        app.show_table(RemoteTable(ScriptedClient(messages), joined(seat)))
        for _ in range(40):
            await settle(pilot, 1)
            if any(isinstance(s, HandOverScreen) and s.score.hand == 2 for s in app.screen_stack):
                break
        scoring = [s for s in app.screen_stack if isinstance(s, HandOverScreen)]
        assert [s.score.hand for s in scoring] == [2]  # hand 1's went when hand 2's came
