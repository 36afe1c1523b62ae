"""The hard AI's time budget: ``python -m scopa_tui.bench --budget``.

Decisions of ``hard:time=0.5`` (or another spec) in positions of 2-, 4- and 6-player Scopa
and of 2-player Escoba, taken from seeded games of random players at the seat's turns
where it has a choice, spread over the first hands.  Each decision's wall time is
measured around ``choose`` (what a player waits for); the median, 95th and 99th
percentiles and the worst are printed by game and over all, with the load average.
Run it beside other work (e.g. ``python -c 'while 1: pass' &`` a few times) to see the
budget under load.  A benchmark to read, not a test: nothing is asserted.
"""

from __future__ import annotations

import math
import os
import platform
import random
import statistics
import time

from .ai.registry import make_player
from .engine import Game, make_rules

GAMES = {"scopa 2": (2, "scopa"), "scopa 4": (4, "scopa"), "scopa 6": (6, "scopa"), "escoba 2": (2, "escoba")}


def positions(players: int, variant: str, count: int, seed: int = 1) -> list:
    """``count`` views of seat 0 with more than one legal move, from random games."""
    rng = random.Random(seed)
    views = []
    game_seed = seed
    while len(views) < count:
        game = Game(make_rules(players=players, variant=variant), seed=game_seed)
        game_seed += 1
        game.start()
        while not game.is_over and len(views) < count:
            if game.phase == "hand_over":
                game.next_hand()
                continue
            view = game.view(game.turn)
            if game.turn == 0 and len(view.legal) > 1 and rng.random() < 0.5:
                views.append(view)
            game.play(rng.choice(view.legal))
    return views


def _percentile(sorted_times: list[float], p: float) -> float:
    return sorted_times[max(0, math.ceil(p * len(sorted_times)) - 1)]


def summary(times: list[float]) -> str:
    t = sorted(times)
    return (f"median {1000 * statistics.median(t):5.0f} ms, p95 {1000 * _percentile(t, 0.95):5.0f} ms, "
            f"p99 {1000 * _percentile(t, 0.99):5.0f} ms, max {1000 * t[-1]:5.0f} ms ({len(t)} decisions)")


def run(decisions: int, spec: str = "hard:time=0.5") -> int:
    """``decisions`` decisions of ``spec`` in each game of :data:`GAMES`."""
    print(f"python {platform.python_version()}, {spec}, {decisions} decisions a game; "
          f"load {os.getloadavg()[0]:.1f}", flush=True)
    everything = []
    for name, (players, variant) in GAMES.items():
        times = []
        for k, view in enumerate(positions(players, variant, decisions)):
            player = make_player(spec, seed=k)
            start = time.perf_counter()
            player.choose(view)
            times.append(time.perf_counter() - start)
        everything += times
        print(f"{name:<9} {summary(times)}; load {os.getloadavg()[0]:.1f}", flush=True)
    print(f"{'all':<9} {summary(everything)}")
    return 0
