"""Paired single hands: ``python -m scopa_tui.ai.handpairs hard pimc --pairs 300 --seed 101``.

The fast signal of the AI's strength (docs/ai-strength.md): two players
play the same deal twice with the seats swapped, one hand each time (2-player Scopa), and
the first player's points minus the second's, averaged over the two hands, is one *pair*.
With ``--players 4`` each AI is a pair of partners (seats 0 and 2, then 1 and 3); with
``--players 6`` (three sides of two) the deal is played three times, the first AI one side
in turn and the second the other two, and a pair is the first's points minus the mean of
the other sides', averaged over the three hands.  ``--variant`` plays another game scored as
Scopa (both Scopones, with their 4 players; Scopa d'Assi).
Dealing the same cards to both seats cancels most of the luck of the deal, so a few
hundred pairs tell +0.3 points a hand from 0, where games to 11 need thousands.

It prints the mean difference a hand with its standard error, then the same difference
broken down by category (cards, coins, settebello, primiera, scope: which point the first
player wins more often), by deal (how the public evaluation
:func:`.evaluation.expected_points` moved over each deal of three cards each; the last one
ends with the exact points, leftovers included) and the share of hands in which the first
player made the last capture; and the median and 99th-percentile CPU time
(``time.process_time``) of the first player's decisions.

Every budget is a count, so a seed gives the same pairs on any machine; ``--out`` writes
one JSON line a pair, for comparing two runs on the same pairs.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time

from ..engine import Game, make_rules
from ..engine.cards import COINS_MASK, SETTEBELLO
from ..engine.core import primiera
from ..engine.variants import VARIANTS
from ..simulate import percentile
from .evaluation import expected_points
from .registry import check_spec, make_player

CATEGORIES = ("cards", "coins", "settebello", "primiera", "scope")
# The games scored as plain Scopa (categories() counts its points): Escoba is not.
SCOPA_SCORED = tuple(name for name, v in VARIANTS.items() if v.scoring == "scopa")


def _most(values: list) -> list[int]:
    """1 for the side with the single best value (None counts as nothing), 0 otherwise."""
    known = [v for v in values if v is not None]
    best = max(known, default=None)
    if best is None or known.count(best) > 1:
        return [0] * len(values)
    return [int(v == best) for v in values]


def categories(state, rules) -> dict[str, list[int]]:
    """The points of each side of a finished hand, by category (plain Scopa scoring)."""
    piles = state.piles
    return {
        "cards": _most([p.bit_count() for p in piles]),
        "coins": _most([(p & COINS_MASK).bit_count() for p in piles]),
        "settebello": [p >> SETTEBELLO & 1 for p in piles],
        "primiera": _most([primiera(p, rules.primiera_values, rules.primiera_requires_all_suits)[0] for p in piles]),
        "scope": list(state.scope),
    }


def play_hand(rules, deal_seed: int, players: list, times: list[list[float]] | None = None) -> dict:
    """One hand of ``players`` (one per seat) on the deal of ``deal_seed``.

    Returns the points of each side, the points by category, the evaluation for side 0 at
    the start of each deal and at the end (the exact points), and the side of the last capture.
    A deal is what the stock gives: a Scopone's hand, dealt whole, is one.
    """
    game = Game(rules, deal_seed)
    game.start()
    state = game.state
    two = rules.n_sides == 2  # the evaluation's moves add up to the lead with two sides only
    values = [expected_points(state, 0, rules.primiera_values, rules)] if two else []
    while state.plays_left:
        seat = state.turn
        view = game.view(seat)
        started = time.process_time()
        move = players[seat].choose(view)
        if times is not None:
            times[seat].append(time.process_time() - started)
        stock = len(state.stock)
        game.play_listed(move.card, move.mask)
        state = game.state
        if two and len(state.stock) != stock:  # the next deal was dealt
            values.append(expected_points(state, 0, rules.primiera_values, rules))
    points = list(game.hand_scores[-1].points)
    if two:
        values.append(points[0] - points[1])
    return {"points": points, "categories": categories(state, rules), "values": values,
            "last_capture": state.last_capture}


def _seated(rules, specs: tuple[str, str], seeds: tuple[int, int], first_side: int) -> list:
    """A player for each seat: ``specs[0]`` on side ``first_side``, ``specs[1]`` on the
    others; partners are players of their own (the seat added to the seed: with two sides,
    the seat's rank on its side, as when only 2 and 4 players were measured)."""
    players = []
    for seat in range(rules.players):
        k = 0 if rules.side_of(seat) == first_side else 1
        players.append(make_player(specs[k], seed=seeds[k] + (seat // 2 if rules.n_sides == 2 else seat)))
    return players


def play_pair(rules, deal_seed: int, specs: tuple[str, str], seeds: tuple[int, int],
              times: list[float] | None = None) -> dict:
    """The deal played once a side, ``specs[0]`` on side 0, then on side 1 (and 2): the
    first's lead (its points minus the mean of the other sides'), averaged."""
    n, sides = rules.players, rules.n_sides
    hands = []
    for first in range(sides):
        seat_times: list[list[float]] = [[] for _ in range(n)]
        hands.append(play_hand(rules, deal_seed, _seated(rules, specs, seeds, first), seat_times))
        if times is not None:  # the first player's seats in each hand
            for seat in range(n):
                if rules.side_of(seat) == first:
                    times += seat_times[seat]

    def lead(per_side) -> float:  # per_side(hand) -> each side's value; hand k: the first is side k
        ahead = []
        for first, hand in enumerate(hands):
            x = per_side(hand)
            ahead.append(x[first] - sum(v for i, v in enumerate(x) if i != first) / (sides - 1))
        return sum(ahead) / sides
    # the evaluation's move over each deal (two sides): side 0's view, turned for hand 1
    v1, v2 = hands[0]["values"], hands[-1]["values"]
    return {
        "lead": lead(lambda h: h["points"]),
        "categories": {k: lead(lambda h: h["categories"][k]) for k in CATEGORIES},
        "deals": [((b1 - a1) - (b2 - a2)) / 2 for a1, b1, a2, b2 in zip(v1, v1[1:], v2, v2[1:])],
        "last_capture": sum(h["last_capture"] == first for first, h in enumerate(hands)) / sides,
    }


def run(a: str, b: str, pairs: int, seed: int, out=None, players: int = 2, variant: str = "scopa") -> dict:
    """``pairs`` pairs of ``a`` against ``b`` (``players`` 2; 4 or 6: sides of partners) in
    ``variant`` (one of :data:`SCOPA_SCORED`): every pair's result, and the first's decision times."""
    if variant not in SCOPA_SCORED:
        raise ValueError(f"{variant!r} is not scored as Scopa: choose one of {', '.join(SCOPA_SCORED)}")
    rules = make_rules(players=players, variant=variant)
    master = random.Random(seed)
    rows = []
    times: list[float] = []
    for i in range(pairs):
        deal_seed = master.getrandbits(31)
        seeds = (master.getrandbits(31), master.getrandbits(31))
        row = play_pair(rules, deal_seed, (a, b), seeds, times)
        row["pair"] = i
        rows.append(row)
        if out is not None:
            out.write(json.dumps(row) + "\n")
            out.flush()
    return {"a": a, "b": b, "seed": seed, "players": players, "variant": variant, "rows": rows,
            "times": sorted(times)}


def mean_se(xs: list[float]) -> tuple[float, float]:
    """The mean of ``xs`` and its standard error."""
    n = len(xs)
    if not n:
        return 0.0, 0.0
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return m, sd / math.sqrt(n)


def _pm(xs: list[float]) -> str:
    m, se = mean_se(xs)
    return f"{m:+.3f} ± {se:.3f}"


def format_summary(result: dict) -> str:
    rows = result["rows"]
    times = result["times"]
    deals = len(rows[0]["deals"]) if rows else 0
    sides = {4: " (pairs of partners, 4 players)",
             6: " (a side of two against two, 6 players)"}.get(result.get("players", 2), "")
    variant = result.get("variant", "scopa")
    game = "" if variant == "scopa" else f" in {VARIANTS[variant].title}"
    lines = [f"{result['a']} vs {result['b']}{sides}{game}, seed {result['seed']}: {len(rows)} pairs, "
             f"points a hand ahead {_pm([r['lead'] for r in rows])}",
             "by category: " + ", ".join(f"{k} {_pm([r['categories'][k] for r in rows])}" for k in CATEGORIES),
             *(["by deal: " + ", ".join(f"{d + 1}: {_pm([r['deals'][d] for r in rows])}" for d in range(deals))]
               if deals else []),
             f"last capture by {result['a']}: {mean_se([r['last_capture'] for r in rows])[0]:.1%} of hands",
             f"{result['a']} CPU a decision: median {1000 * percentile(times, 50):.1f} ms, "
             f"p99 {1000 * percentile(times, 99):.1f} ms"]
    return "\n".join(lines)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m scopa_tui.ai.handpairs", description=__doc__.splitlines()[0])
    p.add_argument("first", help="the first AI spec, e.g. hard")
    p.add_argument("second", help="the second AI spec, e.g. pimc")
    p.add_argument("--pairs", type=int, default=300, help="pairs of hands (default 300)")
    p.add_argument("--seed", type=int, default=101, help="seed of the deals and the players (default 101)")
    p.add_argument("--out", help="write one JSON line a pair to this file")
    p.add_argument("--players", type=int, choices=(2, 4, 6),
                   help="2; 4: each AI a pair of partners; 6: the first AI one side of two, "
                        "the second the other two (default 2, or the variant's only count: 4 in a Scopone)")
    p.add_argument("--variant", choices=SCOPA_SCORED, default="scopa",
                   help="the game, one scored as Scopa (default scopa)")
    args = p.parse_args(argv)
    game = VARIANTS[args.variant]
    if args.players is None:
        args.players = game.default_players
    elif args.players not in game.players:
        p.error(f"--players {args.players}: {args.variant} is played by {', '.join(map(str, game.players))}")
    for spec in (args.first, args.second):
        try:
            check_spec(spec)
        except ValueError as e:
            p.error(str(e))
    if args.pairs < 1:
        p.error("--pairs must be at least 1")
    try:
        out = open(args.out, "w", encoding="utf-8") if args.out else None
    except OSError as e:
        p.error(f"cannot write {args.out}: {e.strerror}")
    try:
        result = run(args.first, args.second, args.pairs, args.seed, out, args.players, args.variant)
    finally:
        if out is not None:
            out.close()
    print(format_summary(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
