"""What the app does before its first frame (README, Benchmark: first frame): each stylesheet
is parsed once, and the theme is in place all the same."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from textual.color import Color
from textual.css import stylesheet

from scopa_tui.ui import styles

from .helpers import make_app, settle

ROOT = Path(__file__).resolve().parents[2]
OUR_FILES = {str(path) for path in (styles.APP_TCSS, styles.GAME_TCSS, styles.DIALOGS_TCSS)}


def _count_parses(monkeypatch) -> Counter:
    """How often each of the app's own stylesheet files is parsed (not taken from a cache)."""
    counts: Counter = Counter()
    original = stylesheet.parse

    def parse(scope, css, read_from, *args, **kwargs):
        if read_from[0] in OUR_FILES:
            counts[read_from[0]] += 1
        return original(scope, css, read_from, *args, **kwargs)

    monkeypatch.setattr(stylesheet, "parse", parse)
    return counts


@pytest.mark.parametrize("start", [False, True], ids=["new-game screen", "game"])
async def test_each_stylesheet_is_parsed_once_up_to_the_first_screen(monkeypatch, start):
    counts = _count_parses(monkeypatch)
    app = make_app(start=start)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert counts and max(counts.values()) == 1, counts


@pytest.mark.parametrize("theme, dark", [(None, True), ("textual-light", False), ("ansi-dark", True)])
async def test_the_theme_given_at_start_is_in_place_at_the_first_frame(theme, dark):
    app = make_app(start=False, theme=theme)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        name = theme or "scopa-felt"
        assert app.theme == name
        assert app.has_class(f"-theme-{name}")
        assert app.has_class("-dark-mode") is dark and app.has_class("-light-mode") is not dark
        assert app.has_class("-ansi") is name.startswith("ansi")
        if not name.startswith("ansi"):  # ANSI themes have no colour of their own to compare
            expected = Color.parse(app.current_theme.background)
            assert app.screen.styles.background.rgb == expected.rgb


async def test_an_unknown_theme_at_start_is_refused_as_textual_refuses_it():
    from textual.app import InvalidThemeError

    with pytest.raises(InvalidThemeError):
        make_app(start=False, theme="no-such-theme")


