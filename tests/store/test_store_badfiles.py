"""Bad files: corrupt, truncated, newer, unreadable.  One line naming the file, the file
moved aside (never deleted), a fresh start; never a traceback, never a silent overwrite.
(An unreadable or read-only file is left where it is: see test_bad_file_matrix.py.)"""

from __future__ import annotations

import builtins
import errno
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import file_game, play, setup_for

from scopa_tui.engine import Game, make_rules
from scopa_tui.store import Store


def aside(directory, name):
    return sorted(p.name for p in directory.iterdir() if p.name.startswith(name + "."))


def one_notice(store, path):
    messages = store.notices.take()
    assert len(messages) == 1, messages
    assert "\n" not in messages[0]
    assert str(path) in messages[0]
    return messages[0]


# --- settings -----------------------------------------------------------------------

@pytest.mark.parametrize("text,words", [
    ('{"version": 1, "theme": "no', "not valid JSON"),  # truncated
    ("[1, 2, 3]", "does not hold a JSON object"),
    ('{"theme": "nord"}', "no valid version"),
    ("[" * 100_000, "nested too deeply"),
    pytest.param('{"version": ' + "1" * 5000 + "}", "a number has 5000 digits (at most 100)",  # not Python's words
                 id="thousands-of-digits"),
])
def test_bad_settings_file(tmp_path, text, words):
    path = tmp_path / "settings.json"
    path.write_text(text)
    store = Store(tmp_path)
    assert store.settings.theme is None  # defaults
    assert words in one_notice(store, path)
    (moved,) = aside(tmp_path, "settings.json")
    assert (tmp_path / moved).read_text() == text  # kept, byte for byte
    assert moved.startswith("settings.json.corrupt-")
    store.update_settings(theme="nord")  # carries on with a fresh file
    assert Store(tmp_path).settings.theme == "nord"


def test_settings_not_utf8(tmp_path):
    (tmp_path / "settings.json").write_bytes(b"\xff\xfe\x00garbage")
    store = Store(tmp_path)
    assert store.settings.ai_delay == 0.8
    assert "is not text" in one_notice(store, tmp_path / "settings.json")


def test_settings_path_is_a_directory(tmp_path):
    (tmp_path / "settings.json").mkdir()
    (tmp_path / "settings.json" / "keep").write_text("x")
    store = Store(tmp_path)
    store.settings
    assert "is a directory" in one_notice(store, tmp_path / "settings.json")
    (moved,) = aside(tmp_path, "settings.json")
    assert (tmp_path / moved / "keep").read_text() == "x"


