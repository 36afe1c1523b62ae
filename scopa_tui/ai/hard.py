"""The ``hard`` level: determinized alpha-beta to the end of the deal, with inference.

Like the ``pimc`` level (:mod:`.search`) it deals guesses of the hidden cards (*worlds*)
and searches each with alpha-beta, but:

* the guesses are weighted by what the play so far says about the other hands
  (:func:`.worlds.evidence`: a seat that did not sweep with a rank probably holds none);
* each world is searched to the end of the current deal, where nothing hidden is dealt
  yet (no search into a stock that is only a guess), and over the last deal to the end
  of the hand, scored exactly by the engine; the depth is capped for 4 and 6 players;
* the evaluation (:func:`.evaluation.expected_points`) turns every point into the chance
  of winning it, counting what is still out, and weighs the sweep the table invites
  (``leaf=fitted_points`` reads it from tables fitted on self-play instead, :mod:`.fit`:
  measured no stronger, docs/ai-strength.md);
* it plays the score: a finished hand that wins or loses the game is worth
  :data:`.search.WIN` points more or less than its count;
* when nothing is hidden any more (no stock, one other hand) one world is the exact answer;
* with partners (4 and 6 players), the last :data:`LATE_PLAYS` plays of a hand (the last
  two deals of 4 players, the last deal of 6; the last 6 cards of each seat in a Scopone)
  are searched by information-set MCTS of ``late``
  iterations (default :data:`LATE_MCTS`, :mod:`.ismcts`) instead: there each world of
  alpha-beta lets every seat, the partner too, see every hand, and it laid cards the
  opponents take where a dead card was there to lay (docs/ai-strength.md);
* of the moves its search calls about even (within ``prudence`` points, default
  :data:`PRUDENCE`), it plays the one that leaves no careless risk (:func:`prudent`): the
  settebello laid as bait, a table one card sweeps, a 7 laid where an unseen card takes it.

Budget: ``worlds`` (guesses per decision, default by the number of players) and
``depth`` (the cap, in plies); ``iters`` is another name of ``worlds``.  Both are counts,
so a seed and a budget give the same move on any machine.  ``time`` caps the wall-clock
time of a decision on top (the app's hints); it is not reproducible, nor is the default
budget's safety cap of :data:`SAFETY_TIME` (a count of worlds given has none).

The other keyword arguments (``infer``, ``play_score``, ``infosets``, ``at_least``,
``leaf``, ``score_leaf``, ``prudence``, ``late``) switch one idea off or on at a time, for measuring it; the
registry does not offer them.  ``score_leaf`` (off) values the leaves near the end of a
game by the game they lead to as well (:func:`game_leaf`; docs/ai-strength.md).  ``mcts=N`` (the registry's ``hard:mcts=N``) searches by information-set MCTS
instead (:mod:`.ismcts`, N iterations; ``explore``, ``bias`` and ``horizon`` are its
constant, progressive bias and rollout horizon) wherever something is hidden; at 1,000
iterations measured weaker than the default (docs/ai-strength.md), so an option.
``lookahead`` (and ``plies``) looks past the end of the deal at each search's
principal leaf (:mod:`.lookahead`): counts the registry offers (``hard:lookahead=4``), off
by default, measured no stronger (docs/ai-strength.md).
``infer="model"`` (with ``temp``, ``eps`` and ``candidates``) draws the worlds by the
likelihood of the other seats' plays this deal under an opponent model (:mod:`.inference`)
instead of the two rules of :func:`.worlds.evidence`.
``endgame=K`` (a keyword only, for measuring) searches each world to the end of the hand
once K plays or fewer are left (12: the last two deals), through a guessed stock: measured
no stronger than the default (docs/ai-strength.md).
"""

from __future__ import annotations

import time as _time
from math import erfc, sqrt
from random import Random

from ..engine import Move, PlayerView, mask_of
from ..engine.cards import SETTEBELLO
from ..engine.core import ESCOBA, rule_of
from .base import BasePlayer
from .common import RANK_MASK, sweep_rank, taker_ranks
from .evaluation import expected_points
from .inference import DEFAULT_EPS, DEFAULT_TEMP, inferred_worlds
from .lookahead import DEFAULT_PLIES, Lookahead
from .search import WIN, search_infosets, search_worlds, terminal_value
from .worlds import determinize, evidence, perfect_information

