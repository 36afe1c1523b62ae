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
caller's thread, as before: nothing is lost and nothing is said.  The process is started
with ``forkserver`` (``spawn`` where there is none), never ``fork`` from a threaded app.
"""

from __future__ import annotations

import pickle
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

# Seconds a search waits for the process still starting (about a third of a second on an
# idle machine) before it runs in its own thread.
START_WAIT = 10.0


def _call(payload: bytes) -> Any:
    """In the process: run the pickled ``(fn, args)``."""
    fn, args = pickle.loads(payload)
    return fn(*args)


def _warm() -> int:
    """In the process: import the searches once, so that the first one starts at once."""
    from . import hard, hint, pimc  # noqa: F401

    return 0


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
        self._pool: ProcessPoolExecutor | None = None
        self._started = threading.Event()  # set once :meth:`start` has finished, well or not
        self._begun = False
        self._closed = False
        self._lock = threading.Lock()
        self._busy = threading.Lock()  # held while a search runs in the process
        self.in_process = 0  # searches answered by the process (for tests and benchmarks)
        # multiprocessing's resource tracker, a small process the worker's queue needs, hands
        # it this process's stderr, which a Textual app replaces with one it cannot hand over
        # ("bad value(s) in fds_to_keep"): it starts now, before the app runs.
        try:
            from multiprocessing import resource_tracker

            resource_tracker.ensure_running()
        except Exception:  # then the worker cannot start either: threads, as before
            pass

    def start(self) -> None:
        """Start the process in a background thread (the caller goes on at once)."""
        with self._lock:
            if self._begun:
                return
            self._begun = True
        threading.Thread(target=self._start, name="search-process", daemon=True).start()

    def _start(self) -> None:
        try:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
            pool = ProcessPoolExecutor(max_workers=1, mp_context=context)
            pool.submit(_warm).result()
            with self._lock:
                if self._closed:  # the app left while the process started
                    pool.shutdown(wait=False, cancel_futures=True)
                else:
                    self._pool = pool
        except Exception:  # no process here (platform, resources): searches stay in threads
            self._pool = None
        finally:
            self._started.set()

    def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)``, in the process when it runs, else in this thread.  ``fn`` and its
        arguments must be picklable (else this thread too); ``fn``'s own errors are raised."""
        self.start()  # (an AI leading at once searches before the app's first frame is out)
        self._started.wait(START_WAIT)
        pool = self._pool
        # One search at a time there: while one left behind still runs (a new game began
        # during an AI's long search), the next would wait for it, so it runs here instead.
        if pool is not None and self._busy.acquire(blocking=False):
            try:
                done, result = self._there(pool, fn, args)
            finally:
                self._busy.release()
            if done:
                self.in_process += 1
                return result
            if self._closed:  # the app is leaving: no search all over again in its thread
                raise RuntimeError("the search process was shut down")
        return fn(*args)

    def _there(self, pool: ProcessPoolExecutor, fn: Callable[..., Any], args: tuple) -> tuple[bool, Any]:
        """``(True, fn(*args))`` from the process, or ``(False, None)`` if it could not answer."""
        from concurrent.futures.process import BrokenProcessPool

        try:
            payload = pickle.dumps((fn, args))
        except Exception:  # something that cannot travel: this search stays here
            return False, None
        try:
            return True, pool.submit(_call, payload).result()
        except (BrokenProcessPool, RuntimeError) as exc:
            if isinstance(exc, BrokenProcessPool) or self._pool is not pool:  # died, or shut down
                self._pool = None
                return False, None
            raise  # ``fn``'s own RuntimeError

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
            pool, self._pool = self._pool, None
        self._started.set()
        if pool is None:
            return
        # ``shutdown`` alone would wait, at the interpreter's exit, for a search still
        # running (up to a minute of ``hard:time=60``): its process is ended first.
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
