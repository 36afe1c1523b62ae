"""The server's tables in SQLite (``DATA_DIR/online.sqlite3``): nothing lost on a crash.

A table is its settings, its seats and the seed of its game; the game itself is the list
of actions taken since the start (a play, or dealing the next hand), one row each.  The
seed and the actions rebuild the game exactly through the engine, so the server writes
one small row per move (with, in the same transaction, when the next turn began: its
deadline after a restart) and a ``kill -9`` at any moment loses at most the move being made
(docs/online-protocol.md, "Guarantees").

A finished game that could not be filed in the history (a full disk, a damaged history
file) stays in its table's row until it is filed; when the table's people play again
first, the game moves to ``unfiled`` in the same transaction that replaces the row, and
the server files it later (:meth:`TableStore.unfiled`, :meth:`TableStore.forget_unfiled`);
one that this file cannot take either (the same full disk) is held in memory until it can.

Each person's finished games are kept too (``seat_games``, by a hash of the seat's token),
as that seat saw them, for :data:`SEAT_GAMES_KEEP`: a player away at the end, whose seat
was freed by a rematch or whose table closed meanwhile, asks for them with the token their
app kept (the ``games`` message, docs/online-protocol.md) and files them in their own history.

WAL mode with ``synchronous = NORMAL``: a commit is in the write-ahead log before the
call returns (so it survives the process being killed) without an fsync per move; only a
power cut can take back the last moves.  Every call runs on the server's event loop and
takes well under a millisecond.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..store.db import stored_text
from ..store.store import LOCK_TAKEN, acquire_lock

ONLINE_FILE = "online.sqlite3"
LOCK_FILE = "online.lock"  # locked while a server keeps its tables in the directory
# 2 added ``unfiled``, 3 ``seat_games``, 4 ``tables.turn_began`` and ``chat``; an older file gains them on open
SCHEMA = 4
SEAT_GAMES_KEEP = 30 * 24 * 3600.0  # seconds a person's finished game is kept for them to ask for
SEAT_GAMES_SENT = 5  # the newest of a seat's games at one table that one ``games`` answer holds
SEAT_GAMES_HELD = 2000  # seat games held in memory at most (no file, or a file that cannot take them)

_TABLES = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    created REAL NOT NULL,
    config TEXT NOT NULL,   -- JSON: title, players, preset, target, variant, options, ai levels,
                            -- turn_limit, public, creator
    seats TEXT NOT NULL,    -- JSON: one {name, kind, level, token, left} per seat
    seed INTEGER NOT NULL,
    started INTEGER NOT NULL DEFAULT 0,
    turn_began REAL,        -- when the turn in progress (or the scoring pause) began, seconds since
                            -- the epoch: its deadline after a restart (NULL: an older version's row)
    chat TEXT               -- JSON: the game's newest chat lines, {seat, name, text, at} (NULL: none)
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL REFERENCES tables(code) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    action TEXT NOT NULL,   -- JSON: ["play", card, [capture...]] or ["next"]
    PRIMARY KEY (code, n)
);
CREATE TABLE IF NOT EXISTS unfiled (  -- finished games the history has yet to take
    game_id TEXT PRIMARY KEY,  -- the history's id, made when the game ended
    code TEXT NOT NULL,        -- no reference to tables: the table may close before it is filed
    game INTEGER NOT NULL,     -- the table's game number (1, 2 after a rematch, ...)
    finished REAL NOT NULL,    -- when it ended (seconds since the epoch)
    record TEXT NOT NULL,      -- the scopa-record/1 text
    setup TEXT NOT NULL        -- JSON: who sat where (GameSetup.to_json())
);
CREATE TABLE IF NOT EXISTS seat_games (  -- each person's finished games, for one away at the end
    token TEXT NOT NULL,       -- token_key(): the SHA-256 of the seat's token, never the token
    code TEXT NOT NULL,        -- no reference to tables: they outlive their table
    game INTEGER NOT NULL,     -- the table's game number
    seat INTEGER NOT NULL,
    finished REAL NOT NULL,    -- when it ended (seconds since the epoch)
    tableinfo TEXT NOT NULL,   -- JSON: the table info at the end (names, AI levels, rules)
    events TEXT NOT NULL,      -- JSON: the record lines as that seat saw them (the state's events)
    PRIMARY KEY (token, code, game)
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
    turn_began: float | None = None  # seconds since the epoch; None when not kept
    chat: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class UnfiledGame:
    """A finished game the history could not take: what filing it needs."""

    game_id: str
    code: str
    game: int
    finished: float
    record: str
    setup: dict[str, Any]  # GameSetup.to_json()


@dataclass
class SeatGame:
    """A finished game as one person's seat saw it: what their app files in its history."""

    code: str
    game: int
    seat: int
    finished: float
    table: dict[str, Any]  # the table info at the end
    events: list[dict[str, Any]]  # the record lines as the seat received them

    def to_message(self) -> dict[str, Any]:
        """One entry of the ``games`` message (docs/online-protocol.md)."""
        return {"code": self.code, "game": self.game, "seat": self.seat, "finished": self.finished,
                "table": self.table, "events": self.events}


