"""The statistics screen: the player's record over all finished games, or over the games
of one variant, or of one number of players, chosen at the top (README, Statistics)."""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from rich.cells import cell_len
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...ai.registry import ALIASES
from ...engine.text import N_, _, decimal, pgettext
from ...engine.variants import VARIANTS
from ...store.db import Stats
from ...engine.words import elides, labelled
from ...store.words import level_word
from ..helpkeys import help_bindings
from ..card_render import DeckStyle
from ..config import ai_levels
from ..styles import STORE_TCSS
from ..translate import Translated
from ..widgets.choice import Choice
from ..widgets.footer import FitFooter


def _pct(part: int, whole: int) -> str:
    if not whole:
        return "—"
    # TRANSLATORS: a percentage in the statistics, {n} e.g. 40: as your language writes it
    # (French "40 %", a no-break space before the sign, as in the hints).
    return pgettext("percent", "{n}%").format(n=f"{100 * part / whole:.0f}")


def summary_table(st: Stats, variant: str | None = None, deck: DeckStyle = DeckStyle("italian")) -> Table:
    """The record's numbers; ``variant`` (None: games of any) names the points as that game
    does: Escoba's escobas, velo and setenta, and no primiera; ``deck`` names the coins."""
    t = Table(box=None, show_header=False, pad_edge=False, padding=(0, 2))
    t.add_column(style="bold", no_wrap=True)
    t.add_column(justify="right")
    t.add_column(style="dim")
    def of_hands(part: int, hands: int = st.hands) -> str:
        # TRANSLATORS: the statistics; {percent} is e.g. "40%" (how often in all the hands played).
        return _("{percent} of hands").format(percent=_pct(part, hands))

    escoba = variant is not None and VARIANTS[variant].scoring == "escoba"
    t.add_row(_("Games played"), str(st.games), "")
    t.add_row(_("Games won"), str(st.won), _pct(st.won, st.games))
    t.add_row(_("Win streak"), str(st.current_streak), _("best {n}").format(n=st.best_streak))
    t.add_row(_("Hands played"), str(st.hands), "")
    t.add_row(_("Points per hand"), decimal(f"{st.per_hand(st.points):.2f}"), _("{n} in all").format(n=st.points))
    t.add_row(_("Escobas per hand") if escoba else _("Scope per hand"), decimal(f"{st.per_hand(st.scope):.2f}"),
              _("{n} in all").format(n=st.scope))
    # TRANSLATORS: Escoba's velo is the settebello (the 7 of coins); both are the rules' own names.
    t.add_row(_("Velo taken") if escoba else _("Settebello taken"), str(st.settebello), of_hands(st.settebello))
    # Each of these over the hands where it is a point: Escoba has the setenta, no primiera.
    if st.primiera_hands:
        t.add_row(_("Primiera won"), str(st.primiera), of_hands(st.primiera, st.primiera_hands))
    if st.sevens_hands:
        # TRANSLATORS: Escoba's point for the most sevens (setenta: the rules' own name).
        t.add_row(_("Setenta won"), str(st.sevens), of_hands(st.sevens, st.sevens_hands))
    t.add_row(_("Cards point won"), str(st.cards), of_hands(st.cards))
    # games of every deck style are counted together: the coins named as the deck in use names
    # them, as the scoring screen's row does (Denari, Oros, Diamonds)
    coins = deck.suit_word("d")
    if elides(coins):
        # TRANSLATORS: as "{suit} point won", where {suit} (Oros) begins with a sound your
        # language elides the word before: French "Point d'Oros". Other languages never show
        # it: write it as "{suit} point won".
        label = pgettext("elided", "{suit} point won")
    else:
        # TRANSLATORS: the statistics, after "Cards point won"; {suit} is the deck's suit of
        # coins as the scoring screen names it (Denari, Oros, Diamonds; Italian Quadri).
        label = _("{suit} point won")
    t.add_row(label.format(suit=coins), str(st.coins), of_hands(st.coins))
    return t


