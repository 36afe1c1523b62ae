"""``scopa-tui server``: the online table server (``scopa-net/1``, docs/online-protocol.md).

An asyncio server on the ``websockets`` library.  Each connection is read by
:meth:`Server.handler`: every frame is rate-limited and checked by
:func:`.messages.parse_client`, then applied to the connection's table; a refused
message gets an ``error`` and changes nothing.  Each connection has a queue of its own
for what it is sent, so a slow reader never holds up a table.  Tables live in memory and
in SQLite (:mod:`.tablestore`); at start the server rebuilds every table it kept.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import secrets
import signal
import sqlite3
import ssl
import sys
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from .. import __version__
from ..engine.text import _
from ..store.signals import SIGNALS
from .address import address_key, every_network, network_addresses, url_host
from .messages import (ADDRESS_CONNECTIONS, ADDRESS_WAITING, BURST, CHAT_BURST, CHAT_RATE, CODE_ALPHABET,
                       CODE_LENGTH, IDLE_TIMEOUT, MAX_FRAME, PROTOCOL, RATE, SEAT_BURST, SEAT_RATE,
                       TLS_HANDSHAKE_TIMEOUT, NetError, error_message, frame, game_record_id, parse_client)
from .table import Seat, Table, TableOptions
from .thinking import Thinking
from .tablestore import ONLINE_FILE, SeatGame, TableStore, UnfiledGame

FINISHED_KEEP = 300.0  # seconds a finished table stays in memory (a late client still sees the end)
SEND_QUEUE = 2000  # messages waiting for a slow reader before its connection is closed ...
SEND_BYTES = 8 * 1024 * 1024  # ... or bytes: lobbies asked for and never read would fill the memory
MAX_TABLES = 5000  # tables one server keeps at once (far above what it can play: docs/online-protocol.md)
# Refusals that only a broken or hostile client earns (a late play, a seat gone, are a
# person's ordinary races): counted per connection, one line in the log when it closes.
FAULTS = ("bad_json", "too_big", "bad_message", "bad_name", "rate_limited", "protocol")
# Close codes the connection's library sends a client that broke the WebSocket protocol, a
# frame too big (1009) or bad UTF-8 (1007) among them, and the server's "too slow" (1008).
FAULT_CLOSES = (1002, 1003, 1007, 1008, 1009)
# Lines about such connections from one address: at most FAULT_LINES in FAULT_WINDOW seconds,
# the others summed up in one line at its end (a client opening connections one after another,
# each sending one bad frame, wrote 500 lines a second to the log).
FAULT_LINES = 10
FAULT_WINDOW = 60.0


def log_line(text: str) -> None:
    """One line of the server's log, on standard error.  A log that cannot take it (a full
    disk under ``2>> server.log``) loses the line and nothing else: the line is often written
    as a connection ends, and an error there would leave its seat held by a dead connection."""
    try:
        print(f"scopa-tui server: {text}", file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


class Bucket:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int):
        self.rate, self.burst = rate, float(burst)
        self.tokens = self.burst
        self.refilled = time.monotonic()

    def allow(self) -> bool:
        """Take one message; False when the bucket is empty."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.refilled) * self.rate)
        self.refilled = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class FaultsSaid:
    """The lines about an address's misbehaving connections in its FAULT_WINDOW, and the
    connections past FAULT_LINES, said in one line at its end."""

    def __init__(self):
        self.lines = 0
        self.more = 0  # connections not said one by one ...
        self.counts: dict[str, int] = {}  # ... their refusals by code ...
        self.closes = 0  # ... and how many the server closed for a fault


