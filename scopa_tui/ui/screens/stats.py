"""The statistics screen: the player's record over all finished games."""

from __future__ import annotations


from rich import box
from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...store.db import Stats
from ..styles import STORE_TCSS
from ..translate import Translated



def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "—"


def summary_table(st: Stats) -> Table:
    t = Table(box=None, show_header=False, pad_edge=False, padding=(0, 2))
    t.add_column(style="bold", no_wrap=True)
    t.add_column(justify="right")
    t.add_column(style="dim")
    t.add_row("Games played", str(st.games), "")
    t.add_row("Games won", str(st.won), _pct(st.won, st.games))
    t.add_row("Win streak", str(st.current_streak), f"best {st.best_streak}")
    t.add_row("Hands played", str(st.hands), "")
    t.add_row("Points per hand", f"{st.per_hand(st.points):.2f}", f"{st.points} in all")
    t.add_row("Scope per hand", f"{st.per_hand(st.scope):.2f}", f"{st.scope} in all")
    t.add_row("Settebello taken", str(st.settebello), _pct(st.settebello, st.hands) + " of hands")
    t.add_row("Primiera won", str(st.primiera), _pct(st.primiera, st.hands) + " of hands")
    t.add_row("Cards point won", str(st.cards), _pct(st.cards, st.hands) + " of hands")
    # games of every deck style are counted together: the suit by both its names
    t.add_row("Denari/coins point won", str(st.coins), _pct(st.coins, st.hands) + " of hands")
    return t


def levels_table(st: Stats) -> Table:
    t = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, expand=True)
    t.add_column("Players", justify="right")
    t.add_column("Opponents")
    t.add_column("Played", justify="right")
    t.add_column("Won", justify="right")
    t.add_column("Win rate", justify="right")
    for r in st.by_level:
        t.add_row(str(r.players), r.opponents, str(r.played), str(r.won), _pct(r.won, r.played))
    return t


class StatsScreen(Translated, Screen[None]):
    """Games played and won per opponent level and player count, streaks, per-hand averages."""

    CSS_PATH = STORE_TCSS  # loaded with the screen: the app needs no change

    BINDINGS = [
        Binding("escape,q", "close", "back", id="stats.close", key_display="Esc"),
        Binding("h", "history", "history", id="stats.history"),
    ]

    def __init__(self, stats: Stats, history=None) -> None:
        super().__init__()
        self.stats = stats
        self.open_history = history  # a callable that shows the history, or None

    def compose(self) -> ComposeResult:
        yield Static("Statistics", id="stats-title")
        with VerticalScroll(id="stats-body"):
            if not self.stats.games:
                yield Static("No finished games yet: play one to the end and your record appears here.",
                             id="stats-empty")
            else:
                summary = Static(summary_table(self.stats), id="stats-summary")
                summary.border_title = "Your record"
                yield summary
                levels = Static(levels_table(self.stats), id="stats-levels")
                levels.border_title = "By opponents and number of players"
                yield levels
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_history(self) -> None:
        if self.open_history is not None:
            self.open_history()

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "history":
            return self.open_history is not None
        return True