def _difficulty(spec: str) -> tuple[int, str]:
    """Where an AI spec comes among the levels in the new-game screen's order (easy,
    medium, hard, random; ``greedy`` is easy), others after them, by name."""
    order = list(ai_levels())
    name = spec.split(":")[0]
    name = ALIASES.get(name, name)
    return (order.index(name) if name in order else len(order), spec)


def against(label: str, people=(), online: bool = False, code: str | None = None) -> tuple[str, list[str]]:
    """Who a game was played against, in the player's language: a head (at a server's table
    "online:", with the table's ``code`` when it is given; else empty) and the opponents one
    by one, the people by their names where the store's ``label`` says ``human``
    ("online: Anna + medium"; README, History and replay)."""
    levels = sorted(label.split(" + "), key=_difficulty)  # "medium + hard", where the store wrote "hard + medium"
    if people:
        levels = [level for level in levels if level != "human"]
    parts = list(people) + [level_word(level) for level in levels]
    if not online:
        return "", parts
    # TRANSLATORS: before the opponents of a game played at a server's table (the history
    # and the statistics): "online: Anna + Bruno"; {code} is the table's code, K7XQ93PA.
    head = _("online, table {code}").format(code=code) if code else _("online")
    return labelled(head), parts or ["-"]


def against_text(label: str, people=(), online: bool = False, code: str | None = None) -> str:
    """:func:`against` on one line: "online: Anna + Bruno"."""
    head, parts = against(label, people, online, code)
    return " ".join(filter(None, [head, " + ".join(parts)]))


def levels_table(st: Stats) -> Table:
    t = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, expand=True)
    t.add_column(_("Players"), justify="right")
    t.add_column(_("Opponents"))
    t.add_column(_("Played"), justify="right")
    t.add_column(_("Won"), justify="right")
    t.add_column(_("Win rate"), justify="right")
    # by difficulty, easy before medium before hard, where the store sorts them by name
    rows = sorted(st.by_level, key=lambda r: (r.players, [_difficulty(spec) for spec in r.opponents.split(" + ")],
                                              r.online, r.people))
    for r in rows:
        # Text, not str: a Table reads a str as markup, and the opponents are what the file says
        # (an online table's AI level is its server's word): "[/]" stopped the app
        t.add_row(str(r.players), Text(against_text(r.opponents, r.people, r.online)), str(r.played), str(r.won),
                  _pct(r.won, r.played))
    return t