class Connection:
    """One client: its name, its seat, its rate budgets and its outgoing queue."""

    def __init__(self, server: Server, ws: CountedConnection):
        self.server = server
        self.ws = ws
        self.address = ws.address
        self.name: str | None = None
        self.table: Table | None = None
        self.seat: int | None = None
        self.messages = Bucket(RATE, BURST)
        self.chat = Bucket(CHAT_RATE, CHAT_BURST)
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()  # UTF-8 JSON text frames
        self.queued = 0  # bytes in the queue
        self.closing = False
        self.faults: dict[str, int] = {}  # FAULTS refused on this connection, by error code
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, msg: dict[str, Any]) -> None:
        self.send_text(frame(msg))

    def send_text(self, data: bytes) -> None:
        """Queue one text frame, already UTF-8 (a table encodes a message once for all its seats)."""
        if self.queue.qsize() >= SEND_QUEUE or self.queued + len(data) > SEND_BYTES:
            self.close(1008, "too slow")  # it does not read: let it go (it may resume later)
            return
        self.queued += len(data)
        self.queue.put_nowait(data)

    async def _write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while (data := await self.queue.get()) is not None:
                self.queued -= len(data)
                await self.ws.send(data, text=True)

    def close(self, code: int = 1000, reason: str = "") -> None:
        if not self.closing:  # once: a reader too slow is told so by every message it misses
            self.closing = True
            self.server._spawn(self.ws.close(code, reason))

    def detach(self, reason: str) -> None:
        """The seat was taken over by another connection: this one is let go."""
        self.table = self.seat = None
        self.send(error_message("replaced", reason))
        self.queue.put_nowait(None)
        self.close(4000, "seat resumed elsewhere")


