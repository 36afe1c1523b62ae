"""The app in the player's language, changed at once from the command palette
(README.md, Languages).

Screens mix in :class:`Translated`:

* the footer shows each binding's description in the player's language (the code's
  ``Binding(..., "quit", ...)`` descriptions are English messages, marked with ``N_``
  where they are written and translated here, when the footer asks for them);
* :meth:`Translated.retranslate` is called on every screen when the language changes,
  and on a screen that comes back (``on_screen_resume``) after a change made while it
  was hidden.  By default it composes the screen again; a screen whose widgets hold
  state the player would lose (the game, the new-game form) overrides it to rewrite
  only its words.
"""

from __future__ import annotations

import os
import sys
from dataclasses import replace

from textual.binding import Binding

from ..engine import text
from ..engine.text import N_, _

# The words of Textual's own command-palette entries and search lines, marked here for the
# catalogs (get_system_commands and action_command_palette show them translated).
TEXTUAL_WORDS = (
    N_("Theme"), N_("Change the current theme"), N_("Quit"), N_("Quit the application as soon as possible"),
    N_("Keys"), N_("Show help for the focused widget and a summary of available keys"),
    N_("Hide the keys and widget help panel"), N_("Minimize"), N_("Minimize the widget and restore to normal size"),
    N_("Maximize"), N_("Maximize the focused widget"), N_("Screenshot"),
    N_("Save an SVG 'screenshot' of the current screen"), N_("Search for commands…"), N_("Search for themes…"),
)

# The keys of Textual's own that a footer or the keys panel shows (:func:`panel_keys`), named
# as the game names its keys, in lower case, in every language: moving the focus, and closing
# an open list of choices (the lobby's). Textual's words stood among the game's: "Tab Focus
# Next", "Shift+Tab Focus Previous", "Esc Dismiss menu".
TEXTUAL_KEY_WORDS = {"Focus Next": N_("next field"), "Focus Previous": N_("previous field"),
                     "Dismiss menu": N_("close the list")}


# F12 on every screen and dialog of an app with TranslatedApp (README.md, Keys).
# priority: modal screens (help, scoring, dialogs) stop the app's own bindings
SCREENSHOT_KEY = Binding("f12", "save_svg", N_("screenshot"), id="app.screenshot", show=False, priority=True)
# Ctrl+Q as Textual's, named as the footers name q: the keys panel read "^Q Quit Quit the app
# and return to the command prompt." under "q quit" (its tooltip said its word again).
# Quits by the app's ``action_quit_now``: the game's asks first where quitting would lose a
# game (app.py); any other app's quits (TranslatedApp).
QUIT_KEY = Binding("ctrl+q", "quit_now", N_("quit"), id="app.quit_ctrl_q", show=False, priority=True)
# Ctrl+C quits as Ctrl+Q does (README.md, Keys).  Textual's own Ctrl+C only names the key of an
# action "quit", which QUIT_KEY's is not: in `scopa-tui replay` Ctrl+C did nothing at all.
QUIT_CTRL_C_KEY = Binding("ctrl+c", "quit_now", N_("quit"), id="app.quit", show=False, priority=True)
# Esc closes the keys panel (Ctrl+P → Keys) while it is open, before the screen's own Esc
# (README.md, Keys); it is the screen's again once the panel is closed (TranslatedApp.check_action).
KEYS_PANEL_ESC = Binding("escape", "hide_help_panel", N_("close the keys"), id="app.hide_keys", show=False,
                         priority=True)
# Ctrl+P as Textual's, without its tooltip: the keys panel read "^P palette Open the command
# palette", a sentence after the word.
PALETTE_KEY = Binding("ctrl+p", "command_palette", N_("palette"), id="app.palette", show=False, priority=True)


