"""Instructions each program runs until its first frame: the figures of the README's
Benchmark section (first frames), which the machine's load does not move.

    python tools/first_frame_instructions.py [new-game] [game] [game-ai-leads] [minimal]

Each program runs under ``valgrind --tool=cachegrind --cache-sim=no`` in a 100x30
pseudo-terminal with an empty data directory, ``PYTHONHASHSEED=0`` and its modules compiled
beforehand, and stops right after the first ``App._display`` outside a batch whose output
(with all written before it) shows the text ``python -m scopa_tui.bench --ui`` waits for.
The game is ``--players 2 --ai medium --seed 5``: the player leads, so no AI thinks before
the frame; ``game-ai-leads`` is the game as ``bench --ui`` starts it (``--seed 1 --ai-delay 0``:
the opponent leads at once).  The minimal app is the bench's yardstick, run without importing scopa_tui.  The counting
process imports Textual to hook it before the program starts: for scopa-tui it first holds off
the garbage collector, as the command's first line does (``scopa_tui/collector.py``).
Developer tool: needs valgrind; a run takes a minute or two.
"""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from scopa_tui.bench import GAME_TEXT, NEW_GAME_TEXT, TURN_TEXT, UI_SIZE, PtyApp  # noqa: E402

PROGRAMS = {
    "new-game": (NEW_GAME_TEXT, ["scopa"]),
    "game": (GAME_TEXT, ["scopa", "--players", "2", "--ai", "medium", "--seed", "5"]),
    # as ``bench --ui`` starts the game (ui_commands): the opponent leads, at once
    "game-ai-leads": (GAME_TEXT, ["scopa", "--players", "2", "--ai", "medium", "--seed", "1", "--ai-delay", "0"]),
    "minimal": (TURN_TEXT, ["minimal"]),
}

# Run in the measured process: stop at the first frame that shows the text.  It reads the
# bench's constants from its source, so that the minimal app imports nothing of scopa_tui.
RUNNER = r'''
import ast, os, re, runpy, sys
if sys.argv[3] != "minimal":  # what scopa_tui/__main__.py does first, before Textual is imported
    from scopa_tui import collector
    collector.hold()
from textual.app import App
from textual.drivers.linux_driver import LinuxDriver

source = open(os.path.join(sys.argv[1], "scopa_tui", "bench.py"), encoding="utf-8").read()
consts = {n.targets[0].id: n.value for n in ast.parse(source).body
          if isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Name)}
escapes = re.compile(ast.literal_eval(consts["_ESCAPES"].args[0]))
text, program = sys.argv[2], sys.argv[3]
written = []
write, display = LinuxDriver.write, App._display

def record(self, data):
    written.append(data)
    write(self, data)

def stop_at_frame(self, screen, renderable):
    display(self, screen, renderable)
    if renderable is not None and not self._batch_count:
        if text in escapes.sub(b"", "".join(written).encode()).decode("utf-8", "replace"):
            os._exit(0)

LinuxDriver.write, App._display = record, stop_at_frame
sys.argv = sys.argv[3:]
if program == "minimal":
    exec(compile(ast.literal_eval(consts["MINIMAL_APP"]), "<minimal>", "exec"), {"__name__": "__main__"})
else:
    runpy.run_module("scopa_tui", run_name="__main__")
'''


def count(name: str, cache_dir: str, measure: bool = True) -> int:
    """Instructions of ``name`` (a key of PROGRAMS) to its first frame (``measure`` False:
    run it once without valgrind, to fill the cache of compiled modules; 0)."""
    text, args = PROGRAMS[name]
    with tempfile.TemporaryDirectory(prefix="scopa-frame-") as tmp:
        out = os.path.join(tmp, "cachegrind.out")
        data = os.path.join(tmp, "data")
        os.mkdir(data)
        if args[0] == "scopa":
            args = args + ["--data-dir", data]
        env = measured_env(cache_dir, data)
        app = PtyApp([*(cachegrind(out) if measure else []), sys.executable, "-c", RUNNER, ROOT, text, *args], env)
        try:
            while app.proc.poll() is None:
                if select.select([app.fd], [], [], 0.5)[0]:
                    app.drain()
        finally:
            app.close()
            end_group(app)
        return read_count(out, name, app) if measure else 0


def end_group(app: PtyApp) -> None:
    """End what the program left running in its process group: a program stopped with
    ``os._exit`` leaves the app's search process (ai/searchproc.py) behind."""
    try:
        os.killpg(app.proc.pid, signal.SIGTERM)
    except (ProcessLookupError, PermissionError):
        pass


def measured_env(cache_dir: str, data: str) -> dict[str, str]:
    """The measured program's environment: this worktree's scopa_tui compiled in
    ``cache_dir``, an empty data directory, the bench's terminal, fixed hashes."""
    env = dict(os.environ, PYTHONPATH=ROOT, PYTHONHASHSEED="0", PYTHONPYCACHEPREFIX=cache_dir,
               TERM="xterm-256color", COLUMNS=str(UI_SIZE[0]), LINES=str(UI_SIZE[1]), SCOPA_TUI_DATA_DIR=data)
    for var in ("PYTHONDONTWRITEBYTECODE", "TEXTUAL", "NO_COLOR", "TMUX"):
        env.pop(var, None)
    return env


def cachegrind(out: str) -> list[str]:
    """The command before the program's: count its instructions into ``out``."""
    return ["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}"]


def read_count(out: str, name: str, app: PtyApp) -> int:
    """The instructions cachegrind counted into ``out`` for the program ``name``."""
    with open(out, encoding="utf-8") as f:
        found = re.search(r"^summary:\s*(\d+)", f.read(), re.M)
    if found is None:
        raise SystemExit(f"{name}: no count (exit {app.proc.returncode})")
    return int(found.group(1))


def main(argv: list[str]) -> int:
    names = argv or list(PROGRAMS)
    unknown = [n for n in names if n not in PROGRAMS]
    if unknown:
        raise SystemExit(f"unknown program {unknown[0]!r}: choose from {', '.join(PROGRAMS)}")
    with tempfile.TemporaryDirectory(prefix="scopa-frame-pyc-") as cache_dir:
        env = dict(os.environ, PYTHONPYCACHEPREFIX=cache_dir)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run([sys.executable, "-m", "compileall", "-q", os.path.join(ROOT, "scopa_tui")], env=env,
                       check=True, stdout=subprocess.DEVNULL)
        for name in names:  # a first start fills the cache (Textual, the standard library)
            count(name, cache_dir, measure=False)
            print(f"{name:<9} {count(name, cache_dir) / 1e9:.3f} G instructions to the first frame", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
