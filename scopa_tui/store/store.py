"""The :class:`Store` facade and the autosave :class:`Session` of one game."""

from __future__ import annotations

import contextlib
import json
import os
import stat
import time
import weakref
from collections.abc import Collection, Iterator
from dataclasses import fields
from functools import cached_property
from pathlib import Path
from typing import IO, TYPE_CHECKING

from ..engine import Dealt, Event, Game, GameEnded, HandEnded, Played, RecordError
from ..engine import record as records
from ..engine.jsontext import json_loads
from ..engine.text import _, ngettext
from .background import Background
from .files import Notices, describe_os_error, make_dirs
from .paths import SAVES_DIR, SETTINGS_FILE, SETTINGS_LOCK, STATS_FILE, resolve_data_dir
from .saves import BadSave, GameSetup, SavedGame, Saves, bad_saves_notice, new_game_id
from .settings import CHECKS, Settings, SettingsFile

if TYPE_CHECKING:
    from .db import Database, HistoryEntry, Stats

try:  # advisory locks keep two app copies from resuming the same save
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None

BUSY_WAIT = 1.0  # seconds the app's database calls wait for another program before saying "busy"
FILE_RETRY = 2.0  # seconds between tries to file a finished game while the database is busy


class Store:
    """Saves, settings, statistics and history in one data directory.

    ``background=True`` (the app) runs the database work on a thread of its own
    (:attr:`background`) and waits at most :data:`BUSY_WAIT` for a busy file.
    ``browser=True``: the app is a game ``scopa-tui web`` serves, whose other copies are
    other tabs (a game open elsewhere is said so).
    """

    def __init__(self, data_dir: str | os.PathLike | None = None, background: bool = False,
                 browser: bool = False):
        self.dir = resolve_data_dir(data_dir)
        self.browser = browser
        self.notices = Notices()
        self.saves = Saves(self.dir / SAVES_DIR, self.notices)
        self.background = Background(threaded=background)
        self._busy_wait = BUSY_WAIT if background else None
        self._claims: dict[str, object] = {}  # game id -> its lock file, held while offered
        weakref.finalize(self, _release_all, self._claims)  # a store dropped unclosed unclaims its saves
        self._settings_file = SettingsFile(self.dir / SETTINGS_FILE, self.notices)
        self._settings: Settings | None = None
        self.unusable: str | None = None  # why the data directory cannot be used (None: it can)
        self.usable = self._check_dir()

    def _check_dir(self) -> bool:
        """Create the data directory; when that fails, say so once and store nothing."""
        try:
            make_dirs(self.dir / SAVES_DIR)
            return True
        except OSError as e:
            # A file where a folder should be ("saves") is named after the data directory, which
            # it is not: "data directory D cannot be used (saves: Not a directory)".
            error = describe_os_error(e)
            if isinstance(e, NotADirectoryError) and e.filename:
                inside = Path(e.filename)
                with contextlib.suppress(ValueError):
                    inside = inside.relative_to(self.dir)
                if str(inside) != ".":
                    error = f"{inside}: {error}"
            self.unusable = f"{self.dir} ({error})"
            self.notices.add(_("data directory {path} cannot be used ({error}): nothing is saved in this run")
                             .format(path=self.dir, error=error))
            self.saves.disabled = True
            self._settings_file._blocked = True
            self._settings = Settings()
            return False

    @cached_property
    def db(self) -> Database:
        """The statistics database, made on first use: ``sqlite3`` and the history's code
        are imported then, not before the app's first frame (README.md, Benchmark)."""
        from .db import Database

        db = Database(self.dir / STATS_FILE, self.notices)
        db._disabled = self.unusable is not None  # the data directory cannot be used (said once, at start)
        if self._busy_wait is not None:
            db.timeout = self._busy_wait
        return db

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
        """Change some settings and save them (only when something changed, or the file is
        not there now or not good: a damaged one is moved aside first, and these settings
        take its place; a newer scopa-tui's is left as it is, and nothing is saved).

        The file is read again first: another copy of the app on this data directory may
        have saved a change of its own since (its language, a seat kept at an online table),
        which writing this copy's settings as they were read at its start would undo.  A
        change may be a function of the setting's value now (``online_seats``: a seat more).
        """
        s = self.settings
        with settings_lock(self.dir / SETTINGS_LOCK):  # no other copy's change saved in between, lost
            fresh = self._settings_file.reread()
            if fresh is not None:  # into the same object: what holds it sees the file as it is now
                for f in fields(fresh):
                    setattr(s, f.name, getattr(fresh, f.name))
            changed = False
            for key, value in changes.items():
                if callable(value):
                    value = value(getattr(s, key))
                if key in CHECKS and not CHECKS[key](value):
                    continue  # not kept (an address of thousands from --server): the file would refuse it
                if getattr(s, key) != value:
                    setattr(s, key, value)
                    changed = True
            return self.save_settings() if changed or fresh is None else True

    # --- saves ----------------------------------------------------------------------
    def resumable(self, skip: Collection[str] = ()) -> SavedGame | None:
        """The newest saved game still in progress, claimed for this copy of the app.

        ``skip``: ids of saves already offered at this start (the next one is offered when
        the player keeps one for later); a game open in another copy is said only once, by
        the first search.

        A save is claimed (its lock file locked, see :func:`acquire_lock`) before it is read,
        and stays claimed until it is resumed (:meth:`track`), set aside (:meth:`discard`)
        or kept for later (:meth:`release`): a second copy started meanwhile skips it
        and says one game is open in another copy.  Saves of finished games (the app
        stopped before filing them) are filed into the history now (in the background
        in the app); bad saves are moved aside (or left where they are) and reported in one
        notice, however many.
        """
        bad: list[BadSave] = []  # reported in one notice, however many (bad_saves_notice)
        try:
            return self._first_resumable(bad, skip)
        finally:
            notice = bad_saves_notice(self.saves.dir, bad)
            if notice is not None:
                self.notices.add(notice)

    def _first_resumable(self, bad: list[BadSave], skip: Collection[str] = ()) -> SavedGame | None:
        """:meth:`resumable`'s search, newest save first; the bad saves it meets go to ``bad``."""
        elsewhere = 0
        for game_id in self.saves.ids():
            if game_id in skip:
                continue
            lock = self._claims.get(game_id) or acquire_lock(self._lock_path(game_id))
            if lock is LOCK_TAKEN:
                elsewhere += 1
                continue
            self._claims[game_id] = lock
            saved = self.saves.load(game_id, bad)
            if saved is None:  # a bad save, moved aside (or left alone) and added to ``bad``
                gone = not self.saves.path(game_id).exists()
                _release(self._claims.pop(game_id, None), self._lock_path(game_id) if gone else None)
                continue
            if saved.game.is_over:
                # records.dumps: the save may end at the last hand_end, before game_end
                self.file_finished(game_id, records.dumps(saved.game), saved.setup, saved.saved_at or None,
                                   self._claims.pop(game_id, None))
                continue
            if elsewhere and not skip:
                self.notices.add(_open_elsewhere(elsewhere, self.browser))
            return saved
        if elsewhere and not skip:
            self.notices.add(_open_elsewhere(elsewhere, self.browser))
        return None

    def release(self, saved: SavedGame) -> None:
        """Keep a saved game for later: unclaim it (offered again next start)."""
        self._unclaim(saved.game_id)

    def discard(self, saved: SavedGame) -> None:
        """Drop a saved game the player chose not to resume (moved aside, not deleted)."""
        from .files import StoreError, quarantine

        try:
            quarantine(saved.path, "abandoned")
        except StoreError as e:
            self.notices.add(_("could not set aside the save {path}: {error}").format(path=saved.path, error=e))
        _release(self._claims.pop(saved.game_id, None), self._lock_path(saved.game_id))

    def track(self, game: Game, setup: GameSetup, game_id: str | None = None) -> Session:
        """Autosave ``game`` after every move from now on (see :class:`Session`)."""
        return Session(self, game, setup, game_id or new_game_id())

    def close(self, timeout: float = 2.0) -> bool:
        """Wait at most ``timeout`` seconds for database work, then drop claims and retries.

        A finished game not filed by then keeps its save and is filed on the next start.
        Returns True when all the work was done.
        """
        done = self.background.wait(timeout)
        self.background.close()
        _release_all(self._claims)
        return done

    def _lock_path(self, game_id: str) -> Path:
        return self.saves.dir / f"{game_id}.lock"

    def _unclaim(self, game_id: str) -> None:
        _release(self._claims.pop(game_id, None), None)

    def file_finished(self, game_id: str, record_text: str, setup: GameSetup, finished_at: float | None,
                      lock=None, then=None, same_game: str | None = None) -> None:
        """File a finished game into the history, then remove its save and lock file.

        Runs in :attr:`background`.  ``then(filed)`` gets True once it is filed, or False
        when it could not be (the save stays and is filed on the next start).  While the
        database is busy (another program holds it) the app says so once and tries again
        every :data:`FILE_RETRY` seconds.  ``same_game``: as :meth:`Database.add_game` takes it.
        """
        said = False

        def attempt() -> bool | None:
            nonlocal said
            filed, busy = self.quietly_busy(lambda: self._file(game_id, record_text, setup, finished_at, same_game))
            if filed:
                self.saves.remove(game_id)
                _clean_temps(self.saves.dir, game_id)
                _release(lock, self._lock_path(game_id))
                return True
            retry = busy and self.background.threaded and not self.background.closed
            if busy and not said:
                said = True
                self.notices.add(
                    (_("statistics file {path} is busy (another program is using it): the finished game will "
                       "be added to the history when it is free") if retry
                     else _("statistics file {path} is busy (another program is using it)")).format(path=self.db.path))
            if retry:
                self.background.later(FILE_RETRY, attempt, done)
                return None
            _release(lock, None)
            return False

        def done(filed: bool | None) -> None:
            if filed is not None and then is not None:
                then(filed)

        self.background.submit(attempt, done)

    def file_played_elsewhere(self, games: list[tuple[str, str, GameSetup, float, str]], then) -> None:
        """File finished games this app did not see end (an online table's, kept for this
        player by its server: ``(game_id, record_text, setup, finished_at, same_game)``, as
        :meth:`Database.add_game` takes them), each unless it is in the history already.

        Runs in :attr:`background`; ``then((added, done))`` gets the indices of the games
        filed now, and whether every game is in the history (False: one could not be read
        or stored now, a busy or full file, and is to be asked for again later)."""
        def work() -> tuple[list[int], bool]:
            added, done = [], True
            for i, (game_id, text, setup, finished, same) in enumerate(games):
                there = self.db.has_game(same, text)
                if there:
                    continue
                if there is None or not self._file(game_id, text, setup, finished, same):
                    done = False
                    continue
                added.append(i)
            return added, done

        self.background.submit(work, then)

    def quietly_busy(self, work):
        """``(work(), busy)``: run database work; a busy file is left to the caller to
        report (other problems are reported as usual)."""
        real, scratch = self.db.notices, Notices()
        self.db.notices = scratch
        try:
            result = work()
        finally:
            self.db.notices = real
        busy = self.db.busy
        for message in scratch.take():
            if not busy:
                real.add(message)
        return result, busy

    def _file(self, game_id: str, record_text: str, setup: GameSetup, finished_at: float | None = None,
              same_game: str | None = None) -> bool:
        try:
            return self.db.add_game(game_id, record_text, setup, finished_at, same_game)
        except RecordError as e:
            self.notices.add(_("game {id} was not added to the history: {error}").format(id=game_id, error=e))
            return False

    # --- statistics and history -----------------------------------------------------
    def stats(self) -> Stats:
        return self.db.stats()

    def history(self) -> list[HistoryEntry]:
        return self.db.history()

    def history_record(self, entry_id: int) -> str | None:
        return self.db.record(entry_id)

    def export_lines(self) -> Iterator[str] | None:
        """The history as JSON Lines: every game's record, oldest game first; None when the
        statistics file cannot be read now (busy, a full disk: a notice says why), which is
        no empty history.

        Each game's ``game_start`` line carries a ``scopa_tui`` object (when it finished,
        the names, the AIs and the human's seat); the rest is docs/record-format.md.
        """
        games = self.db.all_records()
        return None if games is None else self._lines(games)

    def _lines(self, games: list[tuple[dict, str]]) -> Iterator[str]:
        """:meth:`export_lines` of ``games`` read from the history."""
        for meta, text in games:
            first = True
            for line in text.splitlines():
                if not line.strip():
                    continue
                if first:
                    first = False
                    try:
                        obj = json_loads(line)
                    except (ValueError, RecursionError):
                        obj = None
                    if not isinstance(obj, dict) or obj.get("event") != "game_start":
                        self.notices.add(_("game {id} in the history is damaged; skipped").format(
                            id=meta.get("game_id")))
                        break
                    obj["scopa_tui"] = meta
                    line = json.dumps(obj, separators=(",", ":"))
                yield line + "\n"

    def export(self, out: IO[str]) -> int | None:
        """Write the history to ``out``; returns the number of games, or None (nothing
        written) when it cannot be read now (:meth:`export_lines`)."""
        lines = self.export_lines()
        if lines is None:
            return None
        n = 0
        for line in lines:
            if '"event":"game_start"' in line:
                n += 1
            out.write(line)
        return n


