"""What the per-address limits count (docs/online-protocol.md, "Limits"): an IPv6 client by
its /64, and a connection from the moment it opens, its WebSocket handshake included."""

from __future__ import annotations

import asyncio
import itertools
from urllib.parse import urlparse

import pytest
from net_helpers import TIMEOUT, Raw, running_server
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from scopa_tui.net.server import address_key


@pytest.mark.parametrize("one,other,same", [
    ("2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:fffe", True),  # one /64: one subscriber
    ("2001:db8:1:2::1", "2001:db8:1:3::1", False),
    ("2001:db8:1:2::1%eth0", "2001:db8:1:2::9", True),
    ("192.0.2.1", "192.0.2.2", False),  # IPv4: each address itself
    ("::ffff:192.0.2.1", "192.0.2.1", True),  # IPv4 through a dual-stack listener
    ("::ffff:192.0.2.1", "::ffff:192.0.2.2", False),
])
def test_ipv6_counts_by_its_64_and_ipv4_by_the_address(one, other, same):
    assert (address_key(one) == address_key(other)) is same


async def _until(condition) -> None:
    end = asyncio.get_running_loop().time() + TIMEOUT
    while not condition():
        assert asyncio.get_running_loop().time() < end, "not within the time limit"
        await asyncio.sleep(0.01)


async def test_a_new_ipv6_address_in_the_same_64_is_no_new_place(monkeypatch):
    # Every connection comes from another address of 2001:db8:7:7::/64, as a client
    # choosing a fresh address for each one can.
    hosts = (f"2001:db8:7:7::{n:x}" for n in itertools.count(1))
    monkeypatch.setattr(ServerConnection, "remote_address", property(lambda self: self.__dict__.setdefault(
        "_test_remote", (next(hosts), 40000, 0, 0))))
    async with running_server(None, max_connections=2) as (server, url):
        raws = [await Raw.open(url, f"P{i}") for i in range(2)]
        extra = await Raw.open(url, name=None)
        error = await extra.recv()
        assert error["code"] == "too_many"
        with pytest.raises(ConnectionClosed):
            await extra.recv()
        assert server.connections == {"2001:db8:7:7::/64": 2}
        for raw in raws:
            await raw.close()


async def test_connections_in_their_handshake_take_places_and_past_twice_the_limit_are_cut():
    async with running_server(None, max_connections=3) as (server, url):
        where = urlparse(url)

        async def silent():  # opens the socket and never starts its handshake
            return await asyncio.open_connection(where.hostname, where.port)

        stalled = [await silent() for _ in range(3)]
        await _until(lambda: server.connections.get("127.0.0.1") == 3)
        late = await Raw.open(url, name=None)  # the places are taken by the three that say nothing
        assert (await late.recv())["code"] == "too_many"
        with pytest.raises(ConnectionClosed):
            await late.recv()
        await _until(lambda: server.connections.get("127.0.0.1") == 3)
        stalled += [await silent() for _ in range(3)]  # over the limit: each would be told so ...
        await _until(lambda: server.connections.get("127.0.0.1") == 6)
        reader, writer = await silent()  # ... and past twice the limit, cut at once, unheard
        assert await asyncio.wait_for(reader.read(), TIMEOUT) == b""
        assert server.connections.get("127.0.0.1") == 6
        for _reader, w in stalled + [(reader, writer)]:
            w.close()
        await _until(lambda: not server.connections)
