"""Scoring of a hand with the full breakdown (README.md, Rules engine), for every variant.

Scopa's points are cards, coins, settebello and primiera; Escoba's are cards, coins
(oros), the 7 of coins (velo) and the most sevens (setenta), see :mod:`.variants`.  The
house rules add the re bello and the napola.  Every point is an :class:`Award` whose
``point`` names it and whose ``value`` says what it is worth (1, or the napola's length).

:func:`score_hand` says, for every point, who won it and why; the scoring screen, the
records and the tests read it.  :func:`.core.hand_points` is the fast equivalent for
playouts; the two are checked against each other in the tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import CARDS, COINS_MASK, SETTEBELLO, SUIT_NAMES, SUITS, Card, card_tuple
from .core import RE_BELLO, SEVENS_SHIFT, napola_length, primiera
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
    # Variants and house rules (docs/record-format.md "hand_end"): the sevens taken (the
    # setenta of Escoba), whether the side took the King of coins (re bello), the napola
    # it scored (0, or 3 and more), and how many of its ``scope`` were the dealer's
    # escobas of an Escoba deal (table cards adding up to 15 or 30), not plays.
    sevens: int = 0
    re_bello: bool = False
    napola: int = 0
    deal_sweeps: int = 0

    def to_record(self, extra: tuple[str, ...] = ()) -> dict:
        """The side's entry of a ``hand_end`` line; ``extra`` adds the variant's own
        fields (``sevens``, ``re_bello``, ``napola``, ``deal_sweeps``)."""
        out = {"cards": self.cards, "coins": self.coins, "settebello": self.settebello,
               "primiera": self.primiera, "scope": self.scope, "points": self.points}
        for key in extra:
            out[key] = getattr(self, key)
        return out


@dataclass(frozen=True)
class Award:
    """One point of the hand: which side won it (None: nobody) and why, in words."""

    point: str
    side: int | None
    reason: str
    value: int = 1  # points it is worth to ``side`` (the napola's length; 1 otherwise)


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
    variant: str = "scopa"
    # The variant's fields written in each side of the record's hand_end line.
    record_fields: tuple[str, ...] = ()

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
               last_sweep: int | None = None, deal_sweeps: list[int] | None = None) -> HandScore:
    """Score a finished hand from the sides' capture piles (leftovers already included).

    ``scope_cards`` (the sweeping cards of each side), ``last_sweep`` and ``deal_sweeps``
    (the dealer's escobas of an Escoba deal, already counted in ``scope``) are carried
    into the score for the scoring screen; they do not change the points.
    """
    n = len(piles)
    names = side_names or [f"side {i}" for i in range(n)]
    variant = rules.variant_info
    values = rules.primiera_values
    prim = [primiera(p, values, rules.primiera_requires_all_suits) for p in piles]
    counts = [p.bit_count() for p in piles]
    coins = [(p & COINS_MASK).bit_count() for p in piles]
    sevens = [(p >> SEVENS_SHIFT & 15).bit_count() for p in piles]
    awards = [
        _award("cards", counts, lambda v: _count(v, "card"), names),
        _award("coins", coins, lambda v: _count(v, "coin"), names),
    ]
    holder = _holder(piles, SETTEBELLO)
    awards.append(Award("settebello", holder,
                        f"{names[holder]} took the 7 of Coins" if holder is not None
                        else "nobody took the 7 of Coins"))
    if variant.scoring == "escoba":
        awards.append(_setenta(rules, sevens, [v for v, _ in prim], names))
    else:
        pa = _award("primiera", [v for v, _ in prim], lambda v: f"primiera {v}", names)
        if pa.side is None and all(v is None for v, _ in prim):
            pa = Award("primiera", None, "no side holds all four suits: no point")
        awards.append(pa)
    if rules.re_bello:
        king = _holder(piles, RE_BELLO)
        awards.append(Award("re_bello", king, f"{names[king]} took the King of Coins" if king is not None
                            else "nobody took the King of Coins"))
    napolas = [napola_length(p) for p in piles]
    if rules.napola:
        awards.append(_napola(napolas, names))
    points = scope[:]
    for a in awards:
        if a.side is not None:
            points[a.side] += a.value
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
            scope_cards=tuple(scope_cards[i]) if scope_cards else (),
            sevens=sevens[i], re_bello=bool(p >> RE_BELLO & 1),
            napola=napolas[i] if rules.napola else 0,
            deal_sweeps=deal_sweeps[i] if deal_sweeps else 0))
    totals = tuple(t + p for t, p in zip(totals_before, points))
    return HandScore(hand=hand, sides=tuple(sides), awards=tuple(awards),
                     leftover=card_tuple(leftover), leftover_to=leftover_to, totals=totals,
                     last_sweep=last_sweep, variant=variant.name, record_fields=record_fields(rules))


def record_fields(rules: Rules) -> tuple[str, ...]:
    """The fields a variant adds to each side of a ``hand_end`` line (docs/record-format.md)."""
    out = ("sevens", "deal_sweeps") if rules.variant_info.scoring == "escoba" else ()
    if rules.re_bello:
        out += ("re_bello",)
    if rules.napola:
        out += ("napola",)
    return out


def _holder(piles: list[int], card: int) -> int | None:
    return next((i for i, p in enumerate(piles) if p >> card & 1), None)


def _setenta(rules: Rules, sevens: list[int], prim: list[int | None], names: list[str]) -> Award:
    """Escoba's point for the most sevens; a tie goes to the better primiera with the
    ``setenta_primiera`` option, else nobody scores it."""
    award = _award("sevens", sevens, lambda v: _count(v, "seven"), names)
    if award.side is not None or not rules.setenta_primiera:
        return award
    best = max(sevens)
    tied = [i for i, v in enumerate(sevens) if v == best]
    decider = _award("primiera", [prim[i] if i in tied else None for i in range(len(prim))],
                     lambda v: f"primiera {v}", names)
    tie = f"tie at {_count(best, 'seven')}"
    if decider.side is None:
        return Award("sevens", None, f"{tie}, and no better primiera among them: no point")
    return Award("sevens", decider.side, f"{tie}; the primiera decides: {decider.reason}")


def _napola(lengths: list[int], names: list[str]) -> Award:
    holder = next((i for i, v in enumerate(lengths) if v), None)
    if holder is None:
        return Award("napola", None, "nobody took the Ace, 2 and 3 of Coins", value=0)
    n = lengths[holder]
    run = "Ace, 2 and 3" if n == 3 else f"Ace to {n}"
    return Award("napola", holder, f"{names[holder]} took the {run} of Coins: napola of {n}", value=n)


def primiera_text(side: SideScore) -> str:
    """E.g. ``"7d 7c 6s 5b = 75"`` or ``"no primiera: lacks Swords"``."""
    if side.primiera is None:
        lacks = ", ".join(SUIT_NAMES[s] for s in side.missing_suits)
        return f"no primiera: lacks {lacks}"
    return f"{' '.join(map(str, side.primiera_cards))} = {side.primiera}"
