"""The :class:`Store` facade and the autosave :class:`Session` of one game."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from ..engine import Dealt, Event, Game, GameEnded, HandEnded, Played, RecordError
from ..engine import record as records
from .db import Database, HistoryEntry, Stats
from .files import Notices
from .paths import SAVES_DIR, SETTINGS_FILE, STATS_FILE, resolve_data_dir
from .saves import GameSetup, SavedGame, Saves, new_game_id
from .settings import Settings, SettingsFile

try:  # advisory locks keep two app copies from resuming the same save
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None


class Store:
    """Saves, settings, statistics and history in one data directory."""

    def __init__(self, data_dir: str | os.PathLike | None = None):
        self.dir = resolve_data_dir(data_dir)
        self.notices = Notices()
        self.saves = Saves(self.dir / SAVES_DIR, self.notices)
        self.db = Database(self.dir / STATS_FILE, self.notices)
        self._settings_file = SettingsFile(self.dir / SETTINGS_FILE, self.notices)
        self._settings: Settings | None = None
        self.usable = self._check_dir()

    def _check_dir(self) -> bool:
        """Create the data directory; when that fails, say so once and store nothing."""
        try:
            (self.dir / SAVES_DIR).mkdir(parents=True, exist_ok=True)
            return True
        except OSError as e:
            from .files import describe_os_error

            self.notices.add(f"data directory {self.dir} cannot be used ({describe_os_error(e)}): "
                             "nothing is saved in this run")
            self.saves.disabled = True
            self.db._disabled = True
            self._settings_file._blocked = True
            self._settings = Settings()
            return False

    # --- settings -------------------------------------------------------------------
    @property
    def settings(self) -> Settings:
        if self._settings is None:
            self._settings = self._settings_file.load()
        return self._settings

    def save_settings(self, settings: Settings | None = None) -> bool:
        if settings is not None:
            self._settings = settings
        return self._settings_file.save(self.settings)

    def update_settings(self, **changes) -> bool:
        """Change some settings and save them (only when something changed)."""
        s = self.settings
        changed = False
        for key, value in changes.items():
            if getattr(s, key) != value:
                setattr(s, key, value)
                changed = True
        return self.save_settings() if changed else True

    # --- saves ----------------------------------------------------------------------
    def resumable(self) -> SavedGame | None:
        """The newest saved game still in progress (not open in another copy of the app).

        Saves of finished games (the app stopped before filing them) are filed into the
        history now; bad saves are reported and moved aside.
        """
        for game_id in self.saves.ids():
            if _locked_elsewhere(self.saves.dir / f"{game_id}.lock"):
                continue
            saved = self.saves.load(game_id)
            if saved is None:
                continue
            if saved.game.is_over:
                # records.dumps: the save may end at the last hand_end, before game_end
                if self._file(game_id, records.dumps(saved.game), saved.setup, saved.saved_at or None):
                    self.saves.remove(game_id)
                    _clean_temps(self.saves.dir, game_id)
                    _remove_quietly(self.saves.dir / f"{game_id}.lock")
                continue
            return saved
        return None

    def discard(self, saved: SavedGame) -> None:
        """Drop a saved game the player chose not to resume (moved aside, not deleted)."""
        from .files import StoreError, quarantine

        try:
            quarantine(saved.path, "abandoned")
        except StoreError as e:
            self.notices.add(f"could not set aside the save {saved.path}: {e}")
        _remove_quietly(self.saves.dir / f"{saved.game_id}.lock")

    def track(self, game: Game, setup: GameSetup, game_id: str | None = None) -> Session:
        """Autosave ``game`` after every move from now on (see :class:`Session`)."""
        return Session(self, game, setup, game_id or new_game_id())

    def _file(self, game_id: str, record_text: str, setup: GameSetup, finished_at: float | None = None) -> bool:
        try:
            return self.db.add_game(game_id, record_text, setup, finished_at)
        except RecordError as e:
            self.notices.add(f"game {game_id} was not added to the history: {e}")
            return False

    # --- statistics and history -----------------------------------------------------
    def stats(self) -> Stats:
        return self.db.stats()

    def history(self) -> list[HistoryEntry]:
        return self.db.history()

    def history_record(self, entry_id: int) -> str | None:
        return self.db.record(entry_id)

    def export_lines(self) -> Iterator[str]:
        """The history as JSON Lines: every game's record, oldest game first.

        Each game's ``game_start`` line carries a ``scopa_tui`` object (when it finished,
        the names, the AIs and the human's seat); the rest is RULES.md section 9.
        """
        for meta, text in self.db.all_records():
            first = True
            for line in text.splitlines():
                if not line.strip():
                    continue
                if first:
                    first = False
                    try:
                        obj = records.json_loads(line)
                    except (ValueError, RecursionError):
                        obj = None
                    if not isinstance(obj, dict) or obj.get("event") != "game_start":
                        self.notices.add(f"game {meta.get('game_id')} in the history is damaged; skipped")
                        break
                    obj["scopa_tui"] = meta
                    line = json.dumps(obj, separators=(",", ":"))
                yield line + "\n"

    def export(self, out: IO[str]) -> int:
        """Write the history to ``out``; returns the number of games."""
        n = 0
        for line in self.export_lines():
            if '"event":"game_start"' in line:
                n += 1
            out.write(line)
        return n


class Session:
    """Autosaves one game after every move and files it into the history at the end.

    One save per move, made on the move's last event (a play, the deal it causes, or
    the hand's end it causes), and one per new hand, so killing the app loses at most the
    move being made.  When the game ends it is stored in the history and statistics and
    the save is removed (kept when storing fails, to be filed on the next start).
    """

    def __init__(self, store: Store, game: Game, setup: GameSetup, game_id: str):
        self.store = store
        self.game = game
        self.setup = setup
        self.game_id = game_id
        self.finished = False
        self.saves = 0
        self._lock = _acquire(store.saves.dir / f"{game_id}.lock")
        if self._lock is not None:  # ours alone now: clear temporary files left by a kill
            _clean_temps(store.saves.dir, game_id)
        self._stock = len(game.state.stock) if game.state is not None else -1
        self._unsubscribe = game.subscribe(self._on_event)
        if game.phase != "new":
            self.save()

    def _on_event(self, event: Event) -> None:
        if isinstance(event, GameEnded):
            self.finish()
        elif isinstance(event, Played):
            # One save per move: when the play also ends the hand or makes a new deal,
            # the save comes with that event, a moment later in the same move.
            state = self.game.state
            deal_follows = state is not None and len(state.stock) != self._stock
            if not (event.last or deal_follows):
                self.save()
        elif isinstance(event, (Dealt, HandEnded)):
            if isinstance(event, Dealt):
                self._stock = event.stock
            self.save()

    def save(self) -> bool:
        """Save now (also called on SIGTERM/SIGHUP and when the app quits)."""
        if self.finished or self.game.phase == "new":
            return False
        ok = self.store.saves.save(self.game, self.setup, self.game_id)
        self.saves += ok
        return ok

    def finish(self) -> bool:
        """File the finished game into the history and statistics; remove its save."""
        if self.finished:
            return True
        if not self.game.is_over:
            return False
        # The save already holds the last hand's end; if filing fails it is filed on the next start.
        if self.store._file(self.game_id, records.dumps(self.game), self.setup, time.time()):
            self.store.saves.remove(self.game_id)
            self.finished = True
            self.close()
            return True
        if self.store.usable:
            self.store.notices.add("the finished game is kept in the saves and will be added to the "
                                   "history next time")
        return False

    def close(self) -> None:
        """Stop saving (the save stays on disk unless the game was filed)."""
        if self._unsubscribe is not None:
            try:
                self._unsubscribe()
            except ValueError:
                pass
            self._unsubscribe = None
        _release(self._lock, self.store.saves.dir / f"{self.game_id}.lock" if self.finished else None)
        self._lock = None


def _acquire(path: Path):
    if fcntl is None:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        f = open(path, "a")
    except OSError:
        return None
    try:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        f.close()
        return None
    return f


def _release(lock, remove: Path | None) -> None:
    if lock is None:
        return
    if remove is not None:
        _remove_quietly(remove)
    try:
        lock.close()
    except OSError:  # pragma: no cover
        pass


def _locked_elsewhere(path: Path) -> bool:
    if fcntl is None or not path.exists():
        return False
    try:
        with open(path, "a") as f:
            try:
                fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                return True
            fcntl.flock(f.fileno(), fcntl.LOCK_UN)
            return False
    except OSError:
        return False


def _clean_temps(directory: Path, game_id: str) -> None:
    """Remove the temporary files of a save that a kill left half-written."""
    try:
        for tmp in directory.glob(f".{game_id}.json.*.tmp"):
            _remove_quietly(tmp)
    except OSError:  # pragma: no cover
        pass


def _remove_quietly(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
