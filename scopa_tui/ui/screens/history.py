"""The history screen: every finished game, or those of the game chosen on the statistics
screen; Enter opens one in the replay viewer."""

from __future__ import annotations

import time
from itertools import islice

from rich.cells import cell_len
from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...engine import RecordError
from ...engine.text import N_, _, ngettext
from ...engine.variants import VARIANTS
from ...store.db import HistoryEntry
from ...store.frames import load_text
from ..helpkeys import help_bindings
from ..columns import Cell, fit_widths, narrowest_width, natural_width, pieces, wrapped
from ..styles import STORE_TCSS
from .replay import ReplayScreen
from .stats import against
from ..translate import Translated
from ..widgets.footer import FitFooter


_PADDING = 1  # the table's cells' padding on each side (DataTable.cell_padding)
_SCROLLBAR = 2  # the vertical scrollbar's width, kept free for a history longer than the screen
_WIDE = 100  # a screen wider than this: the table as wide as its columns, in the middle (as the statistics)
# Rows the table takes at a time: Textual's table measures every row it is given before it is
# drawn, half a millisecond each, and 10,000 games opened in 5 s.  The first rows are drawn at
# once, the others join a batch at a time, the keys answered between.
_BATCH = 300


def _players(entry: HistoryEntry) -> str:
    if entry.players in (4, 6):
        return _("{n} (teams)").format(n=entry.players)
    return str(entry.players)


