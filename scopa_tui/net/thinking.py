"""Where the table's AIs think: threads for the quick levels, processes for ``hard``.

``hard`` searches for about half a second per decision, in pure Python: in a thread it
would hold the interpreter lock against the server's event loop, and every other table
would wait (measured: a play's round trip at another table went from 30 ms to over 300 ms
at worst with three ``hard`` tables thinking).  So ``hard`` thinks in a small pool of
worker processes, started on first use; the quick levels (microseconds a move) think in
the server's thread pool, where a process round trip would cost more than the thinking.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import fields
from typing import Any

from ..ai.registry import make_player, parse_spec
from ..engine import Move, PlayerView

PROCESS_LEVELS = ("hard",)  # levels that think in worker processes
_VIEW_FIELDS = tuple(f.name for f in fields(PlayerView))

# --- in a worker process ---------------------------------------------------------------
_players: OrderedDict = OrderedDict()  # (spec, seed) -> player, the most recent last
_KEEP = 256  # players kept per worker (one per AI seat of the tables it serves)


def _start_worker(parent: int) -> None:
    """In a worker: leave Ctrl+C to the server, and exit when the server is gone (even by
    ``kill -9``), instead of lingering.

    A Ctrl+C in the server's terminal goes to its whole process group: a worker raised
    KeyboardInterrupt and printed a traceback, and one thinking a move passed it back to the
    server, which stopped with more tracebacks. The server stops its workers itself.

    The worker's queues hold both ends of their pipes, so no end-of-file would tell it that
    the server is gone.
    """
    import signal
    import threading
    import time

    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="scopa-parent-watch", daemon=True).start()


def _choose(spec: str, seed: int, view: PlayerView) -> tuple[int, int]:
    key = (spec, seed)
    player = _players.pop(key, None) or make_player(spec, seed=seed)
    _players[key] = player
    while len(_players) > _KEEP:
        _players.popitem(last=False)
    move = player.choose(view)
    return move.card, move.mask


# --- in the server -----------------------------------------------------------------------
class Thinking:
    """Chooses moves for AI seats without blocking the event loop.

    When worker processes cannot be used (they fail to start, or die), ``hard`` thinks in
    the thread pool from then on, and the server says so once in its log.
    """

    def __init__(self, threads: Executor | None, processes: int | None = None,
                 log: Callable[[str], None] = lambda text: None):
        self.threads = threads
        self.processes = processes or max(1, min(2, os.cpu_count() or 1))
        self.log = log
        self._pool: ProcessPoolExecutor | None = None
        self.broken = False  # processes failed: every level thinks in threads

    def _process_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a fresh interpreter, nothing of the server's loop and sockets inherited
            self._pool = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_start_worker, initargs=(os.getpid(),))
        return self._pool

    async def choose(self, spec: str, seed: int, player: Callable[[], Any], view: PlayerView) -> Move:
        """The move for ``view`` of the AI ``spec`` seeded ``seed``; ``player()`` gives that AI here."""
        loop = asyncio.get_running_loop()
        if not self.broken and parse_spec(spec)[0] in PROCESS_LEVELS:
            eager = PlayerView(**{name: getattr(view, name) for name in _VIEW_FIELDS})  # a copy to send
            try:
                card, mask = await loop.run_in_executor(self._process_pool(), _choose, spec, seed, eager)
                return Move.of(card, mask)
            except (BrokenProcessPool, RuntimeError, OSError) as e:
                self.broken = True
                self.close()
                self.log(f"AI worker processes cannot be used ({' '.join(str(e).split())[:120]}); "
                         "the AIs think in threads from now on")
        return await loop.run_in_executor(self.threads, player().choose, view)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