class StatsScreen(Translated, Screen[None]):
    """Games played and won per opponent level and player count, streaks, per-hand averages:
    of all games, or of the variant and the number of players chosen at the top (only those
    played are offered)."""

    CSS_PATH = STORE_TCSS  # loaded with the screen: the app needs no change
    HELP_KEYS = "stats"  # its help says this screen's keys, not the game's (help.SCREEN_KEYS)

    BINDINGS = [
        Binding("escape,q", "close", N_("back"), id="stats.close"),
        Binding("h", "history", N_("history"), id="stats.history"),
        *help_bindings("stats", at="keys", show=True),
    ]

    def __init__(self, stats: Stats, history=None, deck: DeckStyle = DeckStyle("italian")) -> None:
        super().__init__()
        self.stats = stats  # of all games
        self.deck = deck  # the deck in use: its name of the coins
        self.open_history = history  # history(variant, players) shows the history of those games, or None
        self.variant: str | None = None  # the games shown: of this variant (None: any) ...
        self.players: int | None = None  # ... with this number of players (None: any)

    @property
    def shown(self) -> Stats:
        """The record of the games chosen."""
        return self.stats.only(self.variant, self.players)

    def _fixed_players(self) -> int | None:
        """The number of players of the variant chosen when it allows only one (Scopone: 4)."""
        allowed = VARIANTS[self.variant].players if self.variant is not None else ()
        return allowed[0] if len(allowed) == 1 else None

    def _player_choices(self) -> list[tuple[str, int | None]]:
        fixed = self._fixed_players()
        if fixed is not None:  # one count: the row says it, "any number" would mean the same games
            return [(str(fixed), None)]
        # TRANSLATORS: the statistics' choice of games by their number of players: any of them.
        return [(_("Any number"), None)] + [(str(n), n) for n in self.stats.player_counts(self.variant)]

    def compose(self) -> ComposeResult:
        yield Static(_("Statistics"), id="stats-title")
        with VerticalScroll(id="stats-body"):
            if not self.stats.games:
                yield Static(_("No finished games yet: play one to the end and your record appears here."),
                             id="stats-empty")
            else:
                with Horizontal(id="stats-choices"):
                    game, players = _("Game"), _("Players")  # the new-game form's names
                    # TRANSLATORS: the statistics' choice of games: every variant together.
                    variants = [(_("All games"), None)] + [(_(VARIANTS[v].title), v) for v in self.stats.variants]
                    yield Choice(game, variants, self.variant, label_width=cell_len(game) + 1, id="stats-variant")
                    yield Choice(players, self._player_choices(), self.players, label_width=cell_len(players) + 1,
                                 id="stats-players", disabled=self._fixed_players() is not None)
                shown = self.shown
                summary = Static(summary_table(shown, self.variant, self.deck), id="stats-summary")
                summary.border_title = _("Your record")
                yield summary
                levels = Static(levels_table(shown), id="stats-levels")
                levels.border_title = _("By opponents and number of players")
                yield levels
        yield FitFooter()

    def on_mount(self) -> None:
        # ← and → choose the game at once (AUTO_FOCUS runs before the row is mounted)
        self._focus(None)

    def on_resize(self) -> None:
        self.call_after_refresh(self._place)

    def _place(self) -> None:
        """On a tall terminal the record and the opponents are in its middle: as far down as
        puts all games' (every row of the record, every opponent, at the boxes' width) in the
        middle, and stay there as the games chosen change (centred, the choices above them
        moved up and down with their rows)."""
        console = self.app.console
        tables = {"stats-summary": summary_table(self.stats, None, self.deck), "stats-levels": levels_table(self.stats)}
        body = self.query_one("#stats-body")
        rows = 0
        for box in body.children:
            table = tables.get(box.id or "")
            width = console.options.update_width(max(1, box.content_size.width))
            rows += (len(console.render_lines(table, width)) + box.styles.gutter.height if table is not None
                     else box.outer_size.height) + box.styles.margin.height
        body.styles.padding = (max(0, (body.outer_size.height - rows) // 2), 1, 0, 1)

    def _focus(self, name: str | None) -> None:
        for choice in self.query(f"#{name or 'stats-variant'}"):
            choice.focus()

    async def retranslate(self) -> None:
        """Every word in the new language; the games chosen, and the row with the keys, stay."""
        focused = self.focused.id if self.focused is not None else None
        await self.recompose()
        if focused in ("stats-variant", "stats-players"):
            self._focus(focused)
        self.call_after_refresh(self._place)  # the new words' widths

    def on_choice_changed(self, event: Choice.Changed) -> None:
        event.stop()
        if event.choice.id == "stats-variant":
            self.variant = event.value
            # the numbers of players of that variant; "any" when the one chosen was not played in
            # it, a reset that is part of this change: the tables are drawn once, below
            players = self.query_one("#stats-players", Choice)
            with self.prevent(Choice.Changed):
                players.set_options(self._player_choices())
            players.disabled = self._fixed_players() is not None  # Scopone's 4: shown, not chosen
            self.players = players.value
        else:
            self.players = event.value
        shown = self.shown
        self.query_one("#stats-summary", Static).update(summary_table(shown, self.variant, self.deck))
        self.query_one("#stats-levels", Static).update(levels_table(shown))

    def action_close(self) -> None:
        self.dismiss(None)

    def action_history(self) -> None:
        if self.open_history is not None:
            self.open_history(self.variant, self.players)

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "history":
            return self.open_history is not None
        return True
