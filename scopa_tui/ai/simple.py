"""Two simple players: ``random`` and ``greedy``."""

from __future__ import annotations

from ..engine import Move, PlayerView
from ..engine.core import ASSI
from .base import BasePlayer

# Primiera-ish worth of a rank: sevens and sixes matter most.
RANK_WORTH = (0, 0.45, 0.2, 0.25, 0.3, 0.35, 0.55, 0.9, 0.1, 0.1, 0.1)


def card_worth(card) -> float:
    """How much a card is worth to its taker, on average, beyond counting as one card."""
    w = RANK_WORTH[card.rank]
    if card.suit == "d":
        w += 0.35
        if card.rank == 7:
            w += 2.5  # the settebello is a whole point
    return w


class RandomPlayer(BasePlayer):
    """Uniform over the legal moves."""

    name = "random"

    def choose(self, view: PlayerView) -> Move:
        return self.rng.choice(view.legal)


class GreedyPlayer(BasePlayer):
    """Takes the capture worth most now (sweeps, settebello, coins, sevens, cards);
    with nothing to take, lays the card worth least."""

    name = "greedy"

    def __init__(self, seed: int | None = None, name: str | None = None):
        super().__init__(seed)
        if name:
            self.name = name

    def score(self, move: Move, view: PlayerView) -> float:
        if not move.is_capture:
            return -card_worth(move.card) - 0.05 * move.card.rank
        taken = (move.card,) + move.capture
        value = len(taken) * 0.4 + sum(card_worth(c) for c in taken)
        if len(move.capture) == len(view.table) and view.plays_left > 1 and not (
                move.card.rank == 1 and view.rules.variant_info.rule == ASSI and move.capture[0].rank != 1):
            value += 4.0  # a scopa (an Ace sweeping the table in Scopa d'Assi is none)
        return value

    def choose(self, view: PlayerView) -> Move:
        scores = [self.score(m, view) for m in view.legal]
        best = max(scores)
        return self.rng.choice([m for m, s in zip(view.legal, scores) if s == best])
