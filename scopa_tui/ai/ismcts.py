"""Information-set Monte Carlo tree search: an option of the ``hard`` level (``hard:mcts=N``).

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012).  One tree of the searching
seat's *information sets*: a node is the sequence of public plays since the decision (each
play a card and its capture, as every seat sees it), and its children are the plays made
from there.  Each of ``iterations``:

1. deal a *world*, a guess of the hidden cards, weighted by what the play so far says
   about the other hands (:func:`.worlds.determinize` with :func:`.worlds.evidence`);
2. descend the tree with only the plays legal in that world, choosing by UCB1 in which a
   child's exploration term counts the times it was *available* (legal when its parent
   was visited), not its parent's visits; the seat to move maximises its own side's value;
3. add one node: the untried legal play the rollout policy likes best;
4. play the rest out with a fast rollout policy (:func:`policy_move`: the most valuable
   capture, minus what the next seat could sweep or match on the table left) to the end of
   the hand, scored exactly by the engine (:func:`.search.terminal_value`, the score played
   near the target), or with ``horizon="deal"`` to the end of the deal, then
   :func:`.evaluation.expected_points`;
5. add that value (the side's points minus the best other side's) to every node on the path.

The move played is the most visited child of the root.  Moves and states are the engine's
(``HandState.legal_moves``/``apply``/``copy``), so every variant plays by its own rules.
Everything is counted (iterations), nothing timed: a seed and a count give the same move.
The value scale is points of a hand (about -6..+6), which sets the exploration constant.
"""

from __future__ import annotations

from math import log, sqrt
from random import Random

from ..engine import Move, PlayerView
from ..engine.core import HandState, is_scopa
from .common import VALUE, mask_value, sort_moves, sweep_rank
from .worlds import determinize

LAY_PENALTY = 0.15   # laying a card gives up what it could take later (medium's weight)
SCOPA_VALUE = 1.0    # a sweep, in points
EXPLORATION = 2.0    # UCB's constant, in points of a hand

_SWEEPS: dict[int, int] = {}  # sweep_rank by table and capture rule (tables recur in rollouts)


def _sweep_rank(table: int, rule: int) -> int:
    key = table | rule << 40
    r = _SWEEPS.get(key)
    if r is None:
        if len(_SWEEPS) > 200_000:
            _SWEEPS.clear()
        r = _SWEEPS[key] = sweep_rank(table, rule)
    return r