# One way of naming a key on every screen, its footer, the keys panel and the help alike
# (README.md, Playing): a key's name as the help and the buttons write it ("Esc", "Tab",
# "PgUp", "F2"), its symbol where the key has one ("⏎", "←"), Ctrl as a caret ("^S"), and
# a letter as it is typed ("q").  Textual's own were "esc", "tab", "pgup", "f2", "^s", beside
# the history's "Esc" and the replay's "PgUp".
KEY_NAMES = {
    "escape": "Esc", "enter": "⏎", "tab": "Tab", "space": "Space", "backspace": "⌫", "delete": "Del",
    "insert": "Ins", "home": "Home", "end": "End", "pageup": "PgUp", "pagedown": "PgDn",
    "up": "↑", "down": "↓", "left": "←", "right": "→",
}


def key_label(key: str) -> str:
    """A Textual key ("escape", "ctrl+s", "shift+tab", "question_mark") as the app names it
    ("Esc", "^S", "Shift+Tab", "?")."""
    from textual.keys import format_key

    *modifiers, name = key.split("+")
    if name in KEY_NAMES:
        label = KEY_NAMES[name]
    elif name[:1] == "f" and name[1:].isdigit():
        label = name.upper()  # F1, F12
    else:
        label = format_key(name)  # "?", "!", "[", a letter
    if modifiers and len(label) == 1:
        label = label.upper()
    caret = "ctrl" in modifiers  # the caret first: "^S", "^Shift+←" (not "Shift+^←")
    if caret:
        modifiers.remove("ctrl")
    return ("^" if caret else "") + "+".join([m.capitalize() for m in modifiers] + [label])


def _commands():
    from .palette import Commands  # not before the palette first opens (palette.py)

    return Commands


