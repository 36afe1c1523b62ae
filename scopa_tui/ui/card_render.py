"""Drawing cards as boxed text, for the four deck styles and the ASCII mode.

Pure functions: nothing here knows about widgets.  A card is drawn as a list of lines,
each a list of ``(text, role)`` segments; the widget maps roles to styles from its CSS
component classes, so colours live in the .tcss files and follow the theme.  Suits are
never told apart by colour alone: every card shows its suit symbol or letter.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..engine.cards import CARDS
from ..engine.text import _, npgettext, pgettext
from .wrapping import glued

# Suit glyphs per deck family, by suit letter (d c s b = Coins, Cups, Swords, Clubs).  The
# Spanish deck has the Italian deck's Latin suits under their Spanish names (Escoba's deck).
SUIT_SYMBOLS = {
    "italian": {"d": "◉", "c": "Ʊ", "s": "†", "b": "♣"},
    "spanish": {"d": "◉", "c": "Ʊ", "s": "†", "b": "♣"},
    "french": {"d": "♦", "c": "♥", "s": "♠", "b": "♣"},
}
# ASCII mode: suits are lowercase letters and ranks stay uppercase (A F C R, A J Q K) or
# digits, so no letter means two things: ``Cc`` is the Cavallo of Coppe, ``7c`` a seven.
SUIT_LETTERS = {
    "italian": {"d": "d", "c": "c", "s": "s", "b": "b"},
    "spanish": {"d": "o", "c": "c", "s": "e", "b": "b"},
    "french": {"d": "d", "c": "h", "s": "s", "b": "c"},
}
# Suit names follow the deck: the Italian deck keeps its own names (Denari is the suit
# of coins) in every language, and so does the Spanish deck (Oros); the French decks'
# names are the player's language's (here in English, always in the plural: see
# :func:`_french_suit`).
SUIT_WORDS = {
    "italian": {"d": "Denari", "c": "Coppe", "s": "Spade", "b": "Bastoni"},
    "spanish": {"d": "Oros", "c": "Copas", "s": "Espadas", "b": "Bastos"},
    "french": {"d": "Diamonds", "c": "Hearts", "s": "Spades", "b": "Clubs"},
}
# One card of the suit of coins, as the Italian and Spanish decks name it ("1 Denaro").
COIN_ONE = {"italian": "Denaro", "spanish": "Oro"}
# What each suit is in plain English, for the help and the first mention of a suit
# (in the player's language: :func:`_gloss`).
SUIT_GLOSS = {
    "italian": {"d": "coins", "c": "cups", "s": "swords", "b": "clubs"},
    "spanish": {"d": "coins", "c": "cups", "s": "swords", "b": "clubs"},
    "french": {"d": "diamonds", "c": "hearts", "s": "spades", "b": "clubs"},
}
RANK_LABELS = {
    "italian": {1: "A", 8: "F", 9: "C", 10: "R"},
    "spanish": {1: "A", 8: "S", 9: "C", 10: "R"},
    "french": {1: "A", 8: "J", 9: "Q", 10: "K"},
    "french-numeric": {1: "A"},
}
# The ranks in words: the Italian and Spanish decks' in every language, the French
# decks' in the player's language (:func:`_french_rank`).
RANK_WORDS = {
    "italian": {1: "Asso", 8: "Fante", 9: "Cavallo", 10: "Re"},
    "spanish": {1: "As", 8: "Sota", 9: "Caballo", 10: "Rey"},
    "french": {1: "Ace", 8: "Jack", 9: "Queen", 10: "King"},
    "french-numeric": {1: "Ace"},
}


def _french_suit(suit: str) -> str:
    """A French suit's name in the player's language, plural (``Diamonds``, ``Quadri``)."""
    # TRANSLATORS: the suits of the French deck, as the deck is called in your language
    # (it: Quadri, Cuori, Picche, Fiori; fr: Carreau, Cœur, Pique, Trèfle).  At most 9 letters.
    return {"d": pgettext("french deck", "Diamonds"), "c": pgettext("french deck", "Hearts"),
            "s": pgettext("french deck", "Spades"), "b": pgettext("french deck", "Clubs")}[suit]


def _french_rank(rank: int) -> str | None:
    """A French card's rank in words in the player's language (``Queen``, ``Dame``)."""
    # TRANSLATORS: the ranks of the French deck in your language (it: Asso, Fante, Donna, Re).
    words = {1: pgettext("french deck", "Ace"), 8: pgettext("french deck", "Jack"),
             9: pgettext("french deck", "Queen"), 10: pgettext("french deck", "King")}
    return words.get(rank)


def _gloss(suit: str) -> str:
    """What an Italian or Spanish suit is, in the player's language (``coins``, ``denari``)."""
    # TRANSLATORS: what the suits of the Italian and Spanish decks are, lower case, as your
    # language calls them ("Denari (coins)", "Oros (coins)"): it denari, coppe, spade, bastoni.
    return {"d": pgettext("suit", "coins"), "c": pgettext("suit", "cups"),
            "s": pgettext("suit", "swords"), "b": pgettext("suit", "clubs")}[suit]

