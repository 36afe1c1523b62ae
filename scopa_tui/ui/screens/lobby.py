"""The lobby of a table server (docs/online-protocol.md): the open tables, a new table, a code.

Connects with :class:`~scopa_tui.net.client.NetClient` when first needed (and again when
the address or the name changes); a seat taken here opens the game screen on a
:class:`~scopa_tui.net.remote.RemoteTable`.  Every failure is one line on the screen.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.markup import escape
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Checkbox, DataTable, Input, Label, Select, Static

from ...engine import OPTIONS, PRESETS, VARIANTS
from ...engine.text import N_, _, decimal, ngettext, pgettext
from ...engine.variants import OPTION_DEFAULTS
from ..card_render import DeckStyle
from ..helpkeys import help_bindings
from ..config import TARGETS, ai_levels
from ..styles import LOBBY_TCSS
from ...store.words import level_word, preset_word
from ..translate import Translated
from .help_variants import summary
from ..widgets.button import Button
from ..widgets.footer import FitFooter
from ..widgets.scoreboard import cut

TURN_LIMITS = [("30 s", 30), ("60 s", 60), ("2 min", 120), ("5 min", 300)]
FLEXIBLE = ("title", "game")  # the columns that share what the others leave of the width


def players_label(n: int) -> str:
    """The players list's entry for ``n``: "2", "4 (pairs)"."""
    # TRANSLATORS: the number of players of a new table when they play in pairs (4 or 6).
    return _("{n} (pairs)").format(n=n) if n in (4, 6) else str(n)


def form_words() -> tuple[dict[str, str], dict[str, str]]:
    """The form's labels and buttons, by widget id, in the player's language (the lobby's own
    short words, context "lobby": the form fits 80 columns)."""
    labels = {"l-server": pgettext("lobby", "Server"), "l-name": pgettext("lobby", "Name"),
              "l-code": pgettext("lobby", "Code"), "l-game": pgettext("lobby", "Game"),
              "l-players": pgettext("lobby", "Players"),
              # TRANSLATORS: the points a new table is played to (11, 21): a short label.
              "l-target": pgettext("lobby", "Target"), "l-rules": pgettext("lobby", "Rules"),
              "l-ai": pgettext("lobby", "AI"),
              # TRANSLATORS: the seconds a player has for a play at a new table: a short label.
              "l-limit": pgettext("lobby", "Limit"),
              # TRANSLATORS: before "public" or "private": whether the new table is listed in the lobby.
              "l-lobby": pgettext("lobby", "Lobby")}
    buttons = {"refresh": pgettext("lobby", "Refresh (F5)"), "join": pgettext("lobby", "Join"),
               "create": pgettext("lobby", "Create")}
    return labels, buttons


def column_words() -> dict[str, str]:
    """The open tables' column headers, by column key, in the player's language (short: the
    eight columns fit 80 columns)."""
    return {"code": pgettext("lobby column", "code"), "title": pgettext("lobby column", "title"),
            "game": pgettext("lobby column", "game"),
            # TRANSLATORS: lobby column: seats taken of the table's seats, "1/2".
            "players": pgettext("lobby column", "players"), "rules": pgettext("lobby column", "rules"),
            # TRANSLATORS: lobby column: the points to win (11, 21).
            "target": pgettext("lobby column", "target"),
            # TRANSLATORS: lobby column: the seconds a player has for a play ("60 s").
            "limit": pgettext("lobby column", "limit")}


def game_label(variant: str | None, options=()) -> str:
    """A table's game as the open-tables list shows it: "Escoba", "Scopa + re bello, no primiera-all-suits"."""
    v = VARIANTS.get(variant or "scopa")
    title = _(v.title) if v is not None else str(variant)
    words = [_(OPTIONS[o].title_in(v.name if v else "scopa")).lower() if o in OPTIONS else str(o).replace("-", " ") for o in options or ()]
    # TRANSLATORS: the open tables' game column: the game, then its house rules ("Escoba + re bello").
    return _("{game} + {rules}").format(game=title, rules=", ".join(words)) if words else title


# The open tables listed at most: more than anyone looks through, and few enough to draw at
# once. A server of another make listed 130,000 (4 MB): the lobby drew nothing and took no
# key for half a minute, and again at each resize.
LOBBY_ROWS = 200


