"""The dialog that offers to resume the unfinished game found at start."""

from __future__ import annotations

import time
from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine.text import N_, _, ngettext
from ..helpkeys import help_bindings
from ..styles import DIALOGS_TCSS
from ..translate import Translated
from ..widgets.button import Button
from ..widgets.footer import FitFooter
from .dialogs import tabbed_to


def ago(saved_at: float, now: float | None = None) -> str:
    """``just now``, ``5 minutes ago``, ``3 hours ago``, ``2 days ago``."""
    seconds = max(0, (now or time.time()) - saved_at)
    n = int(seconds // 86400)
    if n:
        return ngettext("{n} day ago", "{n} days ago", n).format(n=n)
    n = int(seconds // 3600)
    if n:
        return ngettext("{n} hour ago", "{n} hours ago", n).format(n=n)
    n = int(seconds // 60)
    if n:
        return ngettext("{n} minute ago", "{n} minutes ago", n).format(n=n)
    return _("just now")


class ResumeScreen(Translated, ModalScreen[bool | None]):
    """``Resume your game?``: dismisses with True to resume, False to set the save aside
    (the app asks first), None to keep it for later (Esc: offered again next start)."""

    CSS_PATH = DIALOGS_TCSS  # loaded with the first dialog, not before the first frame

    BINDINGS = [
        Binding("enter", "enter", N_("resume"), id="resume.yes", priority=True),
        Binding("r,y", "answer(True)", N_("resume"), id="resume.yes_letter", show=False),
        Binding("escape", "answer(None)", N_("later"), id="resume.later"),  # the footer's keys in the buttons' order
        Binding("n", "answer(False)", N_("set aside"), id="resume.no"),
        # q quits, as on every other screen: the save stays, offered again next start
        Binding("q", "app.quit", N_("quit"), id="resume.quit", show=False),
        *help_bindings("resume"),
    ]

    def __init__(self, summary: str | Callable[[], str], saved_at: float, more: bool = False) -> None:
        """``summary``: the game in a few words, or a function that says it in the language
        in use (so that a change of language reaches it too); ``more``: another unfinished
        game comes after this one (Later shows it)."""
        super().__init__()
        self.summary, self.saved_at, self.more = summary, saved_at, more

    def compose(self) -> ComposeResult:
        summary = self.summary() if callable(self.summary) else self.summary
        with Vertical(id="dialog"):
            if self.saved_at:
                # TRANSLATORS: {ago} is e.g. "5 minutes ago"; {game} e.g. "hand 3 of a game to 11 ...".
                question = _("You have an unfinished game (saved {ago}):\n{game}.\n\nResume it?").format(
                    ago=ago(self.saved_at), game=summary)
            else:
                question = _("You have an unfinished game:\n{game}.\n\nResume it?").format(game=summary)
            yield Static(Text(question), id="question")  # the save's names, read as they are: no markup
            if self.more:
                yield Static(_("You have another unfinished game: Later (Esc) shows it."), id="more")
            with Horizontal(id="buttons"):
                yield Button(_("Resume (Enter)"), id="yes", variant="primary")
                yield Button(_("Later (Esc)"), id="later")
                yield Button(_("Set aside (n)"), id="no")
        yield FitFooter()  # its keys, as every dialog's (dialogs.py)

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss({"yes": True, "no": False}.get(event.button.id))

    def action_answer(self, value: bool | None) -> None:
        self.dismiss(value)

    def action_enter(self) -> None:
        """Resume, or press the button the player moved to with Tab."""
        other = tabbed_to(self, "yes")
        if other is not None:
            other.press()
        else:
            self.dismiss(True)
