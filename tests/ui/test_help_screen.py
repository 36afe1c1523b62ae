"""Help: rules first, then keys; both primiera charts with the one in use marked; the deck's
suit names and the ASCII letters."""

from __future__ import annotations

import re
from itertools import product

import pytest

from scopa_tui.engine import make_rules, parse_card
from scopa_tui.engine.rules import DECK_STYLES
from scopa_tui.ui.card_render import DeckStyle
from scopa_tui.ui.config import GameConfig
from scopa_tui.ui.screens.help import help_text

from .helpers import help_in_game


def test_rules_come_before_the_keys_and_both_charts_are_shown():
    text = help_text(DeckStyle("italian"), "standard")
    assert text.index("# Scopa in short") < text.index("# Keys")
    assert "- **standard** (this game): 7=21, 6=18, A=16, 5=15, 4=14, 3=13, 2=12, figures=10" in text
    assert "- ludoteka: 7=21, 6=18, 5=16, 4=15, 3=14, 2=13, A=12, figures=10" in text
    ludoteka = help_text(DeckStyle("french"), "ludoteka")
    assert "- **ludoteka** (this game): " in ludoteka and "- standard: 7=21, 6=18, A=16" in ludoteka


def test_the_help_names_the_suits_of_the_deck_in_use():
    italian = help_text(DeckStyle("italian")).replace("\u00a0", " ")  # as it reads
    assert "Denari (coins)" in italian and "most **Denari**" in italian and "7 di Denari" in italian
    french = help_text(DeckStyle("french")).replace("\u00a0", " ")
    assert "Diamonds" in french and "7 of Diamonds" in french
    assert "Coins" not in french and "Denari" not in french and "Diamond " not in french
    assert "three or more Re is dealt" in italian and "three or more Kings" in french


def test_the_help_shows_the_ascii_letters():
    text = help_text(DeckStyle("italian", ascii=True)).replace("\u00a0", " ")  # as it reads
    assert "d = Denari, c = Coppe, s = Spade, b = Bastoni" in text and "`Cc` is the Cavallo di Coppe" in text
    assert "`d`" in text  # the suits are listed with the letters on screen


async def test_help_in_a_ludoteka_game_with_the_french_deck():
    source = await help_in_game(GameConfig(players=2, preset="ludoteka", deck="french", ai=["easy"], seed=3))
    assert "**ludoteka** (this game)" in source and "Diamonds" in source and "Coins" not in source


def test_the_help_explains_every_variant_and_marks_the_one_played():
    from scopa_tui.engine import OPTIONS, VARIANTS
    from scopa_tui.ui.screens.help_variants import summary

    text = help_text(DeckStyle("spanish"), "standard", variant="escoba")
    for v in VARIANTS.values():
        assert f"**{v.title}**" in text and summary(v, DeckStyle("spanish")) in text
    # Escoba's figures as the deck in use names them, its summary after the colon as the others'.
    assert "to 21: 3 cards each and 4 on the table. Take any set" in text
    assert "adds up to 15 (Sota 8, Caballo 9, Rey 10)" in text and "Horse" not in text
    assert "**Escoba** (this game)" in text and "**Scopa** (this game)" not in text
    assert all(f"**{o.title_in('escoba')}**" in text for o in OPTIONS.values())  # as Escoba calls them
    assert "Oros" in text and "Sota" in text  # the Spanish deck's names
    assert text.index("# Scopa in short") < text.index("# The Scopa family") < text.index("# Keys")


def test_escoba_calls_its_house_rule_and_its_figures_in_its_own_words():
    from scopa_tui import languages
    from scopa_tui.engine import OPTIONS, VARIANTS
    from scopa_tui.engine.text import _
    from scopa_tui.ui.screens.help_variants import summary

    last = OPTIONS["last-play-scopa"]
    assert (_(last.title_in("escoba")), _(last.summary_in("escoba"))) == (
        "Escoba on the last play", "a sweep with the last card of a hand counts as an escoba")
    assert _(last.title_in("scopa")) == "Scopa on the last play"
    assert "(Jack 8, Queen 9, King 10)" in summary(VARIANTS["escoba"], DeckStyle("french-numeric"))
    try:
        languages.use("it")
        assert "(Fante 8, Cavallo 9, Re 10)" in summary(VARIANTS["escoba"], DeckStyle("italian"))
        assert summary(VARIANTS["escoba"], DeckStyle("spanish")).startswith("3 carte a testa")
        assert _(last.title_in("escoba")) == "Escoba all'ultima giocata"
        text = help_text(DeckStyle("spanish"), rules=make_rules(variant="escoba", options=["last-play-scopa"]))
        assert "*Escoba all'ultima giocata*" in text
    finally:
        languages.use("en")


