"""The ``replay`` and ``export`` subcommands (their arguments are in :mod:`scopa_tui.cli`)."""

from __future__ import annotations

import errno
import io
import os
import sys

from ..cli import error_line
from ..engine import RecordError
from ..engine.text import _, ngettext
from .files import (RECORD_LIMIT, StoreError, describe_os_error, output_exists_message, read_text, stdout_failed,
                    write_output_text)


class CommandError(Exception):
    """One line for the user; exit status 2."""


def _notices(store) -> None:
    for message in store.notices.take():
        print(f"scopa-tui: {message}", file=sys.stderr)


def load_replay(path: str):
    """The games of a record file, ready for the viewer; raises :class:`CommandError`."""
    from pathlib import Path

    from .frames import load_text

    try:
        text = read_text(Path(path), RECORD_LIMIT)  # a device or a huge file is refused unread
    except StoreError as e:
        # TRANSLATORS: {why} says what is wrong with the file, in the words of the store ("is not a regular file").
        raise CommandError(_("cannot open record file {path}: it {why}").format(path=path, why=e)) from None
    if text is None:
        raise CommandError(_("cannot open record file {path}: no such file").format(path=path))
    names = None
    if text.lstrip().startswith("{") and '"scopa-tui-save"' in text[:200]:
        from .saves import parse_save  # an autosave: replay the game so far

        try:
            doc, text = parse_save(text)
        except ValueError as e:
            raise CommandError(_("{path} is a damaged save: it {why}").format(path=path, why=e)) from None
        setup = doc.get("setup")  # the seats' names are there, not in its record ("Seat 1" else)
        names = setup.get("names") if isinstance(setup, dict) else None
    try:
        return load_text(text, names)
    except (RecordError, ValueError, TypeError) as e:
        raise CommandError(_("{path} is not a playable game record: {why}").format(path=path, why=e)) from None


def cut_notice(path: str, games) -> str | None:
    """The line that says the record ``path`` ends early, its last line cut while it was
    written (a crash, a full disk: ``games.cut``), and the lines before it replayed; None
    where it ends whole."""
    if games.cut is None:
        return None
    # TRANSLATORS: a record file whose last line was cut while it was written (a crash, a full disk).
    return _("{path} ends early, in the middle of line {line} (cut while it was written): the lines before "
             "it are replayed").format(path=path, line=games.cut)


def cmd_replay(args) -> int:
    from . import Store

    try:
        games = load_replay(args.file)
    except CommandError as e:
        print(error_line(e), file=sys.stderr)
        return 2
    from ..ui.crash import refuse_without_terminal

    refused = refuse_without_terminal()  # before the data directory is made or read
    if refused is not None:
        return refused
    store = Store(getattr(args, "data_dir", None))
    settings = store.settings
    from ..ui.persistence import settings_theme

    theme = settings_theme(store)  # one Textual does not know stopped the viewer with a traceback
    _notices(store)
    from ..ui.screens.replay import ReplayApp

    ascii = settings.ascii if getattr(args, "ascii", None) is None else bool(args.ascii)
    deck = getattr(args, "deck", None)
    from pathlib import Path

    from ..engine.words import clean_text

    name = clean_text(Path(args.file).name)  # a file's name may hold ESC too: not for the terminal
    app = ReplayApp(games, _("replay of {name}").format(name=name), ascii=ascii, theme=theme,
                    deck_style=deck, notice=cut_notice(clean_text(args.file), games))
    from ..ui.crash import run_app_reporting

    return run_app_reporting(app, store.dir)  # non-zero after a crash


def _unreadable_stats(where) -> str | None:
    """Why ``export`` cannot read the statistics file in ``where`` as it is (a newer schema,
    not a database, damaged, a folder in its place: Store() would move it aside and start
    afresh, or leave a newer one unused), looked at read-only; None when it can (or there is
    none)."""
    from .paths import STATS_FILE

    path = where / STATS_FILE
    why = _stats_fault(path)
    if why is None:
        return None
    # TRANSLATORS: export: {path} is the statistics file, {why} e.g. "is not an SQLite database".
    return _("scopa-tui: cannot export the statistics file {path}: it {why}; nothing was changed").format(
        path=path, why=why)


