"""Small modal dialogs: confirmation, and the notice shown when the terminal is too small."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine.text import N_, _, pgettext
from ..helpkeys import help_bindings
from ..styles import DIALOGS_TCSS
from ..terminal import in_browser
from ..translate import Translated
from ..widgets.button import Button
from ..widgets.footer import FitFooter


def tabbed_to(screen, default: str) -> Button | None:
    """The enabled button other than ``default`` (its id) that the player moved the focus
    to with Tab: Enter presses it, as it does any focused button, where the screen's own
    Enter (its ``default`` answer, bound with priority) would answer for it."""
    focused = screen.focused
    if isinstance(focused, Button) and focused.id != default and not focused.disabled:
        return focused
    return None


def quit_question(saved: bool | None) -> str:
    """The question before quitting a game in progress: whether it will be there next time.

    ``saved`` is True when it is saved now, False when nothing is saved in this run, None
    when saving it failed just now (a full disk): the moves since its last save are lost."""
    if saved:
        return _("Quit the game in progress?\nIt is saved and will be offered when you start scopa-tui again.")
    if saved is None:
        return _("Quit the game in progress?\nIt could not be saved just now: quitting loses the moves since "
                 "its last save.")
    return _("Quit the game in progress?\nIt is not saved in this run.")


def leave_finished_question(quitting: bool) -> str:
    """The question before leaving a finished game that is neither in the history nor saved
    (a full disk): quitting (``quitting``), or starting another game."""
    if quitting:
        return _("Quit?\nThe finished game could not be added to the history or saved: quitting loses it.")
    return _("Start another game?\nThe finished game could not be added to the history or saved: starting "
             "another loses it.")


def online_quit_question(code: str, server: str, name: str, kept: bool) -> str:
    """The question before quitting a game at a table on a server: nothing is saved here,
    the seat stays on the server (the AI plays it after the turn limit until you are back)."""
    # TRANSLATORS: {command} is a command line to type as it is ("scopa-tui online --server ...").
    back = (_("Come back with {command}, or with the code in the lobby.").format(
        command=f"scopa-tui online --server {server} --name {name} --join {code}")
        if kept else _("This run keeps no data, so it cannot take the seat back."))
    # TRANSLATORS: {back} is one of the two sentences above: how to come back to the table.
    return _("Quit the game at table {code}?\nYour seat is kept on the server; the AI plays it "
             "after the turn limit while you are away.\n{back}").format(code=code, back=back)


def set_aside_question(saves_dir: str) -> str:
    """The question before setting a saved game aside (declining the resume offer)."""
    return _("Set this game aside?\nIt will not be offered again; the file stays in {folder}.").format(
        folder=saves_dir)


def yes_key() -> str:
    """The letter that answers yes in the player's language ("s" for sì; "y" works too)."""
    # TRANSLATORS: the key that answers yes in a dialog, one lower-case letter: the first of
    # the language's "yes" (Italian "s", French "o"). Only y, s or o work (LOCAL_KEYS).
    return pgettext("dialog key", "y")


def no_key() -> str:
    """The letter that answers no in the player's language ("h" for hindi; "n" works too)."""
    # TRANSLATORS: the key that answers no in a dialog, one lower-case letter: the first of
    # the language's "no" (Tagalog "h" for hindi). Only n or h work (LOCAL_KEYS).
    return pgettext("dialog key", "n")


# The bindings that the footer and the keys panel name by the language's letter, not by
# their own y or n (the app's get_key_display).
LETTER_BINDINGS = {"confirm.yes": yes_key, "confirm.no": no_key,
                   "online_quit.quit": yes_key, "online_quit.keep": no_key}

# The letters a language may give yes and no beside y and n (each dialog binds them all and
# answers only to its language's: an Italian "s" is no key in English).
LOCAL_KEYS = "soh"


def local_key_bindings(screen: str) -> list[Binding]:
    return [Binding(ch, f"local_key('{ch}')", N_("yes"), id=f"{screen}.key_{ch}", show=False) for ch in LOCAL_KEYS]


def _button(label: str, key: str) -> str:
    """A button's label with its key: "Quit (y)"."""
    # TRANSLATORS: a dialog's button: its label and the key that presses it, "Quit (y)".
    return _("{label} ({key})").format(label=_(label), key=key)


class ConfirmScreen(Translated, ModalScreen[bool]):
    """Ask a yes/no question; dismisses with True for yes.

    ``question`` may be a function that writes it, so that a change of language (which
    composes the dialog again) asks it in the new language; ``yes`` and ``no`` are English
    labels, shown in the player's language (marked with ``N_`` where they are written), and
    ``keys`` the footer's words for them ("y quit  n keep playing", as the buttons say)."""

    CSS_PATH = DIALOGS_TCSS  # loaded with the first dialog, not before the first frame

    BINDINGS = [
        Binding("y", "answer(True)", N_("yes"), id="confirm.yes"),
        Binding("n", "answer(False)", N_("no"), id="confirm.no"),
        Binding("escape", "answer(False)", N_("no"), id="confirm.cancel", show=False),
        *local_key_bindings("confirm"),
        *help_bindings("confirm"),
    ]

    def __init__(self, question: str | Callable[[], str], yes: str = N_("Yes"), no: str = N_("No"),
                 keys: tuple[str, str] = (N_("yes"), N_("no"))) -> None:
        super().__init__()
        self._question, self.yes, self.no, self.keys = question, yes, no, keys

    @property
    def active_bindings(self):
        """The footer names y and n by the buttons' words: it said "y yes  n no" under
        "Quit (y)" and "Keep playing (n)"."""
        words = dict(zip(("confirm.yes", "confirm.no"), self.keys))
        return {key: active._replace(binding=replace(active.binding, description=_(words[active.binding.id])))
                if active.binding.id in words else active for key, active in super().active_bindings.items()}

    @property
    def question(self) -> str:
        """The question, in the language in use."""
        return self._question() if callable(self._question) else self._question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question, id="question")
            with Horizontal(id="buttons"):
                yield Button(_button(self.yes, yes_key()), id="yes", variant="error")
                yield Button(_button(self.no, no_key()), id="no", variant="primary")
        yield FitFooter()  # the question's keys, not the game's under it

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "local_key":  # only the letters of the language in use
            return parameters[0] in (yes_key(), no_key())
        return True

    def action_local_key(self, letter: str) -> None:
        self.action_answer(letter == yes_key())


