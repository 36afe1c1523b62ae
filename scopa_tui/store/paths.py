"""Where the app keeps its files: the user's data directory, or ``--data-dir``."""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "scopa-tui"
SETTINGS_FILE = "settings.json"
SETTINGS_LOCK = "settings.lock"  # held while the settings are changed (store.settings_lock)
STATS_FILE = "scopa.sqlite3"
SAVES_DIR = "saves"


def default_data_dir() -> Path:
    """The platform's per-user data directory (``~/.local/share/scopa-tui`` on Linux).

    ``SCOPA_TUI_DATA_DIR`` in the environment overrides it (``--data-dir`` overrides both).
    """
    env = os.environ.get("SCOPA_TUI_DATA_DIR")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def resolve_data_dir(override: str | os.PathLike | None = None) -> Path:
    return Path(override).expanduser() if override else default_data_dir()