# Border sets: top-left, horizontal, top-right, vertical, bottom-left, bottom-right.
BORDERS = {
    "plain": "╭─╮│╰╯",
    "primiera": "┏━┓┃┗┛",  # sevens, sixes and aces: the cards that make the primiera
    "settebello": "╔═╗║╚╝",
}

# name: (width, height) of the card box.  The large and bigger insides have an odd width
# (9, 11 and 17 columns) so a single pip or a row of pips sits exactly in the middle; all
# hold the longest suit word, the French "Diamonds".
SIZES = {"tiny": (5, 1), "small": (5, 4), "medium": (7, 5), "large": (11, 8), "xlarge": (13, 11),
         "xxlarge": (19, 16)}
# Sizes of a card's back only (no face is drawn at them): "mini", an opponent's on a big
# terminal (SeatView), as wide as a tiny one's "[░░]" and three rows high.
BACK_SIZES = {**SIZES, "mini": (4, 3)}
SIZE_ORDER = ("xxlarge", "xlarge", "large", "medium", "small", "tiny")
# The screen's size classes and the largest card each allows: compact for 80x24, normal,
# large from about 120x38, xlarge from about 150x50, xxlarge from about 190x58 (the game
# screen picks one on every resize; a crowded table or hand still falls back to smaller cards).
SCREEN_CARD_SIZES = {"compact": "small", "normal": "medium", "large": "large", "xlarge": "xlarge",
                     "xxlarge": "xxlarge"}
SCREEN_CLASSES = ("compact", "normal", "large", "xlarge", "xxlarge")


def screen_class(width: int, height: int) -> str:
    """The size class of a terminal of ``width`` x ``height``: compact, normal, large, xlarge
    or xxlarge."""
    if width >= 190 and height >= 58:
        return "xxlarge"
    if width >= 150 and height >= 50:
        return "xlarge"
    if width >= 120 and height >= 38:
        return "large"
    if width >= 100 and height >= 30:
        return "normal"
    return "compact"

# Pips of the extra-large card, as a real card lays them out: how many suit symbols stand
# in each row (1 = the middle, 2 = the two sides, 3 = sides and middle), top to bottom.
PIP_ROWS = {2: (1, 1), 3: (1, 1, 1), 4: (2, 2), 5: (2, 1, 2), 6: (2, 2, 2), 7: (2, 3, 2),
            8: (3, 2, 3), 9: (3, 3, 3), 10: (3, 2, 2, 3)}
# Where those rows go among the extra-large card's five pip lines (0 = the top one); the
# xxlarge card has nine pip lines and leaves a line between its pip rows.
PIP_LINES = {5: {2: (0, 4), 3: (0, 2, 4), 4: (0, 1, 3, 4)}, 9: {2: (1, 7), 3: (1, 4, 7), 4: (1, 3, 5, 7)}}


Segment = tuple[str, str]  # (text, role)
Line = list[Segment]


