"""The ``hard`` level: determinized Monte Carlo search over what the seat can know.

Each iteration deals the cards this seat has not seen (``view.unseen_mask``) at random
to the other hands (with the right sizes) and the stock, builds an engine
:class:`~scopa_tui.engine.core.HandState` from that guess, and plays every legal move
followed by the rest of the hand with a quick greedy policy (take sweeps and valuable
cards, do not leave a sweep to the next player, a little randomness).  The move with the
best average hand-point difference (own side minus the best other side) wins.

What the play so far rules out is used where it is cheap: a seat that did not sweep a
table it could have swept with a card of rank *r* probably holds no *r* (from the
same deal), and a seat that left the settebello on the table probably holds no 7.
Guesses that contradict this are mostly rejected.

When nothing is hidden any more (the stock is empty and only one other seat holds
cards, e.g. the last three cards of a two-player hand) the rest of the hand is solved
exactly by minimax.

Budget: ``time`` (seconds per decision, default 0.5) or ``iters`` (playouts per
decision; deterministic for a given seed, which the tests use).
"""

from __future__ import annotations

import time
from random import Random

from ..engine import Move, PlayerView, cards_of, mask_of
from ..engine.captures import NIBBLE_BITS, sum_captures
from ..engine.cards import COINS_MASK, SETTEBELLO
from ..engine.core import HandState, card_captures, hand_points, is_scopa, rule_of
from .base import BasePlayer
from .common import RANK_MASK, VALUE, last_capturer, sort_moves, sweep_rank

DEFAULT_TIME = 0.5

# Playout policy weights (points of a hand).
_SEVENS = RANK_MASK[7]
_SIXES = RANK_MASK[6]
_ACES = RANK_MASK[1]
_SB = 1 << SETTEBELLO
_SCOPA = 1.0
_EPSILON = 0.1
_REJECT = 0.9  # chance of rejecting a guess for each card it gives a seat against the evidence


def _capture_value(m: int) -> float:
    return (0.12 * m.bit_count() + 0.25 * (m & COINS_MASK).bit_count() + 0.35 * (m & _SEVENS).bit_count()
            + 0.15 * (m & _SIXES).bit_count() + 0.08 * (m & _ACES).bit_count() + (1.0 if m & _SB else 0.0))


def _policy_move(state: HandState, rnd) -> tuple[int, int]:
    """A quick greedy move: best immediate value minus the risk of handing the next seat a sweep."""
    if state.rule:
        return _variant_policy_move(state, rnd)
    seat = state.turn
    hand = state.hands[seat]
    table = state.table
    scopa_ok = state.plays_left > 1 or state.last_play_scopa
    if rnd() < _EPSILON:
        card = hand[int(rnd() * len(hand))]
        shift = card & ~3
        nib = (table >> shift) & 15
        if nib:
            bits = NIBBLE_BITS[nib]
            return card, bits[int(rnd() * len(bits))] << shift
        caps = sum_captures((card >> 2) + 1, table)
        return card, (caps[int(rnd() * len(caps))] if caps else 0)
    n = state.n
    nxt = seat + 1
    if nxt == n:
        nxt = 0
    if state.plays_left > 1 and nxt % state.sides_n != seat % state.sides_n:
        opp = state.hands[nxt]
    else:
        opp = ()
    best = -1e9
    best_move = (hand[0], 0)
    for card in hand:
        shift = card & ~3
        nib = (table >> shift) & 15
        if nib:
            caps = [b << shift for b in NIBBLE_BITS[nib]]
        else:
            caps = sum_captures((card >> 2) + 1, table) or (0,)  # (0,): laid on the table
        for m in caps:
            if m:
                after = table ^ m
                v = _capture_value(m | (1 << card))
                if not after and scopa_ok:
                    v += _SCOPA
            else:
                after = table | (1 << card)
                v = -0.5 * VALUE[card]
            if after and opp:  # does the next seat hold the card that sweeps what is left?
                r = sweep_rank(after)
                if r:
                    for x in opp:
                        if (x >> 2) + 1 == r:
                            v -= _SCOPA + 0.12 * after.bit_count()
                            break
            if v > best:
                best = v
                best_move = (card, m)
    return best_move


def _variant_policy_move(state: HandState, rnd) -> tuple[int, int]:
    """:func:`_policy_move` for the variants' capture rules (Escoba, Scopa d'Assi), through
    the engine's moves: plain Scopa keeps the inlined fast path above."""
    rule = state.rule
    hand = state.playable()
    table = state.table
    if rnd() < _EPSILON:
        card = hand[int(rnd() * len(hand))]
        caps = state.card_moves(card)
        return card, caps[int(rnd() * len(caps))]
    seat = state.turn
    nxt = (seat + 1) % state.n
    last = state.plays_left == 1
    opp = state.hands[nxt] if not last and nxt % state.sides_n != seat % state.sides_n else ()
    best = -1e9
    best_move = (hand[0], 0)
    for card in hand:
        for m in card_captures(rule, card, table):
            if m:
                after = table ^ m
                v = _capture_value(m | (1 << card))
                if is_scopa(rule, card, m, after, last, state.last_play_scopa):
                    v += _SCOPA
            else:
                after = table | (1 << card)
                v = -0.5 * VALUE[card]
            if after and opp:
                r = sweep_rank(after, rule)
                if r and any((x >> 2) + 1 == r for x in opp):
                    v -= _SCOPA + 0.12 * after.bit_count()
            if v > best:
                best = v
                best_move = (card, m)
    return best_move


