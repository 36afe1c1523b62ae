"""The line under the table: what to do, and whether the choice shown is legal.

Its colour (game.tcss: the component classes ``prompt--legal`` and ``prompt--illegal``) is
put on the widget's own style in place: a CSS class toggled on it made Textual match it
against the whole stylesheet again, on nearly every key (README, Benchmark: key to screen).
"""

from __future__ import annotations

from textual.widgets import Static

PROMPT_STATES = ("legal", "illegal")


class Prompt(Static):
    """A Static whose text colour says whether the choice is legal (``state``)."""

    COMPONENT_CLASSES = {f"prompt--{state}" for state in PROMPT_STATES}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.state = ""  # "", "legal" or "illegal"

    def show_state(self, state: str) -> None:
        """Colour the line for ``state`` ("" for the screen's own colour)."""
        if state != self.state:
            self.state = state
            self._colour()

    def _colour(self) -> None:
        """The state's colour on the widget, as the CSS rule would set it (a colour rule sets
        ``auto_color`` too: the screen's ``$text`` is an automatic colour)."""
        styles = self.styles
        if not self.state:
            styles.clear_rule("auto_color")
            styles.color = None  # the screen's own colour again (game.tcss #prompt)
            return
        rule = self.get_component_styles(f"prompt--{self.state}")
        styles.auto_color = rule.auto_color
        styles.color = rule.color

    def notify_style_update(self) -> None:
        """Restyled (a new theme): the state's colour again, once the component classes
        have the theme's colours too (Textual styles them after the widget)."""
        super().notify_style_update()
        if self.state:
            self.call_later(self._colour)
