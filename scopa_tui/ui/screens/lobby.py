"""The lobby of a table server (docs/online-protocol.md): the open tables, a new table, a code.

Connects with :class:`~scopa_tui.net.client.NetClient` when first needed (and again when
the address or the name changes); a seat taken here opens the game screen on a
:class:`~scopa_tui.net.remote.RemoteTable`.  Every failure is one line on the screen.
"""

from __future__ import annotations

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, DataTable, Footer, Input, Label, Select, Static

from ...engine import OPTIONS, PRESETS, VARIANTS
from ...engine.variants import OPTION_DEFAULTS
from ..config import TARGETS, ai_levels
from ..styles import LOBBY_TCSS
from ..translate import Translated

PLAYERS = {2: "2", 3: "3", 4: "4 (pairs)", 6: "6 (pairs)"}
TURN_LIMITS = [("30 s", 30), ("60 s", 60), ("2 min", 120), ("5 min", 300)]


def game_label(variant: str | None, options=()) -> str:
    """A table's game as the open-tables list shows it: "Escoba", "Scopa + re bello, no primiera-all-suits"."""
    v = VARIANTS.get(variant or "scopa")
    title = v.title if v is not None else str(variant)
    words = [OPTIONS[o].title.lower() if o in OPTIONS else str(o).replace("-", " ") for o in options or ()]
    return f"{title} + {', '.join(words)}" if words else title


