"""Help: rules first, then keys; both primiera charts with the one in use marked; the deck's
suit names and the ASCII letters."""

from __future__ import annotations

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
    italian = help_text(DeckStyle("italian"))
    assert "Denari (coins)" in italian and "most **Denari**" in italian and "7 di Denari" in italian
    french = help_text(DeckStyle("french"))
    assert "Diamonds" in french and "7 of Diamonds" in french
    assert "Coins" not in french and "Denari" not in french and "Diamond " not in french
    assert "three or more Re is dealt" in italian and "three or more Kings" in french


def test_the_help_shows_the_ascii_letters():
    text = help_text(DeckStyle("italian", ascii=True))
    assert "d = Denari, c = Coppe, s = Spade, b = Bastoni" in text and "`Cc` is the Cavallo di Coppe" in text
    assert "`d`" in text  # the suits are listed with the letters on screen


async def test_help_in_a_ludoteka_game_with_the_french_deck():
    source = await help_in_game(GameConfig(players=2, preset="ludoteka", deck="french", ai=["easy"], seed=3))
    assert "**ludoteka** (this game)" in source and "Diamonds" in source and "Coins" not in source


def test_the_help_explains_every_variant_and_marks_the_one_played():
    from scopa_tui.engine import OPTIONS, VARIANTS

    text = help_text(DeckStyle("spanish"), "standard", variant="escoba")
    for v in VARIANTS.values():
        assert f"**{v.title}**" in text and v.summary in text
    assert "**Escoba** (this game)" in text and "**Scopa** (this game)" not in text
    assert all(f"**{o.title}**" in text for o in OPTIONS.values())
    assert "Oros" in text and "Sota" in text  # the Spanish deck's names
    assert text.index("# Scopa in short") < text.index("# The Scopa family") < text.index("# Keys")
