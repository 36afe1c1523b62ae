"""The load test itself, small: 3 tables for a few seconds, every game moving, no error."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest
from net_helpers import running_server

from scopa_tui.net.loadtest import Game, Ramp, Stats, main, run_client

ROOT = Path(__file__).resolve().parents[2]


def test_three_tables_play_with_no_error():
    run = subprocess.run([sys.executable, "-m", "scopa_tui.net.loadtest", "--tables", "3", "--seconds", "4",
                          "--target", "1", "--json"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    report = json.loads(run.stdout)
    assert report["errors"] == 0, report["error_kinds"]
    assert report["tables_that_moved"] == 3
    assert report["moves_per_table_min"] >= 10  # every table progressed, not just one
    assert report["games_finished"] >= 1  # a whole game, to the end, at target 1
    lat = report["latency_ms"]
    assert 0 < lat["p50"] <= lat["p99"] <= lat["max"]
    assert report["server_rss_mib"]["peak"] > 0  # read from /proc (Linux)
    assert report["ping_ms"]["p50"] > 0  # the probe with no table work ran alongside


@pytest.mark.parametrize("argv,says", [
    (["--tables", "0"], "must be at least 1, not 0"),
    (["--tables", "1001"], "must be from 1 to 1000, not 1001"),
    (["--seconds", "601"], "must be between 1 and 600 seconds, not 601"),
    (["--players", "5"], "invalid choice: 5"),
    (["--tables", "many"], "'many' is not a whole number"),
])
def test_bounds_are_one_line(argv, says, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("loadtest: error: ") and err.count("\n") == 1 and says in err


def test_a_client_talks_to_loopback_only(capsys):
    assert main(["--client", "ws://192.0.2.1:7654/", "--tables", "1", "--seconds", "1"]) == 2
    assert "only talks to ws://127.0.0.1" in capsys.readouterr().err


def test_a_play_counts_once_every_seat_has_it():
    ramp = Ramp(0)
    ramp.since = 0.0  # every play counts
    game, stats = Game(players=3, target=11, ramp=ramp), Stats()
    game.sending(1)
    game.seen(1, stats)
    game.seen(1, stats)
    assert stats.moves == 0 and stats.latencies == []
    game.seen(1, stats)
    assert stats.moves == 1 and len(stats.latencies) == 1
    game.seen(1, stats)  # a late copy changes nothing
    assert stats.moves == 1


def test_the_game_is_decided_by_one_side_alone_at_the_target():
    game = Game(players=2, target=11)
    assert not game.decided([10, 9])
    assert not game.decided([11, 11])  # tied at the target: one more hand
    assert game.decided([12, 11])


async def test_a_server_that_goes_away_is_counted_as_errors():
    async with running_server(None) as (server, url):
        client = asyncio.create_task(run_client(url, 1, 2, 2, 11, 4.0))
        await asyncio.sleep(1.5)
        assert not client.done()
        server.server.close()  # every connection dropped, no new ones
        await server.server.wait_closed()
        stats = await asyncio.wait_for(client, 30)
    assert stats.moves > 0  # it played before
    assert stats.errors["connection lost"] == 2, stats.errors  # and both tables saw the loss