def token_key(token: str) -> str:
    """What ``seat_games`` keeps of a seat's token: its SHA-256, so the file gives no token away."""
    return hashlib.sha256(token.encode()).hexdigest()


def _damaged(e: sqlite3.DatabaseError) -> bool:
    """The file itself is bad (not a database, a damaged page, a failed integrity check),
    rather than out of reach for now (a full disk, an I/O error, no permission)."""
    name = getattr(e, "sqlite_errorname", None) or ""
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return True
    return not name and not isinstance(e, sqlite3.OperationalError)  # our own integrity check


class TableStore:
    """Tables in progress; ``path`` None keeps nothing (for tests that need no disk)."""

    def __init__(self, directory: Path | None, log: Callable[[str], None] = lambda text: None):
        self.con: sqlite3.Connection | None = None
        self.log = log
        self._failing = False
        self._unreadable: set[Any] = set()  # unfiled games' ids found damaged (said once)
        self._held: dict[str, UnfiledGame] = {}  # unfiled games the file could not take (yet)
        # seat games without a file (no data directory), or that the file could not take: in memory
        self._seat_games: dict[tuple[str, str, int], SeatGame] = {}
        self._lock = None
        self._missing: list[str] = []  # the tables a file of this schema had lost when opened
        if directory is None:
            return
        from ..store.files import make_dirs

        make_dirs(directory)  # a file in the way is NotADirectoryError, not "File exists"
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
        if self._missing:
            # Dropped by hand or by another program: made again empty, which is not what was
            # kept. Without ``actions`` a started table starts again from its deal (its seed).
            what = {"actions": "the started tables start again from their deal",
                    "tables": "its tables are lost"}
            self.log(f"{self.path} had lost its {' and '.join(self._missing)} table"
                     + ("s" if len(self._missing) > 1 else "") + " ("
                     + "; ".join(what.get(name, "what it held is lost") for name in self._missing)
                     + "): made again, empty")

    def _open_or_move_aside(self) -> sqlite3.Connection:
        """The database, or a new one when the file is damaged (moved aside first)."""
        try:
            return self._open()
        except sqlite3.DatabaseError as e:
            if isinstance(e, sqlite3.OperationalError) and "locked" in str(e):
                raise RuntimeError(f"{self.path} is in use by another server") from None
            if not _damaged(e):
                # An intact file that cannot be opened now (a full disk, an I/O error, a
                # read-only file) keeps its tables: it stays as it is, with its WAL.
                raise RuntimeError(f"{self.path} cannot be opened ({e}); it is left as it is") from None
            # Corrupt (not a database, a damaged page): moved aside, never deleted, and
            # the server starts with no tables (as the app does with its own files).
            from ..store.files import StoreError, quarantine

            try:
                moved = quarantine(self.path)
            except StoreError as why:
                raise RuntimeError(f"{self.path} is damaged ({e}) and {why}") from None
            for suffix in ("-wal", "-shm"):  # the WAL's moves go with their file (README.md, Reliability)
                companion = Path(str(self.path) + suffix)
                if companion.exists():
                    try:
                        companion.rename(moved.with_name(moved.name + suffix))
                    except OSError:
                        pass
            self.log(f"{self.path} is damaged ({e}); moved aside as {moved.name}, starting with no tables")
            return self._open()

    def _open(self) -> sqlite3.Connection:
        con = sqlite3.connect(self.path, isolation_level=None, timeout=5.0)
        con.text_factory = stored_text  # text that is not UTF-8 costs its row (load), not every table
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
            self._missing = _missing(con, version)
            con.executescript(_TABLES)
            have = {row[1] for row in con.execute("PRAGMA table_info(tables)")}
            for column, kind in (("turn_began", "REAL"), ("chat", "TEXT")):  # a file of schema 1 to 3
                if column not in have:
                    con.execute(f"ALTER TABLE tables ADD COLUMN {column} {kind}")
            column = _missing_column(con)
            if column is not None:  # made by hand or by another program: every load failed on it
                raise sqlite3.DatabaseError(f"it has tables of another shape (no column {column})")
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

    @property
    def kept(self) -> bool:
        """Tables are kept in a file (a data directory, opened)."""
        return self.con is not None

    def _run(self, sql: str, args: tuple = ()) -> bool:
        """One write; a failure (a full disk, say) is logged once and the tables go on in memory.
        True when made."""
        return self._transaction([(sql, args)])

    def _transaction(self, writes: list[tuple[str, tuple]]) -> bool:
        """Writes made together or not at all (failing as :meth:`_run` does); True when made."""
        if self.con is None:
            return False
        try:
            if len(writes) == 1:
                self.con.execute(*writes[0])
            else:
                self.con.execute("BEGIN IMMEDIATE")
                try:
                    for sql, args in writes:
                        self.con.execute(sql, args)
                    self.con.execute("COMMIT")
                except BaseException:
                    if self.con.in_transaction:
                        self.con.execute("ROLLBACK")
                    raise
            if self._failing:
                self._failing = False
                self.log(f"{self.path} can be written again")
            return True
        except sqlite3.Error as e:
            if not self._failing:
                self._failing = True
                self.log(f"{self.path} cannot be written ({e}): tables go on, but a restart would lose moves")
            return False

    # --- writing ----------------------------------------------------------------------
    def add(self, code: str, created: float, config: dict, seats: list[dict], seed: int) -> bool:
        return self._run("INSERT INTO tables (code, created, config, seats, seed) VALUES (?,?,?,?,?)",
                  (code, created, json.dumps(config), json.dumps(seats), seed))

    def set_seats(self, code: str, config: dict, seats: list[dict], started: bool, turn_began: float) -> bool:
        return self._run("UPDATE tables SET config = ?, seats = ?, started = ?, turn_began = ? WHERE code = ?",
                  (json.dumps(config), json.dumps(seats), int(started), turn_began, code))

    def set_chat(self, code: str, chat: list[dict]) -> bool:
        return self._run("UPDATE tables SET chat = ? WHERE code = ?", (json.dumps(chat), code))

    def add_action(self, code: str, n: int, action: list, turn_began: float) -> bool:
        """The action ``n`` and when the turn after it began, made together."""
        return self._transaction([("INSERT INTO actions (code, n, action) VALUES (?,?,?)",
                                   (code, n, json.dumps(action, separators=(",", ":")))),
                                  ("UPDATE tables SET turn_began = ? WHERE code = ?", (turn_began, code))])

    def remove(self, code: str) -> None:
        """Forget a table (its game is over and filed in the history, or it was closed)."""
        self._run("DELETE FROM tables WHERE code = ?", (code,))  # its actions go with it (ON DELETE CASCADE)

    def replace(self, code: str, created: float, config: dict, seats: list[dict], seed: int,
                unfiled: UnfiledGame | None = None) -> bool:
        """The table afresh for its next game (a rematch): its new seed and no action yet.
        ``unfiled``, the finished game the history has yet to take, is kept apart in the same
        transaction, so that no moment of the file has lost it."""
        writes = [] if unfiled is None else [_keep(unfiled)]
        writes.append(("DELETE FROM tables WHERE code = ?", (code,)))
        writes.append(("INSERT INTO tables (code, created, config, seats, seed) VALUES (?,?,?,?,?)",
                       (code, created, json.dumps(config), json.dumps(seats), seed)))
        if self._transaction(writes):
            return True
        if unfiled is not None and self.con is not None:
            self._held[unfiled.game_id] = unfiled  # the file cannot take it (a full disk): kept in memory
        return False

    def rewrite(self, code: str, created: float, config: dict, seats: list[dict], seed: int, started: bool,
                actions: list[list], turn_began: float, chat: list[dict]) -> bool:
        """The table whole, its row and every action of its game, in one transaction: after a
        write it missed (a full disk for a while), the file holds the game again as it is, where
        the actions written after the gap rebuilt another game, or none ("4s is not in your
        hand"), at the next start.  True when made."""
        writes = [("DELETE FROM tables WHERE code = ?", (code,)),
                  ("INSERT INTO tables (code, created, config, seats, seed, started, turn_began, chat)"
                   " VALUES (?,?,?,?,?,?,?,?)",
                   (code, created, json.dumps(config), json.dumps(seats), seed, int(started), turn_began,
                    json.dumps(chat)))]
        writes += [("INSERT INTO actions (code, n, action) VALUES (?,?,?)",
                    (code, n, json.dumps(action, separators=(",", ":")))) for n, action in enumerate(actions)]
        return self._transaction(writes)

    def forget_unfiled(self, game_id: str) -> None:
        """The kept game is in the history now."""
        self._held.pop(game_id, None)
        self._run("DELETE FROM unfiled WHERE game_id = ?", (game_id,))

    def keep_seat_games(self, games: list[tuple[str, SeatGame]]) -> None:
        """Keep each ``(token, game)`` for its person (once: a restart that finds the table
        over keeps it again, and the first is kept); games older than :data:`SEAT_GAMES_KEEP`
        are forgotten meanwhile."""
        cutoff = time.time() - SEAT_GAMES_KEEP
        for key in [k for k, g in self._seat_games.items() if g.finished < cutoff]:
            del self._seat_games[key]
        writes = [("DELETE FROM seat_games WHERE finished < ?", (cutoff,))]
        for token, g in games:
            writes.append(("INSERT OR IGNORE INTO seat_games (token, code, game, seat, finished, tableinfo, events)"
                           " VALUES (?,?,?,?,?,?,?)",
                           (token_key(token), g.code, g.game, g.seat, g.finished,
                            json.dumps(g.table, separators=(",", ":")), json.dumps(g.events, separators=(",", ":")))))
        if not self._transaction(writes):  # no file, or it cannot take them now: kept in memory
            for token, g in games:
                self._seat_games.setdefault((token_key(token), g.code, g.game), g)
            while len(self._seat_games) > SEAT_GAMES_HELD:  # the oldest go first: memory is not a disk
                del self._seat_games[next(iter(self._seat_games))]

    def seat_games(self, token: str, code: str) -> list[SeatGame]:
        """The finished games the seat of ``token`` played at table ``code``, oldest first, at
        most the newest :data:`SEAT_GAMES_SENT`.  A row that cannot be read is left out."""
        key = token_key(token)
        found = {g.game: g for (k, c, _n), g in self._seat_games.items() if k == key and c == code}
        if self.con is not None:
            try:
                rows = self.con.execute("SELECT game, seat, finished, tableinfo, events FROM seat_games"
                                        " WHERE token = ? AND code = ?", (key, code)).fetchall()
            except sqlite3.Error as e:
                self.log(f"{self.path}: the players' games cannot be read ({e})")
                rows = []
            for game, seat, finished, info, events in rows:
                try:
                    found[game] = SeatGame(code, int(game), int(seat), float(finished), json.loads(info),
                                           json.loads(events))
                except (ValueError, TypeError):
                    continue
        return [found[n] for n in sorted(found)][-SEAT_GAMES_SENT:]

    # --- reading ----------------------------------------------------------------------
    def load(self) -> list[StoredTable]:
        """Every table kept, with its actions in order.  A row that cannot be read (a value
        that is not JSON, or not text) is left in the file, said in the log, and the other
        tables go on: one such row used to keep the server from starting at all, in one line
        that named neither the file nor the table ("Expecting value: line 1 column 1")."""
        if self.con is None:
            return []
        out = []
        for code, created, config, seats, seed, started, began, chat in self.con.execute(
                "SELECT code, created, config, seats, seed, started, turn_began, chat FROM tables"
                " ORDER BY created").fetchall():
            try:
                if not isinstance(code, str):
                    raise ValueError("its code is not text")
                actions = [_json(a) for (a,) in self.con.execute(
                    "SELECT action FROM actions WHERE code = ? ORDER BY n", (code,))]
                if began is not None and not isinstance(began, (int, float)):
                    raise ValueError("its turn_began is not a number")
                chat = [] if chat is None else _json(chat)
                if not isinstance(chat, list):
                    raise ValueError("its chat is not a list")
                out.append(StoredTable(code, created, _json(config), _json(seats), seed, bool(started), actions,
                                       began, chat))
            except (ValueError, RecursionError) as e:
                name = code if isinstance(code, str) else repr(code)
                self.log(f"table {name:.40} in {self.path} cannot be read ({e}); left in the file")
        return out

    def unfiled(self) -> list[UnfiledGame]:
        """The finished games kept for the history, oldest first.  A row that cannot be read
        is left in the file, said once in the log.  A game :meth:`replace` could not write is
        among them, and written now if the file takes it."""
        if self.con is None:
            return []
        for game in list(self._held.values()):
            if self._transaction([_keep(game)]):
                del self._held[game.game_id]
        try:
            rows = self.con.execute("SELECT game_id, code, game, finished, record, setup FROM unfiled"
                                    " ORDER BY finished, game_id").fetchall()
        except sqlite3.Error as e:
            self.log(f"{self.path}: the unfiled games cannot be read ({e}); they stay in the file")
            return list(self._held.values())
        out = []
        for game_id, code, game, finished, record, setup in rows:
            try:
                data = json.loads(setup)
                if not (isinstance(data, dict) and isinstance(record, str) and isinstance(code, str)
                        and isinstance(game, int) and isinstance(finished, (int, float))):
                    raise ValueError("a column holds a value of the wrong type")
            except (ValueError, TypeError) as e:
                if game_id not in self._unreadable:
                    self._unreadable.add(game_id)
                    self.log(f"{self.path}: the unfiled game {game_id} cannot be read ({e}); left in the file")
                continue
            out.append(UnfiledGame(game_id, code, game, float(finished), record, data))
        return out + list(self._held.values())


