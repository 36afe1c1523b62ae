"""Hostile clients: every bad message gets its error code, and the table goes on."""

from __future__ import annotations

import asyncio
import json

import pytest
from net_helpers import Raw, running_server
from websockets.exceptions import ConnectionClosed

from scopa_tui.engine.words import characters, shown_name
from scopa_tui.net.client import table_title
from scopa_tui.net.messages import MAX_MESSAGE, NetError, clean_text, parse_client, parse_server, same_name


@pytest.mark.parametrize("frame, code", [
    ("not json", "bad_json"),
    ("[1, 2]", "bad_json"),
    ('{"type": "' + "x" * MAX_MESSAGE + '"}', "too_big"),
    ('{"type": 5}', "bad_message"),
    ('{"type": "explode"}', "bad_message"),
    ('{"type": "play", "card": 7}', "bad_message"),
    ('{"type": "play", "card": "7d", "capture": "3c"}', "bad_message"),
    ('{"type": "play", "card": "7d", "capture": ["3c", "3c"]}', "bad_message"),
    ('{"type": "play", "card": "11d"}', "bad_message"),
    ('{"type": "create", "players": 5}', "bad_message"),
    ('{"type": "create", "players": "2"}', "bad_message"),
    ('{"type": "create", "players": 3, "preset": "gamerules"}', "bad_message"),
    ('{"type": "create", "ai": "cmd:rm -rf /"}', "bad_message"),
    ('{"type": "create", "turn_limit": 1e999}', "bad_message"),
    ('{"type": "create", "target": 1' + "0" * 200 + '}', "bad_json"),
    ('{"type": "create", "title": "[red]x[/red]"}', "bad_message"),
    ('{"type": "join", "code": "O0O0O0O0"}', "no_such_table"),
    ('{"type": "join", "code": "%s"}' % ("Z" * 5000), "no_such_table"),  # pasted: said as no table
    ('{"type": "resume", "code": "ABCDEFGH", "token": 5}', "bad_token"),
    ('{"type": "resume", "code": "ABCDEFGH", "token": "\\ud800"}', "bad_token"),
    ('{"type": "resume", "code": "ABCDEFGH", "token": "t\u00e9"}', "bad_token"),
    ('{"type": "hello", "protocol": "scopa-net/2", "name": "Eve"}', "protocol"),
    ('{"type": "hello", "protocol": "scopa-net/1", "name": "[bold]Eve"}', "bad_name"),
    ('{"type": "hello", "protocol": "scopa-net/1", "name": "\\u0007\\u200b "}', "bad_name"),
    # names and lines that draw nothing: an invisible player at the table
    ('{"type": "hello", "protocol": "scopa-net/1", "name": "\\u3164"}', "bad_name"),
    ('{"type": "hello", "protocol": "scopa-net/1", "name": "\\u0301\\u0301 \\u2800"}', "bad_name"),
    ('{"type": "chat", "text": "\\u115f\\u1160"}', "bad_message"),
    ('{"type": "create", "title": "\\uffa0"}', "bad_message"),
    ('{"type": "hello", "protocol": "scopa-net/1", "name": "' + "E" * 25 + '"}', "bad_name"),
    ('{"type": "chat", "text": "' + "x" * 201 + '"}', "bad_message"),
    ('{"type": "ready", "hand": true}', "bad_message"),
])
def test_each_bad_message_is_refused_with_its_code(frame, code):
    with pytest.raises(NetError) as caught:
        parse_client(frame)
    assert caught.value.code == code
    assert "\n" not in caught.value.message and len(caught.value.message) < 200


def test_a_nan_number_is_named_so_in_the_refusal():
    # The refusal read "turn_limit must be a number, not a number".
    with pytest.raises(NetError) as caught:
        parse_client('{"type": "create", "turn_limit": NaN}')
    assert caught.value.code == "bad_message"
    assert caught.value.message == "turn_limit must be a number, not NaN"


def test_a_number_of_thousands_of_digits_is_refused_as_such():
    # The refusal said "not a JSON object" of a JSON object.
    for digits in ("9" * 5000, "-" + "9" * 5000):
        with pytest.raises(NetError) as caught:
            parse_client('{"type": "create", "players": %s}' % digits)
        assert caught.value.code == "bad_json"
        assert caught.value.message == "a number has 5000 digits (at most 100)"


