"""Benchmark of the lean playout path: ``python -m scopa_tui.bench``.

Reports random plays per second (random card, random legal capture, through
``HandState.apply``) and complete 2-player games to 11 per second, single process.
``--naive`` also measures :class:`NaiveHand`, a plain list-of-cards implementation of
the same rules written the straightforward way, as a yardstick for the engine.
``--ui`` starts the app in a pseudo-terminal and measures the time to its first frame
and from a key to the updated screen, beside a minimal Textual app started the same way.
``--simulate`` times whole processes: ``scopa-tui simulate --ai random,random --record
FILE`` against :func:`plain_simulate` (cards as strings, a record per game) started the
same way, and prints the ratio.  ``--memory`` plays a long session in the headless app and
prints its resident memory after each game (:mod:`.bench_memory`), ``--budget`` the wall time
of ``hard:time=0.5`` decisions (:mod:`.bench_budget`), ``--think-keys`` key-to-screen while an
AI searches (:mod:`.bench_keys`).
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import math
import os
import platform
import pty
import random
import re
import resource
import select
import signal
import statistics
import subprocess
import struct
import sys
import tempfile
import termios
import time
from itertools import combinations

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


def play_games(seconds: float, seed: int, play_hand) -> tuple[int, float]:
    """Complete 2-player games to 11 for about ``seconds``: (games, elapsed).

    ``play_hand(dealer, rng)`` deals and plays one hand and returns each side's points,
    or None when three kings void the deal (the same dealer deals again).  Both the
    engine and the plain implementation are timed through this one loop.
    """
    rng = random.Random(seed)
    n = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        totals = [0, 0]
        dealer = rng.randrange(2)
        while True:
            points = play_hand(dealer, rng)
            if points is None:
                continue
            totals[0] += points[0]
            totals[1] += points[1]
            dealer ^= 1
            if max(totals) >= 11 and totals[0] != totals[1]:
                break
        n += 1
    return n, time.perf_counter() - start


def games(seconds: float, seed: int = 2) -> tuple[int, float]:
    """Complete 2-player games to 11 on the lean path (scored with ``hand_points``)."""
    rules = make_rules()

    def play_hand(dealer: int, rng: random.Random):
        deck = list(range(40))
        rng.shuffle(deck)
        state = new_hand(rules, dealer, deck)
        if rules.redeal_three_kings and three_kings(state.table):
            return None
        random_playout(state, rng.random)
        return hand_points(state, rules)

    return play_games(seconds, seed, play_hand)


# --- the yardstick: a straightforward list-of-cards implementation -------------------------
#
# Cards are (rank, suit) tuples, hands, table, stock and piles are lists, captures are
# found with itertools.combinations.  It follows the same rules as the engine (match
# beats sum, mandatory capture, scopa except on the last card, leftovers to the last
# capturer) and is used only here, to measure what plain code reaches.

NAIVE_DECK = [(rank, suit) for rank in range(1, 11) for suit in "dcsb"]
NAIVE_PRIMIERA = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 8: 10, 9: 10, 10: 10}


def naive_captures(card: tuple[int, str], table: list[tuple[int, str]]) -> list[list[tuple[int, str]]]:
    """Every legal capture of ``card``: single matches if any, else sets of 2+ that add up."""
    rank = card[0]
    matches = [[t] for t in table if t[0] == rank]
    if matches:
        return matches
    smaller = [t for t in table if t[0] < rank]
    found = []
    for k in range(2, len(smaller) + 1):
        for combo in combinations(smaller, k):
            if sum(c[0] for c in combo) == rank:
                found.append(list(combo))
    return found


class NaiveHand:
    """One hand with plain lists."""

    def __init__(self, players: int, dealer: int, deck: list[tuple[int, str]]):
        self.players = players
        self.sides = 2 if players == 4 else 3 if players == 6 else players
        self.dealer = dealer
        self.stock = list(deck)
        self.hands: list[list[tuple[int, str]]] = [[] for _ in range(players)]
        self.piles: list[list[tuple[int, str]]] = [[] for _ in range(self.sides)]
        self.scope = [0] * self.sides
        self.last_capture = -1
        self.deal()
        self.table = [self.stock.pop() for _ in range(4)]

    def deal(self) -> None:
        for _ in range(3):
            for k in range(self.players):
                self.hands[(self.dealer + 1 + k) % self.players].append(self.stock.pop())
        self.turn = (self.dealer + 1) % self.players

    def cards_left(self) -> int:
        return len(self.stock) + sum(len(h) for h in self.hands)

    def play(self, card: tuple[int, str], capture: list[tuple[int, str]]) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        if capture:
            side = seat % self.sides
            for c in capture:
                self.table.remove(c)
            self.piles[side].extend(capture)
            self.piles[side].append(card)
            self.last_capture = side
            if not self.table and self.cards_left() > 0:
                self.scope[side] += 1
        else:
            self.table.append(card)
        if self.cards_left() == 0:
            if self.last_capture >= 0:
                self.piles[self.last_capture].extend(self.table)
            self.table = []
            return
        self.turn = (seat + 1) % self.players
        if not self.hands[self.turn]:
            self.deal()

    def playout(self, rng: random.Random) -> int:
        plays = 0
        while self.cards_left():
            hand = self.hands[self.turn]
            card = hand[rng.randrange(len(hand))]
            options = naive_captures(card, self.table)
            self.play(card, options[rng.randrange(len(options))] if options else [])
            plays += 1
        return plays

    def points(self) -> list[int]:
        pts = self.scope[:]
        for measure in (len, lambda pile: sum(1 for c in pile if c[1] == "d"), naive_primiera):
            values = [measure(p) for p in self.piles]
            best = max(v for v in values if v is not None) if any(v is not None for v in values) else None
            if best is not None and values.count(best) == 1:
                pts[values.index(best)] += 1
        for side, pile in enumerate(self.piles):
            if (7, "d") in pile:
                pts[side] += 1
        return pts


def naive_primiera(pile: list[tuple[int, str]]) -> int | None:
    best = {}
    for rank, suit in pile:
        best[suit] = max(best.get(suit, 0), NAIVE_PRIMIERA[rank])
    return sum(best.values()) if len(best) == 4 else None


def naive_playouts(seconds: float, seed: int = 1) -> tuple[int, int, float]:
    rng = random.Random(seed)
    hands = plays = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(50):
            deck = NAIVE_DECK[:]
            rng.shuffle(deck)
            plays += NaiveHand(2, hands & 1, deck).playout(rng)
            hands += 1
        if time.perf_counter() >= deadline:
            return hands, plays, time.perf_counter() - start


def naive_games(seconds: float, seed: int = 2) -> tuple[int, float]:
    def play_hand(dealer: int, rng: random.Random):
        deck = NAIVE_DECK[:]
        rng.shuffle(deck)
        hand = NaiveHand(2, dealer, deck)
        if sum(1 for c in hand.table if c[0] == 10) >= 3:
            return None
        hand.playout(rng)
        return hand.points()

    return play_games(seconds, seed, play_hand)


# --- whole-process yardstick for ``simulate``: a plain list-of-strings game loop ----------
#
# Cards are strings ("7d", "10b"), hands, table and piles lists of them; two random
# players play games to 11 (a tie at the target plays on) and every game is written as
# JSON Lines: a start line, each deal, each play, each hand's points and the result.

PLAIN_DECK = [f"{rank}{suit}" for rank in range(1, 11) for suit in "dcsb"]


def _rank(card: str) -> int:
    return int(card[:-1])


def plain_captures(card: str, table: list[str]) -> list[list[str]]:
    """Single matches if any, else every set of 2+ table cards adding up to the card's rank."""
    rank = _rank(card)
    matches = [[t] for t in table if _rank(t) == rank]
    if matches:
        return matches
    smaller = [t for t in table if _rank(t) < rank]
    return [list(combo) for k in range(2, len(smaller) + 1) for combo in combinations(smaller, k)
            if sum(_rank(c) for c in combo) == rank]


