"""Benchmark of the lean playout path: ``python -m scopa_tui.bench``.

Reports random plays per second (random card, random legal capture, through
``HandState.apply``) and complete 2-player games to 11 per second, single process.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from .engine import make_rules
from .engine.core import hand_points, new_hand, random_playout, three_kings


def playouts(seconds: float, seed: int = 1) -> tuple[int, int, float]:
    """Random hands from fresh shuffles for about ``seconds``: (hands, plays, elapsed)."""
    rules = make_rules()
    rng = random.Random(seed)
    rnd = rng.random
    hands = plays = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(200):
            deck = list(range(40))
            rng.shuffle(deck)
            plays += random_playout(new_hand(rules, hands & 1, deck), rnd)
            hands += 1
        if time.perf_counter() >= deadline:
            return hands, plays, time.perf_counter() - start


def games(seconds: float, seed: int = 2) -> tuple[int, float]:
    """Complete 2-player games to 11 on the lean path (scored with ``hand_points``)."""
    rules = make_rules()
    rng = random.Random(seed)
    rnd = rng.random
    n = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        totals = [0, 0]
        dealer = rng.randrange(2)
        while True:
            deck = list(range(40))
            rng.shuffle(deck)
            state = new_hand(rules, dealer, deck)
            if rules.redeal_three_kings and three_kings(state.table):
                continue  # three kings: the same dealer deals again
            random_playout(state, rnd)
            for side, p in enumerate(hand_points(state, rules)):
                totals[side] += p
            dealer ^= 1
            if max(totals) >= rules.target and totals[0] != totals[1]:
                break
        n += 1
    return n, time.perf_counter() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scopa_tui.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement (default 5)")
    args = parser.parse_args(argv)
    hands, plays, elapsed = playouts(args.seconds)
    n_games, g_elapsed = games(args.seconds)
    print(f"python {platform.python_version()} on {platform.machine()} ({platform.processor() or 'cpu'})")
    print(f"random playouts: {plays / elapsed:,.0f} plays/s ({hands / elapsed:,.0f} hands/s)")
    print(f"2-player games to 11: {n_games / g_elapsed:,.0f} games/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
