"""The lean hand state: the inner loop of the game and of the search AI.

:class:`HandState` holds one hand in progress as plain ints and lists (cards are ints,
sets are masks, see :mod:`cards`).  ``apply`` plays a move without building any event
object; :func:`random_playout` plays the rest of a hand at random.  :class:`~.game.Game`
is a thin layer on top of this that validates moves and emits events, so the rules live
in one place.
"""

from __future__ import annotations

from random import Random

from .captures import NIBBLE_BITS, sum_captures
from .cards import COINS_MASK, KINGS_MASK, SETTEBELLO
from .rules import PRIMIERA_CHARTS, Rules


class HandState:
    """One hand (smazzata) in progress.

    ``hands[seat]`` lists the cards of each seat, ``stock`` the undealt cards in dealing
    order, ``table`` and ``piles[side]`` are masks.  ``last_capture`` is the side that made
    the last capture (-1 for none).  ``plays_left`` counts the cards still to be played in
    the hand, so ``plays_left == 1`` means the next card is the very last one.
    """

    __slots__ = ("n", "sides_n", "table", "hands", "stock", "piles", "scope", "turn",
                 "dealer", "last_capture", "plays_left", "last_play_scopa")

    def copy(self) -> HandState:
        s = HandState.__new__(HandState)
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
        return s

    @property
    def over(self) -> bool:
        return self.plays_left == 0

    def legal_moves(self) -> list[tuple[int, int]]:
        """(card, capture mask) for every legal move of the seat to act."""
        table = self.table
        out = []
        for c in self.hands[self.turn]:
            shift = c & ~3
            nib = (table >> shift) & 15
            if nib:
                for b in NIBBLE_BITS[nib]:
                    out.append((c, b << shift))
            else:
                caps = sum_captures((c >> 2) + 1, table)
                if caps:
                    for m in caps:
                        out.append((c, m))
                else:
                    out.append((c, 0))
        return out

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
            if not self.table and (self.plays_left or self.last_play_scopa):
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


def deal_round(state: HandState) -> None:
    """Deal 3 cards to each seat, one at a time, starting after the dealer.

    "One at a time" is read as the standard Italian deal: one card to each seat in turn,
    three times round (RULES.md says one at a time but not whether by rounds).
    """
    n = state.n
    stock = state.stock
    first = (state.dealer + 1) % n
    for _ in range(3):
        for k in range(n):
            state.hands[(first + k) % n].append(stock.pop())
    state.turn = first


def new_hand(rules: Rules, dealer: int, deck: list[int]) -> HandState:
    """A hand dealt from ``deck`` (top of the deck is the *end* of the list).

    Deals 3 cards to each player, then 4 to the table.  Does not check for three kings.
    """
    s = HandState.__new__(HandState)
    s.n = rules.players
    s.sides_n = len(rules.sides)
    s.stock = list(deck)
    s.hands = [[] for _ in range(s.n)]
    s.piles = [0] * s.sides_n
    s.scope = [0] * s.sides_n
    s.dealer = dealer
    s.last_capture = -1
    s.last_play_scopa = rules.last_play_scopa
    deal_round(s)
    table = 0
    for _ in range(4):
        table |= 1 << s.stock.pop()
    s.table = table
    s.plays_left = 36
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
    # RULES.md is silent on an empty pile with primiera_requires_all_suits off; as in the
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


def hand_points(state: HandState, rules: Rules) -> list[int]:
    """Points each side scores for a finished hand (fast: no breakdown objects)."""
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


def random_playout(state: HandState, rnd=Random().random) -> int:
    """Play the rest of the hand at random, in place: a random card, then a random capture.

    Returns the number of plays made.  This is the lean path: no events, no validation.
    """
    plays = 0
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
