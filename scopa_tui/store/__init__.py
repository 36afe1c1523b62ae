"""Everything scopa-tui keeps between runs: autosaves, settings, statistics and history.

Pure Python (no Textual): the app and the command line use :class:`Store`::

    store = Store(args.data_dir)          # platformdirs' user data dir by default
    settings = store.settings             # Settings, loaded once
    saved = store.resumable()             # the newest unfinished game, or None
    session = store.track(game, setup)    # autosave after every move; files the game
                                          # into history and statistics when it ends
    for message in store.notices.take():  # one-line messages about bad files
        ...
"""

from __future__ import annotations

from .files import Notices, StoreError, atomic_write_text, quarantine
from .saves import GameSetup, SavedGame, new_game_id
from .settings import Settings
from .store import Session, Store

__all__ = ["Notices", "StoreError", "atomic_write_text", "quarantine", "GameSetup", "SavedGame",
           "new_game_id", "Settings", "Session", "Store"]
