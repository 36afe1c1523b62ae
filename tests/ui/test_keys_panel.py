"""Textual's keys panel (Ctrl+P → Keys) lies over the score and log instead of narrowing
the game: the table, the hand and their cards stay where they were, and play goes on."""

from __future__ import annotations

import pytest
from textual.widgets import HelpPanel

from scopa_tui.ui.widgets.cards import TableView

from .helpers import game_screen, make_app, palette_command, settle, stacked_app, wait_for_my_turn


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

    words = {"palette", "Open the command palette"}  # the palette's own key, Textual's where an app has none
    for cls in (App, Screen, ModalScreen, Button, Checkbox, DataTable, Input, OptionList, Select, SelectOverlay,
                VerticalScroll):
        for klass in cls.__mro__:
            for b in klass.__dict__.get("BINDINGS", ()):
                b = b if isinstance(b, Binding) else Binding(*b)
                words |= {w for w in (b.description, b.tooltip) if w}
    return words


@pytest.mark.parametrize("lang", ["it", "fr", "es", "tl"])
def test_the_keys_of_textual_s_own_that_the_panel_shows_are_named_in_the_player_s_language(lang):
    from scopa_tui import languages
    from scopa_tui.engine.text import _
    from scopa_tui.ui.translate import TEXTUAL_KEY_WORDS

    assert set(TEXTUAL_KEY_WORDS) <= textual_key_words()
    languages.use(lang)
    untranslated = sorted(w for w in TEXTUAL_KEY_WORDS.values() if _(w) == w)
    assert not untranslated, f"{lang}: the keys panel would show these in English: {untranslated}"


