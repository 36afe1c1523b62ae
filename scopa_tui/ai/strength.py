"""Strength benchmark of the AI levels: ``python -m scopa_tui.ai.strength``.

Plays three matches with :func:`scopa_tui.simulate.run` — hard vs medium, medium vs
easy, easy vs random — two players, games to 11, in pairs of games on the same deals
with the seats swapped, and prints one table: the first AI's win rate with a 95%
confidence interval, points per hand of each, and the median and 99th-percentile
decision time of each.  The default seed was never used while tuning the AIs.

A match can be split into chunks run in parallel processes (``--jobs``); each chunk
uses its own seed derived from ``--seed``.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from concurrent.futures import ProcessPoolExecutor

from ..engine import VARIANTS, make_rules
from ..simulate import percentile, wilson

FRESH_SEED = 20261129  # never used in tuning
GOALS = {("hard", "medium"): 0.60, ("medium", "easy"): 0.60, ("easy", "random"): 0.80}


def _chunk(args: tuple[str, str, int, int]) -> dict:
    from .. import simulate

    a, b, games, seed, *rest = args
    variant = rest[0] if rest else "scopa"  # Scopone: 4 players, partners share an AI
    rules = make_rules(players=VARIANTS[variant].default_players, variant=variant)
    return simulate.run(rules, games, seed, [a, b], keep_times=True, paired=True)


def _base(spec: str) -> str:
    return spec.split(":", 1)[0]


def run_matches(matches: list[tuple[str, str, int]], seed: int, jobs: int, chunk: int = 0,
                progress=None, variant: str = "scopa") -> list[dict]:
    """Run each ``(a, b, games)`` in chunks of ``chunk`` games (0: split by ``jobs``).

    Returns one merged result per match.
    """
    tasks = []
    for m, (a, b, games) in enumerate(matches):
        size = chunk or -(-games // jobs)
        left = games
        k = 0
        while left > 0:
            n = min(size, left)
            n += n % 2  # whole pairs
            tasks.append((m, (a, b, n, seed + 1000 * m + k, variant)))
            left -= n
            k += 1
    parts: list[list[dict]] = [[] for _ in matches]
    if jobs <= 1:
        for m, t in tasks:
            parts[m].append(_chunk(t))
            if progress:
                progress(t)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [(m, t, pool.submit(_chunk, t)) for m, t in tasks]
            for m, t, f in futures:
                parts[m].append(f.result())
                if progress:
                    progress(t)
    return [_merge(a, b, ps) for (a, b, _), ps in zip(matches, parts)]


def _merge(a: str, b: str, parts: list[dict]) -> dict:
    out = {"a": a, "b": b, "games": 0, "hands": 0, "seconds": 0.0, "ai": []}
    for i, spec in enumerate((a, b)):
        games = wins = hands = 0
        points = 0.0
        times: list[float] = []
        faults = 0
        for p in parts:
            s = p["ai"][i]
            games += s["games"]
            wins += s["wins"]
            hands += p["hands"]
            points += s["points_per_hand"] * p["hands"]
            times += s.get("decision_seconds", [])
            faults += s["faults"]
        times.sort()
        lo, hi = wilson(wins, games)
        out["ai"].append({"ai": spec, "games": games, "wins": wins, "win_rate": wins / games if games else 0.0,
                          "ci95": [lo, hi], "points_per_hand": points / hands if hands else 0.0,
                          "decision_ms_median": 1000 * percentile(times, 50),
                          "decision_ms_p99": 1000 * percentile(times, 99),
                          "decision_ms_max": 1000 * (times[-1] if times else 0.0),
                          "decisions": len(times), "faults": faults})
    out["games"] = out["ai"][0]["games"]
    out["hands"] = sum(p["hands"] for p in parts)
    out["seconds"] = sum(p["seconds"] for p in parts)
    return out


def _ms(x: float) -> str:
    return f"{x:.1f}" if x >= 10 else f"{x:.2f}"


def format_results(results: list[dict]) -> str:
    rows = [("match", "games", "first wins (95% CI)", "goal", "pts/hand", "median ms", "p99 ms", "max ms")]
    for r in results:
        a, b = r["ai"]
        lo, hi = a["ci95"]
        goal = GOALS.get((_base(a["ai"]), _base(b["ai"])))
        verdict = "" if goal is None else (f">={goal:.0%} " + ("met" if a["win_rate"] >= goal else
                                                            f"missed by {100 * (goal - a['win_rate']):.1f} pts"))
        rows.append((f"{a['ai']} vs {b['ai']}", str(r["games"]),
                     f"{100 * a['win_rate']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})", verdict,
                     f"{a['points_per_hand']:.2f} / {b['points_per_hand']:.2f}",
                     f"{_ms(a['decision_ms_median'])} / {_ms(b['decision_ms_median'])}",
                     f"{_ms(a['decision_ms_p99'])} / {_ms(b['decision_ms_p99'])}",
                     f"{_ms(a['decision_ms_max'])} / {_ms(b['decision_ms_max'])}"))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [" | ".join(c.ljust(w) for c, w in zip(row, widths)) for row in rows]
    lines.insert(1, "-|-".join("-" * w for w in widths))
    return "\n".join(lines)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m scopa_tui.ai.strength", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2000, help="games of medium vs easy and easy vs random (default 2000)")
    p.add_argument("--hard-games", type=int, default=100, help="games of hard vs medium (default 100)")
    p.add_argument("--hard", default="hard", help="the hard spec, e.g. hard:time=0.25 (default: default budget)")
    p.add_argument("--seed", type=int, default=FRESH_SEED, help=f"seed (default {FRESH_SEED}, never used in tuning)")
    p.add_argument("--jobs", type=int, default=2, help="parallel processes (default 2)")
    p.add_argument("--chunk", type=int, default=0, help="games per parallel chunk (default: split each match by --jobs)")
    p.add_argument("--only", choices=["hard", "medium", "easy"], action="append",
                   help="run only the match of this level against the one below (repeatable)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--variant", choices=list(VARIANTS), default="scopa",
                   help="the game of the Scopa family (default scopa; Scopone with 4 players)")
    args = p.parse_args(argv)
    from .registry import check_spec

    try:
        check_spec(args.hard)
    except ValueError as e:
        p.error(str(e))
    if args.games < 2 or args.hard_games < 2 or args.jobs < 1:
        p.error("--games and --hard-games must be at least 2 and --jobs at least 1")
    matches = [(args.hard, "medium", args.hard_games), ("medium", "easy", args.games), ("easy", "random", args.games)]
    if args.only:
        matches = [m for m in matches if _base(m[0]) in args.only]

    def progress(task):
        print(f"  done: {task[0]} vs {task[1]}, {task[2]} games (seed {task[3]})", file=sys.stderr, flush=True)

    results = run_matches(matches, args.seed, args.jobs, args.chunk, progress, args.variant)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(format_results(results))
        print()
        rules = make_rules(players=VARIANTS[args.variant].default_players, variant=args.variant)
        print(f"{args.variant}, {rules.players} players, target {rules.target}, pairs of games on the same deals with seats swapped, seed {args.seed}; "
              f"python {platform.python_version()}, {args.jobs} process(es); hard spec {args.hard!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
