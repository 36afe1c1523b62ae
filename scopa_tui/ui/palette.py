"""Textual's command palette in the player's language (README.md, Languages): its search
line, and the line that says a search found nothing, which Textual writes in English; its
commands in the order a player reads them.

Imported when the palette first opens, not before the first frame (the app's start-up).
"""

from __future__ import annotations

from rich.align import Align
from rich.text import Text
from textual import on
from textual.command import CommandList, CommandPalette, DiscoveryHit, Hits
from textual.system_commands import SystemCommandsProvider
from textual.widgets import Button, Input, OptionList
from textual.widgets.option_list import OptionDoesNotExist

from ..engine.text import _


class Commands(SystemCommandsProvider):
    """The app's commands as the palette lists them before a search: by their words, as
    Textual lists them, but the choices of one setting ("AI pace: instant", "AI pace: quick")
    together in the order the app gives them. Textual sorted them all by their words: the AI's
    paces read instant, normal, quick, slow."""

    async def discover(self) -> Hits:
        def order(item) -> tuple[str, int]:
            at, command = item
            setting, colon, _choice = command.title.partition(":")
            return (setting.strip(), at) if colon else (command.title, 0)

        commands = enumerate(self.app.get_system_commands(self.screen))
        for _at, command in sorted(commands, key=order):
            if command.discover:
                yield DiscoveryHit(command.title, command.callback, help=command.help)


class Palette(CommandPalette):
    """The command palette, its "No matches found" said in the player's language."""

    @on(Input.Submitted)
    @on(Button.Pressed)
    @on(OptionList.OptionSelected)
    def _once_closed(self, event) -> None:
        """A choice that comes after the palette has closed (Enter typed ahead, a search
        that finds one command) is dropped: Textual closed the palette again for each,
        popping the screens under it (the game: a blank screen, then a crash), and ran the
        command again.  Handlers here run before Textual's, which this stops."""
        if not self.is_active:
            event.prevent_default()
            event.stop()

    def _action_command_list(self, action: str) -> None:
        """PgUp and PgDn do nothing while the list of commands is not laid out yet.

        Textual's option list (8.2) pages by the rows of its last layout: a key typed right
        after Ctrl+P, before the list was drawn, failed on a row it did not know (KeyError)
        and crashed the game."""
        try:
            super()._action_command_list(action)
        except KeyError:
            if action not in ("page_up", "page_down"):
                raise

    def _start_no_matches_countdown(self, search_value: str) -> None:
        super()._start_no_matches_countdown(search_value)
        # Textual adds its English line when its countdown ends; just after, it is said again.
        self.set_timer(self._NO_MATCHES_COUNTDOWN + 0.01, self._say_no_matches)

    def _say_no_matches(self) -> None:
        try:
            self.query_one(CommandList).replace_option_prompt(
                self._NO_MATCHES, Align.center(Text(_("No matches found"), style="not bold")))
        except OptionDoesNotExist:  # the search found something after all, or changed
            pass
