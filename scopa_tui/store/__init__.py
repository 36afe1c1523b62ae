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

from importlib import import_module

# Each name's module, imported when the name is first used (PEP 562): a command that only
# reads the settings' language (``scopa-tui simulate``) does not load SQLite and the rest.
_WHERE = {"Notices": ".files", "StoreError": ".files", "atomic_write_text": ".files", "quarantine": ".files",
          "GameSetup": ".saves", "SavedGame": ".saves", "new_game_id": ".saves", "Settings": ".settings",
          "Session": ".store", "Store": ".store"}

__all__ = list(_WHERE)


def __getattr__(name: str):
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(where, __name__), name)
    globals()[name] = value
    return value
