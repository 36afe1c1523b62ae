"""``scopa-tui export`` and ``scopa-tui replay FILE``: output, and bad files in one line."""

from __future__ import annotations

import json
import os

import pytest
from conftest import file_game, play, setup_for

from scopa_tui.cli import main
from scopa_tui.engine import Game, make_rules
from scopa_tui.engine import record as records
from scopa_tui.store import Store
from scopa_tui.store.commands import CommandError, load_replay
from scopa_tui.ui.screens.replay import ReplayApp, ReplayScreen


def history(tmp_path, seeds=(1, 2, 3)):
    store = Store(tmp_path)
    games = []
    for i, seed in enumerate(seeds):
        g = play(Game(make_rules(players=2 + (i % 2)), seed=seed), seed=seed)
        games.append(file_game(store, g, setup_for(2 + (i % 2)), f"g{seed}", when=1000.0 + i))
    return games


def test_export_writes_every_game_as_json_lines(tmp_path, capsys):
    games = history(tmp_path)
    assert main(["--data-dir", str(tmp_path), "export"]) == 0
    out = capsys.readouterr().out
    lines = [json.loads(line) for line in out.splitlines()]
    starts = [obj for obj in lines if obj["event"] == "game_start"]
    assert [s["scopa_tui"]["game_id"] for s in starts] == ["g1", "g2", "g3"]  # oldest first
    assert starts[1]["scopa_tui"]["names"] == ["You", "AI 1", "AI 2"]
    # The export is a valid multi-game record: each game replays to the same result.
    replayed = records.load(out)
    assert [g.totals for g in replayed] == [g.totals for g in games]
    assert sum(len(records.dumps(g).splitlines()) for g in games) == len(lines)


def test_export_to_a_file_and_data_dir_after_the_subcommand(tmp_path, capsys):
    history(tmp_path, seeds=(4,))
    (tmp_path / "out").mkdir()
    target = tmp_path / "out" / "history.jsonl"
    assert main(["export", "--data-dir", str(tmp_path), "--output", str(target)]) == 0
    err = capsys.readouterr().err
    assert "exported 1 game to" in err
    assert records.load(target.read_text())[0].is_over


def test_export_to_a_dash_writes_to_standard_output(tmp_path, capsys, monkeypatch):
    games = history(tmp_path, seeds=(5,))
    monkeypatch.chdir(tmp_path)
    assert main(["export", "--data-dir", str(tmp_path), "-o", "-"]) == 0
    assert [g.totals for g in records.load(capsys.readouterr().out)] == [games[0].totals]
    assert not (tmp_path / "-").exists()  # no file named "-"


