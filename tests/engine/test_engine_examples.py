"""Every worked example of RULES.md section 8 (copied here; nothing reads ../shared)."""

from __future__ import annotations

import pytest
from scopa_helpers import StackedDecks, deck_for, game_at, m, move, names, state

from scopa_tui.engine import Game, IllegalMove, Played, capture_masks, cards_of, make_rules, parse_card
from scopa_tui.engine.core import primiera
from scopa_tui.engine.rules import PRIMIERA_CHARTS

# (table, card played, every legal capture) -- RULES.md section 8
EXAMPLES = [
    ("3c 4s 7b", "7d", [["7b"]]),
    ("3c 4s 2b 5d", "7c", [["3c", "4s"], ["2b", "5d"]]),
    ("1d 2c 3s 4b", "10b", [["1d", "2c", "3s", "4b"]]),
    ("6c 6s", "6d", [["6c"], ["6s"]]),
    ("8c", "5d", []),
]


def captures(card: str, table: str) -> list[list[str]]:
    return sorted(names(cards_of(c)) for c in capture_masks(parse_card(card), m(table)))


@pytest.mark.parametrize("table,card,expected", EXAMPLES)
def test_capture_masks_of_each_example(table, card, expected):
    assert captures(card, table) == sorted(expected)


@pytest.mark.parametrize("table,card,expected", EXAMPLES)
def test_hand_state_legal_moves_of_each_example(table, card, expected):
    rules = make_rules(players=2)
    # Seat 0 holds the example's card and one unrelated card; seat 1 still has a card.
    s = state(rules, [f"{card} 9b", "9d"], table)
    mine = sorted(names(cards_of(cap)) for c, cap in s.legal_moves() if c == parse_card(card))
    assert mine == (sorted(expected) if expected else [[]])


@pytest.mark.parametrize("table,card,expected", EXAMPLES)
def test_game_legal_moves_and_captures_for_each_example(table, card, expected):
    g = game_at(make_rules(players=2), [f"{card} 9b", "9d 10d"], table)
    mine = sorted(names(mv.capture) for mv in g.legal_moves() if str(mv.card) == card)
    assert mine == (sorted(expected) if expected else [[]])
    assert sorted(names(c) for c in g.captures_for(parse_card(card))) == (sorted(expected) or [[]])


def test_match_beats_sum_and_it_is_no_scopa():
    g = game_at(make_rules(players=2), ["7d 9b", "9d 10d"], "3c 4s 7b")
    with pytest.raises(IllegalMove, match="7d must capture 7b: a match beats a sum"):
        g.play(move("7d", "3c 4s"))
    event = g.play(move("7d", "7b"))
    assert event.scopa is False
    assert names(g.table) == ["3c", "4s"]


def test_two_sum_captures_never_both():
    g = game_at(make_rules(players=2), ["7c 9b", "9d 10d"], "3c 4s 2b 5d")
    assert g.explain("7c", ["3c", "4s", "2b", "5d"]) is not None
    with pytest.raises(IllegalMove):
        g.play(move("7c", "3c 4s 2b 5d"))
    g.play(move("7c", "2b 5d"))
    assert names(g.table) == ["3c", "4s"]


@pytest.mark.parametrize("last", [False, True])
def test_king_takes_four_cards_a_scopa_unless_last_card(last):
    rules = make_rules(players=2)
    hands = ["10b", ""] if last else ["10b 9b", "9d 10d"]
    g = game_at(rules, hands, "1d 2c 3s 4b")
    event = g.play(move("10b", "1d 2c 3s 4b"))
    assert event.last is last
    assert event.scopa is (not last)
    assert g.state.scope[0] == (0 if last else 1)
    if last:
        assert g.hand_scores[-1].sides[0].scope == 0


def test_king_sweep_on_last_card_is_a_scopa_with_last_play_scopa():
    rules = make_rules(players=2, last_play_scopa=True)
    g = game_at(rules, ["10b", ""], "1d 2c 3s 4b")
    event = g.play(move("10b", "1d 2c 3s 4b"))
    assert event.last and event.scopa
    assert g.hand_scores[-1].sides[0].scope == 1


@pytest.mark.parametrize("take,stays", [("6c", "6s"), ("6s", "6c")])
def test_one_six_of_two(take, stays):
    g = game_at(make_rules(players=2), ["6d 9b", "9d 10d"], "6c 6s")
    with pytest.raises(IllegalMove, match="take just one 6"):
        g.play(move("6d", "6c 6s"))
    g.play(move("6d", take))
    assert names(g.table) == [stays]


def test_nothing_to_take_the_card_is_laid():
    g = game_at(make_rules(players=2), ["5d 9b", "9d 10d"], "8c")
    assert [mv.capture for mv in g.legal_moves() if str(mv.card) == "5d"] == [()]
    event = g.play(move("5d"))
    assert isinstance(event, Played) and event.capture == () and not event.scopa
    assert names(g.table) == ["5d", "8c"]


def test_primiera_standard_example_is_75():
    value, best = primiera(m("7c 7d 6s 5b"), PRIMIERA_CHARTS["standard"], True)
    assert value == 21 + 21 + 18 + 15 == 75
    assert names(cards_of(sum(1 << c for c in best))) == ["5b", "6s", "7c", "7d"]


def test_no_primiera_without_clubs_when_all_suits_required():
    value, _ = primiera(m("7c 7d 7s"), PRIMIERA_CHARTS["standard"], True)
    assert value is None
    value, _ = primiera(m("7c 7d 7s"), PRIMIERA_CHARTS["standard"], False)
    assert value == 63


@pytest.mark.parametrize("table,extra,card,expected", [
    ("3c 4s 7b", "10s", "7d", [["7b"]]),
    ("3c 4s 2b 5d", "", "7c", [["3c", "4s"], ["2b", "5d"]]),
    ("1d 2c 3s 4b", "", "10b", [["1d", "2c", "3s", "4b"]]),
    ("6c 6s", "9s 10s", "6d", [["6c"], ["6s"]]),
])
def test_examples_dealt_by_a_stacked_deck(table, extra, card, expected):
    """The same positions reached the ordinary way: a Game dealing a chosen deck.

    The deal needs 4 table cards; ``extra`` fills the table with cards that change
    nothing for the card played (no match, no part of a sum).
    """
    deck = deck_for(2, 1, [[f"{card} 8d 9d", "8c 9c 10c"]], f"{table} {extra}")
    g = Game(make_rules(players=2), seed=1, decks=StackedDecks(1, [deck]))
    g.start()
    assert g.dealer == 1 and g.turn == 0
    assert names(g.table) == sorted(f"{table} {extra}".split())
    assert names(g.hand_of(0)) == sorted([card, "8d", "9d"])
    mine = sorted(names(mv.capture) for mv in g.legal_moves() if str(mv.card) == card)
    assert mine == sorted(expected)
