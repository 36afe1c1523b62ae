"""Python's cyclic garbage collector held off from the start of the ``scopa-tui`` command to
the app's first frame (README, Benchmark: first frames).

Start-up makes many objects and frees few, so the collections it triggers (about a hundred
young ones and a full one before the first frame) find little to free.  :func:`hold` turns
the collector off; :func:`release` turns it on again, after :func:`gc.freeze` has moved the
start-up's objects out of every later collection (which makes those cheaper too).  Only the
command line holds it, and it releases it in every path (``scopa_tui.cli.main``); child
processes start as new interpreters (the search process, ``spawn``), with the collector on.
"""

from __future__ import annotations

import gc

_held = False  # this module turned the collector off, and has not turned it on again


def hold() -> None:
    """Turn the collector off until :func:`release` (nothing if it is off already)."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def release(freeze: bool = True) -> None:
    """Turn the collector on again if :func:`hold` turned it off; ``freeze``: first move every
    object alive now out of later collections (after the first frame: the start-up's)."""
    global _held
    if _held:
        _held = False
        if freeze:
            gc.freeze()
        gc.enable()


def held() -> bool:
    """Whether :func:`hold` has the collector off now."""
    return _held
