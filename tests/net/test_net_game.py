"""Two headless seats play a whole game over the network; the record lands in the history."""

from __future__ import annotations

import asyncio
import io
import sys
from pathlib import Path

import pytest

from net_helpers import TIMEOUT, first_line, headless, running_server

from scopa_tui.ai.registry import make_player
from scopa_tui.engine import record as records
from scopa_tui.net.client import NetClient
from scopa_tui.net.seat import HeadlessSeat
from scopa_tui.store import Store

BOT = Path(__file__).resolve().parents[2] / "examples" / "minimal_bot.py"


async def test_two_headless_seats_play_a_whole_game_and_it_is_exported(tmp_path):
    async with running_server(tmp_path) as (server, url):
        anna = headless(url, "Anna", "medium", seed=3)
        # Bruno plays with a scopa-bot/1 program, as ``--bot CMD`` does.
        bruno = HeadlessSeat(NetClient(url, "Bruno"), make_player(f"cmd:{sys.executable} {BOT}"),
                             out=io.StringIO(), err=io.StringIO())
        a = asyncio.create_task(anna.run(create={"players": 2, "target": 4}))
        code = (await first_line(anna)).split()[1]
        b = asyncio.create_task(bruno.run(join=code))
        assert await asyncio.wait_for(a, TIMEOUT) == 0
        assert await asyncio.wait_for(b, TIMEOUT) == 0
        table = server.tables[code]
        for _ in range(200):  # the record is filed in a thread
            if table.filed:
                break
            await asyncio.sleep(0.02)
        assert table.filed
    lines = anna.out.getvalue().splitlines()
    assert lines[0] == f"table {code}"
    assert bruno.out.getvalue().splitlines()[1:] == lines[1:]  # both print the same result
    assert lines[1].split()[0] == "Anna" and lines[2].split()[0] == "Bruno"
    totals = [int(lines[1].split()[-1]), int(lines[2].split()[-1])]
    assert max(totals) >= 4
    assert lines[3] == f"winner: {'Anna' if totals[0] > totals[1] else 'Bruno'}"
    assert anna.err.getvalue() == "" and bruno.err.getvalue() == ""

    # The finished game is a valid scopa-record/1 game that ``export`` lists, and the
    # table is no longer kept as a game in progress.
    out = io.StringIO()
    assert Store(tmp_path).export(out) == 1
    (game,) = records.parse(out.getvalue())
    replayed = records.replay(game, use_seed=True)
    assert replayed.is_over and list(replayed.totals) == totals
    assert game.start["scopa_tui"]["names"] == ["Anna", "Bruno"]
    from scopa_tui.net.tablestore import TableStore

    assert TableStore(tmp_path).load() == []


@pytest.mark.parametrize("players, sides", [
    (3, ["Anna", "AI 2", "AI 3"]),
    (4, ["Anna & AI 3", "AI 2 & AI 4"]),
    (6, ["Anna & AI 4", "AI 2 & AI 5", "AI 3 & AI 6"]),
])
async def test_a_table_with_ai_seats_starts_when_its_creator_says_so(players, sides):
    async with running_server(None) as (server, url):
        anna = headless(url, "Anna", "easy")
        code_task = asyncio.create_task(anna.run(create={"players": players, "target": 2, "ai": "random"},
                                                 start_after=0.0))
        assert await asyncio.wait_for(code_task, TIMEOUT) == 0
    lines = anna.out.getvalue().splitlines()
    assert [line.rsplit(None, 1)[0] for line in lines[1:-1]] == sides
    assert lines[-1].startswith("winner: ") and lines[-1][len("winner: "):] in sides