__all__ = ["HardPlayer", "determinize", "evidence", "perfect_information"]

# Worlds per decision and depth cap (plies) by number of players: calibrated so that a
# move takes at most 0.5 s median on an idle core (README.md, "AI opponents and bots", *Strength*).
DEFAULT_WORLDS = {2: 40, 3: 16, 4: 16, 6: 10}
DEFAULT_DEPTH = {2: 9, 3: 9, 4: 8, 6: 7}
# The most card sequences a world's search may span (the product of the hand sizes over its
# plies): never reached by Scopa's deals of three within DEFAULT_DEPTH; Scopone's hands of
# ten are searched 4 plies deep (Scopa's 4-player depth took 27 s a decision there).
MAX_WIDTH = 10_000


def _within_width(state, depth: int) -> int:
    """``depth``, or fewer plies when the moves over them could number more than
    :data:`MAX_WIDTH` (a long deal: Scopone's 9 or 10 cards each; Escoba's many captures);
    never less than one."""
    hands = state.hands
    n = state.n
    turn = state.turn
    # moves per card now (Escoba: a card may take one of several sets, or be laid)
    per_card = max(1.0, len(state.legal_moves()) / max(1, len(hands[turn])))
    # an Escoba node costs several Scopa ones (every capture is a search for sets of 15)
    limit = MAX_WIDTH // 20 if state.rule == ESCOBA else MAX_WIDTH
    width = 1
    for k in range(depth):
        width *= per_card * max(1, len(hands[(turn + k) % n]) - k // n)
        if width > limit:
            return max(1, k)
    return depth


# By the number of players, the plays left from which a hand is searched by information-set
# MCTS (the last two deals of 4 players, 24 plays; the last deal of 6, 18), and its
# iterations (2,000: about 0.3 s of processor median, 0.6 s at most in 4-player Escoba and
# Scopone; docs/ai-strength.md).  The tree search reads no clock: SAFETY_TIME and a ``time`` budget do not cut it
# short.
LATE_PLAYS = {4: 24, 6: 18}
LATE_MCTS = 2000

# Points: a move this close to the best that leaves no careless risk is played instead
# (:func:`prudent`; measured neutral in strength, docs/ai-strength.md).
PRUDENCE = 0.2


def risks(view: PlayerView, move: Move) -> int:
    """How many of a strong player's three careless risks ``move`` takes: the settebello
    left on the table while a 7 is unseen, a table that one unseen rank sweeps, and a 7 (a
    primiera card) laid where an unseen card can take it.  None when no opponent plays
    again this hand; neither the settebello nor a 7 laid counts in Escoba (sums of 15 take
    any card)."""
    rules = view.rules
    if not view.stock and not any(view.hand_sizes[s] for s in range(rules.players)
                                  if rules.side_of(s) != view.side):
        return 0
    table = mask_of(view.table)
    card = int(move.card)
    after = table ^ move.mask if move.mask else table | 1 << card
    unseen = view.unseen_mask
    rule = rule_of(rules)
    settebello = rule != ESCOBA and bool(after >> SETTEBELLO & 1) and bool(unseen & RANK_MASK[7])
    n = int(settebello)
    r = sweep_rank(after, rule)
    n += int(bool(r and unseen & RANK_MASK[r]))
    # a 7 laid for the taking (the settebello laid is counted once, above); not in Escoba,
    # where a sum of 15 takes any card laid
    if rule != ESCOBA and not move.mask and card >> 2 == 6 and not (settebello and card == SETTEBELLO):
        n += int(bool(taker_ranks(card, after, unseen, rule)))
    return n


def prudent(view: PlayerView, scored: list[tuple[Move, float]], margin: float = PRUDENCE) -> tuple[Move, float]:
    """The move to play from ``scored`` (best first): of the moves within ``margin`` points
    of the best, the one that takes the fewest :func:`risks`, the best valued on a tie.

    The search's values carry the noise of its sampled worlds (a few tenths of a point at
    40), so a move it calls even with the settebello laid as bait, or with a table left that
    one card sweeps, is only a guess; a strong player takes the safe one.  Measured against
    ``pimc`` on the same deals: no weaker at 0.1, 0.2 or 0.3 (docs/ai-strength.md)."""
    if len(scored) == 1 or margin <= 0:
        return scored[0]
    floor = scored[0][1] - margin
    near = [(risks(view, m), i) for i, (m, v) in enumerate(scored) if v >= floor]
    return scored[min(near)[1]]


SAFETY_TIME = 1.0  # seconds: the longest a decision may take when no ``time`` is given

SQRT2 = sqrt(2.0)
# game_leaf: a 2-side hand's points, both sides together (the mean of the fresh seed's
# 200 games of hard against pimc: 2.29 + 2.17, README.md "AI opponents and bots", *Strength*); the spread of its
# difference at the hand's start; how close to the target a side must be to count.
HAND_POINTS = 4.5
HAND_SPREAD = 2.2
NEAR_TARGET = 7


def game_leaf(leaf, rules, side: int, scores: tuple[int, ...]):
    """``leaf`` plus the game it leads to: near the end of a game (2 sides), a leaf worth
    ``d`` points of the hand also counts :data:`.search.WIN` times the chance that the
    hand wins the game less the chance that it loses it, with the hand's final difference
    taken as normal around ``d`` (spread by the cards still out) and its points summing to
    :data:`HAND_POINTS`.  Far from the target: ``leaf`` itself."""
    target = rules.target
    mine = scores[side]
    other = max(sc for i, sc in enumerate(scores) if i != side)
    if rules.n_sides != 2 or max(mine, other) + NEAR_TARGET < target:
        return leaf
    win_above = max(2 * (target - mine) - HAND_POINTS, other - mine)  # difference that wins
    lose_below = min(HAND_POINTS - 2 * (target - other), other - mine)  # difference that loses

    def value(state) -> float:
        d = leaf(state)
        left = 40 - sum(p.bit_count() for p in state.piles)
        spread = HAND_SPREAD * sqrt(max(left, 1) / 40) * SQRT2
        return d + WIN * 0.5 * (erfc((win_above - d) / spread) - erfc((d - lose_below) / spread))
    return value


class HardPlayer(BasePlayer):
    """Determinized alpha-beta with inference; ``worlds``/``iters``, ``depth`` and ``time`` budgets."""

    name = "hard"

    def __init__(self, seed: int | None = None, worlds: int | None = None, depth: int | None = None,
                 iters: int | None = None, time: float | None = None, infer: bool | str = True,
                 play_score: bool = True, at_least: int = 0, leaf=expected_points, infosets: bool = True,
                 mcts: int = 0, explore: float | None = None, bias: float = 0.0, horizon: str = "hand",
                 lookahead: int = 0, plies: int = DEFAULT_PLIES, temp: float = DEFAULT_TEMP,
                 eps: float = DEFAULT_EPS, candidates: int | None = None, endgame: int = 0,
                 score_leaf: bool = False, prudence: float = PRUDENCE, late: int = LATE_MCTS):
        super().__init__(seed)
        self.worlds = worlds or iters
        self.iters = self.worlds
        self.depth = depth
        # No decision may keep a player waiting: at the default budget, without ``time``, a
        # search still stops after SAFETY_TIME (between worlds).  It takes milliseconds, so
        # the cap only binds on rare wide positions (Escoba's big tables of small cards), or
        # on a loaded machine.  A budget given as a count (``worlds``) is searched in full:
        # the same seed and count give the same move however busy the machine (``time=0``: no
        # clock either).
        self.time_budget = time if time is not None else (None if self.worlds else SAFETY_TIME)
        # True: guesses against evidence() mostly rejected; "model": worlds drawn by the
        # likelihood of the plays this deal under an opponent model of temperature ``temp``
        # and noise ``eps``, from ``candidates`` guesses (:mod:`.inference`); False: uniform
        self.infer = infer
        self.model_options = {"temp": temp, "eps": eps, "candidates": candidates}
        self.play_score = play_score
        self.at_least = at_least  # plies at least, past the end of the deal into a guessed stock
        self.leaf = leaf
        self.infosets = infosets  # the next move chosen once for all worlds (2 and 3 players)
        # mcts=N: information-set MCTS of N iterations (:mod:`.ismcts`) where something is
        # hidden; the exact alpha-beta still plays a deal with perfect information.
        self.mcts = mcts
        self.mcts_options = {"bias": bias, "horizon": horizon}
        if explore is not None:
            self.mcts_options["exploration"] = explore
        # deals sampled past the end of the deal at each search's principal leaf (:mod:`.lookahead`)
        self.lookahead = lookahead
        self.plies = plies
        # plays left from which each world is searched to the end of the hand (its stock a guess)
        self.endgame = endgame
        self.score_leaf = score_leaf  # near the end of a game, leaves count the game too (game_leaf)
        self.prudence = prudence  # points: the margin of prudent() (0: the best value, always)
        self.late = late  # ISMCTS iterations over a partnership hand's last LATE_PLAYS plays (0: off)
        self.last_stats: dict[str, float] = {}

    def evaluate(self, view: PlayerView) -> list[tuple[Move, float]]:
        """Every legal move with its estimated value (hand points, and the game), best first."""
        if len(view.legal) == 1:
            self.last_stats = {"worlds": 0, "nodes": 0, "exact": 0}
            return [(view.legal[0], 0.0)]
        rules = view.rules
        side = view.side
        values = rules.primiera_values
        players = rules.players
        cap = self.depth or DEFAULT_DEPTH.get(players, 7)
        exact = perfect_information(view)
        worlds = 1 if exact else (self.worlds or DEFAULT_WORLDS.get(players, 10))

        endgame = self.endgame

        def depth_of(state) -> int:
            # to the end of the deal; over the last deal, to the end of the hand
            if exact:
                # nothing hidden: the one world to the end of the hand, whatever its width
                # (two hands of 3 at most; 40 ms of processor at most in Scopa, 0.2 s in
                # Escoba's wide tables: docs/ai-strength.md)
                return state.plays_left
            if state.plays_left <= endgame:
                return _within_width(state, state.plays_left)
            d = state.plays_left if not state.stock else max(sum(len(h) for h in state.hands), at_least)
            return _within_width(state, min(d, cap))

        at_least = self.at_least
        leaf = self.leaf
        scores = tuple(view.scores) if self.play_score else None
        mcts = self.mcts or (self.late if view.plays_left <= LATE_PLAYS.get(players, 0) else 0)
        if mcts and not exact:
            from . import ismcts

            scored, iterations = ismcts.search(view, self.rng, mcts,
                                               lambda state: leaf(state, side, values, rules),
                                               terminal_value(rules, side, scores),
                                               evidence(view) if self.infer else None, **self.mcts_options)
            self.last_stats = {"worlds": iterations, "nodes": iterations, "exact": 0}
            return scored
        deadline = _time.perf_counter() + self.time_budget if self.time_budget else None
        search = search_infosets if self.infosets and players <= 3 and not exact else search_worlds
        evaluate = lambda state: leaf(state, side, values, rules)  # noqa: E731
        if self.score_leaf and scores is not None:
            evaluate = game_leaf(evaluate, rules, side, scores)
        terminal = terminal_value(rules, side, scores)
        ab = None
        if self.lookahead and not exact:
            ab = Lookahead(side, rules.n_sides, evaluate, terminal, Random(self.rng.getrandbits(32)),
                           self.lookahead, self.plies)
        dealt, ess = None, 0.0
        if self.infer == "model" and not exact:
            dealt, ess = inferred_worlds(view, self.rng, worlds, **self.model_options)
        scored, nodes = search(view, self.rng, worlds, depth_of, evaluate, terminal,
                               evidence(view) if self.infer is True else None, deadline, ab, dealt)
        self.last_stats = {"worlds": worlds, "nodes": nodes, "exact": int(exact),
                           "looked": len(ab.cache) if ab else 0,  # deal ends looked past
                           "ess": ess}  # the candidates' effective number (infer="model")
        return scored

    def best(self, view: PlayerView) -> tuple[Move, float]:
        """The move to play and its value: the search's best, or a safer one as good (:func:`prudent`)."""
        return prudent(view, self.evaluate(view), self.prudence)

    def choose(self, view: PlayerView) -> Move:
        return self.best(view)[0]
