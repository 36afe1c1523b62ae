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
    said = saved.summary()
    assert said.startswith(f"hand {game.hand_no} of a game of {name} to {rules.target} ")
    # A game of partners says the partner apart from the opponents (not "against medium, medium").
    assert (" (partner: " in said and "; opponents: " in said) == (rules.players == 4)
    play(game, seed=99)
    play(saved.game, seed=99)
    assert snapshot(saved.game) == snapshot(game)


def test_the_remembered_new_game_choices_keep_the_variant_and_its_options():
    from scopa_tui.ui.config import GameConfig
    from scopa_tui.ui.persistence import config_from_settings, config_to_settings

    config = GameConfig(players=4, variant="scopone-classico", options=["napola"], ai=["easy"])
    data = config_to_settings(config)
    assert data["variant"] == "scopone-classico" and data["options"] == ["napola"]
    back = config_from_settings(data)
    assert back.rules().variant == "scopone-classico" and back.rules().napola
    # Choices a later version does not know (or that no longer fit) are dropped whole.
    assert config_from_settings({**data, "variant": "tressette"}) is None
    assert config_from_settings({**data, "options": ["ace-no-empty-sweep"]}) is None
    assert config_from_settings({**data, "options": "napola"}) is None
    # Choices remembered before the variants read as Scopa.
    old = {k: v for k, v in data.items() if k not in ("variant", "options")}
    assert config_from_settings({**old, "players": 2}).rules().variant == "scopa"
