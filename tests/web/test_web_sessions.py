"""``scopa-tui web`` under load: at most ``--max-sessions`` games at once, each at a sane size.

The server is the one ``scopa-tui web`` runs (textual-serve's, with scopa-tui's page), on a
loopback port; in place of the game each websocket starts a small stand-in program that
writes down the terminal size it was started with and everything it is sent, and quits as
the game does when textual-serve tells it to.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shlex
import sys
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from scopa_tui.cli import build_parser
from scopa_tui.web import (KEYS_AT_ONCE, KEYS_PER_SECOND, SIZE_MAX, SIZE_MIN, TEMPLATES, KeyRate, _server_class,
                           address_busy_line, busy_line, not_a_websocket_line)

TIMEOUT = 30.0

STAND_IN = """\
import os, sys
out = open(sys.argv[1], "ab", buffering=0)
with open(sys.argv[1] + ".pids", "a") as pids:
    pids.write(f"{os.getpid()}\\n")
out.write(b"size %s %s\\n" % (os.environ["COLUMNS"].encode(), os.environ["ROWS"].encode()))
while chunk := sys.stdin.buffer.read1(65536):
    out.write(chunk)
    if b'"quit"' in chunk:
        break
"""


def _server(tmp_path: Path, max_sessions: int, idle_timeout: float = 0.0, max_per_address: int = 0):
    script = tmp_path / "stand_in.py"
    script.write_text(STAND_IN)
    command = shlex.join([sys.executable, str(script), str(tmp_path / "seen")])
    return _server_class()(command, title="Scopa", templates_path=TEMPLATES, max_sessions=max_sessions,
                           max_per_address=max_per_address, idle_timeout=idle_timeout)


async def _until(condition) -> None:
    end = asyncio.get_running_loop().time() + TIMEOUT
    while not condition():
        assert asyncio.get_running_loop().time() < end, "not within the time limit"
        await asyncio.sleep(0.02)


def _seen(tmp_path: Path) -> bytes:
    """What the stand-ins have written down so far (nothing before the first one starts)."""
    try:
        return (tmp_path / "seen").read_bytes()
    except FileNotFoundError:
        return b""


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def _all_ended(tmp_path: Path) -> None:
    """Every stand-in started has exited and been reaped (textual-serve does not wait for its
    processes: one reaped after the test's event loop closed is a warning)."""
    pids = [int(p) for p in (tmp_path / "seen.pids").read_text().split()]
    await _until(lambda: all(_gone(pid) for pid in pids))
    await asyncio.sleep(0.1)  # the loop's child watcher hears of the last one


def test_max_sessions_and_idle_minutes_are_options_with_defaults():
    assert build_parser().parse_args(["web"]).max_sessions == 8
    assert build_parser().parse_args(["web", "--max-sessions", "2"]).max_sessions == 2
    assert build_parser().parse_args(["web"]).idle_minutes == 30
    assert build_parser().parse_args(["web"]).max_per_address == 4
    assert build_parser().parse_args(["web", "--max-per-address", "0"]).max_per_address == 0
    assert build_parser().parse_args(["web", "--idle-minutes", "0"]).idle_minutes == 0


async def test_a_game_whose_browser_sends_no_key_is_closed_and_frees_its_place(tmp_path):
    # A tab left open (its page still pings the server) held one of the few places for ever.
    server = _server(tmp_path, max_sessions=1, idle_timeout=0.5)
    async with TestServer(await server._make_app()) as site, aiohttp.ClientSession() as http:
        game = await http.ws_connect(site.make_url("/ws"))
        await game.send_json(["ping", "1"])  # the page's own pings are not the player
        await game.send_json(["focus"])
        msg = await asyncio.wait_for(game.receive(), TIMEOUT)
        while msg.type == aiohttp.WSMsgType.TEXT:
            assert json.loads(msg.data)[0] == "pong"
            msg = await asyncio.wait_for(game.receive(), TIMEOUT)
        assert msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        await _until(lambda: server.games == 0)
        # the game was told to quit (it saves); a game slow to start (a loaded machine) reads
        # the word when it does: its place was freed before it wrote anything down
        await _until(lambda: b'"quit"' in _seen(tmp_path))
        again = await http.ws_connect(site.make_url("/ws"))  # and its place is free
        await again.close()
        await _until(lambda: server.games == 0)
        await _until(lambda: _seen(tmp_path).count(b"size ") == 2)  # the second began
        await _all_ended(tmp_path)


async def test_a_game_over_the_cap_is_told_the_server_is_full_and_starts_nothing(tmp_path):
    server = _server(tmp_path, max_sessions=2)
    async with TestServer(await server._make_app()) as site, aiohttp.ClientSession() as http:
        first = await http.ws_connect(site.make_url("/ws"))
        second = await http.ws_connect(site.make_url("/ws"))
        await _until(lambda: (tmp_path / "seen").exists() and
                     (tmp_path / "seen").read_bytes().count(b"size ") == 2)
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(site.make_url("/ws"))
        assert refused.value.status == 503
        async with http.get(site.make_url("/ws")) as response:  # a script is told why, in one line
            assert response.status == 503 and response.headers["Retry-After"] == "30"
            assert await response.text() == busy_line(2) + "\n"
        async with http.get(site.make_url("/")) as response:  # a browser gets a page saying so
            assert response.status == 503
            page = await response.text()
            assert busy_line(2) in page and "textual.js" not in page
        assert (tmp_path / "seen").read_bytes().count(b"size ") == 2  # no third game started

        await first.close()  # a game ends: its place is free again
        await _until(lambda: server.games == 1)
        async with http.get(site.make_url("/")) as response:
            assert response.status == 200 and "textual.js" in await response.text()
        third = await http.ws_connect(site.make_url("/ws"))
        await _until(lambda: (tmp_path / "seen").read_bytes().count(b"size ") == 3)
        await second.close()
        await third.close()
        await _until(lambda: server.games == 0)
        await _all_ended(tmp_path)


@pytest.mark.parametrize("query,size", [
    ("?width=100000&height=99999999999999999999999", f"{SIZE_MAX} {SIZE_MAX}"),
    ("?width=1&height=-5", f"{SIZE_MIN} {SIZE_MIN}"),
    ("?width=abc", "80 24"),
    ("?width=120&height=40", "120 40"),
    ("?width=77&height=8", "77 8"),  # a small window: the game says so, at the size the page shows
])
async def test_the_size_a_browser_asks_for_is_held_in_bounds(tmp_path, query, size):
    server = _server(tmp_path, max_sessions=2)
    async with TestServer(await server._make_app()) as site, aiohttp.ClientSession() as http:
        game = await http.ws_connect(site.make_url("/ws" + query))
        await game.send_json(["resize", {"width": 10**9, "height": 0}])
        await game.send_json(["resize", {"width": 90, "height": 30}])
        await _until(lambda: (tmp_path / "seen").exists() and b'"width": 90' in (tmp_path / "seen").read_bytes())
        await game.close()
        await _until(lambda: server.games == 0)
        await _all_ended(tmp_path)
    seen = (tmp_path / "seen").read_bytes().decode(errors="replace")
    assert seen.startswith(f"size {size}\n")
    resizes = [json.loads(meta) for meta in re.findall(r'\{"type": "resize"[^}]*\}', seen)]
    assert [(r["width"], r["height"]) for r in resizes] == [(SIZE_MAX, SIZE_MIN), (90, 30)]


@pytest.mark.parametrize("message", ["not json", "[]", '["resize", {}]', '{"a": 1}', '["stdin"]'])
async def test_a_message_the_page_never_sends_ends_its_game_with_one_line_and_no_traceback(
        tmp_path, caplog, message):
    server = _server(tmp_path, max_sessions=2)
    async with TestServer(await server._make_app()) as site, aiohttp.ClientSession() as http:
        game = await http.ws_connect(site.make_url("/ws"))
        await game.send_str(message)
        closing = await asyncio.wait_for(game.receive(), TIMEOUT)
        assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        await _until(lambda: server.games == 0)  # the game was stopped
        await _all_ended(tmp_path)
    assert not [r for r in caplog.records if r.exc_info]
    told = [r.getMessage() for r in caplog.records if r.name == "textual-serve" and "browser" in r.getMessage()]
    assert len(told) == 1 and told[0].startswith("a browser sent a message the page never sends (")
    assert "\n" not in told[0]


async def test_one_address_takes_at_most_max_per_address_games_and_is_told_so(tmp_path):
    # With room on the server, one address (every connection of the test is 127.0.0.1) could
    # take every place; now it is told, in one line, that its own games are the limit.
    server = _server(tmp_path, max_sessions=5, max_per_address=2)
    async with TestServer(await server._make_app()) as site, aiohttp.ClientSession() as http:
        games = [await http.ws_connect(site.make_url("/ws")) for _ in range(2)]
        await _until(lambda: (tmp_path / "seen").exists() and
                     (tmp_path / "seen").read_bytes().count(b"size ") == 2)
        assert server.by_address == {"127.0.0.1": 2}
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(site.make_url("/ws"))
        assert refused.value.status == 503
        async with http.get(site.make_url("/ws")) as response:
            assert response.status == 503 and await response.text() == address_busy_line(2) + "\n"
        async with http.get(site.make_url("/")) as response:
            assert response.status == 503 and address_busy_line(2) in await response.text()
        await games[0].close()  # one of its games ends: it may start another
        await _until(lambda: server.games == 1)
        again = await http.ws_connect(site.make_url("/ws"))
        await _until(lambda: (tmp_path / "seen").read_bytes().count(b"size ") == 3)
        for game in (games[1], again):
            await game.close()
        await _until(lambda: server.games == 0)
        assert not server.by_address
        await _all_ended(tmp_path)


async def test_the_games_address_opened_as_a_page_says_which_page_to_open_and_logs_no_traceback(tmp_path, caplog):
    # A link to /ws, or curl: textual-serve logged two tracebacks (some two hundred lines)
    # and closed the connection without an answer.
    server = _server(tmp_path, max_sessions=2)
    async with TestServer(await server._make_app()) as site, aiohttp.ClientSession() as http:
        async with http.get(site.make_url("/ws?width=100")) as response:
            assert response.status == 400
            assert await response.text() == not_a_websocket_line(server.public_url + "/") + "\n"
        game = await http.ws_connect(site.make_url("/ws"))  # the page's own websocket still plays
        await _until(lambda: b"size " in _seen(tmp_path))
        await game.close()
        await _until(lambda: server.games == 0)
        await _all_ended(tmp_path)
    assert _seen(tmp_path).count(b"size ") == 1  # no game started for the plain request
    assert not [r for r in caplog.records if r.exc_info]


async def test_the_static_folder_is_not_listed_and_its_files_are_served(tmp_path):
    # textual-serve listed /static/ and its folders (its "Index of /static/" page)
    server = _server(tmp_path, max_sessions=2)
    async with TestServer(await server._make_app()) as site, aiohttp.ClientSession() as http:
        for folder in ("/static/", "/static/js", "/static/js/", "/static/fonts/"):
            async with http.get(site.make_url(folder)) as response:
                assert response.status == 403, folder
                assert "Index of" not in await response.text()
        async with http.get(site.make_url("/static/css/xterm.css")) as response:
            assert response.status == 200
            assert ".xterm" in await response.text()


async def test_keys_a_page_sends_after_its_game_ended_are_dropped_without_a_warning_each(tmp_path, caplog):
    # The player quit (q y) and the page kept sending keys until it heard the game close:
    # asyncio logged "pipe closed by peer or os.write(pipe, data) raised exception." for each
    # key after the fifth, thousands of lines for a page flooding keys.
    server = _server(tmp_path, max_sessions=2)
    async with TestServer(await server._make_app()) as site, aiohttp.ClientSession() as http:
        game = await http.ws_connect(site.make_url("/ws"))
        await game.send_json(["stdin", '"quit"'])  # the stand-in ends, as the game does on q y
        await _until(lambda: b"size " in _seen(tmp_path))
        await _all_ended(tmp_path)
        for _ in range(20):
            await game.send_json(["stdin", "1"])
        await game.send_json(["resize", {"width": 90, "height": 30}])
        await game.send_json(["focus"])
        await game.send_json(["ping", "after"])  # answered once the keys before it are handled
        msg = await asyncio.wait_for(game.receive(), TIMEOUT)
        assert json.loads(msg.data) == ["pong", "after"]
        await game.close()
        await _until(lambda: server.games == 0)
    assert not [r.getMessage() for r in caplog.records if r.name == "asyncio"]


def test_a_pages_keys_go_on_a_burst_at_once_then_at_a_rate():
    rate = KeyRate(rate=4, burst=3)
    assert [rate.take(100.0) for _ in range(4)] == [True, True, True, False]
    assert [rate.take(100.25) for _ in range(2)] == [True, False]  # a quarter of a second: one more
    assert [rate.take(200.0) for _ in range(4)] == [True, True, True, False]  # a pause: the burst again


async def test_a_flood_of_keys_from_a_page_reaches_its_game_at_most_at_the_rate_and_is_said_once(tmp_path, caplog):
    # 100,000 keys from a script went on whole: the game read them all into its own queue and
    # played them for minutes, its page closed, its place taken, Ctrl+C waiting a minute for it.
    server = _server(tmp_path, max_sessions=2)
    async with TestServer(await server._make_app()) as site, aiohttp.ClientSession() as http:
        game = await http.ws_connect(site.make_url("/ws"))
        started = asyncio.get_running_loop().time()
        for _ in range(3000):
            await game.send_json(["stdin", "k"])
        await game.send_json(["ping", "done"])  # answered once the keys before it are handled
        msg = await asyncio.wait_for(game.receive(), TIMEOUT)
        took = asyncio.get_running_loop().time() - started
        assert json.loads(msg.data) == ["pong", "done"]
        await game.close()
        await _until(lambda: server.games == 0)
        await _all_ended(tmp_path)
    passed = _seen(tmp_path).count(b"D\x00\x00\x00\x01k")
    assert KEYS_AT_ONCE <= passed <= KEYS_AT_ONCE + KEYS_PER_SECOND * took + 1
    told = [r.getMessage() for r in caplog.records if "faster than any player" in r.getMessage()]
    assert told == [f"a browser sent keys faster than any player, more than {KEYS_PER_SECOND} a second; "
                    "those beyond are dropped"]


# A stand-in that talks as the game does: it starts with textual-serve's prelude and, told to
# quit, draws its last frames (a megabyte) before it ends.
TALKING_STAND_IN = """\
import os, sys
with open(sys.argv[1] + ".pids", "a") as pids:
    pids.write(f"{os.getpid()}\\n")
out = sys.stdout.buffer
out.write(b"__GANGLION__\\n")
out.flush()
while chunk := sys.stdin.buffer.read1(65536):
    if b'"quit"' in chunk:
        for _ in range(256):
            out.write(b"D" + (4096).to_bytes(4, "big") + b"x" * 4096)
        out.flush()
        break
"""


async def test_a_game_that_draws_as_its_page_goes_is_read_to_its_end_and_ends(tmp_path):
    # textual-serve stopped reading the game's output when the page had gone (the closed
    # websocket raised): a game still drawing filled its pipe and waited on it for ever, its
    # process left running, its save locked (another tab was told it was open elsewhere).
    script = tmp_path / "talking.py"
    script.write_text(TALKING_STAND_IN)
    command = shlex.join([sys.executable, str(script), str(tmp_path / "seen")])
    server = _server_class()(command, title="Scopa", templates_path=TEMPLATES, max_sessions=2,
                             max_per_address=0, idle_timeout=0.0)
    async with TestServer(await server._make_app()) as site, aiohttp.ClientSession() as http:
        game = await http.ws_connect(site.make_url("/ws"))
        await _until(lambda: (tmp_path / "seen.pids").exists())
        await game.close()  # the tab is closed: the game is told to quit, and draws on a while
        await _until(lambda: server.games == 0)
        await _all_ended(tmp_path)
