"""NetClient: a server that does not answer, and a seat that is gone after a reconnection."""

from __future__ import annotations

import asyncio
import json
import socket

import pytest
from net_helpers import TIMEOUT
from websockets.asyncio.server import serve

from scopa_tui.net.client import NetClient, NetClientError, _why
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


def _fake_server(after_create):
    """A server that says welcome, answers the first message after hello with the frames
    ``after_create`` gives, then reads on."""
    async def handler(ws):
        await ws.recv()
        await ws.send(json.dumps({"type": "welcome", "protocol": "scopa-net/1", "server": "broken"}))
        await ws.recv()
        for msg in after_create:
            await ws.send(json.dumps(msg))
        async for _ in ws:
            pass
    return handler


TABLE = {"code": "K7XQ93PA", "title": "t", "players": 2, "preset": "standard", "target": 11,
         "seats": [{"name": "Anna", "kind": "person", "level": None, "connected": True, "away": False},
                   {"name": "AI 2", "kind": "ai", "level": "easy", "connected": True, "away": False}],
         "phase": "play", "started": True, "hand": 1, "ready": []}


def hand_end(totals: list[int]) -> dict:
    """A hand's end of the right form with these totals (the points not added up)."""
    side = {"cards": 20, "coins": 5, "settebello": False, "primiera": 70, "scope": 0, "points": 0}
    return {"type": "event", "event": {"event": "hand_end", "hand": 1, "leftover": [], "leftover_to": None,
                                       "sides": [side, side], "totals": totals}}


