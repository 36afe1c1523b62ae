"""A headless seat whose player is slower than the table's turn limit (README, *Headless seats*),
or whose output is full."""

from __future__ import annotations

import asyncio
import errno
import io
import re
import sys
import time

import pytest
from net_helpers import TIMEOUT, first_line, running_server

from scopa_tui.ai.protocol import CmdPlayer
from scopa_tui.ai.simple import GreedyPlayer
from scopa_tui.net.client import NetClient
from scopa_tui.net.seat import HeadlessSeat, OutputFailed

SLOW_BOT = """
import json, sys, time
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": "scopa-bot/1", "name": "Slow"}), flush=True)
    elif msg["type"] == "move":
        time.sleep(5)
        move = msg["legal"][0]
        print(json.dumps({"type": "move", "id": msg["id"], **move}), flush=True)
"""


async def _play_against(url: str, code: str, seen: list[dict]) -> None:
    """Bruno joins the table and plays each turn at once, until the game ends."""
    bruno = NetClient(url, "Bruno", reconnect=False)
    await bruno.connect()
    await bruno.join(code)
    async for msg in bruno:
        seen.append(msg)
        if msg["type"] == "turn" and msg.get("view"):
            move = msg["view"]["legal"][0]
            await bruno.play(move["card"], move["capture"])
        if msg["type"] == "event" and msg["event"]["event"] == "game_end":
            break
    await bruno.close()

async def _one_game(player, turn_limit: float, **server_options) -> tuple[HeadlessSeat, list[dict]]:
    """Anna's headless seat, played by ``player``, creates a table of 2 to 1 point with this
    turn limit and plays it to its end against Bruno (exit 0); Anna, and what Bruno saw."""
    async with running_server(None, **server_options) as (_server, url):
        anna = HeadlessSeat(NetClient(url, "Anna"), lambda: player, out=io.StringIO(), err=io.StringIO())
        task = asyncio.create_task(anna.run(create={"players": 2, "target": 1, "turn_limit": turn_limit}))
        code = (await first_line(anna)).split()[1]
        seen: list[dict] = []
        await asyncio.wait_for(_play_against(url, code, seen), TIMEOUT)
        assert await asyncio.wait_for(task, TIMEOUT) == 0
    return anna, seen



async def test_a_bot_slower_than_the_turn_limit_has_its_move_played_by_the_host_in_time(tmp_path):
    # A bot that takes 5 s a move, its own limit 10 s, at a table of 1 s turns: each move is
    # played for it by the host within the turn, with one line, and the seat is never
    # taken over by the server's AI for being away (it was, every move).
    script = tmp_path / "slow_bot.py"
    script.write_text(SLOW_BOT)
    player = CmdPlayer(f"{sys.executable} {script}", time_limit=10.0, on_fault=lambda text: None)
    anna, seen = await _one_game(player, turn_limit=1)
    assert not [m for m in seen if m["type"] == "seat" and m["status"] == "away"]
    plays = [m["event"] for m in seen if m["type"] == "event" and m["event"]["event"] == "play"]
    assert plays and not [p for p in plays if p.get("away")]
    limits = [float(re.search(r"within ([0-9.]+) s", fault).group(1)) for fault in player.faults]
    assert limits and all(0.2 <= limit <= 0.5 for limit in limits)  # the turn's second, less a margin
    assert anna.out.getvalue().splitlines()[-1].startswith("winner: ")


class SlowPlayer(GreedyPlayer):
    """A built-in player that thinks longer than the turn limit."""

    def __init__(self):
        super().__init__(1)
        self.asked = 0

    def choose(self, view):
        self.asked += 1
        time.sleep(1.5)
        return super().choose(view)


async def test_a_move_for_a_position_gone_by_is_not_sent_nor_are_the_turns_gone_by_asked():
    # The turn limit passes while the player thinks: the server's AI plays the rest of the game
    # for the seat. The player is not asked about every turn queued meanwhile (each took its
    # whole time, the seat printing its result long after the game ended), and the move it
    # chose is not played in a position it was not chosen for.
    player = SlowPlayer()
    anna, seen = await _one_game(player, turn_limit=1)
    # Asked once, or again after it came back (a seat told it is away is back at once, and on
    # a loaded machine its next turn may come before the AI has played the hand out): never
    # about each of the 18 turns of its hand gone by.
    assert 1 <= player.asked <= 3
    assert "the table went on while the player thought: its move" in anna.err.getvalue()
    anna_plays = [m["event"] for m in seen if m["type"] == "event" and m["event"]["event"] == "play"
                  and m["event"]["seat"] == 0]
    assert anna_plays and all(p.get("away") for p in anna_plays)  # every one the AI's, none stale


LATE_HELLO_BOT = """
import json, sys, time
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        time.sleep(2.5)
        print(json.dumps({"type": "hello", "protocol": "scopa-bot/1", "name": "Late"}), flush=True)
    elif msg["type"] == "move":
        time.sleep(0.7)
        move = msg["legal"][0]
        print(json.dumps({"type": "move", "id": msg["id"], **move}), flush=True)
"""


async def test_a_seat_taken_over_as_away_comes_back_by_itself_and_plays_its_turns_again(tmp_path):
    # A bot slow to say hello, at a table that starts at once: its first turn passes and the
    # table's AI plays the seat, answering its turns in half a second, before the bot's
    # 0.7 s. The seat said nothing more (each move for a position gone by), and the AI played
    # it for the rest of the game; it comes back as soon as it is told it is away.
    script = tmp_path / "late_bot.py"
    script.write_text(LATE_HELLO_BOT)
    player = CmdPlayer(f"{sys.executable} {script}", time_limit=10.0, on_fault=lambda text: None)
    anna, seen = await _one_game(player, turn_limit=1.5, ai_pace=0.5)
    statuses = [m["status"] for m in seen if m["type"] == "seat" and m["seat"] == 0]
    assert "away" in statuses and "returned" in statuses[statuses.index("away"):], statuses
    returned = next(i for i, m in enumerate(seen) if m["type"] == "seat" and m["status"] == "returned")
    later = [m["event"] for m in seen[returned:] if m["type"] == "event" and m["event"]["event"] == "play"
             and m["event"]["seat"] == 0]
    assert later and not [p for p in later if p.get("away")]  # the bot's own plays again


class Full(io.StringIO):
    """A stream on a full disk."""

    def write(self, text):
        raise OSError(errno.ENOSPC, "No space left on device")


async def test_a_seat_whose_output_is_full_ends_with_the_failure_and_its_errors_do_not():
    # ``online ... > /dev/full``: the "table CODE" line cannot be written, and the command
    # ends in one line (cmd_online) where it ended in a traceback; a full standard error is
    # no reason to stop.
    async with running_server(None) as (server, url):
        anna = HeadlessSeat(NetClient(url, "Anna"), lambda: GreedyPlayer(1), out=Full(), err=Full())
        with pytest.raises(OutputFailed) as caught:
            await asyncio.wait_for(anna.run(create={"players": 2}), TIMEOUT)
        assert caught.value.error.errno == errno.ENOSPC
        anna.say("scopa-tui: a line for standard error", err=True)  # no exception
