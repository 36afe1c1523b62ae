"""A typed field of the new-game form (an "other…" target, an external bot's command)."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Input


class FieldInput(Input):
    """An :class:`Input` on which ↑ and ↓ go to the row above and below, as on the form's
    choices around it (in the scrolling form they would scroll it instead)."""

    BINDINGS = [
        Binding("up", "app.focus_previous", id="field.row_up", show=False),
        Binding("down", "app.focus_next", id="field.row_down", show=False),
    ]
