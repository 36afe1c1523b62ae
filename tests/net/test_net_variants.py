"""Online tables of every variant of the Scopa family: created, listed, played, recorded, kept.

``create`` takes ``variant`` and ``options`` (docs/online-protocol.md), checked with the
engine's own rules: a variant's player counts, the house rules it plays.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys

import pytest
from net_helpers import TIMEOUT, Raw, first_line, headless, running_server
from test_net_kill_restart import ROOT, start_server, stored_actions, wait_for

from scopa_tui.engine import record as records
from scopa_tui.engine.variants import VARIANTS
from scopa_tui.net.messages import NetError, parse_client


def _create(**fields) -> str:
    return json.dumps({"type": "create", **fields})


@pytest.mark.parametrize("fields, says", [
    ({"variant": "briscola"}, "variant must be one of scopa, scopone-scientifico"),
    ({"variant": 7}, "variant must be one of"),
    ({"variant": None}, "escoba, scopa-d-assi, not null"),
    ({"players": 2.0}, "players must be 2, 3, 4 or 6, not 2"),  # a whole number: not "not a number"
    ({"players": True}, "players must be 2, 3, 4 or 6, not true or false"),
    ({"preset": None}, "ludoteka, not null"),
    ({"preset": "house"}, "ludoteka, not 'house'"),
    ({"variant": "scopone-scientifico", "players": 2}, "Scopone scientifico is played by 4 players, not 2"),
    ({"variant": "escoba", "options": ["ace-no-empty-sweep"]}, "the option ace-no-empty-sweep is not played in Escoba"),
    ({"options": ["napola", "double-sevens"]}, "unknown option 'double-sevens'"),
    ({"options": "re-bello"}, "options must be a list of house rules"),
    ({"options": ["re-bello"] * 11}, "options must be a list of house rules"),
    ({"options": [3]}, "options must be a list of house rules"),
])
def test_a_bad_variant_or_option_is_refused_in_one_line(fields, says):
    with pytest.raises(NetError) as e:
        parse_client(_create(**fields))
    assert e.value.code == "bad_message" and says in e.value.message and "\n" not in e.value.message


def test_create_takes_the_variant_its_players_target_and_options():
    msg = parse_client(_create(variant="scopone-scientifico", options=["napola", "RE-BELLO"]))
    assert (msg["variant"], msg["players"], msg["target"]) == ("scopone-scientifico", 4, 11)
    assert msg["options"] == ["re-bello", "napola"]  # as the rules name them, in their order
    msg = parse_client(_create(variant="escoba", players=3, options=["primiera-all-suits"]))
    assert (msg["players"], msg["target"], msg["options"]) == (3, 21, [])  # on is the default: nothing differs
    assert parse_client(_create())["variant"] == "scopa"


async def test_the_table_info_and_the_lobby_carry_the_variant_and_the_record_too():
    async with running_server(None) as (server, url):
        anna = await Raw.open(url, "Anna")
        await anna.send({"type": "create", "variant": "scopone-classico", "options": ["re-bello"],
                         "target": 1, "ai": "easy"})
        joined = await anna.expect("joined")
        assert (joined["table"]["variant"], joined["table"]["options"], joined["table"]["players"]) == (
            "scopone-classico", ["re-bello"], 4)
        bruno = await Raw.open(url, "Bruno")
        await bruno.send({"type": "lobby"})
        (entry,) = (await bruno.expect("lobby"))["tables"]
        assert (entry["variant"], entry["options"], entry["seats_free"]) == ("scopone-classico", ["re-bello"], 3)
        await anna.send({"type": "start"})
        start = await anna.expect("event")
        assert start["event"]["event"] == "game_start"
        assert start["event"]["rules"]["variant"] == "scopone-classico" and start["event"]["rules"]["re_bello"]
        deal = (await anna.expect("event"))["event"]
        while deal["event"] == "redeal":  # three Kings on the table (the server's seed is random): dealt again
            deal = (await anna.expect("event"))["event"]
        assert deal["event"] == "deal" and len(deal["hands"][0]) == 9 and len(deal["table"]) == 4
        await anna.close()
        await bruno.close()


@pytest.mark.parametrize("variant, players", [("scopone-scientifico", 4), ("escoba", 2), ("scopa-d-assi", 3)])
async def test_a_headless_seat_plays_a_whole_game_of_the_variant(variant, players):
    async with running_server(None) as (server, url):
        seat = headless(url, "Anna", "easy", seed=3)
        task = asyncio.create_task(seat.run(create={"variant": variant, "players": players, "target": 1,
                                                    "ai": "easy"}, start_after=0))
        code = (await first_line(seat)).split()[1]
        assert await asyncio.wait_for(task, TIMEOUT) == 0, seat.err.getvalue()
        (game,) = records.parse(server.tables[code].record_text())
        replayed = records.replay(game, use_seed=True)
        assert replayed.rules.variant == variant and replayed.is_over


def test_tables_of_every_variant_survive_kill_9_and_go_on(tmp_path):
    """One server process holds a table of each variant; ``kill -9``, a restart, and all end."""
    server, port = start_server(tmp_path)
    url = f"ws://127.0.0.1:{port}/"
    seats = {}

    async def play_all() -> dict[str, int]:
        tasks = {}
        for i, variant in enumerate(VARIANTS):
            seat = seats[variant] = headless(url, f"P{i}", "easy", seed=i)
            options = ["napola"] if variant != "scopa-d-assi" else ["ace-no-empty-sweep"]
            tasks[variant] = asyncio.create_task(seat.run(create={
                "variant": variant, "options": options, "target": 1, "ai": "easy"}, start_after=0))
            await first_line(seat)
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, wait_for, lambda: len(stored_actions(tmp_path)) >= 4 * len(VARIANTS))
        os.kill(server_box[0].pid, signal.SIGKILL)
        await loop.run_in_executor(None, server_box[0].wait, 10)
        server_box[0], _ = await loop.run_in_executor(None, start_server, tmp_path, port)
        return {v: await asyncio.wait_for(t, 60) for v, t in tasks.items()}

    server_box = [server]
    try:
        results = asyncio.run(play_all())
        assert results == {v: 0 for v in VARIANTS}, {v: s.err.getvalue() for v, s in seats.items()}
        assert all("lost; reconnecting" in s.err.getvalue() for s in seats.values())
        export = subprocess.run([sys.executable, "-m", "scopa_tui", "export", "--data-dir", str(tmp_path)],
                                cwd=ROOT, capture_output=True, text=True, timeout=30)
        games = [records.replay(g, use_seed=True) for g in records.parse(export.stdout)]
        assert sorted(g.rules.variant for g in games) == sorted(VARIANTS)
        for game in games:
            assert game.is_over
            assert game.rules.options == (("ace-no-empty-sweep",) if game.rules.variant == "scopa-d-assi"
                                          else ("napola",))
    finally:
        if server_box[0].poll() is None:
            server_box[0].kill()
            server_box[0].wait(10)


async def test_a_table_kept_before_variants_were_online_comes_back_as_scopa(tmp_path):
    import sqlite3

    async with running_server(tmp_path) as (server, url):
        anna = await Raw.open(url, "Anna")
        await anna.send({"type": "create", "players": 3})
        code = (await anna.expect("joined"))["code"]
        await anna.close()
    con = sqlite3.connect(tmp_path / "online.sqlite3")
    (config,) = con.execute("SELECT config FROM tables WHERE code = ?", (code,)).fetchone()
    old = {k: v for k, v in json.loads(config).items() if k not in ("variant", "options")}
    with con:
        con.execute("UPDATE tables SET config = ? WHERE code = ?", (json.dumps(old), code))
    con.close()
    async with running_server(tmp_path) as (server, url):
        table = server.tables[code]
        assert (table.rules.variant, table.info()["variant"], table.info()["options"]) == ("scopa", "scopa", [])
