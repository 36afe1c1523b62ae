"""The table's AIs think off the event loop: ``hard`` in worker processes, the rest in threads."""

from __future__ import annotations

import asyncio
import os

from scopa_tui.ai.registry import make_player
from scopa_tui.engine import Game, make_rules
from scopa_tui.net import thinking
from scopa_tui.net.thinking import Thinking


def _view():
    game = Game(make_rules("standard", players=2), seed=5)
    game.start()
    return game.view(game.turn)


async def test_hard_thinks_in_a_worker_process_and_plays_as_it_would_here():
    brain = Thinking(None, processes=1)
    view = _view()
    made = []
    try:
        move = await asyncio.wait_for(brain.choose("hard:iters=60", 11, lambda: made.append(1), view), 60)
        pids = {p.pid for p in brain._pool._processes.values()}
    finally:
        brain.close()
    assert move in view.legal and not made  # no player was made in the server's process
    assert pids and os.getpid() not in pids
    # The same AI with the same seed chooses the same move in this process.
    assert move == make_player("hard:iters=60", seed=11).choose(view)


async def test_a_ctrl_c_in_the_servers_terminal_is_left_to_the_server_by_its_workers():
    # Ctrl+C is a SIGINT to the server's whole process group: each worker raised
    # KeyboardInterrupt and printed a traceback (one thinking a move sent it back to the
    # server, which stopped with more), the pool broken. The server stops on SIGINT itself.
    import signal

    brain = Thinking(None, processes=1)
    view = _view()
    # as in a terminal: SIGINT not ignored (a job in the background of a shell ignores it,
    # and its workers with it)
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        await asyncio.wait_for(brain.choose("hard:iters=20", 11, lambda: None, view), 60)
        loop = asyncio.get_running_loop()
        assert await loop.run_in_executor(brain._pool, signal.getsignal, signal.SIGINT) == signal.SIG_IGN
        (pid,) = {p.pid for p in brain._pool._processes.values()}
        os.kill(pid, signal.SIGINT)
        move = await asyncio.wait_for(brain.choose("hard:iters=20", 11, lambda: make_player("hard:iters=20"),
                                                   view), 60)
        assert {p.pid for p in brain._pool._processes.values()} == {pid}  # the same worker thought it
    finally:
        brain.close()
        signal.signal(signal.SIGINT, before)
    assert move in view.legal and not brain.broken


async def test_quick_levels_think_in_threads():
    brain = Thinking(None)
    view = _view()
    move = await brain.choose("easy", 1, lambda: make_player("easy", seed=1), view)
    assert move in view.legal and brain._pool is None


async def test_when_processes_fail_hard_thinks_in_a_thread_and_the_log_says_so_once(monkeypatch):
    said = []
    brain = Thinking(None, log=said.append)

    def broken():
        raise RuntimeError("no processes here")
    monkeypatch.setattr(brain, "_process_pool", broken)
    view = _view()
    for _ in range(3):
        move = await brain.choose("hard:iters=20", 1, lambda: make_player("hard:iters=20", seed=1), view)
        assert move in view.legal
    assert brain.broken and len(said) == 1 and "no processes here" in said[0]
    assert thinking.PROCESS_LEVELS == ("hard",)


SCRIPT = """
import asyncio, os, signal
from scopa_tui.engine import Game, make_rules
from scopa_tui.net.thinking import Thinking

async def main():
    game = Game(make_rules("standard", players=2), seed=5)
    game.start()
    brain = Thinking(None, processes=1)
    await brain.choose("hard:iters=20", 1, None, game.view(game.turn))
    print(" ".join(str(p.pid) for p in brain._pool._processes.values()), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)

if __name__ == "__main__":
    asyncio.run(main())
"""


def test_worker_processes_end_when_the_server_is_killed(tmp_path):
    import subprocess
    import sys
    import time
    from pathlib import Path

    script = tmp_path / "killed_server.py"
    script.write_text(SCRIPT)
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.run([sys.executable, str(script)], cwd=root, capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(root)})
    assert proc.returncode == -9, proc.stderr
    pids = [int(p) for p in proc.stdout.split()]
    assert pids

    def alive(pid: int) -> bool:
        try:
            return "zombie" not in Path(f"/proc/{pid}/status").read_text().lower()
        except OSError:
            return False
    end = time.monotonic() + 10
    while any(map(alive, pids)) and time.monotonic() < end:
        time.sleep(0.1)
    survivors = [p for p in pids if alive(p)]
    for p in survivors:  # never leave one behind, even when the test fails
        os.kill(p, 9)
    assert not survivors
