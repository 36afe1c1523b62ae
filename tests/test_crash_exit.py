"""A crash ends ``scopa-tui`` with a non-zero status, one line naming a log, the terminal restored."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
from functools import partialmethod
from pathlib import Path

import pytest
from textual.app import App

from scopa_tui import cli
from scopa_tui.engine import Game, make_rules
from scopa_tui.engine.record import dumps
from scopa_tui.ui.app import ScopaApp
from scopa_tui.ui import terminal
from scopa_tui.ui.crash import CrashLog, crash_line, write_crash_log
from scopa_tui.ui.screens.game import GameScreen
from scopa_tui.ui.screens.replay import ReplayApp, ReplayScreen

DRIVER = Path(__file__).with_name("crash_driver.py")
GAME_ARGS = ["--players", "2", "--ai", "greedy", "--seed", "3", "--ai-delay", "0"]


def boom(self, *args) -> None:
    raise RuntimeError("provoked\nsecond line")


def headless(monkeypatch, app_class) -> None:
    """``app_class`` runs with no terminal (it needs none: no key thread, no screen)."""
    monkeypatch.setattr(app_class, "run", partialmethod(App.run, headless=True))
    monkeypatch.setattr(terminal, "terminal_problem", lambda: None)


def test_a_crash_in_the_game_exits_1_with_one_line_naming_the_log(tmp_path, monkeypatch, capsys):
    headless(monkeypatch, ScopaApp)
    monkeypatch.setattr(GameScreen, "_refresh_widgets", boom)  # once the cards are dealt
    status = cli.main(["--data-dir", str(tmp_path), *GAME_ARGS])
    assert status == 1
    err = capsys.readouterr().err
    [log] = tmp_path.glob("crash-*.log")
    assert err == (f"scopa-tui: stopped by an internal error (RuntimeError: provoked); the details are in {log}."
                   " The game is saved after every move: start scopa-tui again to resume it.\n")
    text = log.read_text()
    assert "scopa-tui " in text.splitlines()[0]
    assert "in boom" in text and "RuntimeError: provoked\nsecond line" in text


def test_an_error_while_the_crashed_app_closes_is_logged_too_not_printed(tmp_path, monkeypatch, capsys):
    # A widget that cannot draw (a toast of bad markup did this) fails again while Textual
    # closes the screens; that second error came out of App.run() as a screenful of traceback.
    async def fails_again(self) -> None:
        raise ValueError("drawn again on the way out")

    headless(monkeypatch, ScopaApp)
    monkeypatch.setattr(GameScreen, "_refresh_widgets", boom)
    monkeypatch.setattr(App, "_close_all", fails_again)
    assert cli.main(["--data-dir", str(tmp_path), *GAME_ARGS]) == 1
    err = capsys.readouterr().err
    [log] = tmp_path.glob("crash-*.log")
    assert err.startswith("scopa-tui: stopped by an internal error (RuntimeError: provoked); the details are in")
    assert err.count("\n") == 1 and "Traceback" not in err
    text = log.read_text()
    assert "RuntimeError: provoked" in text and "ValueError: drawn again on the way out" in text


def test_a_log_that_cannot_be_written_in_the_data_dir_goes_to_the_temporary_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    not_a_dir = tmp_path / "data"
    not_a_dir.write_text("a file where the data directory should be")
    try:
        raise KeyError("card")
    except KeyError as error:
        log = write_crash_log(error, not_a_dir)
    assert log is not None and log.parent == tmp_path / "tmp" and log.name.startswith("crash-")
    assert "KeyError: 'card'" in log.read_text()


def test_a_crash_in_the_replay_viewer_exits_1(tmp_path, monkeypatch, capsys):
    game = Game(make_rules(players=2), seed=5)
    game.start()
    game.play(game.legal_moves()[0])
    record = tmp_path / "game.jsonl"
    record.write_text(dumps(game))
    headless(monkeypatch, ReplayApp)
    monkeypatch.setattr(ReplayScreen, "on_mount", boom)
    assert cli.main(["replay", str(record), "--data-dir", str(tmp_path)]) == 1
    [log] = tmp_path.glob("crash-*.log")
    assert capsys.readouterr().err == (f"scopa-tui: stopped by an internal error (RuntimeError: provoked);"
                                       f" the details are in {log}\n")


def read_until_exit(fd: int, proc: subprocess.Popen, seconds: float) -> bytes:
    """What the app writes to the terminal until it exits, for at most ``seconds``."""
    out = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            out += chunk
        elif proc.poll() is not None:
            break
    return out


def test_a_crash_in_a_real_terminal_restores_it_and_exits_non_zero(tmp_path):
    """The real ``scopa-tui`` in a pseudo-terminal; ``h`` (hint) raises in the driver's app."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), TERM="xterm-256color")
    env.pop("TEXTUAL", None)
    proc = subprocess.Popen([sys.executable, str(DRIVER), "--data-dir", str(tmp_path), *GAME_ARGS],
                            stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    try:
        out = b""
        for _ in range(120):  # h until the game screen takes it (it may still be starting)
            os.write(master, b"h")
            out += read_until_exit(master, proc, 0.5)
            if proc.poll() is not None:
                break
        out += read_until_exit(master, proc, 1.0)
        assert proc.wait(timeout=30) == 1
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    [log] = tmp_path.glob("crash-*.log")
    assert "RuntimeError: provoked by the crash-exit test" in log.read_text()
    text = out.decode("utf-8", "replace")
    tail = text[text.rindex("\x1b[?1049l"):]  # the app left the alternate screen
    assert "Traceback" not in text
    assert f"the details are in {log}" in tail.replace("\r\n", "").replace("\n", "")


def test_the_crash_line_names_the_error_in_one_short_line():
    class Crashed(CrashLog):
        crash_log = Path("/data/crash-1.log")

    app = Crashed()
    app.crash_error = KeyError()
    assert crash_line(app) == ("scopa-tui: stopped by an internal error (KeyError);"
                               " the details are in /data/crash-1.log")
    app.crash_error = ValueError("x" * 300 + "\nmore")
    line = crash_line(app)
    assert line == (f"scopa-tui: stopped by an internal error (ValueError: {'x' * 87}…);"
                    " the details are in /data/crash-1.log")


NO_TERMINAL = "scopa-tui: error: the game needs a terminal: standard input is not one"


@pytest.mark.parametrize("command, said", [
    ([], NO_TERMINAL), (["replay", "RECORD"], NO_TERMINAL),
    (["online", "--server", "ws://127.0.0.1:9/", "--name", "Eve"],
     NO_TERMINAL + "; add --ai LEVEL or --bot CMD to play the seat without a terminal")])
def test_without_a_terminal_to_read_keys_from_the_app_says_so_and_exits(tmp_path, command, said):
    # Standard input at its end (`scopa-tui < /dev/null`, a job with no terminal) made
    # Textual's key thread spin: a third of a core for ever, nothing on any screen, no exit.
    # online said nothing of its headless seats, which need no terminal, and it made the data
    # directory and remembered its settings before it was refused.
    record = tmp_path / "game.jsonl"
    game = Game(make_rules(players=2), seed=5)
    game.start()
    record.write_text(dumps(game))
    argv = [sys.executable, "-m", "scopa_tui", *[str(record) if a == "RECORD" else a for a in command],
            "--data-dir", str(tmp_path / "data")]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    env.pop("TEXTUAL_DRIVER", None)
    run = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env, timeout=60)
    assert run.returncode == 2
    assert run.stderr == said + "\n"
    assert run.stdout == "" and not (tmp_path / "data").exists()


