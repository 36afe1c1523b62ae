"""Searches in a process of their own, so that the app's keys never wait for them.

A search is pure Python: in a thread of the app it holds the interpreter lock half of the
time a key's handling wants it (README.md, Benchmark, *Keys while an AI or a hint
searches*).  :class:`SearchProcess` runs hints and the search levels' decisions (``hard``,
``pimc``) in one worker process instead, started in the background (:meth:`start`), reused
for the session and ended with :meth:`shutdown`.  The caller's thread only waits for the
answer, which is the same as in a thread: what the search needs goes there (the view, and
for an AI the player itself with its random state) and comes back (the move, and the player
as the search left it, whose state is copied into the caller's player), so a seed still
gives the same game.

If the process cannot start, or dies (killed, a broken platform), the work runs in the
caller's thread, as before: nothing is lost and nothing is said.  The process is a plain
``python -m scopa_tui.ai.searchworker`` (:mod:`.searchworker`: requests and answers are
pickles over its standard input and output), not a ``multiprocessing`` pool: at the
interpreter's exit ``multiprocessing`` waits for its workers to be reported ended, and a
``forkserver`` worker's end was sometimes never reported, which held a closing game (and
``scopa-tui web``'s Ctrl+C) for a minute.  Nothing waits for this process at exit: it is
killed by :meth:`SearchProcess.shutdown`, and ends by itself when its input closes.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .searchworker import read_frame, write_frame

# Seconds a search waits for the process still starting (about a third of a second on an
# idle machine) before it runs in its own thread.
START_WAIT = 10.0


def _choose(player, view):
    """In the process: the player's move, and the player as its search left it (its random
    state above all)."""
    return player.choose(view), player


def searches(player) -> bool:
    """Whether ``player`` is a search level worth a process of its own (``hard``, ``pimc``)."""
    from .hard import HardPlayer
    from .pimc import PimcPlayer

    return isinstance(player, (HardPlayer, PimcPlayer))


class SearchProcess:
    """One worker process for searches, started lazily, with the caller's thread as fallback."""

    def __init__(self) -> None:
        self._proc: subprocess.Popen | None = None
        self._started = threading.Event()  # set once :meth:`start` has finished, well or not
        self._begun = False
        self._closed = False
        self._lock = threading.Lock()
        self._busy = threading.Lock()  # held while a search runs in the process
        self.in_process = 0  # searches answered by the process (for tests and benchmarks)

    @property
    def pid(self) -> int | None:
        """The process's id while it serves (for tests), else None."""
        proc = self._proc
        return proc.pid if proc is not None else None

    def start(self) -> None:
        """Start the process in a background thread (the caller goes on at once)."""
        with self._lock:
            if self._begun:
                return
            self._begun = True
        threading.Thread(target=self._start, name="search-process", daemon=True).start()

    def _start(self) -> None:
        proc = None
        try:
            env = dict(os.environ)
            # this package wherever it is (a checkout run with python -m, an install)
            root = str(Path(__file__).resolve().parents[2])
            env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
            proc = subprocess.Popen([sys.executable, "-m", "scopa_tui.ai.searchworker"], env=env,
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL)
            kind, _ = pickle.loads(read_frame(proc.stdout))  # the searches are imported
            if kind != "ready":
                raise EOFError
            with self._lock:
                if not self._closed:
                    self._proc, proc = proc, None
        except Exception:  # no process here (platform, resources): searches stay in threads
            pass
        finally:
            if proc is not None:  # it failed, or the app left while it started
                _end(proc)
            self._started.set()

    def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)``, in the process when it runs, else in this thread.  ``fn`` and its
        arguments must be picklable (else this thread too); ``fn``'s own errors are raised."""
        self.start()  # (an AI leading at once searches before the app's first frame is out)
        self._started.wait(START_WAIT)
        proc = self._proc
        # One search at a time there: while one left behind still runs (a new game began
        # during an AI's long search), the next would wait for it, so it runs here instead.
        if proc is not None and self._busy.acquire(blocking=False):
            try:
                done, result = self._there(proc, fn, args)
            finally:
                self._busy.release()
            if done:
                self.in_process += 1
                return result
            if self._closed:  # the app is leaving: no search all over again in its thread
                raise RuntimeError("the search process was shut down")
        return fn(*args)

    def _there(self, proc: subprocess.Popen, fn: Callable[..., Any], args: tuple) -> tuple[bool, Any]:
        """``(True, fn(*args))`` from the process, or ``(False, None)`` if it could not answer."""
        try:
            payload = pickle.dumps((fn, args))
        except Exception:  # something that cannot travel: this search stays here
            return False, None
        try:
            write_frame(proc.stdin, payload)
            kind, value = pickle.loads(read_frame(proc.stdout))
        except Exception:  # it died, or was shut down: the searches stay here from now on
            with self._lock:
                if self._proc is proc:
                    self._proc = None
            _end(proc)
            return False, None
        if kind == "raise":
            raise value  # ``fn``'s own error
        return kind == "ok", value

    def choose(self, player, view):
        """``player.choose(view)``, a search level's in the process; the player's state
        (its random generator) comes back as the search left it."""
        if not searches(player):
            return player.choose(view)
        move, after = self.run(_choose, player, view)
        if after is not player:  # it went to the process: take its new state
            player.__dict__.update(after.__dict__)
        return move

    def shutdown(self) -> None:
        """End the process now, a search running in it too (the app is leaving)."""
        with self._lock:
            self._closed = True
            proc, self._proc = self._proc, None
        self._started.set()
        if proc is not None:
            _end(proc)


def _end(proc: subprocess.Popen) -> None:
    """Kill the process and collect it; a search waiting for its answer gets the end of its
    output (its pipes are closed by the garbage collector, not here, under a reader)."""
    try:
        proc.kill()
        proc.wait(timeout=5)
    except Exception:  # already gone, or not collectable: nothing waits for it at exit
        pass
