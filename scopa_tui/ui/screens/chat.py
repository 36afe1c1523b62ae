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

from ...net.messages import CHAT_MAX
from ..translate import Translated


class ChatScreen(Translated, ModalScreen[str | None]):
    """Say something to the table: one line, at the bottom of the screen."""

    BINDINGS = [Binding("escape", "dismiss(None)", "close", id="chat.close")]

    def compose(self) -> ComposeResult:
        with Vertical(id="chat-box"):
            yield Input(placeholder="say something to the table; Enter sends, Esc closes", id="chat-input",
                        max_length=CHAT_MAX)
            yield Static("", id="chat-hint", markup=False)

    def on_mount(self) -> None:
        self.query_one("#chat-box").border_title = "Chat"
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _send(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if "[" in text or "]" in text:
            self.query_one("#chat-hint", Static).update("✗ [ and ] cannot be sent: the server refuses them")
            return
        self.dismiss(text or None)
