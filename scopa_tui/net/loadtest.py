"""The online load test: ``python -m scopa_tui.net.loadtest --tables N --seconds S``.

It starts a table server (``scopa-tui server`` as a subprocess on a free loopback port,
AI pace 0, a fresh data directory) and ``--clients`` client processes that share the
``--tables`` tables.  Every seat of every table is a headless client (asyncio, one
WebSocket each, ``scopa-net/1``: docs/online-protocol.md) answering its turn with the
first move of ``legal`` and saying ready after each hand, as fast as the server's rate
limit lets it; a table whose game ends starts a new game at once.  After ``--seconds``
every client stops and the report says:

* tables, seats, games finished, moves, moves per second;
* p50 / p99 / max of the time from a play sent to the moment every seat of the table
  has received it (the ``play`` event), measured by the client process holding them all;
* the server's resident memory (peak and at the end) and CPU time;
* errors: ``error`` messages from the server, connections lost or refused, a turn with
  no legal move, clients that did not finish, the server's own error lines;
* the load average before and after (the machine may be shared).

Loopback only, bounded in count and time: nothing here takes an address, and every wait
has a timeout.  docs/scaling.md has the figures and what they mean.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.rules import PLAYER_COUNTS, TARGET_MAX
from .messages import BURST, PROTOCOL, RATE, encode, parse_server

HOST = "127.0.0.1"  # the only address the load test uses
START_TIMEOUT = 30.0  # seconds for the server to say where it listens
CONNECT_TIMEOUT = 15.0  # seconds for one connection and its hello
GRACE = 30.0  # seconds past --seconds before a client process is killed (and counted)
SAMPLE_EVERY = 0.25  # seconds between two readings of the server's memory


# --- the client side ---------------------------------------------------------------------
class Bucket:
    """A seat stays a little under the server's rate limit (``RATE`` a second, ``BURST`` at once)."""

    def __init__(self):
        self.tokens = BURST / 2
        self.at = time.monotonic()

    async def take(self) -> None:
        now = time.monotonic()
        self.tokens = min(BURST / 2, self.tokens + (now - self.at) * RATE * 0.9)
        self.at = now
        if self.tokens < 1:
            await asyncio.sleep((1 - self.tokens) / (RATE * 0.9))
            self.tokens, self.at = 1.0, time.monotonic()
        self.tokens -= 1


@dataclass
class Stats:
    """What one client process saw."""

    moves: int = 0
    games: int = 0
    latencies: list[float] = field(default_factory=list)  # seconds
    errors: Counter = field(default_factory=Counter)
    moves_per_table: list[int] = field(default_factory=list)
    pings: list[float] = field(default_factory=list)  # seconds, ping to pong (no table work)
    seated_after: float | None = None  # seconds from the start until every table sat down

    def to_json(self) -> dict[str, Any]:
        return {"moves": self.moves, "games": self.games, "latencies_us": [round(x * 1e6) for x in self.latencies],
                "errors": dict(self.errors), "moves_per_table": self.moves_per_table,
                "cpu_seconds": round(time.process_time(), 2), "pings_us": [round(x * 1e6) for x in self.pings],
                "seated_after": self.seated_after}


