"""The new-game screen's first frame leaves the game screen's stylesheet unread (README,
Benchmark: the new-game form made light); the first game reads it, parses it once, and looks
exactly as a game the app opens on."""

from __future__ import annotations

import re

from scopa_tui.ui import styles
from scopa_tui.ui.screens.game import GameScreen
from scopa_tui.ui.screens.new_game import NewGameScreen

from .helpers import make_app, settle
from .test_startup import _count_parses

APP, GAME = (str(path) for path in (styles.APP_TCSS, styles.GAME_TCSS))


async def test_the_game_stylesheet_is_read_with_the_first_game_and_parsed_once(monkeypatch):
    counts = _count_parses(monkeypatch)  # parses of each of our files, not taken from a cache
    app = make_app(start=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert counts == {APP: 1}  # dialogs.tcss waits for the first dialog
        assert not app.stylesheet.has_source(GAME)
        app.screen.action_start()
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert counts == {APP: 1, GAME: 1}


async def screenshot(start: bool) -> str:
    """The game (seed 12) as the app opens on it, or as the new-game screen starts it."""
    app = make_app(seed=12, start=start)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        if not start:
            app.screen.action_start()
            await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        return re.sub(r"terminal-\d+", "terminal", app.export_screenshot())


async def test_a_game_started_on_the_new_game_screen_looks_as_one_the_app_opens_on():
    assert await screenshot(start=False) == await screenshot(start=True)
