"""The lean hand state: the inner loop of the game and of the search AI.

:class:`HandState` holds one hand in progress as plain ints and lists (cards are ints,
sets are masks, see :mod:`cards`).  ``apply`` plays a move without building any event
object; :func:`random_playout` plays the rest of a hand at random.  :class:`~.game.Game`
is a thin layer on top of this that validates moves and emits events, so the rules live
in one place.

Every variant of the family (:mod:`.variants`) plays through the same ``legal_moves``,
``apply``, :func:`hand_points` and :func:`random_playout`: ``rule`` selects the capture
rule (0 Scopa, 1 Escoba, 2 Scopa d'Assi), and plain Scopa keeps its own fast path.
"""

from __future__ import annotations

from random import Random

from .captures import _SUM_CACHE, LOW_MASK, NIBBLE_BITS, _fill, escoba_captures, sum_captures
from .cards import COINS_MASK, KINGS_MASK, SETTEBELLO
from .rules import PRIMIERA_CHARTS, Rules

# The capture rules (HandState.rule), by Variant.capture.
SCOPA, ESCOBA, ASSI = 0, 1, 2
CAPTURE_RULES = {"scopa": SCOPA, "escoba": ESCOBA, "assi": ASSI}
RE_BELLO = 36  # 10d, the King of coins: (10 - 1) * 4 + 0
SEVENS_SHIFT = 24  # the sevens are the nibble of bits 24..27
ACES_MASK = 15


class HandState:
    """One hand (smazzata) in progress.

    ``hands[seat]`` lists the cards of each seat, ``stock`` the undealt cards in dealing
    order, ``table`` and ``piles[side]`` are masks.  ``last_capture`` is the side that made
    the last capture (-1 for none).  ``plays_left`` counts the cards still to be played in
    the hand, so ``plays_left == 1`` means the next card is the very last one.
    """

    __slots__ = ("n", "sides_n", "table", "hands", "stock", "piles", "scope", "turn",
                 "dealer", "last_capture", "plays_left", "last_play_scopa")
    # What the capture rule of a variant changes: plain Scopa's here, as class attributes,
    # so that a plain state (Scopa, Scopone) is what it always was; VariantState holds
    # its own for Escoba, Scopa d'Assi and the ace-no-empty-sweep house rule.
    rule = SCOPA
    ace_no_empty_sweep = False

    @staticmethod
    def empty(rules: Rules, dealer: int = 0) -> HandState:
        """A hand of ``rules`` with no card anywhere yet: the caller deals (or, for a
        search, places) the cards.  A :class:`VariantState` when the rules' capture rule
        is not Scopa's."""
        rule = rules.lean[0]
        variant = rule or rules.ace_no_empty_sweep
        s = VariantState.__new__(VariantState) if variant else HandState.__new__(HandState)
        s.n = rules.players
        s.sides_n = len(rules.sides)
        s.table = 0
        s.stock = []
        s.hands = [[] for _ in range(s.n)]
        s.piles = [0] * s.sides_n
        s.scope = [0] * s.sides_n
        s.turn = (dealer + 1) % s.n
        s.dealer = dealer
        s.last_capture = -1
        s.plays_left = 0
        s.last_play_scopa = rules.last_play_scopa
        if variant:
            s.rule = rule
            s.ace_no_empty_sweep = rules.ace_no_empty_sweep
        return s

    def copy(self) -> HandState:
        cls = self.__class__
        s = cls.__new__(cls)
        s.n = self.n
        s.sides_n = self.sides_n
        s.table = self.table
        s.hands = [h[:] for h in self.hands]
        s.stock = self.stock[:]
        s.piles = self.piles[:]
        s.scope = self.scope[:]
        s.turn = self.turn
        s.dealer = self.dealer
        s.last_capture = self.last_capture
        s.plays_left = self.plays_left
        s.last_play_scopa = self.last_play_scopa
        if cls is not HandState:
            s.rule = self.rule
            s.ace_no_empty_sweep = self.ace_no_empty_sweep
        return s

    @property
    def over(self) -> bool:
        return self.plays_left == 0

    def legal_moves(self) -> list[tuple[int, int]]:
        """(card, capture mask) for every legal move of the seat to act."""
        if self.rule:
            return [(c, m) for c in self.playable() for m in self.card_moves(c)]
        table = self.table
        out = []
        for c in self.hands[self.turn]:
            shift = c & ~3
            nib = (table >> shift) & 15
            if nib:
                for b in NIBBLE_BITS[nib]:
                    out.append((c, b << shift))
            else:
                # sum_captures, inline (the cache hit): this is every simulated play.
                rank = (c >> 2) + 1
                low = table & LOW_MASK[rank]
                caps = _SUM_CACHE[rank].get(low)
                if caps is None:
                    caps = _fill(rank, low)
                if caps:
                    for m in caps:
                        out.append((c, m))
                else:
                    out.append((c, 0))
        return out

    def playable(self) -> list[int]:
        """The cards the seat to act may play: its whole hand, but for an Ace on an empty
        table under the ``ace-no-empty-sweep`` house rule while it holds another card."""
        hand = self.hands[self.turn]
        if self.ace_no_empty_sweep and not self.table and any(c >= 4 for c in hand):
            return [c for c in hand if c >= 4]
        return hand

    def card_moves(self, card: int) -> tuple[int, ...]:
        """The capture masks ``card`` may take now (``0``: laid on the table), by the
        variant's capture rule.  Plain Scopa's ``legal_moves`` inlines the same thing."""
        return card_captures(self.rule, card, self.table)

    def apply(self, card: int, capture: int) -> bool:
        """Play ``card`` from the hand of the seat to act, taking ``capture`` (a mask).

        No validation: the caller passes a legal move.  Returns True when the play is a
        scopa.  Deals the next three cards each when hands run out, and gives the
        leftovers to the last capturer after the last card of the hand.
        """
        seat = self.turn
        self.hands[seat].remove(card)
        self.plays_left -= 1
        scopa = False
        if capture:
            side = seat % self.sides_n
            self.table ^= capture
            self.piles[side] |= capture | (1 << card)
            self.last_capture = side
            if (not self.table and (self.plays_left or self.last_play_scopa)
                    and not (self.rule == ASSI and card < 4 and not capture & ACES_MASK)):
                # An Ace sweeping the table in Scopa d'Assi is no scopa; one taking the
                # last Ace by match is an ordinary capture, and a scopa like any other.
                self.scope[side] += 1
                scopa = True
        else:
            self.table |= 1 << card
        if self.plays_left == 0:
            if self.last_capture >= 0:
                self.piles[self.last_capture] |= self.table
            self.turn = -1
            return scopa
        seat += 1
        self.turn = 0 if seat == self.n else seat
        if not self.hands[self.turn]:
            deal_round(self)
        return scopa


