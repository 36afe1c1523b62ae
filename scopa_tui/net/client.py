"""An asyncio client of ``scopa-net/1`` (docs/online-protocol.md), with no UI.

:class:`NetClient` connects, says hello, creates, joins or resumes a seat, sends plays,
and yields the server's messages as dicts.  When the connection drops while it holds a
seat at a game not over, it reconnects by itself with the seat token (waiting 0.1 s,
0.2 s, 0.4 s ... up to 5 s between tries) and the server sends the whole state again.  The headless seat
(:mod:`.seat`) and the app's online table both use it::

    client = NetClient("ws://127.0.0.1:7654/", "Anna")
    await client.connect()
    joined = await client.create(players=2, ai="medium")
    async for msg in client:          # every server message, in order
        if msg["type"] == "turn" and msg["view"]:
            await client.play("7d", ["3c", "4s"])
    await client.close()

Besides the server's messages the iterator yields ``{"type": "connection", "status":
"lost" | "restored" | "failed", "message": ...}``, made by the client itself (the server
never sends this type), so a screen can say what happens to the connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
import ssl as ssl_module
from collections import deque
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..engine.text import N_, _, pgettext
from ..engine.words import cut, elides
from .messages import (BURST, DEFAULT_URL, NAME_MAX, PROTOCOL, RATE, TITLE_MAX, check_games, check_lobby, encode,
                       parse_server, two_addresses)

_END = object()  # the iterator's end
GIVE_UP_AFTER = 300.0  # seconds of failed reconnection tries before the client gives up
# Seconds a connection must stay up, once resumed, to count as back: a server that closes
# each one soon after the resume is one outage, whose wait grows and which is given up
# GIVE_UP_AFTER after it began (it was tried again from the start each time, for ever).
STABLE_AFTER = 30.0
SEAT_GONE = ("bad_token", "no_such_table")  # resume errors after which retrying is useless


# What the player reads for each error code of the server (docs/online-protocol.md, "Errors"):
# the server's own ``message`` stays English on the wire, and is shown only for a code this
# client does not know.
ERROR_LINES = {
    "bad_json": N_("the server could not read a message from this game"),
    "too_big": N_("a message was too long for the server"),
    "rate_limited": N_("too many messages at once: wait a moment and try again"),
    "bad_message": N_("the server refused the request: it is not one it accepts"),
    # TRANSLATORS: {most} is the longest name the server takes (24).
    "bad_name": N_("the server refused the name: 1 to {most} characters, without [ or ]"),
    "name_taken": N_("a player at this table has that name already, or one that looks the same: choose "
                     "another name"),
    "no_such_table": N_("there is no table with this code"),
    "table_full": N_("every seat at this table is taken"),
    "bad_token": N_("that seat is no longer yours"),
    "replaced": N_("your seat is played from another window or computer now: this one let it go"),
    "not_creator": N_("only the player who created the table can start it"),
    "wrong_state": N_("not now: the table is not at that point"),
    "not_your_turn": N_("it is not your turn"),
    "illegal_move": N_("the server refused the play: it is not legal"),
    "protocol": N_("the server speaks another version of the online protocol"),
    "too_many": N_("too many connections or waiting tables from your address: try again later"),
    "no_rematch": N_("no rematch now: the game is not over, or the table has closed"),
    "internal": N_("the server failed on the request; nothing changed"),
}


def table_title(name: str) -> str:
    """A new table's title in its creator's language ("Tavolo di Anna"), for the lobby and
    ``scopa-tui online --create``: the server's own default is English ("Anna's table")."""
    if elides(name):
        # TRANSLATORS: as "{name}'s table", where {name} begins with a sound your language
        # elides the word before: French "Table d'Anna", "Table d'Hélène" (before a vowel or
        # a mute h). Other languages never show it: write it as "{name}'s table".
        template = pgettext("elided", "{name}'s table")
    else:
        # TRANSLATORS: a new table's title in the lobby; {name} is its creator's.
        template = _("{name}'s table")
    return cut(template.format(name=name), TITLE_MAX)


