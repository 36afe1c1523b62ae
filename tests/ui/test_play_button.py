"""The game screen's Play button (ui/widgets/play_button.py): a click counts only while it
is enabled; it is never focused."""

from __future__ import annotations

from textual.app import App, ComposeResult

from scopa_tui.ui.widgets.play_button import PlayButton


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
