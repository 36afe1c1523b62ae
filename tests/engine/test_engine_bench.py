"""The benchmark's plain list-of-cards yardstick plays by the same rules as the engine."""

from __future__ import annotations

import random

from scopa_tui import bench
from scopa_tui.engine import capture_masks, make_rules, mask_of
from scopa_tui.engine.core import hand_points, new_hand


def idx(card: tuple[int, str]) -> int:
    return (card[0] - 1) * 4 + "dcsb".index(card[1])


def test_naive_captures_equal_the_engine_captures():
    rng = random.Random(5)
    for _ in range(3000):
        cards = bench.NAIVE_DECK[:]
        rng.shuffle(cards)
        table, card = cards[:rng.randrange(0, 12)], cards[-1]
        naive = {mask_of(idx(c) for c in cap) for cap in bench.naive_captures(card, table)}
        assert naive == set(capture_masks(idx(card), mask_of(idx(c) for c in table)))


def test_naive_hands_play_and_score_like_the_engine():
    rules = make_rules(players=2)
    rng = random.Random(8)
    for i in range(200):
        deck = bench.NAIVE_DECK[:]
        rng.shuffle(deck)
        naive = bench.NaiveHand(2, i % 2, deck)
        lean = new_hand(rules, i % 2, [idx(c) for c in deck])
        while naive.cards_left():
            assert naive.turn == lean.turn
            assert sorted(map(idx, naive.hands[naive.turn])) == sorted(lean.hands[lean.turn])
            assert mask_of(map(idx, naive.table)) == lean.table
            moves = sorted(lean.legal_moves())
            card, cap = moves[rng.randrange(len(moves))]
            naive_card = bench.NAIVE_DECK[card]
            naive_cap = [c for c in naive.table if cap >> idx(c) & 1]
            naive.play(naive_card, naive_cap)
            lean.apply(card, cap)
        assert [mask_of(map(idx, p)) for p in naive.piles] == lean.piles
        assert naive.scope == lean.scope
        assert naive.points() == hand_points(lean, rules)


def test_bench_runs(capsys):
    assert bench.main(["--seconds", "0.05", "--repeat", "1", "--naive"]) == 0
    out = capsys.readouterr().out
    assert "plays/s" in out and "naive list-of-cards" in out and "engine / naive" in out