class TranslatedApp:
    """Mixin for an ``App`` (before ``App``; the game and ``scopa-tui replay``): Textual's own
    parts of an app as the game shows them.  The command palette in the player's language
    and guarded as :mod:`.palette` guards it, its own entries (Theme, Quit, Keys,
    Screenshot...) translated, a setting's choices in their order; notifications in plain
    text; a screenshot saved as F12 saves it; every key named one way (:func:`key_label`)."""

    COMMANDS = {_commands}  # the palette's commands in their order (palette.Commands), not Textual's
    SUSPENDED_SCREEN_CLASS = "-suspended"  # a screen under another: its notices hidden (app.tcss)

    def action_quit_now(self) -> None:
        """Ctrl+Q (and the game's Ctrl+C): quit (the game's app asks first where that loses a game)."""
        self.exit()  # type: ignore[attr-defined]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Esc closes the keys panel only where the screen shows it (:data:`KEYS_PANEL_ESC`)."""
        if action == "hide_help_panel":
            return bool(self.screen.query("HelpPanel"))  # type: ignore[attr-defined]
        return super().check_action(action, parameters)  # type: ignore[misc]

    def action_show_help_panel(self) -> None:
        super().action_show_help_panel()  # type: ignore[misc]
        self.refresh_bindings()  # type: ignore[attr-defined]  # Esc is the panel's now

    def get_key_display(self, binding: Binding) -> str:
        """The footer's and the keys panel's name of a binding's key: its own ``key_display``
        (the game's "←→"), else :func:`key_label`."""
        # A dialog's y and n are named by the language's letters; no dialog's binding can be
        # on screen before its module is loaded (the first screen leaves it unloaded).
        dialogs = sys.modules.get("scopa_tui.ui.screens.dialogs")
        if dialogs is not None and binding.id in dialogs.LETTER_BINDINGS:
            return dialogs.LETTER_BINDINGS[binding.id]()
        return binding.key_display or key_label(binding.key)

    def notify(self, message: str, *, title: str = "", severity="information", timeout: float | None = None,
               markup: bool = True, kind: str = "") -> None:
        """Every notification is plain text: they quote paths, files and bots ("saved game
        …/a[/]b/saves/ID.json …"), and Textual would read a ``[`` in them as markup and stop
        the app on one it cannot parse. No message of the app uses markup.

        A notice of a ``kind`` (``"language"``) takes the place of the last one of its kind
        while that is still shown: three changes of language stacked three notices, the
        lowest over the new-game form's Start."""
        from textual.notifications import Notification, Notify

        notice = Notification(message, title, severity,  # as App.notify makes it
                              self.NOTIFICATION_TIMEOUT if timeout is None else timeout, markup=False)
        if kind:
            last = self.__dict__.setdefault("_notices", {})  # kind: its last notice
            if kind in last:
                self._withdraw(last[kind])
            last[kind] = notice
        self.post_message(Notify(notice))

    def _withdraw(self, notice) -> None:
        """Take ``notice`` away at once, as its time's end or a click does: Textual's
        ``_unnotify`` alone took its text away and left its place, a row above the next."""
        from textual.widgets._toast import Toast

        for screen in self.screen_stack:  # type: ignore[attr-defined]
            for toast in screen.query(Toast):
                if toast._notification is notice:
                    toast._expire()
        self._unnotify(notice)  # where it was not drawn, or is gone already: nothing

    def action_save_svg(self) -> None:
        """F12: save the screen as an SVG file in the current directory."""
        try:
            path = self.save_screenshot()
        except OSError as e:
            from ..store.files import describe_os_error

            self.notify(_("could not save the screenshot: {error}").format(error=describe_os_error(e)),
                        severity="error")
            return
        self.notify(_("screenshot saved to {path}").format(path=os.path.abspath(path)))

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        """The palette's *Screenshot*: as F12 (Textual's own saved into a Downloads folder, and
        said "Failed to save screenshot" in English where there is none).  In a browser
        (``scopa-tui web``) Textual's, which sends the file to the browser."""
        driver = getattr(self, "_driver", None)
        if driver is not None and driver.is_web:
            return super().deliver_screenshot(filename, path, time_format)
        self.action_save_svg()
        return None

    def action_command_palette(self) -> None:
        """Textual's command palette, with its search line in the player's language."""
        from .palette import Palette

        # Not a second one over a screen that opened over the palette (statistics read in the
        # background after F2 come after a quick Ctrl+P): Textual checks the top screen only,
        # and two palettes with one id crashed the game (DuplicateIds).
        if self.use_command_palette and not any(isinstance(s, Palette) for s in self.screen_stack):
            self.push_screen(Palette(id="--command-palette", placeholder=_("Search for commands…")))

    def search_themes(self) -> None:
        """Textual's theme picker, with its search line in the player's language."""
        from textual.theme import ThemeProvider

        from .palette import Palette

        self.push_screen(Palette(providers=[ThemeProvider], placeholder=_("Search for themes…")))

    def get_system_commands(self, screen):
        for command in super().get_system_commands(screen):
            # Textual's own entries in the player's language: their English words are
            # listed in TEXTUAL_WORDS.
            yield (command._replace(title=_(command.title), help=_(command.help))
                   if command.title in TEXTUAL_WORDS else command)


# The app's keys in the keys panel after the screen's, in this order (README.md, Keys).
APP_KEYS_LAST = ("app.quit_ctrl_q", "app.quit", "app.screenshot")


def panel_keys(bindings: dict, app) -> dict:
    """``bindings`` (a screen's ``active_bindings``) with the game's keys only: those the game
    binds (each has an id, tests/ui/test_binding_ids.py) that say what they do, moving the
    focus (Tab, Shift+Tab), the palette (^P), and those the footer shows. Textual's others
    (Super+C "Copy selected text", a typed field's twenty cursor keys) meant nothing to a
    player in the keys panel; they still work."""
    def game_s(key: str, b) -> bool:
        return bool(b.id and b.description or key == app.COMMAND_PALETTE_BINDING or b.show
                    or b.action in ("app.focus_next", "app.focus_previous") and b.description)
    return {key: active for key, active in bindings.items() if game_s(key, active.binding)}