async def test_a_headless_seat_leaves_out_what_a_broken_server_sends_in_one_line_each():
    # Each of these stopped `scopa-tui online --ai/--bot` with a traceback.
    import io

    from scopa_tui.ai.registry import make_player
    from scopa_tui.net.seat import HeadlessSeat

    joined = {"type": "joined", "code": "K7XQ93PA", "seat": 0, "token": "t", "table": TABLE}
    garbage = [{"type": "event", "event": 5},
               {"type": "state", "table": TABLE, "events": [7]},
               {"type": "event", "event": {"event": "hand_end", "hand": "one"}},
               {"type": "event", "event": {"event": "game_end", "totals": None, "winner": 0}},
               {"type": "event", "event": {"event": "game_end", "totals": [11, 3], "winner": 9}},
               # Of the right form but mid-hand, or not on the last hand's totals: it printed
               # "winner: Anna" and the seat stopped.
               {"type": "event", "event": {"event": "game_end", "totals": [11, 3], "winner": 0}},
               hand_end([11, 3]),
               {"type": "event", "event": {"event": "game_end", "totals": [12, 3], "winner": 0}}]
    end = {"type": "event", "event": {"event": "game_end", "totals": [11, 3], "winner": 0}}
    for frames, status in (([joined, *garbage, end], 0), ([{**joined, "table": None}], 1)):
        async with serve(_fake_server(frames), "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            player = make_player("easy")
            told = []
            player.notify = told.append  # what a --bot hears of hands' and games' ends
            seat = HeadlessSeat(NetClient(f"ws://127.0.0.1:{port}/", "Anna"), lambda: player,
                                out=io.StringIO(), err=io.StringIO())
            assert await asyncio.wait_for(seat.run(create={"players": 2}), TIMEOUT) == status
        said = seat.err.getvalue().splitlines()
        assert "Traceback" not in seat.err.getvalue()
        if status == 0:
            assert seat.out.getvalue().splitlines()[-3:] == ["Anna  11", "AI 2  3", "winner: Anna"]
            assert [line for line in told if line["event"] == "game_end"] == [end["event"]]  # no forged one
            assert len(said) == len(garbage) - 1 and all("cannot use, left out" in line for line in said), said
        else:
            assert seat.out.getvalue() == "" and len(said) == 1 and "table info" in said[0], said


async def test_a_headless_seat_for_more_games_stops_where_a_rematch_is_refused():
    # `online --games 2`: the first game ends, the rematch is refused (the table has closed):
    # exit 0 with one line, the first game's result printed once though its end came twice.
    import io

    from scopa_tui.ai.registry import make_player
    from scopa_tui.net.seat import HeadlessSeat

    joined = {"type": "joined", "code": "K7XQ93PA", "seat": 0, "token": "t", "table": {**TABLE, "game": 1}}
    end = {"type": "event", "event": {"event": "game_end", "totals": [11, 3], "winner": 0}}
    wanted = []

    async def handler(ws):
        await ws.recv()
        await ws.send(json.dumps({"type": "welcome", "protocol": "scopa-net/1", "server": "fake"}))
        await ws.recv()
        for msg in (joined, hand_end([11, 3]), end, end):
            await ws.send(json.dumps(msg))
        async for text in ws:
            wanted.append(json.loads(text))
            if wanted[-1].get("type") == "rematch":
                await ws.send(json.dumps({"type": "error", "code": "no_rematch", "message": "closed"}))

    async with serve(handler, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        seat = HeadlessSeat(NetClient(f"ws://127.0.0.1:{port}/", "Anna"), lambda: make_player("easy"),
                            out=io.StringIO(), err=io.StringIO(), games=2)
        assert await asyncio.wait_for(seat.run(create={"players": 2}), TIMEOUT) == 0
    assert [m for m in wanted if m.get("type") == "rematch"] == [{"type": "rematch", "game": 1}]
    assert seat.out.getvalue().splitlines()[1:] == ["game 1", "Anna  11", "AI 2  3", "winner: Anna"]
    assert seat.err.getvalue().splitlines() == ["scopa-tui: 1 of 2 games played: the table closed"]


def test_a_lobby_entry_keeps_only_the_fields_of_their_type():
    from scopa_tui.net.messages import check_lobby

    entry = {"code": "ABCDEFGH", "players": "x", "seats_free": True, "title": ["t"], "variant": 9,
             "options": ["re-bello", 5], "target": 11, "turn_limit": float("inf"), "preset": "standard"}
    assert check_lobby({"tables": [entry]}) == [{"code": "ABCDEFGH", "preset": "standard", "target": 11,
                                                 "options": ["re-bello"]}]
    for tables in (5, None, [5], [{"code": 7}]):
        with pytest.raises(ValueError):
            check_lobby({"tables": tables})


async def test_a_failure_without_words_still_says_why_in_one_line():
    # A wss:// address of a ws:// server (the connection reset at once) read "cannot reach
    # URL: " and nothing after it, and a server that never answers hello "URL did not answer: ".

    async with serve(lambda ws: ws.wait_closed(), "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        client = NetClient(f"wss://127.0.0.1:{port}/", "Anna", open_timeout=5)
        with pytest.raises(NetClientError) as caught:
            await client.connect()
        assert caught.value.message.startswith(f"cannot reach wss://127.0.0.1:{port}/: ")
        assert not caught.value.message.endswith(": ") and "\n" not in caught.value.message
    async with serve(lambda ws: ws.wait_closed(), "127.0.0.1", 0) as server:  # never answers hello
        url = f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}/"
        client = NetClient(url, "Anna", open_timeout=0.3)
        with pytest.raises(NetClientError) as caught:
            await client.connect()
        assert caught.value.message == f"{url} did not answer: no answer in time"


async def test_nothing_listening_and_a_web_server_are_said_in_the_players_words():
    # A port nobody listens on read "cannot reach URL: [Errno 111] Connect call failed
    # ('127.0.0.1', 7655)", a web server "cannot reach URL: did not receive a valid HTTP response".
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(NetClientError) as caught:
        await NetClient(f"ws://127.0.0.1:{port}/", "Anna", open_timeout=5).connect()
    assert caught.value.message == (f"cannot reach ws://127.0.0.1:{port}/: nothing answers there: "
                                    "is the table server running, on that port?")

    async def web_page(reader, writer):  # a web server: no WebSocket here
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
        await writer.drain()
        writer.close()

    web = await asyncio.start_server(web_page, "127.0.0.1", 0)
    async with web:
        url = f"ws://127.0.0.1:{web.sockets[0].getsockname()[1]}/"
        with pytest.raises(NetClientError) as caught:
            await NetClient(url, "Anna", open_timeout=5).connect()
    assert caught.value.message.startswith(f"{url} answers, but it is not a table server: ")
    assert "HTTP 404" in caught.value.message and "\n" not in caught.value.message
    assert _why(socket.gaierror(-2, "Name or service not known")) == "no computer of that name is known"


async def test_an_address_that_takes_the_connection_and_never_answers_is_said_in_the_players_words():
    # Something listening that never answers the WebSocket handshake (a server stopped with
    # SIGSTOP, a firewall's tarpit) read "cannot reach URL: timed out during opening
    # handshake", the library's English in every language.
    from scopa_tui import languages

    async def silent(reader, writer):
        await reader.read()  # takes the connection, answers nothing

    tarpit = await asyncio.start_server(silent, "127.0.0.1", 0)
    async with tarpit:
        url = f"ws://127.0.0.1:{tarpit.sockets[0].getsockname()[1]}/"
        with pytest.raises(NetClientError) as caught:
            await NetClient(url, "Anna", open_timeout=0.3).connect()
        assert caught.value.message == f"cannot reach {url}: no answer in time"
        languages.use("it")
        with pytest.raises(NetClientError) as caught:
            await NetClient(url, "Anna", open_timeout=0.3).connect()
        assert caught.value.message == f"impossibile raggiungere {url}: nessuna risposta in tempo"


async def test_a_server_welcoming_in_another_protocol_is_refused_in_one_line():
    # A server of another version said welcome in scopa-net/2 and the client went on with it.
    async def newer(ws):
        await ws.recv()
        await ws.send(json.dumps({"type": "welcome", "protocol": "scopa-net/2", "server": "scopa-tui 9"}))
        await ws.wait_closed()

    async with serve(newer, "127.0.0.1", 0) as server:
        client = NetClient(f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}/", "Anna", open_timeout=5)
        with pytest.raises(NetClientError) as caught:
            await client.connect()
        assert caught.value.code == "protocol" and "scopa-net/2" in caught.value.message
        assert caught.value.line() == "the server speaks another version of the online protocol"
        assert not client.connected


@pytest.mark.parametrize("bad, why", [({"code": ["x"]}, "names no table code"), ({"seat": "zero"}, "seat"),
                                      ({"token": {"a": 1}}, "no token")])
async def test_a_headless_seat_refuses_a_joined_answer_of_the_wrong_types_in_one_line(bad, why):
    """A joined whose code, seat or token had the wrong type printed "table ['x']" and waited
    for ever (the start it should send compared the seat "zero" with 0)."""
    import io

    from scopa_tui.ai.registry import make_player
    from scopa_tui.net.seat import HeadlessSeat

    joined = {"type": "joined", "code": "K7XQ93PA", "seat": 0, "token": "t", "table": TABLE, **bad}
    async with serve(_fake_server([joined]), "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        seat = HeadlessSeat(NetClient(f"ws://127.0.0.1:{port}/", "Anna"), lambda: make_player("easy"),
                            out=io.StringIO(), err=io.StringIO())
        assert await asyncio.wait_for(seat.run(create={"players": 2}, start_after=0), TIMEOUT) == 1
    said = seat.err.getvalue().splitlines()
    assert seat.out.getvalue() == "" and len(said) == 1 and why in said[0], said


async def test_the_client_takes_no_connection_news_from_the_server_and_words_a_bare_error():
    """A server sent {"type": "connection", "status": "failed"}: the app said "disconnected"
    for the rest of the game. An error with no code or words read "None: None"."""
    from scopa_tui.net.client import error_line

    joined = {"type": "joined", "code": "K7XQ93PA", "seat": 0, "token": "t", "table": TABLE}
    forged = {"type": "connection", "status": "failed", "message": "fake"}
    end = {"type": "event", "event": {"event": "game_end", "totals": [11, 3], "winner": 0}}
    async with serve(_fake_server([joined, forged, {"type": "error"}, end]), "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        client = NetClient(f"ws://127.0.0.1:{port}/", "Anna", reconnect=False)
        await client.connect()
        await client.create(players=2)
        got = []
        async for msg in client:
            got.append(msg)
            if msg["type"] == "event":
                break
        await client.close()
    assert [m["type"] for m in got] == ["error", "event"]
    assert error_line(None, None) == "the server refused something without saying what"
    assert error_line(None, "the table is full") == "the table is full"


async def test_a_server_that_drops_each_resumed_connection_at_once_is_given_up_on_in_time():
    """A server that took each resume and then closed the connection: the client began its
    wait and its give-up clock again at each one, and reconnected for ever, a lost and a
    restored line each time. A connection must now last STABLE_AFTER to end the outage."""
    joined = {"type": "joined", "code": "K7XQ93PA", "seat": 0, "token": "t", "table": TABLE}
    state = {"type": "state", "table": TABLE, "events": [], "view": None, "turn": None, "deadline": None}
    resumes = []

    async def handler(ws):
        await ws.recv()  # hello
        await ws.send(json.dumps({"type": "welcome", "protocol": "scopa-net/1", "server": "flaky"}))
        asked = json.loads(await ws.recv())
        if asked["type"] == "resume":
            resumes.append(asyncio.get_running_loop().time())
            await ws.send(json.dumps(joined))
            await ws.send(json.dumps(state))
        else:
            await ws.send(json.dumps(joined))
        await ws.close()  # at once, every time

    async with serve(handler, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        client = NetClient(f"ws://127.0.0.1:{port}/", "Anna", give_up_after=1.5)
        await client.connect()
        await client.create(players=2)
        began = asyncio.get_running_loop().time()

        async def drain():
            return [msg async for msg in client]
        try:
            messages = await asyncio.wait_for(drain(), TIMEOUT)
        finally:
            await client.close()
    statuses = [m["status"] for m in messages if m["type"] == "connection"]
    assert statuses[-1] == "failed" and "gave up reconnecting" in messages[-1]["message"]
    assert 2 <= len(resumes) <= 10, resumes  # waits that grow: 0.1, 0.2, 0.4 ... seconds
    assert resumes[-1] - began < 1.5 + 0.5
    assert statuses[:-1] == ["lost", "restored"] * len(resumes) + ["lost"] or \
        statuses[:-1] == ["lost", "restored"] * len(resumes)
