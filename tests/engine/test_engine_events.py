"""A whole game can be followed from the events alone (what the UI does)."""

from __future__ import annotations

import random

import pytest

from scopa_tui.engine import (
    Dealt, Game, GameEnded, GameStarted, HandEnded, Played, Redealt, make_rules,
)
from scopa_tui.engine.cards import SETTEBELLO


class Follower:
    """Rebuilds the table, hands, capture piles, scope and totals from events only."""

    def __init__(self):
        self.rules = None
        self.table: set = set()
        self.hands: list[list] = []
        self.piles: list[set] = []
        self.scope: list[int] = []
        self.totals: list[int] = []
        self.last_capture = None
        self.hand = 0
        self.winner = None
        self.redeals = 0

    def __call__(self, e) -> None:
        if isinstance(e, GameStarted):
            self.rules = e.rules
            self.totals = [0] * e.rules.n_sides
        elif isinstance(e, Redealt):
            self.redeals += 1
        elif isinstance(e, Dealt):
            if e.table:  # first deal of a hand
                assert e.hand == self.hand + 1
                self.hand = e.hand
                self.table = set(e.table)
                self.hands = [[] for _ in range(self.rules.players)]
                self.piles = [set() for _ in range(self.rules.n_sides)]
                self.scope = [0] * self.rules.n_sides
                self.last_capture = None
            assert all(not h for h in self.hands)
            for seat, cards in enumerate(e.hands):
                self.hands[seat].extend(cards)
        elif isinstance(e, Played):
            self.hands[e.seat].remove(e.card)
            side = self.rules.side_of(e.seat)
            if e.capture:
                assert set(e.capture) <= self.table
                self.table -= set(e.capture)
                self.piles[side] |= set(e.capture) | {e.card}
                self.last_capture = side
            else:
                self.table.add(e.card)
            self.scope[side] += e.scopa
            if not e.last:
                assert set(e.table) == self.table
        elif isinstance(e, HandEnded):
            s = e.score
            assert set(s.leftover) == self.table
            assert s.leftover_to == (self.last_capture if self.table else None)
            if s.leftover_to is not None:
                self.piles[s.leftover_to] |= self.table
            self.table = set()
            for k, side in enumerate(s.sides):
                assert set(side.captured) == self.piles[k]
                assert side.cards == len(self.piles[k])
                assert side.coins == sum(1 for c in self.piles[k] if c.suit == "d")
                assert side.settebello == (SETTEBELLO in self.piles[k])
                assert side.scope == self.scope[k]
                self.totals[k] += side.points
            assert list(s.totals) == self.totals
        elif isinstance(e, GameEnded):
            assert list(e.totals) == self.totals
            self.winner = e.winner


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("preset", ["standard", "ludoteka"])
def test_follow_a_whole_game_from_events(players, preset):
    for seed in range(6):
        g = Game(make_rules(preset, players=players), seed=seed)
        f = Follower()
        g.subscribe(f)
        rng = random.Random(seed)
        g.start()
        while not g.is_over:
            if g.phase == "hand_over":
                g.next_hand()
            g.play(rng.choice(g.legal_moves()))
            if g.phase == "play":
                assert sorted(f.table) == sorted(g.table)
                assert [sorted(h) for h in f.hands] == [sorted(g.hand_of(s)) for s in range(players)]
                assert f.scope == g.state.scope
        assert f.totals == g.totals and f.winner == g.winner and f.hand == g.hand_no


def test_subscribers_get_the_same_events_in_order_and_can_unsubscribe():
    g = Game(make_rules(), seed=3)
    a, b = [], []
    g.subscribe(a.append)
    stop_b = g.subscribe(b.append)
    g.start()
    g.play(g.legal_moves()[0])
    stop_b()
    g.play(g.legal_moves()[0])
    assert a == g.events
    assert b == g.events[:-1]
    assert isinstance(a[0], GameStarted) and isinstance(a[-1], Played)


def test_a_redeal_can_be_followed():
    seed = next(s for s in range(5000) if _redeals(s))
    g = Game(make_rules(), seed=seed)
    f = Follower()
    g.subscribe(f)
    g.start()
    assert f.redeals >= 1 and isinstance(g.events[1], Redealt)
    assert sum(1 for c in g.events[1].table if c.rank == 10) >= 3


def _redeals(seed: int) -> bool:
    g = Game(make_rules(), seed=seed)
    g.start()
    return isinstance(g.events[1], Redealt)