class Session:
    """Autosaves one game after every move and files it into the history at the end.

    One save per move, made on the move's last event (a play, the deal it causes, or
    the hand's end it causes), and one per new hand, so killing the app loses at most the
    move being made.  When the game ends it is stored in the history and statistics and
    the save is removed (kept when storing fails, to be filed on the next start: the whole
    game is saved again then, and by each :meth:`save` after, as on quitting).
    """

    def __init__(self, store: Store, game: Game, setup: GameSetup, game_id: str):
        self.store = store
        self.game = game
        self.setup = setup
        self.game_id = game_id
        self.finished = False  # filed into the history
        self.filing = False  # the game is over and its filing under way: no saves meanwhile
        self.saves = 0
        self._lock = store._claims.pop(game_id, None) or acquire_lock(store._lock_path(game_id))
        if self._lock is LOCK_TAKEN:  # open in another copy: play on, but without the claim
            self._lock = None
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
        if self.finished or self.filing or self.game.phase == "new":
            return False
        ok = self.store.saves.save(self.game, self.setup, self.game_id)
        self.saves += ok
        return ok

    def finish(self) -> bool:
        """File the finished game into the history and statistics; remove its save.

        In the app the filing runs in the background (:meth:`Store.file_finished`) and
        :attr:`finished` turns True when it is done.  Returns :attr:`finished`.
        """
        if self.finished or self.filing:
            return self.finished
        if not self.game.is_over:
            return False
        self.filing = True
        self._stop_listening()
        lock, self._lock = self._lock, None  # the filing removes the lock file with the save

        def then(filed: bool) -> None:
            self.finished, self.filing = filed, False
            if filed or not self.store.usable:
                return
            # The whole game into its save, filed on the next start: the last saves may have
            # failed (a full disk), leaving an early move of it to be offered as unfinished.
            db = self.store.db
            if not self.save():
                self.store.notices.add(_("the finished game could not be added to the history or saved; quitting "
                                         "tries to save it once more"))
            elif db.newer:  # this version never writes that file: the newer one files the game
                # TRANSLATORS: {path} is the statistics file, which a newer version of scopa-tui wrote.
                self.store.notices.add(_("the finished game is kept in the saves, for the newer scopa-tui that "
                                         "wrote {path} to add to the history").format(path=db.path))
            elif db.left_alone:  # read-only, unreadable: the next start leaves it as it is too
                # TRANSLATORS: {path} is the statistics file, which this run does not write (read-only, unreadable).
                self.store.notices.add(_("the finished game is kept in the saves and will be added to the history "
                                         "at a start when {path} can be read and written").format(path=db.path))
            else:
                self.store.notices.add(_("the finished game is kept in the saves and will be added to the "
                                         "history next time"))

        self.store.file_finished(self.game_id, records.dumps(self.game), self.setup, time.time(), lock, then)
        return self.finished

    def close(self) -> None:
        """Stop saving (the save stays on disk unless the game was filed)."""
        self._stop_listening()
        _release(self._lock, None)
        self._lock = None

    def _stop_listening(self) -> None:
        if self._unsubscribe is not None:
            try:
                self._unsubscribe()
            except ValueError:
                pass
            self._unsubscribe = None