async def test_the_keys_panel_lists_the_game_s_keys_only_and_esc_closes_it():
    """It listed Textual's own, "Super+C Copy selected text" on every screen and a typed
    field's twenty cursor keys ("Move cursor left a word and select"...), and only the
    palette closed it."""
    from textual.widgets import Input

    app = make_app(start=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.query_one("#target").value = 0  # "other…": a typed field for the points
        await settle(pilot)
        screen.query_one("#other-target", Input).focus()
        await settle(pilot)
        await palette_command(pilot, "Keys")
        await settle(pilot)
        rows = panel_rows(screen)
        keys = [key for key, _words in rows]
        assert "Super+C" not in keys and not any("cursor" in words for _key, words in rows), rows
        textual = textual_key_words() - {"palette"}
        assert not [words for _key, words in rows if any(w in words for w in textual)], rows
        assert ("^S", "start") in rows and ("Esc", "close the keys") in rows and "^P" in keys
        await pilot.press("escape")
        await settle(pilot)
        assert not screen.query(HelpPanel)
        assert isinstance(app.screen.focused, Input)  # the form as it was


async def test_the_keys_of_textual_s_own_are_named_in_lower_case_as_the_game_s():
    """The new-game screen's panel read "Tab Focus Next", "Shift+Tab Focus Previous" and "^P
    palette Open the command palette" under the game's "^S start", "q quit"."""
    app = make_app(start=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await palette_command(pilot, "Keys")
        await settle(pilot)
        rows = panel_rows(app.screen)
        assert ("Tab", "next field") in rows and ("Shift+Tab", "previous field") in rows, rows
        assert ("^P", "palette") in rows, rows
        shown = [w for a in app.screen.active_bindings.values() for w in (a.binding.description, a.binding.tooltip)]
        assert [w for w in shown if w != w.lower()] == [], rows


async def test_esc_closes_the_game_s_keys_panel_before_it_clears_the_choice():
    app = make_app(seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_my_turn(pilot)
        await settle(pilot)
        screen = game_screen(app)
        await palette_command(pilot, "Keys")
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        assert screen.selected == 0
        await pilot.press("escape")
        await settle(pilot)
        assert not screen.query(HelpPanel) and screen.selected == 0  # the panel closed, the card still chosen
        footer = [b.binding.description for b in screen.active_bindings.values() if b.binding.show]
        assert "clear" in footer
        await pilot.press("escape")
        await settle(pilot)
        assert screen.selected is None  # Esc is the game's again


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


def panel_rows(screen) -> list[tuple[str, str]]:
    """The keys panel's rows as drawn: (key, words), a row wrapped on two lines joined."""
    from rich.console import Console
    from textual.widgets._key_panel import BindingsTable

    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(screen.query_one(BindingsTable).render_bindings_table())
    rows = []
    for line in console.export_text().splitlines():
        key, _, words = line.strip().partition(" ")
        if key:
            rows.append((key, words.strip()))
    return rows


async def test_the_keys_panel_names_the_hand_s_and_the_table_s_keys_on_one_row_each():
    """"←→ card" once (there was a "→ card" under it), "1–3 card" (a row for each of the ten
    number keys) and the table's letters as under the table ("a–d table card", one row for
    each of twenty-two letters); the keys themselves go on answering."""
    app = stacked_app([["7c", "8d", "1s"], ["9b", "9c", "10s"]], ["3c", "4s", "2b", "5d"])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await palette_command(pilot, "Keys")
        await settle(pilot)
        rows = panel_rows(screen)
        keys = [key for key, _words in rows]
        assert ("←→", "card") in rows and "→" not in keys
        assert ("1–3", "card") in rows and not {"1", "2", "4", "0"} & set(keys)
        assert ("a–d", "table card") in rows and not {"a", "e", "z"} & set(keys)
        # one row for ^Q and ^C, said as "q quit" is: it read "Quit Quit the app and return to …"
        assert ("^Q", "^C quit") in rows
        footer = [b.binding.description for b in screen.active_bindings.values() if b.binding.show]
        # as they were, but for Esc: it closes the panel now (its "close the keys" is in the panel)
        assert footer == ["next capture", "card", "play", "hint", "help", "quit"]
        await pilot.press("right", "right")
        assert screen.selected == 1
        await pilot.press("4")
        assert str(screen.message) == "You have 3 cards: press 1–3"
        await pilot.press("1", "enter")  # 7c and its first capture
        await settle(pilot)
        assert app.game.history, "the card keys still play"
        await wait_for_my_turn(pilot)
        await settle(pilot)
        rows = panel_rows(screen)
        hand, table = len(screen.pic.my_hand), screen._letter_keys()
        assert ("1–2" if hand == 2 else "1", "card") in rows  # the panel follows the hand
        assert (table, "table card") in rows and table != "a–d"


async def test_every_screen_s_keys_panel_lists_its_own_keys_first_and_the_app_s_last():
    """The new-game screen's panel began with the focused button's "⏎ Space press", then Tab,
    "^C quit", its own "^S start" after them and "^Q quit" apart from "^C";
    the game's began with "Tab next capture", then "Shift+Tab", "^C quit", "Super+C", and
    only then its cards."""
    app = make_app(start=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await palette_command(pilot, "Keys")
        await settle(pilot)
        rows = panel_rows(app.screen)
        keys = [key for key, _words in rows]
        assert rows[0] == ("^S", "start"), rows
        assert keys.index("⏎") > keys.index("^O")  # the focused widget's keys after the screen's
        assert keys.index("Shift+Tab") > keys.index("⏎")
        assert keys[-4:] == ["Esc", "^Q", "F12", "^P"], rows  # the app's, ^Q and ^C on one row
        assert ("^Q", "^C quit") in rows
        await pilot.press("ctrl+s")  # a game
        await settle(pilot)
        if not app.screen.query(HelpPanel):
            await palette_command(pilot, "Keys")
            await settle(pilot)
        rows = panel_rows(app.screen)
        keys = [key for key, _words in rows]
        assert keys.index("q") > keys.index("←→")
        # Shift+Tab is the game's own here: back through the chosen card's captures, by Tab
        assert keys.index("Shift+Tab") == keys.index("Tab") + 1 < keys.index("q")
        assert ("Shift+Tab", "previous capture") in rows and ("Tab", "next capture") in rows
        assert keys[-5:] == ["Esc", "F2", "^Q", "F12", "^P"], rows  # F2 is the app's here
        await pilot.press("q", "y")


async def test_the_keys_panel_of_a_dialog_lists_the_app_s_keys_that_work_there():
    """Over the game over and the quit question it listed their own keys only: not F2, ^Q ^C,
    F12, ^P, nor Esc to close it, which all work there. Their footers still name their own
    keys only."""
    from textual.widgets._footer import FooterKey

    from scopa_tui.ui.screens.dialogs import ConfirmScreen
    from scopa_tui.ui.screens.scoring import GameOverScreen

    from .helpers import play_game_by_keys

    app = make_app(seed=5, target=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_my_turn(pilot)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        app.action_show_help_panel()
        await settle(pilot)
        keys = [key for key, _words in panel_rows(app.screen)]
        assert keys[-5:] == ["Esc", "F2", "^Q", "F12", "^P"], keys
        assert not [k for k in app.screen.query(FooterKey) if k.action == "command_palette"]  # its own keys
        await pilot.press("escape")  # closes the panel, and then the question
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and not app.screen.query(HelpPanel)
        await pilot.press("escape")
        await settle(pilot)
        await play_game_by_keys(pilot)
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        app.action_show_help_panel()
        await settle(pilot)
        rows = panel_rows(app.screen)
        assert rows[0] == ("⏎", "play again") and [k for k, _w in rows][-5:] == ["Esc", "F2", "^Q", "F12", "^P"], rows
        assert ("^Q", "^C quit") in rows
        assert not [k for k in app.screen.query(FooterKey) if k.action == "command_palette"]


async def test_esc_closes_the_replay_viewer_s_keys_panel_and_not_the_viewer():
    # `scopa-tui replay FILE`: Esc with the keys panel open quit the viewer (Esc is its "back").
    from scopa_tui.engine import record as records
    from scopa_tui.store.frames import load_text
    from scopa_tui.ui.screens.replay import ReplayApp, ReplayScreen

    from .test_footer_fit import finished_game

    app = ReplayApp(load_text(records.dumps(finished_game()), names=["You", "Anna"]), "Replay")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await palette_command(pilot, "Keys")
        await settle(pilot)
        assert app.screen.query(HelpPanel)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen) and not app.screen.query(HelpPanel)
        assert app.is_running
        await pilot.press("escape")  # the viewer's own Esc again: back (it quits the viewer)
        await settle(pilot)
        assert not app.is_running


@pytest.mark.parametrize("key", ["ctrl+c", "ctrl+q"])
@pytest.mark.parametrize("in_help", [False, True])
async def test_ctrl_c_quits_the_replay_viewer_as_ctrl_q_does(key, in_help):
    # `scopa-tui replay FILE`: Ctrl+C did nothing at all (Textual's own Ctrl+C names the key of
    # an action "quit", and the viewer's Ctrl+Q is the app's quit_now).
    from scopa_tui.engine import record as records
    from scopa_tui.store.frames import load_text
    from scopa_tui.ui.screens.replay import ReplayApp

    from .test_footer_fit import finished_game

    app = ReplayApp(load_text(records.dumps(finished_game()), names=["You", "Anna"]), "Replay")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        if in_help:
            await pilot.press("question_mark")
            await settle(pilot)
        await pilot.press(key)
        await settle(pilot)
        assert not app.is_running
