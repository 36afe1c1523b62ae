"""The whole-process benchmarks' yardsticks and measurement helpers work (nothing timed)."""

from __future__ import annotations

import io
import json
from collections import Counter

from scopa_tui import bench


def test_plain_simulate_plays_whole_games_and_writes_their_records():
    out = io.StringIO()
    bench.plain_simulate(5, 3, out)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    games = [i for i, line in enumerate(lines) if line["event"] == "game_start"]
    assert len(games) == 5
    for start, end in zip(games, games[1:] + [len(lines)]):
        game = lines[start:end]
        assert game[-1]["event"] == "game_end"
        totals = game[-1]["totals"]
        assert max(totals) >= 11 and totals[0] != totals[1] and totals[game[-1]["winner"]] == max(totals)
        hands = Counter(line["hand"] for line in game if line["event"] == "play")
        assert set(hands.values()) == {36}  # every card of the deck but the 4 on the table, once
        ends = [line for line in game if line["event"] == "hand_end"]
        assert len(ends) == len(hands) and ends[-1]["totals"] == totals


def test_plain_points_score_cards_coins_settebello_and_primiera():
    piles = [["7d", "7c", "7s", "7b", "6d", "1d"], ["2c", "3c", "4s", "5b", "8d"]]
    assert bench.plain_points(piles, [1, 0]) == [5, 0]  # a scopa, cards, coins, settebello, primiera
    assert bench.plain_points([["1d", "1c"], ["2d", "2c"]], [0, 0]) == [0, 0]  # ties, no primiera
