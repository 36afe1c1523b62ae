"""The game screen's Play button (ui/widgets/play_button.py): a click counts only while it
is enabled; it is never focused."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from scopa_tui.ui.widgets.play_button import PlayButton

from .helpers import make_app, on_my_turn


async def test_the_play_button_reports_a_click_only_while_enabled():
    pressed = []

    class ButtonApp(App):
        def compose(self) -> ComposeResult:
            yield PlayButton("Play", id="play", disabled=True)

        def on_play_button_pressed(self, message: PlayButton.Pressed) -> None:
            pressed.append(message.control.id)

    app = ButtonApp()
    async with app.run_test(size=(20, 3)) as pilot:
        button = app.query_one(PlayButton)
        assert button.size.width == 6 and not button.can_focus  # the label and a cell each side
        await pilot.click("#play")
        await pilot.pause()
        assert pressed == []
        button.disabled = False
        button.label = "Go"
        await pilot.click("#play")
        await pilot.pause()
        assert pressed == ["play"] and button.label == "Go" and button.has_class("-active")


async def test_play_takes_the_primary_colour_once_a_legal_play_is_chosen():
    # Enabled, it was drawn as when disabled but brighter: nothing drew the eye to it once the
    # play was ready, where the scoring's Next hand and the game over's Play again are primary.
    from textual.color import Color

    from .helpers import make_app, settle

    app = make_app(seed=12)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        button = app.screen.query_one("#play-button", PlayButton)
        primary = Color.parse(app.theme_variables["primary"])
        assert button.disabled and button.styles.background != primary
        await pilot.press("2")  # 6 of Spade takes the 6 of Denari
        await settle(pilot)
        assert not button.disabled and button.styles.background == primary


@pytest.mark.parametrize("size, rows", [((80, 24), 1), ((100, 30), 1), ((120, 40), 3), ((160, 50), 3)])
async def test_the_play_button_is_three_rows_high_on_a_big_terminal(size, rows):
    # One row beside a hand of twelve or fifteen: the game's one action was its smallest thing.
    async with on_my_turn(make_app(), size) as (_pilot, screen):
        button, column = screen.query_one("#play-button"), screen.query_one("#play-column")
        assert button.size.height == rows
        assert column.region.contains_region(button.region)
