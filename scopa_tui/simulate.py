"""Headless AI-vs-AI games: ``scopa-tui simulate``."""

from __future__ import annotations

import json
import math
import random
import time
from dataclasses import dataclass, field
from typing import IO, Any

from .ai.base import BasePlayer
from .ai.registry import make_player
from .engine import Game, GameEnded, HandEnded, Rules, record
from .engine.core import ASSI
from .engine.recording import RecordingGame
from .engine.text import _, decimal, ngettext, pgettext


class SimulateError(Exception):
    """A simulation that cannot go on (a process of ``--jobs`` died): one line, exit status 1."""


@dataclass
class EntrantStats:
    label: str
    spec: str
    games: int = 0
    wins: int = 0
    hands: int = 0
    points: int = 0
    decisions: int = 0
    think_time: float = 0.0
    faults: int = 0
    times: list[float] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.games)
        times = sorted(self.times)
        return {
            "ai": self.label, "spec": self.spec, "games": self.games, "wins": self.wins,
            "win_rate": self.wins / self.games if self.games else 0.0, "ci95": [lo, hi],
            "points_per_hand": self.points / self.hands if self.hands else 0.0,
            "decision_ms": 1000 * self.think_time / self.decisions if self.decisions else 0.0,
            "decision_ms_median": 1000 * percentile(times, 50), "decision_ms_p99": 1000 * percentile(times, 99),
            "decisions": self.decisions, "faults": self.faults,
            **({"decision_seconds": self.times} if self.times else {}),
        }


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    i = min(len(sorted_values) - 1, max(0, math.ceil(q / 100 * len(sorted_values)) - 1))
    return sorted_values[i]


def _listeners(players) -> list:
    """The players that do something with record lines (BasePlayer's notify does nothing)."""
    return [p for p in players
            if getattr(p, "notify", None) is not None
            and getattr(p.notify, "__func__", None) is not BasePlayer.notify]


def _notify(players, event) -> None:
    """Pass hand_end and game_end record lines to players that want them (bots do)."""
    if isinstance(event, (HandEnded, GameEnded)):
        line = event.to_record()
        for p in players:
            notify = getattr(p, "notify", None)
            if notify:
                notify(line)


def _lean_chooser(player):
    """The player's ``choose_lean`` (random, greedy: the same choice from the engine's
    (card, capture mask) pairs, without a view), or None: a subclass that chooses its own
    way, or any other player, gets a view."""
    lean = getattr(player, "choose_lean", None)
    if lean is None:
        return None
    cls = type(player)
    owner = next(k for k in cls.__mro__ if "choose_lean" in vars(k))
    return lean if cls.choose is owner.__dict__.get("choose") else None


def seat_entrants(rules: Rules, n_entrants: int, rotation: int) -> list[int]:
    """Which entrant plays each seat.

    With as many entrants as seats, each seat has its own; otherwise entrants take the
    sides in turn and partners share one.  ``rotation`` shifts the assignment between
    games so that no entrant keeps a seat.
    """
    n = rules.players
    if n_entrants >= n:
        return [(seat + rotation) % n_entrants for seat in range(n)]
    return [(rules.side_of(seat) + rotation) % n_entrants for seat in range(n)]


def _play(game: Game, choosers: list, leans: list, seat_stats: list[EntrantStats], keep_times: bool,
          assi: bool) -> None:
    """Play ``game`` to its end: a view for each seat whose player needs one."""
    clock, view_of, play_listed = time.perf_counter, game.view, game.play_listed
    while True:
        state = game.state
        while state.plays_left:  # one hand
            seat = state.turn
            lean = leans[seat]
            st = seat_stats[seat]
            if lean is not None:  # random, greedy: no view, no Move
                pairs = state.legal_moves()
                t0 = clock()
                pair = lean(pairs, state.table, state.plays_left, assi)
                dt = clock() - t0
                if pair not in pairs:  # never, but a fault is a fault
                    st.faults += 1
                    pair = pairs[0]
            else:
                view = view_of(seat)
                t0 = clock()
                move = choosers[seat](view)
                dt = clock() - t0
                if move not in view.legal:  # a player's fault: play a safe move instead
                    st.faults += 1
                    move = view.legal[0]
                pair = move.card, move.mask
            st.decisions += 1
            st.think_time += dt
            if keep_times:
                st.times.append(dt)
            play_listed(*pair)
        if game.is_over:
            break
        game.next_hand()


@dataclass(frozen=True)
class GamePlan:
    """What decides one game before it is played: its place, its deals' seed, which
    entrant plays each seat, and each entrant's player seed."""
    number: int
    seed: int
    assign: tuple[int, ...]
    player_seeds: dict[int, int]


def plan_games(rules: Rules, games: int, seed: int, n_entrants: int, paired: bool = False):
    """The games in order, every seed drawn from one ``random.Random(seed)`` in game order
    (the game's seed, then each entrant's in turn), as one process plays them: the plan,
    and so the games, do not depend on how many processes play them."""
    master = random.Random(seed)
    for g in range(games):
        if not paired or g % 2 == 0:
            game_seed = master.getrandbits(31)
        assign = seat_entrants(rules, n_entrants, g)
        yield GamePlan(g, game_seed, tuple(assign), {e: master.getrandbits(31) for e in set(assign)})


