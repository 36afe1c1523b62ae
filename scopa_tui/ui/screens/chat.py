"""A one-line chat input over the game screen (a table on a server: ``Table.can_chat``).

Enter sends the line (dismissed with its text), Esc closes it (None).  What is typed is
plain text: the server refuses ``[`` and ``]`` (docs/online-protocol.md, *Plain text*),
so the input says so at once instead of sending a line that would be refused.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ...engine.text import N_, _
from ...net.messages import CHAT_MAX
from ..helpkeys import help_bindings
from ..styles import DIALOGS_TCSS
from ..translate import Translated


class ChatScreen(Translated, ModalScreen[str | None]):
    """Say something to the table: one line, at the bottom of the screen."""

    CSS_PATH = DIALOGS_TCSS  # loaded with the first dialog, not before the first frame

    BINDINGS = [Binding("escape", "close", N_("close"), id="chat.close"), *help_bindings("chat", typing=True)]

    def __init__(self) -> None:
        super().__init__()
        self._hint = ""  # the line under the input (a message of the catalogs, or "")
        self._answered = False

    def compose(self) -> ComposeResult:
        with Vertical(id="chat-box"):
            yield Input(id="chat-input", max_length=CHAT_MAX)
            yield Static("", id="chat-hint", markup=False)

    def on_mount(self) -> None:
        self._words()
        self.query_one(Input).focus()

    def _words(self) -> None:
        """The chat's words in the player's language; what is typed stays."""
        self.query_one("#chat-box").border_title = _("Chat")
        self.query_one(Input).placeholder = _("say something to the table; Enter sends, Esc closes")
        self.query_one("#chat-hint", Static).update(_(self._hint) if self._hint else "")

    async def retranslate(self) -> None:
        self._words()

    @on(Input.Submitted)
    def _send(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if "[" in text or "]" in text:
            self._hint = N_("✗ [ and ] cannot be sent: the server refuses them")
            self._words()
            return
        self._answer(text or None)

    def action_close(self) -> None:
        self._answer(None)

    def _answer(self, text: str | None) -> None:
        """Dismissed once.  Keys typed faster than the screen goes (``! hi ⏎ ! hi ⏎``, a paste)
        still reach its input, and each Enter submitted it again: the second dismissal closed
        the game screen under it, the third the app (a crash)."""
        if not self._answered:
            self._answered = True
            self.dismiss(text)
