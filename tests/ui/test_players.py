"""The AI players of a local game are made when first asked for (ui/app.py, Players), with
the seeds they had when made at once."""

from __future__ import annotations

import pytest

from scopa_tui.ai.registry import make_player
from scopa_tui.engine import Game, make_rules
from scopa_tui.ui.app import Players

from .helpers import make_app, settle


def test_a_player_is_made_on_first_use_with_the_seed_it_had_before():
    players = Players({1: "medium", 2: "easy"}, seed=5)
    assert dict(players) == {}
    medium = players[1]
    assert type(medium) is type(make_player("medium", seed=51)) and players[1] is medium
    assert list(players) == [1]  # the other seat is still not made
    game = Game(make_rules("standard", players=3), seed=5)
    game.start()
    for _ in range(2):
        game.play(game.legal_moves()[0])
    view = game.view(2)
    assert players[2].choose(view) == make_player("easy", seed=52).choose(view)
    assert medium.rng.getstate() == make_player("medium", seed=51).rng.getstate()
    with pytest.raises(KeyError):
        players[0]  # the player's own seat has no AI


async def test_the_ai_is_made_with_its_first_turn():
    app = make_app(seed=5, ai=["medium"])  # the player leads
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert dict(app.players) == {}
        await pilot.press("1", "enter")
        for _ in range(20):
            await settle(pilot)
            if app.game.history and len(app.game.history) > 1:
                break
        assert list(app.players) == [1] and app.game.history[1].seat == 1