class VariantState(HandState):
    """A hand whose capture rule is not Scopa's (Escoba, Scopa d'Assi, or the
    ace-no-empty-sweep house rule): the same state with its own ``rule``."""

    __slots__ = ("rule", "ace_no_empty_sweep")


def card_captures(rule: int, card: int, table: int) -> tuple[int, ...]:
    """What ``card`` may take from ``table`` under a capture rule (:data:`CAPTURE_RULES`):
    capture masks, ``0`` standing for laying the card on the table."""
    if rule == ESCOBA:
        # Any set that with the card adds up to 15; capturing is not compulsory.
        return escoba_captures((card >> 2) + 1, table) + (0,)
    if rule == ASSI and card < 4:
        if table & ACES_MASK:  # an Ace on the table: taken by match, one at a time
            return NIBBLE_BITS[table & ACES_MASK]
        return (table,)  # the whole table (laid, when the table is empty)
    shift = card & ~3
    nib = (table >> shift) & 15
    if nib:
        return tuple(b << shift for b in NIBBLE_BITS[nib])
    return sum_captures((card >> 2) + 1, table) or (0,)


def rule_of(rules: Rules) -> int:
    """The capture rule (:data:`CAPTURE_RULES`) of ``rules``' variant."""
    return rules.lean[0]


def is_scopa(rule: int, card: int, capture: int, table_after: int, last: bool, last_play_scopa: bool) -> bool:
    """Whether a capture scores a sweep: it empties the table, is not the hand's last play
    (unless ``last_play_scopa``), and is not a Scopa d'Assi Ace sweeping the table."""
    return (bool(capture) and not table_after and (not last or last_play_scopa)
            and not (rule == ASSI and card < 4 and not capture & ACES_MASK))


def deal_round(state: HandState, size: int = 3) -> None:
    """Deal ``size`` cards (3, as every later deal of every variant) to each seat, one at
    a time, starting after the dealer.

    "One at a time" is read as the standard Italian deal: one card to each seat in turn,
    three times round (the rules say one at a time but not whether by rounds).  The
    Scopone deals of 9 and 10 go round the same way.
    """
    n = state.n
    pop = state.stock.pop
    first = (state.dealer + 1) % n
    hands = state.hands
    order = [hands[(first + k) % n] for k in range(n)]
    for _ in range(size):
        for hand in order:
            hand.append(pop())
    state.turn = first


def new_hand(rules: Rules, dealer: int, deck: list[int]) -> HandState:
    """A hand dealt from ``deck`` (top of the deck is the *end* of the list).

    Deals the variant's first deal to each player (3 in Scopa), then its table cards (4
    in Scopa).  Does not check for three kings.  In Escoba, table cards adding up to 15
    (or 30) go at once to the dealer's side as one (or two) escobas: the table is then
    empty and ``scope`` counts them.
    """
    rule, hand_cards, table_cards, _ = rules.lean
    s = HandState.empty(rules, dealer)
    s.stock = list(deck)
    deal_round(s, hand_cards)
    table = 0
    for _ in range(table_cards):
        table |= 1 << s.stock.pop()
    s.plays_left = 40 - table_cards
    if rule == ESCOBA and table:
        total = sum((c >> 2) + 1 for c in range(40) if table >> c & 1)
        if total in (15, 30):
            side = dealer % s.sides_n
            s.piles[side] |= table
            s.scope[side] += total // 15
            s.last_capture = side
            table = 0
    s.table = table
    return s


