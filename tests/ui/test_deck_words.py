"""Suit names follow the deck everywhere the game screen writes words: the play log, the
hints (rank names), the statistics labels and the score panel's count of coin cards (one
card in the singular: "1 Denaro")."""

from __future__ import annotations

import re

import pytest

from scopa_tui import languages
from scopa_tui.ui.card_render import DeckStyle
from scopa_tui.ui.screens.scoring import GameOverScreen, HandOverScreen
from scopa_tui.ui.widgets.scoreboard import PlayLog, ScoreBoard

from .helpers import game_screen, make_app, play_game_by_keys, settle, shown, stacked_app


async def _log_after_one_hand(deck: str) -> tuple[list[str], str]:
    app = make_app(seed=5, deck=deck, target=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await play_game_by_keys(pilot)
        assert isinstance(app.screen, (GameOverScreen, HandOverScreen))
        log = game_screen(app).query_one(PlayLog)
        return log.texts, "\n".join(line.text for line in log.lines)


def _sides_scored(texts: list[str]) -> list[str]:
    """The log's lines of each side's points, two sides, under "Hand 1 scored"."""
    at = texts.index("Hand 1 scored")
    return texts[at + 1:at + 3]


async def test_the_log_names_the_french_suit_of_coins_diamonds():
    texts, shown = await _log_after_one_hand("french")
    assert "Diamonds" in " ".join(_sides_scored(texts)), texts
    for text in (shown, *texts):
        assert "Coins" not in text and "coins" not in text and "Diamond " not in text and "Diamond," not in text


async def test_the_log_names_the_italian_suit_of_coins_denari():
    texts, _ = await _log_after_one_hand("italian")
    sides = _sides_scored(texts)
    assert "Denari" in " ".join(sides)
    # each side's name is parted from its points ("AI 3 1" read as one name)
    assert re.match(r"You:\s\d+", sides[0]) and re.match(r"\w+:\s\d+", sides[1]), sides


def test_a_redeal_names_the_kings_in_the_deck_s_words():
    from scopa_tui.engine import Game, Redealt, make_rules
    from scopa_tui.ui.card_render import DeckStyle
    from scopa_tui.ui.config import GameConfig
    from scopa_tui.table.local import LocalTable
    from scopa_tui.ui.screens.game import GameScreen

    config = GameConfig(players=2, ai=["easy"])
    game = Game(make_rules("standard", players=2), seed=1)
    event = Redealt(hand=1, dealer=1, table=())
    table = LocalTable(game, {}, config.names())
    lines = {deck: GameScreen(table, DeckStyle(deck))._redeal_text(event)
             for deck in ("italian", "french", "french-numeric")}
    assert lines == {"italian": "Three Re on the table: the deal is void, Anna deals again",
                     "french": "Three Kings on the table: the deal is void, Anna deals again",
                     "french-numeric": "Three 10s on the table: the deal is void, Anna deals again"}


@pytest.mark.parametrize("lang, deck, counts", [
    ("en", "italian", ("0 Denari", "1 Denaro", "3 Denari")),
    ("fr", "italian", ("0 Denari", "1 Denaro", "3 Denari")),  # Italian's own words, its own plural
    ("en", "spanish", ("0 Oros", "1 Oro", "3 Oros")),
    ("tl", "spanish", ("0 Oros", "1 Oro", "3 Oros")),
    ("en", "french", ("0 Diamonds", "1 Diamond", "3 Diamonds")),
    ("it", "french", ("0 Quadri", "1 Quadri", "3 Quadri")),
    ("fr", "french", ("0 Carreau", "1 Carreau", "3 Carreaux")),  # French: zero is singular
    ("es", "french", ("0 Diamantes", "1 Diamante", "3 Diamantes")),
    ("tl", "french-numeric", ("0 Diyamante", "1 Diyamante", "3 Diyamante")),
])
def test_a_count_of_coin_cards_takes_the_number_of_its_word(lang, deck, counts):
    languages.use(lang)
    assert tuple(DeckStyle(deck).coins(n) for n in (0, 1, 3)) == counts


@pytest.mark.parametrize("lang, words", [("en", "2 cards · 1 Denaro"), ("it", "2 carte · 1 Denaro"),
                                         ("fr", "2 cartes · 1 Denaro"), ("es", "2 cartas · 1 Denaro"),
                                         ("tl", "2 baraha · 1 Denaro")])
async def test_the_score_panel_counts_the_cards_and_one_coin_card_in_the_singular(lang, words):
    """"2 cards · 1 Denaro" in every language (English said "pile 2 cards", the others not)."""
    languages.use(lang)
    app = stacked_app([["5c", "2s", "9b"], ["7b", "9c", "10s"]], ["5d", "3c", "4s", "6b"])
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("1", "enter")  # 5c takes 5d, the one coin of the hand so far
        await settle(pilot)
        panel = shown(game_screen(app).query_one(ScoreBoard))
        assert words in panel and "1 Denari" not in panel and "pile" not in panel, panel
