"""Shared knowledge for the AI levels: card values, sweep checks and counting unseen cards.

Everything here works on card ints and 40-bit masks (see :mod:`scopa_tui.engine.cards`)
and on what a :class:`~scopa_tui.engine.PlayerView` shows, never on hidden state.
"""

from __future__ import annotations

from math import comb

from ..engine import PlayerView, mask_of
from ..engine.core import card_captures
from ..engine.cards import SETTEBELLO

# Roughly what one card is worth in points of a hand, beyond the cards point share.
CARD_VALUE = 0.12            # each card towards "most cards"
COIN_VALUE = 0.25            # each coin towards "most coins"
SETTEBELLO_VALUE = 1.0       # a whole point
RANK_PRIMIERA = (0, 0.08, 0.0, 0.0, 0.02, 0.04, 0.15, 0.35, 0.0, 0.0, 0.0)  # by rank

RANK_MASK = tuple(0xF << (4 * (r - 1)) if r else 0 for r in range(11))  # the 4 cards of a rank


def _value(card: int) -> float:
    v = CARD_VALUE + RANK_PRIMIERA[(card >> 2) + 1]
    if card & 3 == 0:
        v += COIN_VALUE
    if card == SETTEBELLO:
        v += SETTEBELLO_VALUE
    return v


VALUE = tuple(_value(c) for c in range(40))


def mask_value(mask: int) -> float:
    v = 0.0
    while mask:
        low = mask & -mask
        v += VALUE[low.bit_length() - 1]
        mask ^= low
    return v


def rank_sum(mask: int, limit: int = 10) -> int:
    """Sum of the ranks in ``mask``, stopping early once it exceeds ``limit``."""
    s = 0
    while mask:
        low = mask & -mask
        s += ((low.bit_length() - 1) >> 2) + 1
        if s > limit:
            return s
        mask ^= low
    return s


def sweep_rank(table: int, rule: int = 0) -> int:
    """The rank of the one card that would sweep ``table`` for a scopa (0: no single card can).

    A lone card is swept by its match; two or more cards by a card equal to their sum
    (no table card can match that rank, since the sum is larger than each of them).
    Under Escoba's rule (``rule`` 1, engine.core.ESCOBA) the card that makes 15 with the
    whole table sweeps it.  (An Ace of Scopa d'Assi takes any table, but for no scopa.)
    """
    if not table:
        return 0
    if rule == 1:
        r = 15 - rank_sum(table, 15)
        return r if 1 <= r <= 10 else 0
    if table & (table - 1) == 0:
        return ((table.bit_length() - 1) >> 2) + 1
    s = rank_sum(table)
    return s if s <= 10 else 0


def p_holds(cards: int, unseen: int, hand: int) -> float:
    """Chance that a hand of ``hand`` cards drawn from ``unseen`` holds one of ``cards`` of them."""
    if cards <= 0 or hand <= 0:
        return 0.0
    if unseen <= 0:
        return 0.0
    hand = min(hand, unseen)
    if unseen - cards < hand:
        return 1.0
    return 1.0 - comb(unseen - cards, hand) / comb(unseen, hand)


def sort_moves(moves):
    """Moves in a canonical order (so a choice never depends on the order of a dealt hand)."""
    return sorted(moves, key=lambda m: (int(m.card), m.mask))


def last_capture_seat(view: PlayerView) -> int:
    """The seat that made the last capture of this hand so far (-1: nobody)."""
    for play in reversed(view.history):
        if play.capture:
            return play.seat
    return -1


def last_capturer(view: PlayerView) -> int:
    """The side that made the last capture of this hand so far (-1: nobody)."""
    seat = last_capture_seat(view)
    return view.rules.side_of(seat) if seat >= 0 else -1


def next_seat_hand_size(view: PlayerView, seat: int) -> int:
    """How many cards ``seat`` will hold when it next plays (3 after a fresh deal)."""
    k = view.hand_sizes[seat]
    if k == 0 and view.stock > 0:
        return 3
    return k


def taker_ranks(card: int, table: int, unseen: int, rule: int) -> list[int]:
    """The ranks of which a card still unseen (``unseen``, a mask) could take ``card`` from
    ``table``: by its match, by a sum with it (an 8 takes 7d from 1d 7d), or the Ace of Scopa
    d'Assi with the whole table.  Each rank is tried with one of its unseen cards."""
    ranks = []
    for rank in range(1, 11):
        cards = unseen & RANK_MASK[rank]
        if cards:
            taker = (cards & -cards).bit_length() - 1
            if any(cap >> card & 1 for cap in card_captures(rule, taker, table)):
                ranks.append(rank)
    return ranks


class Counter:
    """Card counting from the view: which cards a seat cannot see, per rank."""

    def __init__(self, view: PlayerView):
        self.view = view
        self.unseen = view.unseen_mask
        self.n_unseen = self.unseen.bit_count()
        self.table = mask_of(view.table)
        self.hand = mask_of(view.hand)

    def unseen_of_rank(self, rank: int) -> int:
        return (self.unseen & RANK_MASK[rank]).bit_count()

    def p_seat_has_rank(self, seat: int, rank: int) -> float:
        return p_holds(self.unseen_of_rank(rank), self.n_unseen, next_seat_hand_size(self.view, seat))
