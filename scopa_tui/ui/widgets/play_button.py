"""The game screen's Play button: one line, a widget of its own rather than Textual's
``Button``, whose default stylesheet (every variant of the flat, default and ANSI styles, some
7 KB) was parsed before the game's first frame for this one compact button (README,
Benchmark)."""

from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widgets import Static


class PlayButton(Static):
    """A compact button that is never focused (the keys stay with the game): its label in
    bold, dimmed while disabled; a click posts :class:`PlayButton.Pressed`.  It looks like a
    compact ``Button`` in the default style, a primary one while enabled (a legal play is
    chosen), as the scoring's *Next hand* and the game over's *Play again*: the eye goes to it
    when it has something to do."""

    DEFAULT_CSS = """
    PlayButton {
        width: auto;
        height: 1;
        line-pad: 1;
        content-align: center middle;
        text-align: center;
        text-style: bold;
        color: $button-foreground;
        background: $surface;
        pointer: pointer;
        &:hover { background: $surface-darken-1; }
        &.-active { tint: $background 30%; }
        &:enabled {
            color: $button-color-foreground;
            background: $primary;
            &:hover { background: $primary-darken-2; }
        }
        &:disabled { text-opacity: 0.6; pointer: not-allowed; }
        &:ansi {
            background: ansi_default;
            &:hover { background: $ansi-background; }
            &:enabled { color: $primary; background: ansi_default; }
            &:disabled { text-opacity: 1; text-style: bold dim; }
        }
    }
    """
    ACTIVE_EFFECT_DURATION = 0.2  # seconds the button shows it was pressed, as Textual's does

    class Pressed(Message):
        """The button was clicked while enabled."""

        def __init__(self, button: PlayButton) -> None:
            super().__init__()
            self.button = button

        @property
        def control(self) -> PlayButton:
            return self.button

    def __init__(self, label: str, *, id: str | None = None, disabled: bool = False) -> None:
        super().__init__(label, id=id, disabled=disabled, markup=False)
        self.can_focus = False

    @property
    def label(self) -> str:
        return str(self.content)

    @label.setter
    def label(self, text: str) -> None:
        self.update(text)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        if self.disabled:
            return
        self.add_class("-active")
        self.set_timer(self.ACTIVE_EFFECT_DURATION, lambda: self.remove_class("-active"))
        self.post_message(self.Pressed(self))
