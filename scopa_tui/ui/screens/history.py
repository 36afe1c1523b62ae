"""The history screen: every finished game, or those of the game chosen on the statistics
screen; Enter opens one in the replay viewer."""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from ...engine import RecordError
from ...engine.text import N_, _, ngettext
from ...engine.variants import VARIANTS
from ...store.db import HistoryEntry
from ...store.frames import load_text
from ..styles import STORE_TCSS
from .replay import ReplayScreen
from .stats import opponents_words
from ..translate import Translated


def _players(entry: HistoryEntry) -> str:
    if entry.players in (4, 6):
        return _("{n} (teams)").format(n=entry.players)
    return str(entry.players)


class HistoryScreen(Translated, Screen[None]):
    """Past games, newest first: date, game (when they are not all one), players, opponents,
    result."""

    CSS_PATH = STORE_TCSS  # loaded with the screen: the app needs no change

    BINDINGS = [
        Binding("escape,q", "close", N_("back"), id="history.close", key_display="Esc"),
        # priority: before the table's own Enter (shown nowhere), so that the footer says it
        Binding("enter", "open", N_("replay"), id="history.open", key_display="⏎", priority=True),
    ]

    def __init__(self, entries: list[HistoryEntry], load_record, ascii: bool = False,
                 variant: str | None = None, players: int | None = None) -> None:
        """``load_record(entry_id) -> str | None`` fetches a game's record text; ``variant``
        and ``players`` (None: any) keep the games of one variant and number of players."""
        super().__init__()
        self.entries = [e for e in entries if variant in (None, e.variant) and players in (None, e.players)]
        self.load_record = load_record
        self.ascii = ascii
        self.variant, self.players = variant, players

    def _title(self) -> str:
        """What the history holds and its keys; when that is too wide for the screen (French
        or Spanish at 80 columns), what it holds only: the footer says the keys too."""
        if self.variant is None and self.players is None:
            return _("History · ↑↓ choose a game, Enter replays it")
        games = ", ".join(([_(VARIANTS[self.variant].title)] if self.variant else [])
                          + ([ngettext("{n} player", "{n} players", self.players).format(n=self.players)]
                             if self.players else []))
        # TRANSLATORS: the history of the games chosen on the statistics screen; {games} is
        # e.g. "Escoba", "4 players" or "Escoba, 4 players".
        title = _("History of {games} · ↑↓ choose a game, Enter replays it").format(games=games)
        if cell_len(title) <= (self.size.width or self.app.size.width):
            return title
        # TRANSLATORS: the same title without its keys, where it would not fit with them.
        return _("History of {games}").format(games=games)

    def on_resize(self) -> None:
        self.query_one("#history-title", Static).update(self._title())

    def compose(self) -> ComposeResult:
        yield Static(self._title(), id="history-title")
        if not self.entries:
            yield Static(_("No finished games yet."), id="history-empty")
        else:
            table = DataTable(id="history-table", cursor_type="row", zebra_stripes=True)
            mixed = len({e.variant for e in self.entries}) > 1  # else the game goes without saying
            table.add_columns(_("Date"), *([_("Game")] if mixed else []), _("Players"), _("Opponents"),
                              _("Result"), _("Hands"))
            for e in self.entries:
                game = [_(VARIANTS[e.variant].title)] if mixed else []
                table.add_row(e.date, *game, _players(e), opponents_words(e.opponents), e.result, str(e.hands),
                              key=str(e.id))
            yield table
        yield Footer()

    def on_mount(self) -> None:
        if self.entries:
            self.query_one(DataTable).focus()

    async def retranslate(self) -> None:
        """Every word in the new language; the game the cursor is on stays chosen."""
        row = self.query_one(DataTable).cursor_row if self.entries else 0
        await self.recompose()
        if self.entries:
            table = self.query_one(DataTable)
            table.move_cursor(row=row)
            table.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self._open(int(event.row_key.value))

    def action_open(self) -> None:
        if not self.entries:
            return
        table = self.query_one(DataTable)
        self._open(self.entries[table.cursor_row].id)

    def _open(self, entry_id: int) -> None:
        entry = next(e for e in self.entries if e.id == entry_id)
        text = self.load_record(entry_id)
        if text is None:
            self.notify(_("That game could not be read from the history."), severity="error")
            return
        try:
            games = load_text(text, names=entry.names)
        except (RecordError, ValueError) as e:
            self.notify(_("That game's record is damaged: {error}").format(error=e), severity="error")
            return
        def title() -> str:  # in the language of the moment (entry.result is translated when read)
            return f"{entry.date} · {entry.result}"

        self.app.push_screen(ReplayScreen(games, title, ascii=self.ascii))

    def action_close(self) -> None:
        self.dismiss(None)

    def check_action(self, action: str, parameters) -> bool | None:
        return bool(self.entries) if action == "open" else True  # no "⏎ replay" with nothing to replay
