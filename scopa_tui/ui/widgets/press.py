"""A push button drawn in the theme's primary colour (the new-game screen's Start): Enter,
space or a click posts :class:`Press.Pressed`.  Textual's ``Button`` module and its 7 KB of
style need not be loaded for the screen's first frame (README, Benchmark)."""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widget import Widget

from ...engine.text import N_
from .choice import Choice


class Press(Widget, can_focus=True):
    """``label`` centred on a button three lines high (a light top edge, a dark bottom one)."""

    DEFAULT_CSS = """
    Press {
        width: auto;
        min-width: 16;
        height: 3;
        padding: 0 2;  /* the words' margin: a focused button underlines the words alone */
        text-align: center;  /* centred with the button's colour only (content-align underlined it) */
        content-align: center middle;
        text-style: bold;
        pointer: pointer;
        color: $button-color-foreground;
        background: $primary;
        border-top: tall $primary-lighten-3;
        border-bottom: tall $primary-darken-3;
        &:focus { text-style: $button-focus-text-style; background-tint: $foreground 5%; }
        &:hover { background: $primary-darken-2; border-top: tall $primary; }
        &:ansi { color: $primary; background: ansi_default; border: tall $primary; }
    }
    """
    BINDINGS = [
        Binding("enter,space", "press", N_("press"), id="press.press", show=False),
        # ↑ and ↓ go from row to row as on the form's choices and boxes: the Start button has
        # the focus when the form opens, and ↑ there did nothing.  As on a choice, they post a
        # Choice.Row, so that the keys typed with them go to the row they go to (the letters
        # typed with ↑ into an external bot's command row above were lost; widgets/choice.py)
        Binding("up", "row(-1)", id="press.row_up", show=False),
        Binding("down", "row(1)", id="press.row_down", show=False),
        # ← and → too, the keys a player reaches for to change a choice: the button is alone on
        # its line, and they did nothing there (→ goes round to the form's first row, Game)
        Binding("left", "row(-1)", id="press.left", show=False),
        Binding("right", "row(1)", id="press.right", show=False),
    ]

    class Pressed(Message):
        """The button was pressed (``on_press_pressed``)."""

        def __init__(self, button: Press) -> None:
            super().__init__()
            self.button = button

        @property
        def control(self) -> Press:
            return self.button

    def __init__(self, label: str, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.label = label
        self.leaving = False  # as a choice's: a Row posted, not yet handled

    def action_press(self) -> None:
        self.post_message(self.Pressed(self))

    def action_row(self, by: int) -> None:
        self.leaving = True
        self.post_message(Choice.Row(self, by))

    async def _on_click(self, event: events.Click) -> None:
        await super()._on_click(event)
        self.action_press()

    def get_content_width(self, container, viewport) -> int:
        return self.render().cell_length

    def get_content_height(self, container, viewport, width: int) -> int:
        return 1

    def render(self) -> Content:
        return Content(self.label)
