"""Crashes the fuzz test (test_fuzz.py) or players found, each kept fixed by a focused test."""

from __future__ import annotations

import pytest
from textual.command import CommandPalette

from scopa_tui.ui.screens.dialogs import TooSmallScreen
from scopa_tui.ui.screens.game import GameScreen

from .helpers import make_app, settle


def stack(app) -> list[str]:
    return [type(screen).__name__ for screen in app.screen_stack]


async def test_ctrl_p_twice_below_80x24_opens_nothing_and_does_not_crash():
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p", "ctrl+p", "f2")
        await pilot.pause()
        assert stack(app) == ["Screen", "GameScreen", "TooSmallScreen"]
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)


async def test_a_palette_open_when_the_terminal_shrinks_is_not_opened_twice():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert stack(app) == ["Screen", "GameScreen", "Palette", "TooSmallScreen"]  # ui/palette.py
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)


def replay_app():
    """``scopa-tui replay``'s app, over a game of a few plays."""
    from scopa_tui.engine import Game, make_rules, record
    from scopa_tui.store.frames import load_text
    from scopa_tui.ui.screens.replay import ReplayApp

    game = Game(make_rules(players=2), seed=3)
    game.start()
    for _ in range(3):
        game.play(game.legal_moves()[0])
    return ReplayApp(load_text(record.dumps(game)), "a game")


@pytest.mark.parametrize("new_app", [make_app, replay_app])
async def test_page_keys_in_the_palette_before_its_list_is_drawn_do_not_crash(new_app):
    """PgDn (or PgUp) right after Ctrl+P, as a player typing ahead does: Textual's option
    list paged by rows it had not laid out yet (KeyError), and the game crashed; so did
    `scopa-tui replay`, whose palette was Textual's own."""
    from textual import events
    from textual.command import CommandList

    for key in ("pagedown", "pageup"):
        app = new_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            app.post_message(events.Key("ctrl+p", None))  # both keys queued before a frame is drawn
            app.post_message(events.Key(key, None))
            await settle(pilot)
            assert isinstance(app.screen, CommandPalette)
            await pilot.press(key)  # once drawn, the key pages as before
            await settle(pilot)
            assert app.screen.query_one(CommandList).highlighted is not None


async def test_enter_typed_ahead_in_the_palette_closes_it_once_and_runs_its_command_once():
    """Enter pressed several times on a search that finds one command: Textual closed the
    palette once for each Enter, popping the game screen under it (a blank screen), then
    crashed (ScreenStackError); the command ran as many times."""
    from textual.widgets import Input

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"ascii")
        await settle(pilot, 6)
        search = app.screen.query_one(Input)
        for _ in range(3):  # queued together, as a terminal delivers keys typed ahead
            search.post_message(Input.Submitted(search, search.value))
        await settle(pilot)
        assert stack(app) == ["Screen", "GameScreen"]
        assert app.ascii  # toggled once, not three times


async def test_keys_typed_after_quitting_do_nothing_and_do_not_crash():
    """q y q typed in one go (keys a browser sends together, fast fingers): y quit, and the
    second q opened the quit question again while the app closed; its buttons were gone when
    it was shown, and the game crashed (NoMatches) with 'stopped by an internal error'."""
    from textual import events

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in "qyq":  # queued together, as a terminal or the web page delivers keys typed ahead
            app.post_message(events.Key(key, key))
        await settle(pilot)
    assert app.return_code == 0
