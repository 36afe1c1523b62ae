"""Run ``scopa-tui`` (``cli.main``) with a game whose hint key raises: the crash-exit test's app.

``python tests/crash_driver.py ARGS...`` exits with ``cli.main(ARGS)``'s status.  Only the
test patches the app; the shipped code has no hook for provoking a crash.
"""

from __future__ import annotations

import sys

from scopa_tui import cli
from scopa_tui.ui.screens.game import GameScreen


def hint_that_crashes(self) -> None:
    raise RuntimeError("provoked by the crash-exit test")


if __name__ == "__main__":
    GameScreen.action_hint = hint_that_crashes
    sys.exit(cli.main(sys.argv[1:]))
