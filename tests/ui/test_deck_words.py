"""Suit names follow the deck everywhere the game screen writes words: the play log, the
hints (rank names) and the statistics labels."""

from __future__ import annotations

from scopa_tui.ui.screens.scoring import GameOverScreen, HandOverScreen
from scopa_tui.ui.widgets.scoreboard import PlayLog

from .helpers import game_screen, make_app, play_game_by_keys


async def _log_after_one_hand(deck: str) -> tuple[list[str], str]:
    app = make_app(seed=5, deck=deck, target=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await play_game_by_keys(pilot)
        assert isinstance(app.screen, (GameOverScreen, HandOverScreen))
        log = game_screen(app).query_one(PlayLog)
        return log.texts, "\n".join(line.text for line in log.lines)


async def test_the_log_names_the_french_suit_of_coins_diamonds():
    texts, shown = await _log_after_one_hand("french")
    scored = [t for t in texts if t.startswith("Hand 1 scored")]
    assert scored and "Diamonds" in scored[0], texts
    for text in (shown, *texts):
        assert "Coins" not in text and "coins" not in text and "Diamond " not in text and "Diamond," not in text


async def test_the_log_names_the_italian_suit_of_coins_denari():
    texts, _ = await _log_after_one_hand("italian")
    assert "Denari" in next(t for t in texts if t.startswith("Hand 1 scored"))


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
