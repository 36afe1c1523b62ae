"""A statistics database that another program holds (``PRAGMA locking_mode=EXCLUSIVE``
with a write lock): the app stays responsive, says once that the file is busy, files
the finished game when the file is free, and SIGHUP ends it within a bound even while a
database call is stuck."""

from __future__ import annotations

import fcntl
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

from conftest import play, setup_for
from test_store_app import make_app, settle

from scopa_tui.engine import Game, make_rules
from scopa_tui.store import Store
from scopa_tui.store.store import FILE_RETRY
from scopa_tui.ui.screens.new_game import NewGameScreen

HOLDER = """
import sqlite3, sys
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("PRAGMA locking_mode=EXCLUSIVE")
con.execute("BEGIN EXCLUSIVE")
con.execute("CREATE TABLE IF NOT EXISTS holder (x)")
con.execute("COMMIT")  # the exclusive lock stays: locking_mode=EXCLUSIVE
print("locked", flush=True)
sys.stdin.read()  # until the test closes our stdin
"""
STUCK_APP = Path(__file__).with_name("stuck_app.py")


def env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), TERM="xterm-256color")


class Holder:
    """Another process holding the database file locked until :meth:`release`."""

    def __init__(self, path: Path):
        self.proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout.readline() == "locked\n"

    def release(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=10)


def finished_game_left_in_the_saves(data_dir: Path) -> Game:
    """As if the app stopped after a game ended but before it was filed."""
    store = Store(data_dir)
    store.stats()  # the database exists (the holder locks a real one)
    game = play(Game(make_rules(players=2), seed=21), seed=5)
    store.saves.save(game, setup_for(), "g1")
    return game


def messages(app) -> list[str]:
    return [n.message for n in app._notifications]


async def wait_for(pilot, condition, seconds: float) -> float:
    """Seconds until ``condition()`` holds (pumping the app); fails after ``seconds``."""
    start = time.monotonic()
    while not condition():
        assert time.monotonic() - start < seconds, "timed out"
        await pilot.pause(0.05)
    return time.monotonic() - start


async def test_a_locked_database_is_reported_and_the_game_filed_when_it_frees_up(tmp_path, monkeypatch):
    # The database waits 3 s for a busy file here (1 s in the app): a key that waited for it
    # would take that long, one handled at once a small part of it even on a loaded machine.
    from scopa_tui.store import store as store_module

    monkeypatch.setattr(store_module, "BUSY_WAIT", 3.0)
    finished_game_left_in_the_saves(tmp_path)
    holder = Holder(tmp_path / "scopa.sqlite3")
    try:
        app = make_app(tmp_path, start=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            # One line says the file is busy once the wait is over (the rest is slack).
            waited = await wait_for(pilot, lambda: any("is busy" in m for m in messages(app)), 6)
            busy = [m for m in messages(app) if "is busy" in m]
            assert len(busy) == 1 and "will be added to the history when it is free" in busy[0], busy
            # Keys are handled at once while the database thread waits.
            for key in ("down", "up", "down"):
                start = time.monotonic()
                await pilot.press(key)
                assert time.monotonic() - start < 2.0  # not the database's 3 s
            # The statistics cannot be read now: one line, and the screen stays.
            await pilot.press("f2")
            await wait_for(pilot, lambda: any(m.startswith("Statistics cannot be read now") for m in messages(app)),
                           6)
            assert isinstance(app.screen, NewGameScreen)
            assert (tmp_path / "saves" / "g1.json").exists()  # kept until it is filed
            holder.release()
            await wait_for(pilot, lambda: not (tmp_path / "saves" / "g1.json").exists(), 12)
            assert [m for m in messages(app) if m.startswith("statistics file")] == busy  # said once
            await pilot.press("f2")
            await settle(pilot)
            assert app.screen.query_one("#stats-summary")  # the statistics screen opened
        assert waited < 6
    finally:
        holder.release()
    store = Store(tmp_path)
    assert [h.game_id for h in store.history()] == ["g1"]
    assert list((tmp_path / "saves").iterdir()) == []


def test_a_game_finished_while_the_database_is_locked_is_kept_then_filed(tmp_path):
    Store(tmp_path).stats()
    holder = Holder(tmp_path / "scopa.sqlite3")
    try:
        store = Store(tmp_path, background=True)
        game = Game(make_rules(players=2), seed=8)
        session = store.track(game, setup_for())
        play(game, seed=2)
        start = time.monotonic()
        assert not session.finish()  # the game's end does not wait for the database
        assert time.monotonic() - start < 0.2
        deadline = time.monotonic() + 30  # the database thread's first try, its second of waiting and more
        while not any("is busy" in m for m in store.notices):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        time.sleep(FILE_RETRY + 1.5)  # tried again at least once, still busy: still one line
        assert store.saves.ids() == [session.game_id] and session.finished is False
        assert [m for m in store.notices] == [
            f"statistics file {store.db.path} is busy (another program is using it): "
            "the finished game will be added to the history when it is free"]
        holder.release()
        deadline = time.monotonic() + 8
        while not session.finished:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert store.saves.ids() == []
        assert store.close(5)
    finally:
        holder.release()
    assert [h.game_id for h in Store(tmp_path).history()] == [session.game_id]


class Terminal:
    """The app in a pseudo-terminal of 80×24; its output is read and kept."""

    def __init__(self, argv: list[str]):
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env(),
                                     start_new_session=True)
        os.close(slave)
        self.output = b""
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            self.output += data

    def wait_for(self, text: bytes, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while text not in self.output:
            assert self.proc.poll() is None, self.output[-2000:]
            assert time.monotonic() < deadline, f"{text!r} never appeared"
            time.sleep(0.1)

    def hang_up(self) -> float:
        """Close the terminal and send SIGHUP; seconds until the app exited (at most 15)."""
        start = time.monotonic()
        os.close(self.master)
        self.proc.send_signal(signal.SIGHUP)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError("the app did not exit within 15 s of SIGHUP") from None
        return time.monotonic() - start


def test_sighup_ends_the_app_while_the_database_is_locked(tmp_path):
    finished_game_left_in_the_saves(tmp_path)
    holder = Holder(tmp_path / "scopa.sqlite3")
    try:
        term = Terminal([sys.executable, "-m", "scopa_tui", "--data-dir", str(tmp_path)])
        term.wait_for(b"Start game", 30)  # the new-game screen came up with the database locked
        term.wait_for(b"busy", 10)
        took = term.hang_up()
        print(f"exit after SIGHUP: {took:.2f} s")
        assert took < 10 and term.proc.returncode == 0
    finally:
        holder.release()
    assert (tmp_path / "saves" / "g1.json").exists()  # not lost: filed on the next start
    store = Store(tmp_path)
    assert store.resumable() is None and [h.game_id for h in store.history()] == ["g1"]


def test_sighup_ends_the_app_while_a_database_call_is_stuck(tmp_path):
    finished_game_left_in_the_saves(tmp_path)
    term = Terminal([sys.executable, str(STUCK_APP), "--data-dir", str(tmp_path)])
    term.wait_for(b"Start game", 30)
    time.sleep(0.5)  # the database thread is inside add_game by now, for good
    took = term.hang_up()
    print(f"exit after SIGHUP: {took:.2f} s")
    assert took < 10 and term.proc.returncode == 0
    assert (tmp_path / "saves" / "g1.json").exists()
