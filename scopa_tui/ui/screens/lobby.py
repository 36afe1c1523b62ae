"""The lobby of a table server (docs/online-protocol.md): the open tables, a new table, a code.

Connects with :class:`~scopa_tui.net.client.NetClient` when first needed (and again when
the address or the name changes); a seat taken here opens the game screen on a
:class:`~scopa_tui.net.remote.RemoteTable`.  Every failure is one line on the screen.
"""

from __future__ import annotations

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Input, Label, Select, Static

from ...engine import PRESETS
from ..config import TARGETS, ai_levels
from ..styles import LOBBY_TCSS

PLAYERS = [("2", 2), ("3", 3), ("4 (pairs)", 4), ("6 (pairs)", 6)]
TURN_LIMITS = [("30 s", 30), ("60 s", 60), ("2 min", 120), ("5 min", 300)]


class LobbyScreen(Screen):
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
        with Horizontal(classes="row"):
            yield Label("Server", classes="field")
            yield Input(self.server, id="server")
            yield Label("Name", classes="field")
            yield Input(self.name_, id="name", max_length=24)
        with Vertical(id="open-tables"):
            yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
            with Horizontal(classes="row"):
                yield Button("Refresh (F5)", id="refresh", compact=True)
                yield Label("Code", classes="field")
                yield Input(id="code", placeholder="K7XQ93PA", max_length=8)
                yield Button("Join", id="join", compact=True)
        with Vertical(id="create-box"):
            with Horizontal(classes="row"):
                yield Label("Players", classes="field")
                yield Select(PLAYERS, value=2, allow_blank=False, id="players")
                yield Label("Rules", classes="field")
                yield Select([(p, p) for p in PRESETS], value="standard", allow_blank=False, id="preset")
                yield Label("Target", classes="field")
                yield Select([(str(t), t) for t in TARGETS], value=11, allow_blank=False, id="target")
            with Horizontal(classes="row"):
                yield Label("AI", classes="field")
                yield Select([(level, level) for level in ai_levels()], value="medium", allow_blank=False,
                             id="ai")
                yield Label("Limit", classes="field")
                yield Select(TURN_LIMITS, value=60, allow_blank=False, id="turn-limit")
                yield Label("Lobby", classes="field")
                yield Select([("public", True), ("private", False)], value=True, allow_blank=False, id="public")
                yield Button("Create", id="create", variant="primary", compact=True)
        yield Static(id="lobby-error")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#tables", DataTable)
        table.add_columns("code", "title", "players", "free", "rules", "target", "turn limit")
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
        self.query_one("#lobby-error", Static).update(text)

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
        view = self.query_one("#tables", DataTable)
        view.clear()
        self.codes = []
        for t in tables:
            self.codes.append(t["code"])
            limit = t.get("turn_limit")
            view.add_row(t["code"], t.get("title", ""), str(t.get("players")), str(t.get("seats_free")),
                         str(t.get("preset")), str(t.get("target")), f"{limit:g} s" if limit else "")
        self.say(f"{len(tables)} open table{'s' if len(tables) != 1 else ''} on {client.url}"
                 if tables else f"no open table on {client.url}: create one")

    def create_options(self) -> dict:
        return {"players": self.query_one("#players", Select).value,
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
                joined = await client.join(what["join"])
        except (NetClientError, ValueError) as e:
            self.say(f"✗ {getattr(e, 'message', e)}")
            return
        self.client = None  # the table owns the connection from now on
        self.app.show_table(RemoteTable(client, joined))

    def action_back(self) -> None:
        self.app.pop_screen() if len(self.app.screen_stack) > 2 else self.app.exit()

    async def on_unmount(self) -> None:
        if self.client is not None:
            await self.client.close()