def play_game(rules: Rules, specs: list[str], plan: GamePlan, stats: list[EntrantStats], keep_times: bool,
              write=None) -> int:
    """Play the game of ``plan``, add it to ``stats`` (one per entrant) and pass its record
    to ``write`` (None: no record); returns its number of hands."""
    assign = plan.assign
    players: dict[int, Any] = {}
    try:  # a bot started is closed, even when the next player cannot be made (Ctrl-C)
        for e, player_seed in plan.player_seeds.items():
            players[e] = make_player(specs[e], seed=player_seed)
        listeners = _listeners(players.values())
        leans = [_lean_chooser(players[assign[seat]]) for seat in range(rules.players)]
        if listeners or None in leans:
            game = Game(rules, plan.seed)
            if listeners:
                game.subscribe(lambda event: _notify(listeners, event))
        else:  # random, greedy: nobody needs events or views
            game = RecordingGame(rules, plan.seed, record=write is not None)
        game.start()
        seat_stats = [stats[assign[seat]] for seat in range(rules.players)]
        _play(game, [players[assign[seat]].choose for seat in range(rules.players)], leans, seat_stats,
              keep_times, rules.variant_info.rule == ASSI)
    finally:
        for p in players.values():
            close = getattr(p, "close", None)
            if close:
                close()
    for p_entrant, player in players.items():
        stats[p_entrant].faults += len(getattr(player, "faults", ()))
    for e in players:
        st = stats[e]
        st.games += 1
        sides = sorted({rules.side_of(s) for s in range(rules.players) if assign[s] == e})
        if game.winner in sides:
            st.wins += 1
        # Every hand scored adds to the totals: over the game they are the points.
        for side in sides:
            st.hands += game.hand_no
            st.points += game.totals[side]
    if write is not None:
        write(game.record_text() if type(game) is RecordingGame else record.dumps(game))
    return game.hand_no


def run(rules: Rules, games: int, seed: int, specs: list[str], record_file: IO[str] | None = None,
        keep_times: bool = False, on_game=None, paired: bool = False, jobs: int = 1) -> dict[str, Any]:
    """Play ``games`` games; returns the summary (what ``--json`` prints).

    With ``paired`` each odd game replays the deals of the game before it (same game
    seed) with the seats rotated, so luck of the cards cancels out between entrants.
    With ``jobs`` above 1 the games are played in that many processes
    (:mod:`scopa_tui.simjobs`): the same games, statistics and record as with one.
    """
    labels = []
    for i, spec in enumerate(specs):
        label = spec if specs.count(spec) == 1 else f"{spec} #{specs[:i + 1].count(spec)}"
        labels.append(label)
    stats = [EntrantStats(label, spec) for label, spec in zip(labels, specs)]
    plans = plan_games(rules, games, seed, len(specs), paired)
    started = time.perf_counter()
    if jobs > 1 and games > 1:
        from .simjobs import run_in_pool

        total_hands = run_in_pool(rules, specs, plans, games, stats, keep_times, record_file, on_game, jobs)
    else:
        total_hands = 0
        write = record_file.write if record_file is not None else None
        for plan in plans:
            total_hands += play_game(rules, specs, plan, stats, keep_times, write)
            if on_game:
                on_game(plan.number + 1, games)
    elapsed = time.perf_counter() - started
    return {
        "players": rules.players, "preset": rules.preset, "variant": rules.variant,
        "options": list(rules.options), "target": rules.target, "games": games,
        "seed": seed, "hands": total_hands, "seconds": elapsed,
        "games_per_second": games / elapsed if elapsed else 0.0,
        "ai": [s.to_json() for s in stats],
    }


def format_table(summary: dict[str, Any]) -> str:
    """The summary for people, in the player's language (``--json`` stays English)."""
    rows = [(pgettext("simulate column", "AI"), pgettext("simulate column", "games"),
             pgettext("simulate column", "won"), pgettext("simulate column", "win rate (95% CI)"),
             pgettext("simulate column", "pts/hand"), pgettext("simulate column", "ms/decision"),
             pgettext("simulate column", "faults"))]
    for a in summary["ai"]:
        lo, hi = a["ci95"]
        # the language's decimal mark, as on the statistics screen (0,67 in Italian)
        rows.append((a["ai"], str(a["games"]), str(a["wins"]),
                     decimal(f"{100 * a['win_rate']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})"),
                     decimal(f"{a['points_per_hand']:.2f}"), decimal(f"{a['decision_ms']:.3f}"), str(a["faults"])))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(r, widths)))
             for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.append("")
    lines.append(_("{facts}: {seconds} s, {rate} games/s").format(
        facts=", ".join(_facts(summary)), seconds=decimal(f"{summary['seconds']:.2f}"),
        rate=decimal(f"{summary['games_per_second']:.1f}")))
    return "\n".join(lines)


def _facts(summary: dict[str, Any]) -> list[str]:
    """What was played, one short item each: ``10 games``, ``options napola``, ``seed 1``."""
    facts = [ngettext("{n} game", "{n} games", summary["games"]).format(n=summary["games"]),
             ngettext("{n} hand", "{n} hands", summary["hands"]).format(n=summary["hands"]),
             ngettext("{n} player", "{n} players", summary["players"]).format(n=summary["players"])]
    variant = summary.get("variant", "scopa")
    if variant != "scopa":
        facts.append(variant)
    house = summary.get("options", ())
    if house:
        # TRANSLATORS: the house rules played, by their command-line names (napola re-bello).
        facts.append(_("options {names}").format(names=" ".join(house)))
    facts += [_("preset {name}").format(name=summary["preset"]), ngettext("to {n} point", "to {n} points", summary["target"]).format(n=summary["target"]),
              _("seed {n}").format(n=summary["seed"])]
    return facts


def to_json(summary: dict[str, Any]) -> str:
    return json.dumps(summary, indent=2)
