"""Enter on a dialog whose Enter stands for its first answer (the resume offer, the game
over): with the focus moved to another button by Tab, Enter presses that button, as it
does on every other dialog; it answered "resume" and "play again" whatever was focused."""

from __future__ import annotations

import pytest
from textual.app import App

from scopa_tui.ui.screens.resume import ResumeScreen
from scopa_tui.ui.screens.scoring import GameOverScreen

from .scoring_data import NAMES, played

GAME = played(2)
DIALOGS = {
    "resume": lambda: ResumeScreen("hand 2 of a game to 11 against medium: You 3, Anna 5", 0),
    "game over": lambda: GameOverScreen(list(GAME.hand_scores), NAMES[2], GAME.winner, True, 11),
}


class OneDialog(App):
    def __init__(self, make) -> None:
        super().__init__()
        self.make, self.answers = make, []

    def on_mount(self) -> None:
        self.push_screen(self.make(), self.answers.append)


@pytest.mark.parametrize("name, keys, answer", [
    ("resume", ["enter"], True),
    ("resume", ["tab", "enter"], None),  # Later (Esc)
    ("resume", ["tab", "tab", "enter"], False),  # Set aside (n)
    ("resume", ["tab", "tab", "y"], True),  # a letter still answers for itself
    ("game over", ["enter"], "again"),
    ("game over", ["tab", "enter"], "new"),
    ("game over", ["tab", "tab", "enter"], "quit"),
])
async def test_enter_presses_the_button_the_player_tabbed_to(name, keys, answer):
    app = OneDialog(DIALOGS[name])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        assert app.answers == [answer]
