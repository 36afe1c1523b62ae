"""A game that ended while its player was away (the window closed, the seat then freed by a
rematch, or the table closed) reaches the player's history when they come back: the server
keeps each person's finished games by their seat token and gives them to ``games``
(docs/online-protocol.md); the app's lobby asks for them for each seat it kept."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from pathlib import Path

from net_helpers import TIMEOUT, is_event, is_table, play_until, running_server
from test_net_app import online_app, until

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from helpers import settle  # noqa: E402

import scopa_tui.net.server as server_module  # noqa: E402
from scopa_tui.engine import record as records  # noqa: E402
from scopa_tui.net.client import NetClient, NetClientError  # noqa: E402
from scopa_tui.net.remote import seat_record  # noqa: E402
from scopa_tui.net.tablestore import ONLINE_FILE  # noqa: E402
from scopa_tui.store import Store  # noqa: E402
from scopa_tui.ui.screens.lobby import LobbyScreen  # noqa: E402


async def bruno_away_at_the_end(url: str, server, target: int = 1):
    """Anna and Bruno sit at a table to ``target``; Bruno's connection goes after the first
    deal and Anna plays to the end (the AI playing Bruno's seat once his turn limit passes).
    Returns ``(anna, code, bruno's token, bruno's seat, the lines Bruno received)``."""
    anna, bruno = NetClient(url, "Anna"), NetClient(url, "Bruno", reconnect=False)
    await anna.connect()
    await bruno.connect()
    joined = await anna.create(players=2, target=target, ai="easy", turn_limit=1)
    mine = await bruno.join(joined["code"])
    seen: list[dict] = []
    await play_until(bruno, is_event("deal"), seen)
    await bruno.close()
    await play_until(anna, is_event("game_end"))
    return anna, joined["code"], mine["token"], mine["seat"], [m["event"] for m in seen if m["type"] == "event"]


async def ask_games(url: str, code: str, token: str):
    client = NetClient(url, "Bruno")
    await client.connect()
    try:
        return await client.games(code, token)
    finally:
        await client.close()


async def test_the_games_of_a_seat_freed_by_a_rematch_are_given_to_its_token(tmp_path):
    async with running_server(tmp_path) as (server, url):
        anna, code, token, seat, early = await bruno_away_at_the_end(url, server)
        table = server.tables[code]
        final = table.seat_lines(seat)
        await anna.rematch(1)  # Bruno is not there: his seat is freed, the table waits again
        await play_until(anna, is_table(lambda t: t["game"] == 2 and t["phase"] == "waiting"))
        with_seat = NetClient(url, "Bruno")
        await with_seat.connect()
        try:
            await with_seat.resume(code, token)
            raise AssertionError("the freed seat was resumed")
        except NetClientError as e:
            assert e.code == "bad_token"
        await with_seat.close()
        now, games = await ask_games(url, code, token)
        assert now is None  # the token holds no seat any more
        (game,) = games
        assert (game["code"], game["game"], game["seat"]) == (code, 1, seat)
        assert game["events"] == final and game["events"][:len(early)] == early  # as his seat saw them
        deal = next(line for line in game["events"] if line["event"] == "deal")
        assert deal["hands"][1 - seat] is None and deal["hands"][seat]  # no other hand given
        assert "seed" not in game["events"][0]
        (parsed,) = records.parse(seat_record(game["events"]))  # a whole game the history takes
        assert parsed.finished
        assert [s["name"] for s in game["table"]["seats"]] == ["Anna", "Bruno"]
        # Another token, or another table's code, is given nothing.
        forged = ("y" if token.startswith("x") else "x") + token[1:]  # "x" + token[1:] was his 1 time in 64
        assert await ask_games(url, code, forged) == (None, [])
        await anna.close()


async def table_closed(server, code: str) -> None:
    """Wait until nobody plays again at ``code`` and the server closes the table."""
    loop = asyncio.get_running_loop()
    end = loop.time() + TIMEOUT
    while code in server.tables:
        assert loop.time() < end, "the table was not closed"
        await asyncio.sleep(0.02)


async def test_a_closed_tables_games_are_kept_in_the_file_across_a_restart_without_the_token(tmp_path, monkeypatch):
    monkeypatch.setattr(server_module, "FINISHED_KEEP", 0.05)
    async with running_server(tmp_path) as (server, url):
        anna, code, token, seat, _early = await bruno_away_at_the_end(url, server)
        await anna.close()
        await table_closed(server, code)
    async with running_server(tmp_path) as (server, url):  # the same data directory, started again
        assert code not in server.tables
        now, (game,) = await ask_games(url, code, token)
        assert now is None and game["seat"] == seat and game["events"][-1]["event"] == "game_end"
    con = sqlite3.connect(tmp_path / ONLINE_FILE)
    dump = "\n".join(con.iterdump())
    con.close()
    assert code in dump and token not in dump  # the file keeps a hash of the token, never the token


async def test_a_seat_held_still_is_said_with_its_games_and_the_record_is_the_one_seen_live(tmp_path):
    """A player who saw the end files the same record as the one the server keeps for them:
    filed twice, it is one game (the history's ``same_game``)."""
    async with running_server(tmp_path) as (server, url):
        anna, bruno = NetClient(url, "Anna"), NetClient(url, "Bruno")
        await anna.connect()
        await bruno.connect()
        joined = await anna.create(players=2, target=1, ai="easy")
        mine = await bruno.join(joined["code"])
        seen: list[dict] = []
        await asyncio.gather(play_until(anna, is_event("game_end")), play_until(bruno, is_event("game_end"), seen))
        now, (game,) = await ask_games(url, joined["code"], mine["token"])
        assert now == mine["seat"]  # at the table still, the game over
        live = [m["event"] for m in seen if m["type"] == "event"]
        assert seat_record(game["events"]) == seat_record(live)
        await anna.close()
        await bruno.close()


async def test_the_lobby_files_the_game_that_ended_while_the_player_was_away(tmp_path):
    data = str(tmp_path / "app")
    async with running_server(tmp_path / "server") as (server, url):
        anna, code, token, seat, _early = await bruno_away_at_the_end(url, server, target=1)
        table = server.tables[code]
        totals, winner = list(table.game.totals), table.game.winner
        await anna.rematch(1)  # the next game waits for a player: Bruno's seat is freed
        await play_until(anna, is_table(lambda t: t["game"] == 2))
        Store(data).update_settings(online_seats={f"{url} {code}": token})  # kept by his app, closed mid-game
        app = online_app(url, name="Bruno")
        app.init_store(data)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and not app.kept_codes(url),
                        "the gone seat to be forgotten")
            await settle(pilot)
            notices = [n.message for n in app._notifications]
            result = "won" if winner == seat else "lost"
            mine, theirs = totals[seat], totals[1 - seat]
            assert any(f"Game 1 at table {code} ended while you were away: you {result}, {mine} to {theirs}" in n
                       for n in notices), notices
            assert app.screen.query_one("#code").value == ""  # no seat offered that is gone
            assert "is kept" not in str(app.screen.query_one("#lobby-error").content)
            # The same games given again (another lobby, another window) are filed once, said once.
            app.store.background.wait(5)
            now, games = await ask_games(url, code, token)
            app.file_away_games(url, code, games, now)
            app.store.background.wait(5)
            await settle(pilot)
            assert len(app._notifications) == len(notices)
        await anna.close()
    store = Store(data)
    (entry,) = store.history()
    assert entry.human_seat == seat and entry.names == ["Anna", "Bruno"]
    assert (entry.online, entry.people) == (code, ["Anna"])  # who was played, and where: the history says it
    assert [(r.online, r.people) for r in store.stats().by_level] == [(True, ("Anna",))]
    assert entry.totals == totals and entry.won == (winner == seat)
    (game,) = records.load(store.history_record(entry.id))  # every hand replays, the others' rebuilt
    assert game.totals == totals


async def test_joining_a_kept_seat_whose_table_closed_files_its_game_and_keeps_the_code_in_view(tmp_path, monkeypatch):
    monkeypatch.setattr(server_module, "FINISHED_KEEP", 0.05)
    data = str(tmp_path / "app")
    async with running_server(tmp_path / "server") as (server, url):
        anna, code, token, seat, _early = await bruno_away_at_the_end(url, server)
        await anna.close()
        await table_closed(server, code)
        Store(data).update_settings(online_seats={f"{url} {code}": token})
        app = online_app(url, name="Bruno", join=code)  # scopa-tui online --join CODE
        app.init_store(data)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = app.screen
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen)
                        and "✗" in str(app.screen.query_one("#lobby-error").content), "the refusal")
            screen = app.screen
            app.store.background.wait(5)
            await settle(pilot)
            assert "there is no table with this code" in str(screen.query_one("#lobby-error").content)
            assert screen.query_one("#code").value == code  # what was asked stays in view
            assert any(f"Game 1 at table {code} ended while you were away" in n.message
                       for n in app._notifications)
            assert not app.kept_codes(url)
    (entry,) = Store(data).history()
    assert entry.human_seat == seat


def test_seat_games_held_in_memory_are_bounded_and_each_token_gets_its_own(monkeypatch):
    import scopa_tui.net.tablestore as tablestore

    monkeypatch.setattr(tablestore, "SEAT_GAMES_HELD", 3)
    store = tablestore.TableStore(None)  # no file: held in memory
    info = {"players": 2, "seats": [{}, {}]}
    for n in range(1, 6):
        store.keep_seat_games([("tok", tablestore.SeatGame("ABCDEFGH", n, 0, 1e9 * 2, info, []))])
    assert [g.game for g in store.seat_games("tok", "ABCDEFGH")] == [3, 4, 5]  # the newest kept
    assert store.seat_games("other", "ABCDEFGH") == [] and store.seat_games("tok", "HGFEDCBA") == []
