"""Searches in a process of their own (ai/searchproc.py): the same answers as in a thread,
the player's random state carried back, and the caller's thread when the process is gone."""

from __future__ import annotations

import concurrent.futures
import os
import signal

import pytest

from scopa_tui.ai.hard import HardPlayer
from scopa_tui.ai.hint import suggest
from scopa_tui.ai.medium import MediumPlayer
from scopa_tui.ai.searchproc import SearchProcess
from scopa_tui.engine import Game, Rules

from ai_helpers import make_view


@pytest.fixture(scope="module")
def searcher():
    searcher = SearchProcess()
    searcher.start()
    yield searcher
    searcher.shutdown()


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
        for pid in list(searcher._pool._processes):
            os.kill(pid, signal.SIGKILL)
        # The search killed with its process is done again here, and so are the next ones.
        assert suggest(view, iters=30, seed=4, run=searcher.run) == expected
        assert suggest(view, iters=30, seed=4, run=searcher.run) == expected
        assert searcher.in_process == 1
    finally:
        searcher.shutdown()


def test_a_process_that_cannot_start_leaves_the_search_to_the_thread(monkeypatch):
    def no_process(*args, **kwargs):
        raise OSError("no processes here")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_process)
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
    time.sleep(0.3)  # it has the process now
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
    time.sleep(0.3)
    started = time.monotonic()
    searcher.shutdown()
    left.join(timeout=10)
    assert not left.is_alive() and time.monotonic() - started < 5
    assert failed and "shut down" in str(failed[0])