def test_unreadable_settings_that_cannot_be_moved_are_never_overwritten(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    path.write_text('{"version": 1, "theme": "mine"}')
    real_open = builtins.open

    def denied(file, *args, **kwargs):
        if str(file) == str(path):
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    import os
    monkeypatch.setattr(builtins, "open", denied)
    monkeypatch.setattr(os, "rename", lambda a, b: (_ for _ in ()).throw(PermissionError(errno.EACCES,
                                                                                          "Permission denied")))
    store = Store(tmp_path)
    assert store.settings.theme is None
    message = one_notice(store, path)
    assert "Permission denied" in message and "not written to" in message
    assert store.update_settings(theme="other") is False
    monkeypatch.undo()
    assert json.loads(path.read_text())["theme"] == "mine"


def test_settings_save_on_full_disk(tmp_path, monkeypatch):
    import os
    store = Store(tmp_path)
    store.update_settings(theme="a")
    monkeypatch.setattr(os, "write", lambda fd, data: (_ for _ in ()).throw(OSError(errno.ENOSPC, "full")))
    assert store.update_settings(theme="b") is False
    monkeypatch.undo()
    assert "No space left on device" in one_notice(store, tmp_path / "settings.json")
    assert Store(tmp_path).settings.theme == "a"


# --- saves --------------------------------------------------------------------------

def a_save(tmp_path, moves=10):
    store = Store(tmp_path)
    game = play(Game(make_rules(players=2), seed=4), moves, seed=1)
    store.saves.save(game, setup_for(), "g")
    return store.saves.path("g")


def test_truncated_save(tmp_path):
    path = a_save(tmp_path)
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    store = Store(tmp_path)
    assert store.resumable() is None
    assert "not valid JSON" in one_notice(store, path)
    (moved,) = aside(path.parent, "g.json")
    assert (path.parent / moved).read_text() == text[: len(text) // 2]


def test_save_nested_too_deeply(tmp_path):
    path = a_save(tmp_path)
    path.write_text("[" * 100_000)
    store = Store(tmp_path)
    assert store.resumable() is None
    assert "not valid JSON (nested too deeply)" in one_notice(store, path)
    assert aside(path.parent, "g.json")


def test_save_with_a_number_of_thousands_of_digits(tmp_path):
    path = a_save(tmp_path)
    text = path.read_text()
    path.write_text(text.replace('"saved_at":', '"saved_at":' + "9" * 5000 + ',"was":', 1))
    store = Store(tmp_path)
    assert store.resumable() is None
    message = one_notice(store, path)
    assert "a number has 5000 digits (at most 100)" in message and "Exceeds" not in message


def test_save_with_a_byte_order_mark_resumes(tmp_path):
    path = a_save(tmp_path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    store = Store(tmp_path)
    assert store.resumable().game_id == "g"
    assert store.notices.take() == []


def test_save_whose_record_does_not_replay(tmp_path):
    path = a_save(tmp_path)
    doc = json.loads(path.read_text())
    play_line = next(e for e in doc["record"] if e["event"] == "play")
    play_line["card"] = "7d" if play_line["card"] != "7d" else "1c"  # a card the seat does not hold
    path.write_text(json.dumps(doc))
    store = Store(tmp_path)
    assert store.resumable() is None
    assert "bad game record" in one_notice(store, path)
    assert aside(path.parent, "g.json")


def test_save_with_a_damaged_record_line(tmp_path):
    path = a_save(tmp_path)
    doc = json.loads(path.read_text())
    doc["record"][1] = {"event": "deal", "hand": "one"}
    path.write_text(json.dumps(doc))
    store = Store(tmp_path)
    assert store.resumable() is None
    message = one_notice(store, path)
    assert "line 2" in message and "deal line lacks" in message


@pytest.mark.parametrize("target", [1000, 10**9])
def test_save_with_a_target_no_game_of_the_app_has(tmp_path, target):
    # A hand-edited save to 10**9 points was resumed, where the new-game screen and the
    # command line stop at 999: it is a bad save like any other, one line and moved aside.
    path = a_save(tmp_path)
    doc = json.loads(path.read_text())
    doc["record"][0]["rules"]["target"] = target
    path.write_text(json.dumps(doc))
    before = path.read_bytes()
    store = Store(tmp_path)
    assert store.resumable() is None
    assert f"has a target of {target} points, more than 999; moved it to g.json.corrupt-" in one_notice(store, path)
    (moved,) = aside(path.parent, "g.json")
    assert (path.parent / moved).read_bytes() == before and not path.exists()


def test_save_to_999_points_resumes(tmp_path):
    path = a_save(tmp_path)
    doc = json.loads(path.read_text())
    doc["record"][0]["rules"]["target"] = 999
    path.write_text(json.dumps(doc))
    store = Store(tmp_path)
    assert store.resumable().game.rules.target == 999 and store.notices.take() == []


def test_settings_from_a_newer_version_are_left_for_it(tmp_path):
    # Moved aside as settings.json.newer-TIMESTAMP, they were lost to the newer scopa-tui too.
    path = tmp_path / "settings.json"
    text = '{"version": 9, "theme": "nord"}'
    path.write_text(text)
    store = Store(tmp_path)
    assert store.settings.theme is None  # defaults
    notice = one_notice(store, path)
    assert "newer scopa-tui" in notice and notice.endswith("it is left where it is and not written to in this run")
    store.update_settings(theme="dracula")  # this run's are not saved over them
    assert aside(tmp_path, "settings.json") == [] and path.read_text() == text


def test_save_from_a_newer_version_is_left_for_it(tmp_path):
    # Moved aside as g.json.newer-TIMESTAMP, the game was never offered by the newer scopa-tui.
    path = a_save(tmp_path)
    doc = json.loads(path.read_text())
    doc["version"] = 7
    path.write_text(json.dumps(doc))
    text = path.read_text()
    store = Store(tmp_path)
    assert store.resumable() is None
    notice = one_notice(store, path)
    assert "newer scopa-tui" in notice and notice.endswith("it is left where it is and not written to in this run")
    store.saves.remove("g")
    assert aside(path.parent, "g.json") == [] and path.read_text() == text


def test_save_with_a_bad_setup(tmp_path):
    path = a_save(tmp_path)
    doc = json.loads(path.read_text())
    doc["setup"]["names"] = ["only one"]
    path.write_text(json.dumps(doc))
    store = Store(tmp_path)
    assert store.resumable() is None
    assert "seats" in one_notice(store, path)


def test_a_bad_save_does_not_hide_a_good_one(tmp_path):
    import os
    store = Store(tmp_path)
    game = play(Game(make_rules(players=2), seed=4), 12, seed=1)
    store.saves.save(game, setup_for(), "good")
    os.utime(store.saves.path("good"), (1000, 1000))
    store.saves.path("bad").write_text("{")
    fresh = Store(tmp_path)
    saved = fresh.resumable()
    assert saved.game_id == "good"
    assert len(fresh.notices.take()) == 1


def test_many_damaged_saves_give_one_notice_that_counts_them(tmp_path):
    """30 damaged saves: one line (not 30) with how many, the folder, the names they were
    moved aside as; every file is kept, moved aside byte for byte."""
    saves = tmp_path / "saves"
    saves.mkdir()
    for i in range(30):
        (saves / f"g{i:02}.json").write_text("{not json " + str(i))
    store = Store(tmp_path)
    assert store.resumable() is None
    message = one_notice(store, saves)
    stamp = aside(saves, "g00.json")[0].removeprefix("g00.json")
    assert message == (f"30 saved games in {saves} could not be resumed: 30 damaged, moved aside as "
                       f"*.json{stamp}; nothing was deleted")
    for i in range(30):
        (moved,) = aside(saves, f"g{i:02}.json")
        assert (saves / moved).read_text() == "{not json " + str(i)


def test_bad_saves_of_every_kind_are_counted_apart_in_one_notice(tmp_path, monkeypatch):
    import os

    store = Store(tmp_path)
    game = play(Game(make_rules(players=2), seed=4), 12, seed=1)
    store.saves.save(game, setup_for(), "good")
    os.utime(store.saves.path("good"), (1000, 1000))  # the oldest: the bad ones are read first
    saves = store.saves.dir
    for name in ("a", "b"):
        (saves / f"{name}.json").write_text("{")
    (saves / "new.json").write_text(json.dumps({"format": "scopa-tui-save", "version": 9, "record": []}))
    (saves / "locked.json").write_text("{")
    real_open = os.open

    def denied(file, flags, *args, **kwargs):
        if os.fspath(file) == os.fspath(saves / "locked.json"):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(file))
        return real_open(file, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", denied)
    fresh = Store(tmp_path)
    assert fresh.resumable().game_id == "good"
    message = one_notice(fresh, saves)
    assert aside(saves, "new.json") == []  # left where it is, for the newer scopa-tui
    assert message.startswith(f"4 saved games in {saves} could not be resumed: 2 damaged, moved aside as *.json")
    assert "; 1 from a newer scopa-tui, left where it is; " in message
    assert message.endswith("; 1 that cannot be read or moved, left where it is; nothing was deleted")
    assert (saves / "locked.json").read_text() == "{"  # left where it is


def test_one_bad_save_among_good_ones_keeps_its_own_line(tmp_path):
    path = a_save(tmp_path)
    path.write_text("{")
    store = Store(tmp_path)
    assert store.resumable() is None
    message = one_notice(store, path)
    assert "is not valid JSON" in message and "moved it to g.json.corrupt-" in message


@pytest.mark.parametrize("lang, n, said", [
    ("it", 2, "2 partite salvate in {dir} non si possono riprendere: 2 danneggiate, messe da parte come "
              "*.json{stamp}; non è stato cancellato nulla"),
    ("fr", 2, "2 parties sauvegardées dans {dir} ne peuvent pas être reprises\u00a0: 2 abîmées, déplacées vers "
              "*.json{stamp}\u00a0; rien n'a été supprimé"),
    ("es", 30, "30 partidas guardadas en {dir} no se pudieron reanudar: 30 dañadas, movidas a *.json{stamp}; "
               "no se borró nada"),
    ("tl", 3, "3 naka-save na laro sa {dir} ang hindi maituloy: 3 ang sira, inilipat sa *.json{stamp}; "
              "walang binura"),
])
def test_the_notice_of_many_bad_saves_is_in_the_players_language(tmp_path, lang, n, said):
    from scopa_tui import languages

    saves = tmp_path / "saves"
    saves.mkdir()
    for i in range(n):
        (saves / f"g{i}.json").write_text("[")
    languages.use(lang)
    store = Store(tmp_path)
    assert store.resumable() is None
    stamp = aside(saves, "g0.json")[0].removeprefix("g0.json")
    assert one_notice(store, saves) == said.format(dir=saves, stamp=stamp)


def test_the_names_of_saves_moved_aside_in_different_seconds_are_a_pattern(tmp_path):
    from scopa_tui.store.saves import BadSave, bad_saves_notice

    bad = [BadSave("one", tmp_path / "a.json.corrupt-20261201-101010", "corrupt"),
           BadSave("two", tmp_path / "b.json.corrupt-20261201-101011", "corrupt")]
    assert bad_saves_notice(tmp_path, bad) == (f"2 saved games in {tmp_path} could not be resumed: 2 damaged, "
                                               "moved aside as *.json.corrupt-*; nothing was deleted")
    assert bad_saves_notice(tmp_path, bad[:1]) == "one"
    assert bad_saves_notice(tmp_path, []) is None


# --- statistics database ------------------------------------------------------------

def a_finished_game(store, seed=1):
    return file_game(store, play(Game(make_rules(players=2), seed=seed), seed=seed))


def other_shape(path, version):
    """A database of the schema ``version`` whose table is not the app's (made by hand)."""
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE games (mine TEXT)")
    con.execute("INSERT INTO games VALUES ('kept')")
    con.execute(f"PRAGMA user_version = {version}")
    con.commit()
    con.close()


def test_a_statistics_file_of_this_schema_but_another_shape_is_moved_aside(tmp_path):
    # It was used as it was: every read said "no such column: id", every finished game
    # stayed out of the history, run after run.
    from scopa_tui.store.db import schema_version

    path = tmp_path / "scopa.sqlite3"
    other_shape(path, schema_version())
    store = Store(tmp_path)
    assert store.stats().games == 0
    message = one_notice(store, path)
    assert "is damaged (has tables of another shape (no column games.id)); moved it to" in message
    a_finished_game(store)
    assert store.stats().games == 1 and len(store.history()) == 1 and store.notices.take() == []
    (moved,) = aside(tmp_path, "scopa.sqlite3")
    con = sqlite3.connect(tmp_path / moved)
    assert con.execute("SELECT mine FROM games").fetchall() == [("kept",)]
    con.close()


def test_a_read_only_statistics_file_of_another_shape_is_left_alone(tmp_path):
    from scopa_tui.store.db import schema_version

    path = tmp_path / "scopa.sqlite3"
    other_shape(path, schema_version())
    path.chmod(0o444)
    store = Store(tmp_path)
    assert store.stats().games == 0 and store.history() == []
    message = one_notice(store, path)
    assert "is read-only and cannot be used as it is (has tables of another shape" in message
    assert aside(tmp_path, "scopa.sqlite3") == []


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_corrupt_statistics_file(tmp_path, damage):
    store = Store(tmp_path)
    for seed in range(3):
        a_finished_game(store, seed)
    path = tmp_path / "scopa.sqlite3"
    # Fold the WAL into the main file so that the file holds everything.
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    data = path.read_bytes()
    path.write_bytes(b"this is not a database at all" * 200 if damage == "garbage" else data[: len(data) // 2])
    store = Store(tmp_path)
    stats = store.stats()
    assert stats.games == 0
    message = one_notice(store, path)
    assert "moved it to scopa.sqlite3.corrupt-" in message
    assert "(the file is damaged)" not in message  # "is damaged (the file is damaged)" said it twice
    (moved,) = [n for n in aside(tmp_path, "scopa.sqlite3") if not n.endswith(("-wal", "-shm"))]
    assert (tmp_path / moved).stat().st_size > 0
    a_finished_game(store, 9)  # a fresh database works
    assert Store(tmp_path).stats().games == 1


def test_statistics_from_a_newer_version_are_left_for_it(tmp_path):
    # An older scopa-tui run once on the data directory moved the newer one's statistics file
    # aside and started a fresh one, which the newer one then took for the history: every game
    # of it was out of sight, in scopa.sqlite3.newer-TIMESTAMP.
    from scopa_tui.store.db import schema_version

    store = Store(tmp_path)
    a_finished_game(store)
    path = tmp_path / "scopa.sqlite3"
    con = sqlite3.connect(path)
    con.execute("PRAGMA user_version = 99")
    con.close()
    store = Store(tmp_path)
    assert store.history() == []
    notice = one_notice(store, path)
    assert "newer scopa-tui (schema 99" in notice and notice.endswith("it is left where it is and not written "
                                                                     "to in this run")
    assert aside(tmp_path, "scopa.sqlite3") == []
    game = Game(make_rules(players=2), seed=3)  # a game finished meanwhile stays in its save
    session = store.track(game, setup_for())
    play(game, seed=3)
    assert not session.finished and store.saves.path(session.game_id).exists()
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA user_version = {schema_version()}")  # the newer scopa-tui again
    con.close()
    newer = Store(tmp_path)
    assert newer.resumable() is None  # the saved game filed into the history it reads
    assert len(newer.history()) == 2


def test_a_game_finished_beside_a_newer_statistics_file_is_not_said_filed_next_time(tmp_path):
    # The notice said the game "will be added to the history next time": this version never
    # writes a newer scopa-tui's file, and the next start of it left the game in its save again.
    path = tmp_path / "scopa.sqlite3"
    Store(tmp_path).stats()
    con = sqlite3.connect(path)
    con.execute("PRAGMA user_version = 99")
    con.close()
    store = Store(tmp_path)
    game = Game(make_rules(players=2, target=1), seed=3)
    session = store.track(game, setup_for())
    play(game, seed=3)
    assert game.is_over and not session.finished
    messages = store.notices.take()
    assert not any("next time" in m for m in messages)
    assert messages[-1] == (f"the finished game is kept in the saves, for the newer scopa-tui that wrote {path} "
                            "to add to the history")
    assert store.saves.path(session.game_id).exists()


def test_statistics_path_is_a_directory(tmp_path):
    (tmp_path / "scopa.sqlite3").mkdir()
    store = Store(tmp_path)
    assert store.stats().games == 0
    assert "is a directory" in one_notice(store, tmp_path / "scopa.sqlite3")
    a_finished_game(store)
    assert Store(tmp_path).stats().games == 1


def test_statistics_full_disk_keeps_the_save_for_later(tmp_path, monkeypatch):
    from scopa_tui.store import db as dbmod
    store = Store(tmp_path)
    store.stats()  # create the database

    class FullConnection:
        def __init__(self, con):
            self.con = con

        def execute(self, sql, *args):
            if sql.startswith("INSERT"):
                raise sqlite3.OperationalError("database or disk is full")
            return self.con.execute(sql, *args)

        def __getattr__(self, name):
            return getattr(self.con, name)

    real = dbmod.Database._connect
    monkeypatch.setattr(dbmod.Database, "_connect", lambda self, *args: FullConnection(real(self, *args)))
    game = Game(make_rules(players=2), seed=5)
    session = store.track(game, setup_for())
    play(game, seed=5)
    monkeypatch.undo()
    assert not session.finished
    messages = store.notices.take()
    assert any("disk is full" in m and str(tmp_path / "scopa.sqlite3") in m for m in messages)
    assert store.saves.ids() == [session.game_id]  # the finished game is not lost
    session.close()
    fresh = Store(tmp_path)
    assert fresh.resumable() is None  # ... and is filed on the next start
    assert [h.game_id for h in fresh.history()] == [session.game_id]


def test_a_data_dir_that_is_a_file_stores_nothing_and_says_so_once(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("not a directory")
    store = Store(blocker)
    game = Game(make_rules(players=2), seed=3)
    session = store.track(game, setup_for())
    play(game, seed=3)  # a whole game: saves, the end, history and statistics all refused
    assert not session.finished
    assert store.update_settings(theme="x") is False
    assert store.stats().games == 0 and store.history() == [] and store.resumable() is None
    (message,) = store.notices.take()
    assert message.startswith(f"data directory {blocker} cannot be used (Not a directory)")
    assert blocker.read_text() == "not a directory"


def test_a_data_dir_that_cannot_be_used_leaves_the_statistics_database_unloaded(tmp_path):
    # The database is made on first use (README.md, Benchmark): a data directory that cannot
    # be used made it at start only to turn it off, and loaded sqlite3 before the first frame.
    blocker = tmp_path / "data"
    blocker.write_text("not a directory")
    code = ("import sys\nfrom scopa_tui.store import Store\nStore(sys.argv[1])\n"
            "print(sorted(m for m in ('sqlite3', 'scopa_tui.store.db') if m in sys.modules))")
    run = subprocess.run([sys.executable, "-c", code, str(blocker)], capture_output=True, text=True, timeout=60,
                         cwd=Path(__file__).resolve().parents[2])
    assert (run.returncode, run.stdout, run.stderr) == (0, "[]\n", "")


def test_a_saves_folder_that_is_a_loop_of_links_is_named(tmp_path):
    # The data directory itself was said to be "Not a directory": a loop of links does not
    # exist to Path.exists, and the search for what was in the way went up to the data directory.
    (tmp_path / "saves").symlink_to(tmp_path / "saves")
    store = Store(tmp_path)
    (message,) = store.notices.take()
    assert message == (f"data directory {tmp_path} cannot be used (saves: system error: Too many levels of "
                       "symbolic links): nothing is saved in this run")
    assert (tmp_path / "saves").is_symlink()


@pytest.mark.parametrize("where", ["saves", "data/deeper"])
def test_a_file_where_a_folder_of_the_data_dir_should_be_is_named(tmp_path, where):
    # mkdir said "File exists" of the saves folder, or named the folder under the file; then
    # the saves folder was called the data directory.
    blocker = tmp_path / where.split("/")[0]
    blocker.write_text("mine")
    data_dir = tmp_path / where if "/" in where else tmp_path
    store = Store(data_dir)
    (message,) = store.notices.take()
    named = "saves" if where == "saves" else blocker
    assert message.startswith(f"data directory {data_dir} cannot be used ({named}: Not a directory)"), message
    assert blocker.read_text() == "mine"
