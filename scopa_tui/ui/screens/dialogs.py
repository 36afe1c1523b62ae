"""Small modal dialogs: confirmation, and the notice shown when the terminal is too small."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..translate import Translated


def quit_question(saved: bool) -> str:
    """The question before quitting a game in progress: whether it will be there next time."""
    if saved:
        return "Quit the game in progress?\nIt is saved and will be offered when you start scopa-tui again."
    return "Quit the game in progress?\nIt is not saved in this run."


def online_quit_question(code: str, server: str, name: str, kept: bool) -> str:
    """The question before quitting a game at a table on a server: nothing is saved here,
    the seat stays on the server (the AI plays it after the turn limit until you are back)."""
    back = (f"Come back with scopa-tui online --server {server} --name {name} --join {code}, "
            "or with the code in the lobby." if kept else "This run keeps no data, so it cannot take the seat back.")
    return (f"Quit the game at table {code}?\nYour seat is kept on the server; the AI plays it "
            f"after the turn limit while you are away.\n{back}")


def set_aside_question(saves_dir: str) -> str:
    """The question before setting a saved game aside (declining the resume offer)."""
    return f"Set this game aside?\nIt will not be offered again; the file stays in {saves_dir}."


class ConfirmScreen(Translated, ModalScreen[bool]):
    """Ask a yes/no question; dismisses with True for yes."""

    BINDINGS = [
        Binding("y", "answer(True)", "yes", id="confirm.yes"),
        Binding("n", "answer(False)", "no", id="confirm.no"),
        Binding("escape", "answer(False)", "no", id="confirm.cancel", show=False),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question, id="question")
            with Horizontal(id="buttons"):
                yield Button(f"{self.yes} (y)", id="yes", variant="error")
                yield Button(f"{self.no} (n)", id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class OnlineQuitScreen(Translated, ModalScreen[str | None]):
    """Quitting a game on a server: ``"quit"`` (the seat is kept), ``"leave"`` (given up for
    good: the AI plays it), or None (keep playing)."""

    BINDINGS = [
        Binding("y", "answer('quit')", "quit", id="online_quit.quit"),
        Binding("l", "answer('leave')", "leave for good", id="online_quit.leave"),
        Binding("n", "answer(None)", "keep playing", id="online_quit.keep"),
        Binding("escape", "answer(None)", "keep playing", id="online_quit.cancel", show=False),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question, id="question", markup=False)
            with Horizontal(id="buttons"):
                yield Button("Quit (y)", id="quit", variant="warning")
                yield Button("Leave the table for good (l)", id="leave", variant="error")
                yield Button("Keep playing (n)", id="keep", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#keep", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id if event.button.id in ("quit", "leave") else None)

    def action_answer(self, value: str | None) -> None:
        self.dismiss(value)


class TooSmallScreen(Translated, ModalScreen[None]):
    """Covers everything while the terminal is smaller than the game needs."""

    BINDINGS = [Binding("q", "app.quit", "quit", id="small.quit")]

    def __init__(self, need: tuple[int, int]) -> None:
        super().__init__()
        self.need = need

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.update_size()

    def on_resize(self) -> None:
        self.update_size()

    def update_size(self) -> None:
        w, h = self.app.size
        need_w, need_h = self.need
        self.query_one("#too-small", Static).update(
            f"Scopa needs a terminal of at least {need_w}×{need_h}.\n"
            f"This one is {w}×{h}: please make it larger.\n\n(q quits)")
