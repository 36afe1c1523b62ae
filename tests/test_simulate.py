"""The headless simulator: seats, rotation, statistics, records."""

from __future__ import annotations

import io
import math

import pytest

from scopa_tui import simulate
from scopa_tui.engine import make_rules
from scopa_tui.engine.record import load, parse


@pytest.mark.parametrize("players,n,rotation,expected", [
    (2, 2, 0, [0, 1]), (2, 2, 1, [1, 0]),
    (2, 1, 0, [0, 0]),
    (3, 3, 0, [0, 1, 2]), (3, 3, 1, [1, 2, 0]), (3, 3, 2, [2, 0, 1]),
    (4, 2, 0, [0, 1, 0, 1]), (4, 2, 1, [1, 0, 1, 0]),  # partners share an AI
    (4, 4, 1, [1, 2, 3, 0]),  # as many AIs as seats: one each
    (6, 3, 0, [0, 1, 2, 0, 1, 2]), (6, 3, 1, [1, 2, 0, 1, 2, 0]),
    (6, 2, 0, [0, 1, 0, 0, 1, 0]),
])
def test_seat_entrants(players, n, rotation, expected):
    assert simulate.seat_entrants(make_rules(players=players), n, rotation) == expected


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_seats_rotate_between_games(players):
    rules = make_rules(players=players)
    firsts = {simulate.seat_entrants(rules, 2, g)[0] for g in range(4)}
    assert firsts == {0, 1}
    for g in range(6):
        assign = simulate.seat_entrants(rules, 2, g)
        # partners always share an AI
        for side in rules.sides:
            assert len({assign[s] for s in side}) == 1


def test_wilson_interval():
    assert simulate.wilson(0, 0) == (0.0, 1.0)
    lo, hi = simulate.wilson(50, 100)
    assert lo < 0.5 < hi and math.isclose(0.5 - lo, hi - 0.5)
    assert math.isclose(lo, 0.4038, abs_tol=1e-4) and math.isclose(hi, 0.5962, abs_tol=1e-4)
    assert simulate.wilson(10, 10)[1] == 1.0 and simulate.wilson(0, 10)[0] == 0.0


@pytest.mark.parametrize("preset,players", [("standard", 2), ("standard", 3), ("standard", 4), ("standard", 6),
                                            ("gamerules", 2), ("gamerules", 4), ("ludoteka", 3),
                                            ("ludoteka", 6)])
def test_run_writes_records_that_replay_and_agree_with_the_summary(preset, players):
    rules = make_rules(preset, players=players)
    out = io.StringIO()
    games = 12
    summary = simulate.run(rules, games, 5, ["greedy", "random"], record_file=out)
    records = parse(out.getvalue())
    assert len(records) == games and all(r.finished for r in records)
    replayed = load(out.getvalue())
    assert summary["games"] == games and summary["hands"] == sum(g.hand_no for g in replayed)
    wins = [0, 0]
    for i, g in enumerate(replayed):
        assign = simulate.seat_entrants(rules, 2, i)
        winners = {assign[s] for s in range(players) if rules.side_of(s) == g.winner}
        for e in winners:
            wins[e] += 1
    assert [a["wins"] for a in summary["ai"]] == wins
    assert [a["games"] for a in summary["ai"]] == [games, games]


def test_same_seed_same_games():
    rules = make_rules(players=4)
    a, b, c = io.StringIO(), io.StringIO(), io.StringIO()
    simulate.run(rules, 5, 3, ["greedy", "random"], record_file=a)
    simulate.run(rules, 5, 3, ["greedy", "random"], record_file=b)
    simulate.run(rules, 5, 4, ["greedy", "random"], record_file=c)
    assert a.getvalue() == b.getvalue() != c.getvalue()


def test_summary_fields_and_table():
    summary = simulate.run(make_rules(players=2), 10, 1, ["greedy", "greedy"])
    assert {"players", "preset", "target", "games", "seed", "hands", "seconds", "games_per_second", "ai"} <= set(summary)
    labels = [a["ai"] for a in summary["ai"]]
    assert labels == ["greedy #1", "greedy #2"]
    for a in summary["ai"]:
        assert {"ai", "spec", "games", "wins", "win_rate", "ci95", "points_per_hand", "decision_ms"} <= set(a)
        assert a["ci95"][0] <= a["win_rate"] <= a["ci95"][1]
        assert a["faults"] == 0 and a["decisions"] > 0
    assert sum(a["wins"] for a in summary["ai"]) == 10
    table = simulate.format_table(summary)
    assert "greedy #1" in table and "win rate" in table and "games/s" in table


def test_greedy_beats_random():
    summary = simulate.run(make_rules(players=2), 60, 2, ["greedy", "random"])
    greedy, rnd = summary["ai"]
    assert greedy["wins"] > rnd["wins"]
    assert greedy["points_per_hand"] > rnd["points_per_hand"]
