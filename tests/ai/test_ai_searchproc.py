"""Searches in a process of their own (ai/searchproc.py): the same answers as in a thread,
the player's random state carried back, and the caller's thread when the process is gone."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest

from scopa_tui.ai.hard import HardPlayer
from scopa_tui.ai.hint import suggest
from scopa_tui.ai.medium import MediumPlayer
from scopa_tui.ai import searchproc
from scopa_tui.ai.searchproc import SearchProcess
from scopa_tui.engine import Game, Rules

from ai_helpers import make_view


@pytest.fixture(scope="module")
def searcher():
    searcher = SearchProcess()
    searcher.start()
    yield searcher
    searcher.shutdown()


def _until_in_the_process(searcher) -> None:
    """Wait for a search run in another thread to hold the process (that thread may be slow
    to start on a loaded machine)."""
    import time

    deadline = time.monotonic() + 30
    while not searcher._busy.locked():
        assert time.monotonic() < deadline, "the search never reached the process"
        time.sleep(0.02)


def _views(turns: int):
    """The first views of a seeded two-player game, each the seat to play's."""
    game = Game(Rules(players=2), seed=3)
    game.start()
    views = []
    for _ in range(turns):
        view = game.view(game.turn)
        views.append(view)
        game.play(view.legal[0])
    return views


def test_a_hint_from_the_process_is_the_threads(searcher):
    view = make_view("2d 6s 9b", "1c 5b 8d", hand_sizes=(3, 3), stock=24)
    before = searcher.in_process
    assert suggest(view, iters=30, seed=4, run=searcher.run) == suggest(view, iters=30, seed=4)
    assert searcher.in_process == before + 1


def test_an_ai_in_the_process_keeps_its_random_state(searcher):
    here, there = HardPlayer(7, iters=20), HardPlayer(7, iters=20)
    before = searcher.in_process
    for view in _views(4):
        assert searcher.choose(there, view) == here.choose(view)
    assert searcher.in_process == before + 4
    assert there.rng.getstate() == here.rng.getstate()  # the next move is the same too


def test_a_cheap_level_stays_in_the_callers_thread(searcher):
    before = searcher.in_process
    view = _views(1)[0]
    assert searcher.choose(MediumPlayer(1), view) == MediumPlayer(1).choose(view)
    assert searcher.in_process == before


def test_a_killed_process_leaves_the_search_to_the_thread():
    searcher = SearchProcess()
    searcher.start()
    view = make_view("2d 6s 9b", "1c 5b 8d", hand_sizes=(3, 3), stock=24)
    try:
        expected = suggest(view, iters=30, seed=4)
        assert suggest(view, iters=30, seed=4, run=searcher.run) == expected
        assert searcher.in_process == 1
        os.kill(searcher.pid, signal.SIGKILL)
        # The search killed with its process is done again here, and so are the next ones.
        assert suggest(view, iters=30, seed=4, run=searcher.run) == expected
        assert suggest(view, iters=30, seed=4, run=searcher.run) == expected
        assert searcher.in_process == 1
    finally:
        searcher.shutdown()


def test_a_process_that_cannot_start_leaves_the_search_to_the_thread(monkeypatch):
    def no_process(*args, **kwargs):
        raise OSError("no processes here")

    monkeypatch.setattr(searchproc.subprocess, "Popen", no_process)
    searcher = SearchProcess()
    searcher.start()
    here, there = HardPlayer(7, iters=20), HardPlayer(7, iters=20)
    view = _views(1)[0]
    assert searcher.choose(there, view) == here.choose(view)
    assert searcher.in_process == 0
    assert there.rng.getstate() == here.rng.getstate()
    searcher.shutdown()


def test_a_search_errors_come_back_as_they_are(searcher):
    with pytest.raises(ZeroDivisionError):
        searcher.run(divmod, 1, 0)


def test_a_search_left_behind_does_not_hold_up_the_next(searcher):
    import threading
    import time

    left = threading.Thread(target=searcher.run, args=(time.sleep, 2.0))
    left.start()
    _until_in_the_process(searcher)
    before = searcher.in_process
    started = time.monotonic()
    assert searcher.run(divmod, 7, 2) == (3, 1)
    assert time.monotonic() - started < 1.0  # here, without waiting for the process
    assert searcher.in_process == before
    left.join()
    assert searcher.in_process == before + 1


def test_a_search_ended_with_the_app_is_not_done_again_here():
    import threading
    import time

    searcher = SearchProcess()
    searcher.start()
    assert searcher.run(divmod, 7, 2) == (3, 1)  # the process is up
    failed = []

    def search():
        try:
            searcher.run(time.sleep, 30.0)
        except RuntimeError as exc:
            failed.append(exc)

    left = threading.Thread(target=search)
    left.start()
    _until_in_the_process(searcher)
    started = time.monotonic()
    searcher.shutdown()
    left.join(timeout=10)
    assert not left.is_alive() and time.monotonic() - started < 5
    assert failed and "shut down" in str(failed[0])


EXIT_SCRIPT = textwrap.dedent("""
    import os, signal, sys
    from scopa_tui.ai.searchproc import SearchProcess
    searcher = SearchProcess()
    searcher.start()
    assert searcher.run(divmod, 7, 2) == (3, 1)
    assert searcher.in_process == 1
    print(searcher.pid, flush=True)
    os.kill(searcher.pid, signal.SIGSTOP)  # a worker that can neither answer nor end by itself
    if sys.argv[1] == "shutdown":
        searcher.shutdown()
""")


@pytest.mark.parametrize("how", ["shutdown", "left"])
def test_the_process_never_holds_up_the_exit(how, tmp_path):
    """A closing app does not wait for its search process (the web server's Ctrl+C waited a
    minute for a game whose multiprocessing worker was never reported ended): the program
    ends at once, with the worker shut down or simply left, even one that cannot run."""
    script = tmp_path / "exit.py"
    script.write_text(EXIT_SCRIPT)
    proc = subprocess.Popen([sys.executable, str(script), how], stdout=subprocess.PIPE, text=True,
                            start_new_session=True)
    worker = None
    try:
        worker = int(proc.stdout.readline())
        assert proc.wait(timeout=20) == 0
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        if worker is not None:  # a worker left behind is the app's: its input is closed
            try:
                os.kill(worker, signal.SIGCONT)
            except ProcessLookupError:
                pass
    if how == "left":  # once it runs again it sees its input closed and ends
        for _ in range(100):
            if not _alive(worker):
                break
            import time
            time.sleep(0.1)
    assert not _alive(worker)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[1][0] != "Z"
    except FileNotFoundError:
        return False
