"""``simulate``'s lean path: random and greedy choose from the engine's (card, capture
mask) pairs without a view, exactly as they would from a view (README.md, Benchmark)."""

from __future__ import annotations

import io

import pytest

from scopa_tui import simulate
from scopa_tui.ai.simple import GreedyPlayer
from scopa_tui.engine import Game, make_rules


def records(rules, specs, games=6, seed=3) -> tuple[str, dict]:
    out = io.StringIO()
    summary = simulate.run(rules, games, seed, specs, record_file=out)
    return out.getvalue(), summary


@pytest.mark.parametrize("variant,players,options", [
    ("scopa", 2, ()), ("scopa", 4, ()), ("escoba", 2, ()), ("scopa-d-assi", 2, ("ace-no-empty-sweep",)),
    ("scopone-scientifico", 4, ()),
])
def test_lean_choices_are_the_view_choices(monkeypatch, variant, players, options):
    rules = make_rules(players=players, variant=variant, options=options)
    lean_text, lean = records(rules, ["greedy", "random"])
    monkeypatch.setattr(simulate, "_lean_chooser", lambda player: None)  # every player gets a view
    view_text, viewed = records(rules, ["greedy", "random"])
    assert lean_text == view_text and lean_text.count("\n") > 100
    for a, b in zip(lean["ai"], viewed["ai"]):
        assert (a["wins"], a["points_per_hand"], a["decisions"], a["faults"]) == \
               (b["wins"], b["points_per_hand"], b["decisions"], b["faults"])


def test_random_and_greedy_get_no_view(monkeypatch):
    def no_view(self, seat):
        raise AssertionError("a view was built")

    monkeypatch.setattr(Game, "view", no_view)
    text, summary = records(make_rules(players=2), ["greedy", "random"], games=2)
    assert summary["games"] == 2 and '"event":"game_end"' in text


def test_a_player_that_chooses_its_own_way_still_gets_a_view(monkeypatch):
    class Lowest(GreedyPlayer):
        def choose(self, view):
            return min(view.legal, key=lambda m: (m.card, m.mask))

    seen = []
    view = Game.view
    monkeypatch.setattr(Game, "view", lambda self, seat: seen.append(seat) or view(self, seat))
    assert simulate._lean_chooser(Lowest(1)) is None
    assert simulate._lean_chooser(GreedyPlayer(1)) is not None
    monkeypatch.setattr(simulate, "make_player", lambda spec, seed: Lowest(seed))
    records(make_rules(players=2), ["a", "b"], games=1)
    assert seen