class CountedConnection(ServerConnection):
    """A connection counted against its address (:func:`address_key`) from the moment it is
    opened to its close: in the WebSocket handshake and before its first message, it takes a
    place as an open one does.  One opened with ``max_connections`` of its address open is
    ``over``: told ``too_many`` once its handshake is done; with twice as many, it is cut at
    once, so a client that never ends its handshakes cannot hold more (docs/online-protocol.md)."""

    def __init__(self, *args: Any, owner: Server, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.owner = owner
        self.address = "?"  # address_key of the remote host, once opened
        self.counted = False
        self.over = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        remote = self.remote_address
        self.address = address_key(str(remote[0])) if remote else "?"
        before = self.owner.connections.get(self.address, 0)
        self.owner.connections[self.address] = before + 1
        self.counted = True
        limit = self.owner.max_connections
        self.over = bool(limit) and before >= limit
        if limit and before >= 2 * limit:
            transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        if self.counted:
            self.counted = False
            left = self.owner.connections.pop(self.address) - 1
            if left:
                self.owner.connections[self.address] = left
            if left < self.owner.max_connections:
                self.owner.over_logged.discard(self.address)  # under its limit again: a next breach is logged


class Server:
    """Tables, connections and the lobby.  ``data_dir`` None keeps nothing on disk.

    ``max_connections`` and ``max_waiting``: the per-address limits (0: none), see
    :data:`.messages.ADDRESS_CONNECTIONS` and :data:`.messages.ADDRESS_WAITING`.
    """

    def __init__(self, data_dir: Path | None, ai_pace: float = 0.5, idle_timeout: float = IDLE_TIMEOUT,
                 history: bool = True, log=None, max_connections: int = ADDRESS_CONNECTIONS,
                 max_waiting: int = ADDRESS_WAITING):
        self.data_dir = data_dir
        self.log = log or log_line
        self.store = TableStore(data_dir, self.log)  # RuntimeError: unusable (in use, newer)
        self.tables: dict[str, Table] = {}
        self.idle_timeout = idle_timeout
        self.max_tables = MAX_TABLES
        self.max_connections = max_connections
        self.max_waiting = max_waiting
        self.connections: dict[str, int] = {}  # address_key -> connections open or opening
        self.over_logged: set[str] = set()  # addresses past max_connections, logged once until back under it
        self.faults_said: dict[str, FaultsSaid] = {}  # address_key -> its lines in its FAULT_WINDOW
        self.history = history and data_dir is not None
        self.executor = ThreadPoolExecutor(max_workers=4, thread_name_prefix="scopa-ai")
        self.thinking = Thinking(self.executor, log=self.log)
        self.options = TableOptions(self.store, self.thinking, ai_pace, on_finished=self._finished,
                                    on_closed=self._closed, log=self.log)
        self.server = None
        self._tasks: set[asyncio.Task] = set()
        self._kept_task: asyncio.Task | None = None  # filing the games kept for the history
        self._kept_again = False  # a game filed meanwhile: the task makes one more pass
        self._kept_refused: set[str] = set()  # kept games the history refused (damaged): said once
        self._takings: dict[tuple[str, int], Bucket] = {}  # (table code, seat): its takings (SEAT_RATE)

    # --- life -------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 7654, ssl_context: ssl.SSLContext | None = None):
        """Rebuild the kept tables and listen; returns the port (useful with port 0)."""
        self._restore()
        tls = {"ssl_handshake_timeout": TLS_HANDSHAKE_TIMEOUT} if ssl_context else {}
        self.server = await serve(self.handler, host, port, ssl=ssl_context, max_size=MAX_FRAME,
                                  compression=None, server_header=f"scopa-tui/{__version__}",
                                  create_connection=functools.partial(CountedConnection, owner=self), **tls)
        return self.server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        for address in list(self.faults_said):  # said before the window's end: the log ends with them
            self._faults_summed(address)
        for table in list(self.tables.values()):
            if table.task:
                table.task.cancel()
        for task in list(self._tasks):
            task.cancel()
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.thinking.close()
        self.store.close()

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _run_table(self, table: Table) -> None:
        table.task = self._spawn(table.run())

    def _restore(self) -> None:
        for kept in self.store.load():
            try:
                table = Table(kept.code, kept.config, [Seat.from_store(s) for s in kept.seats], kept.seed,
                              self.options, created=kept.created)
                table.restore(kept.actions, kept.started, kept.turn_began, kept.chat)
            except Exception as e:  # noqa: BLE001 - one bad row must not keep the server down
                self.log(f"table {kept.code} could not be rebuilt ({e!r}); left in the file")
                continue
            self.tables[table.code] = table
            self._run_table(table)  # a finished one too: its people may come back and play again
            if table.phase == "game_over":
                self._finished(table)
        if self.tables:
            self.log(f"continuing {len(self.tables)} table{'s' if len(self.tables) != 1 else ''}")
        self._file_kept()  # games a rematch kept apart, the history failing: filed now

    def _finished(self, table: Table) -> None:
        """The game is over: filed in the history (a rematch waits for it), the table forgotten
        after :data:`FINISHED_KEEP` unless its people play again."""
        from ..store.saves import GameSetup

        number = table.config["game"]
        # Taken now: a rematch may replace the game, and a person leaving frees a seat, meanwhile.
        setup = GameSetup([table.seat_name(i) for i in range(len(table.seats))],
                          [s.level if s.kind == "ai" else None for s in table.seats], human_seat=None,
                          extra={"online": table.code})
        game = UnfiledGame(game_record_id(table.code, number), table.code, number, time.time(),
                           table.record_text(), setup.to_json())
        # each person's own view of it, for one who is away now and asks later (``games``)
        info = table.info()
        self.store.keep_seat_games([(s.token, SeatGame(table.code, number, i, game.finished, info,
                                                       table.seat_lines(i)))
                                    for i, s in enumerate(table.seats) if s.kind == "person" and s.token])
        table.filing = True
        self._spawn(self._file(table, game))

    async def _file(self, table: Table, game: UnfiledGame) -> None:
        """Put the table's finished ``game`` in the history (``scopa-tui export`` lists it),
        then forget the table unless it plays again.  A game the history cannot take stays
        in the table's row; a rematch keeps it apart (:meth:`.TableStore.replace`), and
        :meth:`_file_kept` files it at the next start or once a game is filed again."""
        if self.history and not table.filed:
            try:
                ok = await self._add_to_history(game)
            except ValueError as e:  # the record or the setup refused (a bug): kept all the same
                self.log(f"table {table.code}: game {game.game} was refused by the history ({e})")
                ok = False
            if not ok:
                self.log(f"table {table.code}: game {game.game} could not be filed in the history; kept in "
                         f"{ONLINE_FILE}, filed at the next start or once the history takes a game again")
                table.unfiled = game
                table.rematch_filed()
                return
            table.filed, table.unfiled = True, None
            self._file_kept()  # the history takes games again: the ones kept for it go in too
        if table.config["game"] == game.game:
            self.store.remove(table.code)
            table.unsynced = False  # filed: the game is not to be written again
        table.rematch_filed()
        await asyncio.sleep(FINISHED_KEEP)
        if table.config["game"] == game.game and table.phase == "game_over" and not table.closed:
            table.close()  # nobody played again: forgotten (a seat still at it is closed when idle)

    async def _add_to_history(self, game: UnfiledGame) -> bool:
        """File ``game`` in the history database (in a thread); True when it is there (filed
        before, too), False when the history cannot take it now (why: in the log).  Raises
        ``ValueError`` when the game itself is refused (a damaged record or setup)."""
        from ..store.db import Database
        from ..store.files import Notices
        from ..store.paths import STATS_FILE
        from ..store.saves import GameSetup

        setup = GameSetup.from_json(game.setup)
        notices = Notices()
        db = Database(self.data_dir / STATS_FILE, notices)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor, db.add_game, game.game_id, game.record, setup,
                                              game.finished)
        except ValueError:
            raise
        except Exception as e:  # noqa: BLE001 - a failure of the history never stops the server
            notices.add(repr(e))
            return False
        finally:
            for line in notices.take():
                self.log(line)

    def _file_kept(self) -> None:
        """File the games the history could not take, at start and each time it takes one:
        a finished table's own (:attr:`.Table.unfiled`), and those a rematch kept apart
        (:meth:`.TableStore.unfiled`, in a task of their own)."""
        if not self.history:
            return
        for table in list(self.tables.values()):
            if table.unfiled is not None and not table.filing and table.phase == "game_over" and not table.closed:
                table.filing = True  # a rematch waits for it, as for any filing
                self._spawn(self._file(table, table.unfiled))
        if self._kept_task is not None and not self._kept_task.done():
            self._kept_again = True  # one more pass when this one ends: a game may have been kept since
            return
        self._kept_task = self._spawn(self._file_kept_games())

    async def _file_kept_games(self) -> None:
        self._kept_again = True
        while self._kept_again:
            self._kept_again = False
            for game in self.store.unfiled():
                if game.game_id in self._kept_refused:
                    continue
                try:
                    ok = await self._add_to_history(game)
                except ValueError as e:
                    self._kept_refused.add(game.game_id)
                    self.log(f"table {game.code}: the unfiled game {game.game} ({game.game_id}) was refused by "
                             f"the history ({e}); left in {ONLINE_FILE}")
                    continue
                if not ok:
                    return  # the history cannot take games yet: the next one filed tries again
                self.store.forget_unfiled(game.game_id)
                self.log(f"table {game.code}: game {game.game}, kept since it could not be filed, is in the "
                         "history now")

    def _closed(self, table: Table) -> None:
        self.tables.pop(table.code, None)
        for seat in range(len(table.seats)):
            self._takings.pop((table.code, seat), None)

    # --- connections --------------------------------------------------------------------
    async def handler(self, ws: CountedConnection) -> None:
        if ws.over:  # counted from its opening (CountedConnection)
            if ws.address not in self.over_logged:  # one line a breach, not one a connection of a flood
                self.over_logged.add(ws.address)
                self.log(f"{ws.address}: more than {self.max_connections} connections at once; "
                         "the ones past the limit are refused")
            with contextlib.suppress(ConnectionClosed):
                await ws.send(frame(error_message(
                    "too_many", f"at most {self.max_connections} connections at once from one address")), text=True)
                await ws.close(1008, "too many connections")
            return
        await self._serve(Connection(self, ws))

    async def _serve(self, conn: Connection) -> None:
        ws = conn.ws
        loop = asyncio.get_running_loop()
        heard = loop.time()  # the connection's last message
        try:
            while True:
                table = conn.table
                if table is not None and not table.closed and (table.phase != "game_over"
                                                               or conn.seat in table.rematch):
                    # its table's turn limit holds it, or its wait for the others' rematch: look again then
                    wait = self.idle_timeout
                else:  # no seat, or a seat at a table over (or closed): idle since the later of the two
                    since = max(heard, table.ended or 0.0) if table is not None else heard
                    wait = since + self.idle_timeout - loop.time()
                    if wait <= 0:
                        conn.queue.put_nowait(None)
                        await ws.close(1000, "idle")
                        break
                try:
                    frame = await asyncio.wait_for(ws.recv(), wait)  # cancelling recv loses nothing
                except asyncio.TimeoutError:
                    continue
                except ConnectionClosed:
                    break
                heard = loop.time()
                self.handle(conn, frame)
        finally:
            self._log_faults(conn)
            conn.queue.put_nowait(None)
            table, seat = conn.table, conn.seat
            conn.table = conn.seat = None
            if table is not None and seat is not None and not table.closed:
                table.drop(seat, conn)

    def _log_faults(self, conn: Connection) -> None:
        """One line for a connection that ends having misbehaved: the refusals it earned, and
        how it was closed when the server closed it for a fault (docs/online-protocol.md)."""
        protocol = conn.ws.protocol
        sent = protocol.close_sent
        closed = sent is not None and sent.code in FAULT_CLOSES and not protocol.close_rcvd_then_sent
        if not conn.faults and not closed:
            return
        said = self.faults_said.get(conn.address)
        if said is None:
            said = self.faults_said[conn.address] = FaultsSaid()
            asyncio.get_running_loop().call_later(FAULT_WINDOW, self._faults_summed, conn.address)
        if said.lines >= FAULT_LINES:  # summed up at the window's end
            said.more += 1
            for code, count in conn.faults.items():
                said.counts[code] = said.counts.get(code, 0) + count
            said.closes += closed
            return
        said.lines += 1
        who = conn.address + (f" ({conn.name})" if conn.name else "")
        parts = []
        if conn.faults:
            n = sum(conn.faults.values())
            counts = ", ".join(f"{code} {count}" for code, count in sorted(conn.faults.items()))
            parts.append(f"{n} message{'s' if n != 1 else ''} refused ({counts})")
        if closed:
            parts.append(f"closed by the server: {sent.code} {sent.reason or ''}".rstrip())
        self.log(f"{who}: {'; '.join(parts)}")

    def _faults_summed(self, address: str) -> None:
        """The end of an address's FAULT_WINDOW: one line for the connections it did not say."""
        said = self.faults_said.pop(address, None)
        if said is None or not said.more:
            return
        parts = [", ".join(f"{code} {count}" for code, count in sorted(said.counts.items()))] if said.counts else []
        if said.closes:
            parts.append(f"{said.closes} closed by the server")
        self.log(f"{address}: {said.more} more connection{'s' if said.more != 1 else ''} misbehaved "
                 f"in {FAULT_WINDOW:g} s ({'; '.join(parts)})")

    def handle(self, conn: Connection, frame: str | bytes) -> None:
        """One frame from a client: checked, applied, or refused with an ``error``."""
        if not conn.messages.allow():
            conn.faults["rate_limited"] = conn.faults.get("rate_limited", 0) + 1
            conn.send(error_message("rate_limited", f"at most {RATE:g} messages a second (bursts of {BURST})"))
            return
        ref = None
        try:
            msg = parse_client(frame)
            ref = msg["type"]
            reply = self.dispatch(conn, msg)
        except NetError as e:
            if e.code in FAULTS:
                conn.faults[e.code] = conn.faults.get(e.code, 0) + 1
            conn.send(error_message(e.code, e.message, e.ref or ref))
            return
        except Exception:  # noqa: BLE001 - nothing a client sends stops the server
            self.log(f"internal error on a {ref} message\n{traceback.format_exc()}")
            conn.send(error_message("internal", "the server failed on this message", ref))
            return
        if reply is not None:
            conn.send(reply)

    def dispatch(self, conn: Connection, msg: dict[str, Any]) -> dict[str, Any] | None:
        kind = msg["type"]
        if conn.table is not None and conn.table.seats[conn.seat].away:
            conn.table.come_back(conn.seat)  # any message from an away person's connection: back
        if kind == "ping":
            return {"type": "pong"}
        if kind == "hello":
            if conn.name is not None:
                raise NetError("wrong_state", "hello was said already")
            conn.name = msg["name"]
            return {"type": "welcome", "protocol": PROTOCOL, "server": f"scopa-tui {__version__}"}
        if conn.name is None:
            raise NetError("wrong_state", "say hello first")
        if kind == "lobby":
            return {"type": "lobby", "tables": [t.lobby_entry() for t in self.tables.values()
                                                 if t.config["public"] and t.game is None and t.open_seats
                                                 and not t.closed]}
        if kind == "games":  # seated or not: a kept token asks for the games its seat finished
            return self._games(msg)
        if kind in ("create", "join", "resume"):
            if conn.table is not None:
                raise NetError("wrong_state", f"you sit at table {conn.table.code} already; leave it first")
            getattr(self, f"_{kind}")(conn, msg)
            return None
        table, seat = conn.table, conn.seat
        if table is None or seat is None:
            raise NetError("wrong_state", "you do not sit at a table")
        if kind == "state":  # a client out of step with the game asks for the whole of it again
            return table.state_message(seat)
        if kind == "start":
            if seat != table.config["creator"]:
                raise NetError("not_creator", f"only {table.seat_name(table.config['creator'])} may start the table")
            if table.game is not None:
                raise NetError("wrong_state", "the game is over" if table.phase == "game_over"
                               else "the game has started already")
            table.start()
        elif kind == "play":
            table.play(seat, msg["card"], msg["capture"])
        elif kind == "ready":
            table.mark_ready(seat, msg["hand"])
        elif kind == "chat":
            if not conn.chat.allow():
                raise NetError("rate_limited", f"at most {CHAT_RATE:g} chat line a second (bursts of {CHAT_BURST})")
            table.say(seat, msg["text"])
        elif kind == "rematch":
            table.ask_rematch(seat, msg["game"])
        elif kind == "leave":
            conn.table = conn.seat = None
            table.leave(seat)
        return None

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _x in range(CODE_LENGTH))
            if code not in self.tables:
                return code

    def _seated(self, conn: Connection, table: Table, seat: int) -> None:
        conn.table, conn.seat = table, seat
        conn.send({"type": "joined", "code": table.code, "seat": seat, "token": table.seats[seat].token,
                   "table": table.info()})
        conn.send(table.state_message(seat))

    def _create(self, conn: Connection, msg: dict[str, Any]) -> None:
        if len(self.tables) >= self.max_tables:
            raise NetError("wrong_state", f"this server holds as many tables as it can ({self.max_tables}); "
                                          "try again later")
        if self.max_waiting and sum(1 for t in self.tables.values() if t.address == conn.address
                                    and t.unattended) >= self.max_waiting:
            raise NetError("too_many", f"at most {self.max_waiting} tables waiting to start from one address "
                                       "(or played by the AI with nobody at them); start one, or sit at one, first")
        players = msg["players"]
        config = {"title": msg["title"] or f"{conn.name}'s table"[:40], "players": players,
                  "preset": msg["preset"], "target": msg["target"], "variant": msg["variant"],
                  "options": msg["options"], "ai": msg["ai"],
                  "turn_limit": msg["turn_limit"], "public": msg["public"], "creator": 0}
        seats = [Seat(level=level) for level in msg["ai"]]
        code = self._new_code()
        table = Table(code, config, seats, secrets.randbelow(2**31), self.options)
        table.address = conn.address
        table.check_free_name(conn.name)  # "AI 2" is an AI seat's: refused before anything is kept
        table.unsynced = not self.store.add(code, table.created, config, [], table.seed) and self.store.kept
        seat, _token = table.take_seat(conn.name, conn)
        self.tables[code] = table
        self._run_table(table)
        self._seated(conn, table, seat)

    def _table(self, code: str) -> Table:
        table = self.tables.get(code)
        if table is None or table.closed:
            raise NetError("no_such_table", f"there is no table {code}")
        return table

    def _taking(self, table: Table, seat: int) -> None:
        """A person takes ``seat`` (a ``join`` or a ``resume``): refused past SEAT_RATE, as each
        taking is said on every screen at the table (docs/online-protocol.md, Limits)."""
        if not self._takings.setdefault((table.code, seat), Bucket(SEAT_RATE, SEAT_BURST)).allow():
            raise NetError("rate_limited", f"seat {seat + 1} at table {table.code} was taken too often: "
                                           f"at most {SEAT_BURST} times at once, then once every {1 / SEAT_RATE:g} s")

    def _join(self, conn: Connection, msg: dict[str, Any]) -> None:
        table = self._table(msg["code"])
        if table.game is None and table.open_seats:  # else take_seat says why there is no seat
            table.check_free_name(conn.name)  # a name refused takes no seat, nor counts as a taking
            self._taking(table, table.open_seats[0])
        seat, _token = table.take_seat(conn.name, conn)
        self._seated(conn, table, seat)
        table.announce(seat, "joined")
        if not table.open_seats:
            table.start()

    def _resume(self, conn: Connection, msg: dict[str, Any]) -> None:
        table = self._table(msg["code"])
        seat = table.find_token(msg["token"])
        if seat is None:
            raise NetError("bad_token", f"that token holds no seat at table {table.code}")
        self._taking(table, seat)
        was_gone = table.resume(seat, conn)
        self._seated(conn, table, seat)
        if was_gone:
            table.come_back(seat, announce_always=True)


    def _games(self, msg: dict[str, Any]) -> dict[str, Any]:
        """The finished games the token's seat played at the table (docs/online-protocol.md,
        ``games``), and the seat it holds there now (None: none, the table gone or the seat freed)."""
        code, token = msg["code"], msg["token"]
        table = self.tables.get(code)
        seat = table.find_token(token) if table is not None and not table.closed else None
        return {"type": "games", "code": code, "seat": seat,
                "games": [g.to_message() for g in self.store.seat_games(token, code)]}