def test_names_are_plain_text():
    assert clean_text(" An\u202ena\x1b \n  Bo\u200bb\u2028") == "Anna Bob"
    msg = parse_client(json.dumps({"type": "hello", "protocol": "scopa-net/1", "name": "  Ca\trla\u0000 "}))
    assert msg["name"] == "Ca rla"


def test_a_tower_of_combining_marks_is_cut_to_a_few_on_each_letter():
    # "Zalgo" chat: dozens of marks on one letter climb over the lines above it in a terminal.
    zalgo = "h" + "\u0301\u0308\u0323" * 20 + "i" + "\u0300" * 9
    assert clean_text(zalgo) == "h\u0301\u0308\u0323i\u0300\u0300\u0300"
    msg = parse_client(json.dumps({"type": "chat", "text": zalgo}))
    assert msg["text"] == "h\u0301\u0308\u0323i\u0300\u0300\u0300"
    # A language's own marks stay: Vietnamese stacks two, Devanagari a vowel sign and a nasal.
    for word in ("Nguy\u00ea\u0303n", "Vie\u0323\u0302t", "\u0939\u093f\u0902\u0926\u0940", "Jos\u00e9"):
        assert clean_text(word) == word


def test_an_emoji_of_several_stays_whole_and_is_never_cut_in_two():
    # The joiners that make 👩‍👩‍👧 one family and 🏳️‍🌈 one flag were taken out with the
    # other format characters: the name came out as 👩👩👧 and 🏳️🌈, in pieces.
    family, rainbow, thumb = "\U0001f469\u200d\U0001f469\u200d\U0001f467", "\U0001f3f3\ufe0f\u200d\U0001f308", \
        "\U0001f44d\U0001f3fd"
    for name in (family, rainbow, f"Anna {family}{rainbow}", "\U0001f441\ufe0f\u200d\U0001f5e8\ufe0f"):
        assert clean_text(name) == name
        msg = parse_client(json.dumps({"type": "hello", "protocol": "scopa-net/1", "name": name}))
        assert msg["name"] == name
    assert characters(f"A{family}{rainbow}{thumb}\U0001f1ee\U0001f1f9\u00e9") == \
        ["A", family, rainbow, thumb, "\U0001f1ee\U0001f1f9", "\u00e9"]
    # a joiner between letters, or with nothing to join, draws nothing: taken out as before
    assert clean_text("An\u200dna \u200d\U0001f44d\u200d") == "Anna \U0001f44d"
    assert clean_text("\u2500\u200d\u2500 \u00a9\u200d\u00a9") == "\u2500\u2500 \u00a9\u00a9"  # no emoji: ─ ©
    for joined in ("\U0001f468\u200d\u2695\ufe0f", "\u2764\ufe0f\u200d\U0001f525", "\U0001f3c3\u200d\u27a1\ufe0f",
                   "\U0001f408\u200d\u2b1b"):  # ⚕ ❤ ➡ ⬛ in the emoji they make
        assert clean_text(joined) == joined and len(characters(joined)) == 1
    # a name cut to be shown ends where an emoji ends, never inside one
    assert shown_name("x" * 20 + family, 24) == "x" * 20 + "…"
    assert shown_name("x" * 18 + family + "yy", 24) == "x" * 18 + family + "…"
    assert shown_name("x" * 21 + "\U0001f1ee\U0001f1f9\U0001f1ee\U0001f1f9", 24) == "x" * 21 + "\U0001f1ee\U0001f1f9…"
    assert table_title("x" * 38 + family) == "x" * 38  # a title's 40 code points: not 👩 and a joiner
    # on a terminal that draws the emoji apart, a name with its joiners looks like one without
    assert same_name(family) == same_name("\U0001f469\U0001f469\U0001f467") and same_name("\U0001f3f3\ufe0f") == \
        same_name("\U0001f3f3")


