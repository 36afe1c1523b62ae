"""Fit the ``hard`` level's evaluation of a deal's end on self-play: ``python -m scopa_tui.ai.fit``.

Plays ``--hands`` hands of 2-player Scopa (standard rules) between two ``medium``
players, from ``--seed``.  At the end of every deal but the last (the search's leaves:
the next deal is in the hands, nothing hidden is captured yet) it records, for each side,
what that side sees (:func:`features`) and what the hand then gave it, category by
category (:func:`outcomes`).  Then it counts, for each category, the mean outcome of the
positions that look alike (:func:`fit`): counting tables, no model to trust.  The tables
go to :mod:`.fitted` (written by ``--write``), which :func:`.evaluation.fitted_points` reads.

Same seed and number of hands, same tables.  The fitted module records both.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..engine.cards import COINS_MASK, SETTEBELLO
from .evaluation import features, fitted_categories
MIN_COUNT = 40  # positions a cell needs before its mean is trusted (else a coarser cell)
OUT = Path(__file__).with_name("fitted.py")


def outcomes(points: dict[str, list[int]], side: int, scope_now: list[int]) -> dict[str, float]:
    """What the rest of the hand gave ``side`` over the other, per category (+1, 0, -1;
    the scope made after the deal's end)."""
    o = 1 - side
    out = {k: float(v[side] - v[o]) for k, v in points.items() if k != "scope"}
    out["scope"] = float((points["scope"][side] - scope_now[side]) - (points["scope"][o] - scope_now[o]))
    return out


def category_points(state, rules) -> dict[str, list[int]]:
    """A finished hand's points per category and side (2 sides, plain scoring)."""
    from ..engine.core import _most, primiera

    piles = state.piles
    values = rules.primiera_values
    pts = {"cards": [0, 0], "coins": [0, 0], "sb": [0, 0], "prim": [0, 0], "scope": list(state.scope)}
    for name, k in (("cards", _most([p.bit_count() for p in piles])),
                    ("coins", _most([(p & COINS_MASK).bit_count() for p in piles])),
                    ("prim", _most([primiera(p, values, rules.primiera_requires_all_suits)[0] for p in piles]))):
        if k >= 0:
            pts[name][k] = 1
    for i, p in enumerate(piles):
        pts["sb"][i] = p >> SETTEBELLO & 1
    return pts


def play(hands: int, seed: int) -> list[tuple[dict, dict]]:
    """Self-play ``hands`` hands of medium against medium; (features, outcomes) per side
    and deal end."""
    from random import Random

    from ..engine import Game, make_rules
    from .medium import MediumPlayer

    rules = make_rules(players=2)
    master = Random(seed)
    players = [MediumPlayer(master.getrandbits(31)), MediumPlayer(master.getrandbits(31))]
    rows: list[tuple[dict, dict]] = []
    done = 0
    while done < hands:
        game = Game(rules, master.getrandbits(31))
        game.start()
        state = game.state
        pending = []
        while state.plays_left:
            seat = state.turn
            move = players[seat].choose(game.view(seat))
            game.play_listed(move.card, move.mask)
            state = game.state
            if state.plays_left and state.plays_left % 6 == 0 \
                    and all(len(h) == 3 for h in state.hands):
                # a deal's end: the next deal is in the hands
                for side in (0, 1):
                    pending.append((features(state.piles, side, state.table, state.turn % 2), side,
                                    list(state.scope)))
        points = category_points(state, rules)
        rows += [(f, outcomes(points, side, scope)) for f, side, scope in pending]
        done += 1
    return rows


def _mean_table(rows, key, target) -> dict:
    sums: dict = {}
    for f, o in rows:
        k = key(f)
        s = sums.setdefault(k, [0.0, 0])
        s[0] += o[target]
        s[1] += 1
    return {k: (round(s / n, 3), n) for k, (s, n) in sums.items()}


def _kept(table: dict) -> dict:
    return {k: mean for k, (mean, n) in table.items() if n >= MIN_COUNT}


def fit(rows: list[tuple[dict, dict]]) -> dict[str, dict]:
    """The counting tables: ``{name: {cell: mean outcome}}`` (cells of enough positions).

    The categories first, each on its own; then ``rest``: what the whole hand gave beyond
    them (the scope still to come, and what the table hands the seat to move), by cards
    still out, who moves and what the table offers it.
    """
    tables: dict[str, dict] = {
        "cards": _kept(_mean_table(rows, lambda f: (f["left"], f["cards"]), "cards")),
        "coins": _kept(_mean_table(rows, lambda f: (f["coins_left"], f["coins"]), "coins")),
        "sb": _kept(_mean_table(rows, lambda f: f["sb"], "sb")),
        "prim": _kept(_mean_table(rows, lambda f: f["prim"], "prim")),
        "prim7": _kept(_mean_table(rows, lambda f: f["prim"][:2], "prim")),
    }
    rest = []
    for f, o in rows:
        total = sum(o.values())
        rest.append((f, {"rest": total - fitted_categories(f, tables)}))
    tables["rest"] = _kept(_mean_table(rest, lambda f: (f["left"], f["mover"], f["risk"]), "rest"))
    return tables


def render(tables: dict[str, dict], hands: int, seed: int) -> str:
    """The source of :mod:`.fitted`: each table's cells with enough positions."""
    lines = ['"""Counting tables of the ``hard`` level\'s evaluation, fitted by :mod:`.fit` (do not edit).',
             "",
             f"``python -m scopa_tui.ai.fit --hands {hands} --seed {seed} --write``: medium against medium,",
             "2-player Scopa; each cell is the mean outcome (hand points of the category, side minus other)",
             f"of the deal ends that fall in it, kept when at least {MIN_COUNT} did.",
             '"""', "", f"HANDS = {hands}", f"SEED = {seed}", ""]
    for name, table in tables.items():
        lines.append(f"{name.upper()} = {{")
        for k in sorted(table):
            lines.append(f"    {k!r}: {table[k]!r},")
        lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m scopa_tui.ai.fit", description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=20_000, help="hands of self-play (default 20000)")
    p.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    p.add_argument("--write", action="store_true", help=f"write the tables to {OUT.name}")
    args = p.parse_args(argv)
    if args.hands < 1:
        p.error("--hands must be at least 1")
    source = render(fit(play(args.hands, args.seed)), args.hands, args.seed)
    if args.write:
        OUT.write_text(source, encoding="utf-8")
        print(f"wrote {OUT}", file=sys.stderr)
    else:
        sys.stdout.write(source)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
