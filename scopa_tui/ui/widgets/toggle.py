"""A form row that turns something on or off, with a line that says what it is:

    ▐X▌ Re bello
        the King of coins scores a point for the side that takes it

The summary takes one line (cut with "…") unless the form gives it more (``room``): then it
wraps onto as many as it needs of them, its last line cut where it needs more still.

An X marks it on; off, the box is empty (a dot in the terminal's own ANSI colours, where
the box has no background of its own), so the two differ without colour.

Space, Enter or a click toggles it.  One widget where a ``Checkbox`` and a ``Static`` were
two (and Textual's ``Checkbox`` module and its style need not be loaded for the new-game
screen's first frame: README, Benchmark).
"""

from __future__ import annotations

from typing import Callable

from rich._wrap import divide_line
from rich.cells import cell_len
from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.style import Style
from textual.widget import Widget

from ...engine.text import N_

BOX_LEFT, BOX_RIGHT = "▐", "▌"
INDENT = 4  # the summary's lines start under the label


def cut(text: str, width: int) -> str:
    """``text`` in ``width`` cells: whole, else its words that fit and "…"."""
    if cell_len(text) <= width:
        return text
    head = text[:width - 1]
    while cell_len(head) > width - 1:  # wide characters
        head = head[:-1]
    words = head.rsplit(" ", 1)[0] if " " in head.strip() and text[len(head)] != " " else head
    return words.rstrip(" ,;:") + "…"


class Toggle(Widget, can_focus=True):
    """A box, ``label`` beside it and ``summary`` under it (cut with "…" when too long).

    ``room(toggle, rows, width)``, if given, says how many lines the summary may take in a
    terminal ``rows`` high, the toggle ``width`` cells wide (one without it).  ``value``
    reads and sets the box; each change posts :class:`Toggle.Changed`."""

    DEFAULT_CSS = """
    Toggle {
        width: 1fr;
        height: auto;
        pointer: pointer;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        & > .toggle--box { color: $panel-darken-2; background: $panel; }
        & > .toggle--on { color: $text-success; }
        & > .toggle--summary { color: $text-muted; }
        &:ansi > .toggle--box { color: $ansi-foreground; background: $ansi-background; text-style: dim; }
        &:ansi > .toggle--on { color: $accent; text-style: bold not dim; }
        &:focus > .toggle--label {
            color: $block-cursor-foreground;
            background: $block-cursor-background;
            text-style: $block-cursor-text-style;
        }
        &:blur:hover > .toggle--label { background: $block-hover-background; }
    }
    """
    COMPONENT_CLASSES = {"toggle--box", "toggle--on", "toggle--label", "toggle--summary"}
    BINDINGS = [
        # TRANSLATORS: the key of a house rule's box on the new-game form (the keys panel, ^p).
        Binding("enter,space", "toggle", N_("tick or clear"), id="toggle.tick", show=False),
        Binding("up", "app.focus_previous", id="toggle.row_up", show=False),
        Binding("down", "app.focus_next", id="toggle.row_down", show=False),
    ]

    class Changed(Message):
        """A :class:`Toggle` was turned on or off (``on_toggle_changed``)."""

        def __init__(self, toggle: Toggle, value: bool) -> None:
            super().__init__()
            self.toggle = toggle
            self.value = value

        @property
        def control(self) -> Toggle:
            return self.toggle

    def __init__(self, label: str, value: bool = False, summary: str = "", *, id: str | None = None,
                 classes: str | None = None, room: Callable[[Toggle, int, int], int] | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.label = label
        self.summary = summary
        self._value = value
        self._room = room
        self._wrapped: dict[int, list[str]] = {}  # width: the summary's lines at that width

    @property
    def value(self) -> bool:
        return self._value

    @value.setter
    def value(self, value: bool) -> None:
        if value != self._value:
            self._value = value
            self.refresh()
            self.post_message(self.Changed(self, value))

    def action_toggle(self) -> None:
        self.value = not self._value

    async def _on_click(self, event: events.Click) -> None:
        await super()._on_click(event)
        self.action_toggle()

    def reword(self, label: str, summary: str) -> None:
        """Another name and summary (Escoba's words for a rule): drawn and measured anew."""
        if (label, summary) != (self.label, self.summary):
            self.label, self.summary = label, summary
            self._wrapped.clear()
            self.refresh(layout=True)

    def summary_lines(self, width: int) -> list[str]:
        """The summary wrapped for a toggle ``width`` cells wide (where wrapping.py breaks lines)."""
        lines = self._wrapped.get(width)
        if lines is None:
            text, room = self.summary, max(1, width - INDENT)
            starts = [0, *divide_line(text, room, fold=True)]
            lines = [text[a:b].rstrip() for a, b in zip(starts, [*starts[1:], len(text)])]
            self._wrapped[width] = lines
        return lines

    def get_content_height(self, container, viewport, width: int) -> int:
        most = self._room(self, viewport.height, width) if self._room is not None else 1
        return 1 + max(1, min(len(self.summary_lines(width)), most))

    def _mark(self) -> str:
        if self._value:
            return "X"
        return "·" if self.app.native_ansi_color else " "

    def render(self) -> Content:
        box = self.get_visual_style("toggle--box", *(("toggle--on",) if self._value else ()))
        # The half blocks beside the box draw its edges: the box's background on the row's.
        side = Style(foreground=box.background, background=self.background_colors[1])
        width, rows = self.content_size.width, max(1, self.content_size.height - 1)
        lines = self.summary_lines(width)
        if len(lines) > rows:  # the last line shown takes the rest, cut
            lines = [*lines[:rows - 1], cut(" ".join(lines[rows - 1:]), max(1, width - INDENT))]
        summary = self.get_visual_style("toggle--summary")
        out: list = [(BOX_LEFT, side), (self._mark(), box), (BOX_RIGHT, side),
                     (f" {self.label} ", self.get_visual_style("toggle--label"))]
        for line in lines:
            out += ["\n", (" " * INDENT + line, summary)]
        return Content.assemble(*out)