def test_export_makes_no_folder_it_was_not_given(tmp_path, capsys, monkeypatch):
    """A mistyped --output folder or --data-dir was made (an empty file in it, a new
    statistics database): now the one is refused as a missing folder and the other as a
    missing data directory, and neither is made."""
    history(tmp_path / "data", seeds=(4,))
    target = tmp_path / "no" / "such" / "dir" / "x.jsonl"
    assert main(["export", "--data-dir", str(tmp_path / "data"), "--output", str(target)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"scopa-tui: error: could not write {target}: No such file or directory"]
    assert not (tmp_path / "no").exists()
    assert main(["export", "--data-dir", str(tmp_path / "dtaa")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"scopa-tui: cannot read the data directory {tmp_path / 'dtaa'} (No such file or directory)"]
    assert not (tmp_path / "dtaa").exists()
    monkeypatch.setenv("SCOPA_TUI_DATA_DIR", str(tmp_path / "never-used"))  # the default: no games yet
    assert main(["export"]) == 0
    assert "no finished games in" in capsys.readouterr().err and not (tmp_path / "never-used").exists()


def test_a_run_refused_without_a_terminal_changes_nothing_on_disk(tmp_path, capsys, monkeypatch):
    """``scopa-tui --lang it --ascii --ai-delay 5 </dev/null`` was refused but remembered its
    options (later runs spoke Italian); ``replay`` made the data directory."""
    from scopa_tui.ui import terminal

    monkeypatch.setattr(terminal, "terminal_problem", lambda: "the game needs a terminal: standard input is not one")
    assert main(["--data-dir", str(tmp_path / "d"), "--ascii", "--ai-delay", "5"]) == 2
    assert "needs a terminal" in capsys.readouterr().err
    assert not (tmp_path / "d").exists()
    record = tmp_path / "g.jsonl"
    record.write_text(records.dumps(play(Game(make_rules(players=2), seed=3), seed=3)))
    assert main(["--data-dir", str(tmp_path / "r"), "replay", str(record)]) == 2
    assert not (tmp_path / "r").exists()


@pytest.mark.parametrize("holding", ["nothing", "settings", "a save", "an empty statistics file"])
def test_export_of_an_empty_history(tmp_path, capsys, holding):
    # An empty folder given as --data-dir was given saves/ and an empty statistics file:
    # export only reads, and a folder without statistics has no finished games.
    if holding == "settings":
        (tmp_path / "settings.json").write_text('{"version": 1, "theme": "nord"}\n')
    elif holding == "a save":
        Store(tmp_path).saves.save(play(Game(make_rules(players=2), seed=5), 3, seed=5), setup_for(), "g")
    elif holding == "an empty statistics file":
        assert Store(tmp_path).history() == []
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    assert main(["--data-dir", str(tmp_path), "export"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == f"scopa-tui: no finished games in {tmp_path}\n"
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before


def test_export_of_a_history_that_cannot_be_read_now_is_a_failure_not_an_empty_history(tmp_path, capsys,
                                                                                         monkeypatch):
    # Another program held the statistics file (or the disk was full): export said it was
    # busy, then "no finished games", wrote an empty file with --output, and exited 0.
    import sqlite3

    from scopa_tui.store.db import Database

    history(tmp_path)
    con = sqlite3.connect(tmp_path / "scopa.sqlite3", isolation_level=None)
    con.execute("PRAGMA locking_mode = EXCLUSIVE")
    con.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(Database, "BUSY_TIMEOUT", 0.2)
    out = tmp_path / "out.jsonl"
    for to in ([], ["--output", str(out)]):
        assert main(["--data-dir", str(tmp_path), "export", *to]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and not out.exists()
        assert captured.err == (f"scopa-tui: statistics file {tmp_path / 'scopa.sqlite3'} is busy (another program "
                                "is using it)\n")
    con.execute("ROLLBACK")
    con.close()
    assert main(["--data-dir", str(tmp_path), "export", "--output", str(out)]) == 0  # free again
    assert len(records.parse(out.read_text())) == 3


def test_export_from_a_data_directory_that_cannot_be_used_is_one_line_and_a_failure(tmp_path, capsys):
    where = "a-file/below"  # under a file: it cannot be made
    (tmp_path / "a-file").write_text("not a folder")
    out = tmp_path / "out.jsonl"
    assert main(["--data-dir", str(tmp_path / where), "export", "--output", str(out)]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0] == (f"scopa-tui: error: --data-dir {tmp_path / where} cannot be made: "
                                            f"{tmp_path / 'a-file'} is a file")
    assert "no finished games" not in captured.err and not out.exists()
    assert (tmp_path / "a-file").read_text() == "not a folder"


def test_export_over_a_file_in_a_folder_that_takes_no_new_file_says_so(tmp_path, capsys):
    # /proc/version is there: "could not write /proc/version: No such file or directory" was
    # said of the temporary file export makes beside it
    if not os.path.isfile("/proc/version"):  # pragma: no cover - not Linux
        pytest.fail("/proc/version is needed by this test")
    history(tmp_path, seeds=(4,))
    assert main(["--data-dir", str(tmp_path), "export", "--output", "/proc/version", "--force"]) == 2
    assert capsys.readouterr().err == "scopa-tui: error: could not write /proc/version: no new file can be made in /proc\n"


def test_export_through_a_symbolic_link_writes_its_target(tmp_path, capsys):
    history(tmp_path, seeds=(4,))
    target = tmp_path / "kept" / "history.jsonl"
    target.parent.mkdir()
    target.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    assert main(["--data-dir", str(tmp_path), "export", "--output", str(link)]) == 2  # it names a file
    assert target.read_text() == "old\n" and "already exists" in capsys.readouterr().err
    assert main(["--data-dir", str(tmp_path), "export", "--output", str(link), "--force"]) == 0
    assert link.is_symlink()  # it was replaced by a file of its own, the target left as it was
    assert records.load(target.read_text())[0].is_over


def leftovers(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_export_refuses_to_replace_a_file_without_force(tmp_path, capsys):
    # `export -o FILE` replaced whatever FILE held without a word.
    history(tmp_path, seeds=(4,))
    target = tmp_path / "mine.txt"
    target.write_text("my notes\n")
    target.chmod(0o640)
    assert main(["--data-dir", str(tmp_path), "export", "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert err == f"scopa-tui: error: {target} already exists; nothing was written (--force replaces it)\n"
    assert target.read_text() == "my notes\n" and leftovers(tmp_path) == []
    assert main(["--data-dir", str(tmp_path), "export", "-o", str(target), "--force"]) == 0
    assert records.load(target.read_text())[0].is_over
    assert target.stat().st_mode & 0o777 == 0o640 and leftovers(tmp_path) == []  # its mode kept


def test_export_keeps_a_file_that_appears_while_it_writes(tmp_path, capsys, monkeypatch):
    history(tmp_path, seeds=(4,))
    target = tmp_path / "late.jsonl"
    real = Store.export

    def export_then_a_file_appears(self, out):
        n = real(self, out)
        target.write_text("written by someone else\n")
        return n

    monkeypatch.setattr(Store, "export", export_then_a_file_appears)
    assert main(["--data-dir", str(tmp_path), "export", "-o", str(target)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert target.read_text() == "written by someone else\n" and leftovers(tmp_path) == []


def test_an_export_that_fails_mid_write_leaves_no_file(tmp_path, capsys, monkeypatch):
    import errno
    history(tmp_path, seeds=(4,))
    target = tmp_path / "new.jsonl"

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    assert main(["--data-dir", str(tmp_path), "export", "-o", str(target)]) == 2
    assert capsys.readouterr().err.endswith("new.jsonl: No space left on device\n")
    assert not target.exists() and leftovers(tmp_path) == []


def test_an_export_cleans_up_after_one_killed_midway_but_not_after_one_still_writing(tmp_path, capsys):
    # `export -o FILE` killed while it wrote left its hidden temporary file beside FILE, and
    # each export killed so one more, for good: the next export of FILE removes those no one
    # holds, and never one that another export is writing now.
    import fcntl
    import signal
    import subprocess
    import sys
    history(tmp_path, seeds=(4,))
    target = tmp_path / "history.jsonl"
    killed = subprocess.run([sys.executable, "-c",
                             "import os, signal, sys; from scopa_tui.store.files import OutputFile; "
                             "out = OutputFile(sys.argv[1]); out.write('half a game'); out.flush(); "
                             "os.kill(os.getpid(), signal.SIGKILL)", str(target)])
    assert killed.returncode == -signal.SIGKILL
    stale = leftovers(tmp_path)
    assert len(stale) == 1 and stale[0].startswith(".history.jsonl.")
    writing = tmp_path / ".history.jsonl.0123abcd.tmp"
    others = [".other.jsonl.0123abcd.tmp", ".history.jsonl.mine.tmp"]
    for name in [writing.name, *others]:
        (tmp_path / name).write_text("x")
    with open(writing) as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # another export, writing it now
        assert main(["--data-dir", str(tmp_path), "export", "-o", str(target)]) == 0
    assert records.load(target.read_text())[0].is_over
    assert leftovers(tmp_path) == sorted([writing.name, *others])


def test_export_to_a_named_pipe_writes_into_it(tmp_path, capsys):
    # /dev/stdout, /dev/null or a pipe: replaced by a file (a device node, for root), before
    history(tmp_path, seeds=(4,))
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)  # there before the writer: it never waits
    try:
        assert main(["--data-dir", str(tmp_path), "export", "--output", str(pipe)]) == 0
        data = b""
        while chunk := os.read(reader, 1 << 16):
            data += chunk
    finally:
        os.close(reader)
    assert pipe.is_fifo()
    assert records.load(data.decode())[0].is_over
    assert "exported 1 game to" in capsys.readouterr().err


def test_export_to_an_unwritable_place(tmp_path, capsys):
    history(tmp_path, seeds=(4,))
    (tmp_path / "blocker").write_text("a file, not a directory")
    assert main(["--data-dir", str(tmp_path), "export", "-o", str(tmp_path / "blocker" / "x.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("scopa-tui: error: could not write")
    # the file in the way, named: mkdir said "File exists", then the line "Not a directory"
    assert err.endswith(f"x.jsonl: {tmp_path / 'blocker'} is a file\n")


START = json.dumps({"event": "game_start", "format": "scopa-record/1", "rules": make_rules().to_dict(), "seed": 1})
BAD_RECORDS = [
    ("", "holds no game"),
    (START + '\n{"event": "deal"', "line 2: not valid JSON"),  # truncated
    ('{"event":"play","hand":1}\n', "line 1: play line lacks"),
    ('{"event":"game_start","format":"scopa-record/9","rules":{"players":2}}\n', "line 1: format"),
    (START + '\n{"event":"deal","hand":1,"dealer":7,"table":[],"hands":[]}\n', "line 2: 'dealer' is 7"),
    (START + "\n" + "[" * 100_000 + "\n", "line 2: not valid JSON (nested too deeply)"),
]


@pytest.mark.parametrize("text,words", BAD_RECORDS)
def test_replay_of_a_bad_file_is_one_line_and_status_2(tmp_path, capsys, text, words):
    path = tmp_path / "bad.jsonl"
    path.write_text(text)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and words in err, err


def test_replay_of_a_truncated_record_that_does_not_replay(tmp_path, capsys):
    text = records.dumps(history(tmp_path, seeds=(5,))[0])
    lines = text.splitlines()
    play_no = next(i for i, line in enumerate(lines) if '"play"' in line)
    obj = json.loads(lines[play_no])
    obj["seat"] = 1 - obj["seat"]  # the wrong player
    lines[play_no] = json.dumps(obj)
    path = tmp_path / "r.jsonl"
    path.write_text("\n".join(lines))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"line {play_no + 1}:" in err and "turn" in err


@pytest.mark.parametrize("make", ["missing", "directory", "binary", "under a file"])
def test_replay_of_an_unreadable_file(tmp_path, capsys, make):
    path = tmp_path / "rec.jsonl"
    if make == "directory":
        path.mkdir()
    elif make == "binary":
        path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    elif make == "under a file":  # rec.jsonl/game.jsonl: "it cannot be read (Not a directory)"
        path.write_text("")
        path = path / "game.jsonl"
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err
    assert {"missing": "no such file", "directory": "is a directory", "binary": "is not text",
            "under a file": ": no such file"}[make] in err


async def test_replay_file_opens_in_the_viewer(tmp_path):
    game = history(tmp_path, seeds=(6,))[0]
    path = tmp_path / "game.jsonl"
    path.write_text(records.dumps(game))
    games = load_replay(str(path))
    app = ReplayApp(games, f"Replay of {path}")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("end")
        assert app.screen.frame.totals == tuple(game.totals)
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code in (0, None)


async def test_a_replay_title_too_long_for_the_screen_is_cut_with_an_ellipsis(tmp_path):
    # Wrapped, the title showed its first row only, cut between words: "… · replay of" with
    # no file name after it (a save's name is long: 20261207-132452-4b7714fa.json).
    game = history(tmp_path, seeds=(6,))[0]
    path = tmp_path / "20261207-132452-4b7714fa-and-more-words.jsonl"
    path.write_text(records.dumps(game))
    app = ReplayApp(load_replay(str(path)), f"replay of {path.name}")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen.query_one("#replay-title")
        shown = "".join(segment.text for segment in title.render_line(0)).strip()
        assert shown.startswith("Hand 1 · step 1/") and shown.endswith("…"), shown
        assert "replay of 2026" in shown, shown


@pytest.mark.parametrize("cut", [1, 20])
async def test_a_record_whose_last_line_was_cut_says_so_and_replays_what_is_whole(tmp_path, monkeypatch, cut):
    # A record cut in the middle of its last line (a crash while it was written) was refused
    # whole ("line 30: not valid JSON"), or replayed without a word that it ends early.
    import scopa_tui.ui.crash as crash
    import scopa_tui.ui.terminal as terminal

    game = history(tmp_path, seeds=(6,))[0]
    lines = records.dumps(game).split("\n")
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines[:29]) + "\n" + lines[29][:cut])  # line 30 cut
    shown = []
    monkeypatch.setattr(terminal, "terminal_problem", lambda: None)  # a terminal to run in
    monkeypatch.setattr(crash, "run_app_reporting", lambda app, data_dir: shown.append(app) or 0)
    assert main(["--data-dir", str(tmp_path / "data"), "replay", str(path)]) == 0
    (app,) = shown
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        (notice,) = [n.message for n in app._notifications]
        assert notice == (f"{path} ends early, in the middle of line 30 (cut while it was written): the lines "
                          "before it are replayed")
        whole = tmp_path / "whole.jsonl"
        whole.write_text("\n".join(lines[:29]) + "\n")
        steps = [[(f.kind, f.move, f.played, f.table) for f in g.frames]
                 for g in (app.games[0], load_replay(str(whole))[0])]
        assert steps[0] == steps[1]  # every whole line, up to the one cut


def test_a_record_cut_inside_a_character_of_its_last_line_is_a_cut_record(tmp_path):
    # A last line cut between the bytes of one character (a name's é, a ♛) was "not text (bad
    # byte at offset 4410)", the whole record refused; it is a line cut short like any other.
    game = history(tmp_path, seeds=(6,))[0]
    lines = records.dumps(game).split("\n")
    whole = ("\n".join(lines[:29]) + "\n").encode()
    path = tmp_path / "game.jsonl"
    path.write_bytes(whole + '{"event":"chat","text":"Forza Andrè'.encode()[:-1])
    games = load_replay(str(path))
    assert games.cut == 30 and len(games) == 1
    path.write_bytes(whole + b'{"event":"chat","text":"\xff and more"')  # a bad byte, not a cut: no text
    with pytest.raises(CommandError, match="is not text"):
        load_replay(str(path))


async def test_a_record_that_ends_whole_says_nothing_of_its_end(tmp_path):
    game = history(tmp_path, seeds=(6,))[0]
    path = tmp_path / "game.jsonl"
    path.write_text(records.dumps(game).removesuffix("\n"))  # its last line whole, without its newline
    games = load_replay(str(path))
    assert games.cut is None and len(games) == 1
    path.write_text("\n".join(records.dumps(game).split("\n")[:29]) + "\n{}\n")  # a bad line, not a cut one
    with pytest.raises(CommandError, match="line 30"):
        load_replay(str(path))


def test_load_replay_error_type(tmp_path):
    with pytest.raises(CommandError, match="no such file"):
        load_replay(str(tmp_path / "nope.jsonl"))


def test_replay_of_an_autosave_file(tmp_path):
    store = Store(tmp_path)
    game = Game(make_rules(players=2), seed=3)
    session = store.track(game, setup_for())
    play(game, 20, seed=3)
    games = load_replay(str(store.saves.path(session.game_id)))
    frames = games[0].frames
    assert sum(f.kind == "play" for f in frames) == 20
    assert not games[0].finished
    assert games[0].names == ["You", "AI 1"]  # the save's, not "Seat 1", "Seat 2"


def test_replay_of_dev_zero_is_refused_unread(capsys):
    import time
    started = time.monotonic()
    assert main(["replay", "/dev/zero"]) == 2
    assert time.monotonic() - started < 5  # it used to read until memory ran out
    err = capsys.readouterr().err
    assert err == "scopa-tui: error: cannot open record file /dev/zero: it is not a regular file\n"


def test_replay_of_a_named_pipe_does_not_wait_for_a_writer(tmp_path, capsys):
    import os
    pipe = tmp_path / "game.jsonl"
    os.mkfifo(pipe)
    assert main(["replay", str(pipe)]) == 2
    assert "is not a regular file" in capsys.readouterr().err


def test_replay_of_an_oversize_file(tmp_path, capsys):
    from scopa_tui.store.files import RECORD_LIMIT
    path = tmp_path / "big.jsonl"
    with open(path, "wb") as f:  # sparse: over the limit, nothing on the disk
        f.truncate(RECORD_LIMIT + 1)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"scopa-tui: error: cannot open record file {path}: it is too big (over 64 MB)\n"


def test_a_file_that_says_it_is_empty_is_still_read_only_up_to_the_limit():
    from pathlib import Path

    from scopa_tui.store.files import StoreError, read_lines
    status = Path("/proc/self/status")  # size 0 to stat, about a kilobyte to read
    assert status.stat().st_size == 0
    assert len("".join(read_lines(status, 100_000))) > 200
    with pytest.raises(StoreError, match=r"^is too big \(over 200 bytes\)$"):
        read_lines(status, 200)


def test_replay_accepts_a_byte_order_mark(tmp_path):
    game = history(tmp_path, seeds=(4,))[0]
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + records.dumps(game).encode())
    (replay,) = load_replay(str(path))
    assert replay.finished and replay.frames[-1].totals == tuple(game.totals)


@pytest.mark.parametrize("field", ["seed", "hand"])
def test_replay_of_a_number_with_thousands_of_digits(tmp_path, capsys, field):
    text = records.dumps(history(tmp_path, seeds=(4,))[0])
    lines = text.splitlines()
    no = 0 if field == "seed" else 1
    obj = json.loads(lines[no])
    lines[no] = json.dumps(obj).replace(f'"{field}": {obj[field]}', f'"{field}": {"7" * 5000}')
    path = tmp_path / "digits.jsonl"
    path.write_text("\n".join(lines))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == (f"scopa-tui: error: {path} is not a playable game record: line {no + 1}: "
                   "a number has 5000 digits (at most 100)\n")


def test_replay_with_a_theme_textual_does_not_know(tmp_path, monkeypatch, capsys):
    # A settings file naming a theme Textual does not know (a typo, another version's) stopped
    # `scopa-tui replay` with InvalidThemeError's traceback; the game itself used the default.
    from scopa_tui.ui import terminal
    (tmp_path / "settings.json").write_text('{"version": 1, "theme": "nope"}')
    history(tmp_path, seeds=(4,))
    assert main(["--data-dir", str(tmp_path), "export", "-o", str(tmp_path / "g.jsonl")]) == 0
    capsys.readouterr()
    themes = []
    monkeypatch.setattr(ReplayApp, "run", lambda self, **kw: themes.append(self.theme))
    monkeypatch.setattr(terminal, "terminal_problem", lambda: None)
    assert main(["replay", str(tmp_path / "g.jsonl"), "--data-dir", str(tmp_path)]) == 0
    assert themes == ["scopa-felt"]
    err = capsys.readouterr().err
    assert err == f"scopa-tui: settings file {tmp_path / 'settings.json'}: unknown theme 'nope'; using the default\n"


@pytest.mark.parametrize("damage", ["newer", "garbage", "shape", "old shape", "pages"])
def test_export_of_a_statistics_file_it_cannot_read_changes_nothing(tmp_path, capsys, damage):
    # export moved a newer or damaged statistics file aside, made a fresh one and saves/, and
    # said "no finished games" with status 0, where it only reads (and so it still did for a
    # file of tables of another shape, one whose upgrade fails, and damaged pages, which it
    # said in two lines).
    import sqlite3

    path = tmp_path / "scopa.sqlite3"
    if damage in ("shape", "old shape"):
        con = sqlite3.connect(path)
        con.execute("CREATE TABLE games (x)")
        con.execute(f"PRAGMA user_version = {3 if damage == 'shape' else 1}")
        con.commit()
        con.close()
        why = ("it has tables of another shape (no column games.id)" if damage == "shape"
               else "it cannot be opened (database error: no such table: hands)")
    elif damage == "pages":
        store = Store(tmp_path)
        for seed in range(30):
            file_game(store, play(Game(make_rules(), seed=seed), seed=seed), setup_for(), f"g{seed}")
        store.close()
        for extra in tmp_path.iterdir():
            if extra != path:
                (extra.rmdir if extra.is_dir() else extra.unlink)()
        data = bytearray(path.read_bytes())
        middle = len(data) // 2 // 4096 * 4096
        data[middle:middle + 4096] = bytes(range(256)) * 16
        path.write_bytes(bytes(data))
        why = "it fails its integrity check (*** in database main *** "
    elif damage == "newer":
        con = sqlite3.connect(path)
        con.execute("PRAGMA user_version = 99")
        con.commit()
        con.close()
        why = "it is from a newer scopa-tui (schema 99, this one reads up to"
    else:
        path.write_bytes(b"not a database at all, just some bytes of text\n" * 20)
        why = "it is not an SQLite database"
    before = path.read_bytes()
    assert main(["--data-dir", str(tmp_path), "export"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"scopa-tui: cannot export the statistics file {path}: {why}")
    assert err.rstrip().endswith("nothing was changed")
    # read-only in WAL mode, as the app writes it ("pages"), SQLite left a -shm and a -wal beside it
    assert os.listdir(tmp_path) == ["scopa.sqlite3"]
    assert path.read_bytes() == before


@pytest.mark.parametrize("kind, why", [("folder", "is a directory, not a file"), ("pipe", "is not a regular file")])
def test_export_with_no_file_in_the_statistics_file_s_place_changes_nothing(tmp_path, capsys, kind, why):
    # a folder there was moved aside as damaged, saves/ and a fresh database made, and "no
    # finished games" said with status 0, where export only reads (README, History and replay)
    path = tmp_path / "scopa.sqlite3"
    if kind == "folder":
        path.mkdir()
        (path / "mine").write_text("kept")
    else:
        os.mkfifo(path)
    assert main(["--data-dir", str(tmp_path), "export"]) == 2
    assert capsys.readouterr().err == (f"scopa-tui: cannot export the statistics file {path}: it {why}; "
                                       "nothing was changed\n")
    assert os.listdir(tmp_path) == ["scopa.sqlite3"]
    assert kind == "pipe" or os.listdir(path) == ["mine"]


def test_export_of_a_read_only_statistics_file_adds_no_file_beside_it(tmp_path, capsys):
    history(tmp_path, seeds=(4, 5))
    path = tmp_path / "scopa.sqlite3"
    path.chmod(0o444)  # read with SQLite's mode=ro: it left a -shm and a -wal
    before = sorted(os.listdir(tmp_path))
    assert main(["--data-dir", str(tmp_path), "export"]) == 0
    assert len(records.load(capsys.readouterr().out)) == 2
    assert sorted(os.listdir(tmp_path)) == before
def test_export_of_a_statistics_file_that_is_a_link_to_itself_is_one_line(tmp_path, capsys):
    (tmp_path / "scopa.sqlite3").symlink_to(tmp_path / "scopa.sqlite3")
    assert main(["--data-dir", str(tmp_path), "export"]) == 2  # not "no finished games" and status 0
    err = capsys.readouterr().err  # not a traceback ("Symlink loop", as the file was looked at)
    assert err == (f"scopa-tui: statistics file {tmp_path}/scopa.sqlite3 cannot be read (system error: Too many "
                   f"levels of symbolic links); it is left where it is and not written to in this run\n")


def written_while_read(path, monkeypatch, module, name):
    """``module.name`` (a reader of the statistics file ``path``), made to see the file as a
    read without locks can while another copy of the app writes it: the first time, a game is
    stored meanwhile and what was read is "malformed"."""
    import sqlite3

    real = getattr(module, name)
    seen = []

    def torn(con, *args):
        if seen:
            return real(con, *args)
        seen.append(True)
        mode = path.stat().st_mode
        path.chmod(0o644)
        store = Store(path.parent)
        file_game(store, play(Game(make_rules(), seed=9), seed=9), setup_for(), "written meanwhile")
        store.close()
        path.chmod(mode)
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(module, name, torn)


def test_export_while_the_app_writes_the_statistics_file_reads_it_again(tmp_path, capsys, monkeypatch):
    # An immutable read takes no lock: read as another copy of the app stored a game, the file
    # looked damaged, and export refused it ("it is not an SQLite database").
    from scopa_tui.store import db

    history(tmp_path, seeds=(4, 5))
    written_while_read(tmp_path / "scopa.sqlite3", monkeypatch, db, "damage_seen_reading")
    assert main(["--data-dir", str(tmp_path), "export"]) == 0
    assert len(records.load(capsys.readouterr().out)) == 3


def test_a_read_only_statistics_file_written_as_it_is_read_is_read_again(tmp_path, monkeypatch):
    # (read-only for this user: another may write it)
    from scopa_tui.store import db

    history(tmp_path, seeds=(4, 5))
    path = tmp_path / "scopa.sqlite3"
    path.chmod(0o444)
    store = Store(tmp_path)
    written_while_read(path, monkeypatch, db, "_entry")
    assert len(store.history()) == 3  # "could not be read: the file is damaged", and no history
    assert not [line for line in store.notices.take() if "could not be read" in line]
    store.close()