@dataclass(frozen=True)
class DeckStyle:
    """How cards look: ``italian``, ``spanish``, ``french`` or ``french-numeric``; ``ascii``
    uses letters."""

    name: str = "italian"
    ascii: bool = False

    @property
    def family(self) -> str:
        return self.name if self.name in ("italian", "spanish") else "french"

    def suit(self, suit: str) -> str:
        table = SUIT_LETTERS if self.ascii else SUIT_SYMBOLS
        return table[self.family][suit]

    def suit_word(self, suit: str) -> str:
        """The suit's name in this deck, plural: ``Denari``, ``Diamonds`` (``Quadri`` in
        Italian: the French deck's names are the player's language's)."""
        if self.family == "french":
            return _french_suit(suit)
        return SUIT_WORDS[self.family][suit]

    def coins(self, n: int) -> str:
        """``n`` cards of the suit of coins in this deck's words: ``1 Denaro``, ``3 Denari``,
        ``1 Oro``; the Italian and Spanish names are singular for one card, as in their own
        language, whatever the player's; the French deck's follow the player's language and
        its plural rule (``1 Diamond``, ``1 Quadri``, ``2 Carreaux``)."""
        if self.family == "french":
            # TRANSLATORS: a count of cards of Diamonds (the French deck's coins) in the score
            # panel, "12 cards · 3 Diamonds": your word for the suit, in the number's form.
            return npgettext("french deck", "{n} Diamond", "{n} Diamonds", n).format(n=n)
        return f"{n} {COIN_ONE[self.family] if n == 1 else SUIT_WORDS[self.family]['d']}"

    def suit_gloss(self, suit: str) -> str:
        """The suit's name with what it is, for the help: ``Denari (coins)``, ``Diamonds``
        (the French deck's names say it already)."""
        word = self.suit_word(suit)
        if self.family == "french":
            return word
        gloss = _gloss(suit)
        return word if word.lower() == gloss.lower() else f"{word} ({gloss})"

    def card_name(self, card: int) -> str:
        """A card's long name in this deck: ``Re di Denari``, ``7 di Denari``, ``Rey de Oros``
        (the Italian and Spanish decks' names, in every language), ``King of Clubs`` (in
        the player's language: ``Re di Fiori``, ``Roi de Trèfle``)."""
        c = CARDS[card]
        if self.family in ("italian", "spanish"):
            of = "di" if self.family == "italian" else "de"
            return f"{self.rank_word(c.rank) or c.rank} {of} {self.suit_word(c.suit)}"
        # TRANSLATORS: a French card's long name: {rank} is a number or Ace, Jack, Queen,
        # King in your language, {suit} a French suit in your language ("Re di Fiori").
        return pgettext("french deck", "{rank} of {suit}").format(rank=self.rank_word(c.rank) or c.rank,
                                                                  suit=self.suit_word(c.suit))

    def rank(self, rank: int) -> str:
        return RANK_LABELS[self.name].get(rank, str(rank))

    def rank_word(self, rank: int) -> str | None:
        if self.family == "french":
            return _french_rank(rank) if rank in RANK_WORDS[self.name] else None
        return RANK_WORDS[self.name].get(rank)

    def rank_name(self, rank: int) -> str:
        """A rank in words where it has one (``Cavallo``, ``Queen``), else its number."""
        return self.rank_word(rank) or str(rank)

    def ranks(self) -> str:
        """``1 Asso (A), 2 to 7, 8 Fante (F), …``: the ranks, with their names in this deck
        (the help's cards, the new-game screen's deck), each on one row (not "10 Re" over "(R)")."""
        named = [f"{r} {self.rank_word(r)} ({self.rank(r)})" for r in (8, 9, 10) if self.rank_word(r)]
        # TRANSLATORS: a range of card ranks, "2 to 7".
        plain = _("{first} to {last}").format(first=2, last=7 if named else 10)
        return ", ".join(glued(rank) for rank in [f"1 {self.rank_name(1)} ({self.rank(1)})", plain, *named])

    def kings(self) -> str:
        """The 10s in the plural, as this deck names them: ``Re``, ``Reyes``, ``Kings``, ``10s``
        (the French deck's in the player's language)."""
        if self.name == "french":
            # TRANSLATORS: the Kings of the French deck, plural ("three Kings on the table").
            return pgettext("french deck", "Kings")
        if self.name == "french-numeric":
            # TRANSLATORS: the cards numbered 10, plural ("three 10s on the table").
            return _("10s")
        return {"italian": "Re", "spanish": "Reyes"}[self.name]

    def ascii_scheme(self) -> str:
        """The ASCII letters of this deck in one line, for the help, each letter on the row of
        its name (not "F" over "= Fante")."""
        ranks = ", ".join(glued(f"{self.rank(r)} = {self.rank_name(r)}") for r in (1, 8, 9, 10)
                          if self.rank(r) != str(r))
        suits = ", ".join(glued(f"{SUIT_LETTERS[self.family][s]} = {self.suit_word(s)}") for s in "dcsb")
        # TRANSLATORS: the help's ASCII letters: {ranks} "A = Asso, F = Fante, ...",
        # {suits} "d = Denari, c = Coppe, ...".
        return _("{ranks}, other ranks by number; suits {suits}").format(ranks=ranks, suits=suits)

    def short(self, card: int) -> str:
        """A card in two or three characters, e.g. ``7◉``, ``K♣``, ``10♠``, ``7d``, ``Cc``."""
        c = CARDS[card]
        return f"{self.rank(c.rank)}{self.suit(c.suit)}"

    def star(self) -> str:
        return "*" if self.ascii else "★"

    def pointer(self) -> str:
        """The mark before a seat whose turn it is and a point's winner."""
        return ">" if self.ascii else "▶"

    def crown(self) -> str:
        """The mark of the game's winner on the scoring's last total (a point's winner has
        :meth:`pointer`)."""
        return "W" if self.ascii else "♛"

    def lifted(self) -> str:
        """The marks each side of the number of the hand's chosen card."""
        return "^" if self.ascii else "▲"

    def borders(self, kind: str) -> str:
        return BORDERS[kind]  # box drawing in ASCII mode too, as every box of the screen

    def back_fill(self) -> str:
        return "#" if self.ascii else "░"