def test_with_the_screen_going_to_a_file_the_app_says_so_and_exits(tmp_path):
    # Textual draws on standard error: `scopa-tui 2>log` drew the whole game into the file.
    master, slave = pty.openpty()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), TERM="xterm-256color")
    env.pop("TEXTUAL_DRIVER", None)
    with open(tmp_path / "err.txt", "w") as err:
        proc = subprocess.Popen([sys.executable, "-m", "scopa_tui", "--data-dir", str(tmp_path / "data")],
                                stdin=slave, stdout=slave, stderr=err, env=env, close_fds=True)
        os.close(slave)
        try:
            assert proc.wait(timeout=60) == 2
        finally:
            if proc.poll() is None:
                proc.kill()
            os.close(master)
    assert (tmp_path / "err.txt").read_text() == ("scopa-tui: error: the game needs a terminal: standard error is "
                                                 "not one (the game draws its screen there)\n")


def test_standard_error_into_a_pipe_may_reach_the_terminal(monkeypatch):
    # `scopa-tui |& tee session.log`: the screen goes through the pipe to the terminal.
    from scopa_tui.ui.terminal import terminal_problem

    read, write = os.pipe()
    try:
        with open(write, "w") as pipe, open(os.devnull, "w") as null:
            monkeypatch.setattr(sys, "__stdin__", type("Tty", (), {"isatty": lambda self: True})())
            monkeypatch.setattr(sys, "__stderr__", pipe)
            assert terminal_problem() is None
            monkeypatch.setattr(sys, "__stderr__", null)  # 2>/dev/null: the screen goes nowhere
            assert terminal_problem().endswith("standard error is not one (the game draws its screen there)")
    finally:
        os.close(read)


def test_the_web_driver_needs_no_terminal(monkeypatch):
    from textual import constants

    from scopa_tui.ui.terminal import terminal_problem

    monkeypatch.setattr(constants, "DRIVER", "textual.drivers.web_driver:WebDriver")
    assert terminal_problem() is None