class Node:
    """One information set of the tree: its children by play, and its statistics.

    ``total`` sums the values (for the searching side) of the iterations through it;
    ``avail`` counts the visits of its parent in which its play was legal; ``mine`` says
    whether the play leading here was the searching side's; ``prior`` is the rollout
    policy's score of that play (for the progressive bias).
    """

    __slots__ = ("children", "visits", "avail", "total", "mine", "prior")

    def __init__(self, mine: bool = True, prior: float = 0.0):
        self.children: dict[tuple[int, int], Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.mine = mine
        self.prior = prior


def move_score(state: HandState, card: int, cap: int) -> float:
    """What the rollout policy thinks of playing ``card`` taking ``cap`` (points, roughly).

    What the play takes (medium's card values; a sweep a point more), less, when the next
    seat is an opponent, what it could take from the table left with the cards it holds in
    this world: a sweep of the whole table, or its best single match.
    """
    table = state.table
    left = state.plays_left
    if cap:
        after = table ^ cap
        v = mask_value(cap | (1 << card))
        if not after and is_scopa(state.rule, card, cap, after, left == 1, state.last_play_scopa):
            v += SCOPA_VALUE
    else:
        after = table | (1 << card)
        v = -LAY_PENALTY * VALUE[card]
    if after and left > 1:
        n = state.n
        nxt = state.turn + 1
        if nxt == n:
            nxt = 0
        if nxt % state.sides_n != state.turn % state.sides_n:
            hand = state.hands[nxt]
            r = _sweep_rank(after, state.rule)
            threat = 0.0
            for c in hand:
                if r and (c >> 2) + 1 == r and (left > 2 or state.last_play_scopa):
                    threat = SCOPA_VALUE + mask_value(after) + VALUE[c]
                    break
                nib = (after >> (c & ~3)) & 15
                if nib:
                    low = nib & -nib
                    t = VALUE[c] + VALUE[(c & ~3) + low.bit_length() - 1]
                    if t > threat:
                        threat = t
            v -= threat
    return v


def policy_move(state: HandState, moves: list[tuple[int, int]]) -> tuple[int, int]:
    """The rollout policy's play: the best :func:`move_score` (the first on ties)."""
    best = moves[0]
    if len(moves) == 1:
        return best
    best_v = -1e9
    for card, cap in moves:
        v = move_score(state, card, cap)
        if v > best_v:
            best, best_v = (card, cap), v
    return best


def rollout(state: HandState, horizon_deal: bool) -> None:
    """Play ``state`` on by the policy, in place: to the end of the hand, or (``horizon_deal``)
    until the next deal is dealt."""
    stock = len(state.stock)
    while state.plays_left:
        if horizon_deal and len(state.stock) != stock:
            return
        card, cap = policy_move(state, state.legal_moves())
        state.apply(card, cap)


class Ismcts:
    """The search of one decision: ``run(view, iterations)`` returns the root's statistics."""

    def __init__(self, rng: Random, leaf, terminal, side: int, sides_n: int, exploration: float = EXPLORATION,
                 bias: float = 0.0, horizon: str = "hand"):
        self.rng = rng
        self.leaf = leaf            # state -> value at the horizon (expected_points)
        self.terminal = terminal    # finished state -> value (exact points, the score played)
        self.side = side
        self.sides_n = sides_n
        self.c = exploration
        self.bias = bias            # progressive bias: the policy's score, fading with visits
        self.horizon_deal = horizon == "deal"

    def _select(self, node: Node, state: HandState, moves: list[tuple[int, int]]) -> tuple[tuple[int, int], Node]:
        children = node.children
        c = self.c
        bias = self.bias
        best = None
        best_u = -1e18
        for move in moves:
            child = children[move]
            child.avail += 1
            mean = child.total / child.visits
            u = (mean if child.mine else -mean) + c * sqrt(log(child.avail) / child.visits)
            if bias:
                u += bias * child.prior / (child.visits + 1)
            if u > best_u:
                best, best_u = (move, child), u
        return best

    def iterate(self, root: Node, world: HandState) -> None:
        """One iteration on ``world`` (a guess, played on in place)."""
        state = world
        node = root
        path = [root]
        side = self.side
        sides_n = self.sides_n
        while state.plays_left:
            moves = state.legal_moves()
            children = node.children
            untried = [m for m in moves if m not in children]
            if untried:
                scores = [move_score(state, *m) for m in untried]
                k = max(range(len(untried)), key=scores.__getitem__)
                move = untried[k]
                for m in moves:
                    if m in children:
                        children[m].avail += 1
                child = children[move] = Node(state.turn % sides_n == side, scores[k])
                child.avail = 1
                state.apply(*move)
                path.append(child)
                break
            move, child = self._select(node, state, moves)
            state.apply(*move)
            node = child
            path.append(child)
        if state.plays_left:
            rollout(state, self.horizon_deal)
        value = self.leaf(state) if state.plays_left else self.terminal(state)
        for n in path:
            n.visits += 1
            n.total += value


def search(view: PlayerView, rng: Random, iterations: int, leaf, terminal, avoid=None,
           exploration: float = EXPLORATION, bias: float = 0.0,
           horizon: str = "hand") -> tuple[list[tuple[Move, float]], int]:
    """Every legal move with its mean value, the most visited first; and the iterations run."""
    moves = sort_moves(view.legal)
    search_ = Ismcts(rng, leaf, terminal, view.side, view.rules.n_sides, exploration, bias, horizon)
    root = Node()
    for _ in range(iterations):
        search_.iterate(root, determinize(view, rng, avoid))
    scored = []
    for m in moves:
        child = root.children.get((int(m.card), m.mask))
        if child is None or not child.visits:
            scored.append((m, -1e9, 0))
        else:
            scored.append((m, child.total / child.visits, child.visits))
    scored.sort(key=lambda t: (-t[2], -t[1]))  # stable: ties keep the canonical order
    return [(m, v) for m, v, _ in scored], iterations
