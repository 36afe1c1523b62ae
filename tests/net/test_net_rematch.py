"""Playing again at the same table (``rematch``, docs/online-protocol.md): every person still
at the table says yes and a fresh game starts with the same seats and rules, the deal going
on round the table; a person who leaves frees the seat and the table waits for players
again; bad rematches are refused; a client that never asks one still plays as before; each
game goes into the history."""

from __future__ import annotations

import asyncio
import io

import pytest
from net_helpers import TIMEOUT, Raw, first_line, headless, is_event, is_table, play_until, running_server

import scopa_tui.net.server as server_module
from scopa_tui.engine import record as records
from scopa_tui.engine.game import SeededDecks
from scopa_tui.net.client import NetClient
from scopa_tui.net.tablestore import TableStore
from scopa_tui.store import Store


async def seated_pair(url: str, **create) -> tuple[NetClient, NetClient, str]:
    """Anna creates a 2-player table to 1 point, Bruno joins: the game starts."""
    anna, bruno = NetClient(url, "Anna"), NetClient(url, "Bruno")
    await anna.connect()
    await bruno.connect()
    joined = await anna.create(players=2, target=1, ai="easy", **create)
    await bruno.join(joined["code"])
    return anna, bruno, joined["code"]


async def test_both_say_yes_and_a_fresh_game_starts_at_the_same_table_and_both_are_filed(tmp_path):
    async with running_server(tmp_path) as (server, url):
        anna, bruno, code = await seated_pair(url)
        bruno_seen: list[dict] = []
        first_deal = []
        ends = await asyncio.gather(
            play_until(anna, is_event("game_end")),
            play_until(bruno, is_event("game_end"), bruno_seen))
        assert ends[0] == ends[1]
        table = server.tables[code]
        last_dealer = table.game.dealer
        first_deal = [m["event"] for m in bruno_seen if m["type"] == "event" and m["event"]["event"] == "deal"][0]
        first_seed = table.seed

        await anna.rematch(1)
        # Bruno sees who wants a rematch; nothing starts until he says yes too.
        info = (await play_until(bruno, is_table(lambda t: t["rematch"] == [0])))["table"]
        assert info["phase"] == "game_over" and info["game"] == 1
        assert server.tables[code].phase == "game_over"
        await bruno.rematch(1)
        start = await play_until(bruno, is_event("game_start"))
        assert "seed" not in start["event"]  # a new game's seed is secret too
        deal = (await play_until(bruno, is_event("deal")))["event"]
        # The same table, seats and rules; a new game whose deal goes on round the table.
        assert server.tables[code] is table and table.config["game"] == 2
        assert deal["hand"] == 1 and deal["dealer"] == (last_dealer + 1) % 2
        assert table.seed != first_seed and deal["table"] != first_deal["table"]
        assert [s.name for s in table.seats] == ["Anna", "Bruno"]
        assert [s.kind for s in table.seats] == ["person", "person"]
        started = (await play_until(bruno, is_table(lambda t: t["started"] and t["game"] == 2)))["table"]
        assert started["game"] == 2 and started["rematch"] == [] and started["phase"] == "play"
        assert started["target"] == 1 and started["code"] == code

        # The second game is played to its end too; each game is in the history, apart.
        await asyncio.gather(play_until(anna, is_event("game_end")), play_until(bruno, is_event("game_end")))
        for _ in range(200):
            if table.filed and not table.filing:
                break
            await asyncio.sleep(0.02)
        assert table.filed
        await anna.close()
        await bruno.close()
    out = io.StringIO()
    assert Store(tmp_path).export(out) == 2
    games = records.parse(out.getvalue())
    assert len({g.seed for g in games}) == 2
    for game in games:  # each rebuilt from its seed alone, the rematch's first dealer included
        assert records.replay(game, use_seed=True).is_over
        assert game.start["scopa_tui"]["names"] == ["Anna", "Bruno"]
    ids = sorted(g.start["scopa_tui"]["game_id"] for g in games)  # two games of one table, two ids
    assert [i.rsplit("-online-", 1)[1] for i in ids] in ([code, f"{code}-2"], [f"{code}-2", code])
    assert TableStore(tmp_path).load() == []


