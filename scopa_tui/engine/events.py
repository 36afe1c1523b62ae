"""Typed events the game emits to its subscribers.

A whole game can be followed from the events alone; each event is also one line of the
game record (``to_record``, docs/record-format.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import NAMES, Card
from .rules import Rules

if TYPE_CHECKING:
    from .scoring import HandScore


def _names(cards) -> list[str]:
    return [NAMES[c] for c in cards]


@dataclass(frozen=True)
class GameStarted:
    """The game begins with these rules (and the seed of its decks)."""

    rules: Rules
    seed: int | None

    def to_record(self) -> dict[str, Any]:
        return {"event": "game_start", "format": "scopa-record/1", "rules": self.rules.to_dict(),
                "seed": self.seed}


@dataclass(frozen=True)
class Redealt:
    """A deal voided because the table held three or more Kings.

    The record format gives the line only the voided table; the voided hands are not written (they
    are collected and reshuffled unseen, as at a real table).  ``dealer`` is an extension.
    """

    hand: int
    dealer: int
    table: tuple[Card, ...]

    def to_record(self) -> dict[str, Any]:
        return {"event": "redeal", "hand": self.hand, "table": _names(self.table), "dealer": self.dealer}


@dataclass(frozen=True)
class Dealt:
    """Three cards to each seat (the variant's deal: 10 or 9 in Scopone); on the first deal
    of a hand also the table cards (4; none in Scopone scientifico).

    ``escobas``: in Escoba, table cards adding up to 15 (or 30) go at once to the dealer's
    side as 1 (or 2) escobas, and the table is left empty (``table`` still lists them).
    """

    hand: int
    dealer: int
    table: tuple[Card, ...]  # new table cards: () on later deals
    hands: tuple[tuple[Card, ...], ...]
    stock: int  # cards left in the stock after this deal
    escobas: int = 0
    first_deal: bool | None = None  # None: a deal with table cards is the first

    @property
    def first(self) -> bool:
        return bool(self.table) if self.first_deal is None else self.first_deal

    def to_record(self) -> dict[str, Any]:
        out = {"event": "deal", "hand": self.hand, "dealer": self.dealer, "table": _names(self.table),
               "hands": [_names(h) for h in self.hands]}
        if self.escobas:
            out["dealer_escobas"] = self.escobas
        return out


@dataclass(frozen=True, init=False)
class Played:
    """A card played by ``seat``, with what it took."""

    hand: int
    seat: int
    card: Card
    capture: tuple[Card, ...]
    scopa: bool
    last: bool  # the very last card of the hand
    table: tuple[Card, ...]  # the table after the play

    def __init__(self, hand: int, seat: int, card: Card, capture: tuple[Card, ...], scopa: bool, last: bool,
                 table: tuple[Card, ...]):
        # Frozen all the same; set through __dict__ (one event a play: the generated
        # __init__ of a frozen dataclass costs four times as much).
        self.__dict__.update(hand=hand, seat=seat, card=card, capture=capture, scopa=scopa, last=last,
                             table=table)

    def to_record(self) -> dict[str, Any]:
        return {"event": "play", "hand": self.hand, "seat": self.seat, "card": NAMES[self.card],
                "capture": _names(self.capture), "scopa": self.scopa}


@dataclass(frozen=True)
class HandEnded:
    """A hand is over and scored."""

    score: HandScore

    @property
    def hand(self) -> int:
        return self.score.hand

    def to_record(self) -> dict[str, Any]:
        s = self.score
        return {"event": "hand_end", "hand": s.hand, "leftover": _names(s.leftover),
                "leftover_to": s.leftover_to, "sides": [x.to_record(s.record_fields) for x in s.sides],
                "totals": list(s.totals)}


@dataclass(frozen=True)
class GameEnded:
    """The game is over: the final totals and the winning side."""

    totals: tuple[int, ...]
    winner: int

    def to_record(self) -> dict[str, Any]:
        return {"event": "game_end", "totals": list(self.totals), "winner": self.winner}


Event = GameStarted | Redealt | Dealt | Played | HandEnded | GameEnded
