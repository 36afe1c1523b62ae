"""Evaluations of an unfinished hand for the search levels: points of a hand, per side.

Each function takes an engine :class:`~scopa_tui.engine.core.HandState` (a world of the
search) and a side, and returns that side's expected hand points minus the best other
side's, reading only what every seat can see in it: the capture piles, the scope, the
table and the count of cards still out (never the hands or the stock order, which in a
world are a guess).  The moves come from the engine, so every variant is played by its own
capture rule; :func:`expected_points` also takes the variant's capture rule for what the
seat to move can take, and its categories (Escoba's setenta, re bello) for the points.

* :func:`material` is the plain hand-written evaluation of the ``pimc`` level: a weight
  for every captured card, coin, settebello, primiera prospect and scopa.
* :func:`expected_points` (the ``hard`` level) turns each point into the chance of
  winning it: the cards and coins leads against how many are still out (a point already
  clinched is a whole point), the primiera prospects against the 7s, 6s and aces still
  out, and the risk of a sweep of the table by the seat to move.
* :func:`fitted_points` (an option of ``hard``, measured no stronger) reads the same points
  from counting tables fitted on self-play (:mod:`.fit`, :mod:`.fitted`), in 2-player Scopa.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb, tanh

from ..engine.cards import COINS_MASK, DECK_MASK, SETTEBELLO
from ..engine.core import RE_BELLO, card_captures, is_scopa
from .common import CARD_VALUE, RANK_MASK, mask_value

_SB = 1 << SETTEBELLO
_KEY_MASK = RANK_MASK[7] | RANK_MASK[6] | RANK_MASK[1]  # the cards that decide the primiera
_SEVENS = RANK_MASK[7]
_RE_BELLO = 1 << RE_BELLO

# material(): weights in points of a hand.
CARD_W = 0.08
COIN_W = 0.15
PRIMIERA_W = 0.01   # per point of primiera prospect (best card of each suit; a 7 is 21)


_ORDERS: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}
_PROSPECTS: dict[tuple[int, int], int] = {}


def primiera_prospect(pile: int, values: tuple[int, ...]) -> int:
    """The sum of the best primiera value of each suit in ``pile`` (0 for a suit it lacks)."""
    key = (pile, id(values))
    found = _PROSPECTS.get(key)
    if found is not None:
        return found
    order = _ORDERS.get(values)
    if order is None:
        order = _ORDERS[values] = tuple((4 * (r - 1), values[r]) for r in sorted(range(1, 11), key=lambda r: -values[r]))
    have = total = 0
    for shift, value in order:
        nib = (pile >> shift) & 15 & ~have
        if nib:
            have |= nib
            total += value * nib.bit_count()
            if have == 15:
                break
    if len(_PROSPECTS) > 200_000:
        _PROSPECTS.clear()
    _PROSPECTS[key] = total
    return total


def material(state, side: int, values: tuple[int, ...], rules=None) -> float:
    """Linear hand-written evaluation: captured material, primiera prospects, settebello, scope
    (and the King of coins when ``rules`` play the ``re-bello`` house rule)."""
    bello = _SB | (_RE_BELLO if rules is not None and rules.re_bello else 0)
    best_other = None
    mine = 0.0
    for s, pile in enumerate(state.piles):
        v = (state.scope[s] + CARD_W * pile.bit_count() + COIN_W * (pile & COINS_MASK).bit_count()
             + PRIMIERA_W * primiera_prospect(pile, values))
        v += (pile & bello).bit_count()
        if s == side:
            mine = v
        elif best_other is None or v > best_other:
            best_other = v
    return mine - (best_other or 0.0)


def _split_table(total: int) -> list[list[float]]:
    """``t[left][lead + total]``: P(win) - P(lose) of a "most of" point, ``left`` cards to share.

    The ``left`` cards still out are assumed to fall to either side with even chances.
    Built when the module is imported (before a game's first frame), so each row sums its
    binomials once: ``below[k]`` is how many of the 2**left ways give us fewer than ``k``.
    """
    out = []
    for left in range(total + 1):
        below = [0]
        for x in range(left + 1):
            below.append(below[-1] + comb(left, x))
        every = below[-1]
        row = []
        for lead in range(-total, total + 1):
            # final = lead + 2x - left: a win when x > (left - lead) / 2, a loss when x < it
            lose = below[min(max((left - lead + 1) // 2, 0), left + 1)]
            win = every - below[min(max((left - lead) // 2 + 1, 0), left + 1)]
            row.append((win - lose) / 2 ** left)
        out.append(row)
    return out


_CARDS_SPLIT = _split_table(40)
_COINS_SPLIT = _split_table(10)
_SEVENS_SPLIT = _split_table(4)
SWEEP_RISK = 1.0     # a scopa, and the table with it, is this much of a point
PRIMIERA_SCALE = (10.0, 8.0)  # tanh(lead / (a + b * key cards still out))


def expected_points(state, side: int, values: tuple[int, ...], rules=None) -> float:
    """Expected hand points of ``side`` minus the best other side's (see the module doc).

    With ``rules``, the points follow the variant's categories (engine.variants): Escoba's
    most sevens (setenta) in place of the primiera, and the King of coins when the
    ``re-bello`` house rule is played.
    """
    piles = state.piles
    mine = piles[side]
    other = 0
    other_v = -1
    for s, p in enumerate(piles):
        if s != side:
            c = p.bit_count()
            if c > other_v:
                other, other_v = p, c
    out_mask = DECK_MASK & ~(state.table | mine | other)
    for p in piles:
        out_mask &= ~p
    left = out_mask.bit_count() + state.table.bit_count()
    v = 0.0
    # scope: exact; for several other sides, against the best of them
    v += state.scope[side] - max(sc for s, sc in enumerate(state.scope) if s != side)
    # cards and coins: chance of finishing ahead with what is still out
    v += _CARDS_SPLIT[left][mine.bit_count() - other.bit_count() + 40]
    coins_left = ((out_mask | state.table) & COINS_MASK).bit_count()
    v += _COINS_SPLIT[coins_left][(mine & COINS_MASK).bit_count() - (other & COINS_MASK).bit_count() + 10]
    # settebello: whoever took it
    if mine & _SB:
        v += 1.0
    elif not (out_mask | state.table) & _SB:
        v -= 1.0
    if rules is not None and rules.re_bello:  # the King of coins, like the settebello
        if mine & _RE_BELLO:
            v += 1.0
        elif not (out_mask | state.table) & _RE_BELLO:
            v -= 1.0
    if rules is not None and rules.variant_info.scoring == "escoba":
        # setenta: most sevens, against the sevens still out
        sevens = _SEVENS & (out_mask | state.table)
        v += _SEVENS_SPLIT[sevens.bit_count()][(mine & _SEVENS).bit_count() - (other & _SEVENS).bit_count() + 4]
    else:
        # primiera: prospects against the key cards still out
        key_left = ((out_mask | state.table) & _KEY_MASK).bit_count()
        lead = primiera_prospect(mine, values) - primiera_prospect(other, values)
        if lead:
            v += tanh(lead / (PRIMIERA_SCALE[0] + PRIMIERA_SCALE[1] * key_left))
    # the table is exposed to the seat to move
    table = state.table
    if table and state.plays_left > 1 and state.turn >= 0:
        risk = expected_reply(table, out_mask, len(state.hands[state.turn]) or 3,
                              state.plays_left > 2 or state.last_play_scopa, state.rule)
        v += risk if state.turn % state.sides_n == side else -risk
    return v


@lru_cache(maxsize=4096)  # a search asks it again for the same table and cards out (3 times in 4)
def expected_reply(table: int, out: int, hand: int, scopa_counts: bool, rule: int = 0) -> float:
    """What a seat holding ``hand`` of the cards ``out`` can expect to take from ``table``.

    For each rank still out, the best capture a card of that rank makes by the variant's
    capture ``rule`` (engine.core.CAPTURE_RULES; a sweep that scores adds a point); the
    seat plays its best rank, so the ranks are taken best first, each weighted by the
    chance that the seat holds it and none of the better ones.
    """
    found = []
    for rank in range(1, 11):
        k = (out & RANK_MASK[rank]).bit_count()
        if not k:
            continue
        best = 0.0
        card = 4 * (rank - 1) + 1
        for cap in card_captures(rule, card, table):
            if not cap:
                continue  # laid on the table
            v = mask_value(cap) + CARD_VALUE
            if scopa_counts and is_scopa(rule, card, cap, table ^ cap, False, False):
                v += SWEEP_RISK
            if v > best:
                best = v
        if best:
            found.append((best, k))
    if not found:
        return 0.0
    found.sort(reverse=True)
    unseen = out.bit_count()
    if unseen < hand:
        hand = unseen
    total = comb(unseen, hand)
    expected = 0.0
    none_before = 1.0
    cards_before = 0
    for v, k in found:
        cards_before += k
        none_after = comb(unseen - cards_before, hand) / total
        expected += v * (none_before - none_after)
        none_before = none_after
    return expected


# --- the fitted evaluation (2-player Scopa) -------------------------------------------
#
# The same points, read from counting tables fitted on self-play (:mod:`.fit` writes
# :mod:`.fitted`): each category's mean outcome over the deal ends that looked alike,
# and what the rest of the hand gave beyond them (the scope to come, what the table hands
# the seat to move).  A cell too rare to be fitted falls back to the chances above.


def _count(mask: int, rank: int) -> int:
    return (mask & RANK_MASK[rank]).bit_count()


def prim_key(mine: int, other: int) -> tuple[int, int, int, int]:
    """The primiera cell: sevens ahead, sevens still out, sixes ahead and aces ahead
    (both clipped to -2..2)."""
    d7 = _count(mine, 7) - _count(other, 7)
    left7 = 4 - _count(mine | other, 7)
    d6 = max(-2, min(2, _count(mine, 6) - _count(other, 6)))
    d1 = max(-2, min(2, _count(mine, 1) - _count(other, 1)))
    return d7, left7, d6, d1


def risk_bucket(risk: float) -> int:
    """:func:`expected_reply` in steps of a quarter point, 0 to 8."""
    return min(8, int(risk * 4 + 0.5))


def features(piles: list[int], side: int, table: int, mover_side: int) -> dict:
    """What ``side`` sees at a deal's end (2 sides): leads and cards still out, by category,
    and what the seat to move can expect to take from the table."""
    mine, other = piles[side], piles[1 - side]
    taken = mine | other
    out = DECK_MASK & ~(taken | table)
    return {
        "left": 40 - taken.bit_count(),
        "cards": mine.bit_count() - other.bit_count(),
        "coins_left": 10 - (taken & COINS_MASK).bit_count(),
        "coins": (mine & COINS_MASK).bit_count() - (other & COINS_MASK).bit_count(),
        "sb": (1 if mine & _SB else -1 if other & _SB else 0, bool(table & _SB), mover_side == side),
        "prim": prim_key(mine, other),
        "mover": mover_side == side,
        "risk": risk_bucket(expected_reply(table, out, 3, True)) if table else 0,
    }


def fitted_categories(f: dict, tables: dict[str, dict]) -> float:
    """The expected points of the categories (cards, coins, settebello, primiera) for the
    features ``f``, by ``tables`` (``{"cards": {cell: mean}, ...}``)."""
    v = tables["cards"].get((f["left"], f["cards"]))
    if v is None:
        v = _CARDS_SPLIT[f["left"]][f["cards"] + 40]
    c = tables["coins"].get((f["coins_left"], f["coins"]))
    v += _COINS_SPLIT[f["coins_left"]][f["coins"] + 10] if c is None else c
    sb = f["sb"]
    v += sb[0] or tables["sb"].get(sb, 0.0)
    p = tables["prim"].get(f["prim"])
    if p is None:
        p = tables["prim7"].get(f["prim"][:2], 0.0)
    return v + p


_TABLES: dict[str, dict] = {}


def fitted_tables() -> dict[str, dict]:
    """The tables of :mod:`.fitted`, by the names :func:`fitted_categories` reads."""
    if not _TABLES:
        from . import fitted

        _TABLES.update(cards=fitted.CARDS, coins=fitted.COINS, sb=fitted.SB, prim=fitted.PRIM,
                       prim7=fitted.PRIM7, rest=fitted.REST)
    return _TABLES


def fitted_points(state, side: int, values: tuple[int, ...], rules=None) -> float:
    """Expected hand points of ``side`` minus the other's, by the fitted tables (2-player
    Scopa, plain scoring); :func:`expected_points` for every other game."""
    if state.sides_n != 2 or state.n != 2 or state.rule or (rules is not None and not rules.plain_scoring):
        return expected_points(state, side, values, rules)
    tables = fitted_tables()
    f = features(state.piles, side, state.table, state.turn % 2 if state.turn >= 0 else -1)
    v = state.scope[side] - state.scope[1 - side] + fitted_categories(f, tables)
    return v + tables["rest"].get((f["left"], f["mover"], f["risk"]), 0.0)
