"""Hints: a legal move of the seat and one line saying why."""

from __future__ import annotations

from scopa_tui.ai.hint import Hint, explain, suggest
from scopa_tui.engine import Move

from ai_helpers import make_view


def test_hint_takes_the_settebello_and_says_so():
    # (with 5s, taking 2b 3s and leaving the settebello for later scores better: 17% that
    # the next player holds a 7 against a 25% sweep of 2b 3s by a 5; the 4s takes nothing)
    view = make_view("7c 4s", "7d 2b 6s", hand_sizes=(2, 3), stock=20)
    hint = suggest(view, iters=40, seed=1)
    assert isinstance(hint, Hint)
    assert hint.move == Move("7c", ["7d"])
    assert "settebello" in hint.reason and "\n" not in hint.reason


def test_hint_names_a_scopa():
    view = make_view("7b 1d 9c", "3c 4s", hand_sizes=(3, 3), stock=24)
    hint = suggest(view, iters=30, seed=2)
    assert hint.move == Move("7b", ["3c", "4s"])
    assert "scopa" in hint.reason


def test_hint_is_deterministic_with_a_seed_and_iterations():
    view = make_view("2d 6s 9b", "1c 5b 8d", hand_sizes=(3, 3), stock=24)
    assert suggest(view, iters=30, seed=4) == suggest(view, iters=30, seed=4)
    assert suggest(view, iters=30, seed=4).move in view.legal


def test_explain_uses_the_cards_counted():
    # Laying 6b on 4c leaves 10; every King has been seen, so nothing sweeps it.
    view = make_view("5s 6b", "4c", captured=["10d 10c 10s 10b", ""], hand_sizes=(2, 3), stock=20)
    assert explain(view, Move("6b")) == "lays 6b (nothing can be taken) and leaves 4c 6b: no unseen card sweeps it"
    line = explain(view, Move("5s"))
    assert line.startswith("lays 5s (nothing can be taken) and leaves 4c 5s: only a Horse sweeps it (4 still unseen")
    # A UI names the rank in its deck's words.
    words = {9: "Cavallo", 1: "Asso"}
    italian = explain(view, Move("5s"), rank_name=lambda r: words.get(r, str(r)))
    assert "only a Cavallo sweeps it (4 still unseen" in italian and "Horse" not in italian


def test_hint_refuses_a_view_without_moves():
    view = make_view("", "4c", hand_sizes=(0, 3), stock=20)
    try:
        suggest(view, iters=10)
    except ValueError as e:
        assert "not this seat's turn" in str(e)
    else:
        raise AssertionError("a view with no legal move has no hint")


def test_a_hint_of_so_many_worlds_is_never_cut_short_by_the_clock(monkeypatch):
    # A loaded machine must not change a counted hint: with ``iters`` no clock is read.
    view = make_view("2d 6s 9b", "1c 5b 8d", hand_sizes=(3, 3), stock=24)
    unhurried = suggest(view, iters=30, seed=4)
    import scopa_tui.ai.search as search

    monkeypatch.setattr(search, "perf_counter", lambda: 1e12)  # every deadline long past
    assert suggest(view, iters=30, seed=4) == unhurried