def table_row(t: dict) -> dict[str, str]:
    """One open table of the server's ``lobby`` message as the list's cells, by column key (a
    field the server left out is an empty cell, where it read "None")."""
    limit = t.get("turn_limit")
    players = t.get("players")
    free = t.get("seats_free")
    taken = (f"{players - free}/{players}" if isinstance(players, int) and isinstance(free, int)
             else "" if players is None else str(players))
    return {"code": str(t["code"]), "title": str(t.get("title") or ""),
            "game": game_label(t.get("variant"), t.get("options")), "players": taken,
            "rules": preset_word(str(t.get("preset") or "")),
            "target": "" if t.get("target") is None else str(t["target"]),
            "limit": decimal(f"{limit:g}") + " s" if limit else ""}


class RuleBox(Checkbox):
    """A house rule's box: an X when ticked, empty when not, as the new-game form's boxes
    (``widgets/toggle.py``): Textual's Checkbox draws a dim X either way, the two told apart by
    their colour alone (every box looked ticked without colours, or to a colour-blind eye)."""

    @property
    def _button(self):
        self.BUTTON_INNER = "X" if self.value else " "
        return super()._button


class LobbyScreen(Translated, Screen):
    """Server and name, the open tables (Enter joins one), a new table, join by code."""

    CSS_PATH = LOBBY_TCSS
    # The keys go to the open tables (arrows choose, Enter joins) from the start: the fields are a
    # Tab or a click away, and Enter in the server or name box lists the tables and hands them the keys.
    AUTO_FOCUS = "#tables"

    BINDINGS = [
        Binding("f5", "refresh", N_("refresh"), id="lobby.refresh"),
        Binding("escape", "back", N_("back"), id="lobby.back"),
        *help_bindings("lobby", show_f1=True),  # ? types itself in the lobby's fields: the footer says F1
    ]

    def __init__(self, server: str, name: str, join: str | None = None, create: dict | None = None) -> None:
        super().__init__()
        self.server, self.name_ = server, name
        self.join_code, self.create_now = join, create
        self.client = None
        self.codes: list[str] = []
        self.tables: list[dict] = []  # the open tables last listed, as the server gave them
        self._said = lambda: ""  # the line under the form, made again in a new language
        self._none_open = lambda: ""  # the line in the empty list, once a server listed no table
        self._shown_variant = "scopa"  # the game whose house rules are ticked below
        self._about: str | None = None  # the house rule explained under them (None: the game)
        self._offered: str | None = None  # a kept seat's code this lobby put in the code box
        self._asked: set[tuple[str, str]] = set()  # (server, code): kept seats whose finished games were asked for
        self._create_keys = False  # Create has the keys because no table was open (show_tables)

    def compose(self) -> ComposeResult:
        yield Static(id="lobby-title")
        with Horizontal(classes="line", id="title-line"):
            yield Label(classes="field", id="l-server")
            yield Input(self.server, id="server", compact=True)
            yield Label(classes="field", id="l-name")
            yield Input(self.name_, id="name", max_length=24, compact=True)
        with Vertical(id="open-tables"):
            yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
            yield Static(id="no-tables", markup=False)  # in the list's room while no table is open
            with Horizontal(classes="line"):
                yield Button("", id="refresh", compact=True)
                yield Label(classes="field", id="l-code")
                yield Input(id="code", placeholder="K7XQ93PA", max_length=8, compact=True)
                yield Button("", id="join", compact=True)
        with Vertical(id="create-box"):
            with Horizontal(classes="line", id="game-line"):
                yield Label(classes="field", id="l-game")
                yield Select([(v.title, v.name) for v in VARIANTS.values()], value="scopa", allow_blank=False,
                             id="variant", compact=True)
                yield Label(classes="field", id="l-players")
                yield Select([(str(n), n) for n in VARIANTS["scopa"].players], value=2, allow_blank=False,
                             id="players", compact=True)
                yield Label(classes="field", id="l-target")
                yield Select([(str(t), t) for t in TARGETS], value=11, allow_blank=False, id="target", compact=True)
            with Horizontal(classes="line"):
                yield Label(classes="field", id="l-rules")
                yield Select([(preset_word(p), p) for p in PRESETS], value="standard", allow_blank=False, id="preset",
                             compact=True)
                yield Label(classes="field", id="l-ai")
                yield Select([(level, level) for level in ai_levels()], value="medium", allow_blank=False,
                             id="ai", compact=True)
                yield Label(classes="field", id="l-limit")
                yield Select(TURN_LIMITS, value=60, allow_blank=False, id="turn-limit", compact=True)
            with Horizontal(classes="line"):  # a line of its own: the words of every language fit 80 columns
                yield Label(classes="field", id="l-lobby")
                yield Select([("public", True), ("private", False)], value=True, allow_blank=False, id="public",
                             compact=True)
                yield Button("", id="create", variant="primary", compact=True)
            yield Grid(*self._option_boxes("scopa"), id="house-rules")
            yield Static(id="about", markup=False)
        yield Static(id="lobby-error")
        yield FitFooter()

    def on_mount(self) -> None:
        self._words()
        if self.join_code:
            self.query_one("#code", Input).value = self.join_code
            self._take_seat({"join": self.join_code})
        elif self.create_now is not None:
            self._take_seat({"create": self.create_now})
        else:
            self.action_refresh()

    def _words(self) -> None:
        """Every word of the lobby in the player's language; what the player chose or typed,
        and the tables listed, stay (README.md, Languages)."""
        self.query_one("#lobby-title", Static).update(_("SCOPA  ·  play online  ·  join a table, or create one"))
        labels, buttons = form_words()
        for key, words in labels.items():
            self.query_one(f"#{key}", Label).update(words)
        for key, words in buttons.items():
            self.query_one(f"#{key}", Button).label = words
        self.query_one("#open-tables").border_title = _("Open tables (Enter joins)")
        self.query_one("#create-box").border_title = _("New table")
        self._relabel("#variant", [(_(v.title), v.name) for v in VARIANTS.values()])
        self._relabel("#players", [(players_label(n), n) for n in VARIANTS[self._variant()].players])
        self._relabel("#preset", [(preset_word(p), p) for p in PRESETS])
        self._relabel("#ai", [(level_word(level), level) for level in ai_levels()])  # the value sent: its English name
        # TRANSLATORS: a new table is listed in the lobby (public) or joined by its code only (private).
        self._relabel("#public", [(_("public"), True), (_("private"), False)])
        for box in self.query("#house-rules Checkbox").results(Checkbox):
            box.label = _(OPTIONS[box.id[4:]].title_in(self._variant()))
            box.tooltip = _(OPTIONS[box.id[4:]].summary_in(self._variant()))
        self._explain()
        self._fill_tables()
        self.say_again()

    def _relabel(self, selector: str, options: list[tuple[str, object]]) -> None:
        """New words for a list's entries, the choice kept."""
        select = self.query_one(selector, Select)
        chosen = select.value
        select.set_options(options)
        select.value = chosen if any(value == chosen for _label, value in options) else options[0][1]
        select.mutate_reactive(Select.value)  # the entry shown in its new words, also when the value stayed

    def _variant(self) -> str:
        return self.query_one("#variant", Select).value

    async def retranslate(self) -> None:
        self._words()

    def say(self, text, refused: bool = False) -> None:
        """The line under the form: ``text``, or a function that makes it (made again in a new
        language); ``refused``: a failure, in the warning colour, which the count of the tables
        listed and the other news are not."""
        self._said = text if callable(text) else (lambda: text)
        for line in self.query("#lobby-error"):
            line.set_class(refused, "-refused")
        self.say_again()

    def say_again(self) -> None:
        for line in self.query("#lobby-error").results(Static):  # none once the lobby has gone
            line.update(self._said())
        for line in self.query("#no-tables").results(Static):
            line.update(self._none_open())

    # --- the open tables ------------------------------------------------------------------
    def on_resize(self) -> None:
        self._fill_tables()

    def _column_widths(self, headers: dict[str, str], rows: list[dict[str, str]]) -> dict[str, int]:
        """Each column's width: the fixed ones as their words, the title and the game sharing the
        rest, so that the list fits the screen without scrolling sideways (80 columns included):
        the title has at least two fifths of it, and what the games listed leave of the rest."""
        view = self.query_one("#tables", DataTable)
        room = (view.size.width or self.size.width - 4) - 2 * view.cell_padding * len(headers) - 1
        # in cells: a title of wide characters ("漢字") takes two columns a letter
        widths = {key: max([cell_len(head)] + [cell_len(r[key]) for r in rows]) for key, head in headers.items()}
        rest = room - sum(w for key, w in widths.items() if key not in FLEXIBLE)
        wanted = widths["title"] + widths["game"]
        if wanted > rest:
            title = max(cell_len(headers["title"]), min(widths["title"], max(rest * 2 // 5, rest - widths["game"])))
            widths["title"], widths["game"] = title, max(cell_len(headers["game"]), rest - title)
        return widths

    def _fill_tables(self) -> None:
        """Draw the open tables afresh (in the language in use, at the width of the screen), the
        cursor kept on the same row."""
        if not self.query("#tables"):
            return
        view = self.query_one("#tables", DataTable)
        row = view.cursor_row
        headers = column_words()
        rows = [table_row(t) for t in self.tables]
        widths = self._column_widths(headers, rows)
        view.clear(columns=True)
        # No table open: a line in the middle of the box says so rather than the headers of
        # columns with nothing under them, crushed to the left (README.md, Online in the app).
        view.show_header = bool(rows)
        self.query_one("#open-tables").set_class(not rows, "-empty")
        for key, head in headers.items():
            view.add_column(head, key=key, width=widths[key])
        for r in rows:
            # escaped, as the history's: DataTable reads a str as markup, and a title of a server
            # of another make ("[/]") stopped the app (docs/online-protocol.md, Plain text)
            view.add_row(*(escape(cut(r[key], widths[key])) for key in headers))
        if rows:
            view.move_cursor(row=min(max(row, 0), len(rows) - 1))

    def show_tables(self, tables: list[dict], url: str, keys: bool = False) -> None:
        """The server's open tables (its ``lobby`` message), and a line saying how many;
        ``keys``: the list takes the keys (Enter in the server or name box)."""
        self.tables = list(tables[:LOBBY_ROWS])
        self.codes = [t["code"] for t in self.tables]
        self._fill_tables()
        n = len(tables)
        kept = self.app.kept_codes(url)
        box = self.query_one("#code", Input)
        join = self.query_one("#join", Button)
        if kept and not box.value.strip():  # a seat kept from a game left (or a crash): offered back
            box.value = self._offered = kept[-1]
            if self._list_has_keys():
                join.focus()  # Enter takes it back, as the line says (it joined another table listed, or did nothing)
        elif not kept and self._offered is not None and box.value == self._offered:
            box.value = ""  # the seat offered is gone (its game filed): nothing to take back
            self._offered = None
            if self.focused is join:
                self._keys_to_the_list()
        elif self._list_has_keys():
            self._keys_to_the_list()  # none open: Create has them, Enter makes a table (README.md, Online in the app)
        if keys:
            self._keys_to_the_list()
        creates = self.focused is not None and self.focused.id == "create"

        def line() -> str:
            if kept:  # said instead of the count (the list shows the tables): one line at 80 columns
                # TRANSLATORS: "Join" is the lobby's button (its word in your language).
                return _("your seat at table {code} is kept: Join takes it back").format(code=kept[-1])
            if n > LOBBY_ROWS:
                # TRANSLATORS: the lobby lists {shown} (200) of the server's {n} open tables.
                return _("the first {shown} of {n} open tables on {url}").format(shown=LOBBY_ROWS, n=n, url=url)
            if n:
                return ngettext("{n} open table on {url}", "{n} open tables on {url}", n).format(n=n, url=url)
            if creates:
                # TRANSLATORS: the lobby's Create button has the keys: Enter makes a new table.
                return _("no open table on {url}: Enter creates one").format(url=url)
            return _("no open table on {url}: create one").format(url=url)

        def none_open() -> str:
            if self.tables:
                return ""
            # TRANSLATORS: in the middle of the lobby's empty list of open tables.
            return _("No open table yet: Enter creates one") if creates else _("No open table yet: create one below")
        self._none_open = none_open
        self.say(line)

    def _list_has_keys(self) -> bool:
        """Nothing typed or chosen has the keys: the list has them, or Create for an empty list."""
        focused = self.focused
        return focused is None or focused.id == "tables" or (self._create_keys and focused.id == "create")

    def _keys_to_the_list(self) -> None:
        """The keys to the open tables, or, when none is open, to Create: Enter joins the table
        chosen, or makes one."""
        self._create_keys = not self.tables
        self.set_focus(self.query_one("#create" if self._create_keys else "#tables"))  # at once: the line says it

    async def _connected(self):
        """The client for the address and name on screen (a new one when they changed)."""
        from ...net.client import NetClient

        url = self.query_one("#server", Input).value.strip()
        name = self.query_one("#name", Input).value.strip()
        if not name:
            raise ValueError(_("type your name first"))
        client = self.client
        if client is None or client.url != url or client.name != name or not client.connected:
            if client is not None:
                await client.close()
            self.client = None
            client = NetClient(url, name)
            await client.connect()
            self.client = client
            self.app.remember_online(url, name)
        return client

    def _refused(self, e: Exception) -> None:
        """A failure as one line: a server's refusal in the player's language (by its code)."""
        line = getattr(e, "line", None)
        self.say(lambda: "✗ " + (line() if line is not None else str(e)), refused=True)

    def action_refresh(self) -> None:
        self._refresh()

    @work(exclusive=True, group="lobby")
    async def _refresh(self, typed: Input | None = None) -> None:
        """List the open tables; ``typed``: the box whose Enter asked, which hands the list the
        keys if it still has them (a field the player went on to type in keeps them)."""
        from ...net.client import NetClientError

        try:
            client = await self._connected()
            tables = await client.lobby()
        except (NetClientError, ValueError) as e:
            self._refused(e)
            if self.focused is not None and self._list_has_keys():  # nothing typed: the address to mend
                self.query_one("#server", Input).focus()
            return
        if not self.query("#tables"):  # the lobby has gone meanwhile (a seat taken, Esc)
            return
        self.show_tables(tables, client.url, keys=typed is not None and self.focused is typed)
        await self._kept_games(client)

    async def _kept_games(self, client, codes: list[str] | None = None, redraw: bool = True) -> None:
        """Ask the server, once a lobby, for the finished games of the seats kept on it (a
        window closed, or a crash, before their game ended): each goes into the history, and
        a seat the server no longer holds (the table closed, or a rematch freed it) is
        forgotten, so the lobby offers no seat that is gone (docs/online-protocol.md, ``games``).
        A server without ``games`` (an older one) leaves the seats as they are.  ``redraw``:
        the line under the tables says the seats kept afresh (not while a seat is being taken)."""
        from ...net.client import NetClientError

        url = client.url
        for code in codes if codes is not None else self.app.kept_codes(url):
            token = self.app.kept_seat(url, code)
            if token is None or (url, code) in self._asked:
                continue
            self._asked.add((url, code))
            try:
                seat, games = await client.games(code, token)
            except NetClientError:
                return
            if not games and seat is None:
                self.app.keep_seat(url, code, None)
            elif games:
                self.app.file_away_games(url, code, games, seat, after=self._kept_changed if redraw else None)
        if redraw:
            self._kept_changed()

    def _kept_changed(self) -> None:
        """The seats kept may have changed: the line under the tables says so afresh."""
        if self.query("#tables") and self.client is not None:
            self.show_tables(self.tables, self.client.url)

    # --- the game and its house rules ------------------------------------------------------
    @staticmethod
    def _option_boxes(variant: str) -> list[RuleBox]:
        """One checkbox per house rule the variant allows, ticked as the engine's default."""
        return [RuleBox(_(OPTIONS[name].title_in(variant)), OPTION_DEFAULTS[OPTIONS[name].field], id=f"opt-{name}",
                        compact=True, tooltip=_(OPTIONS[name].summary_in(variant)))
                for name in VARIANTS[variant].options]

    @on(Select.Changed, "#variant")
    async def _variant_changed(self, event: Select.Changed) -> None:
        """Players, target and house rules follow the game (Scopone: 4 players; Escoba: to 21)."""
        if event.value == self._shown_variant or event.value != event.select.value:
            return  # the same game, or a passing value while its list took new words: the ticks stay
        self._shown_variant = event.value
        v = VARIANTS[event.value]
        players = self.query_one("#players", Select)
        chosen = players.value
        players.set_options([(players_label(n), n) for n in v.players])
        players.value = chosen if chosen in v.players else v.default_players
        if v.target in TARGETS:
            self.query_one("#target", Select).value = v.target
        grid = self.query_one("#house-rules", Grid)
        await grid.remove_children()
        await grid.mount_all(self._option_boxes(v.name))
        self._about = None
        self._explain()

    def on_descendant_focus(self, event) -> None:
        """The line under the house rules explains the one in focus, else the game."""
        widget = event.widget
        if isinstance(widget, Checkbox) and (widget.id or "").startswith("opt-"):
            self._about = widget.id[4:]
        elif widget.id == "variant":
            self._about = None
        else:
            return
        self._explain()

    def _explain(self) -> None:
        about = self.query_one("#about", Static)
        if self._about in OPTIONS and self.query(f"#opt-{self._about}"):
            option = OPTIONS[self._about]
            # TRANSLATORS: a house rule's name, then what it does.
            about.update(_("{rule}: {what}").format(rule=_(option.title_in(self._variant())),
                                                     what=_(option.summary_in(self._variant()))))
        else:
            variant = VARIANTS[self._variant()]  # Escoba is played with the Spanish deck (new_game.variant_deck)
            about.update(summary(variant, DeckStyle("spanish" if variant.scoring == "escoba" else "italian")))

    def house_rules(self) -> list[str]:
        """The ticked house rules as ``--option`` names them: only those that differ from the default."""
        out = []
        for box in self.query("#house-rules Checkbox").results(Checkbox):
            option = OPTIONS[box.id[4:]]
            if box.value != OPTION_DEFAULTS[option.field]:
                out.append(option.name if box.value else f"no-{option.name}")
        return out

    def create_options(self) -> dict:
        return {"variant": self.query_one("#variant", Select).value, "options": self.house_rules(),
                "players": self.query_one("#players", Select).value,
                "preset": self.query_one("#preset", Select).value,
                "target": self.query_one("#target", Select).value,
                "ai": self.query_one("#ai", Select).value,
                "turn_limit": self.query_one("#turn-limit", Select).value,
                "public": self.query_one("#public", Select).value}

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "refresh":
            self.action_refresh()
        elif event.button.id == "join":
            self._join_code()
        elif event.button.id == "create":
            self._take_seat({"create": self.create_options()})

    @on(Input.Submitted, "#code")
    def _join_code(self) -> None:
        code = self.query_one("#code", Input).value.strip().upper()
        if not code:
            self.say(lambda: _("✗ type the table's code (8 letters and digits)"), refused=True)
            return
        self._take_seat({"join": code})

    @on(Input.Submitted, "#server, #name")
    def _submitted(self, event: Input.Submitted) -> None:
        self._refresh(event.input)

    @on(DataTable.RowSelected)
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        if 0 <= event.cursor_row < len(self.codes):
            self._take_seat({"join": self.codes[event.cursor_row]})

    @work(exclusive=True, group="lobby")
    async def _take_seat(self, what: dict) -> None:
        from ...net.client import NetClientError, table_title
        from ...net.remote import RemoteTable

        self.say(lambda: _("connecting…"))
        try:
            client = await self._connected()
            if "create" in what:
                # titled in the creator's language (the server's own default is English)
                joined = await client.create(**{"title": table_title(client.name), **what["create"]})
            else:
                joined = await self._join(client, what["join"])
            table = RemoteTable(client, joined)  # ValueError: an answer that is no seat at a table
        except (NetClientError, ValueError) as e:
            self._refused(e)
            return
        self.client = None  # the table owns the connection from now on
        self.app.keep_seat(client.url, table.code, joined.get("token"))
        self.app.show_table(table)

    async def _join(self, client, code: str) -> dict:
        """Join the table, or take back this player's own seat there when one is kept (a game
        left with *Quit*: docs/online-protocol.md, ``resume``)."""
        from ...net.client import NetClientError

        token = self.app.kept_seat(client.url, code)
        if token:
            try:
                return await client.resume(code, token)
            except NetClientError as e:
                if e.code not in ("bad_token", "no_such_table"):
                    raise
                # that seat is gone: its game, if it ended meanwhile, into the history; then join as anyone would
                self._asked.discard((client.url, code))
                await self._kept_games(client, [code], redraw=False)  # the code stays in its box
                self.app.keep_seat(client.url, code, None)
        return await client.join(code)

    def action_back(self) -> None:
        self.app.pop_screen() if len(self.app.screen_stack) > 2 else self.app.exit()

    async def on_unmount(self) -> None:
        if self.client is not None:
            await self.client.close()
