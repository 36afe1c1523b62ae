"""Every kind of file the app reads, times every way it can be bad.

Kinds: the settings file, a save, the statistics database, a record given to ``replay``.
Ways: empty, truncated, random bytes, the wrong JSON type, from a newer version, huge,
a directory or a named pipe in its place, unreadable, read-only, and (the database) locked by another
program.  Expected every time: at most one line naming the file, no traceback, nothing
deleted (the bytes are still on disk, in place or moved aside), an unreadable or
read-only file neither moved nor written, and the app (or the command) goes on.

Unreadable files: the tests run as root, for whom ``chmod 000`` does not stop reads, so
``os.open`` is patched to raise ``PermissionError`` for the file (every read of a data
file goes through ``os.open``, and so does the statistics file's check before SQLite
opens it).  Read-only files are ``chmod 444``: the app treats a file without the owner's
write bit as read-only even for root.
"""

from __future__ import annotations

import errno
import json
import os
import random
import sqlite3

import pytest
from conftest import play, setup_for
from test_store_badfiles import a_finished_game, a_save, aside

from scopa_tui.cli import main
from scopa_tui.engine import Game, make_rules
from scopa_tui.engine import record as records
from scopa_tui.store import Store
from scopa_tui.store.commands import cut_notice, load_replay
from scopa_tui.store.db import Database
from scopa_tui.store.files import RECORD_LIMIT, SAVE_LIMIT, SETTINGS_LIMIT

KINDS = ["settings", "save", "database", "record"]
WAYS = ["empty", "truncated", "random", "json-type", "newer", "huge", "directory", "pipe", "unreadable",
        "read-only", "locked"]
HUGE = {"settings": SETTINGS_LIMIT, "save": SAVE_LIMIT, "database": 100 << 20, "record": RECORD_LIMIT}


def good_file(kind: str, tmp_path):
    """A good file of ``kind`` in ``tmp_path``; returns its path."""
    if kind == "settings":
        path = tmp_path / "settings.json"
        path.write_text('{"version": 1, "theme": "nord"}\n')
    elif kind == "save":
        path = a_save(tmp_path)
    elif kind == "database":
        store = Store(tmp_path)
        a_finished_game(store, 1)
        path = tmp_path / "scopa.sqlite3"
        con = sqlite3.connect(path)  # everything in the main file (no -wal to keep track of)
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        con.close()
    else:
        path = tmp_path / "game.jsonl"
        path.write_text(records.dumps(play(Game(make_rules(players=2), seed=2), seed=2)))
    return path


def spoil(kind: str, way: str, path, monkeypatch):
    """Make the good file at ``path`` bad in ``way``."""
    data = path.read_bytes()
    if way == "empty":
        path.write_bytes(b"")
    elif way == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif way == "random":
        path.write_bytes(random.Random(7).randbytes(3000))
    elif way == "json-type":
        path.write_text("[1, 2, 3]\n")
    elif way == "newer":
        if kind == "database":
            con = sqlite3.connect(path)
            con.execute("PRAGMA user_version = 99")
            con.close()
        elif kind == "record":
            path.write_text(data.decode().replace("scopa-record/1", "scopa-record/2", 1))
        else:
            doc = json.loads(data)
            doc["version"] = 99
            path.write_text(json.dumps(doc))
    elif way == "huge":
        with open(path, "wb") as f:  # sparse: big to the app, nothing on the disk
            f.truncate(HUGE[kind] + 1)
    elif way == "directory":
        path.unlink()
        path.mkdir()
        (path / "keep").write_text("mine")
    elif way == "pipe":  # not a regular file: must be refused without waiting for a writer
        path.unlink()
        os.mkfifo(path)
    elif way == "unreadable":
        real_open = os.open

        def denied(file, flags, *args, **kwargs):
            if os.fspath(file) == os.fspath(path):
                raise PermissionError(errno.EACCES, "Permission denied", os.fspath(file))
            return real_open(file, flags, *args, **kwargs)

        monkeypatch.setattr(os, "open", denied)
    elif way == "read-only":
        path.chmod(0o444)
    elif way == "locked":
        con = sqlite3.connect(path, isolation_level=None)
        con.execute("PRAGMA locking_mode = EXCLUSIVE")
        con.execute("BEGIN EXCLUSIVE")
        monkeypatch.setattr(Database, "BUSY_TIMEOUT", 0.2)
        return con
    return None


def contents(path):
    """What must survive: the bytes of a file, the files of a directory."""
    if path.is_dir():
        return {p.name: p.read_bytes() for p in path.iterdir()}
    if path.is_fifo():
        return "a named pipe"
    if path.stat().st_size > 1 << 20:
        return path.stat().st_size
    return path.read_bytes()


def exercise(kind: str, tmp_path, capsys) -> list[str]:
    """Use the file as the app does, and go on; returns the lines the user was shown."""
    if kind == "record":
        path = tmp_path / "game.jsonl"
        try:
            games = load_replay(str(path))  # a readable record opens in the viewer ...
        except Exception:
            pass
        else:  # ... saying so where it ends early (truncated), its last line cut
            notice = cut_notice(str(path), games)
            return [] if notice is None else [notice]
        assert main(["replay", str(path)]) == 2  # ... anything else: one line, exit status 2
        out, err = capsys.readouterr()
        assert out == "" and "Traceback" not in err
        return err.splitlines()
    store = Store(tmp_path)
    if kind == "settings":
        store.settings
        store.update_settings(theme="other")  # goes on: saves (or, left alone, says why not)
    elif kind == "save":
        store.resumable()
        game = play(Game(make_rules(players=2), seed=9), 5, seed=9)
        session = store.track(game, setup_for())  # goes on: a new game is saved
        assert session.saves == 1
        session.close()
    else:
        store.stats()
        store.history()
        game = play(Game(make_rules(players=2), seed=5), seed=5)  # goes on: stored, or said why not
        stored = store.db.add_game("new", records.dumps(game), setup_for())
        if stored:
            assert store.stats().games >= 1
    return store.notices.take()


