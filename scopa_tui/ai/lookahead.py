"""Seeing past the end of the deal: chance nodes at the leaves of ``hard``'s search.

``hard`` searches each world (:mod:`.worlds`) with alpha-beta to the end of the current
deal and stops there at a static evaluation.  The deal's end is where Scopa is decided:
what the table holds when the next three cards each are dealt, who can sweep it, who will
make the last capture of the hand.  :class:`Lookahead` searches one deal further, at the
leaves that matter:

* each search of a world is run as usual, with the principal variation's leaf kept (the
  line both sides play in that world by the static evaluation);
* when that leaf is the start of a new deal, its value is taken again as a *chance node*:
  ``samples`` deals of the cards not seen in that world at the deal's end (every hand and
  the stock: the world's stock is only a guess), each searched with alpha-beta to the end
  of that deal (or ``plies`` deep at most), and averaged (expectimax over the deal); over
  the hand's last deal that search reaches the end of the hand, scored exactly by the
  engine;
* the values are kept by the public state of the deal's end (table, piles, scope, turn,
  last capture): what is unseen there follows from it, so a leaf that several worlds or
  several lines reach is searched once (a transposition table over the leaves).

Only the principal variation's leaf of each search is looked at again, so the cost is a
few deal searches per world and root move; everything is counted (samples, plies), so a
seed gives the same move on any machine.  ``HardPlayer(lookahead=K)`` selects it.
"""

from __future__ import annotations

from random import Random

from ..engine.core import HandState
from .search import INF, AlphaBeta, Leaf, _move_order

DEFAULT_PLIES = 6  # the next deal of 2 players; a longer deal (3 or more players) is cut there


class Lookahead:
    """The alpha-beta of :mod:`.search` with the principal variation's leaf re-valued past
    the deal's end (see the module doc); a drop-in for :class:`.search.AlphaBeta`."""

    def __init__(self, side: int, sides_n: int, leaf: Leaf, terminal: Leaf, rng: Random,
                 samples: int, plies: int = DEFAULT_PLIES):
        self.side = side
        self.sides_n = sides_n
        self.leaf = leaf
        self.terminal = terminal
        self.rng = rng
        self.samples = samples
        self.plies = plies
        self.inner = AlphaBeta(side, sides_n, leaf, terminal)  # the searches of the next deal
        self.nodes = 0
        self.cache: dict[tuple, float] = {}

    def value(self, state: HandState, depth: int, alpha: float = -INF, beta: float = INF) -> float:
        """The value of ``state`` searched ``depth`` plies, its principal leaf looked past."""
        v, leaf = self._search(state, depth, alpha, beta)
        if leaf is None or not alpha < v < beta:
            return v  # a cut-off bound, or a line that ends the hand: nothing to look past
        return self.chance(leaf)

    def chance(self, state: HandState) -> float:
        """The mean value of the next deal of ``state`` over ``samples`` deals of the unseen cards."""
        key = (state.table, tuple(state.piles), tuple(state.scope), state.turn, state.last_capture,
               state.plays_left)
        found = self.cache.get(key)
        if found is not None:
            return found
        hands = state.hands
        pool = [c for h in hands for c in h] + state.stock
        pool.sort()  # the deal depends on the cards, never on the order a world dealt them
        sizes = [len(h) for h in hands]
        depth = min(sum(sizes), self.plies)
        shuffle = self.rng.shuffle
        inner = self.inner
        nodes = inner.nodes
        total = 0.0
        for _ in range(self.samples):
            shuffle(pool)
            s = state.copy()
            pos = 0
            for seat, k in enumerate(sizes):
                s.hands[seat] = pool[pos:pos + k]
                pos += k
            s.stock = pool[pos:]
            total += inner.value(s, depth)
        self.nodes += inner.nodes - nodes
        inner.nodes = nodes
        v = self.cache[key] = total / self.samples
        return v

    def _search(self, state: HandState, depth: int, alpha: float, beta: float) -> tuple[float, HandState | None]:
        """Alpha-beta like :meth:`.search.AlphaBeta.value`, with the leaf of the best line:
        the state where a new deal has just been dealt, or None (a finished hand, a cut
        inside a deal)."""
        self.nodes += 1
        if not state.plays_left:
            return self.terminal(state), None
        if depth <= 0:
            return self.leaf(state), state if _deal_start(state) else None
        moves = state.legal_moves()
        if len(moves) > 1:
            moves.sort(key=_move_order(state.table), reverse=True)
        mine = state.turn % self.sides_n == self.side
        best = -INF if mine else INF
        best_leaf = None
        for card, cap in moves:
            child = state.copy()
            child.apply(card, cap)
            v, leaf = self._search(child, depth - 1, alpha, beta)
            if mine:
                if v > best:
                    best, best_leaf = v, leaf
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, best_leaf = v, leaf
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best, best_leaf


def _deal_start(state: HandState) -> bool:
    """True when every seat holds three fresh cards: a deal has just been dealt."""
    return all(len(h) == 3 for h in state.hands) and state.plays_left == 3 * state.n + len(state.stock)
