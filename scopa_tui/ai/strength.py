"""Strength benchmark of the AI levels: ``python -m scopa_tui.ai.strength``.

Plays these matches with :func:`scopa_tui.simulate.run`, games to 11, in pairs of games
on the same deals with the seats swapped: hard vs pimc, hard vs medium, pimc vs medium,
medium vs easy and easy vs random (2 players), then a pair of hard against a pair of
medium and against a pair of pimc (4 players, partners opposite).  It prints one table:
the first AI's win rate with a 95% confidence interval, the points per hand of each and
their difference, and the median and 99th-percentile decision time of each.  The
default seed was never used while tuning the AIs.

Every budget is a count (worlds, plies), never a time, so a seed gives the same games
on any machine.  A match is split into chunks of ``--chunk`` games, each with its own
seed derived from ``--seed`` and its place; the chunks run in ``--jobs`` processes, so
the results do not depend on ``--jobs`` (only the wall time does).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from concurrent.futures import ProcessPoolExecutor

from ..engine import VARIANTS, make_rules
from ..simulate import percentile, wilson

FRESH_SEED = 20261129  # never used in tuning
GOALS = {("hard", "pimc"): 0.65, ("hard", "medium"): 0.60, ("medium", "easy"): 0.60, ("easy", "random"): 0.80}
GOAL_POINTS = {("hard", "pimc"): 0.5}  # points per hand ahead
CHUNK = 10  # games per chunk: fixed, so that --jobs does not change the games


def _chunk(args: tuple) -> dict:
    from .. import simulate

    a, b, games, seed, players, *rest = args
    variant = rest[0] if rest else "scopa"
    return simulate.run(make_rules(players=players, variant=variant), games, seed, [a, b], keep_times=True, paired=True)


def match_players(variant: str, players: int) -> int:
    """The players of a match in ``variant``: as asked, or the variant's only count (Scopone: 4,
    partners share an AI)."""
    info = VARIANTS[variant]
    return players if players in info.players else info.default_players


def _base(spec: str) -> str:
    return spec.split(":", 1)[0]


def run_matches(matches: list[tuple], seed: int, jobs: int, chunk: int = CHUNK,
                progress=None, variant: str = "scopa") -> list[dict]:
    """Run each ``(a, b, games[, players])`` of ``variant`` in chunks of ``chunk`` games
    (2 players by default, or the variant's only count).

    Returns one merged result per match.
    """
    tasks = []
    for m, (a, b, games, *rest) in enumerate(matches):
        players = match_players(variant, rest[0] if rest else 2)
        size = chunk or CHUNK
        left = games
        k = 0
        while left > 0:
            n = min(size, left)
            n += n % 2  # whole pairs
            tasks.append((m, (a, b, n, seed + 1000 * m + k, players, variant)))
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
    return [_merge(m[0], m[1], ps, match_players(variant, m[3] if len(m) > 3 else 2))
            for m, ps in zip(matches, parts)]


def _merge(a: str, b: str, parts: list[dict], players: int = 2) -> dict:
    out = {"a": a, "b": b, "players": players, "games": 0, "hands": 0, "seconds": 0.0, "ai": []}
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


def _verdict(a: dict, b: dict, players: int = 2) -> str:
    """The goal of a 2-player match (GOALS) and whether it is met; the pairs have none."""
    key = (_base(a["ai"]), _base(b["ai"]))
    goal = GOALS.get(key)
    if goal is None or players != 2:
        return ""
    met = a["win_rate"] >= goal
    text = f">={goal:.0%}"
    points = GOAL_POINTS.get(key)
    if points is not None:
        text += f", +{points:g}/hand"
        met = met and a["points_per_hand"] - b["points_per_hand"] >= points
    return f"{text} {'met' if met else 'missed'}"


def format_results(results: list[dict]) -> str:
    rows = [("match", "players", "games", "first wins (95% CI)", "goal", "pts/hand", "ahead",
             "median ms", "p99 ms", "max ms")]
    for r in results:
        a, b = r["ai"]
        lo, hi = a["ci95"]
        pair = "pair of " if r.get("players", 2) >= 4 else ""
        rows.append((f"{pair}{a['ai']} vs {pair}{b['ai']}", str(r.get("players", 2)), str(r["games"]),
                     f"{100 * a['win_rate']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})", _verdict(a, b, r.get("players", 2)),
                     f"{a['points_per_hand']:.2f} / {b['points_per_hand']:.2f}",
                     f"{a['points_per_hand'] - b['points_per_hand']:+.2f}",
                     f"{_ms(a['decision_ms_median'])} / {_ms(b['decision_ms_median'])}",
                     f"{_ms(a['decision_ms_p99'])} / {_ms(b['decision_ms_p99'])}",
                     f"{_ms(a['decision_ms_max'])} / {_ms(b['decision_ms_max'])}"))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [" | ".join(c.ljust(w) for c, w in zip(row, widths)) for row in rows]
    lines.insert(1, "-|-".join("-" * w for w in widths))
    return "\n".join(lines)


MATCH_NAMES = ("hard-pimc", "hard-medium", "pimc-medium", "medium-easy", "easy-random", "pairs-medium", "pairs-pimc")


def build_matches(hard: str, pimc: str, search_games: int, games: int, pair_games: int) -> dict[str, tuple]:
    """The matches by name: (first spec, second spec, games, players)."""
    return {
        "hard-pimc": (hard, pimc, search_games, 2),
        "hard-medium": (hard, "medium", search_games, 2),
        "pimc-medium": (pimc, "medium", search_games, 2),
        "medium-easy": ("medium", "easy", games, 2),
        "easy-random": ("easy", "random", games, 2),
        "pairs-medium": (hard, "medium", pair_games, 4),
        "pairs-pimc": (hard, pimc, pair_games, 4),
    }


def _load() -> str:
    try:
        return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not on every system
        return "load average unknown"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m scopa_tui.ai.strength", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2000, help="games of medium vs easy and easy vs random (default 2000)")
    p.add_argument("--search-games", type=int, default=200,
                   help="games of each match with hard or pimc, 2 players (default 200)")
    p.add_argument("--pair-games", type=int, default=100, help="games of the 4-player matches (default 100)")
    p.add_argument("--hard", default="hard", help="the hard spec, e.g. hard:worlds=20 (default: default budget)")
    p.add_argument("--pimc", default="pimc", help="the pimc spec (default: pimc, 12 worlds, depth 5)")
    p.add_argument("--seed", type=int, default=FRESH_SEED, help=f"seed (default {FRESH_SEED}, never used in tuning)")
    p.add_argument("--jobs", type=int, default=2, help="parallel processes (default 2; the results do not change)")
    p.add_argument("--chunk", type=int, default=CHUNK, help=f"games per chunk (default {CHUNK}; changes the deals)")
    p.add_argument("--only", choices=MATCH_NAMES, action="append", help="run only this match (repeatable)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--variant", choices=list(VARIANTS), default="scopa",
                   help="the game of the Scopa family (default scopa; Scopone with 4 players)")
    args = p.parse_args(argv)
    from .registry import check_spec

    try:
        check_spec(args.hard)
        check_spec(args.pimc)
    except ValueError as e:
        p.error(str(e))
    if min(args.games, args.search_games, args.pair_games, args.chunk) < 2 or args.jobs < 1:
        p.error("--games, --search-games, --pair-games and --chunk must be at least 2 and --jobs at least 1")
    table = build_matches(args.hard, args.pimc, args.search_games, args.games, args.pair_games)
    # the seed of a match follows its place in the full list, so --only does not change its games
    names = [n for n in MATCH_NAMES if not args.only or n in args.only]
    load_before = _load()

    def progress(task):
        print(f"  done: {task[0]} vs {task[1]}, {task[4]} players, {task[2]} games (seed {task[3]})",
              file=sys.stderr, flush=True)

    results = run_named(table, names, args.seed, args.jobs, args.chunk, progress, args.variant)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(format_results(results))
        print()
        print(f"{args.variant}, games to {VARIANTS[args.variant].target}, pairs of games on the same deals "
              f"with the seats swapped, seed {args.seed}; "
              f"python {platform.python_version()}, {args.jobs} process(es), {os.cpu_count()} cores; "
              f"{load_before} at the start, {_load().split(' ', 2)[2]} at the end")
    return 0


def run_named(table: dict[str, tuple], names: list[str], seed: int, jobs: int, chunk: int = CHUNK,
              progress=None, variant: str = "scopa") -> list[dict]:
    """Run the named matches of ``table`` in ``variant``; each keeps the seed of its place in :data:`MATCH_NAMES`."""
    results = []
    for name in names:
        m = MATCH_NAMES.index(name)
        (result,) = run_matches([table[name]], seed + 1000 * m, jobs, chunk, progress, variant)
        results.append(result)
    return results


if __name__ == "__main__":
    raise SystemExit(main())
