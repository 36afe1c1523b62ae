"""Scoring of a hand with the full breakdown (RULES.md section 5).

:func:`score_hand` says, for every point, who won it and why; the scoring screen, the
records and the tests read it.  :func:`.core.hand_points` is the fast equivalent for
playouts; the two are checked against each other in the tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import CARDS, COINS_MASK, SETTEBELLO, SUIT_NAMES, SUITS, Card, card_tuple
from .core import primiera
from .rules import Rules

@dataclass(frozen=True)
class SideScore:
    """What one side captured in a hand and what it scored."""

    side: int
    seats: tuple[int, ...]
    captured: tuple[Card, ...]
    cards: int
    coins: int
    settebello: bool
    primiera: int | None
    primiera_cards: tuple[Card, ...]  # the best card of each suit the side holds
    missing_suits: tuple[str, ...]  # suit letters the side has no card of
    scope: int
    points: int
    # The card that made each of the side's scope this hand, in play order.  Not written
    # to the record (docs/record-format.md): a replay recomputes it from the plays.
    scope_cards: tuple[Card, ...] = ()

    def to_record(self) -> dict:
        return {"cards": self.cards, "coins": self.coins, "settebello": self.settebello,
                "primiera": self.primiera, "scope": self.scope, "points": self.points}


@dataclass(frozen=True)
class Award:
    """One point of the hand: which side won it (None: nobody) and why, in words."""

    point: str
    side: int | None
    reason: str


@dataclass(frozen=True)
class HandScore:
    hand: int
    sides: tuple[SideScore, ...]
    awards: tuple[Award, ...]
    leftover: tuple[Card, ...]
    leftover_to: int | None
    totals: tuple[int, ...] = field(default=())
    # The side whose last card of the hand swept the table without scoring a scopa (the
    # rules' ``last_play_scopa`` off, docs/record-format.md "play"); None otherwise.
    last_sweep: int | None = None

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(s.points for s in self.sides)

    def award(self, point: str) -> Award:
        for a in self.awards:
            if a.point == point:
                return a
        raise KeyError(point)


def _count(n: int, noun: str) -> str:
    """``"1 coin"``, ``"0 coins"``, ``"3 coins"``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _award(point: str, values: list, fmt, side_names) -> Award:
    present = [(i, v) for i, v in enumerate(values) if v is not None]
    if not present:
        return Award(point, None, f"no side has a {point}: no point")
    best = max(v for _, v in present)
    winners = [i for i, v in present if v == best]
    if len(winners) > 1:
        who = " and ".join(side_names[i] for i in winners)
        return Award(point, None, f"tie: {who} have {fmt(best)} each: no point")
    w = winners[0]
    others = [v for i, v in present if i != w]
    if others:
        reason = f"{side_names[w]}: {fmt(best)} against {', '.join(fmt(v) for v in others)}"
    else:
        reason = f"{side_names[w]}: {fmt(best)}, the only one"
    return Award(point, w, reason)


def score_hand(rules: Rules, hand: int, piles: list[int], scope: list[int], leftover: int,
               leftover_to: int | None, totals_before: list[int],
               side_names: list[str] | None = None, scope_cards: list[list[Card]] | None = None,
               last_sweep: int | None = None) -> HandScore:
    """Score a finished hand from the sides' capture piles (leftovers already included).

    ``scope_cards`` (the sweeping cards of each side) and ``last_sweep`` are carried into
    the score for the scoring screen; they do not change the points.
    """
    n = len(piles)
    names = side_names or [f"side {i}" for i in range(n)]
    values = rules.primiera_values
    prim = [primiera(p, values, rules.primiera_requires_all_suits) for p in piles]
    counts = [p.bit_count() for p in piles]
    coins = [(p & COINS_MASK).bit_count() for p in piles]
    awards = [
        _award("cards", counts, lambda v: _count(v, "card"), names),
        _award("coins", coins, lambda v: _count(v, "coin"), names),
    ]
    holder = next((i for i, p in enumerate(piles) if p >> SETTEBELLO & 1), None)
    awards.append(Award("settebello", holder,
                        f"{names[holder]} took the 7 of Coins" if holder is not None
                        else "nobody took the 7 of Coins"))
    pa = _award("primiera", [v for v, _ in prim], lambda v: f"primiera {v}", names)
    if pa.side is None and all(v is None for v, _ in prim):
        pa = Award("primiera", None, "no side holds all four suits: no point")
    awards.append(pa)
    points = scope[:]
    for a in awards:
        if a.side is not None:
            points[a.side] += 1
    sides = []
    for i, p in enumerate(piles):
        value, best = prim[i]
        have = {c & 3 for c in best}
        sides.append(SideScore(
            side=i, seats=rules.sides[i], captured=card_tuple(p), cards=counts[i],
            coins=coins[i], settebello=bool(p >> SETTEBELLO & 1), primiera=value,
            primiera_cards=tuple(CARDS[c] for c in sorted(best, key=lambda c: c & 3)),
            missing_suits=tuple(SUITS[s] for s in range(4) if s not in have),
            scope=scope[i], points=points[i],
            scope_cards=tuple(scope_cards[i]) if scope_cards else ()))
    totals = tuple(t + p for t, p in zip(totals_before, points))
    return HandScore(hand=hand, sides=tuple(sides), awards=tuple(awards),
                     leftover=card_tuple(leftover), leftover_to=leftover_to, totals=totals,
                     last_sweep=last_sweep)


def primiera_text(side: SideScore) -> str:
    """E.g. ``"7d 7c 6s 5b = 75"`` or ``"no primiera: lacks Swords"``."""
    if side.primiera is None:
        lacks = ", ".join(SUIT_NAMES[s] for s in side.missing_suits)
        return f"no primiera: lacks {lacks}"
    return f"{' '.join(map(str, side.primiera_cards))} = {side.primiera}"