def _ssl_context(certfile: str | None, keyfile: str | None) -> ssl.SSLContext | None:
    if not certfile:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certfile, keyfile)
    return context


def _certificate_error(certfile: str, keyfile: str, e: OSError) -> str:
    """The line that says why ``--certfile`` and ``--keyfile`` cannot serve wss://: which of
    the two files is wrong and what it should be.  OpenSSL says "[SSL] PEM lib (_ssl.c:3905)"
    of a file of either kind, and "No such file or directory" of either without its name."""
    from ..store.files import describe_os_error

    if isinstance(e, ssl.SSLError) and e.reason == "KEY_VALUES_MISMATCH":
        # TRANSLATORS: --keyfile is typed as it is.
        return _("scopa-tui: error: {key} is not the key of the certificate {cert}: --keyfile takes the "
                 "private key made with it").format(key=keyfile, cert=certfile)
    try:  # the certificate alone
        ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER).load_verify_locations(certfile)
    except ssl.SSLError:
        # TRANSLATORS: --certfile and -----BEGIN CERTIFICATE----- are typed as they are.
        return _("scopa-tui: error: {file} is not a certificate: --certfile takes a PEM certificate "
                 "(-----BEGIN CERTIFICATE-----)").format(file=certfile)
    except OSError as cert_error:
        return _("scopa-tui: error: cannot use the certificate {file}: {why}").format(
            file=certfile, why=describe_os_error(cert_error))
    if not isinstance(e, ssl.SSLError):
        return _("scopa-tui: error: cannot use the certificate's key {file}: {why}").format(
            file=keyfile, why=describe_os_error(e))
    if e.reason is None:  # "PEM lib" of the key, the certificate read
        # TRANSLATORS: --keyfile is typed as it is.
        return _("scopa-tui: error: {file} is not a private key: --keyfile takes the certificate's "
                 "private key, in PEM").format(file=keyfile)
    return _("scopa-tui: error: cannot use the certificate {file}: {why}").format(file=certfile, why=e)


