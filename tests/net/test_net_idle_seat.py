"""A seat keeps its connection while its table plays, and no longer: a seat at a table whose
game is over (kept a while for late clients, then dropped) is closed when idle, as a
connection without a seat is (docs/online-protocol.md, *Limits*)."""

from __future__ import annotations

import asyncio

import pytest
from net_helpers import TIMEOUT, running_server

import scopa_tui.net.server as server_module
from scopa_tui.net.client import NetClient

IDLE = 0.5  # the server's idle timeout here; Anna's turn limit (1 s) is longer


@pytest.mark.parametrize("keep", [server_module.FINISHED_KEEP, 0.0], ids=["kept", "dropped"])
async def test_a_seat_at_a_finished_table_is_closed_when_idle_and_not_before(monkeypatch, keep):
    monkeypatch.setattr(server_module, "FINISHED_KEEP", keep)
    async with running_server(None, idle_timeout=IDLE) as (server, url):
        anna = NetClient(url, "Anna")  # reconnects by itself, as the app's
        await anna.connect()
        joined = await anna.create(players=2, ai="easy", target=1, turn_limit=1)
        await anna.start()
        # Anna says nothing more: each of her turns runs out (1 s, longer than the idle
        # timeout) and the AI plays for her, so the game goes to its end with her silent.
        kinds = await asyncio.wait_for(_read_all(anna), 4 * TIMEOUT)
        assert "game_end" in kinds  # seated the whole game: not closed as idle while it played
        assert "connection" not in kinds  # closed after the game's end, and no reconnecting to it
        assert (anna._ws.close_code, anna._ws.close_reason) == (1000, "idle")
        table = joined["code"]
        assert keep or table not in server.tables
        await anna.close()


async def _read_all(client: NetClient) -> list[str]:
    """What the client reads until its iteration ends: each message's type, or its event's."""
    return [msg["event"].get("event") if msg["type"] == "event" else msg["type"] async for msg in client]