class Ramp:
    """When every table of a client process has sat down: the latencies are those of the
    plays sent after that (the steady state), not of the first seconds when thousands of
    connections open at once."""

    def __init__(self, tables: int):
        self.waiting = tables
        self.started = time.perf_counter()
        self.since: float | None = None  # perf_counter when the last table sat down

    def seated(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            self.since = time.perf_counter()

    def steady(self, sent: float) -> bool:
        return self.since is not None and sent >= self.since


class Game:
    """One game at one table: when each play was sent and which seats have seen it."""

    def __init__(self, players: int, target: int, ramp: Ramp | None = None):
        self.ramp = ramp or Ramp(0)
        self.players = players
        self.target = target
        self.sent: dict[int, float] = {}  # play number -> when it was sent
        self.unseen: dict[int, int] = {}  # play number -> seats that have not received it yet
        self.over = False

    def sending(self, number: int) -> None:
        self.sent[number] = time.perf_counter()
        self.unseen[number] = self.players

    def seen(self, number: int, stats: Stats) -> None:
        if number not in self.unseen:
            return
        self.unseen[number] -= 1
        if self.unseen[number] == 0:
            sent = self.sent.pop(number)
            if self.ramp.steady(sent):
                stats.latencies.append(time.perf_counter() - sent)
            del self.unseen[number]
            stats.moves += 1

    def decided(self, totals: list[int]) -> bool:
        """The hand's totals end the game: one side alone at the target or past it."""
        best = max(totals)
        return best >= self.target and totals.count(best) == 1


async def _connect(url: str, name: str):
    from websockets.asyncio.client import connect

    ws = await asyncio.wait_for(connect(url, compression=None, max_size=2**22, open_timeout=CONNECT_TIMEOUT),
                                CONNECT_TIMEOUT)
    await ws.send(encode({"type": "hello", "protocol": PROTOCOL, "name": name}))
    answer = parse_server(await asyncio.wait_for(ws.recv(), CONNECT_TIMEOUT))
    if answer["type"] != "welcome":
        await ws.close()
        raise ConnectionError(f"hello refused: {answer}")
    return ws


async def _seat(ws, game: Game, stats: Stats, end: float, think: float) -> None:
    """Play one seat until the game ends or the time is up; ``think`` seconds (on average) before each play."""
    bucket = Bucket()
    plays_seen = 0

    async def send(msg: dict[str, Any]) -> None:
        await bucket.take()
        await ws.send(encode(msg))

    async def answer(view: dict[str, Any]) -> None:
        legal = view.get("legal")
        if not legal:
            stats.errors["turn without a legal move"] += 1
            return
        if think:  # spread around ``think`` so that the tables do not all play at the same instant
            await asyncio.sleep(think * random.uniform(0.5, 1.5))
        await bucket.take()
        game.sending(plays_seen + 1)  # the server sends every play before the next turn
        await ws.send(encode({"type": "play", "card": legal[0]["card"], "capture": legal[0]["capture"]}))

    while not game.over:
        left = end - time.monotonic()
        if left <= 0:
            return
        try:
            frame = await asyncio.wait_for(ws.recv(), left)
        except asyncio.TimeoutError:
            return
        msg = parse_server(frame)
        kind = msg["type"]
        if kind == "turn" and msg.get("view") is not None:
            await answer(msg["view"])
        elif kind == "event":
            line = msg["event"]
            event = line.get("event")
            if event == "play":
                plays_seen += 1
                game.seen(plays_seen, stats)
            elif event == "hand_end" and not game.decided(line["totals"]):
                await send({"type": "ready", "hand": line["hand"]})
            elif event == "game_end":
                game.over = True
        elif kind == "error":
            stats.errors[f"server said {msg.get('code')}"] += 1


async def _table(slot: int, url: str, players: int, target: int, stats: Stats, end: float, think: float,
                 ramp: Ramp) -> None:
    """Whole games, one after the other, at one table until the time is up."""
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    first = True
    while time.monotonic() < end:
        seats = []
        try:
            creator = await _connect(url, f"T{slot}S1")
            seats.append(creator)
            await creator.send(encode({"type": "create", "players": players, "target": target, "ai": "random",
                                       "turn_limit": 600, "public": False}))
            joined = None
            while joined is None:
                msg = parse_server(await asyncio.wait_for(creator.recv(), CONNECT_TIMEOUT))
                if msg["type"] == "joined":
                    joined = msg
                elif msg["type"] == "error":
                    raise ConnectionError(f"create refused: {msg.get('code')}")
            for n in range(2, players + 1):  # the table starts once every seat is taken
                ws = await _connect(url, f"T{slot}S{n}")
                seats.append(ws)
                await ws.send(encode({"type": "join", "code": joined["code"]}))
            game = Game(players, target, ramp)
            if first:
                first = False
                ramp.seated()
            done = await asyncio.gather(*(_seat(ws, game, stats, end, think) for ws in seats),
                                        return_exceptions=True)  # every seat has finished before ...
            for failure in done:
                if isinstance(failure, BaseException):
                    raise failure  # ... the first failure is counted below
            if game.over:
                stats.games += 1
            elif time.monotonic() < end - 1:  # a seat stopped before the game ended
                stats.errors["a seat stopped early"] += 1
                break
        except ConnectionClosed:
            if time.monotonic() < end:
                stats.errors["connection lost"] += 1
            break
        except (OSError, InvalidHandshake, asyncio.TimeoutError, ConnectionError, ValueError) as e:
            stats.errors[f"connect: {type(e).__name__}"] += 1
            break
        finally:
            await asyncio.gather(*(ws.close() for ws in seats), return_exceptions=True)


async def _probe(url: str, stats: Stats, end: float, ramp: Ramp) -> None:
    """``ping`` → ``pong`` ten times a second on a connection of its own: the round trip with
    no table work, i.e. what the machine and the event loops alone cost."""
    try:
        ws = await _connect(url, "probe")
    except (OSError, asyncio.TimeoutError, ConnectionError) as e:
        stats.errors[f"probe: {type(e).__name__}"] += 1
        return
    try:
        while time.monotonic() < end:
            sent = time.perf_counter()
            await ws.send(encode({"type": "ping"}))
            while parse_server(await asyncio.wait_for(ws.recv(), CONNECT_TIMEOUT))["type"] != "pong":
                pass
            if ramp.steady(sent):
                stats.pings.append(time.perf_counter() - sent)
            await asyncio.sleep(0.1)
    finally:
        await ws.close()


async def run_client(url: str, first_slot: int, tables: int, players: int, target: int, seconds: float,
                     think: float = 0.0) -> Stats:
    """Play ``tables`` tables for ``seconds``; the client process's part of the test."""
    stats = Stats()
    end = time.monotonic() + seconds
    per_table: list[Stats] = []
    ramp = Ramp(tables)

    async def one(slot: int) -> None:
        own = Stats()
        per_table.append(own)
        await _table(slot, url, players, target, own, end, think, ramp)

    probe = [_probe(url, stats, end, ramp)] if first_slot == 0 else []
    await asyncio.wait_for(asyncio.gather(*probe, *(one(first_slot + i) for i in range(tables))), seconds + GRACE / 2)
    for own in per_table:
        stats.moves += own.moves
        stats.games += own.games
        stats.latencies += own.latencies
        stats.errors.update(own.errors)
        stats.moves_per_table.append(own.moves)
    if ramp.since is not None:
        stats.seated_after = round(ramp.since - ramp.started, 2)
    return stats


# --- the server and the report ----------------------------------------------------------
def _proc_status(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM (peak) of a process, in KiB, from /proc (Linux); {} elsewhere."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return {}
    return {k: int(v) for k, v in re.findall(r"^(VmRSS|VmHWM):\s+(\d+) kB", text, re.M)}


def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process so far (Linux), None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _percentile(sorted_values: list[float], q: float) -> float | None:
    if not sorted_values:
        return None
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def _summary(sorted_seconds: list[float]) -> dict[str, float | None]:
    """p50, p99 and max, in milliseconds."""
    return {name: None if v is None else round(v * 1000, 2) for name, v in
            (("p50", _percentile(sorted_seconds, 0.5)), ("p99", _percentile(sorted_seconds, 0.99)),
             ("max", sorted_seconds[-1] if sorted_seconds else None))}


def _start_server(data_dir: Path, log_path: Path) -> tuple[subprocess.Popen, str]:
    cmd = [sys.executable, "-m", "scopa_tui", "server", "--host", HOST, "--port", "0", "--ai-pace", "0",
           "--max-connections-per-address", "0", "--max-waiting-per-address", "0",
           "--data-dir", str(data_dir)]
    with open(log_path, "wb") as log:
        server = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=log, stdin=subprocess.DEVNULL,
                                  start_new_session=True)
    line = _read_line(server.stdout, START_TIMEOUT)
    found = re.search(r"ws://[^ ]+:(\d+)/", line or "")
    if not found:
        _stop(server)
        raise RuntimeError(f"the server did not start: {(line or log_path.read_text()).strip()[:300]}")
    return server, f"ws://{HOST}:{found.group(1)}/"


def _read_line(stream, timeout: float) -> str | None:
    """One line from a pipe, or None after ``timeout`` seconds."""
    import selectors

    with selectors.DefaultSelector() as sel:
        sel.register(stream, selectors.EVENT_READ)
        if not sel.select(timeout):
            return None
    return stream.readline().decode("utf-8", "replace")


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        with _suppress_lookup():
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            with _suppress_lookup():
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def _suppress_lookup():
    import contextlib

    return contextlib.suppress(ProcessLookupError)


def _client_command(url: str, first: int, tables: int, args) -> list[str]:
    return [sys.executable, "-m", "scopa_tui.net.loadtest", "--client", url, "--first", str(first),
            "--tables", str(tables), "--seconds", str(args.seconds), "--players", str(args.players),
            "--target", str(args.target), "--think", str(args.think)]


def run(args) -> dict[str, Any]:
    """The whole test; returns the report as a dict (see :func:`format_report`)."""
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="scopa-loadtest-") as tmp:
        tmp_path = Path(tmp)
        server, url = _start_server(tmp_path / "data", tmp_path / "server.log")
        clients: list[subprocess.Popen] = []
        try:
            cpu_before = _cpu_seconds(server.pid)
            shares = [args.tables // args.clients + (i < args.tables % args.clients) for i in range(args.clients)]
            first = 0
            for share in shares:
                if share:
                    clients.append(subprocess.Popen(_client_command(url, first, share, args), stdout=subprocess.PIPE,
                                                    stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                                    start_new_session=True))
                first += share
            started = time.monotonic()
            peak = rss = 0
            while any(c.poll() is None for c in clients) and time.monotonic() < started + args.seconds + GRACE:
                status = _proc_status(server.pid)
                peak = max(peak, status.get("VmHWM", 0))
                rss = status.get("VmRSS", rss)
                time.sleep(SAMPLE_EVERY)
            elapsed = time.monotonic() - started
            cpu_after = _cpu_seconds(server.pid)
            results, errors = _collect(clients)
            server_alive = server.poll() is None
        finally:
            for c in clients:
                _stop(c)
            _stop(server)
        server_log = (tmp_path / "server.log").read_text(errors="replace")
    bad_lines = [line for line in server_log.splitlines() if re.search(r"internal error|Traceback", line)]
    if bad_lines:
        errors["server error lines"] += len(bad_lines)
    if not server_alive:
        errors["the server died"] += 1
    latencies = sorted(x / 1e6 for r in results for x in r["latencies_us"])
    pings = sorted(x / 1e6 for r in results for x in r["pings_us"])
    moves = sum(r["moves"] for r in results)
    per_table = [m for r in results for m in r["moves_per_table"]]
    cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
    return {"tables": args.tables, "players": args.players, "clients": args.clients, "seconds": args.seconds,
            "target": args.target, "think": args.think,
            "client_cpu_seconds": round(sum(r["cpu_seconds"] for r in results), 2),
            "seated_after": max((r["seated_after"] for r in results if r["seated_after"] is not None), default=None), "elapsed": round(elapsed, 2), "games_finished": sum(r["games"] for r in results),
            "moves": moves, "moves_per_second": round(moves / args.seconds, 1),
            "tables_that_moved": sum(1 for m in per_table if m > 0), "moves_per_table_min": min(per_table, default=0),
            "latency_ms": _summary(latencies),
            "ping_ms": _summary(pings),
            "server_rss_mib": {"peak": round(peak / 1024, 1), "end": round(rss / 1024, 1)},
            "server_cpu_seconds": None if cpu is None else round(cpu, 2),
            "server_cpu_ms_per_move": None if cpu is None or not moves else round(1000 * cpu / moves, 2),
            "errors": sum(errors.values()), "error_kinds": dict(errors),
            "load_average": {"before": [round(x, 2) for x in load_before],
                             "after": [round(x, 2) for x in os.getloadavg()]},
            "cores": os.cpu_count()}


def _collect(clients: list[subprocess.Popen]) -> tuple[list[dict[str, Any]], Counter]:
    """Each client process's JSON line; a client that failed is an error."""
    results: list[dict[str, Any]] = []
    errors: Counter = Counter()
    for c in clients:
        try:
            out, err = c.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            errors["a client process did not finish"] += 1
            continue
        try:
            result = json.loads(out.decode().strip().splitlines()[-1])
        except (ValueError, IndexError):
            errors["a client process failed"] += 1
            sys.stderr.write(err.decode(errors="replace")[-2000:])
            continue
        results.append(result)
        errors.update(result["errors"])
    return results, errors


def format_report(r: dict[str, Any]) -> str:
    lat = r["latency_ms"]
    cpu = r["server_cpu_seconds"]
    cpu_text = "n/a" if cpu is None else (f"{cpu} s ({100 * cpu / r['elapsed']:.0f}% of one core, "
                                          f"{r['server_cpu_ms_per_move']} ms a move)")
    lines = [
        f"tables {r['tables']} x {r['players']} players, {r['clients']} client process(es), "
        f"{r['seconds']:g} s, target {r['target']}, think {r['think']:g} s",
        f"games finished {r['games_finished']}; tables that moved {r['tables_that_moved']}/{r['tables']} "
        f"(fewest moves at a table: {r['moves_per_table_min']})",
        f"moves {r['moves']}, {r['moves_per_second']} per second",
        f"every seat connected after {r['seated_after']} s; from then on:",
        f"move sent -> every seat updated: p50 {lat['p50']} ms, p99 {lat['p99']} ms, max {lat['max']} ms",
        f"ping -> pong (no table work): p50 {r['ping_ms']['p50']} ms, p99 {r['ping_ms']['p99']} ms",
        f"server memory: peak {r['server_rss_mib']['peak']} MiB, at the end {r['server_rss_mib']['end']} MiB; "
        f"server CPU {cpu_text}; client CPU {r['client_cpu_seconds']} s",
        f"errors {r['errors']}" + (f": {r['error_kinds']}" if r["errors"] else ""),
        f"load average before {r['load_average']['before']}, after {r['load_average']['after']} "
        f"({r['cores']} cores)",
    ]
    return "\n".join(lines)


# --- the command line -------------------------------------------------------------------
class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit status 2
        self.exit(2, f"loadtest: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    from ..cli import _at_least
    from .commands import seconds_between

    p = _Parser(prog="python -m scopa_tui.net.loadtest",
                description="N tables of headless seats playing whole games against a local server.")
    p.add_argument("--tables", type=_at_least(1, 1000), default=200, help="tables at once (default 200)")
    p.add_argument("--seconds", type=seconds_between(1, 600), default=30.0, help="how long (default 30)")
    p.add_argument("--players", type=int, choices=PLAYER_COUNTS, default=2, help="seats per table (default 2)")
    p.add_argument("--clients", type=_at_least(1, 8), default=1,
                   help="client processes sharing the tables (default 1)")
    p.add_argument("--target", type=_at_least(1, TARGET_MAX), default=11, help="points to win a game (default 11)")
    p.add_argument("--think", type=seconds_between(0, 60), default=0.0, metavar="SECONDS",
                   help="each seat waits about this long (0.5 to 1.5 times) before its play "
                        "(default 0: as fast as the server answers)")
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.add_argument("--client", metavar="URL", help=argparse.SUPPRESS)  # a client process (run by the test)
    p.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.client:
        if not re.match(rf"ws://{re.escape(HOST)}:\d+/$", args.client):
            print(f"loadtest: error: the client only talks to ws://{HOST}", file=sys.stderr)
            return 2
        stats = asyncio.run(run_client(args.client, args.first, args.tables, args.players, args.target,
                                       args.seconds, args.think))
        print(json.dumps(stats.to_json()))
        return 0
    try:
        report = run(args)
    except RuntimeError as e:
        print(f"loadtest: error: {e}", file=sys.stderr)
        return 1
    print(json.dumps(report) if args.json else format_report(report))
    return 0 if report["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
