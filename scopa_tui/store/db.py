"""Statistics and game history in SQLite (the standard library's ``sqlite3``).

One database file, ``DATA_DIR/scopa.sqlite3``:

* ``games``: one row per finished game — when, the rules, who sat where (names, AI
  specs, the human's seat), the result, the whole game record (docs/record-format.md), and
  for a game at a server's table its code (``online``; its people are in the names).
* ``hands``: one row per hand of each game with the human side's points, scope and
  which points it won — what the statistics screen sums up, for all games or for one
  variant (``games.variant``) and number of players.

The schema has a version (``PRAGMA user_version``) and a list of migrations; opening an
older database upgrades it in one transaction.  WAL mode and a busy timeout let two
copies of the app share the file; every write is one short transaction.
A database that is corrupt is moved aside (with its ``-wal``/``-shm`` companions) and a
fresh one is started; one from a newer version, or intact but unreadable (no permission),
or read-only stays where it is, unused or only read; a write
that fails (a full disk) leaves the database as it was and says so.  Every value read
is checked (a damaged row is skipped with one notice).
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import time
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import RecordError
from ..engine import record as records
from ..engine.jsontext import json_loads
from ..engine.rules import PLAYER_COUNTS, sides_for
from ..engine.text import N_, _, ngettext, pgettext
from ..engine.variants import VARIANTS
from ..engine.words import clean_text, shown_name
from .files import Notices, StoreError, describe_os_error, is_read_only, left_alone, quarantine, valid_time
from .saves import GameSetup
from .summary import hand_lines, record_variant

STATS_KIND = N_("statistics file")  # how the notices name the database file


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


def _v2(con: sqlite3.Connection) -> None:
    """Each game's variant, so that the statistics tell the variants apart, and per hand
    whether the human side won Escoba's setenta (the most sevens).

    A stored game counts as what it was: the variant its record's ``game_start`` line
    names, ``scopa`` when it names none (docs/record-format.md).  An Escoba game's hands
    are summed again from its record: no primiera point, the setenta instead.  A record
    that cannot be read leaves its row as plain Scopa (the statistics check it anyway).
    """
    con.execute("ALTER TABLE games ADD COLUMN variant TEXT NOT NULL DEFAULT 'scopa'")
    con.execute("ALTER TABLE hands ADD COLUMN sevens INTEGER NOT NULL DEFAULT 0")
    firsts = con.execute("SELECT id, human_side, substr(record, 1, instr(record, char(10)))"
                         " FROM games WHERE typeof(record) = 'text'").fetchall()
    for row_id, human_side, first in firsts:
        try:
            variant = record_variant(json_loads(first))
        except (ValueError, RecursionError, AttributeError):
            continue  # not a record's first line: plain Scopa
        con.execute("UPDATE games SET variant = ? WHERE id = ?", (variant, row_id))
        if VARIANTS[variant].scoring != "escoba" or not isinstance(human_side, int):
            continue
        (text,) = con.execute("SELECT record FROM games WHERE id = ?", (row_id,)).fetchone()
        try:  # the hand_end lines only: the plays are most of a record, and need no reading here
            start = json_loads(first)
            lines = hand_lines([start] + [json_loads(line) for line in text.splitlines()
                                          if '"hand_end"' in line], human_side)
        except (ValueError, RecursionError, AttributeError, TypeError, KeyError, IndexError):
            continue  # its hands stay as they were stored
        con.executemany("UPDATE hands SET primiera = 0, sevens = ? WHERE game = ? AND hand = ?",
                        [(int(h.sevens), row_id, h.hand) for h in lines])


_ONLINE_ID = re.compile(r"-online-([A-Za-z0-9]{1,40})(?:-[0-9]+)?")  # the end of an online game's id


def online_code(game_id: str) -> str | None:
    """The table code an online game's id ends with (``20261202-194833-online-K7XQ93PA-2``:
    ``K7XQ93PA``, as ``net.messages.game_record_key`` makes it), None for any other id."""
    found = _ONLINE_ID.search(game_id)
    return found.group(1) if found and found.end() == len(game_id) else None


def _v3(con: sqlite3.Connection) -> None:
    """Each game's table at a server (``games.online``: its code; NULL for a game played on
    this computer), so that the history and the statistics say who was played online.  A game
    stored before is online when its id is an online game's (the code at its end)."""
    con.execute("ALTER TABLE games ADD COLUMN online TEXT")
    rows = con.execute("SELECT id, game_id FROM games WHERE typeof(game_id) = 'text'"
                       " AND game_id LIKE '%-online-%'").fetchall()
    con.executemany("UPDATE games SET online = ? WHERE id = ?",
                    [(code, row_id) for row_id, game_id in rows if (code := online_code(game_id)) is not None])