def test_the_modules_of_the_new_game_screen_leave_the_game_table_and_screen_unloaded():
    # The first frame waits for every import: the table, the game screen and the AIs are
    # loaded with the first game.
    code = ("import sys, scopa_tui.cli, scopa_tui.ui.app; print(sorted(m for m in sys.modules if m.startswith("
            "('scopa_tui.table', 'scopa_tui.ui.screens.game', 'scopa_tui.ai.medium', 'scopa_tui.ai.hard'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


# Loaded when first used, not for the first screen: the statistics database, the dialog
# screens, the external-bot protocol, the engine's scoring (README.md, Benchmark, first frames).
FIRST_USE = ("sqlite3", "scopa_tui.store.db", "scopa_tui.store.frames", "scopa_tui.ui.screens.dialogs",
             "scopa_tui.ai.protocol", "scopa_tui.engine.scoring")
FIRST_SCREEN = """
import asyncio, sys
from scopa_tui.ui.app import ScopaApp
from scopa_tui.ui.config import GameConfig

async def main():
    app = ScopaApp(GameConfig(players=2, ai=["medium"], seed=5), start=sys.argv[1] == "game", ai_delay=0,
                   data_dir=sys.argv[2])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        print(type(app.screen).__name__, sorted(m for m in sys.modules if m in sys.argv[3:]))

asyncio.run(main())
"""


@pytest.mark.parametrize("first, screen", [("new-game", "NewGameScreen"), ("game", "GameScreen")])
def test_the_first_screen_with_a_data_directory_leaves_what_it_does_not_use_unloaded(tmp_path, first, screen):
    out = subprocess.run([sys.executable, "-c", FIRST_SCREEN, first, str(tmp_path), *FIRST_USE],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[-2] == f"{screen} []"


def _game_shown(monkeypatch) -> list:
    """A list that gets an item when the game screen's first frame is drawn."""
    from textual.app import App

    shown: list = []
    display = App._display

    def first_frame(self, screen, renderable):
        display(self, screen, renderable)
        if renderable is not None and type(screen).__name__ == "GameScreen":
            shown.append(True)

    monkeypatch.setattr(App, "_display", first_frame)
    return shown


async def test_the_game_screen_styles_each_card_widget_once_before_its_first_frame(monkeypatch):
    # Each widget with component classes (cards, seats, scores) is styled through a virtual
    # node per class: a second pass over the whole screen when it is first shown was a
    # fifth of the work before the game's first frame (ui/screens/fresh.py).
    counts: Counter = Counter()
    shown = _game_shown(monkeypatch)
    process = stylesheet.Stylesheet._process_component_classes

    def count(self, node):
        if not shown and node._get_component_classes():
            counts[type(node).__name__] += 1
        return process(self, node)

    monkeypatch.setattr(stylesheet.Stylesheet, "_process_component_classes", count)
    app = make_app(players=4, ai=["greedy"], start=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert shown
    assert counts["TableView"] == counts["HandView"] == counts["ScoreBoard"] == 1, counts
    assert counts["SeatView"] == 3, counts


@pytest.mark.parametrize("start", [False, True], ids=["new-game screen", "game"])
async def test_the_first_screen_is_laid_out_and_drawn_once_after_the_start_up_batch(monkeypatch, start):
    # Pushed while Textual starts up, the first screen was laid out twice and drawn once in
    # the start-up batch, a drawing the batch threw away (ui/screens/fresh.py).
    from textual._compositor import Compositor

    events = []
    reflow, render = Compositor.reflow, Compositor.render_update

    def count_reflow(self, parent, size):
        events.append(("layout", type(parent).__name__, parent.app._batch_count))
        return reflow(self, parent, size)

    def count_render(self, *args, **kwargs):
        root = self.root
        if root is not None:
            events.append(("draw", type(root).__name__, root.app._batch_count))
        return render(self, *args, **kwargs)

    monkeypatch.setattr(Compositor, "reflow", count_reflow)
    monkeypatch.setattr(Compositor, "render_update", count_render)
    app = make_app(start=start)
    name = "GameScreen" if start else "NewGameScreen"
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == name
    first = [event for event in events if event[1] == name]
    draw = first.index(("draw", name, 0))  # the first frame, outside any batch
    assert first[:draw] == [("layout", name, 0)], first[:draw + 1]


# A game started from the command line leaves the new-game form unloaded, its play log does
# without Textual's RichLog, which imports rich.pretty, and an AI's module loads with its
# first turn (the player leads here) (README.md, Benchmark, first frames).
GAME_UNUSED = ("scopa_tui.ui.screens.new_game", "textual.widgets._checkbox", "textual.widgets._rich_log",
               "rich.pretty", "scopa_tui.ai.medium")


def test_a_game_started_at_once_leaves_the_new_game_form_rich_log_and_ai_unloaded(tmp_path):
    out = subprocess.run([sys.executable, "-c", FIRST_SCREEN, "game", str(tmp_path), *GAME_UNUSED],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[-2] == "GameScreen []"


def _sources(app) -> set[str]:
    """The stylesheets the app has read: file paths, and widget classes' default CSS."""
    return {var or path for path, var in app.stylesheet.source}


async def test_the_games_first_frame_reads_neither_buttons_nor_dialogs_styles_until_a_dialog():
    # Button's default CSS (7 KB) and dialogs.tcss were parsed before the game's first frame
    # (README.md, Benchmark, first frames); the quit question loads dialogs.tcss itself.
    app = make_app(start=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert "Button.DEFAULT_CSS" not in _sources(app)
        assert str(styles.DIALOGS_TCSS) not in _sources(app)
        await pilot.press("q")
        await settle(pilot)
        assert type(app.screen).__name__ == "ConfirmScreen"
        assert str(styles.DIALOGS_TCSS) in _sources(app)
        assert app.screen.query_one("#dialog").styles.width.value == 50  # dialogs.tcss applied


@pytest.mark.parametrize("start", [False, True], ids=["new-game screen", "game"])
async def test_the_collector_held_off_at_start_runs_again_after_the_first_frame(start):
    import gc

    from scopa_tui import collector

    collector.hold()  # as the command line does (scopa_tui/collector.py)
    try:
        app = make_app(start=start)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            assert gc.isenabled() and not collector.held()
            assert gc.get_freeze_count() > 0  # the start-up's objects left out of collections
    finally:
        collector.release(freeze=False)
        gc.enable()
        gc.unfreeze()


async def test_an_opponent_who_leads_plays_only_after_the_games_first_frame(monkeypatch):
    # Seed 1: the opponent leads.  Its turn (the AI's thinking, the search process, the card's
    # flight) waited for nothing and ran before the table was first shown (README.md,
    # Benchmark, first frames); at AI pace 0 it still plays at once after that frame.
    from scopa_tui.table.local import LocalTable

    shown, turns = _game_shown(monkeypatch), []
    next_turn = LocalTable.next_turn

    def record_turn(self):
        turns.append(bool(shown))
        return next_turn(self)

    monkeypatch.setattr(LocalTable, "next_turn", record_turn)
    app = make_app(seed=1, start=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.screen.table
        assert table.game.history, "the opponent has played"
        assert table.game.history[0].seat != table.my_seat  # the opponent led
    assert turns and all(turns), turns


@pytest.mark.parametrize("seed, mine", [(5, True), (1, False)], ids=["player leads", "opponent leads"])
async def test_the_hand_is_styled_once_with_its_first_turns_class_before_the_first_frame(monkeypatch, seed, mine):
    # The hand's "-turn" class, set once the game's first events were shown, restyled the
    # hand before the first frame (README.md, Benchmark, first frames): the table now starts
    # before the widgets mount, and the hand mounts with the class.
    shown, styled = _game_shown(monkeypatch), Counter()
    apply = stylesheet.Stylesheet.apply

    def count(self, node, *args, **kwargs):
        if not shown and node.id == "hand":
            styled[node.has_class("-turn")] += 1
        return apply(self, node, *args, **kwargs)

    monkeypatch.setattr(stylesheet.Stylesheet, "apply", count)
    app = make_app(seed=seed, start=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert shown
        assert (not app.screen.table.game.history) == mine  # the opponent, leading, has played
        assert app.screen.query_one("#hand").has_class("-turn")  # the player's turn now, either way
    assert styled == Counter({mine: 1}), styled
