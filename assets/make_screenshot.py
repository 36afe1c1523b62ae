"""Regenerate assets/screenshot.svg (a game in progress) and assets/scoring.svg (the
scoring of that hand), both saved by the app itself.

    python assets/make_screenshot.py
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from scopa_tui.ui.app import ScopaApp
from scopa_tui.ui.config import GameConfig

HERE = Path(__file__).parent


async def main(seed: int = 5, plays: int = 3, save: bool = True) -> int:
    app = ScopaApp(GameConfig(players=2, ai=["medium"], seed=seed), start=True, ai_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        done = 0
        while done < plays:
            await app.workers.wait_for_complete()
            await pilot.pause()
            if type(app.screen).__name__ == "HandOverScreen":
                await pilot.press("enter")
                continue
            if getattr(app.screen, "_my_turn", lambda: False)():
                move = max(app.game.legal_moves(), key=lambda m: len(m.capture))
                index = list(screen.pic.my_hand).index(move.card)
                await pilot.press(str(index + 1), "enter")
                done += 1
        await app.workers.wait_for_complete()
        await pilot.pause()
        # Leave a capture selected so the screenshot shows the live validation.
        moves = app.game.legal_moves()
        best = max(moves, key=lambda m: len(m.capture))
        await pilot.press(str(list(screen.pic.my_hand).index(best.card) + 1))
        await pilot.pause()
        if save:
            path = app.save_screenshot(filename="screenshot.svg", path=str(HERE))
            print(f"saved {path}")
        result = len(app.game.table) * 10 + len(best.capture)
        # Play the hand out (the best capture each time) and save its scoring screen.
        await pilot.press("escape")
        while type(app.screen).__name__ != "HandOverScreen":
            await app.workers.wait_for_complete()
            await pilot.pause()
            if getattr(app.screen, "_my_turn", lambda: False)():
                move = max(app.game.legal_moves(), key=lambda m: len(m.capture))
                await pilot.press(str(list(screen.pic.my_hand).index(move.card) + 1), "enter")
        await pilot.pause(0.2)
        if save:
            path = app.save_screenshot(filename="scoring.svg", path=str(HERE))
            print(f"saved {path}")
        return result


if __name__ == "__main__":
    import sys

    asyncio.run(main(*map(int, sys.argv[1:3])))