def playout(state: HandState, rnd) -> None:
    """Play the rest of the hand in place with the greedy policy."""
    while state.plays_left:
        card, cap = _policy_move(state, rnd)
        state.apply(card, cap)


def evidence(view: PlayerView) -> dict[int, int]:
    """Cards each other seat probably does not hold, from what it did this deal.

    ``{seat: mask}``.  Only plays of the current deal count (a seat's hand now was dealt
    at its start).  A seat that did not sweep a table a card of rank r would have swept
    probably holds no r; one that left the settebello on the table probably holds no 7.
    """
    n = view.rules.players
    variant = view.rules.variant_info
    rule = rule_of(view.rules)
    table = mask_of(view.hand_start_table)
    first_deal = variant.hand_cards * n
    per_deal = variant.redeal_cards * n
    played = len(view.history)
    deal_start = 0 if played < first_deal or not per_deal else \
        first_deal + ((played - first_deal) // per_deal) * per_deal
    out: dict[int, int] = {}
    for i, play in enumerate(view.history):
        cap = mask_of(play.capture)
        if i >= deal_start and play.seat != view.seat:
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
    state = HandState.empty(rules, view.dealer)
    state.table = mask_of(view.table)
    state.hands = hands
    state.stock = unseen[pos:]
    state.piles = [mask_of(p) for p in view.captured]
    state.scope = list(view.scope)
    state.turn = view.seat
    state.dealer = view.dealer
    state.last_capture = last_capturer(view)
    state.plays_left = view.plays_left
    return state


def _diff(points: list[int], side: int) -> int:
    return points[side] - max(p for i, p in enumerate(points) if i != side)


def perfect_information(view: PlayerView) -> bool:
    """True when the seat can deduce every hidden card: no stock, one other hand at most."""
    if view.stock:
        return False
    holders = [s for s in range(view.rules.players) if s != view.seat and view.hand_sizes[s]]
    return len(holders) <= 1


def _minimax(state: HandState, rules, side: int) -> int:
    if not state.plays_left:
        return _diff(hand_points(state, rules), side)
    maximize = state.turn % state.sides_n == side
    best = None
    for card, cap in state.legal_moves():
        child = state.copy()
        child.apply(card, cap)
        v = _minimax(child, rules, side)
        if best is None or (v > best if maximize else v < best):
            best = v
    return best


class HardPlayer(BasePlayer):
    """Determinized Monte Carlo search; ``time`` or ``iters`` budget."""

    name = "hard"

    def __init__(self, seed: int | None = None, time: float | None = None, iters: int | None = None):
        super().__init__(seed)
        if time is None and iters is None:
            time = DEFAULT_TIME
        self.time_budget = time
        self.iters = iters
        self.last_stats: dict[str, float] = {}

    def evaluate(self, view: PlayerView) -> list[tuple[Move, float]]:
        """Every legal move with its estimated hand-point difference, best first."""
        moves = sort_moves(view.legal)
        if len(moves) == 1:
            self.last_stats = {"playouts": 0, "exact": 0}
            return [(moves[0], 0.0)]
        rules = view.rules
        side = view.side
        if perfect_information(view):
            state = determinize(view, self.rng)
            scored = []
            for m in moves:
                child = state.copy()
                child.apply(int(m.card), m.mask)
                scored.append((m, float(_minimax(child, rules, side))))
            self.last_stats = {"playouts": 0, "exact": 1}
            return sorted(scored, key=lambda t: -t[1])
        rng = self.rng
        rnd = rng.random
        avoid = evidence(view)
        root = [(int(m.card), m.mask) for m in moves]
        totals = [0.0] * len(root)
        deadline = time.perf_counter() + self.time_budget if self.time_budget else None
        limit = self.iters
        done = 0
        rounds = 0
        while True:
            state = determinize(view, rng, avoid)
            for j, (card, cap) in enumerate(root):
                child = state.copy()
                child.apply(card, cap)
                playout(child, rnd)
                totals[j] += _diff(hand_points(child, rules), side)
            done += len(root)
            rounds += 1
            if limit is not None and done >= limit:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_stats = {"playouts": done, "exact": 0}
        scored = [(m, t / rounds) for m, t in zip(moves, totals)]
        return sorted(scored, key=lambda t: -t[1])

    def choose(self, view: PlayerView) -> Move:
        return self.evaluate(view)[0][0]