# MIGRATIONS[i] upgrades a database from version i to version i + 1.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1, _v2, _v3]


def schema_version() -> int:
    return len(MIGRATIONS)


_COLUMNS: dict[str, tuple[str, ...]] = {}  # table -> its columns, as MIGRATIONS make them


def _missing_column(con: sqlite3.Connection) -> str | None:
    """The first ``table.column`` of the schema that the file lacks: a file of this schema
    version but another shape (made by hand or by another program) answered every read
    "no such column" and kept every finished game out of the history."""
    if not _COLUMNS:
        with closing(sqlite3.connect(":memory:")) as model:
            for step in MIGRATIONS:
                step(model)
            for (table,) in model.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
                _COLUMNS[table] = tuple(row[1] for row in model.execute(f"PRAGMA table_info({table})"))
    for table, columns in _COLUMNS.items():
        have = {row[1] for row in con.execute(f"PRAGMA table_info({table})")}
        for column in columns:
            if column not in have:
                return f"{table}.{column}"
    return None


def _shape_problem(column: str) -> str:
    # TRANSLATORS: why the statistics file cannot be used; {column} is e.g. "games.id".
    return _("has tables of another shape (no column {column})").format(column=column)


def _integrity_problem(check: tuple | None) -> str | None:
    """What ``PRAGMA quick_check``'s first row says is wrong, in one line (None: "ok"); SQLite
    writes "*** in database main ***" on a line of its own before the damage."""
    if check is not None and check[0] == "ok":
        return None
    answer = " ".join(str(check[0]).split()) if check else _("no answer")
    return _("fails its integrity check ({answer})").format(answer=answer)


def read_only_uri(path: Path, immutable: bool = True) -> str:
    """The URI that opens the database ``path`` read-only, leaving its folder as it was: to
    read a file in WAL mode (as the app writes it) SQLite makes a -shm and a -wal beside it,
    which only a writer removes.  With no -wal or -journal there, the file is the whole
    database, read as ``immutable``: neither is made (but no lock is taken either: see
    :func:`read_only`)."""
    path = path.resolve()  # SQLite keeps them beside the file a symbolic link names
    uri = f"{path.as_uri()}?mode=ro"
    if immutable and not any(os.path.lexists(f"{path}{suffix}") for suffix in ("-wal", "-journal")):
        uri += "&immutable=1"
    return uri


def _written(path: Path) -> tuple | None:
    """What a write to the database ``path`` changes: the file's inode, size and times, and
    whether a -wal or a -journal is beside it (None: no file)."""
    path = os.path.realpath(path)  # they are beside the file a symbolic link names
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns,
            *(os.path.lexists(f"{path}{suffix}") for suffix in ("-wal", "-journal")))


def read_again_if_written(path: Path, attempt: Callable[[bool], Any],
                          unlocked: Callable[[], bool] = lambda: True) -> Any:
    """``attempt(True)``, which reads the database ``path`` immutable where it may
    (:func:`read_only_uri`); ``attempt(False)`` after it, with SQLite's locks, when the file
    was written meanwhile and the first read took no lock (``unlocked()``, asked after it):
    what an immutable read saw of a file another copy of the app wrote may be half old, half
    new, even "malformed"."""
    before = _written(path)
    try:
        result = attempt(True)
    except sqlite3.DatabaseError:
        if not unlocked() or _written(path) == before:
            raise
    else:
        if not unlocked() or _written(path) == before:
            return result
    return attempt(False)


def read_only(path: Path, work: Callable[[sqlite3.Connection], Any]) -> Any:
    """``work(con)``, ``con`` the database ``path`` opened read-only (see
    :func:`read_again_if_written`)."""
    def attempt(immutable: bool) -> Any:
        with closing(sqlite3.connect(read_only_uri(path, immutable), uri=True)) as con:
            return work(con)
    return read_again_if_written(path, attempt)


def damage_seen_reading(con: sqlite3.Connection, version: int) -> str | None:
    """Why the app would move aside as damaged the statistics file that ``con`` reads (of
    schema ``version``, at most this one's), found without writing to it (``export`` only
    reads): it fails its integrity check, its upgrade fails (tried on a copy in memory), or
    its tables are of another shape; None when it can be used."""
    problem = _integrity_problem(con.execute("PRAGMA quick_check").fetchone())
    if problem is not None:
        return problem
    if version == schema_version():
        column = _missing_column(con)
    else:
        with closing(sqlite3.connect(":memory:")) as copy:
            con.backup(copy)
            copy.text_factory = stored_text
            try:
                for step in range(version, schema_version()):
                    MIGRATIONS[step](copy)
            except sqlite3.Error as e:
                return _("cannot be opened ({error})").format(error=describe_db_error(e))
            column = _missing_column(copy)
    return None if column is None else _shape_problem(column)


