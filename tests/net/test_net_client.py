"""NetClient: a server that does not answer, and a seat that is gone after a reconnection."""

from __future__ import annotations

import asyncio
import json

import pytest
from net_helpers import TIMEOUT
from websockets.asyncio.server import serve

from scopa_tui.net.client import NetClient, NetClientError
from scopa_tui.net.server import Server


async def test_a_request_without_an_answer_fails_in_one_line():
    async def mute(ws):  # says welcome, then never answers
        await ws.recv()
        await ws.send(json.dumps({"type": "welcome", "protocol": "scopa-net/1", "server": "mute"}))
        async for _ in ws:
            pass

    async with serve(mute, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        client = NetClient(f"ws://127.0.0.1:{port}/", "Anna", open_timeout=0.3)
        await client.connect()
        with pytest.raises(NetClientError) as caught:
            await client.create(players=2)
        assert caught.value.code == "timeout" and "did not answer create within 0.3 s" in caught.value.message
        await client.close()


async def test_when_the_seat_is_gone_after_a_reconnection_the_client_says_so_and_ends():
    first = Server(None, ai_pace=0)  # keeps nothing: a restart forgets the table
    port = await first.start("127.0.0.1", 0)
    seen: list[dict] = []
    client = NetClient(f"ws://127.0.0.1:{port}/", "Anna", record=seen)
    await client.connect()
    await client.create(players=2)
    await first.close()
    second = Server(None, ai_pace=0)
    await second.start("127.0.0.1", port)
    try:
        async def drain():
            return [msg async for msg in client]
        messages = await asyncio.wait_for(drain(), TIMEOUT)
    finally:
        await client.close()
        await second.close()
    statuses = [m["status"] for m in messages if m["type"] == "connection"]
    assert statuses == ["lost", "failed"]
    assert "the seat is gone" in messages[-1]["message"] and "no table" in messages[-1]["message"]
