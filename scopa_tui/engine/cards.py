"""Cards and card sets.

A card is an ``int`` from 0 to 39, laid out *rank-major*: ``index = (rank - 1) * 4 + suit``
with suits ``d c s b`` numbered 0..3.  A set of cards is a 40-bit mask.  With this layout
the cards of one rank on the table are a single nibble of the table mask, which is what
makes capture enumeration cheap.

:class:`Card` is an ``int`` subclass that prints as ``7d``; the engine's public API hands
out :class:`Card` objects, the lean inner loop works with plain ints.
"""

from __future__ import annotations

from collections.abc import Iterable

from .text import pgettext

SUITS = "dcsb"
# The English names of the ranks that have one (the player's language: :func:`rank_name`).
RANK_NAMES = {1: "Ace", 8: "Jack", 9: "Horse", 10: "King"}


def suit_name(suit: str) -> str:
    """A suit's name in the player's language: the Italian deck's suits keep their Italian
    names (Denari, Coppe, Spade, Bastoni) in every language but English."""
    # TRANSLATORS: the suits of the Italian deck keep their Italian names in every language:
    # Denari, Coppe, Spade, Bastoni.
    return {"d": pgettext("italian deck", "Coins"), "c": pgettext("italian deck", "Cups"),
            "s": pgettext("italian deck", "Swords"), "b": pgettext("italian deck", "Clubs")}[suit]


def rank_name(rank: int) -> str:
    """A rank in words where it has one (the Italian deck's Asso, Fante, Cavallo, Re, kept in
    every language but English), else its number."""
    # TRANSLATORS: the Italian deck's ranks keep their Italian names: Asso, Fante, Cavallo, Re.
    words = {1: pgettext("italian deck", "Ace"), 8: pgettext("italian deck", "Jack"),
             9: pgettext("italian deck", "Horse"), 10: pgettext("italian deck", "King")}
    return words.get(rank, str(rank))


class Card(int):
    """One of the 40 cards.  Use :data:`CARDS` or :func:`parse_card` to get one."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        return (self >> 2) + 1

    @property
    def suit(self) -> str:
        return SUITS[self & 3]

    @property
    def name(self) -> str:
        """Long name in the player's language, e.g. ``7 of Coins`` or ``King of Clubs``
        (Italian: ``7 di Denari``, ``Re di Bastoni``)."""
        # TRANSLATORS: a card's long name: {rank} is a number or Asso, Fante, Cavallo, Re;
        # {suit} is Denari, Coppe, Spade or Bastoni.
        return pgettext("card", "{rank} of {suit}").format(rank=rank_name(self.rank), suit=suit_name(self.suit))

    def __str__(self) -> str:
        return NAMES[self]

    def __repr__(self) -> str:
        return f"Card({self})"


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(40))
# Each card's notation by index (``NAMES[24] == "7d"``): records name thousands of cards.
NAMES: tuple[str, ...] = tuple(f"{(i >> 2) + 1}{SUITS[i & 3]}" for i in range(40))
DECK_MASK = (1 << 40) - 1
SETTEBELLO = 24  # 7d: (7 - 1) * 4 + 0
COINS_MASK = sum(1 << (r * 4) for r in range(10))
KINGS_MASK = 0xF << 36


def card(rank: int, suit: str) -> Card:
    if not 1 <= rank <= 10 or suit not in SUITS or len(suit) != 1:
        raise ValueError(f"no such card: rank {rank}, suit {suit!r}")
    return CARDS[(rank - 1) * 4 + SUITS.index(suit)]


_BY_NAME = {NAMES[c]: c for c in CARDS}


def parse_card(text: str) -> Card:
    """Parse card notation (``7d``, ``10b``, ``1c``).  Raises ``ValueError`` with a clear message."""
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not a card: expected a string such as '7d'")
    found = _BY_NAME.get(text.strip().lower())
    if found is None:
        raise ValueError(f"{text!r} is not a card: expected rank 1-10 then suit d, c, s or b (e.g. '7d')")
    return found


def parse_cards(texts: Iterable[str]) -> list[Card]:
    return [parse_card(t) for t in texts]


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# _BYTE_CARDS[k][b]: the cards of bits ``b`` of the mask's k-th byte, as a tuple.
_BYTE_CARDS = tuple(tuple(tuple(CARDS[8 * k + i] for i in range(8) if b >> i & 1) for b in range(256))
                    for k in range(5))


def card_tuple(mask: int) -> tuple[Card, ...]:
    """The cards of a mask as a tuple, lowest rank first (a table lookup per byte)."""
    if not mask:
        return ()
    t0, t1, t2, t3, t4 = _BYTE_CARDS
    return (t0[mask & 255] + t1[mask >> 8 & 255] + t2[mask >> 16 & 255] + t3[mask >> 24 & 255]
            + t4[mask >> 32 & 255])


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, lowest rank first."""
    return list(card_tuple(mask))
