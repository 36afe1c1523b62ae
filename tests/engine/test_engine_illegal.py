"""Illegal moves: the player-facing reason, an unchanged state, and explain() without applying."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scopa_helpers import game_at, move, snapshot

from scopa_tui.engine import CARDS, Game, IllegalMove, Move, cards_of, make_rules

# (hand of the seat to act, table, card, capture, the reason given to the player)
CASES = [
    ("7d 9b", "3c 4s 7b", "7d", "3c 4s", "7d must capture 7b: a match beats a sum"),
    ("7d 9b", "3c 4s 7b", "7d", "", "7d must capture 7b: a match beats a sum"),
    ("7c 9b", "3c 4s", "7c", "", "you must capture: 3 + 4 = 7 is on the table"),
    ("7d 9b", "3c 4s 5b", "7d", "3c 5b", "3 + 5 = 8, your card is a 7"),
    ("7d 9b", "3c 4s", "7d", "3c", "a 7 cannot take a 3"),
    ("7d 9b", "3c 8s", "7d", "3c",
     "a 7 cannot take a 3; nothing adds up to 7, so 7d is laid on the table"),
    ("7d 9b", "3c 4s", "7d", "3c 4s 7b", "7b is not on the table"),
    ("9b 1c", "3c 4s", "7d", "3c 4s", "7d is not in your hand"),
    ("6d 9b", "6c 6s 2b 4d", "6d", "", "6d must capture one 6 (6c or 6s): a match beats a sum"),
    ("6d 9b", "6c 6s 2b 4d", "6d", "2b 4d", "6d must capture one 6 (6c or 6s): a match beats a sum"),
    ("6d 9b", "6c 6s", "6d", "6c 6s", "take just one 6: 6c or 6s"),
    # cards that make no sum of the card's rank: only the match is said ("a match beats a sum"
    # was said of a 1 with a 6 chosen)
    ("1d 9b", "1c 6s", "1d", "6s", "1d must capture 1c"),
    ("7d 9b", "3c 4s 7b", "7d", "3c", "7d must capture 7b"),
    ("7d 9b", "3c 7b", "7d", "3c 7b", "7d must capture 7b"),
    ("6d 9b", "6c 6s 2b", "6d", "2b", "6d must capture one 6 (6c or 6s)"),
    # nothing chosen, and no sum on the table: the rule of sums says nothing to the player
    ("6d 9b", "6c 6s", "6d", "", "6d must capture one 6 (6c or 6s)"),
    ("10d 9b", "5c 6c 9s 10s", "10d", "", "10d must capture 10s"),
    ("8d 9b", "1c 3s", "8d", "1c", "an 8 cannot take a 1; nothing adds up to 8, so 8d is laid on the table"),
    ("7d 9b", "1c 8s", "7d", "8s", "a 7 cannot take an 8; nothing adds up to 7, so 7d is laid on the table"),
    ("8d 9b", "1c 3s 4b", "8d", "1c 3s", "1 + 3 = 4, your card is an 8"),
]


@pytest.mark.parametrize("hand,table,card,capture,reason", CASES)
def test_illegal_move_reason_and_unchanged_state(hand, table, card, capture, reason):
    g = game_at(make_rules(players=2), [hand, "9d 10d"], table)
    seen = []
    g.subscribe(seen.append)
    before = snapshot(g)
    with pytest.raises(IllegalMove) as info:
        g.play(move(card, capture))
    assert str(info.value) == reason
    assert snapshot(g) == before
    assert seen == []
    # The same check without applying, for a UI validating a selection.
    assert g.explain(card, capture.split()) == reason
    with pytest.raises(IllegalMove, match="^" + re.escape(reason) + "$"):
        g.check(move(card, capture))
    assert snapshot(g) == before


def test_explain_is_none_for_a_legal_move_and_does_not_apply_it():
    g = game_at(make_rules(players=2), ["7d 9b", "9d 10d"], "3c 4s 7b")
    before = snapshot(g)
    assert g.explain("7d", ["7b"]) is None
    assert g.explain("9b") is None
    assert snapshot(g) == before
    g.check(move("7d", "7b"))  # does not raise
    assert snapshot(g) == before


def test_no_play_between_hands():
    g = game_at(make_rules(players=2), ["9b", ""], "3c")
    g.play(move("9b"))
    assert g.phase == "hand_over"
    assert g.explain("9d") == "the hand is over"
    with pytest.raises(IllegalMove, match="the hand is over"):
        g.play(move("9d"))
    assert g.legal_moves() == []


def _position(seed: int, players: int) -> Game:
    """A game stopped at a random point of its first hand."""
    rng = random.Random(seed)
    g = Game(make_rules(players=players), seed=seed)
    g.start()
    for _ in range(rng.randrange(36)):
        g.play(rng.choice(g.legal_moves()))
    return g


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.sampled_from([2, 3, 4, 6]), data=st.data())
def test_explain_agrees_with_legal_moves_and_play(seed, players, data):
    g = _position(seed, players)
    hand = list(g.hand_of(g.turn))
    table = list(g.table)
    card = data.draw(st.sampled_from(hand + [CARDS[c] for c in range(40) if CARDS[c] not in hand]))
    capture = data.draw(st.lists(st.sampled_from(table + [CARDS[0]]), unique=True) if table
                        else st.just([]))
    mv = Move(card, capture)
    reason = g.explain(card, capture)
    assert (reason is None) == (mv in g.legal_moves())
    before = snapshot(g)
    if reason is None:
        g.play(mv)
        assert g.history[-1].card == card and g.history[-1].capture == tuple(cards_of(mv.mask))
    else:
        assert reason and "\n" not in reason
        with pytest.raises(IllegalMove) as info:
            g.play(mv)
        assert str(info.value) == reason
        assert snapshot(g) == before
