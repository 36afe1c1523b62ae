"""The dialog that offers to resume the unfinished game found at start."""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..translate import Translated


def ago(saved_at: float, now: float | None = None) -> str:
    """``just now``, ``5 minutes ago``, ``3 hours ago``, ``2 days ago``."""
    seconds = max(0, (now or time.time()) - saved_at)
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size:
            n = int(seconds // size)
            return f"{n} {unit}{'s' if n != 1 else ''} ago"
    return "just now"


class ResumeScreen(Translated, ModalScreen[bool | None]):
    """``Resume your game?``: dismisses with True to resume, False to set the save aside
    (the app asks first), None to keep it for later (Esc: offered again next start)."""

    BINDINGS = [
        Binding("enter,r,y", "answer(True)", "resume", id="resume.yes", priority=True),
        Binding("n", "answer(False)", "set aside", id="resume.no"),
        Binding("escape", "answer(None)", "later", id="resume.later", show=False),
    ]

    def __init__(self, summary: str, saved_at: float) -> None:
        super().__init__()
        self.summary, self.saved_at = summary, saved_at

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            when = f" (saved {ago(self.saved_at)})" if self.saved_at else ""
            yield Static(f"You have an unfinished game{when}:\n{self.summary}.\n\nResume it?", id="question")
            with Horizontal(id="buttons"):
                yield Button("Resume (Enter)", id="yes", variant="primary")
                yield Button("Later (Esc)", id="later")
                yield Button("Set aside (n)", id="no")

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss({"yes": True, "no": False}.get(event.button.id))

    def action_answer(self, value: bool | None) -> None:
        self.dismiss(value)
