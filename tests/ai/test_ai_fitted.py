"""The ``hard`` level's fitted evaluation (ai/fit.py, ai/fitted.py): what the tables say, and
that fitting them is reproducible."""

from __future__ import annotations

import random

from scopa_tui.ai import fit, fitted
from scopa_tui.ai.evaluation import expected_points, fitted_points, fitted_tables
from scopa_tui.ai.hard import HardPlayer
from scopa_tui.ai.worlds import determinize
from scopa_tui.engine import Rules, make_rules

from ai_helpers import make_view


def _state(hand: str, table: str, captured, stock: int = 22, rules: Rules | None = None, hand_sizes=(3, 3)):
    view = make_view(hand, table, captured=captured, hand_sizes=hand_sizes, stock=stock, rules=rules)
    return determinize(view, random.Random(3))


def test_the_tables_are_fitted_on_many_hands_and_say_who_fitted_them():
    assert fitted.HANDS >= 10_000 and fitted.SEED == 1
    assert len(fitted.CARDS) > 50 and len(fitted.REST) > 20


def test_a_fitted_table_prefers_the_settebello():
    rules = Rules()
    with_it = _state("1c 2c 3c", "4b", ["7d 3b", "7b 3s"])
    without = _state("1c 2c 3c", "4b", ["7b 3b", "7d 3s"])
    assert fitted_points(with_it, 0, rules.primiera_values, rules) > 0.8
    assert fitted_points(without, 0, rules.primiera_values, rules) < -0.8


def test_more_cards_ahead_is_worth_more_and_the_tables_are_even_between_the_sides():
    cards = fitted_tables()["cards"]
    assert cards[(28, 4)] > cards[(28, 2)] > cards[(28, 0)] == 0.0
    assert all(cards[(left, -lead)] == -v for (left, lead), v in cards.items() if (left, -lead) in cards)


def test_the_fitted_evaluation_is_the_same_from_either_side():
    rules = Rules()
    state = _state("1c 2c 3c", "4b 5s", ["7d 3b 6c 6s", "7b 3s"])
    state.turn = 0
    mine = fitted_points(state, 0, rules.primiera_values, rules)
    state.piles.reverse()
    state.scope.reverse()
    state.turn = 1
    assert fitted_points(state, 1, rules.primiera_values, rules) == mine


def test_other_games_keep_the_chances_evaluation():
    escoba = make_rules(players=2, variant="escoba")
    state = _state("1c 2c 3c", "4b", ["7d 3b", "7b 3s"], rules=escoba)
    values = escoba.primiera_values
    assert fitted_points(state, 0, values, escoba) == expected_points(state, 0, values, escoba)


def test_fitting_is_reproducible_from_a_seed():
    a = fit.render(fit.fit(fit.play(12, 7)), 12, 7)
    assert a == fit.render(fit.fit(fit.play(12, 7)), 12, 7)
    assert "SEED = 7" in a and "CARDS = {" in a
    assert a != fit.render(fit.fit(fit.play(12, 8)), 12, 8)


def test_hard_with_the_fitted_evaluation_gives_the_same_move_for_a_seed():
    view = make_view("7c 5b 2s", "5c 2b 4d", captured=["1c 1b", "3c"], hand_sizes=(3, 3), stock=24)
    moves = {HardPlayer(11, worlds=6, leaf=fitted_points).choose(view) for _ in range(3)}
    assert len(moves) == 1