@pytest.mark.parametrize("variable, value, says", [
    ("DRIVER", "nodriver", "TEXTUAL_DRIVER='nodriver' names no Textual driver that can be loaded"),
    ("DRIVER", "textual.drivers.web_driver", "TEXTUAL_DRIVER='textual.drivers.web_driver' names no Textual "
                                             "driver that can be loaded"),
    ("COLOR_SYSTEM", "bogus", "TEXTUAL_COLOR_SYSTEM='bogus' is not one of auto, standard, 256, truecolor, windows"),
])
def test_a_textual_variable_the_app_cannot_start_with_is_one_line(variable, value, says, tmp_path, monkeypatch,
                                                                   capsys):
    # Textual's App() stopped on them with a traceback (ModuleNotFoundError, Rich's KeyError),
    # before the crash report could take it: the game, and the replay alike.
    from textual import constants

    monkeypatch.setattr(constants, variable, value)
    record = tmp_path / "r.jsonl"
    assert cli.main(["simulate", "--games", "1", "--record", str(record)]) == 0
    capsys.readouterr()
    for argv in (["--data-dir", str(tmp_path / "data"), *GAME_ARGS], ["replay", str(record)]):
        assert cli.main(argv) == 2
        assert capsys.readouterr().err == f"scopa-tui: error: {says}\n"
    assert not (tmp_path / "data").exists()


@pytest.mark.parametrize("log, says", [
    ("no-dir/x.log", "No such file or directory"),
    (".", "is a directory, not a file"),
    ("/dev/full", "No space left on device"),  # opened, but its first line would not go in
])
def test_a_textual_log_that_cannot_be_written_is_one_line(log, says, tmp_path, monkeypatch, capsys):
    # TEXTUAL_LOG=/nonexistent/dir/x.log: Textual's first log line stopped the game with a
    # crash line (FileNotFoundError), exit status 1
    from textual import constants

    if log.startswith("/") and not os.path.exists(log):  # pragma: no cover - not Linux
        pytest.fail(f"{log} is needed by this test")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(constants, "LOG_FILE", log)
    assert cli.main(["--data-dir", str(tmp_path / "data"), *GAME_ARGS]) == 2
    assert capsys.readouterr().err == f"scopa-tui: error: TEXTUAL_LOG={log!r} cannot be written: {says}\n"
    assert os.listdir(tmp_path) == []


def test_a_textual_log_is_tried_but_not_made_by_a_run_refused(tmp_path, monkeypatch, capsys):
    from textual import constants

    monkeypatch.setattr(constants, "LOG_FILE", str(tmp_path / "textual.log"))
    monkeypatch.setattr(sys, "__stdin__", None)  # no terminal
    assert cli.main(["--data-dir", str(tmp_path / "data"), *GAME_ARGS]) == 2
    assert capsys.readouterr().err == "scopa-tui: error: the game needs a terminal: standard input is not one\n"
    assert os.listdir(tmp_path) == []


def test_a_textual_log_named_by_a_link_to_a_file_not_made_yet_is_taken(tmp_path, monkeypatch, capsys):
    # Textual writes to the file the link names, making it; the check refused it ("No such
    # file or directory"): O_EXCL does not follow a link
    from textual import constants

    (tmp_path / "textual.log").symlink_to(tmp_path / "logs.txt")
    monkeypatch.setattr(constants, "LOG_FILE", str(tmp_path / "textual.log"))
    monkeypatch.setattr(sys, "__stdin__", None)  # no terminal: refused after the check
    assert cli.main(["--data-dir", str(tmp_path / "data"), *GAME_ARGS]) == 2
    assert capsys.readouterr().err == "scopa-tui: error: the game needs a terminal: standard input is not one\n"
    assert os.listdir(tmp_path) == ["textual.log"] and not (tmp_path / "logs.txt").exists()


def test_the_screen_takes_the_size_of_the_terminal_it_is_drawn_on(tmp_path):
    # Textual sized the screen by COLUMNS and LINES, then by standard output: an exported
    # COLUMNS=5 drew the game in a 5x3 corner however the terminal was resized, and
    # `scopa-tui > out.txt` drew it at 80x24 in a terminal of any size.
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), TERM="xterm-256color", COLUMNS="5", LINES="3")
    env.pop("TEXTUAL_DRIVER", None)
    proc = subprocess.Popen([sys.executable, "-m", "scopa_tui", "--data-dir", str(tmp_path)],
                            stdin=slave, stdout=subprocess.DEVNULL, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    try:
        out = b""
        end = time.monotonic() + 60
        while b"palette" not in out and time.monotonic() < end and proc.poll() is None:
            out += read_until_exit(master, proc, 0.5)
        assert b"palette" in out
        assert b"\x1b[30;1H" in out  # the footer on the terminal's last row, 30
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 26, 90, 0, 0))
        os.kill(proc.pid, signal.SIGWINCH)
        out = b""
        end = time.monotonic() + 30
        while b"\x1b[26;1H" not in out and time.monotonic() < end and proc.poll() is None:
            out += read_until_exit(master, proc, 0.5)
        assert b"\x1b[26;1H" in out  # drawn again at the new size
    finally:
        proc.kill()
        proc.wait(timeout=10)
        os.close(master)