def _join_at(scheme: str, addresses: list[str], port: int) -> str:
    """The lines after the first of a server listening on every network: where other machines
    join it (README.md, Play online), at each of this machine's addresses on a machine on
    several networks."""
    if not addresses:
        return _("Players on other machines join at this machine's address on its network, port {port}.").format(
            port=port)
    urls = [f"{scheme}://{url_host(a)}:{port}/" for a in addresses]
    if len(urls) == 1:
        return _("Players on other machines join at {url} (this machine's address on its network).").format(
            url=urls[0])
    # TRANSLATORS: followed by one line for each of the machine's addresses (ws://192.168.1.20:7654/).
    return "\n  ".join([_("Players on other machines join at this machine's address on their network:"), *urls])


async def serve_until_stopped(data_dir: Path, host: str, port: int, certfile: str | None = None,
                              keyfile: str | None = None, ai_pace: float = 0.5, **limits: int) -> int:
    """Run the server until SIGINT, SIGTERM or SIGHUP; the first line on stdout says where it listens."""
    try:
        context = _ssl_context(certfile, keyfile)
    except OSError as e:  # ssl.SSLError among them
        print(_certificate_error(certfile, keyfile, e), file=sys.stderr)
        return 2
    try:
        server = Server(data_dir, ai_pace=ai_pace, **limits)  # max_connections, max_waiting
    except (RuntimeError, OSError, sqlite3.Error) as e:
        if isinstance(e, OSError):
            from ..store.files import describe_os_error

            blocker = e.filename if isinstance(e, NotADirectoryError) and e.filename != str(data_dir) else None
            e = f"{blocker}: {describe_os_error(e)}" if blocker else describe_os_error(e)  # the file in the way
        print(_("scopa-tui: error: cannot keep tables in {dir}: {why}").format(dir=data_dir, why=e), file=sys.stderr)
        return 2
    try:
        bound = await server.start(host, port, context)
    except OSError as e:  # asyncio's words ("error while attempting to bind on address ...") in the player's
        from ..store.files import describe_os_error

        server.store.close()
        print(_("scopa-tui: error: cannot listen on {host}:{port}: {why}").format(host=host, port=port,
                                                                                    why=describe_os_error(e)),
              file=sys.stderr)
        return 2
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    # SIGHUP too (its terminal closed): it ended the server outright, without its clean stop.
    for sig in (signal.SIGINT, *SIGNALS):  # before saying where it listens: a stop right after is clean
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    scheme = "wss" if context else "ws"
    # The first line stays English, as the server's log: scripts read the address from it.
    shown = url_host(host)
    try:
        print(f"scopa-tui server: listening on {scheme}://{shown}:{bound}/ (tables kept in {data_dir})", flush=True)
        if every_network(host):  # ws://0.0.0.0:7654/ is no address to join at
            print(_join_at(scheme, network_addresses(ipv6=":" in host), bound), flush=True)
    except OSError as e:  # > /dev/full, or its reader gone: the server serves all the same
        from ..store.files import stdout_failed

        server.log(stdout_failed(e))
    await stop.wait()
    await server.close()
    return 0
