"""A search in a worker thread runs with a short switch interval (ui/responsive.py), so the
app's thread gets the interpreter lock back quickly; the interval comes back after it."""

from __future__ import annotations

import sys
import threading

from scopa_tui.ui import responsive
from scopa_tui.ui.responsive import SEARCH_SWITCH_INTERVAL, quick_switches

from .helpers import make_app, settle


def test_the_interval_is_short_during_searches_and_restored_after_the_last():
    before = sys.getswitchinterval()
    with quick_switches():
        assert sys.getswitchinterval() == SEARCH_SWITCH_INTERVAL
        with quick_switches():  # a hint while an AI still searches
            assert sys.getswitchinterval() == SEARCH_SWITCH_INTERVAL
        assert sys.getswitchinterval() == SEARCH_SWITCH_INTERVAL  # the other still runs
    assert sys.getswitchinterval() == before


def test_a_failing_search_restores_the_interval():
    before = sys.getswitchinterval()
    try:
        with quick_switches():
            raise ValueError("the search failed")
    except ValueError:
        pass
    assert sys.getswitchinterval() == before


async def test_the_ai_and_the_hint_search_with_the_short_interval(monkeypatch):
    seen = []
    from scopa_tui.ai import hard, hint

    evaluate = hard.HardPlayer.evaluate

    def spy(self, view):
        seen.append((threading.current_thread() is not threading.main_thread(), sys.getswitchinterval()))
        return evaluate(self, view)

    monkeypatch.setattr(hard.HardPlayer, "evaluate", spy)
    app = make_app(ai=["hard:worlds=2"], seed=1)  # seed 1: the AI leads
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert seen and seen[0] == (True, SEARCH_SWITCH_INTERVAL)  # the AI's move
        seen.clear()
        await pilot.press("h")
        await settle(pilot)
        assert seen == [(True, SEARCH_SWITCH_INTERVAL)]  # the hint
    assert sys.getswitchinterval() != SEARCH_SWITCH_INTERVAL
    assert responsive._searches == 0
