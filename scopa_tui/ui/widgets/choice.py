"""A form row that chooses one of a few values, as game option menus do:

    Players  ‹ 2: you and one AI        ›

← and → step through the values (they stop at the ends, where that arrow dims), Enter and
space go on to the next one (round to the first after the last), a click on an arrow steps,
a click on the value goes on to the next.  One widget where a ``Label`` and a ``Select`` were
seven, so the new-game screen's first frame comes sooner (README, Benchmark).
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.cells import cell_len
from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widget import Widget

from ...engine.text import N_

LEFT, RIGHT = "‹ ", " ›"


class Choice(Widget, can_focus=True):
    """``label`` then the chosen one of ``options`` (``(words, value)`` pairs) between arrows.

    ``value`` reads and sets the choice (a value not among the options is a ``ValueError``);
    each change posts :class:`Choice.Changed`, also one made by code, as Textual's ``Select``
    does (its ``by_player`` says which: a key or a click on the row).  The label takes
    ``label_width`` cells, so that the rows of a column line up."""

    DEFAULT_CSS = """
    Choice {
        width: 1fr;
        height: 1;
        pointer: pointer;
        & > .choice--value { background: $surface; }
        & > .choice--arrow { color: $primary; text-style: bold; }
        & > .choice--end { color: $text-disabled; }
        &:focus {
            & > .choice--label { color: $primary; text-style: bold; }
            & > .choice--value {
                color: $block-cursor-foreground;
                background: $block-cursor-background;
                text-style: $block-cursor-text-style;
            }
            & > .choice--arrow { color: $block-cursor-foreground; }
            & > .choice--end { color: $block-cursor-foreground 40%; }
        }
        &:ansi > .choice--end { text-style: dim; }
        &:blur:hover > .choice--value { background: $block-hover-background; }
        &:disabled { color: $text-disabled; }
    }
    """
    COMPONENT_CLASSES = {"choice--label", "choice--value", "choice--arrow", "choice--end"}
    BINDINGS = [
        # TRANSLATORS: the keys of a choice on the new-game form (the keys panel, ^p).
        Binding("left", "step(-1)", N_("previous choice"), id="choice.previous", show=False),
        Binding("right", "step(1)", N_("next choice"), id="choice.next", show=False),
        Binding("enter,space", "next", N_("next choice"), id="choice.next_round", show=False),
        Binding("up", "row(-1)", id="choice.row_up", show=False),
        Binding("down", "row(1)", id="choice.row_down", show=False),
    ]

    class Row(Message):
        """↑ (``by`` -1) or ↓ (1) on a :class:`Choice` (or a key of the Start button's,
        ``Press``): on to the row before or after it (``on_choice_row``).  It travels behind
        the row's own ``Changed``, so that a screen which makes a row when a choice changes
        (the new-game form's bot command) has made it before the focus moves: a ↓ typed in
        the same instant as → lands on the new row.

        The keys typed after the ↑/↓ must not act on the row left while the Row is on its way
        (a → typed with ↓ stepped the Game row, not Players): the row is :attr:`leaving` until
        the app moves the focus, and the app holds those keys until then, to hand them to the
        row the focus lands on (``ScopaApp.on_event``)."""

        def __init__(self, choice: Choice, by: int) -> None:
            super().__init__()
            self.choice = choice
            self.by = by

        @property
        def control(self) -> Choice:
            return self.choice

    class Changed(Message):
        """The choice of a :class:`Choice` changed (``on_choice_changed``)."""

        def __init__(self, choice: Choice, value: Any, by_player: bool = False) -> None:
            super().__init__()
            self.choice = choice
            self.value = value
            self.by_player = by_player  # chosen with a key or a click, not set by code

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(self, label: str, options: Sequence[tuple[str, Any]], value: Any, *, label_width: int = 9,
                 id: str | None = None, classes: str | None = None, disabled: bool = False) -> None:
        super().__init__(id=id, classes=classes, disabled=disabled)
        self.label = label
        self.label_width = label_width
        self._options = list(options)
        self._index = self._index_of(value)
        self.leaving = False  # ↑/↓ posted a Row not yet handled (see Row)

    @property
    def options(self) -> list[tuple[str, Any]]:
        """The ``(words, value)`` pairs, in order."""
        return list(self._options)

    @property
    def value(self) -> Any:
        return self._options[self._index][1]

    @value.setter
    def value(self, value: Any) -> None:
        self._choose(self._index_of(value))

    def set_options(self, options: Sequence[tuple[str, Any]]) -> None:
        """New options; the value stays if it is among them, else the first is chosen.  The
        row is laid out again when its widest words change (its width is theirs)."""
        value, widest = self.value, self._widest()
        self._options = list(options)
        if self._widest() != widest:
            self.refresh(layout=True)
        self._index = -1  # so that _choose posts Changed when the value is not kept
        values = [v for _, v in self._options]
        self._choose(values.index(value) if value in values else 0, changed=value not in values)

    def _index_of(self, value: Any) -> int:
        for index, (_, option) in enumerate(self._options):
            if option == value:
                return index
        raise ValueError(f"{value!r} is not a choice of {self.id or 'this row'}")

    def _choose(self, index: int, changed: bool | None = None, by_player: bool = False) -> None:
        if changed is None:
            changed = index != self._index
        self._index = index
        self.refresh()
        if changed:
            self.post_message(self.Changed(self, self.value, by_player))

    def action_step(self, by: int) -> None:
        """The previous (-1) or next (1) value, stopping at the ends."""
        index = self._index + by
        if not self.disabled and 0 <= index < len(self._options):
            self._choose(index, by_player=True)

    def action_row(self, by: int) -> None:
        self.leaving = True
        self.post_message(self.Row(self, by))

    def action_next(self) -> None:
        """The next value, the first after the last."""
        if not self.disabled and len(self._options) > 1:
            self._choose((self._index + 1) % len(self._options), by_player=True)

    async def _on_click(self, event: events.Click) -> None:
        await super()._on_click(event)
        at = event.get_content_offset(self)
        if at is None or at.x < self.label_width:
            return  # the label: the click only focuses
        if at.x < self.label_width + len(LEFT):
            self.action_step(-1)
        elif at.x >= self.size.width - len(RIGHT):
            self.action_step(1)
        else:
            self.action_next()

    def _widest(self) -> int:
        return max(cell_len(words) for words, _ in self._options)

    def get_content_width(self, container, viewport) -> int:
        return self.label_width + len(LEFT) + self._widest() + len(RIGHT)

    def get_content_height(self, container, viewport, width: int) -> int:
        return 1

    def render(self) -> Content:
        label = Content(self.label).truncate(self.label_width - 1, ellipsis=True).pad_right(1)
        label = label.truncate(self.label_width, pad=True)
        room = max(1, self.size.width - self.label_width - len(LEFT) - len(RIGHT))
        words = Content(self._options[self._index][0]).truncate(room, ellipsis=True, pad=True)
        value = self.get_visual_style("choice--value")
        first, last = self._index == 0, self._index == len(self._options) - 1
        return Content.assemble(
            (label.plain, self.get_visual_style("choice--label")),
            (LEFT, self.get_visual_style("choice--value", "choice--end" if first else "choice--arrow")),
            (words.plain, value),
            (RIGHT, self.get_visual_style("choice--value", "choice--end" if last else "choice--arrow")),
        )
