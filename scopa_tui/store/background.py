"""Database work off the UI thread: one daemon thread runs the jobs in order.

The app's :class:`.Store` (``Store(..., background=True)``) runs every SQLite call here,
so a statistics file held by another program never freezes the screen; the command line
and plain scripts run the jobs inline.  The thread is a daemon: a call stuck in SQLite
never keeps the process from exiting (``concurrent.futures.ThreadPoolExecutor`` joins
its threads at exit, so it cannot be used here).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any


class Background:
    """Runs jobs one at a time, on a daemon thread (``threaded``) or inline.

    ``deliver``, when set, takes a function and runs it on the UI thread (the app sets
    it to its event loop's ``call_soon_threadsafe``); each job's ``done(result)`` is
    delivered that way.  Without it ``done`` runs right after the job.
    """

    def __init__(self, threaded: bool) -> None:
        self.threaded = threaded
        self.deliver: Callable[[Callable[[], None]], None] | None = None
        self.closed = False
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._pending = 0
        self._idle = threading.Event()
        self._idle.set()

    def submit(self, work: Callable[[], Any], done: Callable[[Any], None] | None = None) -> Future:
        """Run ``work()`` (later, when threaded); its result goes to ``done`` and the future."""
        future: Future = Future()
        if not self.threaded:
            self._run(work, done, future)
            return future
        with self._lock:
            if self.closed:
                future.cancel()
                return future
            self._pending += 1
            self._idle.clear()
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name="scopa-db", daemon=True)
                self._thread.start()
        self._queue.put((work, done, future))
        return future

    def later(self, delay: float, work: Callable[[], Any], done: Callable[[Any], None] | None = None) -> None:
        """Submit ``work`` after ``delay`` seconds (a retry); dropped once closed."""
        timer = threading.Timer(delay, lambda: self.closed or self.submit(work, done))
        timer.daemon = True
        timer.start()

    def wait(self, timeout: float) -> bool:
        """Wait at most ``timeout`` seconds for the queued jobs; True when all are done."""
        return self._idle.wait(timeout)

    def close(self) -> None:
        """Accept no more jobs (the one running, if any, finishes on its own)."""
        with self._lock:
            self.closed = True

    def _loop(self) -> None:
        while True:
            work, done, future = self._queue.get()
            self._run(work, done, future)
            with self._lock:
                self._pending -= 1
                if not self._pending:
                    self._idle.set()

    def _run(self, work, done, future: Future) -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            result = work()
        except BaseException as e:
            future.set_exception(e)
            if not self.threaded:
                raise
            if self.deliver is not None:  # a bug, not a busy file: let the app report it
                self._deliver(lambda error=e: _reraise(error))  # e is unbound after the except
            return
        future.set_result(result)
        if done is not None or self.deliver is not None:
            self._deliver(lambda: done(result) if done is not None else None)

    def _deliver(self, call: Callable[[], None]) -> None:
        if self.deliver is None or not self.threaded:
            call()
            return
        try:
            self.deliver(call)
        except RuntimeError:  # the app's loop is gone (shutting down)
            pass


def _reraise(error: BaseException) -> None:
    raise error
