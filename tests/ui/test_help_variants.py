"""The help of a game explains its own variant's rules (help_variants.py): Escoba's sums of
15 and escobas, Scopa d'Assi's Ace, Scopone's deal; plain Scopa's help and the help outside
a game (the main menu) stay Scopa's, in every language."""

from __future__ import annotations

import pytest
from markdown_it import MarkdownIt
from textual.widgets import Markdown

from scopa_tui import languages
from scopa_tui.ui.card_render import DeckStyle
from scopa_tui.ui.config import GameConfig
from scopa_tui.ui.screens.help import HelpScreen, help_text, rules_text

from .helpers import help_in_game, make_app, settle

VARIANT_NAMES = ("escoba", "scopa-d-assi", "scopone-scientifico", "scopone-classico")
SCOPA_MATCH_RULE = "a match beats a sum"  # Scopa's one-card rule, in its "Your turn"


def _rules(text: str) -> str:
    """The rules part of the help: what comes before the family of games, as it reads (a
    card's name is glued by no-break spaces: "7 de Oros" on one row)."""
    return text[:text.index("# The Scopa family")].replace("\u00a0", " ")


def test_escoba_says_sums_of_15_escobas_and_its_points_not_scopas_rules():
    text = _rules(help_text(DeckStyle("spanish"), "standard", "escoba", playing=True))
    assert text.startswith("# Escoba in short")
    assert "**adds up to 15 with your card**" in text and "Taking is **not compulsory**" in text
    assert "If the 4 table cards add up to 15, the dealer's side takes them at once" in text
    assert "if they add up to 30, two escobas" in text
    assert "Taking every card on the table is an *escoba*" in text and "Plus 1 per escoba" in text
    assert "the **velo**, the 7 de Oros" in text and "the **setenta**, most **sevens**" in text
    assert "*Setenta tie by primiera*" in text and "There is no primiera point" in text
    assert "First to 21 points at the end of a hand" in text  # the target of a game of Escoba
    for scopa in (SCOPA_MATCH_RULE, "Capturing is never optional", "is a *scopa*", "the best **primiera**",
                  "three or more Reyes", "(11 unless chosen otherwise)", "Scopa in short"):
        assert scopa not in text, scopa


def test_escobas_help_names_its_house_rules_as_its_new_game_screen_does():
    """The family's list of house rules, in a game of Escoba, calls the last play's rule
    Escoba's (as the sweep paragraph above it and the new-game screen do); it said "Scopa on
    the last play: … counts as a scopa"."""
    text = help_text(DeckStyle("spanish"), "standard", "escoba", playing=True)
    family = text[text.index("# The Scopa family"):]
    assert "- **Escoba on the last play** (`last-play-scopa`): a sweep with the last card of a hand counts " \
           "as an escoba." in family
    assert "Scopa on the last play" not in family
    assert "- **Scopa on the last play** (`last-play-scopa`)" in help_text(DeckStyle(), "standard", "scopa")


def test_scopa_d_assi_says_the_ace_sweeps_the_table_and_is_no_scopa():
    text = _rules(help_text(DeckStyle("italian"), "standard", "scopa-d-assi", playing=True))
    assert text.startswith("# Scopa d'Assi in short")
    ace = text.index("**The Ace** is the exception: it takes the whole table")
    assert text.index("**Your turn.**") < ace < text.index("**Scopa.**")
    assert "and that is no scopa" in text and "your Ace must take one of them by match" in text
    assert SCOPA_MATCH_RULE in text and "three or more Re is dealt again" in text  # Scopa's otherwise


