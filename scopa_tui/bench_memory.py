"""Memory over a long session: ``python -m scopa_tui.bench --memory``.

Runs the real app headless (Textual's ``App.run_test``, 100×30, no AI delay) and plays by
keys as a player would: a card's number key and Enter on every turn (Scopa's first legal
capture is preselected), Enter on every scoring screen and, on the game-over screen,
Enter for another game.  Each part runs in a fresh process of its own, so that one's
memory is not the other's:

* ``six``: one 6-player game to 21 against five ``hard`` AIs: resident memory at the end
  and the process's peak;
* ``session``: games to ``target`` (11 by default) in a row against a ``random`` AI (a new data directory, so the
  store saves every move and files every game): resident memory after each game, with
  every fifth game's replay opened from the history and closed, and the app's objects
  that should not outlive a game (game screens, games, tables) counted.

Resident memory is read from ``/proc/self/statm`` after a ``gc.collect()``; the peak is
``ru_maxrss``.  A benchmark to rerun and read, not a test: nothing is asserted.
"""

from __future__ import annotations

import asyncio
import gc
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time

SIZE = (100, 30)


def rss_mb() -> float:
    """Resident memory of this process now, MB (Linux ``/proc``; NaN elsewhere)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            pages = int(f.read().split()[1])
    except OSError:
        return float("nan")
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e6  # KiB on Linux


def alive() -> dict[str, int]:
    """How many of the objects a finished game should leave behind are still alive."""
    from .engine import Game
    from .table.base import Table
    from .ui.screens.game import GameScreen

    counts = {"GameScreen": 0, "Game": 0, "Table": 0}
    for obj in gc.get_objects():
        if isinstance(obj, GameScreen):
            counts["GameScreen"] += 1
        elif isinstance(obj, Game):
            counts["Game"] += 1
        elif isinstance(obj, Table):
            counts["Table"] += 1
    return counts


async def _until(pilot, check, limit: float = 600.0) -> None:
    deadline = time.monotonic() + limit
    while not check():
        if time.monotonic() > deadline:
            raise RuntimeError(f"the app did not get there (screen {pilot.app.screen!r})")
        await pilot.pause(0.005)


async def play_one_game(pilot) -> int:
    """Play the game on screen to its game-over screen by keys; returns the hands played."""
    from .ui.screens.game import GameScreen
    from .ui.screens.scoring import GameOverScreen, HandOverScreen

    app = pilot.app
    hands = 0
    while True:
        await _until(pilot, lambda: isinstance(app.screen, (HandOverScreen, GameOverScreen))
                     or (isinstance(app.screen, GameScreen) and app.screen._my_turn()))
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return hands
        if isinstance(screen, HandOverScreen):
            hands += 1
            await pilot.press("enter")
            await _until(pilot, lambda: app.screen is not screen)
            continue
        token = screen.token
        await pilot.press("1", "enter")
        await _until(pilot, lambda: screen.token != token or not screen._my_turn() or app.screen is not screen)


async def open_replay(pilot) -> None:
    """F2 → the history → the last game's replay, a few steps in it, and back to the
    new-game screen (Esc each)."""
    for keys in (("f2",), ("h",), ("enter",), ("right", "right", "right")):
        await pilot.press(*keys)
        await pilot.pause(0.05)
    for _ in range(3):
        await pilot.press("escape")
        await pilot.pause(0.05)


def _app(players: int, ai: list[str], target: int, seed: int, data_dir: str | None):
    from .ui.app import ScopaApp
    from .ui.config import GameConfig

    config = GameConfig(players=players, ai=ai, seed=seed, target=target)
    return ScopaApp(config, start=True, ai_delay=0, data_dir=data_dir, reduce_motion=True)


async def six_player_game() -> None:
    app = _app(6, ["hard"] * 5, 21, 1, None)
    async with app.run_test(size=SIZE) as pilot:
        start = time.perf_counter()
        hands = await play_one_game(pilot)
        gc.collect()
        print(f"6 players to 21 against five hard AIs: {hands} hands in {time.perf_counter() - start:.0f} s, "
              f"{rss_mb():.1f} MB resident at the end, peak {peak_mb():.1f} MB", flush=True)


async def session(games: int, target: int, replay_every: int, data_dir: str) -> None:
    from .ui.screens.game import GameScreen

    app = _app(2, ["random"], target, 1, data_dir)
    async with app.run_test(size=SIZE) as pilot:
        start = time.perf_counter()
        for n in range(1, games + 1):
            await play_one_game(pilot)
            if replay_every and n % replay_every == 0:
                await pilot.press("n")  # the new-game screen, from which F2 opens the history
                await pilot.pause(0.05)
                await open_replay(pilot)
                await pilot.press("ctrl+s")  # start a game from the new-game screen
            else:
                await pilot.press("enter")  # play again
            await _until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.table.phase != "game_over")
            await pilot.pause(0.1)  # the last game's screen is removed
            gc.collect()
            counts = " ".join(f"{k} {v}" for k, v in alive().items())
            print(f"game {n:3d}: {rss_mb():6.1f} MB resident, peak {peak_mb():6.1f} MB; alive: {counts}; "
                  f"{time.perf_counter() - start:5.0f} s", flush=True)


def main(argv: list[str]) -> int:
    part = argv[0]
    if part == "six":
        asyncio.run(six_player_game())
    elif part == "session":
        with tempfile.TemporaryDirectory(prefix="scopa-bench-mem-") as data:
            asyncio.run(session(*(int(a) for a in argv[1:4]), data))
    else:
        raise SystemExit(f"unknown part {part!r}")
    return 0


def run(games: int, target: int = 11, replay_every: int = 5, six: bool = True) -> int:
    """Both parts, each in a fresh process (``python -m scopa_tui.bench_memory PART``)."""
    print(f"python {platform.python_version()}, headless app {SIZE[0]}x{SIZE[1]}; "
          f"{games} games to {target} against random, every {replay_every}th replayed; "
          f"load {os.getloadavg()[0]:.1f}", flush=True)
    parts = [["six"]] if six else []
    for args in parts + [["session", str(games), str(target), str(replay_every)]]:
        subprocess.run([sys.executable, "-m", "scopa_tui.bench_memory", *args], check=True)
    print(f"load {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
