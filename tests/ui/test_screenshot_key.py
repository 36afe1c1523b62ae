"""F12 saves a screenshot on every screen, the modal ones included, and names the file."""

from __future__ import annotations

import pytest

from scopa_tui.ui.card_render import DeckStyle
from scopa_tui.ui.screens.dialogs import ConfirmScreen
from scopa_tui.ui.screens.help import HelpScreen
from scopa_tui.ui.screens.new_game import NewGameScreen
from scopa_tui.ui.screens.resume import ResumeScreen
from scopa_tui.ui.screens.scoring import GameOverScreen, HandOverScreen

from .helpers import make_app, settle
from .scoring_data import played

GAME = played(2)
MODALS = {
    "help": lambda: HelpScreen(),
    "end of hand": lambda: HandOverScreen(GAME.hand_scores[0], ["You", "Anna"], DeckStyle(), 11, False),
    "game over": lambda: GameOverScreen(list(GAME.hand_scores), ["You", "Anna"], GAME.winner, True, 11),
    "quit dialog": lambda: ConfirmScreen("Quit the game in progress?", "Quit", "Keep playing"),
    "resume offer": lambda: ResumeScreen("hand 2 of a game to 11 against medium: You 3, Anna 5", 0),
}


@pytest.mark.parametrize("name", list(MODALS))
async def test_f12_saves_a_screenshot_on_a_modal_screen(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(MODALS[name]())
        await settle(pilot)
        modal = app.screen
        notes: list[str] = []
        monkeypatch.setattr(app, "notify", lambda message, **kw: notes.append(message))
        await pilot.press("f12")
        await settle(pilot)
        files = list(tmp_path.glob("*.svg"))
        assert len(files) == 1 and files[0].stat().st_size > 0
        assert app.screen is modal  # the key did not close or answer the dialog
        assert notes and files[0].name in notes[-1]


async def test_f12_saves_a_screenshot_on_the_new_game_screen(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = make_app(start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("f12")
        await settle(pilot)
        assert len(list(tmp_path.glob("*.svg"))) == 1


@pytest.mark.parametrize("new_app", ["game", "replay"])
@pytest.mark.parametrize("how", ["f12", "palette"])
async def test_the_palettes_screenshot_saves_as_f12_does_in_both_apps(new_app, how, tmp_path, monkeypatch):
    # The palette's Screenshot was Textual's: into ~/Downloads, and "Failed to save
    # screenshot" in English where there is none; `scopa-tui replay` had no F12 at all.
    from scopa_tui import languages

    from .helpers import palette_command
    from .test_robustness import replay_app

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # no Downloads folder
    languages.use("it")
    app = make_app() if new_app == "game" else replay_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if how == "f12":
            await pilot.press("f12")
        else:
            await palette_command(pilot, "Schermata")
            await pilot.pause(0.3)  # Textual's entry saves a tenth of a second after
        await settle(pilot)
        [file] = tmp_path.glob("*.svg")
        assert [n.message for n in app._notifications] == [f"schermata salvata in {file}"]
