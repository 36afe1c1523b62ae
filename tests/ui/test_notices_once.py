"""A notice is shown once: over a dialog that opens while it is up, not on the dialog and
again on the screen dimmed behind it."""

from __future__ import annotations

from scopa_tui.engine import Game, make_rules
from scopa_tui.ui.card_render import DeckStyle
from scopa_tui.ui.screens.game import GameScreen
from scopa_tui.ui.screens.scoring import HandOverScreen

from .helpers import my_turn, settle, variant_app


def _hand_score():
    game = Game(make_rules(players=4, variant="escoba"), seed=3)
    game.start()
    while game.phase != "hand_over":
        game.play(game.legal_moves()[0])
    return game.hand_scores[-1]


async def test_a_notice_up_when_the_scoring_opens_is_shown_once():
    # A sweep on a hand's last plays: its notice showed at the top right over the scoring and
    # again at the bottom right of the game dimmed behind it.  Once the scoring has gone, the
    # notice still up is the game's again.
    app = variant_app("escoba", players=4)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await my_turn(pilot)
        app.notify("Anna swept the table", title="Escoba!", timeout=60)
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.export_screenshot().count("Escoba!") == 1
        app.push_screen(HandOverScreen(_hand_score(), ["You & Bruno", "Anna & Carla"], DeckStyle(), 21, False))
        await settle(pilot)
        assert app.export_screenshot().count("Escoba!") == 1
        app.pop_screen()
        await settle(pilot)
        assert app.export_screenshot().count("Escoba!") == 1
