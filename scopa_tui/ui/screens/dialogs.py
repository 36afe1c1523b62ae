"""Small modal dialogs: confirmation, and the notice shown when the terminal is too small."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


def quit_question(saved: bool) -> str:
    """The question before quitting a game in progress: whether it will be there next time."""
    if saved:
        return "Quit the game in progress?\nIt is saved and will be offered when you start scopa-tui again."
    return "Quit the game in progress?\nIt is not saved in this run."


def set_aside_question(saves_dir: str) -> str:
    """The question before setting a saved game aside (declining the resume offer)."""
    return f"Set this game aside?\nIt will not be offered again; the file stays in {saves_dir}."


class ConfirmScreen(ModalScreen[bool]):
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


class TooSmallScreen(ModalScreen[None]):
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
