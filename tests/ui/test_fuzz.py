"""A bounded fuzz test: random keys, clicks and terminal sizes against the real app.

For every player count the app is driven by a seeded random list of events: the game's
keys and random printable keys, clicks anywhere on the screen, and resizes from 10×5 to
200×60 (often across the 80×24 minimum).  The AIs play at once (``ai_delay=0``) and the
data directory is in ``tmp_path``.  Whatever the events, the app must not crash: an
unhandled exception in the app or in a worker fails the test with the seed and the
events that led to it.  When the events quit the app (``q``, ``y``), a new app starts on
the same data directory (so the resume screen is fuzzed too) and takes the rest.

The suite runs 150 events per player count (about 65 s of CPU in all).  More, locally
(see README, *Reliability*):

    SCOPA_FUZZ_EVENTS=3000 SCOPA_FUZZ_SEED=100 SCOPA_FUZZ_RUNS=20 pytest tests/ui/test_fuzz.py

``SCOPA_FUZZ_EVENTS`` is the number of events per run, ``SCOPA_FUZZ_SEED`` the first
seed, ``SCOPA_FUZZ_RUNS`` the number of seeds per player count.
"""

from __future__ import annotations

import os
import random
import string

import pytest
from textual.worker import WorkerState
from textual.worker_manager import WorkerManager

from scopa_tui.ui.app import ScopaApp
from scopa_tui.ui.config import GameConfig

PLAYER_COUNTS = (2, 3, 4, 6)
EVENTS = int(os.environ.get("SCOPA_FUZZ_EVENTS", "150"))
FIRST_SEED = int(os.environ.get("SCOPA_FUZZ_SEED", "1"))
RUNS = int(os.environ.get("SCOPA_FUZZ_RUNS", "1"))

# Every key the app binds somewhere (game, dialogs, scoring, help, statistics, history,
# replay, new-game form), the keys that move between widgets, and the app-wide ones.
KEYS = ["left", "right", "up", "down", "1", "2", "3", "4", "tab", "shift+tab", "enter", "escape",
        "space", "backspace", "home", "end", "pageup", "pagedown", "right_square_bracket",
        "left_square_bracket", "h", "question_mark", "f1", "f2", "f12", "q", "y", "n", "r",
        "ctrl+p", "ctrl+s", *"abcdefgijklm"]
# The keys that make a game go on (choose the first card, play it, answer a dialog): weighted
# up so that the events reach the scoring, game-over and new-game screens.
PROGRESS = ["1", "enter", "enter", "y", "escape"]
FAST_AIS = ("greedy", "random", "easy", "medium")  # hard thinks 0.5 s a move: too slow here


def make_events(rng: random.Random, count: int) -> list[tuple]:
    """``count`` events: ("key", name), ("click", x, y) as fractions of the screen, ("resize", w, h)."""
    events: list[tuple] = []
    for _ in range(count):
        roll = rng.random()
        if roll < 0.45:
            events.append(("key", rng.choice(KEYS)))
        elif roll < 0.65:
            events.append(("key", rng.choice(PROGRESS)))
        elif roll < 0.75:
            events.append(("key", rng.choice(string.printable.strip())))
        elif roll < 0.92:
            events.append(("click", round(rng.random(), 3), round(rng.random(), 3)))
        elif rng.random() < 0.5:  # a size the game fits in, so that play goes on
            events.append(("resize", rng.randint(80, 200), rng.randint(24, 60)))
        else:
            events.append(("resize", rng.randint(10, 200), rng.randint(5, 60)))
    return events


def make_app(players: int, rng: random.Random, data_dir: str) -> ScopaApp:
    """A game with fast AIs, a small target (so games end), on the new-game screen or started."""
    config = GameConfig(players=players, ai=[rng.choice(FAST_AIS) for _ in range(players - 1)],
                        seed=rng.randrange(10_000), target=rng.choice([1, 3, None]))
    app = ScopaApp(config, start=rng.random() < 0.7, ai_delay=0, data_dir=data_dir)
    app.hint_options = {"iters": 10, "seed": 1}
    return app