def test_a_rematch_seed_deals_first_from_the_seat_asked_for():
    for players in (2, 3, 4, 6):
        for dealer in range(players):
            from scopa_tui.net.table import seed_dealing_first

            assert SeededDecks(seed_dealing_first(players, dealer)).first_dealer(players) == dealer


async def test_a_person_who_leaves_frees_the_seat_and_the_table_waits_for_a_player_again():
    async with running_server(None) as (server, url):
        anna, bruno, code = await seated_pair(url)
        await asyncio.gather(play_until(anna, is_event("game_end")), play_until(bruno, is_event("game_end")))
        await anna.rematch(1)
        await bruno.leave()  # Bruno goes instead
        left = await play_until(anna, lambda m: m["type"] == "seat")
        assert (left["seat"], left["name"], left["status"]) == (1, "Bruno", "left")
        # Anna is the only one left and said yes: the table waits for players, Bruno's seat open.
        info = (await play_until(anna, is_table(lambda t: t["phase"] == "waiting")))["table"]
        assert info["game"] == 2 and not info["started"] and info["creator"] == 0
        assert [s["kind"] for s in info["seats"]] == ["person", "open"]
        carla = await Raw.open(url, "Carla")
        await carla.send({"type": "lobby"})
        (listed,) = (await carla.expect("lobby"))["tables"]
        assert (listed["code"], listed["seats_free"]) == (code, 1)
        await carla.send({"type": "join", "code": code})  # the seat taken: game 2 starts by itself
        assert (await carla.expect("joined"))["seat"] == 1
        info = (await play_until(anna, is_table(lambda t: t["started"] and t["game"] == 2)))["table"]
        assert [s["name"] for s in info["seats"]] == ["Anna", "Carla"] and info["game"] == 2
        await carla.close()
        await anna.close()
        await bruno.close()


async def test_the_ai_seats_stay_and_a_lone_person_plays_again_at_once():
    async with running_server(None) as (server, url):
        anna = NetClient(url, "Anna")
        await anna.connect()
        joined = await anna.create(players=3, target=1, ai=["easy", "random", "easy"])
        await anna.start()
        await play_until(anna, is_event("game_end"))
        await anna.rematch(1)
        seen: list[dict] = []
        info = (await play_until(anna, is_table(lambda t: t["started"] and t["game"] == 2), seen))["table"]
        assert info["code"] == joined["code"]
        # The last yes starts the game at once: it is not told as one more rematch asked first.
        assert not any(m["type"] == "table" and m["table"]["rematch"] for m in seen)
        assert [(s["name"], s["kind"], s["level"]) for s in info["seats"]] == [
            ("Anna", "person", None), ("AI 2", "ai", "random"), ("AI 3", "ai", "easy")]
        await anna.close()


async def test_a_seat_given_to_the_ai_mid_game_is_freed_for_the_rematch():
    async with running_server(None) as (server, url):
        anna, bruno, code = await seated_pair(url)
        await bruno.leave()  # mid-game: the AI plays his seat for good, under his name
        await play_until(anna, is_event("game_end"))
        await anna.rematch(1)
        info = (await play_until(anna, is_table(lambda t: t["game"] == 2)))["table"]
        assert info["phase"] == "waiting" and [s["kind"] for s in info["seats"]] == ["person", "open"]
        await anna.send({"type": "start"})  # Anna starts it: the AI takes the open seat
        info = (await play_until(anna, is_table(lambda t: t["started"] and t["game"] == 2)))["table"]
        assert [(s["name"], s["kind"]) for s in info["seats"]] == [("Anna", "person"), ("AI 2", "ai")]
        await anna.close()
        await bruno.close()