class HistoryScreen(Translated, Screen[None]):
    """Past games, newest first: date, game (when they are not all one), players, opponents,
    result."""

    CSS_PATH = STORE_TCSS  # loaded with the screen: the app needs no change
    HELP_KEYS = "history"  # its help says this screen's keys, not the game's (help.SCREEN_KEYS)

    BINDINGS = [
        Binding("escape,q", "close", N_("back"), id="history.close"),
        *help_bindings("history", at="keys", show=True),
        # priority: before the table's own Enter (shown nowhere), so that the footer says it
        Binding("enter", "open", N_("replay"), id="history.open", priority=True),
        # Home and End: the newest game and the oldest, before the table's own keys (they scrolled it
        # sideways, which it never needs; Ctrl+End stopped at the last row drawn so far: _add_rows)
        # TRANSLATORS: the key to the first row of the history (the last game finished).
        Binding("home,ctrl+home", "first", N_("newest game"), id="history.first", show=False, priority=True),
        # TRANSLATORS: the key to the last row of the history (the first game finished).
        Binding("end,ctrl+end", "last", N_("oldest game"), id="history.last", show=False, priority=True),
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
        self._laid_out: tuple[bool, list[int], list[int]] | None = None  # the table's layout (_layout)
        self._rows = iter(())  # (entry, cells) of the rows still to add to the table (_add_rows)

    def _title(self) -> str:
        """What the history holds and its keys; when that is too wide for the screen (French
        or Spanish at 80 columns), or it holds no game (no key to say), what it holds only:
        the footer says the keys too."""
        if self.variant is None and self.players is None:
            return _("History · ↑↓ choose a game, Enter replays it") if self.entries else _("History")
        games = ", ".join(([_(VARIANTS[self.variant].title)] if self.variant else [])
                          + ([ngettext("{n} player", "{n} players", self.players).format(n=self.players)]
                             if self.players else []))
        # TRANSLATORS: the history of the games chosen on the statistics screen; {games} is
        # e.g. "Escoba", "4 players" or "Escoba, 4 players".
        title = _("History of {games} · ↑↓ choose a game, Enter replays it").format(games=games)
        if self.entries and cell_len(title) <= (self.size.width or self.app.size.width):
            return title
        # TRANSLATORS: the same title without its keys, where it would not fit with them.
        return _("History of {games}").format(games=games)

    def on_resize(self) -> None:
        self.query_one("#history-title", Static).update(self._title())
        if self.entries and self._layout(self.size.width) != self._laid_out:
            table = self.query_one(DataTable)
            row = table.cursor_row
            table.clear(columns=True)
            self._fill(table)
            self._move_to(table, row)
            # as tall as its rows again (store.tcss) once it has measured them: Textual's table
            # does that when idle and lays itself out no more, rows wrapped at 80 columns
            # left their height to the table at 200
            self.call_after_refresh(table.refresh, layout=True)
        elif self.entries:
            self._fit(self.query_one(DataTable))

    def _fit(self, table: DataTable) -> None:
        """On a wide screen the table is as wide as its columns (and the scrollbar's room), in
        the middle under the title, where it stayed at the left edge (README, History and
        replay).  Up to 100 columns it is the screen's width."""
        _short, _natural, widths = self._laid_out
        width = sum(widths) + 2 * _PADDING * len(widths) + _SCROLLBAR
        table.styles.max_width = width if (self.size.width or self.app.size.width) > _WIDE else None

    def compose(self) -> ComposeResult:
        yield Static(self._title(), id="history-title")
        if not self.entries:
            yield Static(_("No finished games yet."), id="history-empty")
        else:
            table = DataTable(id="history-table", cursor_type="row", zebra_stripes=True)
            self._fill(table)
            with Vertical(id="history-body"):  # centres the table on a wide screen (_fit)
                yield table
        yield FitFooter()

    def _cells(self, short_dates: bool) -> tuple[list[str], list[list[Cell]]]:
        """The table's headers and rows, each cell in its pieces (``ui/columns.py``): the
        game only when they are not all one; the opponents broken after each "+"."""
        mixed = len({e.variant for e in self.entries}) > 1  # else the game goes without saying
        headers = [_("Date"), *([_("Game")] if mixed else []), _("Players"), _("Opponents"), _("Result"),
                   _("Hands")]
        now = time.time()
        rows = []
        for e in self.entries:
            head, levels = against(e.opponents, e.people, e.online is not None, e.online)
            rows.append([[e.short_date(now) if short_dates else e.date],
                         *([pieces(_(VARIANTS[e.variant].title))] if mixed else []), pieces(_players(e)),
                         pieces(head) + [level + " +" for level in levels[:-1]] + levels[-1:], pieces(e.result),
                         [str(e.hands)]])
        return headers, rows

    def _layout(self, width: int) -> tuple[bool, list[int], list[int]]:
        """Whether the dates are short, and each column's natural and shown width, for a
        screen ``width`` columns wide: a table too wide shortens its dates, then wraps the
        game, the opponents and the result (the widest first), then the players, so that no
        column is cut or needs a horizontal scrollbar."""
        room = max(width - _SCROLLBAR, 1)
        for short_dates in (False, True):
            headers, rows = self._cells(short_dates)
            columns = list(zip(*rows))
            natural = [natural_width(h, c) for h, c in zip(headers, columns)]
            if sum(natural) + 2 * _PADDING * len(natural) <= room:
                return short_dates, natural, natural
        narrowest = [narrowest_width(h, c) for h, c in zip(headers, columns)]
        last = len(headers) - 1  # Hands; before it Result, Opponents, Players, then Game when shown
        wrapping = [last - 1, last - 2] + ([1] if len(headers) == 6 else [])
        return True, natural, fit_widths(natural, narrowest, [wrapping, [last - 3]], room, _PADDING)

    def _fill(self, table: DataTable) -> None:
        """The columns and rows, as wide as the screen allows (:meth:`_layout`); the rows a
        batch at a time (:meth:`_add_rows`)."""
        self._laid_out = layout = self._layout(self.size.width or self.app.size.width)
        short_dates, natural, widths = layout
        headers, rows = self._cells(short_dates)
        for header, wide, width in zip(headers, natural, widths):
            table.add_column(header, width=None if width == wide else width)
        self._rows = zip(self.entries, rows)  # a refill's rows take the place of any still to come
        self._add_rows(table, widths)
        self._fit(table)

    def _add_rows(self, table: DataTable, widths: list[int]) -> None:
        """The next :data:`_BATCH` rows now, the rest a batch at a time after."""
        rows = self._rows
        self._take(table, widths, _BATCH)
        if table.row_count < len(self.entries):
            # on to the rest unless the table was filled again since (resized, another language); on a
            # timer, so that the table measures these first (when idle) and the keys are answered
            self.set_timer(0.01, lambda: self._rows is rows and self._add_rows(table, widths))

    def _take(self, table: DataTable, widths: list[int], n: int) -> None:
        """The next ``n`` rows still to come into the table."""
        for e, row in islice(self._rows, max(n, 0)):
            cells = [wrapped(cell, width) for cell, width in zip(row, widths)]
            # as high as its most wrapped cell: counted here, where Textual would draw every cell to learn it
            # escaped: DataTable reads a str as markup, and an opponent is what the file says ("cmd:bot [/]")
            table.add_row(*map(escape, cells), key=str(e.id), height=max(c.count("\n") for c in cells) + 1)

    def _move_to(self, table: DataTable, row: int) -> None:
        """The cursor on ``row`` again after the table was filled again, its rows added first:
        they would have come later, and the cursor stopped on the last row there was."""
        self._take(table, self._laid_out[2], row + 1 - table.row_count)
        table.move_cursor(row=row)

    def on_mount(self) -> None:
        if self.entries:
            self.query_one(DataTable).focus()

    async def retranslate(self) -> None:
        """Every word in the new language; the game the cursor is on stays chosen."""
        row = self.query_one(DataTable).cursor_row if self.entries else 0
        await self.recompose()
        if self.entries:
            table = self.query_one(DataTable)
            self._move_to(table, row)
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

        def short_titles() -> list[str]:  # where the title would cut the result at 80 columns
            return [f"{entry.short_date()} · {entry.result}", entry.result]  # Escoba, three sides: no date

        self.app.push_screen(ReplayScreen(games, title, ascii=self.ascii, short_titles=short_titles))

    def action_first(self) -> None:
        if self.entries:
            self.query_one(DataTable).move_cursor(row=0)

    def action_last(self) -> None:
        if self.entries:
            self._move_to(self.query_one(DataTable), len(self.entries) - 1)

    def action_close(self) -> None:
        self.dismiss(None)

    def check_action(self, action: str, parameters) -> bool | None:
        return bool(self.entries) if action == "open" else True  # no "⏎ replay" with nothing to replay