def test_a_name_of_decomposed_accents_is_as_long_as_it_shows():
    # "Renée" written with a combining accent (e and U+0301, as some keyboards and systems
    # write it) counted 6 characters: 24 accented letters were refused as "48 characters long
    # (at most 24)", written so, where the same 24 letters written precomposed were taken.
    hello = {"type": "hello", "protocol": "scopa-net/1"}
    assert parse_client(json.dumps({**hello, "name": "Rene\u0301e"}))["name"] == "Ren\u00e9e"
    assert parse_client(json.dumps({**hello, "name": "e\u0301" * 24}))["name"] == "\u00e9" * 24
    with pytest.raises(NetError, match=r"25 characters long \(at most 24\)"):
        parse_client(json.dumps({**hello, "name": "e\u0301" * 25}))


def test_a_servers_text_reaches_the_client_without_control_characters():
    # A server of another make may send names, titles and chat holding ESC or BEL, which the
    # app drew as they were: "\u001b]0;...\u0007" set the player's terminal title, "\u001b[2J"
    # cleared it. Every string of a server's message is cleaned as the server cleans names.
    msg = parse_server(json.dumps({
        "type": "table", "table": {"title": "\u001b[2JT\u00e0vola", "players": 2,
                                   "seats": [{"name": "\u001b]0;pwned\u0007Eve", "kind": "person"}, {}]},
        "list": ["a\u0007b", 3, None]}))
    assert msg["table"]["title"] == "[2JT\u00e0vola"
    assert msg["table"]["seats"][0]["name"] == "]0;pwned Eve"
    assert msg["list"] == ["a b", 3, None]
    chat = parse_server('{"type": "chat", "seat": 1, "name": "Eve", "text": "hi\\u001b[31m  there"}')
    assert chat["text"] == "hi [31m there"
    with pytest.raises(ValueError):
        parse_server('{"type": "x", "a": ' + "[" * 5000 + "]" * 5000 + "}")


async def _seated_pair(url):
    anna = await Raw.open(url, "Anna")
    await anna.send({"type": "create", "players": 2, "turn_limit": 600})
    joined = await anna.expect("joined")
    bruno = await Raw.open(url, "Bruno")
    await bruno.send({"type": "join", "code": joined["code"]})
    bruno_joined = await bruno.expect("joined")
    return anna, bruno, joined, bruno_joined


async def _turn(*raws):
    """(the raw whose turn it is, its view, the other raw)."""
    for raw in raws:
        msg = await raw.expect("turn")
        if msg["view"]:
            return raw, msg["view"], [r for r in raws if r is not raw][0]
    raise AssertionError("nobody got the turn")


