"""A game played by AIs with the store's autosave, for the kill test (no UI).

Usage: python kill_driver.py DATA_DIR SEED

Resumes the saved game when there is one, else starts game SEED.  Every move is chosen
by an AI seeded from the game seed and the number of plays so far, so the game is the
same however often it is killed and resumed.  After each move (and its autosave)
prints ``played N``; at the end prints ``done``.  SIGTERM and SIGHUP save and exit 0.
"""

from __future__ import annotations

import os
import sys

from scopa_tui.ai.registry import make_player
from scopa_tui.engine import Game, make_rules
from scopa_tui.store import GameSetup, Store
from scopa_tui.store.signals import on_termination

SPECS = ("greedy", "random")


def policy(game: Game):
    plays = sum(1 for e in game.events if type(e).__name__ == "Played")
    seat = game.turn
    player = make_player(SPECS[seat % 2], seed=game.seed * 1000 + plays)
    return player.choose(game.view(seat))


def say(line: str) -> None:
    """One whole line in one write(2): a kill never leaves half a line in the pipe
    (print() makes several writes when PYTHONUNBUFFERED is set)."""
    os.write(1, (line + "\n").encode())


def main() -> int:
    data_dir, seed = sys.argv[1], int(sys.argv[2])
    store = Store(data_dir)
    saved = store.resumable()
    if saved is not None:
        session = store.track(saved.game, saved.setup, saved.game_id)
    elif any(h.game_id == f"kill-{seed}" for h in store.history()):
        say("done")  # finished and filed by an earlier run
        return 0
    else:
        game = Game(make_rules(players=2), seed=seed)
        session = store.track(game, GameSetup(["You", "Greedy"], [None, "greedy"], 0), f"kill-{seed}")
        game.start()
    game = session.game
    on_termination(lambda signum: session.save())
    for message in store.notices.take():
        say(f"notice {message}")
    say("ready")
    while not game.is_over:
        if game.phase == "hand_over":
            game.next_hand()
        game.play(policy(game))
        say(f"played {sum(1 for e in game.events if type(e).__name__ == 'Played')}")
    say("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