def kind_of(card: int) -> str:
    c = CARDS[card]
    if c.rank == 7 and c.suit == "d":
        return "settebello"
    if c.rank in (7, 6, 1):
        return "primiera"
    return "plain"


def suit_role(card: int) -> str:
    return f"suit-{CARDS[card].suit}"


def _center(text: str, width: int) -> str:
    text = text[:width]
    left = (width - len(text)) // 2
    return " " * left + text + " " * (width - len(text) - left)


def render_card(card: int, style: DeckStyle, size: str = "medium") -> list[Line]:
    """The lines of one face-up card; roles: ``border-<kind>``, ``suit-<x>``, ``face``."""
    c = CARDS[card]
    width, _height = SIZES[size]
    suit_role_ = suit_role(card)
    rank = style.rank(c.rank)
    sym = style.suit(c.suit)
    kind = kind_of(card)
    if size == "tiny":
        mark = style.star() if kind == "settebello" else " "
        text = f"{rank}{sym}"
        return [[("[", f"border-{kind}"), (text.rjust(3)[:3], suit_role_), ("]", f"border-{kind}"), (mark, "star")]]
    tl, h, tr, v, bl, br = style.borders(kind)
    inner = width - 2
    brole = f"border-{kind}"
    top_fill = h * inner
    if kind == "settebello":
        star = style.star()
        top_fill = h * (inner - 2) + star + h
    lines: list[Line] = [[(tl, brole), (top_fill[: inner - 2] if kind == "settebello" else top_fill, brole)]]
    if kind == "settebello":
        lines[0] += [(style.star(), "star"), (h, brole), (tr, brole)]
    else:
        lines[0].append((tr, brole))

    def row(text: str) -> Line:
        return [(v, brole), (text.ljust(inner)[:inner], suit_role_), (v, brole)]

    if size == "small":
        lines.append(row(rank))
        lines.append(row(sym.rjust(inner)))
    elif size == "medium":
        lines.append(row(rank))
        lines.append(row(_center(sym, inner)))
        lines.append(row(rank.rjust(inner)))
    elif size == "large":
        lines.append(row(rank + sym.rjust(inner - len(rank))))
        word = style.rank_word(c.rank)
        if word and c.rank != 1:
            middle = [_center(word, inner), _center(sym, inner)]
        elif c.rank > 7:
            middle = [_center(rank, inner), _center(sym, inner)]
        elif c.rank == 1:
            middle = [_center(sym, inner), _center(word or "", inner)]
        else:
            first = (c.rank + 1) // 2
            middle = [_center(" ".join(sym * first), inner), _center(" ".join(sym * (c.rank - first)), inner)]
        lines.append(row(""))
        lines.append(row(middle[0]))
        lines.append(row(middle[1]))
        lines.append(row(_center(style.suit_word(c.suit), inner)))
        lines.append(row(sym + rank.rjust(inner - len(sym))))
    else:  # xlarge, and xxlarge: the same card, nine pip lines instead of five
        lines.append(row(rank + sym.rjust(inner - len(rank))))
        big = size == "xxlarge"
        if big:
            lines.append(row(""))
        lines.extend(row(text) for text in _xlarge_middle(c.rank, style, sym, inner, 9 if big else 5))
        lines.append(row(""))
        lines.append(row(_center(style.suit_word(c.suit), inner)))
        lines.append(row(sym.ljust(inner - len(rank)) + rank))
    lines.append([(bl, brole), (h * inner, brole), (br, brole)])
    return lines


