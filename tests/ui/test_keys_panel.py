"""Textual's keys panel (Ctrl+P → Keys) lies over the score and log instead of narrowing
the game: the table, the hand and their cards stay where they were, and play goes on."""

from __future__ import annotations

import pytest
from textual.widgets import HelpPanel

from scopa_tui.ui.widgets.cards import TableView

from .helpers import game_screen, make_app, palette_command, settle, wait_for_my_turn


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (200, 60)])
async def test_the_keys_panel_covers_the_side_panel_and_the_game_does_not_move(size):
    app = make_app(seed=3)
    async with app.run_test(size=size) as pilot:
        await wait_for_my_turn(pilot)
        await settle(pilot)
        screen = game_screen(app)
        parts = ("#main", "#table", "#hand", "#prompt")
        before = {q: screen.query_one(q).region for q in parts}
        sizes = (screen.query_one(TableView).card_size, screen.query_one("#hand").card_size)
        await palette_command(pilot, "Keys")
        await settle(pilot)
        panel = screen.query_one(HelpPanel)
        assert {q: screen.query_one(q).region for q in parts} == before
        assert (screen.query_one(TableView).card_size, screen.query_one("#hand").card_size) == sizes
        side = screen.query_one("#side").region
        assert panel.region.x >= side.x and panel.region.right == size[0]  # over the side panel only
        assert panel.region.y == 1 and panel.region.bottom == size[1] - 1  # top bar and footer in view
        await pilot.press("1")  # the game still takes its keys
        await settle(pilot)
        assert screen.selected == 0


def textual_key_words() -> set[str]:
    """The descriptions and tooltips of the keys of Textual's own parts that the app shows
    (the app, its screens, and the widgets its screens use)."""
    from textual.app import App
    from textual.binding import Binding
    from textual.containers import VerticalScroll
    from textual.screen import ModalScreen, Screen
    from textual.widgets import Button, Checkbox, DataTable, Input, OptionList, Select
    from textual.widgets._select import SelectOverlay

    words = {"Open the command palette"}  # the palette's own key, added by the app at its start
    for cls in (App, Screen, ModalScreen, Button, Checkbox, DataTable, Input, OptionList, Select, SelectOverlay,
                VerticalScroll):
        for klass in cls.__mro__:
            for b in klass.__dict__.get("BINDINGS", ()):
                b = b if isinstance(b, Binding) else Binding(*b)
                words |= {w for w in (b.description, b.tooltip) if w}
    return words


@pytest.mark.parametrize("lang", ["it", "fr", "es", "tl"])
def test_every_key_of_textual_s_own_widgets_is_named_in_the_player_s_language(lang):
    from scopa_tui import languages
    from scopa_tui.engine.text import _

    words = textual_key_words()
    assert {"Focus Next", "Move cursor left", "Cursor down", "Toggle", "Scroll Up"} <= words
    languages.use(lang)
    untranslated = sorted(w for w in words if _(w) == w)
    assert not untranslated, f"{lang}: the keys panel would show these in English: {untranslated}"


async def test_the_lobby_s_keys_panel_in_italian_shows_no_english():
    from scopa_tui import languages
    from scopa_tui.ui.app import ScopaApp
    from scopa_tui.ui.screens.lobby import LobbyScreen

    from .test_no_english import english_in

    languages.use("it")
    app = ScopaApp(online={"server": "ws://127.0.0.1:9/", "name": "Anna"}, ai_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(50):
            await pilot.pause(0.02)
            if isinstance(app.screen, LobbyScreen):
                break
        app.screen.query_one("#server").focus()  # an Input: its many keys in the panel
        app.action_show_help_panel()
        await settle(pilot)
        assert app.screen.query(HelpPanel)
        found = english_in(app, "it")
    assert not found, f"English words in the keys panel: {found}"


async def test_the_keys_panel_on_the_new_game_screen_in_french_shows_no_english():
    """The app's own keys there have Textual's tooltips (Ctrl+Q's, Ctrl+P's)."""
    from scopa_tui import languages

    from .test_no_english import english_in

    languages.use("fr")
    app = make_app(start=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.action_show_help_panel()
        await settle(pilot)
        assert app.screen.query(HelpPanel)
        found = english_in(app, "fr")
    assert not found, f"English words in the keys panel: {found}"