class NewerDatabase(Exception):
    pass


def _sqlite_words() -> dict[str, str]:
    """SQLite's common failures, by the primary code of their name, in the player's language
    (see :func:`describe_db_error`)."""
    return {"SQLITE_BUSY": _("the file is in use by another program"),
            "SQLITE_LOCKED": _("the file is in use by another program"),
            "SQLITE_FULL": _("No space left on device"),
            "SQLITE_IOERR": _("the disk could not be read or written"),
            "SQLITE_READONLY": _("Read-only file system"),
            "SQLITE_PERM": _("Permission denied"), "SQLITE_AUTH": _("Permission denied"),
            "SQLITE_CANTOPEN": _("the file cannot be opened"),
            "SQLITE_NOTADB": _("the file is not a database"),
            "SQLITE_CORRUPT": _("the file is damaged")}


def describe_db_error(e: BaseException) -> str:
    """What went wrong with the statistics file, in one line and in the player's language:
    SQLite's own words are English ("database or disk is full"), so its common failures have
    words of their own (by ``sqlite_errorname``: ``SQLITE_IOERR_WRITE`` is an ``SQLITE_IOERR``);
    any other keeps SQLite's text after a translated lead-in.  Our own reasons (the file is a
    directory, fails its check) are already in the player's language, and an ``OSError`` is
    :func:`.files.describe_os_error`'s."""
    if isinstance(e, OSError):
        return describe_os_error(e)
    name = getattr(e, "sqlite_errorname", None)
    if not name:
        return str(e)
    parts = name.split("_")
    said = _sqlite_words().get("_".join(parts[:2]))
    if said is not None:
        return said
    # TRANSLATORS: a failure of the statistics database with no words of its own here:
    # {error} is SQLite's text, in English ("no such table: games").
    return _("database error: {error}").format(error=str(e) or name)


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
    variant: str = "scopa"
    online: str | None = None  # the code of the server's table it was played at (None: here)

    @property
    def people(self) -> list[str]:
        """The opponents that people played, by the names their table showed (an online game)."""
        return _names_of_people(GameSetup(self.names, self.ai, self.human_seat), self.players)

    @property
    def result(self) -> str:
        """"won 11-7": the player's side's points first, then the others' in their order ("lost
        4-14-1"); at an online table's second seat it read "won 7-11"."""
        totals = self.totals
        if self.won is not None:
            mine = next((i for i, seats in enumerate(sides_for(self.players)) if self.human_seat in seats), 0)
            totals = [*totals[mine:mine + 1], *totals[:mine], *totals[mine + 1:]]
        score = "-".join(map(str, totals))
        if self.won is None:  # a game between AIs only
            # TRANSLATORS: the history's Result column; {side} is a side's number, {score} e.g. "11-7".
            return _("side {side} won {score}").format(side=self.winner + 1 if self.winner is not None else "?",
                                                        score=score)
        return _("won {score}").format(score=score) if self.won else _("lost {score}").format(score=score)

    @property
    def date(self) -> str:
        """When the game ended, its day in the language's order (``2026-05-28 20:26``,
        Italian ``28/05/2026 20:26``)."""
        when = time.localtime(self.finished_at)
        return f"{day(when)} {time.strftime('%H:%M', when)}"

    def short_date(self, now: float | None = None) -> str:
        """The date in fewer cells, as ``ls -l`` shows a file's: a game of this year (that
        of ``now``) without its year (``05-28 20:26``, Italian ``28/05 20:26``), an older one
        without its time (``2025-05-28``)."""
        when = time.localtime(self.finished_at)
        if when.tm_year == time.localtime(now).tm_year:
            return f"{day(when, year=False)} {time.strftime('%H:%M', when)}"
        return day(when)


def day(when: time.struct_time, year: bool = True) -> str:
    """A day as numbers in the order and with the separator of the player's language (README.md,
    Languages): ``2026-05-28`` in English, ``28/05/2026`` in Italian; ``05-28``, ``28/05``
    without its year."""
    month, mday = f"{when.tm_mon:02}", f"{when.tm_mday:02}"
    if year:
        # TRANSLATORS: a day as numbers (the history, the replay's title): {year} 2026,
        # {month} 05, {day} 28, in your language's order and with its separator: "{day}/{month}/{year}".
        return pgettext("date", "{year}-{month}-{day}").format(year=when.tm_year, month=month, day=mday)
    # TRANSLATORS: a day of this year as numbers, without the year: {month} 05, {day} 28, as
    # "{year}-{month}-{day}" orders them: "{day}/{month}".
    return pgettext("date", "{month}-{day}").format(month=month, day=mday)


