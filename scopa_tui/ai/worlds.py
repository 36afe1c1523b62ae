"""Guesses of what a seat cannot see, for the search levels (``pimc`` and ``hard``).

:func:`determinize` deals the cards a seat has not seen (``view.unseen_mask``) at random
to the other hands (with the right sizes) and the stock, and builds an engine
:class:`~scopa_tui.engine.core.HandState` from that guess: a *world* the search can play
out with the engine's own ``legal_moves``/``apply``.

:func:`evidence` reads the play so far: a seat that did not sweep a table it could have
swept with a card of rank *r* probably holds no *r* (from the same deal), and a seat
that left the settebello on the table probably holds no 7.  ``determinize`` mostly
rejects guesses that contradict it (weighted worlds).
"""

from __future__ import annotations

from random import Random

from ..engine import PlayerView, cards_of, mask_of
from ..engine.cards import SETTEBELLO
from ..engine.core import HandState, rule_of
from .common import RANK_MASK, last_capturer, sweep_rank

_SEVENS = RANK_MASK[7]
_SB = 1 << SETTEBELLO
_REJECT = 0.9  # chance of rejecting a guess for each card it gives a seat against the evidence


def deal_start(view: PlayerView) -> int:
    """The index in ``view.history`` of the current deal's first play."""
    n = view.rules.players
    variant = view.rules.variant_info  # the deal sizes: Scopone deals 10 or 9 each, once
    first_deal = variant.hand_cards * n
    per_deal = variant.redeal_cards * n
    played = len(view.history)
    return 0 if played < first_deal or not per_deal else \
        first_deal + ((played - first_deal) // per_deal) * per_deal


def evidence(view: PlayerView) -> dict[int, int]:
    """Cards each other seat probably does not hold, from what it did this deal.

    ``{seat: mask}``.  Only plays of the current deal count (a seat's hand now was dealt
    at its start).  A seat that did not sweep a table a card of rank r would have swept
    probably holds no r; one that left the settebello on the table probably holds no 7.
    """
    rule = rule_of(view.rules)
    table = mask_of(view.hand_start_table)
    start = deal_start(view)
    out: dict[int, int] = {}
    for i, play in enumerate(view.history):
        cap = mask_of(play.capture)
        if i >= start and play.seat != view.seat:
            avoid = 0
            if not play.scopa and not (cap == table and cap):
                r = sweep_rank(table, rule)
                if r:
                    avoid |= RANK_MASK[r]
            if table & _SB and not cap & _SB:
                avoid |= _SEVENS
            if avoid:
                out[play.seat] = out.get(play.seat, 0) | avoid
        if cap:
            table ^= cap
        else:
            table |= 1 << int(play.card)
    return out


def determinize(view: PlayerView, rng: Random, avoid: dict[int, int] | None = None,
                tries: int = 20) -> HandState:
    """A full hand state consistent with the view: the unseen cards dealt at random."""
    rules = view.rules
    unseen = [int(c) for c in cards_of(view.unseen_mask)]
    others = [s for s in range(rules.players) if s != view.seat]
    rnd = rng.random
    for attempt in range(tries):
        rng.shuffle(unseen)
        hands: list[list[int]] = [[] for _ in range(rules.players)]
        hands[view.seat] = sorted(int(c) for c in view.hand)
        pos = 0
        accept = True
        for s in others:
            k = view.hand_sizes[s]
            hands[s] = unseen[pos:pos + k]
            pos += k
            if avoid and accept and attempt < tries - 1:
                bad = avoid.get(s, 0)
                if bad:
                    for c in hands[s]:
                        if bad >> c & 1 and rnd() < _REJECT:
                            accept = False
                            break
        if accept:
            break
    state = HandState.empty(rules, view.dealer)  # the variant's capture rule and house rules
    state.table = mask_of(view.table)
    state.hands = hands
    state.stock = unseen[pos:]
    state.piles = [mask_of(p) for p in view.captured]
    state.scope = list(view.scope)
    state.turn = view.seat
    state.last_capture = last_capturer(view)
    state.plays_left = view.plays_left
    return state


def perfect_information(view: PlayerView) -> bool:
    """True when the seat can deduce every hidden card: no stock, one other hand at most."""
    if view.stock:
        return False
    holders = [s for s in range(view.rules.players) if s != view.seat and view.hand_sizes[s]]
    return len(holders) <= 1