def _stats_fault(path) -> str | None:
    """What the app would find wrong with the statistics file ``path`` ("is not an SQLite
    database"), None when nothing (or there is no file)."""
    import sqlite3

    from .db import damage_seen_reading, read_only, schema_version

    if path.is_dir():  # as the app finds it (db.py)
        return _("is a directory, not a file")
    if not path.is_file():  # a named pipe, on which SQLite would wait
        return _("is not a regular file") if path.exists() else None

    def look(con):
        (version,) = con.execute("PRAGMA user_version").fetchone()
        return version, damage_seen_reading(con, version) if version <= schema_version() else None

    try:
        version, damage = read_only(path, look)
    except sqlite3.OperationalError:
        return None  # cannot be opened so (busy, a folder without room for its journal): Store says it
    except sqlite3.DatabaseError:  # "file is not a database"
        return _("is not an SQLite database")
    if damage is not None:
        return damage
    if version <= schema_version():
        return None
    return _("is from a newer scopa-tui (schema {version}, this one reads up to {known})").format(
        version=version, known=schema_version())


def cmd_export(args) -> int:
    from . import Store

    if args.output and not args.force and os.path.isfile(args.output):  # before the history is read
        print(error_line(output_exists_message(args.output)), file=sys.stderr)
        return 2
    from .paths import STATS_FILE, resolve_data_dir

    where = resolve_data_dir(getattr(args, "data_dir", None))
    # Export only reads: a mistyped --data-dir is refused, not made, and a data directory with
    # no statistics file has no finished games (Store() would make saves/ and an empty one there).
    if not where.exists() and getattr(args, "data_dir", None):
        print(_("scopa-tui: cannot read the data directory {where}").format(
            where=f"{where} ({describe_os_error(FileNotFoundError(errno.ENOENT, ''))})"), file=sys.stderr)
        return 2
    try:
        os.lstat(where / STATS_FILE)
    except FileNotFoundError:
        print(_("scopa-tui: no finished games in {path}").format(path=where), file=sys.stderr)
        return 0
    except OSError:
        pass  # a data directory that cannot be used: Store says why
    problem = _unreadable_stats(where)
    if problem is not None:  # Store() would set it aside (or leave a newer one unused): export only reads
        print(problem, file=sys.stderr)
        return 2
    store = Store(getattr(args, "data_dir", None))
    if store.unusable is not None:  # nothing to read there: one line and a failure, not "no games"
        store.notices.take()
        # TRANSLATORS: export: {where} is the folder and why, "/proc/1 (No such file or directory)".
        print(_("scopa-tui: cannot read the data directory {where}").format(where=store.unusable), file=sys.stderr)
        return 2
    if args.output:
        buffer = io.StringIO()
        n = store.export(buffer)
        _notices(store)
        if n is None:  # the file could not be read now (the notice says why): no empty history
            return 2
        try:
            write_output_text(args.output, buffer.getvalue(), force=args.force)
        except StoreError as e:
            print(error_line(e), file=sys.stderr)
            return 2
        print(ngettext("scopa-tui: exported {n} game to {path}", "scopa-tui: exported {n} games to {path}", n)
              .format(n=n, path=args.output), file=sys.stderr)
        return 0
    try:
        n = store.export(sys.stdout)
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into head
        return 0
    except OSError as e:  # > /dev/full, a full disk
        print(error_line(stdout_failed(e)), file=sys.stderr)
        return 2
    _notices(store)
    if n is None:
        return 2
    if n == 0:
        print(_("scopa-tui: no finished games in {path}").format(path=store.dir), file=sys.stderr)
    return 0