def three_kings(table: int) -> bool:
    return (table & KINGS_MASK).bit_count() >= 3


# --- scoring -------------------------------------------------------------------------

def primiera(pile: int, values: tuple[int, ...], require_all: bool) -> tuple[int | None, list[int]]:
    """(primiera value or None, the best card of each suit the side holds)."""
    order = _PRIMIERA_ORDER[values]
    best: list[int] = []
    have = 0
    total = 0
    for r in order:
        nib = (pile >> (4 * (r - 1))) & 15 & ~have
        if nib:
            have |= nib
            for b in range(4):
                if nib >> b & 1:
                    best.append(4 * (r - 1) + b)
                    total += values[r]
            if have == 15:
                break
    # The rules are silent on an empty pile with primiera_requires_all_suits off; as in the
    # standard rules, a side that took no card has no primiera (rather than a primiera of 0).
    if (have != 15 and require_all) or not have:
        return None, best
    return total, best


# Ranks from the highest primiera value down, for each chart.
_PRIMIERA_ORDER = {values: sorted(range(1, 11), key=lambda r: -values[r]) for values in PRIMIERA_CHARTS.values()}


def _most(values: list) -> int:
    """The index of the single highest value, or -1 when the highest is shared (or None)."""
    best = max((v for v in values if v is not None), default=None)
    if best is None:
        return -1
    winners = [i for i, v in enumerate(values) if v == best]
    return winners[0] if len(winners) == 1 else -1


def napola_length(pile: int) -> int:
    """The napola a pile holds: the length of its run of coins from the Ace (3 to 10), or 0
    without the Ace, 2 and 3 of coins."""
    n = 0
    while n < 10 and pile >> (4 * n) & 1:
        n += 1
    return n if n >= 3 else 0


def hand_points(state: HandState, rules: Rules) -> list[int]:
    """Points each side scores for a finished hand (fast: no breakdown objects)."""
    if not rules.plain_scoring:
        return _variant_points(state, rules)
    piles = state.piles
    pts = state.scope[:]
    k = _most([p.bit_count() for p in piles])
    if k >= 0:
        pts[k] += 1
    k = _most([(p & COINS_MASK).bit_count() for p in piles])
    if k >= 0:
        pts[k] += 1
    for i, p in enumerate(piles):
        if p >> SETTEBELLO & 1:
            pts[i] += 1
    values = rules.primiera_values
    k = _most([primiera(p, values, rules.primiera_requires_all_suits)[0] for p in piles])
    if k >= 0:
        pts[k] += 1
    return pts


def _variant_points(state: HandState, rules: Rules) -> list[int]:
    """:func:`hand_points` for the variants' scoring and the house rules (the same points
    as :func:`.scoring.score_hand`, which the tests check)."""
    piles = state.piles
    pts = state.scope[:]
    for k in (_most([p.bit_count() for p in piles]), _most([(p & COINS_MASK).bit_count() for p in piles])):
        if k >= 0:
            pts[k] += 1
    for i, p in enumerate(piles):
        pts[i] += (p >> SETTEBELLO & 1) + (rules.re_bello and p >> RE_BELLO & 1)
        if rules.napola:
            pts[i] += napola_length(p)
    values = rules.primiera_values
    if rules.variant_info.scoring == "escoba":
        sevens = [(p >> SEVENS_SHIFT & 15).bit_count() for p in piles]
        k = _most(sevens)
        if k < 0 and rules.setenta_primiera:
            best = max(sevens)
            k = _most([primiera(p, values, rules.primiera_requires_all_suits)[0] if v == best else None
                       for p, v in zip(piles, sevens)])
    else:
        k = _most([primiera(p, values, rules.primiera_requires_all_suits)[0] for p in piles])
    if k >= 0:
        pts[k] += 1
    return pts


def random_playout(state: HandState, rnd=Random().random) -> int:
    """Play the rest of the hand at random, in place: a random card, then a random capture.

    Returns the number of plays made.  This is the lean path: no events, no validation.
    """
    plays = 0
    if state.rule:  # a variant's capture rule
        while state.plays_left:
            hand = state.playable()
            card = hand[int(rnd() * len(hand))]
            caps = state.card_moves(card)
            state.apply(card, caps[int(rnd() * len(caps))])
            plays += 1
        return plays
    while state.plays_left:
        seat = state.turn
        hand = state.hands[seat]
        card = hand[int(rnd() * len(hand))]
        shift = card & ~3
        table = state.table
        nib = (table >> shift) & 15
        if nib:
            bits = NIBBLE_BITS[nib]
            cap = bits[int(rnd() * len(bits))] << shift
        else:
            caps = sum_captures((card >> 2) + 1, table)
            cap = caps[int(rnd() * len(caps))] if caps else 0
        state.apply(card, cap)
        plays += 1
    return plays
