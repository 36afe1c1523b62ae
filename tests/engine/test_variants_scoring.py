"""Scoring of each variant and house rule (issue 11): napola, re bello, Escoba's setenta and
velo, with the hands worked out by hand; the fast ``hand_points`` agrees with ``score_hand``."""

from __future__ import annotations

import pytest

from scopa_tui.engine import HandEnded, make_rules
from scopa_tui.engine.core import hand_points, napola_length
from scopa_tui.engine.scoring import score_hand
from scopa_helpers import m, state

DECK = (1 << 40) - 1


def score(rules, side0: str, scope=(0, 0)):
    """Score a 2-side hand where side 0 took ``side0`` and side 1 everything else."""
    piles = [m(side0), DECK & ~m(side0)]
    return score_hand(rules, 1, piles, list(scope), 0, None, [0, 0]), piles


def fast_points(rules, piles, scope=(0, 0)):
    s = state(rules, ["", ""], piles=None)
    s.piles, s.scope = list(piles), list(scope)
    return hand_points(s, rules)


# Side 0: 7d 7c 6s 5b 1d 2d 3d 10d (8 cards; coins 7d 1d 2d 3d 10d = 5; sevens 7d 7c = 2;
# primiera 7d 21 + 7c 21 + 6s 18 + 5b 15 = 75).  Side 1: the other 32 cards (coins 4d 5d
# 6d 8d 9d = 5; sevens 7s 7b = 2; primiera 6d 18 + 6c 18 + 7s 21 + 7b 21 = 78).
SIDE0 = "7d 7c 6s 5b 1d 2d 3d 10d"


def test_an_escoba_hand_worked_out_by_hand():
    rules = make_rules(players=2, variant="escoba")
    hs, piles = score(rules, SIDE0, scope=(1, 0))
    by = {a.point: a for a in hs.awards}
    assert [a.point for a in hs.awards] == ["cards", "coins", "settebello", "sevens"]
    assert by["cards"].side == 1 and by["coins"].side is None  # 32 to 8; 5 coins each
    assert by["settebello"].side == 0  # the velo
    assert by["sevens"].side is None and by["sevens"].reason == "side 0 and side 1 tie at 2 sevens: no point"
    assert hs.points == (2, 1)  # an escoba and the velo; the cards
    assert [s.sevens for s in hs.sides] == [2, 2]
    assert fast_points(rules, piles, (1, 0)) == [2, 1]


def test_a_setenta_tie_is_broken_by_the_primiera_with_the_option():
    rules = make_rules(players=2, variant="escoba", options=("setenta-primiera",))
    hs, piles = score(rules, SIDE0)
    sevens = hs.award("sevens")
    assert sevens.side == 1
    assert sevens.reason == "tie at 2 sevens; the primiera decides: side 1: primiera 78 against primiera 75"
    assert hs.points == (1, 2) and fast_points(rules, piles) == [1, 2]


def test_most_sevens_wins_the_setenta():
    rules = make_rules(players=2, variant="escoba")
    hs, piles = score(rules, "7d 7c 7s 1b")
    assert hs.award("sevens").side == 0 and hs.sides[0].sevens == 3
    # velo and setenta to side 0; cards and coins (9 of 10) to side 1
    assert hs.points == (2, 2) and fast_points(rules, piles) == [2, 2]


def test_napola_of_3_and_re_bello():
    rules = make_rules(players=2, variant="escoba", options=("napola", "re-bello"))
    hs, piles = score(rules, SIDE0)
    assert hs.award("napola").side == 0 and hs.award("napola").value == 3
    assert hs.award("napola").reason == "side 0 took the Ace, 2 and 3 of Coins: napola of 3"
    assert hs.award("re_bello").side == 0 and hs.award("re_bello").reason == "side 0 took the King of Coins"
    # velo 1 + re bello 1 + napola 3; cards 1
    assert hs.points == (5, 1) and fast_points(rules, piles) == [5, 1]
    assert hs.sides[0].napola == 3 and hs.sides[0].re_bello and not hs.sides[1].re_bello
    assert hs.record_fields == ("sevens", "deal_sweeps", "re_bello", "napola")


def test_napola_of_5_in_scopa():
    rules = make_rules(players=2, options=("napola",))
    # Side 0 took the Ace to 5 of coins (not the 6): a napola of 5; it also took 7d.
    hs, piles = score(rules, "1d 2d 3d 4d 5d 7d")
    assert hs.award("napola").value == 5 and hs.award("napola").reason.endswith("Ace to 5 of Coins: napola of 5")
    # Side 0: settebello 1, napola 5; coins 6 to 4 also side 0.  Side 1: cards and primiera
    # (side 0 has no Cups, Swords or Clubs).
    assert hs.points == (7, 2) and fast_points(rules, piles) == [7, 2]


@pytest.mark.parametrize("pile,length", [("1d 2d 3d", 3), ("1d 2d 3d 4d 5d 7d", 5), ("1d 2d 4d", 0),
                                         ("2d 3d 4d", 0), (" ".join(f"{r}d" for r in range(1, 11)), 10)])
def test_napola_length(pile, length):
    assert napola_length(m(pile)) == length


def test_nobody_scores_a_napola_or_re_bello_they_did_not_take():
    rules = make_rules(players=2, options=("napola", "re-bello"))
    hs, _ = score(rules, "1d 3d 5c")  # side 1 took 2d: nobody has A-2-3; side 1 took 10d
    assert hs.award("napola").side is None and hs.award("napola").reason == "nobody took the Ace, 2 and 3 of Coins"
    assert hs.award("re_bello").side == 1


def test_scopa_scoring_without_house_rules_is_unchanged():
    rules = make_rules(players=2)
    hs, _ = score(rules, SIDE0)
    assert [a.point for a in hs.awards] == ["cards", "coins", "settebello", "primiera"]
    assert hs.record_fields == () and "sevens" not in hs.sides[0].to_record(hs.record_fields)


def test_a_hand_end_line_carries_the_variant_fields():
    rules = make_rules(players=2, variant="escoba", options=("napola",))
    hs, _ = score(rules, SIDE0)
    line = HandEnded(hs).to_record()
    assert line["sides"][0] == {"cards": 8, "coins": 5, "settebello": True, "primiera": 75, "scope": 0,
                                "points": 4, "sevens": 2, "deal_sweeps": 0, "napola": 3}
