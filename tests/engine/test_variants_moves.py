"""Legal moves, deals and explanations of each variant of the family (issue 11), with the
worked examples written out by hand."""

from __future__ import annotations

import pytest

from scopa_tui.engine import (VARIANTS, Game, IllegalMove, RulesError, cards_of, make_rules, parse_card)
from scopa_tui.engine.core import new_hand
from scopa_helpers import StackedDecks, game_at, m, move, names, state


def moves_of(s, card: str) -> list[list[str]]:
    """The capture sets ``card`` may take in hand state ``s``, as sorted name lists."""
    return sorted(names(cards_of(cap)) for c, cap in s.legal_moves() if c == parse_card(card))


ESCOBA = make_rules(players=2, variant="escoba")
ASSI = make_rules(players=2, variant="scopa-d-assi")
ASSI_STRICT = make_rules(players=2, variant="scopa-d-assi", options=("ace-no-empty-sweep",))


# --- Escoba ------------------------------------------------------------------------------

def test_escoba_sets_adding_up_to_15_enumerated_by_hand():
    # 7s needs 8 more from 1d 2c 3s 5b 6d 8c: 8c; 2c + 6d; 3s + 5b; 1d + 2c + 5b.
    # (1d + 3s = 4, 1d + 6d = 7, 2c + 5b = 7, 1d + 2c + 3s = 6: none makes 8.)  Laying is
    # always allowed: capturing is not compulsory in Escoba.
    s = state(ESCOBA, ["7s 9b", "4d"], "1d 2c 3s 5b 6d 8c")
    assert moves_of(s, "7s") == [[], ["1d", "2c", "5b"], ["2c", "6d"], ["3s", "5b"], ["8c"]]
    # 9b needs 6: 6d; 1d + 5b; 1d + 2c + 3s.  Not 3s + 3? (one 3 only) nor 2c + 4? (no 4).
    assert moves_of(s, "9b") == [[], ["1d", "2c", "3s"], ["1d", "5b"], ["6d"]]


def test_escoba_face_cards_count_8_9_10_and_a_match_is_no_capture():
    # King (10) takes 5; Horse (9) takes 6 or 1 + 5; Jack (8) takes 7 or 1 + 6.
    s = state(ESCOBA, ["10b 9c 8d", "4d"], "5s 6c 7b 1d")
    assert moves_of(s, "10b") == [[], ["5s"]]
    assert moves_of(s, "9c") == [[], ["1d", "5s"], ["6c"]]
    assert moves_of(s, "8d") == [[], ["1d", "6c"], ["7b"]]
    # A 5 on a table holding a 5 takes nothing by match: only sums to 15 count.
    s = state(ESCOBA, ["5d", "4d"], "5s 2c")
    assert moves_of(s, "5d") == [[]]


def test_escoba_a_sweep_is_an_escoba_and_the_game_says_why_a_set_is_wrong():
    g = game_at(ESCOBA, ["3d 9b", "4d 4c"], "5s 7b")
    assert g.explain("3d", ["5s"]) == "3 + 5 = 8, not 15"
    assert g.explain("3d", ["5s", "7b"]) is None
    assert g.describe("3d", ["5s", "7b"]) == "3 + 5 + 7 = 15"
    assert g.describe("3d", []) == "capturing is not compulsory in Escoba: 3d is laid on the table"
    assert g.explain("9b", ["7b"]) == ("9 + 7 = 16, not 15; nothing on the table makes 15 with 9b, "
                                       "so it is laid on the table")
    event = g.play(move("3d", "5s 7b"))
    assert event.scopa and g.state.scope == [1, 0]


