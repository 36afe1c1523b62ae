"""Card drawing: every deck style shows rank and suit; ASCII mode uses letters only for suits."""

from __future__ import annotations

import pytest

from scopa_tui.engine import CARDS, parse_card
from scopa_tui.ui.card_render import BACK_SIZES, SIZES, DeckStyle, card_tokens, kind_of, render_back, render_card
from scopa_tui.ui.screens.game import TABLE_LETTERS, GameScreen


def text(lines) -> list[str]:
    return ["".join(t for t, _ in line) for line in lines]


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("style", ["italian", "french", "french-numeric"])
def test_every_card_has_its_box_size_and_shows_rank_and_suit(size, style):
    deck = DeckStyle(style)
    width, height = SIZES[size]
    for card in CARDS:
        lines = text(render_card(card, deck, size))
        assert len(lines) == height
        assert all(len(line) == (width + 1 if size == "tiny" else width) for line in lines)
        joined = "".join(lines)
        assert deck.rank(card.rank) in joined and deck.suit(card.suit) in joined



@pytest.mark.parametrize("size", list(BACK_SIZES))
def test_every_back_has_its_box_size(size):
    """Backs come in the faces' sizes and in "mini", an opponent's on a big terminal."""
    width, height = BACK_SIZES[size]
    lines = text(render_back(DeckStyle("italian"), size))
    assert len(lines) == height
    assert all(len(line) == (width - 1 if size == "tiny" else width) for line in lines)

def test_face_cards_and_suits_per_style():
    king, horse, jack = parse_card("10b"), parse_card("9c"), parse_card("8s")
    assert [DeckStyle("italian").short(c) for c in (king, horse, jack)] == ["R♣", "CƱ", "F†"]
    assert [DeckStyle("french").short(c) for c in (king, horse, jack)] == ["K♣", "Q♥", "J♠"]
    assert [DeckStyle("french-numeric").short(c) for c in (king, horse, jack)] == ["10♣", "9♥", "8♠"]
    assert DeckStyle("french", ascii=True).short(parse_card("7c")) == "7h"
    assert DeckStyle("italian", ascii=True).short(parse_card("7d")) == "7d"


@pytest.mark.parametrize("ascii_", [False, True])
@pytest.mark.parametrize("style", ["italian", "french", "french-numeric"])
def test_every_card_has_its_own_short_text(style, ascii_):
    deck = DeckStyle(style, ascii_)
    shorts = [deck.short(card) for card in CARDS]
    assert len(set(shorts)) == 40


@pytest.mark.parametrize("style", ["italian", "french", "french-numeric"])
def test_ascii_letters_never_mean_two_things(style):
    # Ranks are digits or uppercase letters, suits lowercase letters: no letter is both
    # (the old scheme drew the Cavallo of Coppe as "CC", rank and suit the same letter).
    deck = DeckStyle(style, ascii=True)
    ranks = {deck.rank(r) for r in range(1, 11)}
    suits = {deck.suit(s) for s in "dcsb"}
    assert all(s.islower() and len(s) == 1 for s in suits) and len(suits) == 4
    assert all(r.isdigit() or r.isupper() for r in ranks) and len(ranks) == 10
    assert not ranks & suits
    assert DeckStyle("italian", ascii=True).short(parse_card("9c")) == "Cc"
    assert DeckStyle("french", ascii=True).short(parse_card("9b")) == "Qc"


def test_ascii_scheme_and_suit_gloss_name_the_deck():
    scheme = DeckStyle("italian", True).ascii_scheme()
    assert scheme.replace("\u00a0", " ") == (
        "A = Asso, F = Fante, C = Cavallo, R = Re, other ranks by number; "
        "suits d = Denari, c = Coppe, s = Spade, b = Bastoni")
    assert "F\u00a0=\u00a0Fante" in scheme  # each letter on the row of its name: not "F" over "= Fante"
    assert DeckStyle("french-numeric", True).ascii_scheme().replace("\u00a0", " ") == (
        "A = Ace, other ranks by number; suits d = Diamonds, h = Hearts, s = Spades, c = Clubs")
    assert DeckStyle("italian").suit_gloss("d") == "Denari (coins)"
    assert DeckStyle("french").suit_gloss("d") == "Diamonds"


def test_suits_differ_by_symbol_in_every_style():
    for style in ("italian", "french"):
        for ascii_ in (False, True):
            deck = DeckStyle(style, ascii_)
            assert len({deck.suit(s) for s in "dcsb"}) == 4


def test_ascii_mode_draws_suits_with_ascii_letters():
    deck = DeckStyle("french", ascii=True)
    for card in CARDS:
        face = "".join(text(render_card(card, deck, "medium"))[1:-1])
        inside = face.replace("│", "").replace("┃", "").replace("║", "")
        assert inside.isascii()
    assert render_back(deck, "tiny")[0][1][0] == "##"


