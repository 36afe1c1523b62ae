"""The scopa-tui command line: bad input, --version, --help, simulate."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys

import pytest

from scopa_tui import __version__
from scopa_tui.cli import build_parser, main
from scopa_tui.engine import make_rules
from scopa_tui.engine.record import load, parse

BAD = [
    (["simulate", "--preset", "nope"], "nope"),
    (["simulate", "--players", "5"], "not 5"),
    (["simulate", "--players", "two"], "two"),
    (["simulate", "--target", "0"], "at least 1"),
    (["simulate", "--target", "1000"], "from 1 to 999"),
    (["simulate", "--ai", "wizard"], "unknown AI 'wizard'"),
    (["simulate", "--ai", "cmd:no-such-program-xyz --flag"], "no program 'no-such-program-xyz' found"),
    (["simulate", "--ai", "greedy,wizard"], "unknown AI 'wizard'"),
    (["simulate", "--ai", "hard:iters=abc"], "iters='abc' is not a whole number"),
    (["simulate", "--ai", "hard:time=soon"], "time='soon' is not a number"),
    (["simulate", "--games", "-3"], "-3"),
    (["simulate", "--games", "0"], "at least 1"),
    (["simulate", "--games", "10000001"], "from 1 to 10000000"),
    (["simulate", "--games", "many"], "many"),
    (["simulate", "--seed", "-1"], "negative"),
    (["simulate", "--preset", "gamerules", "--players", "3"], "the gamerules preset is for 2 or 4 players, not 3"),
    (["simulate", "--frobnicate"], "--frobnicate"),
    (["--players", "5"], "not 5"),
    (["--preset", "gamerules", "--players", "6"], "not 6"),
    (["conquer"], "conquer"),
    (["simulate", "--seed", "9" * 5000], "(5000 characters) is too long a number"),
    (["simulate", "--ai", "greedy,"], "'greedy,' has an empty AI name (a comma too many?)"),
    (["simulate", "--ai", "greedy,,random"], "has an empty AI name"),
    (["simulate", "--ai", "greedy,random,random"], "--ai names 3 AIs, but a 2-player game has 2 seats"),
    (["--ai", "greedy,random"], "--ai names 2 AIs, but a 2-player game has 1 seat besides yours"),
    (["--players", "3", "--ai", "greedy,random,easy"], "a 3-player game has 2 seats besides yours"),
    (["simulate", "--ai", "hard:time=1e308"], "time=1e308 is too big: at most 60 seconds per decision"),
    (["simulate", "--ai", "hard:time=61"], "at most 60 seconds"),
    (["simulate", "--ai", "hard:iters=1" + "0" * 22], "is too big: at most 2000 per decision"),
    (["simulate", "--ai", "hard:iters=" + "1" * 5000], "(5000 characters) is not a whole number"),
]


@pytest.mark.parametrize("argv,says", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_arguments_one_line_exit_2(argv, says, capsys):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("scopa-tui: error: ")
    assert err.count("\n") == 1 and err.endswith("\n")
    assert says in err
    assert "Traceback" not in err


def test_unwritable_record_file(tmp_path, capsys):
    target = tmp_path / "missing-dir" / "out.jsonl"
    assert main(["simulate", "--games", "1", "--record", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("scopa-tui: error: cannot write record file") and err.count("\n") == 1


def test_a_record_file_that_is_a_directory_says_so(tmp_path, capsys):
    # "cannot write record file D: system error: Is a directory", the system's English
    assert main(["simulate", "--games", "1", "--record", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.strip().endswith(f"cannot write record file {tmp_path}: is a directory, not a file")
    assert "system error" not in err and err.count("\n") == 1


def test_budgets_at_the_caps_are_accepted():
    args = build_parser().parse_args(["simulate", "--ai", "hard:time=60,hard:iters=2000"])
    assert args.ai == ["hard:time=60", "hard:iters=2000"]


@pytest.mark.parametrize("target,says", [
    ("/dev/full", "/dev/full: No space left on device"),
    # /proc/version is there: it said "No such file or directory", of the file made beside it
    ("/proc/version", "/proc/version: no new file can be made in /proc"),
    ("/proc/not-there", "/proc/not-there: no new file can be made in /proc"),
])
def test_record_file_that_cannot_be_written(target, says, capsys):
    import os
    if not os.path.exists(os.path.dirname(target)):  # pragma: no cover - not Linux
        pytest.fail(f"{target} is needed by this test")
    assert main(["simulate", "--games", "2", "--record", target, "--force"]) == 2  # /proc/version is a file
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"scopa-tui: error: cannot write record file {says}\n")


def test_a_record_file_named_as_long_as_a_name_may_be_is_written(tmp_path, capsys):
    # its temporary file's name was longer than a name may be: "no new file can be made in …
    # (File name too long)"
    import os
    path = tmp_path / ("à" * 124 + ".jsonl")  # 254 bytes, 130 characters
    assert main(["simulate", "--games", "1", "--record", str(path)]) == 0
    capsys.readouterr()
    assert os.listdir(tmp_path) == [path.name] and len(load(path.read_text())) == 1


def test_a_record_file_below_a_file_is_one_line_and_the_file_kept(tmp_path, capsys):
    import os
    (tmp_path / "a-file").write_text("kept")
    assert main(["simulate", "--games", "1", "--record", str(tmp_path / "a-file" / "x.jsonl"), "--force"]) == 2
    # it said "Not a directory", naming nothing
    assert capsys.readouterr().err == (f"scopa-tui: error: cannot write record file {tmp_path}/a-file/x.jsonl: "
                                       f"{tmp_path}/a-file is a file\n")
    assert os.listdir(tmp_path) == ["a-file"] and (tmp_path / "a-file").read_text() == "kept"


def _run_with_closed(fd: int, *argv: str, data_dir) -> subprocess.CompletedProcess:
    """``scopa-tui ARGV`` started with standard input, output or error (``fd``) closed:
    ``<&-``, ``>&-``, ``2>&-``; what it writes to the other two is captured."""
    import os

    pipes = {0: subprocess.DEVNULL, 1: subprocess.PIPE, 2: subprocess.PIPE}
    pipes[fd] = None
    return subprocess.run([sys.executable, "-m", "scopa_tui", *argv], stdin=pipes[0], stdout=pipes[1],
                          stderr=pipes[2], preexec_fn=lambda: os.close(fd), text=True, timeout=120,
                          env={**os.environ, "SCOPA_TUI_DATA_DIR": str(data_dir)})


def test_a_closed_standard_output_is_one_line_not_output_lost(tmp_path):
    # >&-: Python's sys.stdout is None, and print() to it wrote nothing: simulate's summary went
    # nowhere with exit status 0, as if it had been read.
    run = _run_with_closed(1, "simulate", "--games", "1", data_dir=tmp_path)
    assert (run.returncode, run.stderr) == (2, "scopa-tui: error: cannot write to standard output: it is closed\n")


@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["export", "--help"]])
def test_help_with_standard_output_closed_is_one_line(argv, tmp_path):
    run = _run_with_closed(1, *argv, data_dir=tmp_path)  # >&-: argparse wrote it to standard error, status 0
    assert (run.returncode, run.stderr) == (2, "scopa-tui: error: cannot write to standard output: it is closed\n")


def test_help_into_a_pipe_read_no_further_is_no_error(tmp_path):
    # | head: the reader gone is no failure of the command, as for simulate's summary
    reader = subprocess.Popen(["true"], stdin=subprocess.PIPE)
    reader.wait()
    run = subprocess.run([sys.executable, "-m", "scopa_tui", "--help"], stdout=reader.stdin, stderr=subprocess.PIPE,
                         text=True, timeout=120, env={**os.environ, "SCOPA_TUI_DATA_DIR": str(tmp_path)})
    reader.stdin.close()
    assert (run.returncode, run.stderr) == (0, "")


def test_help_loads_the_rules_and_the_settings_not_the_game(tmp_path):
    # --help words the variants and the rules in the language of the settings: the game,
    # records, player views and the writing of files load with the commands that use them
    # (engine/__init__.py imports each name on first use).
    (tmp_path / "settings.json").write_text('{"version": 1, "language": "it"}')
    unused = ["scopa_tui.engine.game", "scopa_tui.engine.record", "scopa_tui.engine.view", "tempfile"]
    code = ("import sys\nfrom scopa_tui.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m in sys.argv[1:]))")
    run = subprocess.run([sys.executable, "-c", code, *unused], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "SCOPA_TUI_DATA_DIR": str(tmp_path)})
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("uso: scopa-tui")  # the help, in the settings' language
    assert run.stdout.splitlines()[-1] == "[]"


def test_a_bot_with_standard_input_closed_is_one_line(tmp_path):
    run = _run_with_closed(0, "bot", "--level", "easy", data_dir=tmp_path)  # <&-: it was a traceback
    assert (run.returncode, run.stdout, run.stderr) == (2, "", "scopa-tui: error: cannot read standard input: it is closed\n")


def test_a_closed_standard_error_does_not_lend_its_number_to_a_pipe(tmp_path):
    # 2>&-: the first pipe opened took number 2, a bot's standard error went into it and the bot
    # died of a broken pipe; then the fault line met sys.stderr None: no summary, a traceback.
    bot = tmp_path / "talking_bot.py"
    bot.write_text("import json, sys\n"
                   "for line in sys.stdin:\n"
                   "    m = json.loads(line)\n"
                   "    print('got', m['type'], file=sys.stderr, flush=True)\n"
                   "    if m['type'] == 'hello':\n"
                   "        print(json.dumps({'type': 'hello', 'protocol': 'scopa-bot/1', 'name': 'T'}), flush=True)\n"
                   "    elif m['type'] == 'move':\n"
                   "        print(json.dumps({'type': 'move', 'id': m['id'], **m['legal'][0]}), flush=True)\n"
                   "    elif m['type'] == 'quit':\n"
                   "        break\n")
    run = _run_with_closed(2, "simulate", "--games", "2", "--json", "--ai", f"cmd:{sys.executable} {bot},random",
                           data_dir=tmp_path)
    assert run.returncode == 0
    summary = json.loads(run.stdout)
    assert [ai["faults"] for ai in summary["ai"]] == [0, 0]


def test_record_file_that_exists_is_refused_without_force(tmp_path, capsys):
    # `simulate --record FILE` replaced whatever FILE held without a word.
    target = tmp_path / "notes.txt"
    target.write_text("mine\n")
    assert main(["simulate", "--games", "2", "--record", str(target)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"scopa-tui: error: {target} already exists; nothing was written (--force replaces it)\n"
    assert target.read_text() == "mine\n" and list(tmp_path.iterdir()) == [target]
    assert main(["simulate", "--games", "2", "--record", str(target), "--force"]) == 0
    assert len(load(target.read_text())) == 2 and list(tmp_path.iterdir()) == [target]


def test_a_new_record_file_has_the_usual_mode(tmp_path):
    import os
    umask = os.umask(0o027)
    try:
        assert main(["simulate", "--games", "1", "--record", str(tmp_path / "r.jsonl")]) == 0
    finally:
        os.umask(umask)
    assert (tmp_path / "r.jsonl").stat().st_mode & 0o777 == 0o640  # as open() makes it, not mkstemp's 0o600


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_simulation_stopped_midway_leaves_no_half_record(tmp_path, monkeypatch, jobs):
    from scopa_tui import simulate
    real, played = simulate.play_game, []

    def play_then_ctrl_c(*args):
        played.append(real(*args))
        if len(played) == 3:
            raise KeyboardInterrupt
        return played[-1]

    if jobs == "1":
        monkeypatch.setattr(simulate, "play_game", play_then_ctrl_c)
    else:  # the parent writes the chunks' records: Ctrl-C as it writes the second
        from scopa_tui import cli
        real_write = cli._RecordFile.write

        def write_then_ctrl_c(self, text):
            played.append(real_write(self, text))
            if len(played) == 60:
                raise KeyboardInterrupt

        monkeypatch.setattr(cli._RecordFile, "write", write_then_ctrl_c)
    target = tmp_path / "r.jsonl"
    assert main(["simulate", "--games", "100", "--jobs", jobs, "--record", str(target)]) == 130
    assert list(tmp_path.iterdir()) == []  # neither the games so far nor a temporary file


def test_sigterm_during_a_simulation_leaves_no_file(tmp_path):
    import os
    import signal
    import time
    proc = subprocess.Popen([sys.executable, "-m", "scopa_tui", "simulate", "--games", "100000", "--record",
                             str(tmp_path / "r.jsonl")], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not any(p.stat().st_size for p in tmp_path.iterdir()) and time.monotonic() < deadline:
            time.sleep(0.05)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 128 + signal.SIGTERM
    finally:
        proc.kill()
    assert proc.stderr.read() == b"" and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_record_piped_into_head_stops_quietly_as_export_does(jobs):
    # `simulate --record /dev/stdout | head` said "cannot write record file /dev/stdout:
    # system error: Broken pipe" and exited with status 2.
    run = subprocess.run(f"{shlex.quote(sys.executable)} -m scopa_tui simulate --games 300 --jobs {jobs} "
                         "--record /dev/stdout | head -1; exit ${PIPESTATUS[0]}",
                         shell=True, executable="/bin/bash", capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stderr == ""
    assert run.stdout.startswith('{"event":"game_start"') and run.stdout.count("\n") == 1


def test_data_dir_that_is_a_file(tmp_path, capsys):
    blocker = tmp_path / "data"
    blocker.write_text("mine")
    for argv in (["--data-dir", str(blocker), "export"], ["export", "--data-dir", str(blocker)],
                 ["--data-dir", str(blocker)]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err == f"scopa-tui: error: --data-dir {blocker} is a file, not a directory\n"
    assert blocker.read_text() == "mine"


def test_a_data_dir_that_cannot_be_made_is_refused_before_the_game(tmp_path, capsys, monkeypatch):
    # Below a file, or in a folder that cannot be written to, the game played unsaved with a
    # notice in the corner, where the user had named the place its files were to go.
    blocker = tmp_path / "data"
    blocker.write_text("mine")
    for where, argv in ((blocker / "a" / "b", []), (blocker / "a", ["simulate"]), (blocker / "c", ["web"])):
        assert main(["--data-dir", str(where), *argv]) == 2
        assert capsys.readouterr().err == f"scopa-tui: error: --data-dir {where} cannot be made: {blocker} is a file\n"
    closed = tmp_path / "closed"
    closed.mkdir()
    import os

    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if str(p) == str(closed) else real(p, mode, **kw))
    assert main(["--data-dir", str(closed / "scopa")]) == 2  # (as root, a folder's mode does not stop a mkdir)
    assert capsys.readouterr().err == (f"scopa-tui: error: --data-dir {closed / 'scopa'} cannot be made: "
                                       f"{closed} cannot be written to\n")
    assert main(["--data-dir", str(tmp_path / "new" / "dir"), "simulate", "--games", "1"]) == 0  # makeable: fine
    assert blocker.read_text() == "mine" and list(closed.iterdir()) == []


def test_a_data_dir_variable_naming_a_file_is_refused_like_the_option(tmp_path, capsys, monkeypatch):
    # SCOPA_TUI_DATA_DIR at a file played the game unsaved (a notice said so) and exported
    # nothing, where --data-dir at the same file exits 2: the variable is held to the same.
    blocker = tmp_path / "data"
    blocker.write_text("mine")
    monkeypatch.setenv("SCOPA_TUI_DATA_DIR", str(blocker))
    for argv in (["export"], ["server", "--port", "0"]):
        assert main(argv) == 2
        assert capsys.readouterr().err == f"scopa-tui: error: SCOPA_TUI_DATA_DIR {blocker} is a file, not a directory\n"
    good = tmp_path / "elsewhere"
    good.mkdir()
    assert main(["export", "--data-dir", str(good)]) == 0  # the option overrides the variable
    capsys.readouterr()
    monkeypatch.setenv("SCOPA_TUI_DATA_DIR", "")  # empty: the platform's directory, as before
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    (tmp_path / "xdg" / "scopa-tui").mkdir(parents=True)
    assert main(["export"]) == 0
    assert blocker.read_text() == "mine"


def test_a_data_dir_name_too_long_is_one_line(tmp_path, capsys):
    # Path.exists() raised "File name too long" as a traceback, for export, server and the game.
    long = str(tmp_path / ("x" * 300))
    for argv in (["export", "--data-dir", long], ["server", "--port", "0", "--data-dir", long],
                 ["--data-dir", long]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err == f"scopa-tui: error: --data-dir {long} cannot be used: File name too long\n"


def test_a_data_dir_at_an_unknown_users_home_is_one_line(capsys, monkeypatch):
    # "~nobody-here/scopa": Path.expanduser raised "Could not determine home directory." as a
    # traceback, from the option and the variable alike, for every command.
    for argv in (["export", "--data-dir", "~nobody-here/scopa"], ["--data-dir", "~nobody-here/scopa"],
                 ["server", "--port", "0", "--data-dir", "~nobody-here"]):
        assert main(argv) == 2
        dir_ = argv[-1]
        assert capsys.readouterr().err == (f"scopa-tui: error: --data-dir {dir_} cannot be used: "
                                           "no home directory is known for ~nobody-here\n")
    monkeypatch.setenv("SCOPA_TUI_DATA_DIR", "~nobody-here/scopa")
    assert main(["simulate", "--games", "1"]) == 2
    assert capsys.readouterr().err == ("scopa-tui: error: SCOPA_TUI_DATA_DIR ~nobody-here/scopa cannot be used: "
                                       "no home directory is known for ~nobody-here\n")


def test_an_empty_data_dir_is_refused_not_taken_for_the_default(capsys, monkeypatch, tmp_path):
    """``--data-dir "$DIR"`` with DIR unset: the game used to save into the default data
    directory, the player's own, without a word."""
    from scopa_tui.store import paths

    monkeypatch.setattr(paths, "default_data_dir", lambda: tmp_path / "default")
    for argv in (["--data-dir", ""], ["--data-dir=", "export"], ["export", "--data-dir", " "]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err == "scopa-tui: error: --data-dir needs a directory's name, not an empty one\n"
    assert not (tmp_path / "default").exists()


@pytest.mark.parametrize("argv, name", [
    (["simulate", "--games", "1", "--record", ""], "--record"),
    (["export", "--output", ""], "--output/-o"),
    (["export", "-o", " "], "--output/-o"),
    (["replay", ""], "FILE"),
])
def test_an_empty_file_name_is_refused(argv, name, tmp_path, capsys, monkeypatch):
    # `--record "$FILE"` with FILE unset recorded nothing without a word, `export -o ""`
    # wrote to standard output, and `replay ""` said the record file "is a directory".
    monkeypatch.chdir(tmp_path)  # `-o " "` wrote a file named " " here
    assert main(argv + ["--data-dir", str(tmp_path)] if argv[0] != "simulate" else argv) == 2
    captured = capsys.readouterr()
    assert captured.err == f"scopa-tui: error: argument {name}: needs a file's name, not an empty one\n"
    assert captured.out == ""


def test_bad_arguments_through_python_dash_m():
    run = subprocess.run([sys.executable, "-m", "scopa_tui", "simulate", "--players", "5"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr == "scopa-tui: error: argument --players: Scopa is played by 2, 3, 4 or 6 players, not 5\n"


def test_version(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"scopa-tui {__version__}"


@pytest.mark.parametrize("argv,says", [(["--help"], "simulate"), (["simulate", "--help"], "--record"),
                                       (["server", "--help"], "\n\nrun an online table server (scopa-net/1)\n"),
                                       (["online", "--help"], "\n\nplay a seat at an online table")])
def test_help(argv, says, capsys):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: scopa-tui") and says in out


def test_help_says_the_defaults_of_the_ai_delay_and_the_deck_and_that_an_ai_may_be_a_bot(capsys, monkeypatch):
    from scopa_tui.store.settings import Settings

    monkeypatch.setenv("COLUMNS", "400")  # each help on one line
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert f"(remembered; default {Settings().ai_delay}, 0 for none)" in out  # README: default 0.8
    assert "deck style (default: the preset's deck; spanish in Escoba)" in out
    assert "or cmd:COMMAND, a scopa-bot/1 program" in out  # README: --ai "cmd:python my_bot.py"


def test_help_says_the_command_is_optional_and_what_scopa_tui_alone_does(capsys, monkeypatch):
    # The usage ended "COMMAND ...", as if one were needed, and nothing said that scopa-tui
    # alone is the game; "(scopa-" over "bot/1)" was a line broken at a hyphen.
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    usage = out.split("\n\n", 1)[0]
    assert usage.endswith("[COMMAND ...]") and "COMMAND ..." not in usage.replace("[COMMAND ...]", "")
    assert ("Without a COMMAND, scopa-tui opens the game: the new-game screen, or a game at once with --players, "
            "--ai, --target, --preset, --variant or --option. 'scopa-tui COMMAND --help' says what a command "
            "does.") in " ".join(out.split())
    assert not any(line.endswith("scopa-") for line in out.splitlines()), out


def test_a_double_dash_before_the_command_ends_the_options(tmp_path, capsys):
    # "scopa-tui --lang it -- simulate": argparse took "--" for the command, "invalid choice: '--'"
    assert main(["--lang", "it", "--data-dir", str(tmp_path), "--seed", "4", "--", "simulate", "--games", "2", "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and json.loads(captured.out)["games"] == 2
    record = tmp_path / "a -- record.jsonl"
    assert main(["--", "replay", "--", str(record)]) == 2  # the command's own "--" stays its own
    assert capsys.readouterr().err == f"scopa-tui: error: cannot open record file {record}: no such file\n"


@pytest.mark.parametrize("argv,says", [
    (["--", "--help"], "unknown command '--help' after --: choose one of simulate, bot, replay, export, web, server, online"),
    (["--", "simulation"], "argument COMMAND: invalid choice: 'simulation' (choose from 'simulate', 'bot', 'replay', "
                           "'export', 'web', 'server', 'online')"),
    (["--data-dir", "--", "simulate"], "argument --data-dir: expected one argument"),  # not a data dir "simulate"
])
def test_what_follows_a_double_dash_is_a_command(argv, says, capsys):
    assert main(argv) == 2
    assert capsys.readouterr() == ("", f"scopa-tui: error: {says}\n")


def test_a_double_dash_after_an_option_valued_as_a_command_ends_the_options(tmp_path, monkeypatch, capsys):
    # a data directory called "export" was taken for the command: "invalid choice: '--'"
    monkeypatch.chdir(tmp_path)
    assert main(["--data-dir", "export", "--seed", "4", "--", "simulate", "--games", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    assert main(["--data-dir", "export", "--", "replay", "--", "-x.jsonl"]) == 2  # the command's own "--" its own
    assert capsys.readouterr().err == "scopa-tui: error: cannot open record file -x.jsonl: no such file\n"
    assert main(["replay", "--lang", "en", "--", "-x.jsonl"]) == 2  # (its FILE after its own "--")
    assert capsys.readouterr().err == "scopa-tui: error: cannot open record file -x.jsonl: no such file\n"


def test_a_double_dash_and_nothing_after_it_is_the_game(monkeypatch):
    from scopa_tui import cli

    monkeypatch.setitem(cli.COMMANDS, None, lambda args: args.seed)
    assert main(["--seed", "7", "--"]) == 7


def test_simulate_200_games_at_4_players_replay_cleanly(tmp_path, capsys):
    path = tmp_path / "out.jsonl"
    assert main(["simulate", "--players", "4", "--games", "200", "--seed", "1", "--ai", "greedy,random",
                 "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert "greedy" in out and "random" in out and "200 games" in out
    text = path.read_text(encoding="utf-8")
    games = load(text)
    assert len(games) == 200
    assert all(g.is_over and g.rules.players == 4 and g.rules.sides == ((0, 2), (1, 3)) for g in games)
    assert len({g.seed for g in games}) == 200


@pytest.mark.parametrize("preset,players", [("standard", 2), ("standard", 3), ("standard", 6),
                                            ("gamerules", 2), ("gamerules", 4), ("ludoteka", 2),
                                            ("ludoteka", 3), ("ludoteka", 4), ("ludoteka", 6)])
def test_simulate_each_player_count_and_preset(preset, players, tmp_path, capsys):
    path = tmp_path / "out.jsonl"
    assert main(["simulate", "--players", str(players), "--preset", preset, "--games", "15", "--seed", "2",
                 "--ai", "greedy,random", "--target", "7", "--record", str(path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    games = load(path.read_text(encoding="utf-8"))
    assert len(games) == 15
    expected = make_rules(preset, players=players, target=7)
    assert all(g.rules == expected for g in games)
    assert all(max(g.totals) >= 7 for g in games)
    assert summary["players"] == players and summary["preset"] == preset and summary["target"] == 7
    assert summary["games"] == 15 and summary["hands"] == sum(g.hand_no for g in games)


def test_simulate_json_output(capsys):
    assert main(["simulate", "--games", "20", "--seed", "3", "--ai", "greedy,random", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 20 and summary["seed"] == 3 and summary["players"] == 2
    assert summary["games_per_second"] > 0
    assert [a["ai"] for a in summary["ai"]] == ["greedy", "random"]
    for a in summary["ai"]:
        assert a["games"] == 20
        assert 0 <= a["ci95"][0] <= a["win_rate"] <= a["ci95"][1] <= 1
        assert a["points_per_hand"] >= 0 and a["decision_ms"] >= 0
    assert sum(a["wins"] for a in summary["ai"]) == 20


def test_simulate_is_deterministic(tmp_path, capsys):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for path in (a, b):
        assert main(["simulate", "--games", "5", "--seed", "9", "--record", str(path)]) == 0
    assert a.read_text() == b.read_text()
    assert len(parse(a.read_text())) == 5


def test_rule_options_before_the_subcommand_are_not_lost(capsys):
    assert main(["--players", "4", "--target", "5", "--seed", "7", "simulate", "--games", "2", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["players"], summary["target"], summary["seed"]) == (4, 5, 7)
    assert main(["--players", "4", "simulate", "--players", "6", "--games", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == 6


def test_house_rules_before_and_after_the_subcommand_are_all_kept(capsys):
    assert main(["--option", "napola", "simulate", "--option", "re-bello", "--games", "1", "--json"]) == 0
    assert sorted(json.loads(capsys.readouterr().out)["options"]) == ["napola", "re-bello"]
    # in the order given: the subcommand's "no-" turns off a house rule given before it
    assert main(["--option", "napola", "simulate", "--option", "no-napola", "--games", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["options"] == []


@pytest.mark.parametrize("argv,seed", [(["--seed", "5", "bot"], 5), (["--seed", "5", "bot", "--seed", "6"], 6),
                                       (["bot"], None), (["--seed", "4", "simulate"], 4)])
def test_seed_before_any_subcommand_is_kept(argv, seed):
    assert build_parser().parse_args(argv).seed == seed


def test_simulate_defaults(capsys):
    assert main(["simulate", "--games", "2", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["players"], summary["preset"], summary["target"], summary["seed"]) == (2, "standard", 11, 1)
    assert [a["ai"] for a in summary["ai"]] == ["greedy", "random"]
