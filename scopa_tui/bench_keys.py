"""Keys while an AI thinks: ``python -m scopa_tui.bench --think-keys``.

The app runs in a pseudo-terminal (the ``--ui`` harness of :mod:`.bench`) against a ``hard``
AI given a far larger budget than usual (``hard:mcts=20000,time=60``: 20,000 iterations of
its information-set MCTS, about ten seconds of search; 2,000 worlds of its alpha-beta ended
before the keys on an idle machine), which leads at once (seed 1).  While it searches, the keys ``1`` (a card chosen
for the player's turn) and ``Esc`` (cleared) are pressed in turn and the time from each key
to the screen showing its line is measured; then the same keys on the player's own turn
with nothing being computed (a ``medium`` AI), as the yardstick.  The search runs in the
app's search process (:mod:`.ai.searchproc`), as hints do, or its worker thread without one.

Then, in this process, what a key costs the app's thread at the interpreter lock: the
thread sleeps 2 ms (as the event loop waits for a key) while a ``hard`` search runs in
another thread, and the time it takes beyond the 2 ms to run again is measured, with the
default switch interval and with the app's during a search (``ui/responsive.py``), and
with no search as the yardstick.  The app's thread pays this at each wake-up of a key's
handling (the input thread, the event loop, the writer of the frame).
"""

from __future__ import annotations

import math
import os
import platform
import statistics
import sys
import tempfile
import threading
import time

from .bench import PtyApp, _ui_env, frame_contains, installed_bytecode, key_latencies

THINK_SPEC = "hard:mcts=20000,time=60"
EARLY_TEXT = "stays chosen for your turn"
CLEARED_TEXT = "Selection cleared: pick a card"
THINKING_TEXT = "is playing"
OVER_TEXT = "Your turn"  # the top bar once the AI has played (whatever the key left chosen)


def _game(ai: str) -> list[str]:
    return [sys.executable, "-m", "scopa_tui", "--players", "2", "--ai", ai, "--seed", "1", "--ai-delay", "0"]


def keys_while_thinking(presses: int) -> tuple[list[float], float]:
    """Seconds from each key to its line while the hard AI searches, and the seconds the
    search still had to go after the last key (it must outlast the keys)."""
    with tempfile.TemporaryDirectory(prefix="scopa-bench-") as data:
        app = PtyApp(_game(THINK_SPEC), _ui_env(data))
        try:
            app.wait_for("Hand 1")
            app.key(b"\x1b", CLEARED_TEXT)  # the AI is thinking: Esc is answered off turn
            start = len(app.output)

            def over() -> bool:  # the AI has played: the top bar says it is the player's turn
                return frame_contains(app.output[start:], OVER_TEXT)

            times = []
            try:
                for _ in range(presses):
                    times.append(app.key(b"1", EARLY_TEXT))
                    times.append(app.key(b"\x1b", CLEARED_TEXT))
                    if over():
                        break  # the keys after the search would not count
            except RuntimeError:
                if not over():
                    raise
                # the search ended between a key and its line: that key is not counted
            if over():
                return times, 0.0
            last = time.perf_counter()
            app.wait_for(OVER_TEXT, start, timeout=300)
            return times, time.perf_counter() - last
        finally:
            app.close()


def lock_handoff(interval: float | None, wakes: int = 200) -> list[float]:
    """Seconds beyond a 2 ms sleep that this thread takes to run again, ``wakes`` times,
    while a hard search runs in another thread with switch ``interval`` (None: no search)."""
    from .ai.hard import HardPlayer
    from .engine import Game, make_rules

    game = Game(make_rules(players=2), seed=3)
    game.start()
    view = game.view(game.turn)
    stop = threading.Event()

    def search() -> None:
        while not stop.is_set():
            HardPlayer(1, worlds=20).choose(view)

    saved = sys.getswitchinterval()
    thread = threading.Thread(target=search) if interval is not None else None
    if thread is not None:
        sys.setswitchinterval(interval)
        thread.start()
        time.sleep(0.2)
    late = []
    try:
        for _ in range(wakes):
            start = time.perf_counter()
            time.sleep(0.002)
            late.append(time.perf_counter() - start - 0.002)
    finally:
        stop.set()
        if thread is not None:
            thread.join()
        sys.setswitchinterval(saved)
    return late


def _stats(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[math.ceil(0.95 * len(times)) - 1]
    return f"median {1000 * statistics.median(times):6.1f} ms, p95 {1000 * p95:6.1f} ms, max {1000 * times[-1]:6.1f} ms"


def run(presses: int) -> int:
    print(f"python {platform.python_version()}, switch interval {sys.getswitchinterval() * 1000:g} ms by default, "
          f"keys 1 and Esc {presses} times each; load {os.getloadavg()[0]:.1f}", flush=True)
    with installed_bytecode():
        thinking, left = keys_while_thinking(presses)
        idle, _cpu = key_latencies(_game("medium"), presses)
    if not thinking:
        print("the search ended before the first key: nothing measured while it ran", file=sys.stderr)
        return 1
    after = (f"the search went on {left:.1f} s after the last key" if left
             else "the search ended during the keys; those after it are not counted")
    print(f"while {THINK_SPEC} searches ({len(thinking)} keys): {_stats(thinking)} ({after})")
    print(f"on the player's turn, idle:   {_stats(idle)}")
    from .ui.responsive import SEARCH_SWITCH_INTERVAL

    for name, interval in (("no search", None), (f"search, switch interval {sys.getswitchinterval() * 1000:g} ms",
                                                  sys.getswitchinterval()),
                           (f"search, switch interval {SEARCH_SWITCH_INTERVAL * 1000:g} ms", SEARCH_SWITCH_INTERVAL)):
        print(f"a thread waking while {name}: late by {_stats(lock_handoff(interval))}", flush=True)
    print(f"load {os.getloadavg()[0]:.1f} at the end")
    return 0