async def test_hostile_messages_each_get_their_error_and_the_table_goes_on(tmp_path):
    async with running_server(tmp_path) as (server, url):
        first = await Raw.open(url, name=None)
        await first.send({"type": "lobby"})  # before hello
        assert (await first.expect("error"))["code"] == "wrong_state"
        await first.send(b"\x00\x01binary")
        assert (await first.expect("error"))["code"] == "bad_json"

        anna, bruno, joined, _ = await _seated_pair(url)
        code = joined["code"]
        mover, view, other = await _turn(anna, bruno)

        await other.send({"type": "play", "card": view["legal"][0]["card"], "capture": []})
        error = await other.expect("error")
        assert error["code"] == "not_your_turn" and error["ref"] == "play"
        assert error["message"].startswith("It is ") and error["message"].endswith("'s turn.")

        missing = next(f"{r}{s}" for r in range(1, 11) for s in "dcsb" if f"{r}{s}" not in view["hand"])
        await mover.send({"type": "play", "card": missing})
        error = await mover.expect("error")
        assert error["code"] == "illegal_move" and "not in your hand" in error["message"]

        await mover.send({"type": "start"})  # the game has started already
        assert (await mover.expect("error"))["code"] in ("wrong_state", "not_creator")
        await mover.send({"type": "ready", "hand": 1})
        assert (await mover.expect("error"))["code"] == "wrong_state"
        await mover.send({"type": "create"})  # seated already
        assert (await mover.expect("error"))["code"] == "wrong_state"

        # A stranger: full table, another seat's token, unknown table, a flood, a huge frame.
        eve = await Raw.open(url, "Eve")
        await eve.send({"type": "join", "code": code})
        assert (await eve.expect("error"))["code"] == "table_full"
        await eve.send({"type": "create", "players": 2})
        other_table = await eve.expect("joined")
        eve2 = await Raw.open(url, "Eve")
        await eve2.send({"type": "resume", "code": code, "token": other_table["token"]})
        assert (await eve2.expect("error"))["code"] == "bad_token"
        await eve2.send({"type": "resume", "code": "ZZZZZZZZ", "token": joined["token"]})
        assert (await eve2.expect("error"))["code"] == "no_such_table"
        await eve2.send({"type": "play", "card": "7d"})  # not seated
        assert (await eve2.expect("error"))["code"] == "wrong_state"
        await eve2.send({"type": "start"})
        assert (await eve2.expect("error"))["code"] == "wrong_state"
        for _ in range(80):
            await eve2.send({"type": "ping"})
        answers = [await eve2.recv() for _ in range(80)]
        assert 30 <= sum(a["type"] == "pong" for a in answers) <= 45  # a burst of 40, a few used above
        assert any(a["type"] == "error" and a["code"] == "rate_limited" for a in answers)
        await asyncio.sleep(1.2)  # the bucket refills
        await eve2.send("x" * (MAX_MESSAGE + 10))
        assert (await eve2.expect("error"))["code"] == "too_big"
        await eve2.send("y" * 70_000)  # past the frame limit: the connection is closed
        with pytest.raises(ConnectionClosed):
            await eve2.recv()
        assert eve2.ws.close_code == 1009

        # The table goes on: the mover plays a legal move and both see it.
        move = view["legal"][0]
        await mover.send({"type": "play", **move})
        for raw in (anna, bruno):
            event = (await raw.expect("event"))["event"]
            assert event["event"] == "play" and event["card"] == move["card"]
        assert server.tables[code].phase == "play"
        for raw in (first, anna, bruno, eve):
            await raw.close()


async def test_a_seat_taken_again_and_again_is_refused_past_its_limit_so_the_table_is_not_buried(
        monkeypatch, tmp_path):
    # A client that took its seat back and dropped it again, over and over (a resume from a new
    # connection each time), put "Bruno lost the connection" and "Bruno is back" in the log and
    # a notice on every screen at the table each time: 40 times buried the hand's plays. Joining
    # and leaving a table that waits for players did the same ("Eve sat down", "Eve left").
    import time
    from types import SimpleNamespace

    from scopa_tui.net.messages import SEAT_BURST, SEAT_RATE

    now = [1000.0]  # the server's clock for its rate limits, moved by hand
    monkeypatch.setattr("scopa_tui.net.server.time", SimpleNamespace(monotonic=lambda: now[0], time=time.time))

    async def seat_messages(raw) -> list[str]:
        """The seat lines ``raw`` was sent until now."""
        await raw.send({"type": "ping"})
        said = []
        while (msg := await raw.recv())["type"] != "pong":
            if msg["type"] == "seat":
                said.append(msg["status"])
        return said

    async with running_server(tmp_path) as (server, url):
        anna, bruno, joined, bruno_joined = await _seated_pair(url)  # the join: one taking of seat 2
        code, token = joined["code"], bruno_joined["token"]
        await seat_messages(anna)
        await bruno.close()
        answers = []
        for _ in range(SEAT_BURST + 3):
            again = await Raw.open(url, "Bruno")
            await again.send({"type": "resume", "code": code, "token": token})
            answers.append(await again.expect("joined", "error"))
            await again.close()
        assert [a["type"] for a in answers] == ["joined"] * (SEAT_BURST - 1) + ["error"] * 4
        assert {(a["code"], a["ref"]) for a in answers[SEAT_BURST - 1:]} == {("rate_limited", "resume")}
        assert (await seat_messages(anna)).count("returned") == SEAT_BURST - 1
        now[0] += 1 / SEAT_RATE  # a taking more, once its time has come: the seat is Bruno's still
        bruno = await Raw.open(url, "Bruno")
        await bruno.send({"type": "resume", "code": code, "token": token})
        assert (await bruno.expect("joined", "error"))["type"] == "joined"
        assert server.tables[code].phase == "play"

        dario = await Raw.open(url, "Dario")
        await dario.send({"type": "create", "players": 3})
        waiting = (await dario.expect("joined"))["code"]
        same = await Raw.open(url, "dario")
        for _ in range(SEAT_BURST + 1):  # a name refused takes no seat, and counts for nothing
            await same.send({"type": "join", "code": waiting})
            assert (await same.expect("error"))["code"] == "name_taken"
        eve = await Raw.open(url, "Eve")
        for n in range(SEAT_BURST + 1):
            await eve.send({"type": "join", "code": waiting})
            answer = await eve.expect("joined", "error")
            if n < SEAT_BURST:
                assert answer["type"] == "joined"
                await eve.send({"type": "leave"})
            else:
                assert (answer["code"], answer["ref"]) == ("rate_limited", "join")
        assert (await seat_messages(dario)).count("joined") == SEAT_BURST
        for raw in (anna, bruno, dario, same, eve):
            await raw.close()