@pytest.mark.parametrize("table,escobas", [("1d 2c 5s 7b", 1), ("10b 10c 9s 1d", 2), ("1d 2c 5s 6b", 0)])
def test_escoba_the_dealer_takes_a_table_adding_up_to_15_or_30(table, escobas):
    # Dealer seat 1; seat 0 is dealt first.  1+2+5+7 = 15: one escoba; 10+10+9+1 = 30: two.
    rounds = [["3d 3c 3s", "4d 4c 4s"]]
    from scopa_helpers import deck_for
    deck = deck_for(2, 1, rounds, table)
    g = Game(ESCOBA, seed=0, decks=StackedDecks(1, [deck]))
    g.start()
    dealt = g.events[1]
    assert names(dealt.table) == names(cards_of(m(table)))
    assert dealt.escobas == escobas
    if escobas:
        assert g.table == () and g.state.scope == [0, escobas]
        assert g.state.piles[1] == m(table) and g.state.last_capture == 1
        assert dealt.to_record()["dealer_escobas"] == escobas
    else:
        assert names(g.table) == names(cards_of(m(table))) and g.state.scope == [0, 0]
        assert "dealer_escobas" not in dealt.to_record()


def test_escoba_has_no_three_kings_redeal_and_a_target_of_21():
    assert ESCOBA.redeal_three_kings is False and ESCOBA.target == 21
    assert make_rules(players=2).redeal_three_kings is True


# --- Scopa d'Assi --------------------------------------------------------------------------

def test_an_ace_sweeps_the_whole_table_and_it_is_no_scopa():
    s = state(ASSI, ["1d 7b", "4d 4c"], "3c 5s 10b")
    assert moves_of(s, "1d") == [["10b", "3c", "5s"]]
    g = game_at(ASSI, ["1d 7b", "4d 4c"], "3c 5s 10b")
    assert g.explain("1d", ["3c"]) == "1d takes the whole table: an Ace takes everything when no Ace is on it"
    assert g.describe("1d", ["3c", "5s", "10b"]) == "an Ace takes the whole table (no scopa)"
    event = g.play(move("1d", "3c 5s 10b"))
    assert not event.scopa and g.state.scope == [0, 0] and g.table == ()


def test_an_ace_on_the_table_is_taken_by_match_and_that_sweep_is_a_scopa():
    s = state(ASSI, ["1d 7b", "4d 4c"], "1c 1s 6b")
    assert moves_of(s, "1d") == [["1c"], ["1s"]]
    g = game_at(ASSI, ["1d 7b", "4d 4c"], "1c 6b")
    assert g.explain("1d", ["1c", "6b"]) == "1d must capture 1c: an Ace on the table is taken by match"
    g = game_at(ASSI, ["1d 7b", "4d 4c"], "1c")
    assert g.play(move("1d", "1c")).scopa


def test_other_cards_follow_scopa_and_may_sum_aces_on_the_table():
    s = state(ASSI, ["3d 7b", "4d"], "1c 2s 7c")
    assert moves_of(s, "3d") == [["1c", "2s"]]
    assert moves_of(s, "7b") == [["7c"]]  # a match beats a sum, as in Scopa


def test_an_ace_on_an_empty_table_is_laid_unless_the_house_rule_forbids_it():
    assert moves_of(state(ASSI, ["1d 7b", "4d"], ""), "1d") == [[]]
    strict = state(ASSI_STRICT, ["1d 7b", "4d"], "")
    assert moves_of(strict, "1d") == [] and moves_of(strict, "7b") == [[]]
    g = game_at(ASSI_STRICT, ["1d 7b", "4d"], "")
    assert g.explain("1d", []) == "1d may not be played on an empty table: play another card"
    with pytest.raises(IllegalMove, match="empty table"):
        g.play(move("1d"))
    # Holding Aces only, one must be played.
    assert moves_of(state(ASSI_STRICT, ["1d 1b", "4d"], ""), "1d") == [[]]


def test_ace_no_empty_sweep_is_for_scopa_d_assi_only():
    with pytest.raises(RulesError, match="not played in Scopa: it is for scopa-d-assi"):
        make_rules(players=2, options=("ace-no-empty-sweep",))


# --- Scopone ---------------------------------------------------------------------------

