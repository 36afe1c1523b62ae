"""Per-address limits: open connections and tables waiting to start (docs/online-protocol.md, "Limits")."""

from __future__ import annotations

import asyncio

import pytest
from net_helpers import Raw, running_server
from websockets.exceptions import ConnectionClosed

from scopa_tui.cli import main
from scopa_tui.net.client import NetClient, NetClientError


async def test_one_connection_too_many_from_an_address_is_told_and_closed():
    async with running_server(None, max_connections=3) as (server, url):
        raws = [await Raw.open(url, f"P{i}") for i in range(3)]
        extra = await Raw.open(url, name=None)
        error = await extra.recv()
        assert error["code"] == "too_many" and "at most 3 connections" in error["message"]
        with pytest.raises(ConnectionClosed):
            await extra.recv()
        assert extra.ws.close_code == 1008
        client = NetClient(url, "Dora", reconnect=False, open_timeout=5)
        with pytest.raises(NetClientError, match="at most 3 connections at once from one address") as e:
            await client.connect()
        assert e.value.code == "too_many"
        await client.close()
        await raws[0].close()  # one goes: a place for a new one
        for _ in range(100):
            if server.connections.get("127.0.0.1") == 2:
                break
            await asyncio.sleep(0.01)
        again = await Raw.open(url, "Emma")
        await again.send({"type": "ping"})
        assert (await again.expect("pong"))["type"] == "pong"
        for raw in raws[1:] + [again]:
            await raw.close()


async def test_tables_waiting_to_start_are_limited_per_address_and_a_start_frees_a_place():
    async with running_server(None, max_waiting=2) as (server, url):
        raws = [await Raw.open(url, f"P{i}") for i in range(3)]
        for raw in raws[:2]:
            await raw.send({"type": "create", "ai": "easy"})
            await raw.expect("joined")
        await raws[2].send({"type": "create"})
        error = await raws[2].expect("error")
        assert error["code"] == "too_many" and error["ref"] == "create"
        assert "at most 2 tables waiting to start from one address" in error["message"]
        await raws[0].send({"type": "start"})  # a started table no longer waits
        await raws[0].expect("turn")
        await raws[2].send({"type": "create"})
        assert (await raws[2].expect("joined"))["seat"] == 0
        for raw in raws:
            await raw.close()


async def test_a_started_table_nobody_plays_at_still_takes_a_place():
    # Create, start and leave (or drop the connection): each table went on with AIs alone,
    # and the place it took was free again, so one connection could set the server playing
    # as many AI games as it held tables.
    async with running_server(None, max_waiting=2, ai_pace=30) as (server, url):  # no game ends meanwhile
        eve = await Raw.open(url, "Eve")
        await eve.send({"type": "create", "ai": "easy", "turn_limit": 600})
        await eve.expect("joined")
        await eve.send({"type": "start"})
        await eve.send({"type": "leave"})  # given to the AI for good
        dropping = await Raw.open(url, "Eve")
        await dropping.send({"type": "create", "ai": "easy", "turn_limit": 600})
        dropped = await dropping.expect("joined")
        await dropping.send({"type": "start"})
        await dropping.expect("turn")
        await dropping.close()  # the seat stays Eve's, nobody is connected
        for _ in range(3000):
            if all(t.unattended for t in server.tables.values()):
                break
            await asyncio.sleep(0.01)
        await eve.send({"type": "create"})
        error = await eve.expect("error")
        assert error["code"] == "too_many" and "at most 2 tables waiting to start from one address" in error["message"]
        assert all(t.phase != "waiting" for t in server.tables.values())  # both are being played
        back = await Raw.open(url, "Eve")  # a person at a started table: it takes no place
        await back.send({"type": "resume", "code": dropped["code"], "token": dropped["token"]})
        await back.expect("joined")
        await eve.send({"type": "create"})
        assert (await eve.expect("joined"))["seat"] == 0
        for raw in (eve, back):
            await raw.close()


async def test_no_limit_at_zero():
    async with running_server(None, max_connections=0, max_waiting=0) as (server, url):
        raws = [await Raw.open(url, f"P{i}") for i in range(25)]
        for raw in raws[:12]:
            await raw.send({"type": "create"})
            await raw.expect("joined")
        for raw in raws:
            await raw.close()


def test_the_server_command_takes_the_limits(capsys):
    assert main(["server", "--max-connections-per-address", "-1"]) == 2
    assert "--max-connections-per-address" in capsys.readouterr().err
