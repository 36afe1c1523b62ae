"""A wall-clock budget (``hard:time=``, hints, the safety cap): where the search reads the clock.

No test here times anything: the clock is replaced by one that moves with the search's
own work (leaves evaluated), so each test is about what the search does when the
deadline passes, not about how fast this machine is.
"""

from __future__ import annotations

from random import Random

import pytest

import scopa_tui.ai.search as search
from scopa_tui.ai.evaluation import expected_points
from scopa_tui.ai.search import CHECK_EVERY, AlphaBeta, OutOfTime, search_infosets, search_worlds, terminal_value
from scopa_tui.engine import Game, make_rules
from scopa_tui.engine.core import HandState


def _position():
    """A position early in a hand (2 players, a full stock): several moves, worlds of many nodes."""
    game = Game(make_rules(players=2), seed=3)
    game.start()
    return game.view(game.turn)


class LeafClock:
    """A leaf evaluation that counts its calls, and a clock that reads ``step`` seconds a call
    (or ``jump`` once ``jump_after`` calls are made): time that passes as the search works."""

    def __init__(self, view, step: float = 0.0, jump_after: int | None = None, jump: float = 1e9):
        rules = view.rules
        self.side, self.values, self.rules = view.side, rules.primiera_values, rules
        self.terminal = terminal_value(rules, view.side)
        self.calls = 0
        self.step, self.jump_after, self.jump = step, jump_after, jump

    def leaf(self, state: HandState) -> float:
        self.calls += 1
        return expected_points(state, self.side, self.values, self.rules)

    def clock(self) -> float:
        if self.jump_after is not None and self.calls > self.jump_after:
            return self.jump
        return self.calls * self.step


def _search(fn, view, worlds: int, leaf_clock: LeafClock | None = None, deadline: float | None = None):
    lc = leaf_clock or LeafClock(view)
    return fn(view, Random(5), worlds, lambda state: 6, lc.leaf, lc.terminal, None, deadline)


def test_alpha_beta_stops_within_a_few_nodes_of_a_deadline_past():
    view = _position()
    lc = LeafClock(view)
    ab = AlphaBeta(view.side, view.rules.n_sides, lc.leaf, lc.terminal)
    ab.deadline = -1.0  # long past
    world = search.determinize(view, Random(1))
    with pytest.raises(OutOfTime):
        ab.value(world, 8)
    assert ab.nodes == CHECK_EVERY  # the first read of the clock stops it


def test_alpha_beta_without_a_deadline_reads_no_clock(monkeypatch):
    view = _position()
    lc = LeafClock(view)
    monkeypatch.setattr(search, "perf_counter", lambda: pytest.fail("a counted search read the clock"))
    ab = AlphaBeta(view.side, view.rules.n_sides, lc.leaf, lc.terminal)
    ab.value(search.determinize(view, Random(1)), 8)
    assert ab.nodes > CHECK_EVERY


@pytest.mark.parametrize("fn", [search_worlds, search_infosets])
def test_a_world_the_deadline_overtakes_is_dropped_not_counted(monkeypatch, fn):
    view = _position()
    one, one_nodes = _search(fn, view, 1)
    two, two_nodes = _search(fn, view, 2)
    first = LeafClock(view)
    _search(fn, view, 1, first)
    # the clock stands still through the first world (so the second is started), then
    # jumps past the deadline a few leaves into the second
    lc = LeafClock(view, jump_after=first.calls + 3)
    monkeypatch.setattr(search, "perf_counter", lc.clock)
    scored, nodes = _search(fn, view, 2, lc, deadline=1.0)
    assert scored == one  # the unfinished second world counts for nothing
    assert one_nodes < nodes < two_nodes  # it was started, and stopped inside


@pytest.mark.parametrize("fn", [search_worlds, search_infosets])
def test_a_world_that_cannot_end_in_time_is_not_started(monkeypatch, fn):
    view = _position()
    one, one_nodes = _search(fn, view, 1)
    first = LeafClock(view)
    _search(fn, view, 1, first)
    # a microsecond a leaf: the first world takes first.calls µs; half as much again is left
    lc = LeafClock(view, step=1e-6)
    monkeypatch.setattr(search, "perf_counter", lc.clock)
    scored, nodes = _search(fn, view, 40, lc, deadline=1.5 * first.calls * 1e-6)
    assert (scored, nodes) == (one, one_nodes)


def test_worlds_go_on_while_the_mean_says_they_end_in_time(monkeypatch):
    view = _position()
    counted, counted_nodes = _search(search_worlds, view, 40)
    lc = LeafClock(view, step=1e-6)
    monkeypatch.setattr(search, "perf_counter", lc.clock)
    scored, nodes = _search(search_worlds, view, 40, lc, deadline=1e6)  # ample
    assert (scored, nodes) == (counted, counted_nodes)


@pytest.mark.parametrize("fn", [search_worlds, search_infosets])
def test_a_first_world_the_deadline_overtakes_is_valued_one_ply_deep(fn):
    # Escoba's wide tables made a first world alone last seconds: it is not searched in full
    view = _position()
    lc = LeafClock(view)
    one_ply, _nodes = fn(view, Random(5), 1, lambda state: 1, lc.leaf, lc.terminal, None, None)
    scored, nodes = _search(fn, view, 40, deadline=-1.0)  # long past
    assert scored == one_ply
    assert {m for m, _ in scored} == set(view.legal)
    assert nodes <= CHECK_EVERY + 2 * len(view.legal)
