"""Scoring of a hand with the full breakdown (README.md, Rules engine), for every variant.

Scopa's points are cards, coins, settebello and primiera; Escoba's are cards, coins
(oros), the 7 of coins (velo) and the most sevens (setenta), see :mod:`.variants`.  The
house rules add the re bello and the napola.  Every point is an :class:`Award` whose
``point`` names it and whose ``value`` says what it is worth (1, or the napola's length).

:func:`score_hand` says, for every point, who won it and why; the scoring screen, the
records and the tests read it.  :func:`.core.hand_points` is the fast equivalent for
playouts; the two are checked against each other in the tests.

An award's reason is kept as data (:class:`Reason`: who, how many) and put into words
when it is read, in the language in use then: a scoring screen shown again after the
player changed the language says it in the new one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import CARDS, COINS_MASK, SETTEBELLO, SUITS, Card, card_tuple, mask_of, suit_name
from .core import RE_BELLO, SEVENS_SHIFT, is_scopa, napola_length, primiera
from .rules import Rules
from .text import _, ngettext
from .words import both_sides


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
class Reason:
    """Why a point went where it went, as data; :meth:`text` puts it into words.

    ``kind`` is ``most`` (``sides[0]`` has ``values[0]``, the others ``sides[1:]`` have
    ``values[1:]``),
    ``only`` (the only side with a value), ``tie`` (``sides`` tied at ``values[0]``),
    ``none`` (no side has one: the primiera), ``took``/``nobody`` (the card ``values[0]``),
    ``napola`` (``sides[0]`` took a run of ``values[0]`` coins), ``no_napola``,
    ``setenta_tie`` (tied at ``values[0]`` sevens; ``inner``: the primiera's reason that
    decides it, or None: nobody scores).
    """

    kind: str
    point: str
    sides: tuple[int, ...] = ()
    values: tuple = ()
    inner: Reason | None = None

    def text(self, side_names=(), pairs: bool = False, named: bool = False) -> str:
        """The reason in the player's language, naming the sides ``side_names`` (``pairs``:
        sides of partners, whose names say "and" already: a slash parts them in a tie;
        ``named``: ``most`` names the other sides too)."""
        def name(i: int) -> str:
            return side_names[i] if i < len(side_names) else _("side {n}").format(n=i)

        k, v = self.kind, self.values
        if k == "most":
            others = [_amount(self.point, x) for x in v[1:]]
            if named:
                # TRANSLATORS: another side's amount, named where there are more than two
                # sides: "primiera 73 (Bruno & Elena)".
                others = [_("{amount} ({side})").format(amount=x, side=name(i)) for i, x in zip(self.sides[1:], others)]
            # TRANSLATORS: who won a point and by how much, e.g. "Anna: 21 cards against 19
            # cards"; {others} lists the other sides' amounts ("19 cards, 3 cards").
            return _("{side}: {amount} against {others}").format(
                side=name(self.sides[0]), amount=_amount(self.point, v[0]), others=", ".join(others))
        if k == "only":
            # TRANSLATORS: e.g. "Anna: primiera 78, the only one" (no other side has one).
            return _("{side}: {amount}, the only one").format(side=name(self.sides[0]),
                                                             amount=_amount(self.point, v[0]))
        if k == "tie":
            # TRANSLATORS: e.g. "You and Anna tie at 2 sevens: no point" (as the score's
            # "tie at 20: no point").
            return _("{sides} tie at {amount}: no point").format(
                sides=both_sides([name(i) for i in self.sides], pairs), amount=_amount(self.point, v[0]))
        if k == "none":
            return _("no side holds all four suits: no point")
        if k == "took":
            # TRANSLATORS: e.g. "Anna took the 7 of Coins" ({card}: a card's long name).
            return _("{side} took the {card}").format(side=name(self.sides[0]), card=CARDS[v[0]].name)
        if k == "nobody":
            return _("nobody took the {card}").format(card=CARDS[v[0]].name)
        if k == "napola":
            n = v[0]
            if n == 3:
                # TRANSLATORS: the napola: the Ace, 2 and 3 of Coins (Denari) in one side's pile.
                return _("{side} took the Ace, 2 and 3 of Coins: napola of 3").format(side=name(self.sides[0]))
            # TRANSLATORS: the napola: the Ace to {n} of Coins (Denari) in an unbroken run.
            return _("{side} took the Ace to {n} of Coins: napola of {n}").format(side=name(self.sides[0]), n=n)
        if k == "no_napola":
            return _("nobody took the Ace, 2 and 3 of Coins")
        if k == "setenta_tie":
            sevens = _amount("sevens", v[0])
            if self.inner is None:
                # TRANSLATORS: Escoba's setenta (the most sevens): {sevens} e.g. "2 sevens".
                return _("tie at {sevens}, and no better primiera among them: no point").format(sevens=sevens)
            # More than two sides: each one's primiera named ("against primiera 73" said not whose).
            # TRANSLATORS: Escoba's setenta tied, decided by the primiera; {reason} says who
            # has the better primiera ("Anna: primiera 78 against primiera 75").
            return _("tie at {sevens}; the primiera decides: {reason}").format(
                sevens=sevens, reason=self.inner.text(side_names, pairs, named=len(side_names) > 2))
        raise ValueError(f"unknown reason {k!r}")


def _amount(point: str, n: int) -> str:
    """How much of ``point`` a side has: ``"21 cards"``, ``"1 coin"``, ``"primiera 78"``."""
    if point == "cards":
        return ngettext("{n} card", "{n} cards", n).format(n=n)
    if point == "coins":
        # TRANSLATORS: cards of the suit of coins (Denari) a side took.
        return ngettext("{n} coin", "{n} coins", n).format(n=n)
    if point == "sevens":
        return ngettext("{n} seven", "{n} sevens", n).format(n=n)
    # TRANSLATORS: a side's primiera, the value of its best card of each suit.
    return _("primiera {n}").format(n=n)


@dataclass(frozen=True)
class Award:
    """One point of the hand: which side won it (None: nobody) and why (:attr:`reason`)."""

    point: str
    side: int | None
    why: Reason
    value: int = 1  # points it is worth to ``side`` (the napola's length; 1 otherwise)
    # The sides' names when the hand was scored (not compared: only words).
    names: tuple[str, ...] = field(default=(), compare=False)

    @property
    def reason(self) -> str:
        """Why, in words, in the language in use now."""
        return self.why.text(self.names)

    def describe(self, side_names, pairs: bool = False) -> str:
        """Why, in words, naming the sides ``side_names`` (as a screen shows them now;
        ``pairs``: sides of partners)."""
        return self.why.text(side_names, pairs)


@dataclass(frozen=True)
class HandScore:
    """One hand's scoring: each side's counts and points, the awards, the cards left on the table."""

    hand: int
    sides: tuple[SideScore, ...]
    awards: tuple[Award, ...]
    leftover: tuple[Card, ...]
    leftover_to: int | None
    totals: tuple[int, ...] = field(default=())
    # The side whose last card of the hand swept the table without scoring a scopa (the
    # rules' ``last_play_scopa`` off, docs/record-format.md "play"); None otherwise.
    last_sweep: int | None = None
    # The seat that made the hand's last capture: the one that took the leftovers and,
    # with ``last_sweep``, the one whose last card swept.  None when nobody captured, and
    # in a score made without it.  Not written to the record (docs/record-format.md
    # "hand_end"): a replay recomputes it from the plays, so old records name it too.
    last_capturer: int | None = None
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


def _award(point: str, values: list, names: tuple[str, ...]) -> Award:
    present = [(i, v) for i, v in enumerate(values) if v is not None]
    if not present:
        return Award(point, None, Reason("none", point), names=names)
    best = max(v for _i, v in present)
    winners = [i for i, v in present if v == best]
    if len(winners) > 1:
        return Award(point, None, Reason("tie", point, tuple(winners), (best,)), names=names)
    w = winners[0]
    others = [(i, v) for i, v in present if i != w]
    if others:
        return Award(point, w, Reason("most", point, (w, *(i for i, _v in others)), (best, *(v for _i, v in others))),
                     names=names)
    return Award(point, w, Reason("only", point, (w,), (best,)), names=names)


def _took(point: str, holder: int | None, card: int, names: tuple[str, ...]) -> Award:
    """The point of one card (the settebello, the re bello): who took it, or nobody."""
    if holder is None:
        return Award(point, None, Reason("nobody", point, (), (card,)), names=names)
    return Award(point, holder, Reason("took", point, (holder,), (card,)), names=names)


def score_hand(rules: Rules, hand: int, piles: list[int], scope: list[int], leftover: int,
               leftover_to: int | None, totals_before: list[int],
               side_names: list[str] | None = None, scope_cards: list[list[Card]] | None = None,
               last_sweep: int | None = None, deal_sweeps: list[int] | None = None,
               last_capturer: int | None = None) -> HandScore:
    """Score a finished hand from the sides' capture piles (leftovers already included).

    ``scope_cards`` (the sweeping cards of each side), ``last_sweep``, ``deal_sweeps``
    (the dealer's escobas of an Escoba deal, already counted in ``scope``) and
    ``last_capturer`` (the seat, :func:`last_capturer`) are carried into the score for the
    scoring screen; they do not change the points.
    """
    names = tuple(side_names or ())  # no names: "side 0", "side 1", ... (Reason.text)
    variant = rules.variant_info
    values = rules.primiera_values
    prim = [primiera(p, values, rules.primiera_requires_all_suits) for p in piles]
    counts = [p.bit_count() for p in piles]
    coins = [(p & COINS_MASK).bit_count() for p in piles]
    sevens = [(p >> SEVENS_SHIFT & 15).bit_count() for p in piles]
    awards = [_award("cards", counts, names), _award("coins", coins, names),
              _took("settebello", _holder(piles, SETTEBELLO), SETTEBELLO, names)]
    if variant.scoring == "escoba":
        awards.append(_setenta(rules, sevens, [v for v, _best in prim], names))
    else:
        awards.append(_award("primiera", [v for v, _best in prim], names))
    if rules.re_bello:
        awards.append(_took("re_bello", _holder(piles, RE_BELLO), RE_BELLO, names))
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
                     last_sweep=last_sweep, last_capturer=last_capturer, variant=variant.name,
                     record_fields=record_fields(rules))


def last_capturer(plays, dealer: int, deal_sweep: bool) -> int | None:
    """The seat that captured last in a hand's ``plays`` (:class:`.view.PlayRecord`): the
    dealer when only an Escoba deal's escobas took cards (``deal_sweep``), None when
    nobody captured."""
    return next((p.seat for p in reversed(plays) if p.capture), dealer if deal_sweep else None)


def last_sweep(rules: Rules, plays, leftover: int) -> int | None:
    """The side whose card, the hand's last of ``plays`` (:class:`.view.PlayRecord`), swept
    the table and scored no scopa for being the last (the rules' ``last_play_scopa`` off):
    the scoring screen says so.  None otherwise, and for an Ace of Scopa d'Assi taking the
    whole table, which is no scopa on any play (README.md, Variants and house rules)."""
    last = plays[-1] if plays else None
    if last is None or not last.capture or leftover or last.scopa:
        return None
    if not is_scopa(rules.variant_info.rule, int(last.card), mask_of(last.capture), 0, False, False):
        return None
    return rules.side_of(last.seat)


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


def _setenta(rules: Rules, sevens: list[int], prim: list[int | None], names: tuple[str, ...]) -> Award:
    """Escoba's point for the most sevens; a tie goes to the better primiera with the
    ``setenta_primiera`` option, else nobody scores it."""
    award = _award("sevens", sevens, names)
    if award.side is not None or not rules.setenta_primiera:
        return award
    best = max(sevens)
    tied = [i for i, v in enumerate(sevens) if v == best]
    decider = _award("primiera", [prim[i] if i in tied else None for i in range(len(prim))], names)
    if decider.side is None:
        return Award("sevens", None, Reason("setenta_tie", "sevens", tuple(tied), (best,)), names=names)
    return Award("sevens", decider.side, Reason("setenta_tie", "sevens", tuple(tied), (best,), decider.why),
                 names=names)


def _napola(lengths: list[int], names: tuple[str, ...]) -> Award:
    holder = next((i for i, v in enumerate(lengths) if v), None)
    if holder is None:
        return Award("napola", None, Reason("no_napola", "napola"), value=0, names=names)
    n = lengths[holder]
    return Award("napola", holder, Reason("napola", "napola", (holder,), (n,)), value=n, names=names)


def primiera_text(side: SideScore) -> str:
    """E.g. ``"7d 7c 6s 5b = 75"`` or ``"no primiera: lacks Swords"``."""
    if side.primiera is None:
        lacks = ", ".join(suit_name(s) for s in side.missing_suits)
        # TRANSLATORS: {suits} lists the suits a side took no card of ("Swords, Clubs").
        return _("no primiera: lacks {suits}").format(suits=lacks)
    return f"{' '.join(map(str, side.primiera_cards))} = {side.primiera}"
