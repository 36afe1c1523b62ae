"""The app with every write to the statistics database stuck for good, for the SIGHUP
test: ``python stuck_app.py --data-dir DIR`` (the arguments of ``scopa-tui``)."""

from __future__ import annotations

import sys
import threading

from scopa_tui.cli import main
from scopa_tui.store.db import Database

Database.add_game = lambda self, *args, **kwargs: threading.Event().wait()  # never returns

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
