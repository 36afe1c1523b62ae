"""Determinized alpha-beta: the search of the ``pimc`` and ``hard`` levels.

Perfect-Information Monte Carlo: deal a number of *worlds* (guesses of the hidden cards,
:mod:`.worlds`), search each world with alpha-beta as if every card were visible, and add
up each root move's value over the worlds; the move with the best total wins.  Moves are
generated and played by the engine (``HandState.legal_moves``/``apply``) and a finished
hand is scored by ``hand_points``, so every variant the engine knows is played by its
own rules.

The side to maximise is the searching seat's side; every other side minimises its value
(paranoid search: in three-player Scopa the two others are treated as one opponent).
Partners (4 and 6 players) are searched as the same side, so the search plays for the
side: it leaves a capture to a partner when that pays and does not sweep a table the
partner would only leave worse.

Everything is counted, nothing is timed: for a seed and a number of worlds the result is
the same on any machine, which makes the benchmark reproducible in a process pool.  Only a
``deadline`` (a wall-clock budget: ``hard:time=``, hints, the default budget's safety cap)
reads the clock: between worlds, where a world that would not finish in time (by the mean
time of the worlds done) is not started, and inside a world every :data:`CHECK_EVERY`
nodes, where a world the deadline overtakes is dropped unfinished; when that is the first
world, its moves are valued one ply deep instead (the evaluation right after each), so
that there is a move to play.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from time import perf_counter

from ..engine import Move, PlayerView
from ..engine.core import HandState, hand_points
from .common import VALUE, sort_moves
from .worlds import determinize

INF = float("inf")
WIN = 4.0  # what winning the game is worth in points of a hand, when the score is played

Leaf = Callable[[HandState], float]

# Nodes between two reads of the clock inside a world under a deadline (a power of two):
# about 1.5 ms of search on an idle core (45,000 nodes a second), a read 0.1 µs.
CHECK_EVERY = 64


class OutOfTime(Exception):
    """The deadline passed inside a world (raised by :meth:`AlphaBeta.value`)."""


def _move_order(table: int):
    """Sort key of a (card, capture) pair: sweeps, then the most valuable captures, then cheap lays."""
    def key(move: tuple[int, int]) -> float:
        card, cap = move
        if not cap:
            return -VALUE[card]
        v = 1.0 + VALUE[card]
        m = cap
        while m:
            low = m & -m
            v += VALUE[low.bit_length() - 1]
            m ^= low
        if cap == table:
            v += 10.0
        return v
    return key


def terminal_value(rules, side: int, scores: tuple[int, ...] | None = None) -> Leaf:
    """The value of a finished hand for ``side``: its points minus the best other side's.

    With ``scores`` (game totals before this hand) the game's outcome counts too: a hand
    that wins the game for the side is worth :data:`WIN` more, one that loses it
    :data:`WIN` less (the rules' target; a tie at the top plays on).
    """
    target = rules.target

    def value(state: HandState) -> float:
        pts = hand_points(state, rules)
        mine = pts[side]
        v = mine - max(p for i, p in enumerate(pts) if i != side)
        if scores is not None:
            totals = [s + p for s, p in zip(scores, pts)]
            best = max(totals)
            if best >= target and totals.count(best) == 1:
                v += WIN if totals[side] == best else -WIN
        return v
    return value


class AlphaBeta:
    """Depth-limited alpha-beta over one world, counting the nodes it visits.

    With a ``deadline`` (a ``time.perf_counter`` value) it reads the clock every
    :data:`CHECK_EVERY` nodes and raises :class:`OutOfTime` once it has passed.
    """

    def __init__(self, side: int, sides_n: int, leaf: Leaf, terminal: Leaf):
        self.side = side
        self.sides_n = sides_n
        self.leaf = leaf
        self.terminal = terminal
        self.nodes = 0
        self.deadline: float | None = None

    def value(self, state: HandState, depth: int, alpha: float = -INF, beta: float = INF) -> float:
        self.nodes += 1
        if self.deadline is not None and not self.nodes % CHECK_EVERY and perf_counter() >= self.deadline:
            raise OutOfTime
        if not state.plays_left:
            return self.terminal(state)
        if depth <= 0:
            return self.leaf(state)
        moves = state.legal_moves()
        if len(moves) > 1:
            moves.sort(key=_move_order(state.table), reverse=True)
        value = self.value
        if state.turn % self.sides_n == self.side:
            best = -INF
            for card, cap in moves:
                child = state.copy()
                child.apply(card, cap)
                v = value(child, depth - 1, alpha, beta)
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            return best
        best = INF
        for card, cap in moves:
            child = state.copy()
            child.apply(card, cap)
            v = value(child, depth - 1, alpha, beta)
            if v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best


def _each_world(view: PlayerView, moves: list[Move], rng: Random, worlds: int,
                depth_of: Callable[[HandState], int], avoid: dict[int, int] | None, deadline: float | None,
                ab: AlphaBeta, visit: Callable[[int, HandState, int], object],
                dealt: list[HandState] | None = None) -> list[list]:
    """Deal the worlds and call ``visit(j, world after root move j, plies left)`` for each root
    move; returns, for every world searched to its end, the list of what ``visit`` returned.
    ``dealt``: the worlds, dealt already (:mod:`.inference`), instead of :func:`.determinize`.

    Under a ``deadline`` a world after the first is started only when the mean time of the
    worlds done says it can end in time, and dropped when the deadline passes inside it
    (``ab`` reads the clock); the first world, overtaken, is valued one ply deep instead.
    """
    root = [(int(m.card), m.mask) for m in moves]
    done: list[list] = []
    started = perf_counter() if deadline is not None else 0.0

    def row_of(state: HandState, depth: int) -> list:
        row = []
        for j, (card, cap) in enumerate(root):
            child = state.copy()
            child.apply(card, cap)
            row.append(visit(j, child, depth))
        return row

    while len(done) < worlds:
        if done and deadline is not None:
            now = perf_counter()
            if now + (now - started) / len(done) >= deadline:
                break
        state = dealt[len(done)] if dealt else determinize(view, rng, avoid)
        depth = depth_of(state) - 1
        ab.deadline = deadline
        try:
            row = row_of(state, depth)
        except OutOfTime:
            if done:
                break
            # the first world, overtaken: each move valued as it leaves the table (one ply),
            # so that there is a move to play
            ab.deadline = None
            done.append(row_of(state, 0))
            break
        finally:
            ab.deadline = None
        done.append(row)
    return done


def search_worlds(view: PlayerView, rng: Random, worlds: int, depth_of: Callable[[HandState], int],
                  leaf: Leaf, terminal: Leaf, avoid: dict[int, int] | None = None,
                  deadline: float | None = None, ab=None,
                  dealt: list[HandState] | None = None) -> tuple[list[tuple[Move, float]], int]:
    """Every legal move with its mean value over ``worlds`` guesses, best first; and the nodes searched.

    ``depth_of(world)`` is how many plies to search in that world, the root move included.
    ``deadline`` (a ``time.perf_counter`` value) stops early, after one world at least:
    a wall-clock budget (``hard:time=``, hints), not reproducible.  ``ab`` is the search
    of a world (an :class:`AlphaBeta` of ``leaf`` and ``terminal`` by default; ``hard`` may
    pass a :class:`.lookahead.Lookahead`, which reads no clock).
    """
    moves = sort_moves(view.legal)
    ab = ab or AlphaBeta(view.side, view.rules.n_sides, leaf, terminal)

    def visit(j: int, child: HandState, depth: int) -> float:
        return ab.value(child, depth)

    done = _each_world(view, moves, rng, worlds, depth_of, avoid, deadline, ab, visit, dealt)
    totals = [0.0] * len(moves)
    for row in done:  # world by world, in the order they were dealt (the same sums as ever)
        for j, v in enumerate(row):
            totals[j] += v
    scored = [(m, t / len(done)) for m, t in zip(moves, totals)]
    scored.sort(key=lambda t: -t[1])  # stable: ties keep the canonical order
    return scored, ab.nodes


# --- our next decision taken once for all worlds ----------------------------------------
#
# Plain PIMC lets the searching seat choose its *next* move knowing each world's hidden
# cards ("strategy fusion"): it counts on always playing the safe card later.  Over the
# plays up to the seat's next turn the tree below is kept per world; the seat's next move
# is then chosen once per information set (the public plays since the root: the same in
# every world that reaches it) for the sum over those worlds, and each world's value is
# taken again with that choice fixed, the other seats answering it.

_LEAF, _MINE, _OTHER = 0, 1, 2
# The share of a deadline kept for choosing over the trees once the worlds are searched:
# measured at 2 players, it took a tenth of the search's time when worlds are cheap (400
# worlds in 0.5 s: 50 ms), a few ms when they are dear.
FINISH_SHARE = 0.1


def _tree(ab: AlphaBeta, state: HandState, depth: int, seat: int, path: tuple) -> tuple:
    """The plays of the other seats down to ``seat``'s next turn, with its moves' values there."""
    if not state.plays_left or depth <= 0:
        return (_LEAF, ab.value(state, depth))
    ab.nodes += 1
    moves = state.legal_moves()
    if state.turn == seat:
        # the information set: the public plays since the root and the seat's own hand
        # (a new deal on the way gives it other cards in other worlds)
        path = (path, tuple(sorted(state.hands[seat])))
        values = {}
        for move in moves:
            child = state.copy()
            child.apply(*move)
            values[move] = ab.value(child, depth - 1)
        return (_MINE, path, values)
    children = []
    for move in moves:
        child = state.copy()
        child.apply(*move)
        children.append((move, _tree(ab, child, depth - 1, seat, path + (move,))))
    return (_OTHER, state.turn % ab.sides_n == ab.side, children)


def _value(node: tuple, choice: dict) -> float:
    kind = node[0]
    if kind == _LEAF:
        return node[1]
    if kind == _MINE:
        values = node[2]
        move = choice.get(node[1])
        return values[move] if move is not None else max(values.values())
    vs = [_value(child, choice) for _, child in node[2]]
    return max(vs) if node[1] else min(vs)


def _reached(node: tuple, totals: dict) -> None:
    """Add the values at the seat's next turns that the others' best play reaches (fused)."""
    while node[0] == _OTHER:
        pick = max if node[1] else min
        node = pick((child for _, child in node[2]), key=lambda c: _value(c, {}))
    if node[0] == _MINE:
        acc = totals.setdefault(node[1], {})
        for move, v in node[2].items():
            acc[move] = acc.get(move, 0.0) + v


def search_infosets(view: PlayerView, rng: Random, worlds: int, depth_of: Callable[[HandState], int],
                    leaf: Leaf, terminal: Leaf, avoid: dict[int, int] | None = None,
                    deadline: float | None = None, ab=None,
                    dealt: list[HandState] | None = None) -> tuple[list[tuple[Move, float]], int]:
    """Like :func:`search_worlds`, with the seat's next move chosen once per information set."""
    moves = sort_moves(view.legal)
    ab = ab or AlphaBeta(view.side, view.rules.n_sides, leaf, terminal)

    def visit(j: int, child: HandState, depth: int) -> tuple:
        return _tree(ab, child, depth, view.seat, ())

    if deadline is not None:  # leave time to choose over the trees (about a tenth of the search)
        now = perf_counter()
        deadline = now + (1.0 - FINISH_SHARE) * (deadline - now)
    rows = _each_world(view, moves, rng, worlds, depth_of, avoid, deadline, ab, visit, dealt)
    done = len(rows)
    trees = [[row[j] for row in rows] for j in range(len(moves))]
    scored = []
    for m, per_world in zip(moves, trees):
        totals: dict = {}
        for node in per_world:
            _reached(node, totals)
        # the best move of each information set over the worlds that reach it (canonical order on ties)
        choice = {key: max(sorted(acc), key=lambda mv: acc[mv]) for key, acc in totals.items()}
        scored.append((m, sum(_value(node, choice) for node in per_world) / done))
    scored.sort(key=lambda t: -t[1])
    return scored, ab.nodes