def error_line(code: str | None, message: str | None) -> str:
    """An ``error`` from the server as the player reads it: the line for its code in the
    player's language, else the server's own text."""
    if code == "table_full" and isinstance(message, str) and message.endswith(" is over"):
        # this server's words for a table whose game ended (net/table.py): no seat is taken there
        # TRANSLATORS: an online table joined (--join CODE) after its game ended.
        return _("the game at this table is over: there is no seat to take")
    words = ERROR_LINES.get(str(code))
    if words is not None:
        return _(words).format(most=NAME_MAX)
    for said in (message, code):  # a server of another make may send neither, or no text
        if isinstance(said, str) and said.strip():
            return said
    # TRANSLATORS: an error from the server with neither a code nor words of its own.
    return _("the server refused something without saying what")


def _why(e: BaseException) -> str:
    """An exception as the reason in a line for the player: what happened in the player's
    language for a port nobody listens on, a host name unknown, a time-out, and a reset
    without a text; else its text."""
    if isinstance(e, ConnectionRefusedError):  # read "[Errno 111] Connect call failed ('127.0.0.1', 7655)"
        return _("nothing answers there: is the table server running, on that port?")
    if isinstance(e, socket.gaierror):  # read "[Errno -2] Name or service not known"
        return _("no computer of that name is known")
    if isinstance(e, asyncio.TimeoutError):  # read "timed out during opening handshake" in every language
        return _("no answer in time")
    text = " ".join(str(e).split())
    if text:
        return text
    if isinstance(e, ConnectionResetError):  # a wss:// address of a ws:// server, say
        return _("the server closed the connection at once")
    return type(e).__name__


def unusable_line(e: Exception) -> str:
    """A server message that does not add up (``e`` says why, in English, as the server's own
    messages), as one line in the player's language."""
    # TRANSLATORS: {why} is the technical reason, in English (as the server's messages).
    return _("the server sent a message this game cannot use, left out: {why}").format(
        why=" ".join(str(e).split())[:120])