CASES = [(k, w) for k in KINDS for w in WAYS if w != "locked" or k == "database"]


@pytest.mark.parametrize("kind,way", CASES, ids=[f"{k}-{w}" for k, w in CASES])
def test_bad_file(tmp_path, monkeypatch, capsys, kind, way):
    path = good_file(kind, tmp_path)
    holder = spoil(kind, way, path, monkeypatch)
    before = contents(path) if way != "unreadable" else path.read_bytes()
    try:
        lines = exercise(kind, tmp_path, capsys)
    finally:
        monkeypatch.undo()
        if holder is not None:
            holder.close()
    quiet = (way == "empty" and kind == "database") or (way == "read-only" and kind == "record")
    if quiet:  # an empty file is a new database; a read-only record is simply read
        assert lines == []
    else:
        assert len(lines) == 1, lines
        assert str(path) in lines[0] and "Traceback" not in lines[0]
        if way == "huge" and kind != "database":  # refused by its size, unread
            assert "is too big" in lines[0]
    moved = [p for p in path.parent.iterdir()
             if p.name.startswith(path.name + ".") and not p.name.endswith(("-wal", "-shm"))]
    if way in ("unreadable", "read-only", "locked", "newer") or kind == "record":
        assert moved == [], "left where it is"
        if way == "read-only":
            path.chmod(0o644)
        assert contents(path) == before, "not written to"
        if way in ("unreadable", "read-only") and kind != "record":
            assert "left where it is and not written to" in lines[0]
    elif not quiet:
        (aside_path,) = moved  # moved aside, never deleted
        assert contents(aside_path) == before


def test_a_bad_save_is_moved_and_a_good_game_goes_on(tmp_path):
    """The matrix's "goes on" for a save, in full: after a bad save is moved aside, a new
    save of the same id is written and resumed."""
    path = a_save(tmp_path)
    path.write_text("[1, 2, 3]")
    store = Store(tmp_path)
    assert store.resumable() is None
    game = play(Game(make_rules(players=2), seed=4), 6, seed=1)
    store.saves.save(game, setup_for(), "g")
    assert Store(tmp_path).resumable().game_id == "g"
    assert aside(path.parent, "g.json")


def test_a_read_only_save_is_resumed_but_never_replaced_or_removed(tmp_path):
    path = a_save(tmp_path)
    before = path.read_bytes()
    path.chmod(0o444)
    store = Store(tmp_path)
    saved = store.resumable()
    assert saved is not None and saved.game_id == "g"
    (message,) = store.notices.take()
    assert str(path) in message and "read-only" in message
    assert store.saves.save(saved.game, saved.setup, "g") is False
    store.saves.remove("g")
    path.chmod(0o644)
    assert path.read_bytes() == before


def test_a_read_only_database_is_read_but_not_written(tmp_path):
    store = Store(tmp_path)
    a_finished_game(store, 1)
    path = tmp_path / "scopa.sqlite3"
    path.chmod(0o444)
    store = Store(tmp_path)
    assert store.stats().games == 1 and len(store.history()) == 1
    game = play(Game(make_rules(players=2), seed=3), seed=3)
    assert store.db.add_game("new", records.dumps(game), setup_for()) is False
    (message,) = store.notices.take()
    assert "is read-only" in message and str(path) in message
    path.chmod(0o644)
    assert Store(tmp_path).stats().games == 1


def test_a_game_finished_beside_a_read_only_database_is_not_said_filed_next_time(tmp_path):
    # The notice said "will be added to the history next time": the next start leaves the
    # read-only file as it is too, and the game in its save.
    store = Store(tmp_path)
    store.stats()
    path = tmp_path / "scopa.sqlite3"
    path.chmod(0o444)
    store = Store(tmp_path)
    game = Game(make_rules(players=2, target=1), seed=3)
    session = store.track(game, setup_for())
    play(game, seed=3)
    assert game.is_over and not session.finished and store.saves.path(session.game_id).exists()
    assert store.notices.take()[-1] == ("the finished game is kept in the saves and will be added to the history "
                                        f"at a start when {path} can be read and written")
    path.chmod(0o644)
    assert Store(tmp_path).resumable() is None  # filed at the next start, the file writable again
    assert len(Store(tmp_path).history()) == 1


def test_a_read_only_database_of_an_older_schema_is_left_alone(tmp_path):
    store = Store(tmp_path)
    a_finished_game(store, 1)
    path = tmp_path / "scopa.sqlite3"
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.execute("PRAGMA user_version = 0")  # as if written by an older version: needs an upgrade
    con.close()
    before = path.read_bytes()
    path.chmod(0o444)
    store = Store(tmp_path)
    assert store.stats().games == 0
    (message,) = store.notices.take()
    assert message.startswith(f"statistics file {path} is read-only and cannot be used as it is")
    path.chmod(0o644)
    assert aside(tmp_path, "scopa.sqlite3") == [] and path.read_bytes() == before
