"""A focused button underlines its words and nothing else: not the room beside them on the
button (Textual's Button padded its label inside the text, the underline ran under it:
"_Next hand (Enter)_"), and the buttons keep their size."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Button

from scopa_tui import languages
from scopa_tui.ui.widgets.press import Press

from .helpers import make_app, settle
from .scoring_data import first_hand, game_over_app, hand_over_app, played


def underlined(widget: Widget) -> str:
    """The text the widget draws underlined, in order."""
    lines = widget.render_lines(Region(0, 0, *widget.outer_size))
    return "".join(seg.text for line in lines for seg in line if seg.style is not None and seg.style.underline)


def words(widget: Widget) -> str:
    return widget.label if isinstance(widget, Press) else widget.label.plain


async def check_focused(pilot, widget: Widget) -> None:
    widget.focus()
    await settle(pilot)
    label = words(widget)
    assert underlined(widget) == label, (underlined(widget), label)  # the words, no space beside them
    assert widget.outer_size.width >= cell_len(label) + 2  # and still a margin around them on it


async def test_the_start_button_underlines_its_words_only_and_keeps_its_width():
    app = make_app(start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        start = app.screen.query_one("#start", Press)
        assert start.outer_size.width == 22
        await check_focused(pilot, start)


@pytest.mark.parametrize("lang", ["it", "fr", "es", "tl"])
async def test_the_start_button_shows_its_words_whole_in_every_language(lang):
    """French's "Commencer la partie" and its margin are wider than the button's 22 cells: it
    showed "Commencer la", the last word wrapped out of sight; the button grows to its words."""
    languages.use(lang)
    app = make_app(start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        start = app.screen.query_one("#start", Press)
        assert start.outer_size.width >= 22
        await check_focused(pilot, start)


@pytest.mark.parametrize("lang", ["en", "it", "fr", "es", "tl"])
async def test_the_resume_offer_s_buttons_show_their_words_whole_in_every_language(lang):
    """At 80×24 the Italian "Metti da parte (n)" was cut to "Metti da parte" and the French
    "Mettre de côté (n)" ran over the dialog's right edge: three buttons wider than the dialog."""
    from scopa_tui.ui.screens.resume import ResumeScreen

    languages.use(lang)
    app = make_app(start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(ResumeScreen("hand 2 of a game to 11 against medium: You 3, Anna 5", 1.0, more=True))
        await settle(pilot)
        inside = app.screen.query_one("#dialog").content_region
        for button in app.screen.query("#buttons Button"):
            assert inside.contains_region(button.region), (button.id, button.region, inside)
            await check_focused(pilot, button)


async def test_the_scoring_and_game_over_buttons_underline_their_words_only():
    app = hand_over_app(first_hand(2), 2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await check_focused(pilot, app.screen.query_one("#continue", Button))
    app = game_over_app(played(2), 2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        buttons = list(app.screen.query(Button))
        assert [b.id for b in buttons] == ["again", "new", "quit"]
        for button in buttons:
            await check_focused(pilot, button)
            # the words and a cell of the button's colour each side (as wide as their words:
            # evenly spaced, scoring.tcss)
            assert button.outer_size.width == cell_len(words(button)) + 2


@pytest.mark.parametrize("theme", ["nord", "solarized-light", "ansi-dark"])
async def test_a_theme_that_turns_a_focused_button_over_turns_all_of_it(theme):
    """Where a theme's focused button is ``reverse`` (Textual's own themes), the whole button
    turns over: the room beside the words was padding, left in the button's colour, a stray
    cell either side of the turned words ("▌Play again (Enter)▐")."""
    app = game_over_app(played(2), 2)
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = theme
        await settle(pilot)
        for button in app.screen.query(Button):
            button.focus()
            await settle(pilot)
            lines = button.render_lines(Region(0, 0, *button.outer_size))
            cells = [(seg.text, bool(seg.style and seg.style.reverse)) for line in lines for seg in line]
            assert all(turned for _text, turned in cells), (button.id, cells)
            assert "".join(text for text, _turned in cells) == f" {words(button)} "
            assert underlined(button) == ""  # reverse alone: nothing underlined