class OnlineQuitScreen(Translated, ModalScreen[str | None]):
    """Quitting a game on a server: ``"quit"`` (the seat is kept), ``"leave"`` (given up for
    good: the AI plays it), or None (keep playing)."""

    CSS_PATH = DIALOGS_TCSS  # loaded with the first dialog, not before the first frame

    BINDINGS = [
        Binding("y", "answer('quit')", N_("quit"), id="online_quit.quit"),
        Binding("l", "answer('leave')", N_("leave for good"), id="online_quit.leave"),
        Binding("n", "answer(None)", N_("keep playing"), id="online_quit.keep"),
        Binding("escape", "answer(None)", N_("keep playing"), id="online_quit.cancel", show=False),
        *local_key_bindings("online_quit"),
        *help_bindings("online_quit"),
    ]

    def __init__(self, question: str | Callable[[], str]) -> None:
        super().__init__()
        self._question = question

    question = ConfirmScreen.question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question, id="question", markup=False)
            with Horizontal(id="buttons"):
                yield Button(_button(N_("Quit"), yes_key()), id="quit", variant="warning")
                yield Button(_button(N_("Leave the table for good"), "l"), id="leave", variant="error")
                yield Button(_button(N_("Keep playing"), no_key()), id="keep", variant="primary")
        yield FitFooter()

    def on_mount(self) -> None:
        self.query_one("#keep", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id if event.button.id in ("quit", "leave") else None)

    def action_answer(self, value: str | None) -> None:
        self.dismiss(value)

    check_action = ConfirmScreen.check_action

    def action_local_key(self, letter: str) -> None:
        self.action_answer("quit" if letter == yes_key() else None)


class TooSmallScreen(Translated, ModalScreen[None]):
    """Covers everything while the terminal is smaller than the game needs.

    Its ``q`` (and Ctrl+C, Ctrl+Q) quits; where that would lose the game in progress (not
    saved in this run, or its save failing) the notice asks first, in its own words ("y
    quits, n goes on"): a dialog opened over it would be cut, and one under it unseen."""

    CSS_PATH = DIALOGS_TCSS  # loaded with the first dialog, not before the first frame

    BINDINGS = [
        Binding("q", "quit", N_("quit"), id="small.quit"),
        Binding("y", "answer(True)", N_("yes"), id="small.yes", show=False),
        Binding("n,escape", "answer(False)", N_("no"), id="small.no", show=False),
        *local_key_bindings("small"),
    ]

    def __init__(self, need: tuple[int, int]) -> None:
        super().__init__()
        self.need = need
        self.asking = False  # the question before quitting a game it would lose

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.update_size()

    def on_resize(self) -> None:
        self.update_size()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "local_key":
            return self.asking and parameters[0] in (yes_key(), no_key())
        return self.asking if action == "answer" else True

    def action_quit(self) -> None:
        quit_loses = getattr(self.app, "quit_loses", None)
        if self.asking or quit_loses is None or not quit_loses():
            self.app.exit()
        else:
            self.asking = True
            self.update_size()

    def action_answer(self, yes: bool) -> None:
        if yes:
            self.app.exit()
        else:
            self.asking = False
            self.update_size()

    def action_local_key(self, letter: str) -> None:
        self.action_answer(letter == yes_key())

    def update_size(self) -> None:
        w, h = self.app.size
        need_w, need_h = self.need
        if in_browser():  # scopa-tui web: the player has a window, not a terminal
            # TRANSLATORS: in a web browser; {need} and {size} are columns×rows of characters ("80×24").
            text = _("Scopa needs a window of at least {need} characters.\nThis one has room for {size}: please "
                     "make it larger, or zoom out.\n\n(q quits)")
        else:
            text = _("Scopa needs a terminal of at least {need}.\nThis one is {size}: please make it larger.\n\n"
                     "(q quits)")
        text = text.format(need=f"{need_w}×{need_h}", size=f"{w}×{h}")
        if self.asking:
            # TRANSLATORS: the too-small notice, after q, where quitting loses the game in
            # progress; {yes} and {no} are the dialogs' keys for yes and no ("y", "n").
            text = _("Quit the game in progress? It is not saved: quitting now loses its moves.\n\n({yes} quits, {no} goes on)").format(
                yes=yes_key(), no=no_key())
        self.query_one("#too-small", Static).update(text)
