"""The ``pimc`` level: Perfect-Information Monte Carlo, the yardstick of the ``hard`` level.

``pimc:worlds=12,depth=5`` deals 12 guesses of the hidden cards consistent with the seat's
view (uniformly, no inference from the play), searches each with depth-5 alpha-beta
(plies, across a new deal if need be) ending in the plain hand-written evaluation of
:func:`.evaluation.material` (captured cards, coins, settebello, primiera prospects,
scope), and plays the move with the best total over the worlds (:mod:`.search`).  A hand
that ends inside the horizon is scored exactly by the engine.

This is the kind of searching engine issue 13 measures ``hard`` against; it is a level of
its own so that the strength benchmark always has it.
"""

from __future__ import annotations

from ..engine import Move, PlayerView
from .base import BasePlayer
from .evaluation import material
from .search import search_worlds, terminal_value

DEFAULT_WORLDS = 12
DEFAULT_DEPTH = 5


class PimcPlayer(BasePlayer):
    """``worlds`` sampled deals, each searched ``depth`` plies deep."""

    name = "pimc"

    def __init__(self, seed: int | None = None, worlds: int = DEFAULT_WORLDS, depth: int = DEFAULT_DEPTH):
        super().__init__(seed)
        self.worlds = worlds
        self.depth = depth
        self.last_stats: dict[str, float] = {}

    def evaluate(self, view: PlayerView) -> list[tuple[Move, float]]:
        """Every legal move with its mean value over the worlds, best first."""
        if len(view.legal) == 1:
            self.last_stats = {"nodes": 0}
            return [(view.legal[0], 0.0)]
        rules = view.rules
        side = view.side
        values = rules.primiera_values
        depth = self.depth
        scored, nodes = search_worlds(view, self.rng, self.worlds, lambda state: depth,
                                      lambda state: material(state, side, values, rules), terminal_value(rules, side))
        self.last_stats = {"nodes": nodes}
        return scored

    def choose(self, view: PlayerView) -> Move:
        return self.evaluate(view)[0][0]