async def test_a_person_whose_connection_goes_at_the_end_is_not_waited_for():
    """An old client (a headless seat never asks a rematch: it leaves at the end of the game)
    still plays as before; the person who asked one is not kept waiting for it."""
    async with running_server(None) as (server, url):
        bot = headless(url, "Bruno", "easy")
        task = asyncio.create_task(bot.run(create={"players": 2, "target": 1, "ai": "easy"}))
        code = (await first_line(bot)).split()[1]
        anna = NetClient(url, "Anna")
        await anna.connect()
        await anna.join(code)
        await play_until(anna, is_event("game_end"))
        assert await asyncio.wait_for(task, TIMEOUT) == 0  # the old client ends as it always did
        assert "winner: " in bot.out.getvalue()
        await anna.rematch(1)
        info = (await play_until(anna, is_table(lambda t: t["game"] == 2)))["table"]
        assert info["phase"] == "waiting" and info["creator"] == 1  # Anna creates it now
        assert [s["kind"] for s in info["seats"]] == ["open", "person"]
        await anna.close()


async def test_a_table_nobody_plays_again_is_forgotten_as_before(monkeypatch):
    monkeypatch.setattr(server_module, "FINISHED_KEEP", 0.0)
    async with running_server(None) as (server, url):
        anna, bruno, code = await seated_pair(url)
        await asyncio.gather(play_until(anna, is_event("game_end")), play_until(bruno, is_event("game_end")))
        for _ in range(100):
            if code not in server.tables:
                break
            await asyncio.sleep(0.02)
        assert code not in server.tables
        await anna.rematch(1)  # too late: the table is closed
        error = await play_until(anna, lambda m: m["type"] == "error")
        assert (error["code"], error["ref"]) == ("no_rematch", "rematch") and "closed" in error["message"]
        await anna.close()
        await bruno.close()


@pytest.mark.parametrize("message, code, words", [
    ({"type": "rematch"}, "bad_message", "game must be a whole number"),
    ({"type": "rematch", "game": "1"}, "bad_message", "game must be a whole number"),
    ({"type": "rematch", "game": 0}, "bad_message", "game must be from 1"),
    ({"type": "rematch", "game": 1}, "no_rematch", "is not over"),
])
async def test_a_bad_rematch_is_refused_with_a_code_and_changes_nothing(message, code, words):
    async with running_server(None) as (server, url):
        anna = await Raw.open(url, "Anna")
        await anna.send({"type": "rematch", "game": 1})  # not seated
        error = await anna.expect("error")
        assert (error["code"], error["ref"]) == ("wrong_state", "rematch")
        await anna.send({"type": "create", "players": 2, "target": 1})
        table_code = (await anna.expect("joined"))["code"]
        await anna.send({"type": "start"})
        await anna.send(message)  # malformed, or in the middle of the game
        error = await anna.expect("error")
        assert (error["code"], error["ref"]) == (code, "rematch") and words in error["message"]
        table = server.tables[table_code]
        assert table.rematch == set() and table.config["game"] == 1
        await anna.close()


async def test_a_rematch_for_another_game_than_the_one_over_is_refused():
    async with running_server(None) as (server, url):
        anna = NetClient(url, "Anna")
        await anna.connect()
        joined = await anna.create(players=2, target=1, ai="easy")
        await anna.start()
        await play_until(anna, is_event("game_end"))
        await anna.rematch(2)
        error = await play_until(anna, lambda m: m["type"] == "error")
        assert error["code"] == "no_rematch" and "game 2 is not the game that ended" in error["message"]
        assert server.tables[joined["code"]].rematch == set()
        await anna.rematch(1)
        await anna.rematch(1)  # said twice before the start: taken once
        info = (await play_until(anna, is_table(lambda t: t["started"] and t["game"] == 2)))["table"]
        assert info["game"] == 2
        await anna.rematch(1)  # late (game 2 is under way): refused, game 2 goes on
        error = await play_until(anna, lambda m: m["type"] == "error")
        assert error["code"] == "no_rematch"
        assert server.tables[joined["code"]].config["game"] == 2
        await anna.close()
