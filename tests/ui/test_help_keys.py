"""``?`` and F1 open the help on every screen and dialog a player can be on (README.md,
Playing), and Esc brings the player back where they were."""

from __future__ import annotations

import pytest

from scopa_tui import languages
from scopa_tui.engine.text import _
from scopa_tui.ui.app import ScopaApp
from scopa_tui.ui.card_render import DeckStyle
from scopa_tui.ui.config import GameConfig
from scopa_tui.ui.screens.chat import ChatScreen
from scopa_tui.ui.screens.dialogs import ConfirmScreen, OnlineQuitScreen
from scopa_tui.ui.screens.help import HISTORY_KEYS, KEYS, STATS_KEYS, HelpScreen, rule_paragraphs
from scopa_tui.ui.screens.history import HistoryScreen
from scopa_tui.ui.screens.resume import ResumeScreen
from scopa_tui.ui.screens.scoring import GameOverScreen, HandOverScreen
from scopa_tui.ui.screens.stats import StatsScreen

from .helpers import make_app, my_turn, palette_command, settle, variant_app
from .scoring_data import played

GAME = played(2)
MODALS = {
    "resume offer": lambda: ResumeScreen("hand 2 of a game to 11 against medium: You 3, Anna 5", 0),
    "quit dialog": lambda: ConfirmScreen("Quit the game in progress?", "Quit", "Keep playing"),
    "online quit": lambda: OnlineQuitScreen("Leave the table?"),
    "end of hand": lambda: HandOverScreen(GAME.hand_scores[0], ["You", "Anna"], DeckStyle(), 11, False),
    "game over": lambda: GameOverScreen(list(GAME.hand_scores), ["You", "Anna"], GAME.winner, True, 11),
}


async def _help_and_back(pilot, key: str, opened_at=None) -> None:
    """Press ``key``: the help opens over the screen (``opened_at(help)`` checks where),
    and Esc goes back to that screen."""
    app = pilot.app
    below = app.screen
    await pilot.press(key)
    await settle(pilot)
    assert isinstance(app.screen, HelpScreen), (key, below)
    if opened_at is not None:
        opened_at(app.screen)
    await pilot.press("escape")
    await settle(pilot)
    assert app.screen is below  # the dialog is still open, unanswered


def _at_its_own_keys(own: tuple[str, ...]):
    """A check of a help that ends with the keys ``own`` of the screen below (help.SCREEN_KEYS),
    not the game's, and opens at them."""
    def check(shown: HelpScreen) -> None:
        body = shown.query_one("#help-body")
        source = shown.query_one("Markdown").source
        assert _(own[1]) in source and _(KEYS[1]) not in source  # not a card to choose, nor h for a hint
        assert source.rstrip().endswith(_(own[-1]))
        assert body.scroll_y > 0  # not at the rules' top: at the screen's keys
        (keys,) = [b for b in shown.query_one("Markdown").children if (b.source or "").strip() == _(KEYS[0])]
        # its heading is the help's first line, as the help's top is from any other screen
        # (blank lines after the help's end let it go up that far on a big terminal)
        assert keys.virtual_region.y == body.scroll_y
    return check


@pytest.mark.parametrize("key", ["question_mark", "f1"])
@pytest.mark.parametrize("name", list(MODALS))
async def test_the_help_keys_open_the_help_on_a_dialog(name, key):
    app = make_app(start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(MODALS[name]())
        await settle(pilot)
        await _help_and_back(pilot, key)


async def test_the_help_from_the_resume_offer_at_start(tmp_path):
    # A game left unfinished: the next start offers it, and ? there explains the game.
    config = GameConfig(players=2, ai=["greedy"], seed=3)
    first = ScopaApp(config, start=True, ai_delay=0, data_dir=str(tmp_path))
    async with first.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
    again = ScopaApp(config, start=False, ai_delay=0, data_dir=str(tmp_path))
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, ResumeScreen)
        await _help_and_back(pilot, "question_mark")


@pytest.mark.parametrize("key, lang, size", [("question_mark", "en", (80, 24)), ("f1", "en", (80, 24)),
                                            ("question_mark", "it", (80, 24)), ("question_mark", "tl", (200, 50))])
async def test_the_help_from_the_statistics_and_the_history_says_their_keys(tmp_path, key, lang, size):
    # It opened at the palette's commands and ended with the game's keys (a card to choose, h
    # for a hint), not a word of ← → choosing the games counted, h for the history, or Enter,
    # Home and End in the history.
    languages.use(lang)
    app = ScopaApp(GameConfig(players=2, ai=["greedy"], seed=3), start=False, ai_delay=0, data_dir=str(tmp_path))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("f2")
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)
        await _help_and_back(pilot, key, _at_its_own_keys(STATS_KEYS))
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        await _help_and_back(pilot, key, _at_its_own_keys(HISTORY_KEYS))


async def test_the_palettes_help_on_the_history_says_its_keys(tmp_path):
    # The palette's "Help: rules and keys" opens the help as ? does, with the screen's keys.
    app = ScopaApp(GameConfig(players=2, ai=["greedy"], seed=3), start=False, ai_delay=0, data_dir=str(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await palette_command(pilot, "history")
        assert isinstance(app.screen, HistoryScreen)
        await palette_command(pilot, "help")
        assert isinstance(app.screen, HelpScreen)
        source = app.screen.query_one("Markdown").source
        assert _(HISTORY_KEYS[1]) in source and _(KEYS[1]) not in source


@pytest.mark.parametrize("variant, options, lang, size", [("scopa", (), "en", (80, 24)),
                                                         ("scopa", ("no-primiera-all-suits",), "es", (100, 30)),
                                                         ("escoba", (), "fr", (80, 24))])
async def test_the_help_from_the_scoring_opens_at_the_points_of_a_hand(variant, options, lang, size):
    """A player wondering why a side won a point of the scoring screen reads, first thing in
    the help, the paragraph on a hand's points of the game played, as its house rules make it."""
    languages.use(lang)
    app = variant_app(variant, options=options)
    async with app.run_test(size=size) as pilot:
        await my_turn(pilot)
        app.push_screen(HandOverScreen(GAME.hand_scores[0], ["You", "Anna"], DeckStyle(), 11, False))
        await settle(pilot)

        def at_the_scoring(shown: HelpScreen) -> None:
            body = shown.query_one("#help-body")
            said = rule_paragraphs(DeckStyle(app.game.rules.deck_style), app.game.rules.primiera_chart,
                                   variant, app.game.rules)["scoring"]
            (scoring,) = [b for b in shown.query_one("Markdown").children if said in (b.source or "")]
            assert body.scroll_y > 0 and scoring.virtual_region.y == body.scroll_y

        await _help_and_back(pilot, "question_mark", at_the_scoring)


async def test_f1_opens_the_help_over_the_chat_line_and_a_question_mark_is_typed():
    app = make_app(start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(ChatScreen())
        await settle(pilot)
        chat = app.screen
        await pilot.press("question_mark")
        assert app.screen is chat and chat.query_one("Input").value == "?"
        await _help_and_back(pilot, "f1")


async def test_the_helps_first_heading_is_on_the_boxs_first_line():
    app = make_app(start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        body = app.screen.query_one("#help-body")
        first = app.screen.query_one("Markdown").children[0]
        assert body.scroll_y == 0 and first.region.y == body.content_region.y, (first.region, body.content_region)
