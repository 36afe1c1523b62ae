"""Helpers for the store tests: games played by seeded random moves, a fresh data dir."""

from __future__ import annotations

import random

import pytest

from scopa_tui.engine import Game, make_rules
from scopa_tui.store import GameSetup, Store


def play(game: Game, moves: int | None = None, seed: int = 0) -> Game:
    """Play ``moves`` random legal moves (all of them when None), dealing new hands as needed."""
    rng = random.Random(seed)
    if game.phase == "new":
        game.start()
    n = 0
    while not game.is_over and (moves is None or n < moves):
        if game.phase == "hand_over":
            game.next_hand()
        game.play(rng.choice(game.legal_moves()))
        n += 1
    return game


def setup_for(players: int = 2, human: int | None = 0, ai: str = "greedy") -> GameSetup:
    names = ["You" if s == human else f"AI {s}" for s in range(players)]
    return GameSetup(names, [None if s == human else ai for s in range(players)], human)


def snapshot(game: Game) -> dict:
    """Everything that defines where a game stands."""
    s = game.state
    return {
        "phase": game.phase, "hand": game.hand_no, "dealer": game.dealer, "turn": game.turn,
        "totals": list(game.totals), "table": sorted(game.table),
        "hands": [sorted(game.hand_of(p)) for p in range(game.rules.players)],
        "stock": list(s.stock) if s else None, "piles": list(s.piles) if s else None,
        "scope": list(s.scope) if s else None, "last_capture": s.last_capture if s else None, "events": [e.to_record() for e in game.events],
    }


def file_game(store: Store, game: Game, setup: GameSetup | None = None, game_id: str | None = None,
              when: float | None = None) -> Game:
    """Put a finished game straight into the history (no autosave: fast)."""
    from scopa_tui.engine import record

    assert game.is_over
    assert store.db.add_game(game_id or f"g{game.seed}", record.dumps(game), setup or setup_for(game.rules.players),
                             when)
    return game


@pytest.fixture
def store(tmp_path) -> Store:
    return Store(tmp_path / "data")


@pytest.fixture
def rules2():
    return make_rules(players=2)
