"""The statistics screen: the player's record over all finished games."""

from __future__ import annotations


from rich import box
from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...engine.text import N_, _, decimal
from ...store.db import Stats
from ...store.words import level_word
from ..styles import STORE_TCSS
from ..translate import Translated



def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "—"


def summary_table(st: Stats) -> Table:
    t = Table(box=None, show_header=False, pad_edge=False, padding=(0, 2))
    t.add_column(style="bold", no_wrap=True)
    t.add_column(justify="right")
    t.add_column(style="dim")
    def of_hands(part: int) -> str:
        # TRANSLATORS: the statistics; {percent} is e.g. "40%" (how often in all the hands played).
        return _("{percent} of hands").format(percent=_pct(part, st.hands))

    t.add_row(_("Games played"), str(st.games), "")
    t.add_row(_("Games won"), str(st.won), _pct(st.won, st.games))
    t.add_row(_("Win streak"), str(st.current_streak), _("best {n}").format(n=st.best_streak))
    t.add_row(_("Hands played"), str(st.hands), "")
    t.add_row(_("Points per hand"), decimal(f"{st.per_hand(st.points):.2f}"), _("{n} in all").format(n=st.points))
    t.add_row(_("Scope per hand"), decimal(f"{st.per_hand(st.scope):.2f}"), _("{n} in all").format(n=st.scope))
    t.add_row(_("Settebello taken"), str(st.settebello), of_hands(st.settebello))
    t.add_row(_("Primiera won"), str(st.primiera), of_hands(st.primiera))
    t.add_row(_("Cards point won"), str(st.cards), of_hands(st.cards))
    # games of every deck style are counted together: the suit by both its names
    t.add_row(_("Denari/coins point won"), str(st.coins), of_hands(st.coins))
    return t


def opponents_words(label: str) -> str:
    """The opponents' levels as the store labels them (``medium + hard``), in the player's language."""
    return " + ".join(level_word(part) for part in label.split(" + "))


def levels_table(st: Stats) -> Table:
    t = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, expand=True)
    t.add_column(_("Players"), justify="right")
    t.add_column(_("Opponents"))
    t.add_column(_("Played"), justify="right")
    t.add_column(_("Won"), justify="right")
    t.add_column(_("Win rate"), justify="right")
    for r in st.by_level:
        t.add_row(str(r.players), opponents_words(r.opponents), str(r.played), str(r.won), _pct(r.won, r.played))
    return t


class StatsScreen(Translated, Screen[None]):
    """Games played and won per opponent level and player count, streaks, per-hand averages."""

    CSS_PATH = STORE_TCSS  # loaded with the screen: the app needs no change

    BINDINGS = [
        Binding("escape,q", "close", N_("back"), id="stats.close", key_display="Esc"),
        Binding("h", "history", N_("history"), id="stats.history"),
    ]

    def __init__(self, stats: Stats, history=None) -> None:
        super().__init__()
        self.stats = stats
        self.open_history = history  # a callable that shows the history, or None

    def compose(self) -> ComposeResult:
        yield Static(_("Statistics"), id="stats-title")
        with VerticalScroll(id="stats-body"):
            if not self.stats.games:
                yield Static(_("No finished games yet: play one to the end and your record appears here."),
                             id="stats-empty")
            else:
                summary = Static(summary_table(self.stats), id="stats-summary")
                summary.border_title = _("Your record")
                yield summary
                levels = Static(levels_table(self.stats), id="stats-levels")
                levels.border_title = _("By opponents and number of players")
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