async def send(pilot, event: tuple) -> None:
    kind = event[0]
    if kind == "key":
        await pilot.press(event[1])
    elif kind == "click":
        w, h = pilot.app.size
        await pilot.click(offset=(min(w - 1, int(event[1] * w)), min(h - 1, int(event[2] * h))))
    else:
        await pilot.resize_terminal(event[1], event[2])


async def run_events(players: int, seed: int, events: list[tuple], data_dir: str, done: list) -> int:
    """Play ``events`` on as many apps as it takes (an event may quit one); returns the apps run."""
    rng = random.Random(seed)
    apps = 0
    while len(done) < len(events):
        app = make_app(players, rng, data_dir)
        apps += 1
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            while len(done) < len(events) and app.return_code is None:
                event = events[len(done)]
                done.append(event)
                await send(pilot, event)
                if app._exception is not None:
                    break
            if app.return_code is None:
                await app.workers.wait_for_complete()
                await pilot.pause()
        # run_test raises the app's unhandled exception, if any, on leaving the block
        if app.return_code not in (None, 0):
            raise AssertionError(f"the app exited with status {app.return_code}")
    return apps


@pytest.fixture
def worker_errors(monkeypatch):
    """Errors of workers that do not stop the app (exit_on_error=False) are collected here."""
    errors: list[BaseException] = []
    remove = WorkerManager._remove_worker

    def record(self, worker) -> None:
        if worker.state == WorkerState.ERROR:
            errors.append(worker.error)
        remove(self, worker)

    monkeypatch.setattr(WorkerManager, "_remove_worker", record)
    return errors


async def fuzz(players: int, seed: int, events: list[tuple], tmp_path, worker_errors: list) -> None:
    """Play ``events``; any crash fails with the seed and the events played so far."""
    done: list[tuple] = []
    try:
        await run_events(players, seed, events, str(tmp_path / "data"), done)
        assert not worker_errors, f"worker errors: {worker_errors!r}"
    except Exception as error:
        raise AssertionError(f"{players} players, SCOPA_FUZZ_SEED={seed}: {error!r} at event"
                             f" {len(done)} {done[-1:]}\nreplay: SCOPA_FUZZ_SEED={seed}"
                             f" SCOPA_FUZZ_EVENTS={len(events)} pytest tests/ui/test_fuzz.py -k {players}players"
                             f"\nevents: {done}") from error


@pytest.mark.parametrize("seed_offset", range(RUNS))
@pytest.mark.parametrize("players", PLAYER_COUNTS, ids=lambda n: f"{n}players")
async def test_random_keys_clicks_and_resizes_never_crash_the_app(players, seed_offset, tmp_path,
                                                                  monkeypatch, worker_errors):
    monkeypatch.chdir(tmp_path)  # F12 writes its screenshots in the current directory
    seed = FIRST_SEED + seed_offset
    await fuzz(players, seed, make_events(random.Random(seed * 10 + players), EVENTS), tmp_path, worker_errors)


async def test_a_crash_fails_the_fuzz_test_with_the_seed_and_the_events(tmp_path, monkeypatch, worker_errors):
    def crash(self) -> None:
        raise RuntimeError("screenshot crashed")

    monkeypatch.setattr(ScopaApp, "action_save_svg", crash)  # F12, on every screen
    events = [("resize", 90, 30), ("key", "f12"), ("key", "1")]
    with pytest.raises(AssertionError) as failure:
        await fuzz(2, 5, events, tmp_path, worker_errors)
    message = str(failure.value)
    assert "SCOPA_FUZZ_SEED=5: RuntimeError('screenshot crashed') at event 2 [('key', 'f12')]" in message
    assert "events: [('resize', 90, 30), ('key', 'f12')]" in message