def plain_points(piles: list[list[str]], scope: list[int]) -> list[int]:
    """Each side's points for the hand: scope, cards, coins, settebello, primiera."""
    points = scope[:]

    def award(values):
        if values.count(max(values)) == 1 and max(values) >= 0:
            points[values.index(max(values))] += 1

    award([len(p) for p in piles])
    award([sum(1 for c in p if c[-1] == "d") for p in piles])
    award([1 if "7d" in p else 0 for p in piles])
    primiera = []
    for pile in piles:
        best = {}
        for c in pile:
            best[c[-1]] = max(best.get(c[-1], 0), NAIVE_PRIMIERA[_rank(c)])
        primiera.append(sum(best.values()) if len(best) == 4 else -1)
    award(primiera)
    return points


def plain_game(rng: random.Random, seed: int) -> list[dict]:
    """One 2-player game to 11 between random players: its record lines."""
    lines = [{"event": "game_start", "players": 2, "target": 11, "seed": seed}]
    totals = [0, 0]
    dealer = rng.randrange(2)
    hand_no = 0
    while max(totals) < 11 or totals[0] == totals[1]:
        hand_no += 1
        stock = PLAIN_DECK[:]
        rng.shuffle(stock)
        table = [stock.pop() for _ in range(4)]
        if sum(1 for c in table if c.startswith("10")) >= 3:
            lines.append({"event": "redeal", "hand": hand_no, "table": table})
            continue
        hands: list[list[str]] = [[], []]
        piles: list[list[str]] = [[], []]
        scope = [0, 0]
        last = -1
        turn = 1 - dealer
        for _ in range(6):
            if not hands[turn]:
                for _ in range(3):
                    for k in (1, 2):
                        hands[(dealer + k) % 2].append(stock.pop())
                lines.append({"event": "deal", "hand": hand_no, "dealer": dealer, "table": table[:],
                              "hands": [h[:] for h in hands]})
            while hands[turn]:
                card = rng.choice(hands[turn])
                hands[turn].remove(card)
                options = plain_captures(card, table)
                capture = rng.choice(options) if options else []
                scopa = False
                if capture:
                    for c in capture:
                        table.remove(c)
                    piles[turn] += capture + [card]
                    last = turn
                    scopa = not table and bool(stock or hands[0] or hands[1])
                    scope[turn] += scopa
                else:
                    table.append(card)
                lines.append({"event": "play", "hand": hand_no, "seat": turn, "card": card,
                              "capture": capture, "scopa": scopa})
                turn = 1 - turn
            if not stock:
                break
        if last >= 0:
            piles[last] += table
        points = plain_points(piles, scope)
        totals = [t + p for t, p in zip(totals, points)]
        lines.append({"event": "hand_end", "hand": hand_no, "leftover": table, "points": points,
                      "totals": totals})
        dealer = 1 - dealer
    lines.append({"event": "game_end", "totals": totals, "winner": totals.index(max(totals))})
    return lines


