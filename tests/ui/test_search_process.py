"""The game screen's hints and hard moves searched in the app's search process
(ai/searchproc.py): the same game as with the worker threads, and the process ended with
the app."""

from __future__ import annotations

from scopa_tui.ai.searchproc import SearchProcess

from .helpers import game_screen, make_app, settle, text_of


def prompt_text(app) -> str:
    return text_of(game_screen(app).query_one("#prompt"))


async def _hint_and_two_turns(app) -> tuple[str, list]:
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        said = prompt_text(app)
        await pilot.press("enter")  # the hint's move, then the hard AI's answer
        await settle(pilot, rounds=6)
        await pilot.press("h")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot, rounds=6)
        assert game_screen(app) is not None
        return said, list(app.game.history)


async def test_a_game_searched_in_the_process_is_the_threads_game():
    here = make_app(ai=["hard:iters=20"], seed=5)
    there = make_app(ai=["hard:iters=20"], seed=5)
    there.searcher = SearchProcess()
    said, history = await _hint_and_two_turns(there)
    assert said.startswith("Hint: ")
    assert len(history) >= 4
    assert there.searcher.in_process >= 4  # two hints and the AI's two moves
    assert there.searcher.pid is None  # ended with the app
    assert await _hint_and_two_turns(here) == (said, history)
