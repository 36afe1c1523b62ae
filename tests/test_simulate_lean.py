"""``simulate``'s lean path: random and greedy choose from the engine's (card, capture
mask) pairs without a view, exactly as they would from a view (README.md, Benchmark)."""

from __future__ import annotations

import io
import subprocess
import sys
import tempfile

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


def test_random_and_greedy_games_build_no_events(monkeypatch):
    """Their games are RecordingGames: each play is written as its line, no Played or
    PlayRecord object (README.md, Benchmark)."""
    from scopa_tui.engine.events import Played
    from scopa_tui.engine.view import PlayRecord

    def built(*args, **kwargs):
        raise AssertionError("an event was built")

    monkeypatch.setattr(Played, "__init__", built)
    monkeypatch.setattr(PlayRecord, "__init__", built)
    text, summary = records(make_rules(players=2), ["greedy", "random"], games=3)
    assert summary["games"] == 3 and text.count('"event":"game_end"') == 3


def test_simulate_starts_without_sqlite_or_the_store():
    """``simulate`` reads the settings' language but loads neither SQLite nor the saves."""
    code = ("import sys; from scopa_tui import cli; cli.main(['--data-dir', sys.argv[1], 'simulate', '--games', '1',"
            " '--ai', 'random,random']); print(sorted(m for m in ('sqlite3', 'scopa_tui.store.store',"
            " 'scopa_tui.store.saves', 'concurrent.futures', 'textual') if m in sys.modules))")
    with tempfile.TemporaryDirectory() as data_dir:
        out = subprocess.run([sys.executable, "-c", code, data_dir], capture_output=True, text=True, timeout=60,
                             check=True).stdout
    assert out.splitlines()[-1] == "[]"
