"""The server's tables in SQLite (``DATA_DIR/online.sqlite3``): nothing lost on a crash.

A table is its settings, its seats and the seed of its game; the game itself is the list
of actions taken since the start (a play, or dealing the next hand), one row each.  The
seed and the actions rebuild the game exactly through the engine, so the server writes
one small row per move and a ``kill -9`` at any moment loses at most the move being made
(docs/online-protocol.md, "Guarantees").

WAL mode with ``synchronous = NORMAL``: a commit is in the write-ahead log before the
call returns (so it survives the process being killed) without an fsync per move; only a
power cut can take back the last moves.  Every call runs on the server's event loop and
takes well under a millisecond.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..store.store import LOCK_TAKEN, acquire_lock

ONLINE_FILE = "online.sqlite3"
LOCK_FILE = "online.lock"  # locked while a server keeps its tables in the directory
SCHEMA = 1

_TABLES = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    created REAL NOT NULL,
    config TEXT NOT NULL,   -- JSON: title, players, preset, target, variant, options, ai levels,
                            -- turn_limit, public, creator
    seats TEXT NOT NULL,    -- JSON: one {name, kind, level, token, left} per seat
    seed INTEGER NOT NULL,
    started INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    action TEXT NOT NULL,   -- JSON: ["play", card, [capture...]] or ["next"]
    PRIMARY KEY (code, n)
);
"""


@dataclass
class StoredTable:
    """One table as read back: enough to rebuild it."""

    code: str
    created: float
    config: dict[str, Any]
    seats: list[dict[str, Any]]
    seed: int
    started: bool
    actions: list[list[Any]] = field(default_factory=list)


class TableStore:
    """Tables in progress; ``path`` None keeps nothing (for tests that need no disk)."""

    def __init__(self, directory: Path | None, log: Callable[[str], None] = lambda text: None):
        self.con: sqlite3.Connection | None = None
        self.log = log
        self._failing = False
        self._lock = None
        if directory is None:
            return
        directory.mkdir(parents=True, exist_ok=True)
        self.path = directory / ONLINE_FILE
        # One server per directory: a second would play the same tables a second time and
        # their moves would clash in the file (SQLite's WAL mode does not keep it out).  The
        # lock goes with the process, so a server killed with kill -9 leaves none behind.
        lock = acquire_lock(directory / LOCK_FILE)
        if lock is LOCK_TAKEN:
            raise RuntimeError(f"{self.path} is in use by another server")
        self._lock = lock
        try:
            self.con = self._open_or_move_aside()
        except BaseException:
            self.close()
            raise

    def _open_or_move_aside(self) -> sqlite3.Connection:
        """The database, or a new one when the file is damaged (moved aside first)."""
        try:
            return self._open()
        except sqlite3.DatabaseError as e:
            if isinstance(e, sqlite3.OperationalError) and "locked" in str(e):
                raise RuntimeError(f"{self.path} is in use by another server") from None
            # Corrupt (not a database, a damaged page): moved aside, never deleted, and
            # the server starts with no tables (as the app does with its own files).
            from ..store.files import StoreError, quarantine

            try:
                moved = quarantine(self.path)
            except StoreError as why:
                raise RuntimeError(f"{self.path} is damaged ({e}) and {why}") from None
            for suffix in ("-wal", "-shm"):
                Path(str(self.path) + suffix).unlink(missing_ok=True)
            self.log(f"{self.path} is damaged ({e}); moved aside as {moved.name}, starting with no tables")
            return self._open()

    def _open(self) -> sqlite3.Connection:
        con = sqlite3.connect(self.path, isolation_level=None, timeout=5.0)
        try:
            con.execute("PRAGMA journal_mode = WAL")
            con.execute("PRAGMA synchronous = NORMAL")
            con.execute("PRAGMA foreign_keys = ON")
            (version,) = con.execute("PRAGMA user_version").fetchone()
            if version > SCHEMA:
                raise RuntimeError(f"{self.path} is from a newer scopa-tui (schema {version})")
            check = con.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                raise sqlite3.DatabaseError(f"it fails its integrity check ({check[0] if check else 'no answer'})")
            con.executescript(_TABLES)
            con.execute(f"PRAGMA user_version = {SCHEMA}")
        except BaseException:
            con.close()
            raise
        return con

    def close(self) -> None:
        if self.con is not None:
            self.con.close()
            self.con = None
        if self._lock is not None:
            self._lock.close()  # unlocks it
            self._lock = None

    def _run(self, sql: str, args: tuple = ()) -> None:
        """One write; a failure (a full disk, say) is logged once and the tables go on in memory."""
        if self.con is None:
            return
        try:
            self.con.execute(sql, args)
            if self._failing:
                self._failing = False
                self.log(f"{self.path} can be written again")
        except sqlite3.Error as e:
            if not self._failing:
                self._failing = True
                self.log(f"{self.path} cannot be written ({e}): tables go on, but a restart would lose moves")

    # --- writing ----------------------------------------------------------------------
    def add(self, code: str, created: float, config: dict, seats: list[dict], seed: int) -> None:
        self._run("INSERT INTO tables (code, created, config, seats, seed) VALUES (?,?,?,?,?)",
                  (code, created, json.dumps(config), json.dumps(seats), seed))

    def set_seats(self, code: str, config: dict, seats: list[dict], started: bool) -> None:
        self._run("UPDATE tables SET config = ?, seats = ?, started = ? WHERE code = ?",
                  (json.dumps(config), json.dumps(seats), int(started), code))

    def add_action(self, code: str, n: int, action: list) -> None:
        self._run("INSERT INTO actions (code, n, action) VALUES (?,?,?)",
                  (code, n, json.dumps(action, separators=(",", ":"))))

    def remove(self, code: str) -> None:
        """Forget a table (its game is over and filed in the history, or it was closed)."""
        self._run("DELETE FROM tables WHERE code = ?", (code,))  # its actions go with it (ON DELETE CASCADE)

    # --- reading ----------------------------------------------------------------------
    def load(self) -> list[StoredTable]:
        """Every table kept, with its actions in order."""
        if self.con is None:
            return []
        out = []
        for code, created, config, seats, seed, started in self.con.execute(
                "SELECT code, created, config, seats, seed, started FROM tables ORDER BY created"):
            actions = [json.loads(a) for (a,) in self.con.execute(
                "SELECT action FROM actions WHERE code = ? ORDER BY n", (code,))]
            out.append(StoredTable(code, created, json.loads(config), json.loads(seats), seed,
                                   bool(started), actions))
        return out
