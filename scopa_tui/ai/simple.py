"""Two simple players: ``random`` and ``greedy``."""

from __future__ import annotations

from ..engine import Move, PlayerView
from ..engine.cards import CARDS, card_tuple, mask_of
from ..engine.core import ACES_MASK, ASSI
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


# card_worth of each card index, and its rank (the lean path scores ints, not Cards).
WORTH = tuple(card_worth(c) for c in CARDS)
RANKS = tuple(c.rank for c in CARDS)


class RandomPlayer(BasePlayer):
    """Uniform over the legal moves."""

    name = "random"

    def choose(self, view: PlayerView) -> Move:
        return self.rng.choice(view.legal)

    def choose_lean(self, pairs: list[tuple[int, int]], table: int, plays_left: int, assi: bool) -> tuple[int, int]:
        """The same choice as :meth:`choose` from the engine's (card, capture mask) pairs,
        listed in the order of ``view.legal``: ``scopa-tui simulate`` builds no view for it."""
        return self.rng.choice(pairs)


class GreedyPlayer(BasePlayer):
    """Takes the capture worth most now (sweeps, settebello, coins, sevens, cards);
    with nothing to take, lays the card worth least."""

    name = "greedy"

    def __init__(self, seed: int | None = None, name: str | None = None):
        super().__init__(seed)
        if name:
            self.name = name

    def score(self, move: Move, view: PlayerView) -> float:
        return _score(move.card, move.mask, mask_of(view.table), view.plays_left,
                      view.rules.variant_info.rule == ASSI)

    def choose(self, view: PlayerView) -> Move:
        legal = view.legal
        pairs = [(m.card, m.mask) for m in legal]
        return legal[self._pick(pairs, mask_of(view.table), view.plays_left, view.rules.variant_info.rule == ASSI)]

    def choose_lean(self, pairs: list[tuple[int, int]], table: int, plays_left: int, assi: bool) -> tuple[int, int]:
        """The same choice as :meth:`choose` from the engine's (card, capture mask) pairs,
        listed in the order of ``view.legal``: ``scopa-tui simulate`` builds no view for it."""
        return pairs[self._pick(pairs, table, plays_left, assi)]

    def _pick(self, pairs, table: int, plays_left: int, assi: bool) -> int:
        """The index of the chosen pair: one of the best scores, at random."""
        scores = [_score(c, m, table, plays_left, assi) for c, m in pairs]
        best = max(scores)
        return self.rng.choice([i for i, s in enumerate(scores) if s == best])


def _score(card: int, mask: int, table: int, plays_left: int, assi: bool) -> float:
    """What taking ``mask`` with ``card`` is worth now (laying it: minus what it is worth)."""
    if not mask:
        return -WORTH[card] - 0.05 * RANKS[card]
    taken = (card,) + card_tuple(mask)
    value = len(taken) * 0.4 + sum(WORTH[c] for c in taken)
    if mask == table and plays_left > 1 and not (card < 4 and assi and not mask & ACES_MASK):
        value += 4.0  # a scopa (an Ace sweeping the table in Scopa d'Assi is none)
    return value