class LobbyScreen(Translated, Screen):
    """Server and name, the open tables (Enter joins one), a new table, join by code."""

    CSS_PATH = LOBBY_TCSS

    BINDINGS = [
        Binding("f5", "refresh", "refresh", id="lobby.refresh"),
        Binding("escape", "back", "back", id="lobby.back"),
    ]

    def __init__(self, server: str, name: str, join: str | None = None, create: dict | None = None) -> None:
        super().__init__()
        self.server, self.name_ = server, name
        self.join_code, self.create_now = join, create
        self.client = None
        self.codes: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("SCOPA  ·  play online  ·  join a table, or create one", id="lobby-title")
        with Horizontal(classes="line", id="title-line"):
            yield Label("Server", classes="field")
            yield Input(self.server, id="server", compact=True)
            yield Label("Name", classes="field")
            yield Input(self.name_, id="name", max_length=24, compact=True)
        with Vertical(id="open-tables"):
            yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
            with Horizontal(classes="line"):
                yield Button("Refresh (F5)", id="refresh", compact=True)
                yield Label("Code", classes="field")
                yield Input(id="code", placeholder="K7XQ93PA", max_length=8, compact=True)
                yield Button("Join", id="join", compact=True)
        with Vertical(id="create-box"):
            with Horizontal(classes="line", id="game-line"):
                yield Label("Game", classes="field")
                yield Select([(v.title, v.name) for v in VARIANTS.values()], value="scopa", allow_blank=False,
                             id="variant", compact=True)
                yield Label("Players", classes="field")
                yield Select([(PLAYERS[n], n) for n in VARIANTS["scopa"].players], value=2, allow_blank=False,
                             id="players", compact=True)
                yield Label("Target", classes="field")
                yield Select([(str(t), t) for t in TARGETS], value=11, allow_blank=False, id="target", compact=True)
            with Horizontal(classes="line"):
                yield Label("Rules", classes="field")
                yield Select([(p, p) for p in PRESETS], value="standard", allow_blank=False, id="preset",
                             compact=True)
                yield Label("AI", classes="field")
                yield Select([(level, level) for level in ai_levels()], value="medium", allow_blank=False,
                             id="ai", compact=True)
                yield Label("Limit", classes="field")
                yield Select(TURN_LIMITS, value=60, allow_blank=False, id="turn-limit", compact=True)
                yield Label("Lobby", classes="field")
                yield Select([("public", True), ("private", False)], value=True, allow_blank=False, id="public",
                             compact=True)
                yield Button("Create", id="create", variant="primary", compact=True)
            yield Grid(*self._option_boxes("scopa"), id="house-rules")
            yield Static(VARIANTS["scopa"].summary, id="about", markup=False)
        yield Static(id="lobby-error")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#tables", DataTable)
        table.add_columns("code", "title", "game", "players", "free", "rules", "target", "turn limit")
        self.query_one("#open-tables").border_title = "Open tables (Enter joins)"
        self.query_one("#create-box").border_title = "New table"
        if self.join_code:
            self.query_one("#code", Input).value = self.join_code
            self._take_seat({"join": self.join_code})
        elif self.create_now is not None:
            self._take_seat({"create": self.create_now})
        else:
            self.action_refresh()

    def say(self, text: str) -> None:
        for line in self.query("#lobby-error").results(Static):  # none once the lobby has gone
            line.update(text)

    async def _connected(self):
        """The client for the address and name on screen (a new one when they changed)."""
        from ...net.client import NetClient

        url = self.query_one("#server", Input).value.strip()
        name = self.query_one("#name", Input).value.strip()
        if not name:
            raise ValueError("type your name first")
        client = self.client
        if client is None or client.url != url or client.name != name or not client.connected:
            if client is not None:
                await client.close()
            self.client = None
            client = NetClient(url, name)
            await client.connect()
            self.client = client
        return client

    def action_refresh(self) -> None:
        self._refresh()

    @work(exclusive=True, group="lobby")
    async def _refresh(self) -> None:
        from ...net.client import NetClientError

        try:
            client = await self._connected()
            tables = await client.lobby()
        except (NetClientError, ValueError) as e:
            self.say(f"✗ {getattr(e, 'message', e)}")
            return
        if not self.query("#tables"):  # the lobby has gone meanwhile (a seat taken, Esc)
            return
        view = self.query_one("#tables", DataTable)
        view.clear()
        self.codes = []
        for t in tables:
            self.codes.append(t["code"])
            limit = t.get("turn_limit")
            view.add_row(t["code"], t.get("title", ""), game_label(t.get("variant"), t.get("options")),
                         str(t.get("players")), str(t.get("seats_free")), str(t.get("preset")), str(t.get("target")),
                         f"{limit:g} s" if limit else "")
        self.say(f"{len(tables)} open table{'s' if len(tables) != 1 else ''} on {client.url}"
                 if tables else f"no open table on {client.url}: create one")

    # --- the game and its house rules ------------------------------------------------------
    @staticmethod
    def _option_boxes(variant: str) -> list[Checkbox]:
        """One checkbox per house rule the variant allows, ticked as the engine's default."""
        return [Checkbox(OPTIONS[name].title, OPTION_DEFAULTS[OPTIONS[name].field], id=f"opt-{name}", compact=True,
                         tooltip=OPTIONS[name].summary)
                for name in VARIANTS[variant].options]

    @on(Select.Changed, "#variant")
    async def _variant_changed(self, event: Select.Changed) -> None:
        """Players, target and house rules follow the game (Scopone: 4 players; Escoba: to 21)."""
        v = VARIANTS[event.value]
        players = self.query_one("#players", Select)
        chosen = players.value
        players.set_options([(PLAYERS[n], n) for n in v.players])
        players.value = chosen if chosen in v.players else v.default_players
        if v.target in TARGETS:
            self.query_one("#target", Select).value = v.target
        grid = self.query_one("#house-rules", Grid)
        await grid.remove_children()
        await grid.mount_all(self._option_boxes(v.name))
        self.query_one("#about", Static).update(v.summary)

    def on_descendant_focus(self, event) -> None:
        """The line under the house rules explains the one in focus, else the game."""
        about = self.query_one("#about", Static)
        widget = event.widget
        if isinstance(widget, Checkbox) and (widget.id or "").startswith("opt-"):
            option = OPTIONS[widget.id[4:]]
            about.update(f"{option.title}: {option.summary}")
        elif widget.id == "variant":
            about.update(VARIANTS[self.query_one("#variant", Select).value].summary)

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
            self.say("✗ type the table's code (8 letters and digits)")
            return
        self._take_seat({"join": code})

    @on(Input.Submitted, "#server, #name")
    def _submitted(self) -> None:
        self.action_refresh()

    @on(DataTable.RowSelected)
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        if 0 <= event.cursor_row < len(self.codes):
            self._take_seat({"join": self.codes[event.cursor_row]})

    @work(exclusive=True, group="lobby")
    async def _take_seat(self, what: dict) -> None:
        from ...net.client import NetClientError
        from ...net.remote import RemoteTable

        self.say("connecting…")
        try:
            client = await self._connected()
            if "create" in what:
                joined = await client.create(**what["create"])
            else:
                joined = await self._join(client, what["join"])
        except (NetClientError, ValueError) as e:
            self.say(f"✗ {getattr(e, 'message', e)}")
            return
        self.client = None  # the table owns the connection from now on
        self.app.keep_seat(client.url, joined["code"], joined.get("token"))
        self.app.show_table(RemoteTable(client, joined))

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
                self.app.keep_seat(client.url, code, None)  # that seat is gone: join as anyone would
        return await client.join(code)

    def action_back(self) -> None:
        self.app.pop_screen() if len(self.app.screen_stack) > 2 else self.app.exit()

    async def on_unmount(self) -> None:
        if self.client is not None:
            await self.client.close()