@dataclass
class LevelRecord:
    players: int
    opponents: str
    played: int
    won: int
    online: bool = False  # games at a server's table, against ``people`` (by name) and ``opponents``' AIs
    people: tuple[str, ...] = ()


@dataclass
class HandSums:
    """The human side's hands summed: points, scope, and how many of each point it won."""

    hands: int = 0
    points: int = 0
    scope: int = 0
    settebello: int = 0
    primiera: int = 0
    cards: int = 0
    coins: int = 0
    sevens: int = 0  # Escoba's setenta

    def add(self, other: HandSums) -> None:
        for name in HAND_FIELDS:
            setattr(self, name, getattr(self, name) + getattr(other, name))


HAND_FIELDS = tuple(HandSums.__dataclass_fields__)


@dataclass(frozen=True)
class PlayedGame:
    """One game of the human side's record: what the statistics can be chosen by, its result
    and its hands."""

    variant: str
    players: int
    opponents: str
    won: bool
    sums: HandSums = field(default_factory=HandSums)
    online: bool = False  # at a server's table ...
    people: tuple[str, ...] = ()  # ... against these people (their names, in order), and opponents' AIs


@dataclass
class Stats(HandSums):
    """What the statistics screen shows (the human side's record), over ``played``.

    :meth:`only` is the record of one variant, or one number of players, or both;
    ``primiera_hands`` and ``sevens_hands`` are the hands where that point is played
    (Escoba has the setenta and no primiera)."""

    games: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0
    primiera_hands: int = 0
    sevens_hands: int = 0
    by_level: list[LevelRecord] = field(default_factory=list)
    played: list[PlayedGame] = field(default_factory=list)  # oldest first

    @classmethod
    def of(cls, played: list[PlayedGame]) -> Stats:
        """The record of these games (oldest first)."""
        st = cls(played=list(played))
        levels: dict[tuple[int, str, bool, tuple[str, ...]], list[int]] = {}
        run = 0
        for g in played:
            st.games += 1
            st.won += g.won
            run = run + 1 if g.won else 0
            st.best_streak = max(st.best_streak, run)
            # the same people at another table, or in other seats, are the same opponents
            level = levels.setdefault((g.players, g.opponents, g.online, tuple(sorted(g.people))), [0, 0])
            level[0] += 1
            level[1] += g.won
            st.add(g.sums)
            if VARIANTS[g.variant].scoring == "escoba":
                st.sevens_hands += g.sums.hands
            else:
                st.primiera_hands += g.sums.hands
        st.current_streak = run
        st.by_level = [LevelRecord(p, o, n, w, online, people) for (p, o, online, people), (n, w) in sorted(levels.items())]
        return st

    def only(self, variant: str | None = None, players: int | None = None) -> Stats:
        """The record of the games of ``variant`` with ``players`` (None: any)."""
        return Stats.of([g for g in self.played if variant in (None, g.variant) and players in (None, g.players)])

    @property
    def variants(self) -> list[str]:
        """The variants played, in the order of the new-game screen."""
        have = {g.variant for g in self.played}
        return [name for name in VARIANTS if name in have]

    def player_counts(self, variant: str | None = None) -> list[int]:
        """The numbers of players of the games of ``variant`` (None: of any)."""
        return sorted({g.players for g in self.played if variant in (None, g.variant)})

    def per_hand(self, total: int) -> float:
        return total / self.hands if self.hands else 0.0

    @property
    def win_rate(self) -> float:
        return self.won / self.games if self.games else 0.0


def opponents_label(setup: GameSetup, players: int) -> str:
    """The opponents' levels as one label: ``greedy`` or ``greedy + random``; ``human`` for
    people (at a server's table: who they are is in the names, :meth:`HistoryEntry.people`)."""
    opp = setup.opponents(players)
    if not opp:
        return "-"
    names = sorted({o.split(":")[0] for o in opp})
    return " + ".join(names)


# --- checking what is read -------------------------------------------------------------
# Every value read from the database is checked before use: the file may have been
# edited or damaged by something other than this app, and a bad row must cost that row
# (skipped, with one notice), never the screen or the command that shows it.

class DamagedRow(ValueError):
    """A row whose values are not what this app writes."""


_BIG = 1_000_000  # more hands, points or scope than any game has