async def test_a_connection_without_a_seat_is_closed_when_idle():
    async with running_server(None, idle_timeout=0.3) as (_server, url):
        raw = await Raw.open(url, "Idle")
        with pytest.raises(ConnectionClosed):
            await raw.recv(timeout=5)
        assert raw.ws.close_code == 1000


async def test_a_token_no_seat_can_have_is_bad_token_and_no_internal_error():
    # A lone surrogate (JSON allows it) could not be compared with the seats' tokens: the
    # server answered "internal" and logged a traceback for each such message.
    logged = []
    async with running_server(None, log=logged.append) as (_server, url):
        anna = await Raw.open(url, "Anna")
        await anna.send({"type": "create", "players": 2})
        code = (await anna.expect("joined"))["code"]
        eve = await Raw.open(url, "Eve")
        for token in ('"\\ud800"', '"\\udfff\\ud800x"', '"caf\u00e9"'):
            await eve.send('{"type": "resume", "code": "%s", "token": %s}' % (code, token))
            error = await eve.expect("error")
            assert (error["code"], error["ref"]) == ("bad_token", "resume")
        await eve.send({"type": "ping"})
        assert (await eve.expect("pong"))["type"] == "pong"
        assert logged == []
        for raw in (anna, eve):
            await raw.close()


async def test_a_connection_that_asks_and_never_reads_is_closed_before_its_queue_fills_the_memory(monkeypatch):
    # Up to 2000 lobbies (each as long as the server has open tables) waited for a reader
    # that never read, on each of its 20 connections: gigabytes from one address.
    import scopa_tui.net.server as server_module

    monkeypatch.setattr(server_module, "SEND_BYTES", 1024 * 1024)
    monkeypatch.setattr(server_module, "BURST", 10_000)  # the test asks at once, not at 20 a second
    async with running_server(None, max_waiting=0, max_connections=0) as (server, url):
        hosts = []
        for n in range(60):
            host = await Raw.open(url, f"P{n}")
            await host.send({"type": "create", "title": f"{n:02d} " + "t" * 37})
            await host.expect("joined")
            hosts.append(host)
        closed = asyncio.Event()
        close = server_module.Connection.close

        def spy(conn, code=1000, reason=""):
            closed.set()
            close(conn, code, reason)
        monkeypatch.setattr(server_module.Connection, "close", spy)
        eve = await Raw.open(url, "Eve")
        eve.ws.transport.pause_reading()  # it reads nothing until the server closes it
        for _ in range(1900):  # fewer than the 2000 messages the queue holds
            await eve.send({"type": "lobby"})
        await asyncio.wait_for(closed.wait(), 30)
        eve.ws.transport.resume_reading()
        with pytest.raises(ConnectionClosed):
            while True:
                await eve.recv()
        assert (eve.ws.close_code, eve.ws.close_reason) == (1008, "too slow")
        await hosts[0].send({"type": "lobby"})  # the others are served as before
        assert len((await hosts[0].expect("lobby"))["tables"]) == 60
        for host in hosts:
            await host.close()