async def test_each_suit_rank_and_card_name_of_the_help_is_on_one_row():
    """At 80 columns "Coppe (cups)" ended a row and its symbol "Ʊ" began the next; then
    "Coppe" ended one and "(cups) Ʊ" began the next, "Ranks 1 Asso" stood over "(A)", "10 Re"
    over "(R)", the ASCII letters' "F" over "= Fante", "the 7 di" over "Denari". A suit's name,
    what it is and its symbol, a rank's number, name and letter, a letter and its name, and a
    card's name stay on one row, with every deck in every language: the help's paragraphs on
    the cards, the scoring and the letters at widths from 60 columns to 90 (68 in the help at
    80×24, 86 at 100×30)."""
    from textual.app import App
    from textual.geometry import Region

    from scopa_tui import languages
    from scopa_tui.engine.cards import SETTEBELLO
    from scopa_tui.ui.screens.help import HelpMarkdown

    app = App()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            markdown = HelpMarkdown()
            await app.mount(markdown)
            for deck, lang in product(map(DeckStyle, DECK_STYLES), ("en", "it", "fr", "es", "tl")):
                languages.use(lang)
                paragraphs = help_text(deck).split("\n\n")
                cards, scoring, letters = paragraphs[1], paragraphs[5], paragraphs[8]  # "Cards. 40 cards …", …
                assert "`--ascii`" in letters and "**settebello**" in scoring, (letters, scoring)
                together = [f"{deck.suit_gloss(s)} {deck.suit(s)}" for s in "dcsb"]
                together += [f"{r} {deck.rank_name(r)} ({deck.rank(r)})" for r in (1, 8, 9, 10) if deck.rank_word(r)]
                # a letter and its name ("F = Fante", "d = Denari"), and the cards named in words
                letter_names = re.findall(r"\b\w = [^\W\d]+", letters.replace("\u00a0", " "))
                names = [deck.card_name(SETTEBELLO), DeckStyle(deck.name, ascii=True).card_name(parse_card("9c"))]
                for paragraph, words in ((cards, together), (scoring, names[:1]), (letters, letter_names + names[1:])):
                    await markdown.update(paragraph)
                    for width in range(60, 91, 2):
                        markdown.styles.width = width
                        await pilot.pause()
                        block = app.query_one("MarkdownParagraph")
                        rows = [strip.text.replace("\u00a0", " ")  # the row as it reads
                                for strip in block.render_lines(Region(0, 0, *block.size))]
                        for group in words:
                            assert any(group in row for row in rows), (deck.name, lang, width, group, rows)
    finally:
        languages.use("en")


async def test_the_helps_scrollbar_is_as_thin_as_the_logs():
    # Textual's two columns stood out beside the text, where the log, the game over's hands and
    # the new-game form scroll with one.
    from .helpers import make_app, settle

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.screen.query_one("#log")
        await pilot.press("question_mark")
        await settle(pilot)
        body = app.screen.query_one("#help-body")
        assert body.show_vertical_scrollbar  # the help is longer than its box
        assert body.scrollbar_size_vertical == log.styles.scrollbar_size_vertical == 1


@pytest.mark.parametrize("typed", ["help", "rules", "keys"])
@pytest.mark.parametrize("in_game", [False, True])
async def test_the_palette_finds_the_help(typed, in_game):
    # Ctrl+P and "help" or "rules" said "No matches found": the help was on ? and F1 alone
    # ("Keys" is Textual's keys panel, listed too).
    from scopa_tui.ui.screens.help import HelpScreen

    from .helpers import make_app, palette_command, settle

    app = make_app(start=in_game)  # the new-game screen, or a game
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*typed)
        await settle(pilot, 6)
        titles = [str(option.prompt) for option in app.screen.query_one("CommandList").options]
        assert any(title.startswith("Help: rules and keys") for title in titles), titles
        await pilot.press("escape")
        await settle(pilot)
        await palette_command(pilot, "help")
        assert isinstance(app.screen, HelpScreen)
        source = app.screen.query_one("Markdown").source
        assert source.startswith("# Scopa in short") and "# Keys" in source
