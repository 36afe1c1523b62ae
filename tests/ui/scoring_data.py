"""Fixed scoring data for the scoring-screen tests: seeded games played to a wanted hand.

Every game is played by the engine alone (the last legal move each time), so the same
seed always gives the same hands; the seeds below were picked for the situation named.
"""

from __future__ import annotations

from textual.app import App

from scopa_tui.engine import Game, HandScore, make_rules
from scopa_tui.ui.app import FELT
from scopa_tui.ui.card_render import DeckStyle
from scopa_tui.ui.screens.scoring import GameOverScreen, HandOverScreen
from scopa_tui.ui.styles import APP_TCSS

NAMES = {
    2: ["You", "Anna"],
    4: ["You & Bruno", "Anna & Carla"],  # two sides of two (Scopone)
    3: ["You", "Anna", "Bruno"],
    6: ["You & Dario", "Anna & Elena", "Bruno & Fabio"],  # three sides of two
}


def played(players: int = 2, seed: int = 4, target: int = 11, until=None, variant: str = "scopa",
           options=()) -> Game:
    """A game played until ``until(game)`` holds after a hand (default: to its end)."""
    names = NAMES[players]
    game = Game(make_rules("standard", players=players, target=target, variant=variant, options=options),
                seed=seed, side_names=names)
    game.start()
    while not game.is_over:
        if game.phase == "hand_over":
            if until is not None and until(game):
                return game
            game.next_hand()
        else:
            game.play(game.legal_moves()[-1])
    return game


def escoba_hand(seed: int = 125) -> HandScore:
    """Escoba, 2 players, everyone taking the most cards they can: the first hand (seed 125:
    escobas on both sides, one of them the dealer's on the deal, a tie for Oros)."""
    game = Game(make_rules("standard", players=2, variant="escoba"), seed=seed, side_names=NAMES[2])
    game.start()
    while game.phase == "play":
        game.play(max(game.legal_moves(), key=lambda m: (len(m.capture), str(m))))
    return game.hand_scores[0]


def napola_hand(seed: int = 3) -> HandScore:
    """Scopone scientifico with napola and re bello (seed 3: a napola of 7, the re bello to
    the other side)."""
    return played(4, seed, variant="scopone-scientifico", options=("napola", "re-bello"),
                  until=lambda g: True).hand_scores[0]


def first_hand(players: int, seed: int = 4) -> HandScore:
    return played(players, seed, until=lambda g: True).hand_scores[0]


def tied_at_target() -> tuple[HandScore, int]:
    """A hand after which both sides have 6 points, the target being 5."""
    game = played(2, seed=78, target=5, until=lambda g: g.totals == [6, 6])
    return game.hand_scores[-1], 5


def last_play_sweep() -> HandScore:
    """Three players: the last card of the first hand swept the table (no scopa)."""
    score = first_hand(3, seed=4)
    assert score.last_sweep is not None
    return score


class ScreenApp(App):
    """Only the screen under test, on the game's theme (nothing of the game screen behind)."""

    CSS_PATH = [APP_TCSS]

    def __init__(self, screen_factory) -> None:
        super().__init__()
        self.screen_factory = screen_factory

    def on_mount(self) -> None:
        self.register_theme(FELT)
        self.theme = FELT.name
        self.push_screen(self.screen_factory())


def hand_over_app(score: HandScore, players: int, deck: str = "italian", target: int = 11,
                  game_over: bool = False) -> ScreenApp:
    return ScreenApp(lambda: HandOverScreen(score, NAMES[players], DeckStyle(deck), target, game_over))


def game_over_app(game: Game, players: int) -> ScreenApp:
    return ScreenApp(lambda: GameOverScreen(list(game.hand_scores), NAMES[players], game.winner,
                                            game.winner == 0, game.rules.target))