class NetClientError(Exception):
    """The server refused a request (``code``, ``message``) or could not be reached (code ``connect``
    or ``timeout``: ``message`` is then this client's own, in the player's language)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def line(self) -> str:
        """The failure as one line for the player, in the language in use."""
        return error_line(self.code, self.message)


class NetClient:
    """One seat's connection to a table server.

    ``record``: a list that receives every message from the server as it arrives
    (tests and debugging).  ``reconnect=False`` ends the iteration when the connection
    drops instead of resuming.
    """

    def __init__(self, url: str, name: str, *, reconnect: bool = True, give_up_after: float = GIVE_UP_AFTER,
                 open_timeout: float = 10.0, ssl: ssl_module.SSLContext | None = None,
                 record: list[dict[str, Any]] | None = None):
        self.url = url
        self.name = name
        self.reconnect = reconnect
        self.give_up_after = give_up_after
        self.open_timeout = open_timeout
        self.ssl = ssl
        self.record = record
        self.code: str | None = None  # the table, once seated
        self.seat: int | None = None
        self.token: str | None = None
        self.table: dict[str, Any] | None = None  # the latest table info
        self.rematch_game: int | None = None  # the game after whose end this seat asked to play again
        # a resume was refused, the seat no longer this client's: the refusal's code (SEAT_GONE)
        self.seat_gone: str | None = None
        # The view of the latest ``turn`` or ``state`` as it arrived (before the iterator yields
        # it), and the loop time it came: None once an event followed it, the position gone by.
        # A player that answers a view that is no longer this one answers a position gone by.
        self.turn_view: dict[str, Any] | None = None
        self.turn_received = 0.0
        self.welcome: dict[str, Any] | None = None
        self.connected = False
        self._ws: ClientConnection | None = None
        self._inbox: asyncio.Queue = asyncio.Queue()
        self._pending: deque = deque()  # messages read while waiting for an answer
        self._reader: asyncio.Task | None = None
        self._closed = False
        self._up_since = 0.0  # loop time the connection last opened
        self._outage_began: float | None = None  # loop time the outage under way began
        self._delay = 0.1  # seconds before the next reconnection try (doubles to 5)
        self._tokens = BURST - 5.0  # the client's own rate budget (see _pace)
        self._refilled = 0.0

    # --- connecting -------------------------------------------------------------------
    async def connect(self) -> dict[str, Any]:
        """Open the connection and say hello; returns the ``welcome``.  Raises :class:`NetClientError`."""
        await self._open()
        self._reader = asyncio.get_running_loop().create_task(self._read())
        return self.welcome

    async def _open(self) -> None:
        kwargs: dict[str, Any] = {"open_timeout": self.open_timeout, "compression": None, "max_size": 2**22}
        if self.url.startswith("wss:"):
            kwargs["ssl"] = self.ssl or ssl_module.create_default_context()
        try:
            if two_addresses(self.url):
                raise ValueError(self.url)
            ws = await connect(self.url, **kwargs)
        except (InvalidURI, ValueError):  # "ws://[::1", a port past 65535, a name IDNA refuses ("a..b")
            raise NetClientError("connect", _("{text} is not a server address such as {url}").format(
                text=repr(self.url), url=DEFAULT_URL)) from None
        except InvalidHandshake as e:  # a web server, say: it read "cannot reach URL: did not receive a valid HTTP response"
            # TRANSLATORS: something answered at the address, but not as a WebSocket server; {why} is the technical reason.
            raise NetClientError("connect", _("{url} answers, but it is not a table server: {why}").format(
                url=self.url, why=_why(e))) from None
        except (OSError, asyncio.TimeoutError) as e:
            raise NetClientError("connect", _("cannot reach {url}: {why}").format(
                url=self.url, why=_why(e))) from None
        try:
            with contextlib.suppress(ConnectionClosed):  # a server that refuses at once (``too_many``)
                await ws.send(encode({"type": "hello", "protocol": PROTOCOL, "name": self.name}))  # said why
            answer = parse_server(await asyncio.wait_for(ws.recv(), self.open_timeout))
        except (ConnectionClosed, asyncio.TimeoutError, ValueError) as e:
            await ws.close()
            # TRANSLATORS: the server did not answer the first message; {why} is the technical reason.
            raise NetClientError("connect", _("{url} did not answer: {why}").format(
                url=self.url, why=_why(e))) from None
        if answer["type"] != "welcome":
            await ws.close()
            raise NetClientError(str(answer.get("code", "protocol")), str(answer.get("message", answer)))
        if answer.get("protocol") != PROTOCOL:  # a newer (or older) server: its messages would not add up
            await ws.close()
            raise NetClientError("protocol", f"the server speaks {str(answer.get('protocol'))[:40]!r}, "
                                             f"not {PROTOCOL}")
        self.welcome = answer
        self._ws = ws
        self.connected = True
        self._up_since = asyncio.get_running_loop().time()

    async def close(self) -> None:
        """Close the connection for good (the seat stays this client's until the turn limit)."""
        self._closed = True
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader

    # --- reading ----------------------------------------------------------------------
    def _take(self, msg: dict[str, Any]) -> None:
        if self.record is not None:
            self.record.append(msg)
        kind = msg["type"]
        if kind == "joined":
            self.code, self.seat, self.token = msg.get("code"), msg.get("seat"), msg.get("token")
        if kind in ("joined", "table", "state") and isinstance(msg.get("table"), dict):
            self.table = msg["table"]
        if kind in ("turn", "state"):
            self.turn_view = msg.get("view")
            self.turn_received = asyncio.get_running_loop().time()
        elif kind == "event":  # a play, a deal, a hand's end: the position moved on
            self.turn_view = None
        self._inbox.put_nowait(msg)

    async def _read(self) -> None:
        while True:
            try:
                async for frame in self._ws:
                    try:
                        msg = parse_server(frame)
                    except ValueError:
                        continue  # not a message: ignored, as an unknown type would be
                    if msg["type"] == "connection":
                        continue  # this client's own word on its connection, never the server's
                    self._take(msg)
            except ConnectionClosed:
                pass
            self.connected = False
            replaced = self._ws.close_code == 4000  # the seat was resumed from another connection
            # a game over has nothing left to come back to, unless this seat asked to play again
            table = self.table or {}
            over = table.get("phase") == "game_over" and table.get("game", 1) != self.rematch_game
            if self._closed or not self.reconnect or self.token is None or replaced or over:
                self._inbox.put_nowait(_END)
                return
            now = asyncio.get_running_loop().time()
            if self._outage_began is None or now - self._up_since >= STABLE_AFTER:
                self._outage_began, self._delay = now, 0.1  # a new outage (STABLE_AFTER)
            self._take({"type": "connection", "status": "lost",
                        "message": _("connection to {url} lost; reconnecting").format(url=self.url)})
            restored = {"type": "connection", "status": "restored",
                        "message": _("connected to {url} again").format(url=self.url)}
            why = await self._resume_loop(restored)
            if why is not None:
                self._take({"type": "connection", "status": "failed", "message": why})
                self._inbox.put_nowait(_END)
                return

    async def _resume_loop(self, restored: dict[str, Any]) -> str | None:
        """Reconnect and resume the seat; None when done, else why it gave up."""
        loop = asyncio.get_running_loop()
        if self._outage_began is None:
            self._outage_began, self._delay = loop.time(), 0.1
        give_up = self._outage_began + self.give_up_after
        last = _("no answer")
        while loop.time() < give_up and not self._closed:
            # (the last wait ends at the give-up time, not past it)
            await asyncio.sleep(min(self._delay * (0.5 + random.random()), give_up - loop.time()))
            self._delay = min(5.0, self._delay * 2)
            try:
                await self._open()
                await self._ws.send(encode({"type": "resume", "code": self.code, "token": self.token}))
                answer = parse_server(await asyncio.wait_for(self._ws.recv(), self.open_timeout))
            except NetClientError as e:
                last = e.message
                continue
            except (ConnectionClosed, asyncio.TimeoutError, ValueError) as e:
                last = str(e) or type(e).__name__
                continue
            if answer["type"] == "error":
                self.connected = False
                await self._ws.close()
                if answer.get("code") in SEAT_GONE:
                    self.seat_gone = answer["code"]
                    return _("the seat is gone: {why}").format(why=error_line(answer.get("code"),
                                                                              answer.get("message")))
                last = error_line(answer.get("code"), answer.get("message"))
                continue
            self._take(restored)  # before the joined and state the resume brings
            self._take(answer)
            table = self.table or {}
            if table.get("phase") == "game_over" and table.get("game", 1) == self.rematch_game:
                # the server forgot the yes with the connection (docs/online-protocol.md, Playing again)
                await self.rematch(self.rematch_game)
            return None
        return _("gave up reconnecting to {url}: {why}").format(url=self.url, why=last)

    def __aiter__(self):
        return self

    async def __anext__(self) -> dict[str, Any]:
        if self._pending:
            msg = self._pending.popleft()
        else:
            msg = await self._inbox.get()
        if msg is _END:
            self._inbox.put_nowait(_END)  # the end stays the end
            raise StopAsyncIteration
        return msg

    async def _request(self, msg: dict[str, Any], answers: tuple[str, ...]) -> dict[str, Any]:
        """Send ``msg`` and wait for one of ``answers`` (other messages stay queued for the iterator)."""
        await self.send(msg)
        skipped = []
        loop = asyncio.get_running_loop()
        end = loop.time() + self.open_timeout
        try:
            while True:
                try:
                    got = await asyncio.wait_for(self._inbox.get(), max(0.0, end - loop.time()))
                except asyncio.TimeoutError:
                    # TRANSLATORS: {request} is the protocol's name of the request (lobby, join, create).
                    raise NetClientError("timeout", _("{url} did not answer {request} within {seconds} s").format(
                        url=self.url, request=msg["type"], seconds=f"{self.open_timeout:g}")) from None
                if got is _END:
                    self._inbox.put_nowait(_END)
                    raise NetClientError("connect", _("the connection to {url} closed").format(url=self.url))
                if got["type"] in answers:
                    return got
                if got["type"] == "error" and got.get("ref") == msg["type"]:
                    raise NetClientError(str(got.get("code")), str(got.get("message")))
                skipped.append(got)
        finally:
            self._pending.extend(skipped)

    # --- requests ---------------------------------------------------------------------
    async def _pace(self) -> None:
        """Stay under the server's rate limit (a little below it): wait when sending faster."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        self._tokens = min(BURST - 5.0, self._tokens + (now - self._refilled) * RATE * 0.9)
        self._refilled = now
        if self._tokens < 1:
            await asyncio.sleep((1 - self._tokens) / (RATE * 0.9))
            self._tokens, self._refilled = 1.0, loop.time()
        self._tokens -= 1

    async def send(self, msg: dict[str, Any]) -> bool:
        """Send one message (waiting if needed to stay under the rate limit); False when the
        connection is down (it is not queued)."""
        if self._ws is None or not self.connected:
            return False
        await self._pace()
        try:
            await self._ws.send(encode(msg))
            return True
        except ConnectionClosed:
            return False

    async def lobby(self) -> list[dict[str, Any]]:
        """The open tables, each field of the type the protocol gives it (or left out)."""
        answer = await self._request({"type": "lobby"}, ("lobby",))
        try:
            return check_lobby(answer)
        except ValueError as e:
            raise NetClientError("unusable", unusable_line(e)) from None

    async def create(self, **options: Any) -> dict[str, Any]:
        """Create a table; the keywords are the ``create`` message's fields (docs/online-protocol.md).

        ``players``, ``preset``, ``target``, ``variant`` (``"scopone-scientifico"`` ...),
        ``options`` (house rules as ``--option`` takes them: ``["re-bello"]``), ``ai``,
        ``turn_limit``, ``public``, ``title``.  A refused one raises with the server's line.
        """
        return await self._request({"type": "create", **options}, ("joined",))

    async def join(self, code: str) -> dict[str, Any]:
        return await self._request({"type": "join", "code": code}, ("joined",))

    async def resume(self, code: str, token: str) -> dict[str, Any]:
        return await self._request({"type": "resume", "code": code, "token": token}, ("joined",))

    async def games(self, code: str, token: str) -> tuple[int | None, list[dict[str, Any]]]:
        """The finished games the seat of ``token`` played at table ``code`` (the server keeps
        them for a player away at the end: docs/online-protocol.md, ``games``), and the seat the
        token holds there now (None: none any more).  A server without ``games`` refuses it
        (``bad_message``), as any refusal, with :class:`NetClientError`."""
        answer = await self._request({"type": "games", "code": code, "token": token}, ("games",))
        try:
            return check_games(answer)
        except ValueError as e:
            raise NetClientError("unusable", unusable_line(e)) from None

    async def start(self) -> bool:
        return await self.send({"type": "start"})

    async def play(self, card: str, capture: list[str] | tuple[str, ...] = ()) -> bool:
        return await self.send({"type": "play", "card": card, "capture": list(capture)})

    async def sync(self) -> bool:
        """Ask for the whole state again (a ``state`` follows): the picture of the game here
        no longer fits the server's."""
        return await self.send({"type": "state"})

    async def ready(self, hand: int) -> bool:
        return await self.send({"type": "ready", "hand": hand})

    async def chat(self, text: str) -> bool:
        return await self.send({"type": "chat", "text": text})

    async def rematch(self, game: int) -> bool:
        """Ask to play again at the table once its game ``game`` (the table info's number) is
        over; a connection lost before the others answer is then resumed, and the question
        asked again."""
        self.rematch_game = game
        if not self.connected and self._ended_at_game_over(game):
            return await self._come_back()  # the resume asks it again (_resume_loop)
        return await self.send({"type": "rematch", "game": game})

    def _ended_at_game_over(self, game: int) -> bool:
        """The connection ended at the end of game ``game`` and this client let it go (the server
        closes a seat idle at a finished table, and a game over is not come back to unasked)."""
        table = self.table or {}
        return (self.reconnect and not self._closed and self.token is not None and self._reader is not None
                and self._reader.done() and table.get("phase") == "game_over" and table.get("game", 1) == game)

    async def _come_back(self) -> bool:
        """Resume the seat let go at a game over, to play again: the messages go on (the
        iterator's end taken back). True when seated again."""
        kept = []
        while not self._inbox.empty():
            msg = self._inbox.get_nowait()
            if msg is not _END:
                kept.append(msg)
        for msg in kept:
            self._inbox.put_nowait(msg)
        self._outage_began = None  # let go at a game over: no outage, the tries start afresh
        why = await self._resume_loop({"type": "connection", "status": "restored",
                                       "message": _("connected to {url} again").format(url=self.url)})
        if why is not None:
            self._inbox.put_nowait(_END)
            return False
        self._reader = asyncio.get_running_loop().create_task(self._read())
        return True

    async def leave(self) -> bool:
        return await self.send({"type": "leave"})