def keys_in_order(bindings: dict, screen, app) -> dict:
    """``bindings`` (a screen's ``active_bindings``) in the order the keys panel lists them on
    every screen: the screen's own keys, then the focused widget's, then moving the focus
    (Textual's Tab, Shift+Tab), then the app's: its screens (F2), quitting (^Q ^C, on one
    row), the screenshot (F12) and the palette (^P) last. Textual lists the focused widget's
    keys first, and the app's ^C took the place of the screen's copy key: the new-game
    screen's panel read "⏎ press", "Tab", "^C quit" and only then "^S start", with "^Q quit"
    further down, apart from "^C quit"."""
    def rank(item) -> tuple[int, int]:
        key, active = item
        binding = active.binding
        if active.node is app:
            if key == app.COMMAND_PALETTE_BINDING:
                return 3, len(APP_KEYS_LAST)
            return 3, APP_KEYS_LAST.index(binding.id) if binding.id in APP_KEYS_LAST else -1
        if active.node is screen:
            return (0 if binding.id else 2), 0
        return 1, 0
    return dict(sorted(bindings.items(), key=rank))  # sorted keeps the order within a rank


class Translated:
    """Mixin for a ``Screen``: translated footer, and :meth:`retranslate` on a change."""

    _composed_language: str | None = None

    @property
    def active_bindings(self):
        """The footer's and the keys panel's view of the bindings: in the player's language,
        in one order on every screen (:func:`keys_in_order`), the game's keys only
        (:func:`panel_keys`)."""
        app = self.app  # type: ignore[attr-defined]
        return keys_in_order(panel_keys(self._translated_bindings(), app), self, app)

    def _working_bindings(self):
        """Textual's active bindings, and on a modal screen (the scoring, the game over, a
        dialog, the help) the app's priority keys, which work there too (F2, ^Q ^C, F12, ^P, Esc
        for the keys panel): Textual lists a modal screen's own keys only, and the keys panel
        there left the app's out."""
        from textual.screen import ActiveBinding

        bindings = super().active_bindings  # type: ignore[misc]
        if self.is_modal:  # type: ignore[attr-defined]
            app = self.app  # type: ignore[attr-defined]
            for key, binding in app._bindings:
                if binding.priority and (key not in bindings or not bindings[key].binding.priority):
                    state = app._check_action_state(binding.action, app)
                    if state is not False:  # as Textual does: None is shown dimmed
                        bindings[key] = ActiveBinding(app, binding, bool(state), binding.tooltip)
        return bindings

    def _translated_bindings(self):
        bindings = self._working_bindings()
        out = {}
        for key, active in bindings.items():
            b = active.binding
            if b.description in TEXTUAL_KEY_WORDS:
                b = replace(b, description=TEXTUAL_KEY_WORDS[b.description])
                active = active._replace(binding=b)
            if text.language() == "en":
                out[key] = active
                continue
            tooltip = _(active.tooltip) if active.tooltip else active.tooltip
            group = b.group and replace(b.group, description=_(b.group.description))  # "←→ step"
            out[key] = active._replace(binding=replace(b, description=_(b.description) if b.description
                                                       else b.description, group=group,
                                                       tooltip=_(b.tooltip) if b.tooltip else b.tooltip),
                                       tooltip=tooltip)
        return out

    # Textual calls the handlers of every class in the MRO: these run beside the screen's own.
    def on_mount(self) -> None:
        self._composed_language = text.language()

    def on_screen_resume(self) -> None:
        if self._composed_language is not None and self._composed_language != text.language():
            self.call_later(self._retranslate_now)

    async def _retranslate_now(self) -> None:
        self._composed_language = text.language()
        await self.retranslate()

    async def retranslate(self) -> None:
        """Show every word of this screen in the language now in use, the focus where it was
        (by its id). A dialog lost it, and its footer, composed again, drew no keys: Textual's
        footer waits for the screen's bindings to change, which a change of focus tells."""
        focused = self.focused.id if self.focused is not None else None  # type: ignore[attr-defined]
        await self.recompose()  # type: ignore[attr-defined]
        for widget in self.query(f"#{focused}") if focused else ():  # type: ignore[attr-defined]
            widget.focus()
        self.refresh_bindings()  # type: ignore[attr-defined]