async def test_a_misbehaving_connection_is_one_line_in_the_log_and_a_good_one_none():
    # The server's log said nothing of a client refused 60 times or closed for a frame too
    # big, nor of a flood of connections: an operator could not tell an attack from quiet.
    lines: list[str] = []
    async with running_server(None, log=lines.append, max_connections=4) as (server, url):
        good = await Raw.open(url, "Anna")
        await good.send({"type": "create", "players": 2})
        await good.expect("joined")
        await good.send({"type": "play", "card": "7d"})  # not yet: an ordinary refusal
        await good.expect("error")
        await good.close()
        eve = await Raw.open(url, "Eve")
        for frame in ("not json", "[1]", '{"type": "explode"}'):
            await eve.send(frame)
            await eve.expect("error")
        for _ in range(45):  # past the burst of 40
            await eve.send({"type": "ping"})
        await eve.expect("error")
        await eve.send("x" * 70_000)  # past the frame limit: closed by the server
        with pytest.raises(ConnectionClosed):
            while True:
                await eve.recv()
        flood = []
        for _ in range(10):  # 4 at most: one line for the breach, not one for each refused
            flood.append(await Raw.open(url, name=None))
        for raw in flood:
            await raw.close()
        for _ in range(100):
            if len(lines) >= 2:
                break
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.2)
    assert len(lines) == 2, lines
    eve_line = next(line for line in lines if "(Eve)" in line)
    assert eve_line.startswith("127.0.0.1 (Eve): ")
    assert "bad_json 2" in eve_line and "bad_message 1" in eve_line and "rate_limited" in eve_line
    assert "closed by the server: 1009" in eve_line
    assert "more than 4 connections" in next(line for line in lines if line is not eve_line)
    assert not any("Anna" in line or "\n" in line for line in lines)


async def test_connections_misbehaving_one_after_another_are_ten_lines_a_minute_and_one_for_the_rest():
    # A client opening connections one after another, each sending one bad frame, wrote a line
    # to the server's log for each: 500 lines a second, for as long as it went on.
    from scopa_tui.net.server import FAULT_LINES

    logged = []
    async with running_server(None, log=logged.append) as (_server, url):
        anna = await Raw.open(url, "Anna")
        for _ in range(FAULT_LINES + 5):
            eve = await Raw.open(url, "Eve")
            await eve.send("not json")
            assert (await eve.expect("error"))["code"] == "bad_json"
            await eve.close()
        eve = await Raw.open(url, "Eve")
        await eve.send("y" * 70_000)  # past the frame limit: closed by the server
        with pytest.raises(ConnectionClosed):
            await eve.recv()
        await anna.send({"type": "ping"})
        assert (await anna.expect("pong"))["type"] == "pong"  # the server serves on
        await anna.close()
        for _ in range(3000):  # the connections' ends, each logged by its handler
            if len(logged) >= FAULT_LINES:
                break
            await asyncio.sleep(0.01)
        assert logged == ["127.0.0.1 (Eve): 1 message refused (bad_json 1)"] * FAULT_LINES
    # the rest in one line, at the end of the minute or, as here, when the server stops
    assert logged[FAULT_LINES:] == ["127.0.0.1: 6 more connections misbehaved in 60 s (bad_json 5; "
                                    "1 closed by the server)"]


async def test_a_log_on_a_full_disk_loses_its_line_and_the_seat_is_still_let_go(monkeypatch):
    # `scopa-tui server 2>> server.log` on a full disk: the line a misbehaving connection gets
    # as it ends raised, before its seat was let go; the table held the dead connection, and
    # the others were never told it had left.
    import errno
    import io

    class Full(io.StringIO):
        def write(self, text):
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("sys.stderr", Full())
    async with running_server(None) as (server, url):
        anna = await Raw.open(url, "Anna")
        await anna.send({"type": "create", "players": 2})
        code = (await anna.expect("joined"))["code"]
        bruno = await Raw.open(url, "Bruno")
        await bruno.send({"type": "join", "code": code})
        await bruno.expect("joined")
        await anna.send("not json")  # a fault: a line in the log when the connection ends
        await anna.expect("error")
        await anna.close()
        while (msg := await bruno.expect("seat"))["status"] != "left":
            pass
        assert msg["name"] == "Anna" and server.tables[code].seats[0].link is None
