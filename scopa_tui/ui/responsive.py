"""Keys stay quick while an AI or a hint searches in a worker thread.

The search is pure Python: in its thread it holds the interpreter lock, and the app's
thread, woken by a key, waits for it up to ``sys.getswitchinterval()`` (5 ms by default)
every time it takes the lock again (each turn of the event loop, each write of a frame),
so a key took tens of milliseconds longer while an AI thought (README.md, Benchmark:
``python -m scopa_tui.bench --think-keys``).  :func:`quick_switches` lowers the interval
while a search runs; the search's result does not change (the same code in the same
thread), only how soon it yields the lock to a thread that asks for it.
"""

from __future__ import annotations

import contextlib
import sys
import threading

# Seconds a thread that wants the interpreter lock waits before the searching thread must
# give it up, while a search runs.  When nobody else asks for the lock the search never
# yields, so an idle app loses nothing to it.
SEARCH_SWITCH_INTERVAL = 0.0005

_lock = threading.Lock()
_searches = 0
_saved = 0.0


@contextlib.contextmanager
def quick_switches():
    """Within the block (a worker thread's search), a short switch interval; the previous one
    comes back when the last of the searches running at once ends."""
    global _searches, _saved
    with _lock:
        if _searches == 0:
            _saved = sys.getswitchinterval()
            sys.setswitchinterval(min(_saved, SEARCH_SWITCH_INTERVAL))
        _searches += 1
    try:
        yield
    finally:
        with _lock:
            _searches -= 1
            if _searches == 0:
                sys.setswitchinterval(_saved)
