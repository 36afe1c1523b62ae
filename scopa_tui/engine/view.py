"""What one seat may know: the only thing players (AIs included) ever receive."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import DECK_MASK, Card, mask_of, parse_cards
from .moves import Move
from .rules import Rules


@dataclass(frozen=True)
class PlayRecord:
    """One play of the current hand, as everybody saw it."""

    seat: int
    card: Card
    capture: tuple[Card, ...]
    scopa: bool

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "card": str(self.card), "capture": [str(c) for c in self.capture],
                "scopa": self.scopa}


@dataclass(frozen=True)
class PlayerView:
    rules: Rules
    seat: int
    hand_no: int
    dealer: int
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    hand_start_table: tuple[Card, ...]
    history: tuple[PlayRecord, ...]
    hand_sizes: tuple[int, ...]
    stock: int
    captured: tuple[tuple[Card, ...], ...]  # per side, this hand
    scope: tuple[int, ...]  # per side, this hand
    scores: tuple[int, ...]  # per side, game totals before this hand
    legal: tuple[Move, ...]

    @property
    def side(self) -> int:
        return self.rules.side_of(self.seat)

    @property
    def unseen_mask(self) -> int:
        """Cards this seat cannot see: the other hands and the stock."""
        seen = mask_of(self.hand) | mask_of(self.table)
        for pile in self.captured:
            seen |= mask_of(pile)
        return DECK_MASK & ~seen

    @property
    def plays_left(self) -> int:
        return sum(self.hand_sizes) + self.stock

    def to_protocol(self, request_id: int) -> dict[str, Any]:
        """The ``move`` message of the bot protocol (scopa-bot/1)."""
        names = lambda cards: [str(c) for c in cards]  # noqa: E731
        return {
            "type": "move", "id": request_id, "rules": self.rules.to_dict(), "seat": self.seat,
            "hand_no": self.hand_no, "dealer": self.dealer, "hand": names(self.hand),
            "table": names(self.table), "hand_start_table": names(self.hand_start_table),
            "history": [p.to_json() for p in self.history], "hand_sizes": list(self.hand_sizes),
            "stock": self.stock, "captured": [names(p) for p in self.captured],
            "scope": list(self.scope), "scores": list(self.scores),
            "legal": [m.to_json() for m in self.legal],
        }

    @classmethod
    def from_protocol(cls, msg: dict[str, Any]) -> PlayerView:
        """Rebuild a view from a ``move`` message (the bot side).  Raises ValueError/KeyError."""
        rules = Rules.from_dict(msg["rules"])
        return cls(
            rules=rules, seat=int(msg["seat"]), hand_no=int(msg.get("hand_no", 1)),
            dealer=int(msg.get("dealer", 0)), hand=tuple(parse_cards(msg["hand"])),
            table=tuple(parse_cards(msg["table"])),
            hand_start_table=tuple(parse_cards(msg.get("hand_start_table", []))),
            history=tuple(PlayRecord(int(h["seat"]), *parse_cards([h["card"]]),
                                     tuple(parse_cards(h.get("capture", []))), bool(h.get("scopa")))
                          for h in msg.get("history", [])),
            hand_sizes=tuple(int(x) for x in msg["hand_sizes"]), stock=int(msg["stock"]),
            captured=tuple(tuple(parse_cards(p)) for p in msg["captured"]),
            scope=tuple(int(x) for x in msg["scope"]), scores=tuple(int(x) for x in msg["scores"]),
            legal=tuple(Move(m["card"], m.get("capture", [])) for m in msg["legal"]),
        )