def test_settebello_and_primiera_cards_have_their_own_borders():
    assert kind_of(parse_card("7d")) == "settebello"
    assert {kind_of(parse_card(c)) for c in ("7c", "6s", "1b")} == {"primiera"}
    assert kind_of(parse_card("5d")) == "plain"
    top = text(render_card(parse_card("7d"), DeckStyle(), "small"))[0]
    assert "★" in top and top.startswith("╔")
    assert text(render_card(parse_card("6s"), DeckStyle(), "small"))[0].startswith("┏")


def test_engine_text_is_shown_in_the_deck_style():
    parts = card_tokens("7d must capture 7b: a match beats a sum", DeckStyle("french"))
    assert "".join(p for p, _ in parts) == "7♦ must capture 7♣: a match beats a sum"
    assert [c for _, c in parts if c is not None] == [parse_card("7d"), parse_card("7b")]


def test_no_key_does_two_things():
    toggles = {b.key for b in GameScreen.BINDINGS if b.action.startswith("toggle")}
    others = {k.strip() for b in GameScreen.BINDINGS if not b.action.startswith("toggle")
              for k in b.key.split(",")}
    assert toggles == set(TABLE_LETTERS)
    assert not toggles & others
    assert "h" in others and "q" in others


def test_card_names_follow_the_deck():
    from scopa_tui.engine.cards import SETTEBELLO, card
    assert DeckStyle("italian").card_name(SETTEBELLO) == "7 di Denari"
    assert DeckStyle("italian").card_name(card(10, "b")) == "Re di Bastoni"
    assert DeckStyle("french").card_name(SETTEBELLO) == "7 of Diamonds"
    assert DeckStyle("french").suit_word("d") == "Diamonds"  # plural, like the others
    assert DeckStyle("french-numeric").card_name(card(10, "c")) == "10 of Hearts"


def inside(card, deck, size) -> list[str]:
    """The card's lines without its border: the inner text only."""
    return [line[1:-1] for line in text(render_card(card, deck, size))[1:-1]]


@pytest.mark.parametrize("size", ["medium", "large", "xlarge", "xxlarge"])
@pytest.mark.parametrize("style", ["italian", "french", "french-numeric"])
def test_pips_sit_exactly_in_the_middle_of_the_card(size, style):
    # A row of suit symbols (the pips, between the corners) has as many blank columns on
    # its left as on its right: the large card once drew them one column left of centre.
    deck = DeckStyle(style)
    for card in CARDS:
        sym = deck.suit(card.suit)
        pip_rows = [line for line in inside(card, deck, size)[1:-1] if line.strip() and set(line) <= {sym, " "}]
        assert pip_rows, deck.short(card)
        for line in pip_rows:
            assert len(line) - len(line.lstrip()) == len(line) - len(line.rstrip()), (deck.short(card), line)


@pytest.mark.parametrize("size", ["xlarge", "xxlarge"])
@pytest.mark.parametrize("style", ["italian", "french", "french-numeric"])
def test_the_extra_large_card_shows_as_many_pips_as_its_rank(style, size):
    deck = DeckStyle(style)
    for card in CARDS:
        sym = deck.suit(card.suit)
        lines = inside(card, deck, size)
        assert len(lines) + 2 == SIZES[size][1] and {len(line) + 2 for line in lines} == {SIZES[size][0]}
        assert lines[0].startswith(deck.rank(card.rank)) and lines[0].endswith(sym)  # the corners
        assert lines[-1].startswith(sym) and lines[-1].endswith(deck.rank(card.rank))
        middle = "".join(lines[1:-1])
        assert deck.suit_word(card.suit) in middle
        word = deck.rank_word(card.rank)
        if word:  # the ace and the face cards say what they are, between their pips
            assert word in middle and middle.count(sym) in (1, 2)
        else:
            assert middle.count(sym) == card.rank


def test_the_spanish_deck_speaks_spanish():
    deck = DeckStyle("spanish")
    assert deck.card_name(parse_card("7d")) == "7 de Oros" and deck.card_name(parse_card("10b")) == "Rey de Bastos"
    assert [deck.suit_word(s) for s in "dcsb"] == ["Oros", "Copas", "Espadas", "Bastos"]
    assert [deck.rank_name(r) for r in (1, 8, 9, 10)] == ["As", "Sota", "Caballo", "Rey"]
    assert deck.kings() == "Reyes"
    letters = DeckStyle("spanish", ascii=True)
    shorts = {letters.short(c) for c in CARDS}
    assert len(shorts) == 40 and letters.short(parse_card("9c")) == "Cc"  # no letter means two things
    assert "Sota" in "".join(t for line in render_card(parse_card("8b"), deck, "large") for t, _ in line)
