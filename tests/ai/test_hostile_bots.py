"""Host side against hostile bots (docs/bot-protocol.md, "Faults"): a whole game each.

Every bot below misbehaves in one way.  For each, the game must finish (the time limits
bound every wait), with a safe move played (and a fault counted) for every move the bot
spoiled, without the host's memory growing with what the bot sends, and with no process of
the bot left behind.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import textwrap
import time

import pytest

from scopa_tui import simulate
from scopa_tui.ai import protocol
from scopa_tui.engine import Rules

PY = sys.executable
SHORT = 0.15  # seconds: the time limit for bots that are meant to time out at every move
MID = 2.0  # seconds: the limit for bots that time out at some moves and answer the others
LONG = 10.0  # seconds: the limit for bots that answer (a loaded machine must not fault them)

HOSTILE_BOT = '''
import json, os, subprocess, sys, threading, time
MODE = {mode!r}
PIDFILE = {pidfile!r}
moves = 0

def say(obj):
    sys.stdout.write(json.dumps(obj) + "\\n")
    sys.stdout.flush()

if MODE.startswith("helper"):  # a child that shares (and keeps) our standard output
    helper = subprocess.Popen(["sleep", "1000"])
    with open(PIDFILE, "w") as f:
        f.write(str(helper.pid))
if MODE == "stderr_flood":
    def flood():
        while True:
            sys.stderr.write("debug " * 1000 + "\\n")
    threading.Thread(target=flood, daemon=True).start()
if MODE == "flood":
    while True:
        sys.stdout.write('{{"type": "chat"}}\\n')
if MODE == "silent":
    for line in sys.stdin:
        pass
    sys.exit(0)

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        say({{"type": "hello", "protocol": "scopa-bot/1", "name": "Hostile " + MODE}})
        continue
    if msg["type"] == "quit":
        break
    if msg["type"] != "move":
        continue
    moves += 1
    first = msg["legal"][0]
    answer = {{"type": "move", "id": msg["id"], "card": first["card"], "capture": first["capture"]}}
    if MODE == "garbage":
        sys.stdout.buffer.write(b"\\x00\\xff not json at all\\n")
        sys.stdout.flush()
        continue
    if MODE == "no_newline":
        while True:  # one endless line
            sys.stdout.write("x" * 2**20)
    if MODE == "huge_line" and moves == 2:
        say({{"type": "move", "pad": "x" * 2**20}})
    if MODE.startswith("id_"):
        answer["id"] = {{"id_list": [msg["id"]], "id_object": {{"id": msg["id"]}}, "id_float": msg["id"] + 0.0,
                        "id_bool": True, "id_null": None, "id_string": str(msg["id"])}}[MODE]
    if MODE == "fields":  # every other field of the answer of a wrong type
        answer = [{{**answer, "card": 7}}, {{**answer, "capture": "3c"}}, {{**answer, "capture": [7]}},
                  {{**answer, "capture": [first["card"]] * 2}}][moves % 4]
    if MODE == "illegal":
        answer["card"] = [c for c in ("1d", "2d", "3d", "4d") if c not in msg["hand"]][0]
    if MODE == "refuse":
        answer = {{"type": "error", "id": msg["id"], "message": "I give up"}}
    if MODE == "late" and moves <= 2:
        time.sleep({late})
    if MODE in ("exit_mid", "helper_exit") and moves == 3:
        sys.exit(3)
    say(answer)
'''

# mode: (time limit, what the faults must look like: "all" moves, "none", or "some")
MODES = {
    "garbage": (LONG, "all"),
    "silent": (SHORT, "all"),
    "no_newline": (MID, "all"),  # a fault at once, then silence: given up on after 3 moves
    "huge_line": (LONG, "some"),
    "flood": (LONG, "all"),
    "id_list": (LONG, "all"),
    "id_object": (LONG, "all"),
    "id_float": (LONG, "all"),
    "id_bool": (LONG, "all"),
    "id_null": (LONG, "all"),
    "id_string": (LONG, "all"),
    "fields": (LONG, "all"),
    "illegal": (LONG, "all"),
    "refuse": (LONG, "all"),
    "late": (MID, "some"),
    "exit_mid": (LONG, "some"),
    "helper": (LONG, "none"),
    "helper_exit": (MID, "some"),
    "stderr_flood": (LONG, "none"),
}


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def _gone(pid: int, within: float = 30.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("mode", list(MODES))
def test_a_hostile_bot_cannot_stop_hang_or_bloat_the_game(tmp_path, monkeypatch, mode):
    limit, expected = MODES[mode]
    pidfile = tmp_path / "helper.pid"
    script = tmp_path / f"bot_{mode}.py"
    script.write_text(textwrap.dedent(HOSTILE_BOT.format(mode=mode, pidfile=str(pidfile), late=MID + 0.3)))
    reports: list[str] = []
    monkeypatch.setenv("SCOPA_BOT_TIME_LIMIT", str(limit))
    monkeypatch.setattr(protocol, "ON_FAULT", reports.append)
    monkeypatch.setattr(protocol, "BOT_STDERR", subprocess.DEVNULL)

    rss_before = _peak_rss_mb()
    summary = simulate.run(Rules(target=1), 1, 3, [f"cmd:{PY} {script}", "greedy"])

    bot = summary["ai"][0]
    assert bot["games"] == 1 and summary["hands"] >= 1  # the game finished
    decisions = bot["decisions"]
    assert decisions >= 18
    if expected == "all":
        assert bot["faults"] >= decisions, reports  # (a spoiled hello is one more)
    elif expected == "none":
        assert bot["faults"] == 0, reports
    else:
        assert 0 < bot["faults"] < decisions, reports
    assert all("\n" not in r and len(r) < 400 for r in reports)  # one short line each, quotes cut
    assert _peak_rss_mb() - rss_before < 64  # reads are bounded, whatever the bot sends
    if mode.startswith("helper"):
        assert _gone(int(pidfile.read_text())), "the bot's helper outlived the game"


def test_a_line_over_the_bound_is_one_fault_and_the_bot_plays_on(tmp_path, monkeypatch):
    """A line too long to read is a fault for the move it came for, like a line that is not
    JSON: named, quoted by its start, and the bot answers the moves after it (it was stopped,
    and every move of the rest of the game played for it)."""
    script = tmp_path / "bot_huge_line.py"
    script.write_text(textwrap.dedent(HOSTILE_BOT.format(mode="huge_line", pidfile="", late=0)))
    reports: list[str] = []
    monkeypatch.setattr(protocol, "ON_FAULT", reports.append)
    monkeypatch.setattr(protocol, "BOT_STDERR", subprocess.DEVNULL)
    summary = simulate.run(Rules(target=1), 1, 3, [f"cmd:{PY} {script}", "greedy"])
    assert summary["ai"][0]["faults"] == 1
    assert len(reports) == 1
    assert "'Hostile huge_line'" in reports[0] and "sent a line longer than 64 KiB" in reports[0]
    assert """(it starts '{"type": "move", "pad": "x""" in reports[0]
    assert "played" in reports[0] and "from now on" not in reports[0]
