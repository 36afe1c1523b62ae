"""A dropped connection costs nothing; a seat away past the turn limit is played by the AI until its person returns."""

from __future__ import annotations

import asyncio

import pytest
from net_helpers import TIMEOUT, Raw, first_line, headless, running_server


class DropOnce:
    """Plays like ``inner``; before its ``at``-th move the connection is cut (as a network would)."""

    def __init__(self, inner, at: int, cut):
        self.inner, self.at, self.cut, self.moves = inner, at, cut, 0

    def choose(self, view):
        self.moves += 1
        if self.moves == self.at:
            self.cut()
        return self.inner.choose(view)


async def test_a_dropped_connection_resumes_the_same_seat_with_the_whole_state(tmp_path):
    loop = asyncio.get_running_loop()
    async with running_server(tmp_path) as (server, url):
        seen: list[dict] = []
        anna = headless(url, "Anna", "easy", record=seen)
        anna.player = DropOnce(anna.player, 3, lambda: loop.call_soon_threadsafe(
            lambda: anna.client._ws.transport.abort()))
        bruno_seen: list[dict] = []
        bruno = headless(url, "Bruno", "easy", record=bruno_seen)
        a = asyncio.create_task(anna.run(create={"players": 2, "target": 3}))
        code = (await first_line(anna)).split()[1]
        b = asyncio.create_task(bruno.run(join=code))
        assert await asyncio.wait_for(a, TIMEOUT) == 0
        assert await asyncio.wait_for(b, TIMEOUT) == 0
    kinds = [(m["type"], m.get("status")) for m in seen]
    lost = kinds.index(("connection", "lost"))
    restored = kinds.index(("connection", "restored"))
    assert lost < restored
    joined = [m for m in seen if m["type"] == "joined"]
    assert len(joined) == 2 and joined[0]["seat"] == joined[1]["seat"] == 0
    assert joined[0]["token"] == joined[1]["token"]
    # After the resume comes the whole state: every event so far, the view of the seat.
    state = seen[kinds.index(("joined", None), restored) + 1]
    assert state["type"] == "state"
    plays_before = sum(1 for m in seen[:lost] if m["type"] == "event" and m["event"]["event"] == "play")
    assert sum(1 for e in state["events"] if e["event"] == "play") >= plays_before
    assert state["view"]["seat"] == 0 and state["view"]["hand"]
    # Bruno was told Anna left and came back.
    statuses = [m["status"] for m in bruno_seen if m["type"] == "seat" and m["seat"] == 0]
    assert statuses[:2] == ["left", "returned"]  # (and "left" again when she goes at the end)
    assert anna.out.getvalue().splitlines()[1:] == bruno.out.getvalue().splitlines()[1:]


async def test_the_ai_plays_a_seat_past_the_turn_limit_until_its_person_returns():
    # AI pace 0.2 s: the game lasts long enough for Anna to come back in its first hand.
    async with running_server(None, ai_pace=0.2) as (server, url):
        anna = await Raw.open(url, "Anna")
        await anna.send({"type": "create", "players": 2, "target": 11, "turn_limit": 1, "ai": "easy"})
        code = (await anna.expect("joined"))["code"]
        bruno_seen: list[dict] = []
        bruno = headless(url, "Bruno", "easy", record=bruno_seen)
        b = asyncio.create_task(bruno.run(join=code))

        # Anna does nothing: past the turn limit the AI takes her seat and plays for her.
        away = await anna.expect("seat", timeout=10)
        while (away["seat"], away["status"]) != (0, "away"):
            away = await anna.expect("seat", timeout=10)
        assert away["seat"] == 0 and away["name"] == "Anna"
        play = await anna.expect("event")
        while play["event"]["event"] != "play" or play["event"]["seat"] != 0:
            play = await anna.expect("event")
        table = server.tables[code]
        assert table.seats[0].away and table.info()["seats"][0]["level"] == "easy"

        # Any message brings her back; her next turn is hers again.
        await anna.send({"type": "ping"})
        back = await anna.expect("seat")
        while back["seat"] != 0:  # (Bruno too may be slow past 1 s on a busy machine)
            back = await anna.expect("seat")
        assert (back["seat"], back["status"]) == (0, "returned"), bruno_seen
        turn = await anna.expect("turn")
        while not turn["view"]:
            turn = await anna.expect("turn")
        move = turn["view"]["legal"][-1]
        await anna.send({"type": "play", **move})
        mine = await anna.expect("event")
        while mine["event"]["event"] != "play":
            mine = await anna.expect("event")
        assert (mine["event"]["seat"], mine["event"]["card"]) == (0, move["card"])
        assert not table.seats[0].away
        statuses = [m["status"] for m in bruno_seen if m["type"] == "seat" and m["seat"] == 0]
        assert statuses[:2] == ["away", "returned"]
        b.cancel()
        await anna.close()


async def test_a_seat_taken_up_from_another_window_tells_the_old_one_so():
    # The old connection read "that seat is no longer yours" (bad_token) when the same player
    # took the seat up from another window: the seat was still theirs.
    from websockets.exceptions import ConnectionClosed

    from scopa_tui.net.client import error_line

    async with running_server(None) as (server, url):
        first = await Raw.open(url, "Anna")
        await first.send({"type": "create", "players": 2})
        joined = await first.expect("joined")
        second = await Raw.open(url, "Anna")
        await second.send({"type": "resume", "code": joined["code"], "token": joined["token"]})
        assert (await second.expect("joined"))["seat"] == 0
        error = await first.expect("error")
        assert error["code"] == "replaced"
        assert error_line(error["code"], error["message"]).startswith("your seat is played from another window")
        with pytest.raises(ConnectionClosed):
            await first.recv()
        assert first.ws.close_code == 4000
        await second.close()


async def test_a_headless_seat_whose_kept_seat_is_gone_joins_afresh_and_forgets_it(tmp_path):
    # The seat kept by a headless seat killed may be gone by the time it comes back (the
    # table freed it, or closed): --join then joins the table as a new player, as asked.
    from net_helpers import bot_table

    from scopa_tui.net.seat import KeptSeats
    from scopa_tui.store import Store

    async with running_server(None) as (server, url):
        bruno, code = await bot_table(url)
        store = Store(tmp_path)
        anna = headless(url, "Anna", "easy")
        anna.kept = KeptSeats(store, url, "Anna")
        anna.kept.keep(code, "gone0123456789abcdefgh")
        assert await asyncio.wait_for(anna.run(join=code), TIMEOUT) == 0
        assert anna.err.getvalue() == ""  # no seat said to be taken back
        assert anna.client.seat == 1 and anna.out.getvalue().splitlines()[-1].startswith("winner")
        assert store.settings.headless_seats == {}  # the game played: nothing kept
        await asyncio.wait_for(bruno, TIMEOUT)