def plain_simulate(games: int, seed: int, out) -> None:
    """``games`` plain games, each written to ``out`` as JSON Lines."""
    master = random.Random(seed)
    for _ in range(games):
        game_seed = master.getrandbits(31)
        lines = plain_game(random.Random(game_seed), game_seed)
        out.write("".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines))


# The processes run as from an installed package: pip compiles a package's modules when it
# installs it, as Textual's are in site-packages.  Run from a source tree with
# PYTHONDONTWRITEBYTECODE set (as on the machine of the README's figures), every start would compile
# its ~50 modules again and the yardsticks none: so they are compiled once, into a cache
# directory of the run (:func:`installed_bytecode`), and every process measured uses it.
_BYTECODE_ENV: dict[str, str] = {}


@contextlib.contextmanager
def installed_bytecode():
    """Within the block, measured processes read scopa_tui compiled once into a cache directory."""
    with tempfile.TemporaryDirectory(prefix="scopa-bench-pyc-") as cache_dir:
        env = dict(os.environ, PYTHONPYCACHEPREFIX=cache_dir)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        package = os.path.dirname(os.path.abspath(__file__))
        subprocess.run([sys.executable, "-m", "compileall", "-q", package], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        _BYTECODE_ENV.update(PYTHONPYCACHEPREFIX=cache_dir, PYTHONDONTWRITEBYTECODE="")
        try:
            yield
        finally:
            _BYTECODE_ENV.clear()


def _child_run(cmd: list[str]) -> tuple[float, float]:
    """Run ``cmd`` to the end: (wall seconds, CPU seconds of the child, user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=dict(os.environ, **_BYTECODE_ENV))
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def simulate_vs_plain(games: int, repeat: int) -> dict[str, tuple[float, float]]:
    """Best (wall, CPU) seconds of each whole process over ``repeat`` interleaved runs."""
    with tempfile.TemporaryDirectory(prefix="scopa-bench-") as tmp, installed_bytecode():
        record = os.path.join(tmp, "sim.jsonl")
        cmds = {
            "scopa-tui simulate": [sys.executable, "-m", "scopa_tui", "--data-dir", tmp, "simulate",
                                   "--games", str(games), "--ai", "random,random", "--record", record],
            "plain list-of-strings": [sys.executable, "-m", "scopa_tui.bench", "--plain-simulate", str(games),
                                      "--record", os.path.join(tmp, "plain.jsonl")],
        }
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in cmds}
        for _ in range(repeat):
            for name, cmd in cmds.items():
                runs[name].append(_child_run(cmd))
    return {name: (min(w for w, _ in r), min(c for _, c in r)) for name, r in runs.items()}


def _best(measures: dict, repeat: int, seconds: float) -> dict[str, float]:
    """Run each measurement ``repeat`` times, interleaved, and keep the best rate of each.

    On a busy machine the best of several short runs is the figure least disturbed by
    other processes; interleaving exposes every measurement to the same conditions.
    """
    best: dict[str, float] = {}
    for _ in range(repeat):
        for name, measure in measures.items():
            rate = measure(seconds / repeat)
            best[name] = max(best.get(name, 0.0), rate)
    return best


# --- the app in a pseudo-terminal: time to the first frame, key to updated screen --------
#
# Each app runs in a pseudo-terminal of UI_SIZE (standard library ``pty``) with an empty
# data directory.  A frame "is there" when the output read since the start (or since the
# key) contains a known text once the escape sequences are taken out.

UI_SIZE = (100, 30)  # columns, rows
# The yardstick: a minimal Textual app (Header, one Static, Footer) whose Static changes
# one line on the same keys as the game.  Run as ``python -c`` so it imports only Textual.
MINIMAL_APP = """
from textual.app import App
from textual.widgets import Footer, Header, Static


class Minimal(App):
    BINDINGS = [("1", "pick", "pick"), ("escape", "clear", "clear")]

    def compose(self):
        yield Header()
        yield Static("Your turn: pick a card", id="line")
        yield Footer()

    def action_pick(self):
        self.query_one("#line", Static).update("Enter plays")

    def action_clear(self):
        self.query_one("#line", Static).update("Selection cleared: pick a card.")


Minimal().run()
"""
# What each screen shows: the new-game screen, the game screen's header (its first frame,
# whoever plays first), a game waiting for the player's card, the line after ``1`` (a card
# chosen) and after ``Esc`` (cleared).
NEW_GAME_TEXT = "new game"
GAME_TEXT = "Hand 1"
TURN_TEXT = "Your turn: pick a card"
CHOSEN_TEXT = "Enter plays"
CLEARED_TEXT = "Selection cleared: pick a card"
_ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[PX^_][^\x1b]*\x1b\\|[()][0-9A-Za-z]|[=>78DEHMNOcZ])")


def screen_text(output: bytes) -> str:
    """Terminal output without its escape sequences (colours, cursor moves, queries)."""
    return _ESCAPES.sub(b"", output).decode("utf-8", "replace")


def frame_contains(output: bytes, text: str) -> bool:
    """Whether ``output`` has drawn ``text`` (it may be split by colour changes)."""
    return text in screen_text(output)


class PtyApp:
    """A program running in a pseudo-terminal of ``UI_SIZE``, read as it draws."""

    def __init__(self, cmd: list[str], env: dict[str, str]):
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", UI_SIZE[1], UI_SIZE[0], 0, 0))
        self.start = time.perf_counter()
        self.proc = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave, env=env,
                                     start_new_session=True)
        os.close(slave)
        self.fd = master
        self.output = b""

    def wait_for(self, text: str, since: int = 0, timeout: float = 30.0) -> float:
        """Read until the output after offset ``since`` shows ``text``: the time it arrived."""
        deadline = time.perf_counter() + timeout
        while not frame_contains(self.output[since:], text):
            left = deadline - time.perf_counter()
            if left <= 0 or self.proc.poll() is not None:
                raise RuntimeError(f"{text!r} did not appear on the screen; it shows: "
                                   f"{screen_text(self.output[-400:])!r}")
            if select.select([self.fd], [], [], left)[0]:
                try:
                    self.output += os.read(self.fd, 65536)
                except OSError:  # the program closed the terminal
                    pass
        return time.perf_counter()

    def key(self, data: bytes, text: str) -> float:
        """Seconds from sending ``data`` to the screen showing ``text``."""
        time.sleep(0.15)  # let the previous frame finish (and a lone Esc stand alone)
        self.drain()
        since = len(self.output)
        sent = time.perf_counter()
        os.write(self.fd, data)
        return self.wait_for(text, since) - sent

    def cpu_seconds(self) -> float:
        """CPU time the program has used so far (user + system), from /proc (Linux); the
        figure a loaded machine disturbs least.  NaN where there is no /proc."""
        try:
            with open(f"/proc/{self.proc.pid}/stat", encoding="ascii") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            return math.nan
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime

    def drain(self) -> None:
        while select.select([self.fd], [], [], 0)[0]:
            try:
                self.output += os.read(self.fd, 65536)
            except OSError:
                return

    def close(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(3)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        os.close(self.fd)


def _ui_env(data_dir: str) -> dict[str, str]:
    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(UI_SIZE[0]), LINES=str(UI_SIZE[1]),
               SCOPA_TUI_DATA_DIR=data_dir)
    env.update(_BYTECODE_ENV)
    for name in ("TEXTUAL", "NO_COLOR", "TMUX"):
        env.pop(name, None)
    return env


def first_frame(cmd: list[str], text: str) -> tuple[float, float]:
    """Seconds from starting ``cmd`` (empty data directory) to ``text`` on its screen, and
    the CPU seconds the program used until then."""
    with tempfile.TemporaryDirectory(prefix="scopa-bench-") as data:
        app = PtyApp(cmd, _ui_env(data))
        try:
            wall = app.wait_for(text) - app.start
            return wall, app.cpu_seconds()
        finally:
            app.close()


def key_latencies(cmd: list[str], presses: int) -> tuple[list[float], float]:
    """Seconds from each key (``1`` then ``Esc``, ``presses`` times) to the updated screen,
    and the program's CPU seconds per key over them all."""
    with tempfile.TemporaryDirectory(prefix="scopa-bench-") as data:
        app = PtyApp(cmd, _ui_env(data))
        try:
            app.wait_for(TURN_TEXT)
            time.sleep(0.5)  # what follows the first frame (e.g. the fields of hidden rows)
            cpu = app.cpu_seconds()
            times = []
            for _ in range(presses):
                times.append(app.key(b"1", CHOSEN_TEXT))
                times.append(app.key(b"\x1b", CLEARED_TEXT))
            return times, (app.cpu_seconds() - cpu) / len(times)
        finally:
            app.close()


def ui_commands() -> dict[str, list[str]]:
    scopa = [sys.executable, "-m", "scopa_tui"]
    return {
        "new-game screen": scopa,
        # seed 1: the opponent leads at once (--ai-delay 0), then it is the player's turn
        "game": scopa + ["--players", "2", "--ai", "medium", "--seed", "1", "--ai-delay", "0"],
        "minimal app": [sys.executable, "-c", MINIMAL_APP],
    }


def ui_measure(starts: int, presses: int) -> dict[str, dict[str, float]]:
    """Median first frame of each (``starts`` interleaved runs) and key latencies of the
    game and the minimal app (median and p95 over ``presses`` of each key)."""
    cmds = ui_commands()
    texts = {"new-game screen": NEW_GAME_TEXT, "game": GAME_TEXT, "minimal app": TURN_TEXT}
    frames: dict[str, list[tuple[float, float]]] = {name: [] for name in cmds}
    with installed_bytecode():
        for _ in range(starts):
            for name, cmd in cmds.items():
                frames[name].append(first_frame(cmd, texts[name]))
        out = {name: {"first_frame": statistics.median(w for w, _ in f),
                      "first_frame_cpu": statistics.median(c for _, c in f)} for name, f in frames.items()}
        for name in ("game", "minimal app"):
            lat, cpu = key_latencies(cmds[name], presses)
            lat.sort()
            out[name].update(key_median=statistics.median(lat), key_p95=lat[math.ceil(0.95 * len(lat)) - 1],
                             key_cpu=cpu)
    return out


def _print_ui(starts: int, presses: int) -> int:
    m = ui_measure(starts, presses)
    base = m["minimal app"]
    print(f"python {platform.python_version()}, {UI_SIZE[0]}x{UI_SIZE[1]} pseudo-terminal, empty data directory, "
          f"median of {starts} starts, keys 1 and Esc {presses} times each; load {os.getloadavg()[0]:.1f}")
    for name, r in m.items():
        line = (f"{name:<16} first frame {1000 * r['first_frame']:6.0f} ms ({r['first_frame'] / base['first_frame']:.2f}x),"
                f" CPU {1000 * r['first_frame_cpu']:4.0f} ms ({r['first_frame_cpu'] / base['first_frame_cpu']:.2f}x)")
        if "key_median" in r:
            line += (f"\n{'':<16} key to screen median {1000 * r['key_median']:5.1f} ms, p95 {1000 * r['key_p95']:5.1f} ms"
                     f" ({1000 * (r['key_median'] - base['key_median']):+.1f} ms, p95 "
                     f"{1000 * (r['key_p95'] - base['key_p95']):+.1f} ms), CPU {1000 * r['key_cpu']:4.1f} ms a key")
        print(line)
    print(f"load {os.getloadavg()[0]:.1f} at the end")
    return 0


def _print_simulate(games: int, repeat: int) -> int:
    best = simulate_vs_plain(games, repeat)
    print(f"python {platform.python_version()}, {games} games, random vs random, records written, "
          f"best of {repeat} interleaved runs, whole processes; load {os.getloadavg()[0]:.1f}")
    for name, (wall, cpu) in best.items():
        print(f"{name:<22} {wall:6.2f} s wall  {cpu:6.2f} s CPU")
    (sim_wall, sim_cpu), (plain_wall, plain_cpu) = best.values()
    print(f"scopa-tui / plain: {sim_wall / plain_wall:.2f}x wall, {sim_cpu / plain_cpu:.2f}x CPU")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scopa_tui.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="time per measurement (default 6)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="split each measurement into this many interleaved runs and report the best")
    parser.add_argument("--naive", action="store_true",
                        help="also measure a straightforward list-of-cards implementation, for comparison")
    parser.add_argument("--simulate", type=int, nargs="?", const=1000, default=None, metavar="GAMES",
                        help="time whole processes: scopa-tui simulate --ai random,random --record FILE "
                             "against a plain list-of-strings implementation (default 1000 games)")
    parser.add_argument("--ui", action="store_true",
                        help="time the app's first frame and key-to-screen latency in a pseudo-terminal "
                             "beside a minimal Textual app")
    parser.add_argument("--starts", type=int, default=7, help="starts of each app for --ui (default 7)")
    parser.add_argument("--presses", type=int, default=30, help="presses of each key for --ui (default 30)")
    parser.add_argument("--memory", type=int, nargs="?", const=100, default=None, metavar="GAMES",
                        help="resident memory of the headless app: a 6-player game to 21 against hard AIs, "
                             "then GAMES games in a row (default 100; bench_memory.py)")
    parser.add_argument("--memory-target", type=int, default=11, help="target of the --memory games (default 11)")
    parser.add_argument("--budget", type=int, nargs="?", const=50, default=None, metavar="DECISIONS",
                        help="wall time of hard:time=0.5 decisions in 2-, 4-, 6-player and Escoba positions "
                             "(default 50 each; bench_budget.py)")
    parser.add_argument("--budget-spec", default="hard:time=0.5", help="the AI of --budget (default hard:time=0.5)")
    parser.add_argument("--think-keys", action="store_true",
                        help="key-to-screen latency while a hard AI searches, in a pseudo-terminal (bench_keys.py)")
    parser.add_argument("--plain-simulate", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--record", default=os.devnull, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.plain_simulate is not None:  # the yardstick process that --simulate starts
        with open(args.record, "w", encoding="utf-8") as out:
            plain_simulate(args.plain_simulate, 1, out)
        return 0
    if args.memory is not None:
        from . import bench_memory

        if args.memory < 1 or args.memory_target < 1:
            parser.error("--memory and --memory-target must be at least 1")
        return bench_memory.run(args.memory, args.memory_target)
    if args.budget is not None:
        from . import bench_budget

        if args.budget < 1:
            parser.error(f"--budget needs at least 1 decision, not {args.budget}")
        return bench_budget.run(args.budget, args.budget_spec)
    if args.think_keys:
        from . import bench_keys

        return bench_keys.run(args.presses)
    if args.ui or args.simulate is not None:
        # --ui --simulate: the four ratios (two first frames, keys, simulate) in one run
        if args.ui and (args.starts < 1 or args.presses < 1):
            parser.error("--starts and --presses must be at least 1")
        if args.simulate is not None and args.simulate < 1:
            parser.error(f"--simulate needs at least 1 game, not {args.simulate}")
        if args.simulate is not None and args.repeat < 1:
            parser.error(f"--repeat must be at least 1, not {args.repeat}")
        failed = _print_ui(args.starts, args.presses) if args.ui else 0
        if args.simulate is not None:
            failed = _print_simulate(args.simulate, args.repeat) or failed
        return failed
    if not args.seconds > 0:
        parser.error(f"--seconds must be positive, not {args.seconds}")
    if args.repeat < 1:
        parser.error(f"--repeat must be at least 1, not {args.repeat}")

    def rate_plays(fn):
        def measure(seconds):
            hands, plays, elapsed = fn(seconds)
            return plays / elapsed
        return measure

    def rate_games(fn):
        def measure(seconds):
            n, elapsed = fn(seconds)
            return n / elapsed
        return measure

    measures = {"plays": rate_plays(playouts), "games": rate_games(games)}
    if args.naive:
        measures.update({"naive plays": rate_plays(naive_playouts), "naive games": rate_games(naive_games)})
    best = _best(measures, args.repeat, args.seconds)
    print(f"python {platform.python_version()} on {platform.machine()} ({platform.processor() or 'cpu'}), "
          f"best of {args.repeat} runs, one process")
    print(f"engine (lean path):  {best['plays']:>10,.0f} random plays/s  {best['games']:>7,.0f} 2-player games to 11/s")
    if args.naive:
        print(f"naive list-of-cards: {best['naive plays']:>10,.0f} random plays/s  "
              f"{best['naive games']:>7,.0f} 2-player games to 11/s")
        print(f"engine / naive: {best['plays'] / best['naive plays']:.1f}x plays/s, "
              f"{best['games'] / best['naive games']:.1f}x games/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
