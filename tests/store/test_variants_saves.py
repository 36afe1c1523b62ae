"""A saved game of a variant resumes as that variant, with its house rules (issue 11)."""

from __future__ import annotations

import pytest
from conftest import play, setup_for, snapshot

from scopa_tui.engine import Game, make_rules
from scopa_tui.store import Store


@pytest.mark.parametrize("variant,players,options,moves", [
    ("scopone-scientifico", 4, ("re-bello", "napola"), 23),
    ("scopone-classico", 4, (), 30),
    ("escoba", 3, ("setenta-primiera",), 50),
    ("scopa-d-assi", 2, ("ace-no-empty-sweep",), 17),
])
def test_a_saved_variant_resumes_as_that_variant(tmp_path, variant, players, options, moves):
    rules = make_rules(players=players, variant=variant, options=options)
    game = Game(rules, seed=moves)
    session = Store(tmp_path).track(game, setup_for(players))
    play(game, moves, seed=moves)
    session.close()

    saved = Store(tmp_path).resumable()
    assert saved.game.rules == rules and saved.game.rules.options == options
    assert snapshot(saved.game) == snapshot(game)
    name = rules.variant_info.title
    assert saved.summary().startswith(f"hand {game.hand_no} of a game of {name} to {rules.target} against ")
    play(game, seed=99)
    play(saved.game, seed=99)
    assert snapshot(saved.game) == snapshot(game)
