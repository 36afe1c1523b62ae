"""Two headless seats play a whole game over the network; the record lands in the history."""

from __future__ import annotations

import asyncio
import contextlib
import io
import sys
from pathlib import Path

import pytest

from net_helpers import TIMEOUT, first_line, headless, running_server

from scopa_tui.ai.registry import make_player
from scopa_tui.engine import record as records
from scopa_tui.net.client import NetClient
from scopa_tui.net.seat import HeadlessSeat, KeptSeats
from scopa_tui.store import Store

BOT = Path(__file__).resolve().parents[2] / "examples" / "minimal_bot.py"


async def test_two_headless_seats_play_a_whole_game_and_it_is_exported(tmp_path):
    async with running_server(tmp_path) as (server, url):
        anna = headless(url, "Anna", "medium", seed=3)
        # Bruno plays with a scopa-bot/1 program, as ``--bot CMD`` does.
        bruno = HeadlessSeat(NetClient(url, "Bruno"), lambda: make_player(f"cmd:{sys.executable} {BOT}"),
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


async def test_two_headless_seats_play_three_games_at_one_table_with_games_3(tmp_path):
    # `online --games 3`: a rematch asked after each game but the last, each game's result
    # printed once under "game K", and the three games filed on their own.
    async with running_server(tmp_path) as (server, url):
        anna, bruno = headless(url, "Anna", "easy", seed=3), headless(url, "Bruno", "easy", seed=4)
        anna.games = bruno.games = 3
        a = asyncio.create_task(anna.run(create={"players": 2, "target": 2}))
        code = (await first_line(anna)).split()[1]
        b = asyncio.create_task(bruno.run(join=code))
        assert await asyncio.wait_for(a, TIMEOUT) == 0
        assert await asyncio.wait_for(b, TIMEOUT) == 0
        assert server.tables[code].config["game"] == 3
        for _ in range(500):  # the last game is filed in a thread: not cut off by the server's close
            if server.tables[code].filed:
                break
            await asyncio.sleep(0.02)
    for seat in (anna, bruno):
        lines = seat.out.getvalue().splitlines()[1:]
        assert [line for line in lines if line.startswith("game ")] == ["game 1", "game 2", "game 3"], lines
        assert sum(line.startswith("winner: ") for line in lines) == 3
        assert seat.err.getvalue() == "" and seat.finished == [1, 2, 3]
    assert anna.out.getvalue().splitlines()[1:] == bruno.out.getvalue().splitlines()[1:]
    assert Store(tmp_path).export(io.StringIO()) == 3


# A scopa-bot/1 program that writes "PID TYPE" for each line the host sends it to the file
# it is given, answers hello and each move (its first legal one), and exits at quit.
COUNTING_BOT = """
import json, os, sys
log = open(sys.argv[1], "a")
for line in sys.stdin:
    msg = json.loads(line)
    log.write(f"{os.getpid()} {msg['type']}\\n")
    log.flush()
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": "scopa-bot/1", "name": "counting"}), flush=True)
    elif msg["type"] == "move":
        move = msg["legal"][0]
        print(json.dumps({"type": "move", "id": msg["id"], "card": move["card"], "capture": move["capture"]}),
              flush=True)
    elif msg["type"] == "quit":
        break
"""


async def test_a_bot_seat_for_more_games_starts_its_bot_afresh_for_each_game_and_ends_it(tmp_path):
    # `online --bot CMD --games 2`: one bot process played both games, told neither quit at the
    # first game's end nor hello at the second's start; the bot protocol starts the command once
    # per game and tells it quit at the game's end (docs/bot-protocol.md, How a game goes).
    bot, log = tmp_path / "bot.py", tmp_path / "bot.log"
    bot.write_text(COUNTING_BOT)
    async with running_server(tmp_path) as (_server, url):
        anna = HeadlessSeat(NetClient(url, "Anna"), lambda: make_player(f"cmd:{sys.executable} {bot} {log}"),
                            out=io.StringIO(), err=io.StringIO(), games=2)
        result = await asyncio.wait_for(anna.run(create={"players": 2, "target": 1, "ai": "easy"}, start_after=0),
                                        TIMEOUT)
    assert result == 0 and anna.finished == [1, 2], anna.err.getvalue()
    heard: dict[str, list[str]] = {}
    for line in log.read_text().splitlines():
        pid, kind = line.split()
        heard.setdefault(pid, []).append(kind)
    assert len(heard) == 2, heard  # a process per game
    for kinds in heard.values():  # each told hello first, moves, its game's end, then quit
        assert kinds[0] == "hello" and "move" in kinds and kinds[-2:] == ["game_end", "quit"], kinds
        assert kinds.count("hello") == kinds.count("game_end") == kinds.count("quit") == 1, kinds
    assert anna.err.getvalue() == ""


async def test_a_headless_seat_that_wants_more_games_stops_in_one_line_when_the_other_goes(tmp_path):
    # Bruno plays one game and goes; Anna asked for a second and the table waits for a player:
    # she stays seated until the connection ends, then exits 0 saying how many games were played.
    async with running_server(tmp_path) as (server, url):
        anna, bruno = headless(url, "Anna", "easy", seed=3), headless(url, "Bruno", "easy", seed=4)
        anna.games, anna.client.give_up_after = 2, 0.5
        a = asyncio.create_task(anna.run(create={"players": 2, "target": 2}))
        code = (await first_line(anna)).split()[1]
        assert await asyncio.wait_for(bruno.run(join=code), TIMEOUT) == 0
        for _ in range(500):
            if server.tables[code].phase == "waiting":
                break
            await asyncio.sleep(0.02)
        assert server.tables[code].phase == "waiting" and not a.done()
        await server.close()  # the server goes away: the wait ends
        assert await asyncio.wait_for(a, TIMEOUT) == 0
    assert anna.finished == [1]
    said = anna.err.getvalue().splitlines()
    assert said[-1] == "scopa-tui: 1 of 2 games played: the connection closed", said
    assert "Traceback" not in anna.err.getvalue()


async def test_a_creator_with_start_after_starts_the_next_game_with_the_ai_in_a_freed_seat(tmp_path):
    # `online --create --start-after S --games 2`: Bruno goes after the first game; the table
    # waits again, and its headless creator starts it after S, the AI in Bruno's seat.
    async with running_server(tmp_path) as (server, url):
        anna, bruno = headless(url, "Anna", "easy", seed=3), headless(url, "Bruno", "easy", seed=4)
        anna.games = 2
        a = asyncio.create_task(anna.run(create={"players": 2, "target": 2, "ai": "easy"}, start_after=2.0))
        code = (await first_line(anna)).split()[1]
        assert await asyncio.wait_for(bruno.run(join=code), TIMEOUT) == 0
        assert await asyncio.wait_for(a, TIMEOUT) == 0
        assert server.tables[code].config["game"] == 2
    lines = anna.out.getvalue().splitlines()
    assert lines.count("game 2") == 1 and sum(line.startswith("winner: ") for line in lines) == 2
    second = lines[lines.index("game 2") + 1:]
    assert second[0].startswith("Anna ") and second[1].startswith("AI 2 "), lines  # the AI took the seat
    assert anna.err.getvalue() == ""


async def test_a_seat_that_asked_to_play_again_comes_back_after_a_drop_and_is_still_asked(tmp_path):
    # Anna asks for a rematch; her connection drops before Bruno answers. She used to be gone
    # for good (a game over had nothing to come back to), her seat freed at Bruno's yes.
    async with running_server(tmp_path) as (server, url):
        anna, bruno = headless(url, "Anna", "easy", seed=3), headless(url, "Bruno", "easy", seed=4)
        anna.games = bruno.games = 2
        go = asyncio.Event()
        ask = bruno.client.rematch

        async def later(game):  # Bruno answers only once the test says so
            await go.wait()
            return await ask(game)
        bruno.client.rematch = later
        a = asyncio.create_task(anna.run(create={"players": 2, "target": 2}))
        code = (await first_line(anna)).split()[1]
        b = asyncio.create_task(bruno.run(join=code))

        async def until(check, what):
            for _ in range(1000):
                if check():
                    return
                await asyncio.sleep(0.02)
            raise AssertionError(what)
        await until(lambda: code in server.tables and 0 in server.tables[code].rematch, "Anna's rematch")
        table = server.tables[code]
        await anna.client._ws.close()  # the connection drops (not a leave)
        await until(lambda: 0 not in table.rematch, "the drop")
        await until(lambda: 0 in table.rematch and table.seats[0].link is not None, "Anna back and asking")
        go.set()
        assert await asyncio.wait_for(a, TIMEOUT) == 0
        assert await asyncio.wait_for(b, TIMEOUT) == 0
        assert table.config["game"] == 2
    assert anna.finished == bruno.finished == [1, 2]
    assert "games played" not in anna.err.getvalue()


async def test_a_headless_seat_that_comes_to_be_the_creator_starts_the_waiting_table_after_the_turn_limit(tmp_path):
    # Anna created the table and went after the first game; Carla, a headless seat that
    # joined it with --games 2, asked to play again and got the creator's role: nobody could
    # start the table then (a person beside her read "or when Carla starts it"), a wait that
    # ended only when someone joined. Now she starts it after the turn limit, the AI in
    # Anna's seat, as a creator with --start-after does.
    async with running_server(tmp_path) as (server, url):
        anna, carla = headless(url, "Anna", "easy", seed=3), headless(url, "Carla", "easy", seed=4)
        carla.games = 2
        a = asyncio.create_task(anna.run(create={"players": 2, "target": 1, "ai": "easy", "turn_limit": 1}))
        code = (await first_line(anna)).split()[1]
        c = asyncio.create_task(carla.run(join=code))
        assert await asyncio.wait_for(a, TIMEOUT) == 0  # Anna plays one game and goes
        assert await asyncio.wait_for(c, TIMEOUT) == 0
        assert server.tables[code].config["game"] == 2 and server.tables[code].config["creator"] == 1
    lines = carla.out.getvalue().splitlines()
    second = lines[lines.index("game 2") + 1:]
    assert second[0].startswith("AI 1 ") and second[1].startswith("Carla "), lines  # the AI took Anna's seat
    assert carla.err.getvalue() == ""


async def test_a_headless_creator_without_start_after_still_waits_for_every_seat(tmp_path):
    # The default of --create: the table starts when every seat is taken, not after a while.
    async with running_server(tmp_path) as (server, url):
        anna = headless(url, "Anna", "easy", seed=3)
        a = asyncio.create_task(anna.run(create={"players": 2, "target": 1, "ai": "easy", "turn_limit": 1}))
        code = (await first_line(anna)).split()[1]
        await asyncio.sleep(2.5)
        assert server.tables[code].game is None and not a.done()
        a.cancel()


async def test_a_headless_creator_killed_and_back_with_join_keeps_its_start_after(tmp_path):
    # A creator run with --start-after and killed before it started the table came back with
    # --join CODE, which refused --start-after: taken back, it started the table only after
    # the turn limit (here ten minutes), as a seat that came to be the creator does. With
    # --join it takes --start-after again, and starts the table by it.
    store = Store(tmp_path)
    async with running_server(tmp_path / "server") as (server, url):
        anna = headless(url, "Anna", "easy", seed=3)
        anna.kept = KeptSeats(store, url, "Anna")
        a = asyncio.create_task(anna.run(create={"players": 2, "target": 1, "ai": "easy", "turn_limit": 600},
                                         start_after=600))
        code = (await first_line(anna)).split()[1]
        a.cancel()  # killed, the table waiting
        with contextlib.suppress(asyncio.CancelledError):
            await a
        back = headless(url, "Anna", "easy", seed=3)
        back.kept = KeptSeats(store, url, "Anna")
        assert await asyncio.wait_for(back.run(join=code, start_after=0), TIMEOUT) == 0
    assert back.resumed and back.out.getvalue().splitlines()[-1].startswith("winner: ")
