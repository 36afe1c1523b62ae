"""Kill a game at random moments, many times: each resume is the saved game exactly,
and at most the move in progress is lost."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from conftest import snapshot
from kill_driver import policy

from scopa_tui.engine import Game, make_rules
from scopa_tui.engine import record as records
from scopa_tui.store import Store

DRIVER = Path(__file__).with_name("kill_driver.py")


def reference(seed: int) -> tuple[Game, dict[int, dict]]:
    """The uninterrupted game and its snapshot at every point a save can hold."""
    game = Game(make_rules(players=2), seed=seed)
    game.start()
    points = {len(game.events): snapshot(game)}
    while not game.is_over:
        if game.phase == "hand_over":
            game.next_hand()
            points[len(game.events)] = snapshot(game)
        game.play(policy(game))
        points[len(game.events)] = snapshot(game)
    return game, points


def start(data_dir: Path, seed: int) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    return subprocess.Popen([sys.executable, str(DRIVER), str(data_dir), str(seed)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def finish(proc: subprocess.Popen) -> tuple[str, str]:
    """The rest of the driver's output, and its exit.

    Not ``communicate()``: it reads the pipes directly and would lose lines that an
    earlier ``readline()`` already pulled into ``proc.stdout``'s buffer.
    """
    out = proc.stdout.read()
    err = proc.stderr.read()
    proc.wait()
    return out, err


def plays(game: Game) -> int:
    return sum(1 for e in game.events if type(e).__name__ == "Played")


def check_save(data_dir: Path, game_id: str, points: dict, at_least: int) -> int | None:
    """The save after a kill: a valid state of the reference game with >= at_least plays.

    Returns the plays it holds, or None when the game was finished and filed."""
    store = Store(data_dir)
    saved = store.saves.load(game_id)
    assert store.notices.take() == []
    if saved is None:
        assert not store.saves.path(game_id).exists()
        if at_least == 0 and not store.history():  # killed before the game began
            return 0
        assert [h.game_id for h in store.history()] == [game_id]
        return None
    assert snapshot(saved.game) == points[len(saved.game.events)]
    k = plays(saved.game)
    assert at_least <= k <= at_least + 1, (at_least, k)
    return k


def test_sigkill_at_random_moments_loses_at_most_the_move_in_progress(tmp_path):
    rng = random.Random(2024)
    kills = 0
    seed = 0
    while kills < 20:
        seed += 1
        data_dir = tmp_path / f"d{seed}"
        full, points = reference(seed)
        game_id = f"kill-{seed}"
        held = 0  # plays known to be saved
        for _ in range(200):
            proc = start(data_dir, seed)
            first = ""
            if rng.random() < 0.85:  # mostly while playing: after a random number of moves
                first = proc.stdout.readline()
                assert first in ("ready\n", "done\n")
                for _ in range(rng.randint(0, 25)):
                    line = proc.stdout.readline()
                    first += line
                    if not line or line == "done\n":
                        break
                time.sleep(rng.uniform(0.0, 0.004))  # ... and at a random moment within a move
            else:  # sometimes while starting or resuming
                time.sleep(rng.uniform(0.0, 0.15))
            proc.send_signal(signal.SIGKILL)
            out, err = finish(proc)
            assert err == "" and "notice" not in out, (out, err)
            out = first + out
            reported = [int(line.split()[1]) for line in out.splitlines() if line.startswith("played")]
            done = "done" in out.splitlines()
            if proc.returncode == -signal.SIGKILL:
                kills += 1
            held_now = check_save(data_dir, game_id, points, max(reported, default=held))
            if held_now is None:
                break
            assert held_now >= held  # never goes back
            held = held_now
            assert not done
        else:
            raise AssertionError("the game never finished")
        # However often it was killed, the game played is the uninterrupted one.
        store = Store(data_dir)
        (entry,) = store.history()
        assert store.history_record(entry.id) == records.dumps(full)
        leftovers = [p.name for p in (data_dir / "saves").iterdir() if p.suffix in (".json", ".tmp")]
        assert leftovers == []
    assert kills >= 20


def test_sigterm_and_sighup_save_and_exit_cleanly(tmp_path):
    for seed, sig in ((7, signal.SIGTERM), (8, signal.SIGHUP)):
        data_dir = tmp_path / str(seed)
        _, points = reference(seed)
        proc = start(data_dir, seed)
        assert proc.stdout.readline() == "ready\n"
        for _ in range(10):
            proc.stdout.readline()
        proc.send_signal(sig)
        out, err = finish(proc)
        assert proc.returncode == 0 and err == ""
        reported = [int(line.split()[1]) for line in out.splitlines() if line.startswith("played")]
        k = check_save(data_dir, f"kill-{seed}", points, max(reported, default=10))
        assert k is not None and k >= 10
