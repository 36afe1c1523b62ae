"""The help in the player's language (README.md, Languages): every paragraph translated, the
deck's words and the rules' Italian terms kept, the same paragraphs in every language, and a
change of language mid-screen that rewrites every word and keeps the paragraph on screen."""

from __future__ import annotations

import pytest
from markdown_it import MarkdownIt
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from scopa_tui import languages
from scopa_tui.engine import VARIANTS, make_rules
from scopa_tui.engine.text import _
from scopa_tui.ui.card_render import DeckStyle
from scopa_tui.ui.screens.help import HelpScreen, help_text, rules_text

from .helpers import make_app, settle

ENGLISH = ("Scopa in short", "Your turn", "Capturing is never optional", "# Keys", "this help",
           "(this game)", "(coins)", "other ranks by number", "2 to 7")


def _blocks(text: str) -> list[str]:
    """The top-level Markdown blocks of a text: headings, paragraphs, lists."""
    return [t.type for t in MarkdownIt("gfm-like").parse(text) if t.level == 0 and t.nesting >= 0]


def test_the_italian_help_speaks_italian_and_keeps_the_rules_words():
    languages.use("it")
    text = help_text(DeckStyle("italian"), "standard").replace("\u00a0", " ")  # as it reads
    for words in ("# La scopa in breve", "**Tocca a te.**", "Prendere è sempre obbligatorio", "# Tasti",
                  "**settebello** (il 7 di Denari", "**primiera**", "*scopa*", "da 2 a 7",
                  "- **standard** (questa partita): 7=21, 6=18, A=16", "**Esc**: azzera la scelta",
                  "le tue carte migliori, una per seme, sommate"):  # it said "la carta migliore …, sommate"
        assert words in text, words
    assert "Denari (denari)" not in text and "Denari `◉`" in text  # no gloss where the name says it
    for words in ENGLISH:
        assert words not in text, words


@pytest.mark.parametrize("lang, gloss, words", [
    ("it", "Oros (", "Tocca a te"),
    ("fr", "Oros (", "À toi de jouer"),
    ("es", "Oros `◉`", "Te toca"),  # the Spanish deck's own names need no gloss in Spanish
    ("tl", "Oros (", "Ikaw na"),
])
def test_the_help_of_the_spanish_deck_explains_its_suits_in_the_language(lang, gloss, words):
    languages.use(lang)
    text = help_text(DeckStyle("spanish"), "ludoteka", variant="escoba").replace("\u00a0", " ")  # as it reads
    assert gloss in text and words in text and "Sota" in text
    assert "**Escoba**" in text and "**settebello**" in text
    for english in ENGLISH:
        assert english not in text, (lang, english)


@pytest.mark.parametrize("lang", ["it", "fr", "es", "tl"])
def test_every_language_has_the_same_paragraphs_lists_and_headings(lang):
    english = _blocks(help_text(DeckStyle("italian", ascii=True), "standard"))
    languages.use(lang)
    assert _blocks(help_text(DeckStyle("italian", ascii=True), "standard")) == english


async def test_the_help_screen_in_french_then_italian_mid_screen_at_the_same_paragraph():
    languages.use("fr")
    app = make_app(start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(HelpScreen(DeckStyle("italian"), "standard"))
        await settle(pilot)
        screen = app.screen
        body = screen.query_one("#help-body", VerticalScroll)
        assert body.border_title == "Aide — Esc ferme, ↑/↓ défile"
        assert "# La scopa en bref" in screen.query_one(Markdown).source
        blocks = list(screen.query_one(Markdown).children)
        keys = next(i for i, b in enumerate(blocks) if b.virtual_region.y > 80)
        body.scroll_to(y=blocks[keys].virtual_region.y, animate=False)
        await settle(pilot)

        app.set_language("it")
        await settle(pilot, 8)
        assert app.screen is screen
        source = screen.query_one(Markdown).source
        assert "# La scopa in breve" in source and "La scopa en bref" not in source
        assert body.border_title == "Aiuto — Esc chiude, ↑/↓ scorre"
        assert "chiudi" in [b.binding.description for b in screen.active_bindings.values()]
        now = list(screen.query_one(Markdown).children)
        assert body.scroll_y == now[keys].virtual_region.y > 0  # the same paragraph on top


@pytest.mark.parametrize("lang", ["en", "fr", "es", "tl"])
@pytest.mark.parametrize("options", [(), ("last-play-scopa",)])
def test_the_rules_give_the_plural_of_scopa_that_the_scoring_counts(lang, options):
    """The scoring's row and the score panel count *scope*, a word of no language but Italian
    (whose players know it): the help's paragraph on the scopa says it is its plural."""
    languages.use(lang)
    text = rules_text(DeckStyle("italian"), "standard", rules=make_rules(options=options))
    (sweep,) = [p for p in text.split("\n\n") if "*scopa*" in p]
    assert "*scope*" in sweep, sweep


@pytest.mark.parametrize("lang", ["en", "it", "fr", "es", "tl"])
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_deal_says_who_plays_first(lang, variant):
    """Hand 1, "you deal": the AI after you has played before your first look, and the table
    shows fewer cards than the 4 the help deals. The deal's paragraph of every game says who
    plays first and who deals next."""
    languages.use(lang)
    blocks = help_text(DeckStyle("italian"), "standard", variant, playing=True).split("\n\n")
    first = _("The player after the dealer plays first, and the deal passes to the next player each hand.")
    (deal,) = [b for b in blocks if first in b]
    assert deal.startswith("**") and blocks.index(deal) == 2, deal  # on the deal's paragraph
