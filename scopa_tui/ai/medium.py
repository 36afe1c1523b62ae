"""The ``medium`` level: the rules of thumb of a good club player.

For every legal move it weighs what the move takes now (cards, coins, the settebello,
sevens and sixes for the primiera, a scopa) against what it leaves the next player: the
value of that player's best reply on the new table (a sweep, a match, a sum), averaged
over the cards it may hold — counted from the cards this seat has not seen.  It also
values set-ups: what its own other cards could take on that table next turn.  Among
equal moves it prefers the one that exposes least.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Move, PlayerView
from ..engine.core import card_captures, is_scopa, rule_of
from .base import BasePlayer
from .common import VALUE, Counter, last_capturer, mask_value, next_seat_hand_size, sort_moves, sweep_rank
from .evaluation import expected_reply as reply_from

SCOPA = 1.0
EXPOSURE_WEIGHT = 1.0   # how much what the next player can take counts against a move
LAY_PENALTY = 0.15      # laying a card gives up its future captures
FOLLOW_WEIGHT = 0.5     # what our other cards could take next turn (a set-up)


@dataclass
class Assessment:
    """Why a move scores what it scores (the hint reads this)."""

    move: Move
    score: float
    gain: float            # what the move takes now, in points
    scopa: bool
    after: int             # the table mask after the move
    sweep_rank: int        # rank that would sweep the table after the move (0: none)
    p_sweep: float         # chance the next player holds it
    exposure: float        # value of table cards the next player may take by a match
    last_play: bool


def assess(view: PlayerView, move: Move, counter: Counter | None = None) -> Assessment:
    counter = counter or Counter(view)
    rules = view.rules
    table = counter.table
    card = int(move.card)
    last = view.plays_left == 1
    rule = rule_of(rules)
    if move.mask:
        after = table ^ move.mask
        gain = mask_value(move.mask | (1 << card))
        scopa = is_scopa(rule, card, move.mask, after, last, rules.last_play_scopa)
        if scopa:
            gain += SCOPA
    else:
        after = table | (1 << card)
        gain = -LAY_PENALTY * VALUE[card]
        scopa = False
    me = view.side
    if last:
        # The leftovers go to the last capturer: nothing is exposed any more.
        taker = me if move.mask else last_capturer(view)
        if taker == me:
            gain += mask_value(after)
        elif taker >= 0:
            gain -= mask_value(after)
        return Assessment(move, gain, gain, scopa, after, 0, 0.0, 0.0, True)
    nxt = (view.seat + 1) % rules.players
    if rules.side_of(nxt) == me:
        return Assessment(move, gain, gain, scopa, after, 0, 0.0, 0.0, False)
    r = sweep_rank(after, rule)
    p_sweep = counter.p_seat_has_rank(nxt, r) if r else 0.0
    exposure = expected_reply(counter, nxt, after, view.plays_left - 1 > 1 or rules.last_play_scopa, rule)
    score = gain - EXPOSURE_WEIGHT * exposure
    if FOLLOW_WEIGHT and view.plays_left > 2:
        score += FOLLOW_WEIGHT * follow_up(view, card, after, rule)
    return Assessment(move, score, gain, scopa, after, r, p_sweep, exposure, False)


def follow_up(view: PlayerView, played: int, table: int, rule: int = 0) -> float:
    """The best capture our remaining cards could make on ``table`` next turn (a set-up),
    by the variant's capture ``rule`` (engine.core.CAPTURE_RULES)."""
    best = 0.0
    for c in view.hand:
        if c == played:
            continue
        for cap in card_captures(rule, int(c), table):
            if not cap:
                continue  # laid: no capture
            v = mask_value(cap | (1 << int(c)))
            if v > best:
                best = v
    return best


def expected_reply(counter: Counter, seat: int, table: int, scopa_counts: bool, rule: int = 0) -> float:
    """What ``seat`` can expect to take from ``table`` with its best card, on average.

    For each rank, the best capture a card of that rank makes (a sweep adds a point);
    the seat plays its best rank, so the ranks are taken best first, each weighted by the
    chance that the seat holds it and none of the better ones (counting unseen cards):
    :func:`.evaluation.expected_reply` over the cards this seat has not seen.
    """
    return reply_from(table, counter.unseen, next_seat_hand_size(counter.view, seat), scopa_counts, rule)


class MediumPlayer(BasePlayer):
    """Rule-based: counts cards, avoids leaving sweeps, goes for the valuable cards."""

    name = "medium"

    def rank_moves(self, view: PlayerView) -> list[Assessment]:
        counter = Counter(view)
        found = [assess(view, m, counter) for m in sort_moves(view.legal)]
        # Best first; among equal scores the one that exposes least.
        found.sort(key=lambda a: (-round(a.score, 9), round(a.exposure, 9)))
        return found

    def choose(self, view: PlayerView) -> Move:
        ranked = self.rank_moves(view)
        best = ranked[0]
        ties = [a for a in ranked if round(a.score, 9) == round(best.score, 9)
                and round(a.exposure, 9) == round(best.exposure, 9)]
        return self.rng.choice(ties).move
