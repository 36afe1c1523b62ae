"""The line under the table: what to do, and whether the choice shown is legal.

Two lines high (game.tcss), and up to four while its text needs them (a hint that says
which card, what it leaves and why, in French, at 80×24): the table above gives up its
blank rows for them, and takes them back with the next shorter text.  Each change of its
lines is told at once to ``on_lines`` (in the same layout, not a frame later): with six
players at 80×24 the seats above the table then take a line fewer, so that the side seats'
pile counts stay in view.

Its colour (game.tcss: the component classes ``prompt--legal`` and ``prompt--illegal``) is
put on the widget's own style in place: a CSS class toggled on it made Textual match it
against the whole stylesheet again, on nearly every key (README, Benchmark: key to screen).
"""

from __future__ import annotations

from typing import Callable

from textual.visual import VisualType, visualize
from textual.widgets import Static

from .legible import readable

PROMPT_STATES = ("legal", "illegal")
MOST_LINES = 4  # at 80×24 the table keeps a row of cards with their letters (widgets/cards.py)


class Prompt(Static):
    """A Static whose text colour says whether the choice is legal (``state``), and whose
    height grows from two lines to at most :data:`MOST_LINES` for a long text."""

    COMPONENT_CLASSES = {f"prompt--{state}" for state in PROMPT_STATES}

    def __init__(self, *args, on_lines: Callable[[int], None] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.on_lines = on_lines  # called with the lines it takes, each time they change
        self.state = ""  # "", "legal" or "illegal"
        self.lines = 2  # the lines it takes now

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """Show ``content``; the prompt grows (or shrinks back) when it needs another number of
        lines, and only then is the screen laid out again (``layout=False`` stays cheap)."""
        super().update(content, layout=layout)
        self._fit()

    def on_resize(self) -> None:
        """Another width (the terminal resized): the lines the text takes at it."""
        self._fit()

    def lines_for(self, content: VisualType) -> int:
        """The lines ``content`` would take at the prompt's width (0: not laid out yet)."""
        width = self.content_size.width
        return visualize(self, content).get_height(self.styles, width) if width else 0

    def _fit(self) -> None:
        """As many lines as the text takes at this width: two at least, MOST_LINES at most."""
        width = self.content_size.width
        if not width:
            return
        lines = max(2, min(MOST_LINES, self.visual.get_height(self.styles, width)))
        if lines == self.lines:
            return
        self.lines = lines
        if lines == 2:
            self.styles.clear_rule("height")  # game.tcss's two lines again
            self.refresh(layout=True)  # clearing a rule does not lay the screen out itself
        else:
            self.styles.height = lines
        if self.on_lines is not None:
            self.on_lines(lines)

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
        color = rule.color
        back = self.background_colors[1]
        if color.ansi is None and back.ansi is None and back.a and not rule.auto_color:
            color = readable(color, back)  # the green of "legal" on a light theme (legible.py)
        styles.color = color

    def notify_style_update(self) -> None:
        """Restyled (a new theme): the state's colour again, once the component classes
        have the theme's colours too (Textual styles them after the widget)."""
        super().notify_style_update()
        if self.state:
            self.call_later(self._colour)