LOCK_TAKEN = object()  # acquire_lock: the lock is held by another copy of the app
SETTINGS_WAIT = 1.0  # seconds a change of the settings waits for another copy's to be saved


@contextlib.contextmanager
def settings_lock(path: Path):
    """Held while the settings are read again, changed and saved (:meth:`Store.update_settings`):
    copies of the app, or headless seats, saving at once each kept their own change and lost
    the others' (twelve seats kept their tokens at once: seven were kept). One held longer than
    :data:`SETTINGS_WAIT` (a copy stopped mid-save) is not waited for further."""
    lock, end = None, time.monotonic() + SETTINGS_WAIT
    while (lock := acquire_lock(path)) is LOCK_TAKEN and time.monotonic() < end:
        time.sleep(0.01)
    try:
        yield
    finally:
        if lock is not None and lock is not LOCK_TAKEN:
            lock.close()


def acquire_lock(path: Path):
    """Lock ``path`` (``fcntl.flock``, released when the process dies): the open file,
    :data:`LOCK_TAKEN` when another copy holds it, None when locks are unavailable."""
    if fcntl is None:
        return None
    for _attempt in range(3):
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # O_NONBLOCK: a named pipe in the lock's place must not wait for a reader (the
            # server and the resume offer waited for ever); anything but a file is no lock.
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NONBLOCK", 0)
                         | getattr(os, "O_CLOEXEC", 0), 0o644)
        except OSError:
            return None
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            return None
        try:
            f = os.fdopen(fd, "a")
        except OSError:  # a file that is no file to seek in (a link to /proc/self/comm): no lock
            os.close(fd)
            return None
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            f.close()
            return LOCK_TAKEN
        try:  # the holder may have removed the file before we locked it: lock the new one
            if os.fstat(f.fileno()).st_ino == os.stat(path).st_ino:
                return f
        except OSError:
            pass
        f.close()
    return None


def _release(lock, remove: Path | None) -> None:
    """Remove the lock file ``remove`` (while still holding it), then unlock."""
    if remove is not None:
        _remove_quietly(remove)
    if lock is None:
        return
    try:
        lock.close()
    except OSError:  # pragma: no cover
        pass


def _release_all(claims: dict) -> None:
    for lock in claims.values():
        _release(lock, None)
    claims.clear()


def _open_elsewhere(n: int, browser: bool) -> str:
    if browser:
        # TRANSLATORS: in a web browser (scopa-tui web), where each tab plays a game of its own.
        return ngettext("an unfinished game is open in another browser tab",
                        "{n} unfinished games are open in other browser tabs", n).format(n=n)
    return ngettext("an unfinished game is open in another copy of scopa-tui",
                    "{n} unfinished games are open in other copies of scopa-tui", n).format(n=n)


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
