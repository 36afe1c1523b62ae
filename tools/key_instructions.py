"""Instructions a key costs on the game screen: the figures of the README's Benchmark
section (key to screen), which the machine's load does not move.

    python tools/key_instructions.py [game] [minimal] [--keys N]

Each program runs under ``valgrind --tool=cachegrind --cache-sim=no`` in a 100x30
pseudo-terminal (empty data directory, ``PYTHONHASHSEED=0``, modules compiled
beforehand), as ``python -m scopa_tui.bench --ui`` runs it: the game is ``--players 2 --ai
medium --seed 1 --ai-delay 0`` and the yardstick the bench's minimal app.  Once its screen
waits for the player's card, ``1`` and ``Esc`` are pressed in turn, each when the screen
shows the last one's result, and the process is stopped.  It is run twice, with 4 and with
``4 + N`` keys of each (default N 20); the difference of the two counts divided by the
``2 N`` keys is what a key costs: reading it, the action, the widgets it changes, the frame
drawn and written, and the idle loop between keys.
Developer tool: needs valgrind; a run takes a few minutes.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from first_frame_instructions import cachegrind, end_group, measured_env, read_count  # noqa: E402  (tools/)
from scopa_tui.bench import CHOSEN_TEXT, CLEARED_TEXT, MINIMAL_APP, TURN_TEXT, PtyApp, ui_commands  # noqa: E402

FIRST = 4  # keys of each pressed in both runs: the first presses fill Textual's caches
PROGRAMS = {
    "game": ["-m", "scopa_tui", *ui_commands()["game"][3:]],
    "minimal": ["-c", MINIMAL_APP],
}
# Run in the measured process: SIGUSR1 ends it at once (valgrind writes its count).
STOPPER = "import os, signal; signal.signal(signal.SIGUSR1, lambda *a: os._exit(0))\n"


def count(name: str, cache_dir: str, pairs: int, measure: bool = True) -> int:
    """Instructions of ``name`` (a key of PROGRAMS) from its start to the end of ``pairs``
    presses of ``1`` and ``Esc`` (``measure`` False: no valgrind, to fill the caches; 0)."""
    args = PROGRAMS[name]
    with tempfile.TemporaryDirectory(prefix="scopa-keys-") as tmp:
        out = os.path.join(tmp, "cachegrind.out")
        data = os.path.join(tmp, "data")
        os.mkdir(data)
        if args[0] == "-m":  # the game: runpy after the stopper, the way -m runs it
            args = ["-c", STOPPER + "import runpy, sys; sys.argv[0] = 'scopa_tui'; "
                                    "runpy.run_module('scopa_tui', run_name='__main__')",
                    "--data-dir", data, *args[2:]]
        else:
            args = ["-c", STOPPER + args[1]]
        app = PtyApp([*(cachegrind(out) if measure else []), sys.executable, *args], measured_env(cache_dir, data))
        try:
            app.wait_for(TURN_TEXT, timeout=600)
            time.sleep(2.0 if measure else 0.5)  # what follows the first frame
            for _ in range(pairs):
                _press(app, b"1", CHOSEN_TEXT)
                _press(app, b"\x1b", CLEARED_TEXT)
            os.kill(app.proc.pid, signal.SIGUSR1)
            app.proc.wait(120)
        finally:
            app.close()
            end_group(app)
        return read_count(out, name, app) if measure else 0


def _press(app: PtyApp, data: bytes, text: str) -> None:
    """Send a key once the last frame is out, and read until the screen shows ``text``."""
    time.sleep(0.3)  # under valgrind a frame takes longer; a lone Esc must stand alone
    app.drain()
    since = len(app.output)
    os.write(app.fd, data)
    app.wait_for(text, since, timeout=120)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python tools/key_instructions.py", description=__doc__.splitlines()[0])
    parser.add_argument("programs", nargs="*", metavar="program", help=f"{' or '.join(PROGRAMS)} (default both)")
    parser.add_argument("--keys", type=int, default=20, help="keys of each counted (default 20)")
    args = parser.parse_args(argv)
    unknown = [n for n in args.programs if n not in PROGRAMS]
    if unknown:
        parser.error(f"unknown program {unknown[0]!r}: choose from {', '.join(PROGRAMS)}")
    if args.keys < 1:
        parser.error("--keys must be at least 1")
    with tempfile.TemporaryDirectory(prefix="scopa-keys-pyc-") as cache_dir:
        env = dict(os.environ, PYTHONPYCACHEPREFIX=cache_dir)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run([sys.executable, "-m", "compileall", "-q", os.path.join(ROOT, "scopa_tui")], env=env,
                       check=True, stdout=subprocess.DEVNULL)
        for name in args.programs or list(PROGRAMS):
            count(name, cache_dir, 1, measure=False)  # a first start fills the cache
            short, long = count(name, cache_dir, FIRST), count(name, cache_dir, FIRST + args.keys)
            print(f"{name:<8} {(long - short) / (2 * args.keys) / 1e6:.2f} M instructions a key "
                  f"({short / 1e9:.3f} G with {FIRST} keys of each, {long / 1e9:.3f} G with {FIRST + args.keys})",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
