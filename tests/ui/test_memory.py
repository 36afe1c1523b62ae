"""Memory over a long session: a finished game does not stay alive once the next one is on
screen (README.md, Benchmark: ``python -m scopa_tui.bench --memory`` measures the rest)."""

from __future__ import annotations

import gc
import weakref

from scopa_tui.ui.screens.game import GameScreen

from .helpers import game_screen, make_app, play_game_by_keys, settle


async def _gone(pilot, refs: dict[str, weakref.ref]) -> list[str]:
    """The names of ``refs`` still alive after the app has had time to drop them."""
    for _ in range(20):  # a removed screen's own messages finish first
        await pilot.pause()
        gc.collect()
        alive = [name for name, ref in refs.items() if ref() is not None]
        if not alive:
            return []
    return alive


async def test_play_again_lets_the_last_game_go():
    app = make_app(target=1, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play_game_by_keys(pilot)
        screen = game_screen(app)
        refs = {"game screen": weakref.ref(screen), "game": weakref.ref(app.game),
                "table": weakref.ref(screen.table)}
        del screen
        await pilot.press("enter")  # play again
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen is not refs["game screen"]()
        assert await _gone(pilot, refs) == []
