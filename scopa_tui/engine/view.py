"""What one seat may know: the only thing players (AIs included) ever receive."""

from __future__ import annotations

from dataclasses import dataclass, fields
from operator import itemgetter
from typing import Any

from .cards import CARDS, DECK_MASK, NAMES, Card, card_tuple, mask_of
from .moves import Move
from .rules import Rules


@dataclass(frozen=True, init=False)
class PlayRecord:
    """One play of the current hand, as everybody saw it."""

    seat: int
    card: Card
    capture: tuple[Card, ...]
    scopa: bool

    def __init__(self, seat: int, card: Card, capture: tuple[Card, ...], scopa: bool):
        # Frozen all the same; set through __dict__ because the generated __init__ of a
        # frozen dataclass costs four times as much, and the game makes one every play.
        self.__dict__.update(seat=seat, card=card, capture=capture, scopa=scopa)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "card": NAMES[self.card], "capture": [NAMES[c] for c in self.capture],
                "scopa": self.scopa}


@dataclass(frozen=True, eq=False)
class PlayerView:
    """Everything one seat may know when it is asked for a move.

    Two views are equal when every field is equal, whichever class built them (a
    :class:`LazyPlayerView` from the game equals the eager view of a bot request).
    """

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

    def _values(self) -> tuple:
        return tuple(getattr(self, f.name) for f in fields(PlayerView))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerView):
            return NotImplemented
        return self is other or self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

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
        names = lambda cards: [NAMES[c] for c in cards]  # noqa: E731 - a lookup, not str(): every move
        return {
            "type": "move", "id": request_id, "rules": self.rules.to_dict(), "seat": self.seat,
            "hand_no": self.hand_no, "dealer": self.dealer, "hand": names(self.hand),
            "table": names(self.table), "hand_start_table": names(self.hand_start_table),
            "history": [p.to_json() for p in self.history], "hand_sizes": list(self.hand_sizes),
            "stock": self.stock, "captured": [names(p) for p in self.captured],
            "scope": list(self.scope), "scores": list(self.scores),
            "legal": [m.to_json() for m in self.legal],
        }


class _Built:
    """A field of :class:`LazyPlayerView` built by ``build(src)`` on first read, then kept.

    A non-data descriptor: the value it stores in the instance's ``__dict__`` hides it.
    """

    def __init__(self, build):
        self.build = build

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, view, owner=None):
        if view is None:
            return self
        value = view.__dict__[self.name] = self.build(view._src)
        return value


class LazyPlayerView(PlayerView):
    """A :class:`PlayerView` of a game that builds its card tuples only when read.

    :meth:`Game.view <scopa_tui.engine.game.Game.view>` returns one for every move; a
    player that reads only ``legal`` (random, greedy) never pays for the hand, the
    captured piles or the history as :class:`Card` tuples.  The view copies what it needs
    when it is made (ints, masks and short lists), so it keeps the values of that moment
    however the game goes on, exactly like the eager view.
    """

    def __init__(self, src: tuple):
        # src: (rules, seat, hand_no, dealer, hand_start_table, hand sizes, stock, scope,
        # scores, the seat's hand as card ints, the table mask, the piles as masks, the
        # hand's history list -- only ever appended to -- and its length now, the legal
        # (card, capture mask) pairs).  Every field is read from it on first access.
        self.__dict__["_src"] = src

    rules = _Built(itemgetter(0))
    seat = _Built(itemgetter(1))
    hand_no = _Built(itemgetter(2))
    dealer = _Built(itemgetter(3))
    hand_start_table = _Built(itemgetter(4))
    hand_sizes = _Built(itemgetter(5))
    stock = _Built(itemgetter(6))
    scope = _Built(itemgetter(7))
    scores = _Built(itemgetter(8))
    hand = _Built(lambda src: tuple([CARDS[c] for c in src[9]]))
    table = _Built(lambda src: card_tuple(src[10]))
    captured = _Built(lambda src: tuple([card_tuple(p) for p in src[11]]))
    history = _Built(lambda src: tuple(src[12][:src[13]]))
    legal = _Built(lambda src: tuple([Move.of(c, m) for c, m in src[14]]))

    @property
    def unseen_mask(self) -> int:
        hand, seen, piles = self._src[9:12]
        for c in hand:
            seen |= 1 << c
        for pile in piles:
            seen |= pile
        return DECK_MASK & ~seen


def keep_places(places: list[int | None], table) -> list[int | None]:
    """The table's places after a play, as the game lays them out (README.md, Keys: a card
    keeps its letter while it stays on the table): every card that stays keeps its place, a
    card new to the table takes the first place left free or one after the last; ``None`` is a
    free place.  Only a hand's first deal lays the places out afresh."""
    now = set(table)
    places = [c if c in now else None for c in places]
    for card in table:
        if card not in places:
            if None in places:
                places[places.index(None)] = card
            else:
                places.append(card)
    while places and places[-1] is None:
        places.pop()
    return places