def test_a_scopone_scientifico_opening():
    rules = make_rules(players=4, variant="scopone-scientifico")
    deck = list(range(40))  # top of the deck is the end: seat 1 (after dealer 0) gets 39 first
    s = new_hand(rules, 0, deck)
    assert s.table == 0 and s.stock == [] and s.plays_left == 40
    assert [len(h) for h in s.hands] == [10, 10, 10, 10]
    # One card to each seat in turn, ten times round: seat 1 gets 39, 35, 31, ...
    assert s.hands[1] == [39, 35, 31, 27, 23, 19, 15, 11, 7, 3] and s.turn == 1
    # The first player cannot take anything: ten moves, each laying a card.
    assert sorted(s.legal_moves()) == sorted((c, 0) for c in s.hands[1])


def test_scopone_classico_deals_9_each_and_4_to_the_table_and_never_again():
    rules = make_rules(players=4, variant="scopone-classico")
    assert rules.redeal_three_kings is True
    g = Game(rules, seed=5)
    g.start()
    assert [len(g.hand_of(s)) for s in range(4)] == [9, 9, 9, 9] and len(g.table) == 4
    assert g.state.stock == [] and g.state.plays_left == 36
    deals = []
    g.subscribe(lambda e: deals.append(e) if type(e).__name__ == "Dealt" else None)
    while g.phase == "play":
        g.play(g.legal_moves()[0])
    assert deals == []  # no second deal in the hand


@pytest.mark.parametrize("variant", ["scopone-scientifico", "scopone-classico"])
@pytest.mark.parametrize("players", [2, 3, 6])
def test_scopone_is_for_four_players(variant, players):
    with pytest.raises(RulesError, match=r"^Scopone \w+ is played by 4 players, not \d$"):
        make_rules(players=players, variant=variant)


def test_escoba_and_scopa_d_assi_take_the_player_counts_of_scopa():
    for name in ("escoba", "scopa-d-assi"):
        assert VARIANTS[name].players == (2, 3, 4, 6)
        with pytest.raises(RulesError, match="played by 2, 3, 4 or 6 players, not 5"):
            make_rules(players=5, variant=name)


def test_an_unknown_variant_or_option_lists_the_choices():
    with pytest.raises(RulesError, match="^unknown variant 'briscola': choose one of scopa, scopone-scientifico"):
        make_rules(variant="briscola")
    with pytest.raises(RulesError, match="^unknown option 'rebello': choose from re-bello, napola"):
        make_rules(options=("rebello",))


def test_options_round_trip_through_rules():
    rules = make_rules(players=4, variant="scopone-scientifico", target=21,
                       options=("napola", "re-bello", "no-primiera-all-suits"))
    assert rules.options == ("re-bello", "napola", "no-primiera-all-suits")
    assert rules.re_bello and rules.napola and not rules.primiera_requires_all_suits
    again = make_rules(players=4, variant="scopone-scientifico", target=21, options=rules.options)
    assert again == rules


def test_a_plain_state_built_field_by_field_still_plays_scopa_and_copies_keep_the_rule():
    from scopa_tui.engine.core import HandState, VariantState

    # A search may build a state field by field, as before the variants: it plays Scopa.
    s = HandState.__new__(HandState)
    s.n, s.sides_n, s.table, s.hands, s.stock = 2, 2, m("3c 4s"), [[int(parse_card("7d"))], [5]], []
    s.piles, s.scope, s.turn, s.dealer, s.last_capture, s.plays_left, s.last_play_scopa = [0, 0], [0, 0], 0, 1, -1, 2, False
    assert s.legal_moves() == [(int(parse_card("7d")), m("3c 4s"))]
    assert type(HandState.empty(make_rules(players=4, variant="scopone-classico"))) is HandState
    escoba = state(ESCOBA, ["7s", "4d"], "8c")
    assert type(escoba) is VariantState and type(escoba.copy()) is VariantState
    assert escoba.copy().legal_moves() == escoba.legal_moves() == [(int(parse_card("7s")), m("8c")),
                                                                   (int(parse_card("7s")), 0)]
