"""A move: the card played and the set of table cards it captures."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import CARDS, NAMES, Card, card_tuple, mask_of, parse_card


class Move:
    """``Move(card, capture)``: ``capture`` is a set; its order does not matter."""

    __slots__ = ("card", "mask")

    def __init__(self, card: int | str, capture: Iterable[int | str] | int = ()):
        if isinstance(card, str):
            self.card: Card = parse_card(card)
        elif isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 40:
            self.card = CARDS[card]
        else:
            raise ValueError(f"{card!r} is not a card: expected 0-39 or a name such as '7d'")
        if isinstance(capture, int):
            if isinstance(capture, bool) or not 0 <= capture < 1 << 40:
                raise ValueError(f"{capture!r} is not a set of cards (a 40-bit mask)")
            self.mask = capture
        else:
            self.mask = mask_of(parse_card(c) if isinstance(c, str) else c for c in capture)

    @classmethod
    def of(cls, card: int, mask: int) -> Move:
        """A move from a card index and a capture mask the engine produced (not checked)."""
        move = object.__new__(cls)
        move.card = CARDS[card]
        move.mask = mask
        return move

    @property
    def capture(self) -> tuple[Card, ...]:
        return card_tuple(self.mask)

    @property
    def is_capture(self) -> bool:
        return self.mask != 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self.card == other.card and self.mask == other.mask

    def __hash__(self) -> int:
        return hash((int(self.card), self.mask))

    def __repr__(self) -> str:
        return f"Move({str(self.card)!r}, {[str(c) for c in self.capture]!r})"

    def __str__(self) -> str:
        if not self.mask:
            return f"{self.card} (laid)"
        return f"{self.card} takes {' '.join(map(str, self.capture))}"

    def to_json(self) -> dict:
        return {"card": NAMES[self.card], "capture": [NAMES[c] for c in self.capture]}
