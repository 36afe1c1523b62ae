"""Helpers of the online tests: a server on an ephemeral loopback port, seats, raw sockets."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
from pathlib import Path

from websockets.asyncio.client import connect

from scopa_tui.ai.registry import make_player
from scopa_tui.net.client import NetClient
from scopa_tui.net.seat import HeadlessSeat
from scopa_tui.net.server import Server

TIMEOUT = 30.0  # no test waits longer than this for anything


@contextlib.asynccontextmanager
async def running_server(data_dir: Path | None, **options):
    """A :class:`Server` on 127.0.0.1, a free port; yields ``(server, url)``."""
    options.setdefault("ai_pace", 0.0)
    server = Server(data_dir, **options)
    port = await server.start("127.0.0.1", 0)
    try:
        yield server, f"ws://127.0.0.1:{port}/"
    finally:
        await server.close()


def headless(url: str, name: str, level: str = "easy", seed: int = 1, record: list | None = None):
    """A headless seat playing with a built-in AI; its output in ``seat.out.getvalue()``."""
    client = NetClient(url, name, record=record)
    return HeadlessSeat(client, lambda: make_player(level, seed=seed), out=io.StringIO(), err=io.StringIO())


async def first_line(seat: HeadlessSeat) -> str:
    """Wait for the seat's first line of output (``table CODE``)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + TIMEOUT
    while not seat.out.getvalue():
        assert loop.time() < end, "the seat printed nothing"
        await asyncio.sleep(0.01)
    return seat.out.getvalue().splitlines()[0]


async def bot_table(url: str, **create) -> tuple[asyncio.Task, str]:
    """Bruno, a headless seat playing ``easy``, creates a public 2-player table (``create``
    changes its options) and plays it: the seat's task, and the table's code."""
    bot = headless(url, "Bruno", "easy")
    options = {"players": 2, "ai": "easy", "turn_limit": 60, "public": True, **create}
    task = asyncio.create_task(bot.run(create=options))
    return task, (await first_line(bot)).split()[1]


class Raw:
    """A bare WebSocket to the server, for sending anything at all."""

    def __init__(self, ws):
        self.ws = ws

    @classmethod
    async def open(cls, url: str, name: str | None = "Raw", **kwargs) -> "Raw":
        raw = cls(await connect(url, compression=None, max_size=None, **kwargs))
        if name is not None:
            await raw.send({"type": "hello", "protocol": "scopa-net/1", "name": name})
            assert (await raw.expect("welcome"))["type"] == "welcome"
        return raw

    async def send(self, msg) -> None:
        await self.ws.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))

    async def recv(self, timeout: float = TIMEOUT) -> dict:
        return json.loads(await asyncio.wait_for(self.ws.recv(), timeout))

    async def expect(self, *types: str, timeout: float = TIMEOUT) -> dict:
        """The next message of one of ``types`` (others skipped)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            msg = await self.recv(max(0.01, end - loop.time()))
            if msg["type"] in types:
                return msg

    async def close(self) -> None:
        await self.ws.close()


async def play_until(client: NetClient, stop, seen: list | None = None) -> dict:
    """Answer each turn with the first legal move and each scoring with ``ready``, until a
    message for which ``stop(msg)`` is true; that message."""
    async def loop() -> dict:
        async for msg in client:
            if seen is not None:
                seen.append(msg)
            if msg["type"] == "turn" and msg.get("view"):
                move = msg["view"]["legal"][0]
                await client.play(move["card"], move["capture"])
            elif msg["type"] == "table" and msg["table"]["phase"] == "hand_over":
                await client.ready(msg["table"]["hand"])
            if stop(msg):
                return msg
        raise AssertionError("the connection ended first")
    return await asyncio.wait_for(loop(), TIMEOUT)


def is_event(kind: str):
    return lambda msg: msg["type"] == "event" and msg["event"]["event"] == kind


def is_table(check):
    return lambda msg: msg["type"] == "table" and check(msg["table"])