def _pip_row(count: int, sym: str, inner: int) -> str:
    """One row of ``count`` pips (1 to 3) placed symmetrically in ``inner`` columns."""
    side = inner // 4  # the side pips' distance from the card's edges
    cells = [" "] * inner
    if count != 2:
        cells[inner // 2] = sym
    if count >= 2:
        cells[side] = cells[inner - 1 - side] = sym
    return "".join(cells)


def _xlarge_middle(rank: int, style: DeckStyle, sym: str, inner: int, count: int = 5) -> list[str]:
    """The ``count`` (5 or 9) lines between an extra-large card's corners: the ace's one big
    pip and its word, a face card's word between two pips, or the pips of a number card."""
    word = style.rank_word(rank)
    pad = [""] * ((count - 5) // 2)
    if rank == 1:
        return pad + ["", _pip_row(1, sym, inner), "", _center(word or "", inner), ""] + pad
    if word:  # Fante, Cavallo, Re; Jack, Queen, King
        face = [""] * count
        face[len(pad) // 2] = face[count - 1 - len(pad) // 2] = _pip_row(1, sym, inner)
        face[count // 2] = _center(word, inner)
        return face
    rows = PIP_ROWS[rank]
    where = PIP_LINES[count][len(rows)]
    middle = [""] * count
    for line, count in zip(where, rows):
        middle[line] = _pip_row(count, sym, inner)
    return middle


def render_back(style: DeckStyle, size: str = "small") -> list[Line]:
    """A face-down card."""
    width, height = BACK_SIZES[size]
    if size == "tiny":
        return [[("[", "back"), (style.back_fill() * 2, "back"), ("]", "back")]]
    tl, h, tr, v, bl, br = style.borders("plain")
    inner = width - 2
    lines: list[Line] = [[(tl + h * inner + tr, "back")]]
    for _row in range(height - 2):
        lines.append([(v, "back"), (style.back_fill() * inner, "back-fill"), (v, "back")])
    lines.append([(bl + h * inner + br, "back")])
    return lines


_CARD_RE = re.compile(r"\b(10|[1-9])([dcsb])\b")


def card_tokens(text: str, style: DeckStyle) -> list[tuple[str, int | None]]:
    """Split engine text ("7d must capture 7b") into plain parts and cards (shown in ``style``)."""
    out: list[tuple[str, int | None]] = []
    pos = 0
    for m in _CARD_RE.finditer(text):
        if m.start() > pos:
            out.append((text[pos:m.start()], None))
        card = CARDS[(int(m.group(1)) - 1) * 4 + "dcsb".index(m.group(2))]
        out.append((style.short(card), card))
        pos = m.end()
    if pos < len(text):
        out.append((text[pos:], None))
    return out


def render_mini(card: int, style: DeckStyle, inner: int = 2) -> list[Line]:
    """A card in a three-line box ``inner`` columns wide (the scoring screen's cards on a
    big terminal); the border tells the settebello and the primiera cards as on the table."""
    kind = kind_of(card)
    tl, h, tr, v, bl, br = style.borders(kind)
    brole = f"border-{kind}"
    top = h * inner if kind != "settebello" else h * (inner - 1)
    lines: list[Line] = [[(tl + top, brole)]]
    if kind == "settebello":
        lines[0].append((style.star(), "star"))
    lines[0].append((tr, brole))
    lines.append([(v, brole), (style.short(card).rjust(inner)[:inner], suit_role(card)), (v, brole)])
    lines.append([(bl + h * inner + br, brole)])
    return lines


def held(cards, dealt: int) -> tuple[int, ...]:
    """A hand as a player holds it (the game, the replay): a deal of three in the order it came, a bigger one
    (Scopone's nine or ten, ``dealt`` cards a deal) by rank, low to high, suits in the deck's
    order within a rank (cards are numbered rank-major: engine/cards.py), so that its pairs
    and 7s stand together; it stays so as cards leave it."""
    return tuple(sorted(cards)) if dealt > 3 else tuple(cards)