# The tables each schema version has (SCHEMA): a file of that version without one lost it.
_SINCE = {"tables": 1, "actions": 1, "unfiled": 2, "seat_games": 3}


_COLUMNS: dict[str, list[str]] = {}  # table -> its columns, as _TABLES makes them


def _missing_column(con: sqlite3.Connection) -> str | None:
    """The first ``table.column`` of the schema the file lacks: a file whose ``tables`` has
    other columns stopped the server at its start with a traceback (no such column: code)."""
    if not _COLUMNS:
        with contextlib.closing(sqlite3.connect(":memory:")) as model:
            model.executescript(_TABLES)
            for (table,) in model.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
                _COLUMNS[table] = [row[1] for row in model.execute(f"PRAGMA table_info({table})")]
    for table, columns in _COLUMNS.items():
        have = {row[1] for row in con.execute(f"PRAGMA table_info({table})")}
        missing = [column for column in columns if column not in have]
        if missing:
            return f"{table}.{missing[0]}"
    return None


def _missing(con: sqlite3.Connection, version: int) -> list[str]:
    """The tables a file of schema ``version`` should have and has not (0: a new file)."""
    if version < 1:
        return []
    have = {name for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    return [name for name, since in _SINCE.items() if since <= version and name not in have]


def _json(value: Any) -> Any:
    """A JSON column's value; ``ValueError`` when it is not JSON text."""
    if isinstance(value, bytes):  # a blob, or text that is not UTF-8 (stored_text)
        raise ValueError("a value is not UTF-8 text")
    if not isinstance(value, str):
        raise ValueError(f"a value is {type(value).__name__}, not JSON text")
    return json.loads(value)


def _keep(game: UnfiledGame) -> tuple[str, tuple]:
    """The write that keeps ``game`` for the history (once: its id is its key)."""
    return ("INSERT OR IGNORE INTO unfiled (game_id, code, game, finished, record, setup) VALUES (?,?,?,?,?,?)",
            (game.game_id, game.code, game.game, game.finished, game.record, json.dumps(game.setup)))