def stored_text(raw: bytes) -> str | bytes:
    """A text value as read from the file (the connection's ``text_factory``): text that is
    not UTF-8 comes back as its bytes, which every check below refuses as not text, so that
    it costs its own row.  sqlite3's own decoding failed the whole read ("Could not decode to
    UTF-8 column"): one such value hid every game from the history, the statistics and
    ``export``."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw


def _whole(value: Any, lo: int = 0, hi: int = _BIG, nullable: bool = False) -> int | None:
    if value is None and nullable:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise DamagedRow(f"{value!r} is not a whole number from {lo} to {hi}")
    return value


def _flag(value: Any, nullable: bool = False) -> bool | None:
    return None if value is None and nullable else bool(_whole(value, 0, 1))


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise DamagedRow(f"{value!r} is not text")
    return value


def _time(value: Any) -> float:
    when = valid_time(value)
    if when is None:
        raise DamagedRow(f"{value!r} is not a time")
    return when


def _json_list(value: Any, item: Callable[[Any], Any], length: int | None = None) -> list:
    """A JSON list stored as text, each item checked by ``item``."""
    try:
        data = json_loads(_text(value))
    except (ValueError, RecursionError):
        raise DamagedRow(f"{value!r:.40} is not a JSON list") from None
    if not isinstance(data, list) or (length is not None and len(data) != length):
        raise DamagedRow(f"{value!r:.40} is not a list of {length or 'some'} items")
    return [item(x) for x in data]


def _optional_text(value: Any) -> str | None:
    return None if value is None else _text(value)


def _variant(value: Any) -> str:
    if not isinstance(value, str) or value not in VARIANTS:
        raise DamagedRow(f"{value!r:.40} is not a variant")
    return value


def _players(value: Any) -> int:
    if value not in PLAYER_COUNTS or isinstance(value, bool):
        raise DamagedRow(f"{value!r} is not a number of players")
    return value


# A games row as the history and the statistics read it (_entry checks it).
_ENTRY_COLUMNS = ("id, game_id, finished_at, players, names, ai, human_seat, opponents, winner, won, totals, hands,"
                  " variant, online")


def _entry(r: tuple) -> HistoryEntry:
    players = _players(r[3])
    if (r[6] is None) != (r[9] is None):  # a result for the player's side, without their seat, or the other way
        raise DamagedRow(f"human seat {r[6]!r} with result {r[9]!r}")
    return HistoryEntry(
        id=_whole(r[0], 0, 2**63 - 1), game_id=_text(r[1]), finished_at=_time(r[2]), players=players,
        names=_json_list(r[4], _text, players), ai=_json_list(r[5], _optional_text, players),
        human_seat=_whole(r[6], 0, players - 1, nullable=True), opponents=_text(r[7]),
        winner=_whole(r[8], 0, players - 1, nullable=True), won=_flag(r[9], nullable=True),
        totals=_json_list(r[10], _whole), hands=_whole(r[11]), variant=_variant(r[12]),
        online=_code(r[13]))


def _code(value: Any) -> str | None:
    """An online game's table code (None: a game here), as it may be shown: the server's text."""
    if value is None:
        return None
    code = clean_text(_text(value))
    if not code or len(code) > 40:
        raise DamagedRow(f"{value!r:.40} is not a table's code")
    return code


def _played(entry: HistoryEntry) -> PlayedGame:
    """A game of the human side (its ``won`` is set) as the statistics count it; an online
    one is against its people, by name as the history shows them."""
    online = entry.online is not None
    return PlayedGame(entry.variant, entry.players, entry.opponents, bool(entry.won), online=online,
                      people=tuple(entry.people) if online else ())


def _names_of_people(setup: GameSetup, players: int) -> list[str]:
    """The people the human side played, by name as they may be shown (a server's text)."""
    return [shown_name(n) for n in setup.people_against(players)]


class Database:
    """The statistics and history database; every method opens, works and closes."""

    def __init__(self, path: Path, notices: Notices):
        self.path = Path(path)
        self.notices = notices
        self._ready = False
        self._disabled = False  # a bad file that could not be moved aside, or an unreadable one
        self._read_only = False  # an intact file that may be read, not written
        self.timeout = self.BUSY_TIMEOUT  # seconds to wait for another copy's write; the app waits less
        self.busy = False  # the last call failed because another program holds the file
        self.newer = False  # a newer scopa-tui's file, not used in this run nor by this version ever
        self._busy = False  # the busy file has been reported (said once while it lasts)

    @property
    def left_alone(self) -> bool:
        """The file is not written in this run, nor at the next start as it is: read-only,
        unreadable, damaged and not movable, or a newer scopa-tui's (:attr:`newer`)."""
        return self._read_only or self._disabled

    # --- opening --------------------------------------------------------------------
    BUSY_TIMEOUT = 10.0  # seconds a write waits for another copy of the app

    def _connect(self, immutable: bool = True) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self._read_only:
            con = sqlite3.connect(read_only_uri(self.path, immutable), uri=True,
                                  timeout=self.timeout, isolation_level=None)
        else:
            con = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        con.text_factory = stored_text  # a value that is not UTF-8: its row is damaged, not the file
        con.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
        con.execute("PRAGMA foreign_keys = ON")
        return con

    def _prepare(self, con: sqlite3.Connection) -> None:
        (version,) = con.execute("PRAGMA user_version").fetchone()
        if self._read_only:  # read as it is: no check that writes, no upgrade
            if version != schema_version():
                raise sqlite3.OperationalError(_("of schema {version}, where this scopa-tui reads {known}").format(
                    version=version, known=schema_version()))
            if (column := _missing_column(con)) is not None:
                raise sqlite3.OperationalError(_shape_problem(column))
            return
        if version > schema_version():
            raise NewerDatabase(_("is from a newer scopa-tui (schema {version}, this one reads up to {known})")
                                .format(version=version, known=schema_version()))
        problem = _integrity_problem(con.execute("PRAGMA quick_check").fetchone())
        if problem is not None:
            raise sqlite3.DatabaseError(problem)
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
        if (column := _missing_column(con)) is not None:
            raise sqlite3.DatabaseError(_shape_problem(column))  # moved aside, as a damaged file
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

    def _open(self, immutable: bool = True) -> sqlite3.Connection | None:
        """A ready connection, or None (after a notice) when the database cannot be used
        (``immutable``: a read-only one may be, see :func:`read_only`)."""
        self.busy = False
        if self._disabled or not self._may_open():
            return None
        for attempt in range(2):
            con = None
            try:
                if self.path.is_dir():
                    raise sqlite3.DatabaseError(_("is a directory, not a file"))
                if self.path.exists() and not self.path.is_file():  # SQLite would wait on a pipe
                    raise sqlite3.DatabaseError(_("is not a regular file"))
                con = self._connect(immutable)
                if not self._ready:
                    self._prepare_patiently(con)
                    self._ready = True
                    if self._read_only:
                        left_alone(self.notices, STATS_KIND, self.path, _("is read-only"))
                self._busy = False
                return con
            except NewerDatabase as e:
                # Left where it is, for the newer scopa-tui, and not used in this run: moved aside, it
                # was out of that one's sight too, a fresh file in its place (the games finished
                # meanwhile stay in their saves, for the newer one to file: README.md, Where the files are).
                self._close(con)
                left_alone(self.notices, STATS_KIND, self.path, str(e))
                self._disabled = self.newer = True
                return None
            except sqlite3.OperationalError as e:
                self._close(con)
                text = describe_db_error(e)
                if _is_busy(e):
                    self.busy = True
                    if not self._busy:  # once, not at every read while it lasts
                        # (SQLite's words, described, would only say the same again)
                        self.notices.add(_("statistics file {path} is busy (another program is using it)")
                                         .format(path=self.path))
                    self._busy = True
                    return None
                if self._read_only:
                    left_alone(self.notices, STATS_KIND, self.path,
                               _("is read-only and cannot be used as it is ({error})").format(error=text))
                    self._disabled = True
                    return None
                if "full" in str(e) or "disk I/O" in str(e) or attempt:
                    self.notices.add(_("statistics file {path} cannot be used: {error}").format(path=self.path,
                                                                                                error=text))
                    return None
                self._set_aside(_("cannot be opened ({error})").format(error=text))
            except (sqlite3.DatabaseError, OSError) as e:
                self._close(con)
                text = describe_db_error(e)  # "is damaged (the file is damaged)" said it twice
                self._set_aside(_("is damaged") if text == _("the file is damaged")
                                else _("is damaged ({error})").format(error=text))
            if self._disabled:
                return None
        return None

    def _may_open(self) -> bool:
        """Before SQLite opens the file: an intact file we may not read, or may not write,
        is not corrupt.  Unreadable: statistics are off for this run; read-only: they are
        read but nothing is stored.  Either way the file stays where it is."""
        if self._ready:
            return True
        try:
            os.close(os.open(self.path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)))
        except FileNotFoundError:
            return True
        except IsADirectoryError:
            return True  # moved aside by _open
        except OSError as e:
            left_alone(self.notices, STATS_KIND, self.path,
                       _("cannot be read ({error})").format(error=describe_os_error(e)))
            self._disabled = True
            return False
        if not self._read_only and self.path.is_file() and is_read_only(self.path):
            self._read_only = True  # said once it is open (or why it cannot be)
        return True

    @staticmethod
    def _close(con: sqlite3.Connection | None) -> None:
        if con is not None:
            try:
                con.close()
            except sqlite3.Error:  # pragma: no cover
                pass

    def _set_aside(self, problem: str) -> None:
        """Move a damaged file aside (a newer scopa-tui's is left where it is: :meth:`_open`)."""
        try:
            moved = quarantine(self.path)
        except StoreError as e:
            self.notices.add(_("statistics file {path} {problem}; {error}, so statistics are off for this run")
                             .format(path=self.path, problem=problem, error=e))
            self._disabled = True
            return
        for suffix in ("-wal", "-shm"):
            companion = self.path.with_name(self.path.name + suffix)
            if companion.exists():
                try:
                    os.rename(companion, moved.with_name(moved.name + suffix))
                except OSError:
                    pass
        self.notices.add(_("{kind} {path} {problem}; moved it to {name} and started afresh")
                         .format(kind=_(STATS_KIND), path=self.path, problem=problem, name=moved.name))
        self._ready = False

    def _write(self, work: Callable[[sqlite3.Connection], Any], what: str) -> Any:
        con = self._open()
        if self._read_only:  # said once, when it was opened
            self._close(con)
            return None
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
                self.notices.add(_("{what} was not stored in {path}: {error}").format(what=_(what), path=self.path,
                                                                                      error=describe_db_error(e)))
                return None

    def _read(self, work: Callable[[sqlite3.Connection], Any], default: Any) -> Any:
        def attempt(immutable: bool) -> Any:
            con = self._open(immutable)
            if con is None:
                return default
            with closing(con):
                return work(con)

        try:  # a read-only file that changed as it was read is read again, locked
            return read_again_if_written(self.path, attempt, lambda: self._read_only)
        except sqlite3.Error as e:
            self.busy = _is_busy(e)
            self.notices.add(_("statistics file {path} could not be read: {error}").format(path=self.path,
                                                                                          error=describe_db_error(e)))
            return default

    # --- writing --------------------------------------------------------------------
    def add_game(self, game_id: str, record_text: str, setup: GameSetup,
                 finished_at: float | None = None, same_game: str | None = None) -> bool:
        """Store a finished game (idempotent by ``game_id``); True when it is stored.

        ``same_game``: the ids (an SQL ``LIKE`` pattern) the game may have been stored under
        at another moment (an online table's game, filed again by a new app that took the
        seat back at its end): one of them with this very record is this game, stored already.

        Raises :class:`RecordError` when the record is not a finished game.
        """
        games = records.parse(record_text)
        if len(games) != 1 or not games[0].finished:
            raise RecordError("only a single finished game can be stored")
        rg = games[0]
        rules = rg.rules
        events = [obj for _line, obj in rg.lines]
        end = events[-1]
        human_side = rules.side_of(setup.human_seat) if setup.human_seat is not None else None
        won = None if human_side is None else int(end["winner"] == human_side)
        lines = hand_lines(events, human_side) if human_side is not None else []
        n_hands = sum(1 for e in events if e["event"] == "hand_end")
        code = setup.extra.get("online")  # the table's code, for a game at a server's table
        online = (clean_text(code)[:40] or None) if isinstance(code, str) else None
        when = valid_time(finished_at) or time.time()  # a save's own time, when it is a time

        def work(con: sqlite3.Connection) -> bool:
            if con.execute("SELECT 1 FROM games WHERE game_id = ?", (game_id,)).fetchone():
                return True
            if same_game is not None and con.execute(
                    "SELECT 1 FROM games WHERE game_id LIKE ? AND record = ?", (same_game, record_text)).fetchone():
                return True
            cur = con.execute(
                "INSERT INTO games (game_id, finished_at, players, preset, target, names, ai, human_seat,"
                " human_side, opponents, winner, won, totals, hands, record, variant, online)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (game_id, when, rules.players, rules.preset, rules.target, json.dumps(setup.names),
                 json.dumps(setup.ai), setup.human_seat, human_side, opponents_label(setup, rules.players),
                 end["winner"], won, json.dumps(end["totals"]), n_hands, record_text, rules.variant, online))
            con.executemany(
                "INSERT INTO hands (game, hand, points, scope, settebello, primiera, cards, coins, sevens)"
                " VALUES (?,?,?,?,?,?,?,?,?)",
                [(cur.lastrowid, h.hand, h.points, h.scope, int(h.settebello), int(h.primiera),
                  int(h.cards), int(h.coins), int(h.sevens)) for h in lines])
            return True

        return bool(self._write(work, N_("the finished game")))

    # --- reading --------------------------------------------------------------------
    def has_game(self, same_game: str, record_text: str) -> bool | None:
        """A game of these ids (an SQL ``LIKE`` pattern, as :meth:`add_game`'s ``same_game``)
        with this very record is stored already; None when the file cannot be read now."""
        return self._read(lambda con: con.execute("SELECT 1 FROM games WHERE game_id LIKE ? AND record = ?",
                                                  (same_game, record_text)).fetchone() is not None, None)

    def history(self) -> list[HistoryEntry]:
        """Finished games, newest first (damaged rows skipped, with one notice).

        Newest is the last added, not the latest date: a game played with the clock set back
        is dated before the others, and the history and the statistics would have put it
        among them, out of the player's sight (README.md, History and replay)."""
        def work(con):
            rows = con.execute(f"SELECT {_ENTRY_COLUMNS} FROM games ORDER BY id DESC").fetchall()
            out, damaged = [], []
            for r in rows:
                try:
                    out.append(_entry(r))
                except DamagedRow:
                    damaged.append(r[1])
            self._damaged(damaged)
            return out
        return self._read(work, [])

    def _damaged(self, game_ids: list[Any], hand_rows: int = 0) -> None:
        """One notice for all the damaged rows a read skipped."""
        parts = []
        if game_ids:
            named = ", ".join(str(g)[:40] for g in game_ids[:3]) + (", …" if len(game_ids) > 3 else "")
            parts.append(ngettext("{n} damaged game ({names})", "{n} damaged games ({names})", len(game_ids))
                         .format(n=len(game_ids), names=named))
        if hand_rows:
            parts.append(ngettext("{n} damaged hand row", "{n} damaged hand rows", hand_rows).format(n=hand_rows))
        if len(parts) == 2:
            # TRANSLATORS: {games} is e.g. "2 damaged games (g1, g2)", {rows} "3 damaged hand rows".
            self.notices.add(_("statistics file {path}: skipped {games} and {rows}").format(
                path=self.path, games=parts[0], rows=parts[1]))
        elif parts:
            self.notices.add(_("statistics file {path}: skipped {what}").format(path=self.path, what=parts[0]))

    def record(self, entry_id: int) -> str | None:
        """A game's record text, or None (no such game, or not text)."""
        row = self._read(lambda con: con.execute("SELECT record FROM games WHERE id = ?",
                                                 (entry_id,)).fetchone(), None)
        return row[0] if row and isinstance(row[0], str) else None

    def all_records(self) -> list[tuple[dict[str, Any], str]] | None:
        """(metadata, record text) of every finished game, oldest first (for export); None
        when the file cannot be read now (after a notice).

        A game whose record is not text is skipped; damaged metadata is left out.
        """
        def work(con):
            rows = con.execute(
                "SELECT game_id, finished_at, names, ai, human_seat, record FROM games"
                " ORDER BY id").fetchall()
            out, damaged = [], []
            for game_id, finished_at, names, ai, human_seat, text in rows:
                if not isinstance(text, str) or not isinstance(game_id, str):
                    damaged.append(game_id)
                    continue
                try:
                    meta = {"game_id": game_id,
                            "finished_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(_time(finished_at))),
                            "names": _json_list(names, _text), "ai": _json_list(ai, _optional_text),
                            "human_seat": _whole(human_seat, 0, 5, nullable=True)}
                except DamagedRow:
                    meta = {"game_id": game_id}
                out.append((meta, text))
            self._damaged(damaged)
            return out
        return self._read(work, None)

    def stats(self) -> Stats:
        """The human side's record, summed here from checked rows (damaged ones skipped);
        :meth:`Stats.only` chooses a variant or a number of players from it."""
        def work(con):
            damaged: list[Any] = []
            played: list[PlayedGame] = []
            sums: dict[Any, HandSums] = {}  # the counted games' hands, by row id
            # a row is checked as the history checks it (_entry): a game it skips is not counted
            for row in con.execute(f"SELECT {_ENTRY_COLUMNS} FROM games WHERE won IS NOT NULL"
                                   " ORDER BY id"):
                try:
                    game = _played(_entry(row))
                except DamagedRow:
                    damaged.append(row[1])
                    continue
                played.append(game)
                sums[row[0]] = game.sums
            bad_hands = 0
            for row in con.execute("SELECT game, points, scope, settebello, primiera, cards, coins, sevens"
                                   " FROM hands"):
                if row[0] not in sums:  # a damaged game's hands (said with the game)
                    continue
                try:
                    points, scope = _whole(row[1]), _whole(row[2], 0, 40)
                    flags = [int(_flag(v)) for v in row[3:8]]
                except DamagedRow:
                    bad_hands += 1
                    continue
                sums[row[0]].add(HandSums(1, points, scope, *flags))
            self._damaged(damaged, bad_hands)
            return Stats.of(played)
        return self._read(work, Stats())
