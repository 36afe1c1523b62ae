"""Statistics and game history in SQLite (the standard library's ``sqlite3``).

One database file, ``DATA_DIR/scopa.sqlite3``:

* ``games``: one row per finished game — when, the rules, who sat where (names, AI
  specs, the human's seat), the result, and the whole game record (RULES.md section 9).
* ``hands``: one row per hand of each game with the human side's points, scope and
  which points it won — what the statistics screen sums up.

The schema has a version (``PRAGMA user_version``) and a list of migrations; opening an
older database upgrades it in one transaction.  WAL mode and a busy timeout let two
copies of the app share the file; every write is one short transaction.
A database that is corrupt, unreadable or from a newer version is moved aside (with
its ``-wal``/``-shm`` companions) and a fresh one is started; a write that fails (a full
disk) leaves the database as it was and says so.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import RecordError
from ..engine import record as records
from .files import Notices, StoreError, quarantine
from .saves import GameSetup
from .summary import hand_lines


def _v1(con: sqlite3.Connection) -> None:
    con.execute("""
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game_id TEXT NOT NULL UNIQUE,
            finished_at REAL NOT NULL,
            players INTEGER NOT NULL,
            preset TEXT NOT NULL,
            target INTEGER NOT NULL,
            names TEXT NOT NULL,
            ai TEXT NOT NULL,
            human_seat INTEGER,
            human_side INTEGER,
            opponents TEXT NOT NULL,
            winner INTEGER,
            won INTEGER,
            totals TEXT NOT NULL,
            hands INTEGER NOT NULL,
            record TEXT NOT NULL
        )""")
    con.execute("""
        CREATE TABLE hands (
            game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            hand INTEGER NOT NULL,
            points INTEGER NOT NULL,
            scope INTEGER NOT NULL,
            settebello INTEGER NOT NULL,
            primiera INTEGER NOT NULL,
            cards INTEGER NOT NULL,
            coins INTEGER NOT NULL,
            PRIMARY KEY (game, hand)
        )""")
    con.execute("CREATE INDEX games_finished ON games(finished_at)")


# MIGRATIONS[i] upgrades a database from version i to version i + 1.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1]


def schema_version() -> int:
    return len(MIGRATIONS)


class NewerDatabase(Exception):
    pass


def _is_busy(error: sqlite3.Error) -> bool:
    """Another connection holds the file ("database is locked", "database is busy")."""
    return isinstance(error, sqlite3.OperationalError) and ("locked" in str(error) or "busy" in str(error))


@dataclass
class HistoryEntry:
    """One finished game in the history list."""

    id: int
    game_id: str
    finished_at: float
    players: int
    names: list[str]
    ai: list[str | None]
    human_seat: int | None
    opponents: str
    winner: int | None
    won: bool | None
    totals: list[int]
    hands: int

    @property
    def result(self) -> str:
        score = "-".join(map(str, self.totals))
        if self.won is None:
            return f"side {self.winner + 1 if self.winner is not None else '?'} won {score}"
        return f"won {score}" if self.won else f"lost {score}"

    @property
    def date(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.finished_at))


@dataclass
class LevelRecord:
    players: int
    opponents: str
    played: int
    won: int


@dataclass
class Stats:
    """What the statistics screen shows (the human side's record)."""

    games: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0
    hands: int = 0
    points: int = 0
    scope: int = 0
    settebello: int = 0
    primiera: int = 0
    cards: int = 0
    coins: int = 0
    by_level: list[LevelRecord] = field(default_factory=list)

    def per_hand(self, total: int) -> float:
        return total / self.hands if self.hands else 0.0

    @property
    def win_rate(self) -> float:
        return self.won / self.games if self.games else 0.0


def opponents_label(setup: GameSetup, players: int) -> str:
    """The opponents' levels as one label: ``greedy`` or ``greedy + random``."""
    opp = setup.opponents(players)
    if not opp:
        return "-"
    names = sorted({o.split(":")[0] for o in opp})
    return " + ".join(names)


class Database:
    """The statistics and history database; every method opens, works and closes."""

    def __init__(self, path: Path, notices: Notices):
        self.path = Path(path)
        self.notices = notices
        self._ready = False
        self._disabled = False  # a bad file that could not be moved aside
        self.timeout = 10.0  # seconds to wait for another copy's write; the app waits less
        self.busy = False  # the last call failed because another program holds the file

    # --- opening --------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        con = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        con.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
        con.execute("PRAGMA foreign_keys = ON")
        return con

    def _prepare(self, con: sqlite3.Connection) -> None:
        (version,) = con.execute("PRAGMA user_version").fetchone()
        if version > schema_version():
            raise NewerDatabase(f"is from a newer scopa-tui (schema {version}, this one reads up to "
                                f"{schema_version()})")
        check = con.execute("PRAGMA quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise sqlite3.DatabaseError(f"fails its integrity check ({check[0] if check else 'no answer'})")
        if con.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            con.execute("PRAGMA journal_mode = WAL")
        if version < schema_version():
            con.execute("BEGIN IMMEDIATE")
            try:
                (version,) = con.execute("PRAGMA user_version").fetchone()  # another copy may have done it
                for step in range(version, schema_version()):
                    MIGRATIONS[step](con)
                con.execute(f"PRAGMA user_version = {schema_version()}")
                con.execute("COMMIT")
            except BaseException:
                con.execute("ROLLBACK")
                raise
        con.execute("PRAGMA synchronous = FULL")

    def _prepare_patiently(self, con: sqlite3.Connection) -> None:
        """:meth:`_prepare`, retried for a few seconds while another copy holds the file.

        Switching to WAL mode and WAL recovery can answer "database is locked" at once,
        without waiting for the busy timeout, when two copies open a new file together.
        The retries stop after about :attr:`timeout` seconds: a file that another program
        keeps locked is reported as busy then.
        """
        deadline = time.monotonic() + self.timeout
        for wait in (0.05, 0.1, 0.2, 0.4, 0.8, 1.6, 0):
            try:
                self._prepare(con)
                return
            except sqlite3.OperationalError as e:
                if not wait or not _is_busy(e) or time.monotonic() + wait > deadline:
                    raise
                time.sleep(wait)

    def _open(self) -> sqlite3.Connection | None:
        """A ready connection, or None (after a notice) when the database cannot be used."""
        self.busy = False
        if self._disabled:
            return None
        for attempt in range(2):
            con = None
            try:
                if self.path.is_dir():
                    raise sqlite3.DatabaseError("is a directory, not a file")
                con = self._connect()
                if not self._ready:
                    self._prepare_patiently(con)
                    self._ready = True
                return con
            except NewerDatabase as e:
                self._close(con)
                self._set_aside(str(e), "newer")
            except sqlite3.OperationalError as e:
                self._close(con)
                text = str(e)
                if _is_busy(e):
                    self.busy = True
                    self.notices.add(f"statistics file {self.path} is busy (another scopa-tui?): {text}")
                    return None
                if "full" in text or "disk I/O" in text or attempt:
                    self.notices.add(f"statistics file {self.path} cannot be used: {text}")
                    return None
                self._set_aside(f"cannot be opened ({text})", "corrupt")
            except (sqlite3.DatabaseError, OSError) as e:
                self._close(con)
                self._set_aside(f"is damaged ({e})", "corrupt")
            if self._disabled:
                return None
        return None

    @staticmethod
    def _close(con: sqlite3.Connection | None) -> None:
        if con is not None:
            try:
                con.close()
            except sqlite3.Error:  # pragma: no cover
                pass

    def _set_aside(self, problem: str, reason: str) -> None:
        try:
            moved = quarantine(self.path, reason)
        except StoreError as e:
            self.notices.add(f"statistics file {self.path} {problem}; {e}, so statistics are off for this run")
            self._disabled = True
            return
        for suffix in ("-wal", "-shm"):
            companion = self.path.with_name(self.path.name + suffix)
            if companion.exists():
                try:
                    os.rename(companion, moved.with_name(moved.name + suffix))
                except OSError:
                    pass
        self.notices.add(f"statistics file {self.path} {problem}; moved it to {moved.name} and started afresh")
        self._ready = False

    def _write(self, work: Callable[[sqlite3.Connection], Any], what: str) -> Any:
        con = self._open()
        if con is None:
            return None
        with closing(con):
            try:
                con.execute("BEGIN IMMEDIATE")
                try:
                    result = work(con)
                    con.execute("COMMIT")
                    return result
                except BaseException:
                    if con.in_transaction:
                        con.execute("ROLLBACK")
                    raise
            except sqlite3.Error as e:
                self.busy = _is_busy(e)
                self.notices.add(f"{what} was not stored in {self.path}: {e}")
                return None

    def _read(self, work: Callable[[sqlite3.Connection], Any], default: Any) -> Any:
        con = self._open()
        if con is None:
            return default
        with closing(con):
            try:
                return work(con)
            except sqlite3.Error as e:
                self.busy = _is_busy(e)
                self.notices.add(f"statistics file {self.path} could not be read: {e}")
                return default

    # --- writing --------------------------------------------------------------------
    def add_game(self, game_id: str, record_text: str, setup: GameSetup,
                 finished_at: float | None = None) -> bool:
        """Store a finished game (idempotent by ``game_id``); True when it is stored.

        Raises :class:`RecordError` when the record is not a finished game.
        """
        games = records.parse(record_text)
        if len(games) != 1 or not games[0].finished:
            raise RecordError("only a single finished game can be stored")
        rg = games[0]
        rules = rg.rules
        events = [obj for _, obj in rg.lines]
        end = events[-1]
        human_side = rules.side_of(setup.human_seat) if setup.human_seat is not None else None
        won = None if human_side is None else int(end["winner"] == human_side)
        lines = hand_lines(events, human_side) if human_side is not None else []
        n_hands = sum(1 for e in events if e["event"] == "hand_end")
        when = time.time() if finished_at is None else finished_at

        def work(con: sqlite3.Connection) -> bool:
            if con.execute("SELECT 1 FROM games WHERE game_id = ?", (game_id,)).fetchone():
                return True
            cur = con.execute(
                "INSERT INTO games (game_id, finished_at, players, preset, target, names, ai, human_seat,"
                " human_side, opponents, winner, won, totals, hands, record)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (game_id, when, rules.players, rules.preset, rules.target, json.dumps(setup.names),
                 json.dumps(setup.ai), setup.human_seat, human_side, opponents_label(setup, rules.players),
                 end["winner"], won, json.dumps(end["totals"]), n_hands, record_text))
            con.executemany(
                "INSERT INTO hands (game, hand, points, scope, settebello, primiera, cards, coins)"
                " VALUES (?,?,?,?,?,?,?,?)",
                [(cur.lastrowid, h.hand, h.points, h.scope, int(h.settebello), int(h.primiera),
                  int(h.cards), int(h.coins)) for h in lines])
            return True

        return bool(self._write(work, "the finished game"))

    # --- reading --------------------------------------------------------------------
    def history(self) -> list[HistoryEntry]:
        """Finished games, newest first."""
        def work(con):
            rows = con.execute(
                "SELECT id, game_id, finished_at, players, names, ai, human_seat, opponents, winner, won,"
                " totals, hands FROM games ORDER BY finished_at DESC, id DESC").fetchall()
            out = []
            for r in rows:
                try:
                    out.append(HistoryEntry(r[0], r[1], r[2], r[3], json.loads(r[4]), json.loads(r[5]), r[6],
                                            r[7], r[8], None if r[9] is None else bool(r[9]),
                                            json.loads(r[10]), r[11]))
                except (ValueError, TypeError):
                    self.notices.add(f"statistics file {self.path}: game {r[1]} has a damaged row; skipped")
            return out
        return self._read(work, [])

    def record(self, entry_id: int) -> str | None:
        row = self._read(lambda con: con.execute("SELECT record FROM games WHERE id = ?",
                                                 (entry_id,)).fetchone(), None)
        return row[0] if row else None

    def all_records(self) -> list[tuple[dict[str, Any], str]]:
        """(metadata, record text) of every finished game, oldest first (for export)."""
        def work(con):
            rows = con.execute(
                "SELECT game_id, finished_at, names, ai, human_seat, record FROM games"
                " ORDER BY finished_at, id").fetchall()
            out = []
            for game_id, finished_at, names, ai, human_seat, text in rows:
                try:
                    meta = {"game_id": game_id,
                            "finished_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(finished_at)),
                            "names": json.loads(names), "ai": json.loads(ai), "human_seat": human_seat}
                except (ValueError, TypeError):
                    meta = {"game_id": game_id}
                out.append((meta, text))
            return out
        return self._read(work, [])

    def stats(self) -> Stats:
        def work(con):
            st = Stats()
            results = [r[0] for r in con.execute(
                "SELECT won FROM games WHERE won IS NOT NULL ORDER BY finished_at, id")]
            st.games = len(results)
            st.won = sum(results)
            run = 0
            for w in results:
                run = run + 1 if w else 0
                st.best_streak = max(st.best_streak, run)
            st.current_streak = run
            row = con.execute(
                "SELECT COUNT(*), COALESCE(SUM(points),0), COALESCE(SUM(scope),0), COALESCE(SUM(settebello),0),"
                " COALESCE(SUM(primiera),0), COALESCE(SUM(cards),0), COALESCE(SUM(coins),0) FROM hands").fetchone()
            st.hands, st.points, st.scope, st.settebello, st.primiera, st.cards, st.coins = row
            st.by_level = [LevelRecord(p, o, n, w) for p, o, n, w in con.execute(
                "SELECT players, opponents, COUNT(*), SUM(won) FROM games WHERE won IS NOT NULL"
                " GROUP BY players, opponents ORDER BY players, opponents")]
            return st
        return self._read(work, Stats())
