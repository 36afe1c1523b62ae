"""Worlds weighted by what the other seats played: inference by an opponent model.

``hard:infer=model`` (``HardPlayer(infer="model")``) guesses the hidden cards like
:func:`.worlds.determinize`, but instead of rejecting guesses against two hand-written
rules (:func:`.worlds.evidence`) it asks, for every play another seat made this deal, how
likely a reasonable player holding that world's cards would have made it:

* the cards the seat held then are its guessed hand now plus the cards it played since
  (only the current deal counts: earlier hands were dealt before it);
* the *opponent model* values each move it could have made with those cards as a quick
  club player would (:func:`move_value`: what it takes, a sweep, minus what it leaves the
  next seat to take when that seat is an opponent) and plays them with softmax
  probabilities of temperature ``temp``, mixed with a share ``eps`` of any legal move
  (a player the model does not fit never makes a world impossible);
* a world's weight is the product of those chances over the plays (importance weights:
  the guesses are dealt uniformly); ``candidates`` guesses are dealt and ``worlds`` of
  them drawn by weight (sample-importance-resampling, systematic), so that the search
  keeps its count of worlds.  A partner's plays are evidence as well.

Everything is counted and drawn from the player's generator: a seed and the counts give
the same worlds.  The values of the moves a seat could have made at a play depend only
on the public table then and on the card, so they are computed once per decision and
shared by all the candidates (:class:`PlayModel`).
"""

from __future__ import annotations

from math import exp, log
from random import Random

from ..engine import PlayerView, mask_of
from ..engine.cards import DECK_MASK
from ..engine.core import HandState, card_captures, is_scopa, rule_of
from .common import VALUE, mask_value
from .evaluation import expected_reply
from .worlds import deal_start, determinize

DEFAULT_TEMP = 0.2     # points: a move worth 0.2 less is e times less likely
DEFAULT_EPS = 0.05     # the share of plays the model does not explain (any legal move)
CANDIDATES_PER_WORLD = 8  # guesses dealt for each world searched
SCOPA = 1.0            # a sweep's point, as the model counts it
LAY_PENALTY = 0.15     # laying a card gives up its future captures (as ``medium`` counts it)


def move_value(rule: int, card: int, cap: int, table: int, out: int, reply_hand: int,
               foe_next: bool, last: bool, scopa_counts: bool, last_play_scopa: bool) -> float:
    """What a quick player makes of playing ``card`` taking ``cap`` from ``table``.

    The points it takes (a sweep adds one), or a small cost for laying a card; less what
    the next seat, when it is an opponent holding ``reply_hand`` of the cards ``out``,
    can expect to take from the table left (:func:`.evaluation.expected_reply`).
    """
    if cap:
        after = table ^ cap
        value = mask_value(cap | (1 << card))
        if is_scopa(rule, card, cap, after, last, last_play_scopa):
            value += SCOPA
    else:
        after = table | (1 << card)
        value = -LAY_PENALTY * VALUE[card]
    if foe_next and not last and reply_hand:
        value -= expected_reply(after, out, reply_hand, scopa_counts, rule)
    return value


class _Play:
    """One play of another seat this deal, with what the model makes of its alternatives."""

    __slots__ = ("seat", "later", "actual", "sums", "args")

    def __init__(self, seat: int, later: int, actual: float, args: tuple):
        self.seat = seat
        self.later = later  # the cards the seat played from this one on, this deal (held then)
        self.actual = actual  # the move's value / temp
        self.sums: dict[int, tuple[float, int]] = {}  # card -> (sum of exp(value/temp), moves)
        self.args = args  # (rule, table, out, reply_hand, foe_next, last, scopa_counts, lps)


class PlayModel:
    """The likelihood of the other seats' plays this deal, given the hands of a world."""

    def __init__(self, view: PlayerView, temp: float = DEFAULT_TEMP, eps: float = DEFAULT_EPS):
        self.temp = temp
        self.eps = eps
        rules = view.rules
        n = rules.players
        rule = rule_of(rules)
        lps = rules.last_play_scopa
        history = view.history
        start = deal_start(view)
        table = mask_of(view.hand_start_table)
        seen = table  # the cards everybody has seen so far
        plays_left = view.plays_left + len(history)
        size_now = list(view.hand_sizes)
        size_now[view.seat] = len(view.hand)
        self.plays: list[_Play] = []
        for i, play in enumerate(history):
            card = int(play.card)
            cap = mask_of(play.capture)
            if i >= start and play.seat != view.seat:
                s = play.seat
                later = 0
                for p in history[i:]:
                    if p.seat == s:
                        later |= 1 << int(p.card)
                nxt = (s + 1) % n
                reply_hand = size_now[nxt] + sum(1 for p in history[i + 1:] if p.seat == nxt)
                last = plays_left - i == 1
                args = (rule, table, DECK_MASK & ~(seen | later), reply_hand,
                        rules.side_of(nxt) != rules.side_of(s), last, plays_left - i - 1 > 1 or lps, lps)
                self.plays.append(_Play(s, later, move_value(args[0], card, cap, *args[1:]) / temp, args))
            seen |= 1 << card
            if cap:
                table ^= cap
            else:
                table |= 1 << card

    def _card_sum(self, play: _Play, card: int) -> tuple[float, int]:
        """Sum of exp(value/temp) over the moves of ``card`` at ``play``, and their number."""
        found = play.sums.get(card)
        if found is None:
            rule, table = play.args[0], play.args[1]
            caps = card_captures(rule, card, table)
            rest = play.args[2:]
            total = sum(exp(move_value(rule, card, cap, table, *rest) / self.temp) for cap in caps)
            found = play.sums[card] = (total, len(caps))
        return found

    def log_likelihood(self, hands: list[list[int]]) -> float:
        """The log of the chance of the observed plays when the other seats hold ``hands`` now."""
        eps = self.eps
        total = 0.0
        for play in self.plays:
            held = play.later | mask_of(hands[play.seat])
            z = 0.0
            moves = 0
            m = held
            while m:
                low = m & -m
                s, k = self._card_sum(play, low.bit_length() - 1)
                z += s
                moves += k
                m ^= low
            p = (1.0 - eps) * exp(play.actual) / z + eps / moves
            total += log(p)
        return total


def systematic(weights: list[float], k: int, rng: Random) -> list[int]:
    """``k`` indices drawn in proportion to ``weights`` by systematic resampling (one random number)."""
    total = sum(weights)
    step = total / k
    u = rng.random() * step
    picks = []
    acc = 0.0
    i = 0
    for _ in range(k):
        while i < len(weights) - 1 and acc + weights[i] <= u:
            acc += weights[i]
            i += 1
        picks.append(i)
        u += step
    return picks


def inferred_worlds(view: PlayerView, rng: Random, worlds: int, candidates: int | None = None,
                    temp: float = DEFAULT_TEMP, eps: float = DEFAULT_EPS) -> tuple[list[HandState], float]:
    """``worlds`` guesses of the hidden cards drawn by the likelihood of the plays this deal;
    and the effective sample size of the ``candidates`` dealt (how many were informative)."""
    model = PlayModel(view, temp, eps)
    if not model.plays:
        return [determinize(view, rng) for _ in range(worlds)], float(worlds)
    pool = [determinize(view, rng) for _ in range(candidates or CANDIDATES_PER_WORLD * worlds)]
    logs = [model.log_likelihood(w.hands) for w in pool]
    top = max(logs)
    weights = [exp(x - top) for x in logs]
    ess = sum(weights) ** 2 / sum(w * w for w in weights)
    return [pool[i] for i in systematic(weights, worlds, rng)], ess
