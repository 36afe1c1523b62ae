"""Save and exit cleanly on SIGTERM and SIGHUP (the terminal closing).

For a plain Python program: :func:`on_termination` installs handlers that call
``callback(signum)`` and then exit with status 0.  An asyncio program (the Textual app)
uses :func:`on_termination_async` so that the callback runs in the event loop.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable

SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


def on_termination(callback: Callable[[int], object], exit_status: int = 0) -> Callable[[], None]:
    """Install the handlers; returns a function that restores the previous ones."""
    previous = {}

    def handler(signum, frame):
        for sig in SIGNALS:  # a second signal while saving must not interrupt the save
            signal.signal(sig, signal.SIG_IGN)
        try:
            callback(signum)
        finally:
            sys.exit(exit_status)

    for sig in SIGNALS:
        previous[sig] = signal.signal(sig, handler)

    def restore() -> None:
        for sig, old in previous.items():
            signal.signal(sig, old)

    return restore


def on_termination_async(loop, callback: Callable[[int], object]) -> Callable[[], None]:
    """The same for an asyncio loop: ``callback(signum)`` runs in the loop (it should save
    and ask the app to exit).  Returns a function that removes the handlers."""
    installed = []
    for sig in SIGNALS:
        try:
            loop.add_signal_handler(sig, callback, sig)
            installed.append(sig)
        except (NotImplementedError, RuntimeError, ValueError):  # pragma: no cover - not main thread / Windows
            pass

    def remove() -> None:
        for sig in installed:
            try:
                loop.remove_signal_handler(sig)
            except (RuntimeError, ValueError):  # pragma: no cover
                pass

    return remove