def test_scopone_says_its_deal_and_its_partnerships():
    scientifico = _rules(help_text(DeckStyle("italian"), "standard", "scopone-scientifico", playing=True))
    assert scientifico.startswith("# Scopone scientifico in short")
    assert "Each player gets 10 cards and none go on the table" in scientifico
    assert "the first player has nothing to take" in scientifico and "3 more are dealt" not in scientifico
    assert "three or more Re" not in scientifico  # no table cards, no redeal (engine: kings_redeal)
    classico = _rules(help_text(DeckStyle("french"), "standard", "scopone-classico", playing=True))
    assert "Each player gets 9 cards and 4 go face up on the table" in classico
    assert "there are no more deals. A table with three or more Kings is dealt again" in classico
    for text in (scientifico, classico):
        assert "You play with your partner, sitting opposite you" in text and "with 6, three pairs" not in text
        assert SCOPA_MATCH_RULE in text and "**primiera**" in text  # captures and points as in Scopa


def test_plain_scopa_and_the_help_outside_a_game_are_scopas_rules():
    deck = DeckStyle("italian")
    scopa = rules_text(deck, "standard").replace("\u00a0", " ")  # as _rules reads it
    game = help_text(deck, "standard", "scopa", playing=True)  # Scopa's game, to its own target
    general = help_text(deck, "standard", "scopa")
    assert game.replace("First to 11 points", "First to the target (11 unless chosen otherwise)").replace(
        "is dealt again.", "is dealt again (standard and gamerules presets).").replace(
        "You play against one opponent.", "With 4 players the partners sit opposite (you and the player "
        "across); with 6, three pairs.") == general  # a game of 2 says its own table
    assert _rules(help_text(deck, "standard", "escoba")) == scopa  # the menu, Escoba chosen
    assert scopa.startswith("# Scopa in short") and SCOPA_MATCH_RULE in scopa and "escoba" not in scopa.lower()
    for name in VARIANT_NAMES:
        assert _rules(help_text(deck, "standard", name, playing=True)) != scopa, name


def _blocks(text: str) -> list[str]:
    return [t.type for t in MarkdownIt("gfm-like").parse(text) if t.level == 0 and t.nesting >= 0]


@pytest.mark.parametrize("lang, heading", [("it", "# Escoba in breve"), ("fr", "# Escoba en bref"),
                                           ("es", "# Escoba en breve"),
                                           ("tl", "# Ang Escoba sa maikling salita")])
def test_every_variants_help_is_in_the_language_with_the_same_paragraphs(lang, heading):
    deck = DeckStyle("spanish")
    english = {name: help_text(deck, "standard", name, playing=True) for name in VARIANT_NAMES}
    languages.use(lang)
    for name in VARIANT_NAMES:
        text = help_text(deck, "standard", name, playing=True)
        assert _blocks(text) == _blocks(english[name]), (lang, name)
        for words in ("in short", "**Deal.**", "**Your turn.**", "**Winning.**", "**The Ace**", "You play with",
                      "**adds up to 15", "There is no primiera point"):
            assert words not in text, (lang, name, words)
    escoba = help_text(deck, "standard", "escoba", playing=True)
    assert escoba.startswith(heading) and "*escoba*" in escoba and "**velo**" in escoba
    assert "**setenta**" in escoba and "15" in escoba and "30" in escoba


@pytest.mark.parametrize("variant, players, words, not_there", [
    ("escoba", 2, "**adds up to 15 with your card**", SCOPA_MATCH_RULE),
    ("scopone-scientifico", 4, "Each player gets 10 cards and none go on the table", "3 more are dealt"),
])
async def test_the_help_of_a_game_in_progress_explains_its_variant(variant, players, words, not_there):
    source = await help_in_game(GameConfig(players=players, ai=["easy"] * (players - 1), seed=5, variant=variant))
    assert words in source and not_there not in _rules(source)


async def test_the_help_on_the_new_game_screen_keeps_scopas_rules_with_escoba_chosen():
    app = make_app(start=False)
    app.config = GameConfig(players=2, ai=["easy"], seed=5, variant="escoba")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        source = app.screen.query_one(Markdown).source
        assert source.startswith("# Scopa in short") and "**Escoba** (this game)" in source
