"""The levels: registry names, legal play, and the judgement each level is meant to show."""

from __future__ import annotations

import pytest

from scopa_tui import simulate
from scopa_tui.ai import hint, registry
from scopa_tui.ai.common import RANK_MASK
from scopa_tui.ai.hard import HardPlayer, evidence, perfect_information
from scopa_tui.ai.medium import MediumPlayer
from scopa_tui.ai.simple import GreedyPlayer
from scopa_tui.ai.strength import format_results, run_matches
from scopa_tui.engine import Move, Rules

from ai_helpers import all_but, make_view


def test_levels_are_registered_with_descriptions_and_options():
    for name in ("random", "greedy", "easy", "medium", "hard"):
        assert name in registry.DESCRIPTIONS
    assert "cmd" not in registry.DESCRIPTIONS  # an external bot is not a level to pick from a list
    assert registry.make_player("hard:time=0.3").time_budget == 0.3
    assert registry.make_player("hard:iters=2000").iters == 2000
    assert registry.make_player("easy").name == "easy"
    # late=0 turns the last deal's tree search off (4 and 6 players); other budgets must be above 0
    assert registry.make_player("hard:late=0").late == 0
    assert registry.make_player("hard:late=500").late == 500


@pytest.mark.parametrize("spec,message", [
    ("hard:speed=3", "has no option 'speed=3'"),
    ("hard:time=-1", "must be a positive number"),
    ("hard:time=nan", "must be a positive number, not nan"),
    ("hard:time=inf", "must be a positive number, not inf"),
    ("hard:iters=many", "is not a whole number"),
    ("hard:worlds=0", "must be a positive number, not 0"),
    ("hard:late=-1", "must be 0 \\(off\\) or more, not -1"),
    ("hard:late=20001", "is too big: at most 20000 per decision"),
    ("cmd", "needs a command"),
    ("expert", "unknown AI 'expert'"),
])
def test_bad_specs_are_refused_in_one_line(spec, message):
    with pytest.raises(ValueError, match=message):
        registry.parse_spec(spec)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_plays_whole_games_legally(players):
    specs = ["easy", "medium", "hard:iters=12"][:players] if players < 4 else ["medium", "hard:iters=12"]
    summary = simulate.run(Rules(players=players, target=3), 2, 5, specs)
    assert summary["games"] == 2
    assert all(a["faults"] == 0 and a["decisions"] > 0 for a in summary["ai"])


def test_medium_counts_cards_to_avoid_leaving_a_sweep():
    # Table 4c; laying 5s leaves 9 (a Horse sweeps), laying 6b leaves 10 (a King sweeps).
    kings_seen = make_view("5s 6b", "4c", captured=["10d 10c 10s 10b", ""], hand_sizes=(2, 3), stock=20)
    assert MediumPlayer(1).choose(kings_seen) == Move("6b")
    horses_seen = make_view("5s 6b", "4c", captured=["9d 9c 9s 9b", ""], hand_sizes=(2, 3), stock=20)
    assert MediumPlayer(1).choose(horses_seen) == Move("5s")
    # Greedy does not count: it lays the card it values least either way.
    assert GreedyPlayer(1).choose(kings_seen) == GreedyPlayer(1).choose(horses_seen)


def test_medium_takes_the_settebello():
    view = make_view("7c 5s", "7d 2b 3s", hand_sizes=(2, 3), stock=20)
    assert MediumPlayer(1).choose(view) == Move("7c", ["7d"])


def test_hard_sweeps_when_it_can():
    view = make_view("7b 1d 9c", "3c 4s", hand_sizes=(3, 3), stock=24)
    assert HardPlayer(3, iters=120).choose(view) == Move("7b", ["3c", "4s"])


def test_hard_solves_the_end_of_a_hand_exactly():
    # Only 5s is unseen, so the opponent holds it.  Laying 2b leaves 3d 2b for its sweep;
    # laying 5c makes it take the 5c instead.  Greedy lays its cheaper card, the 2b.
    view = make_view("5c 2b", "3d", captured=[all_but("5c", "2b", "3d", "5s"), ""], hand_sizes=(2, 1), stock=0)
    assert perfect_information(view)
    hard = HardPlayer(1, iters=50)
    assert hard.choose(view) == Move("5c")
    assert hard.last_stats["exact"] == 1
    assert GreedyPlayer(1).choose(view) == Move("2b")


def test_hard_plays_a_wide_last_deal_exactly():
    # The last deal, every card known: the opponent holds 1d 3d 10d.  Searched to the end of
    # the hand, 10c taking 1c 1b 8c wins the hand by 3 points and 7d taking 1c 1b 5b only
    # ties it; the six cards on the table give 12 moves, and the search used to be cut to 4
    # of the 6 plays left, where the settebello's capture looked best (docs/ai-strength.md).
    view = make_view("10c 7d 6c", "1c 8c 4d 1b 2c 5b", hand_sizes=(3, 3), stock=0,
                     captured=["4b 9d 6b 7b 5c 6s 4c 10s", "3c 8s 10b 4s 8d 5d 9s 6d 1s 3s 7c 3b 5s 2d 9b 7s 9c 2s 2b 8b"],
                     history=[(1, "2b", "2s", False)])
    assert perfect_information(view)
    hard = HardPlayer(0, worlds=40)  # a count: no clock (one world, nothing hidden)
    assert hard.best(view) == (Move("10c", ["1c", "1b", "8c"]), 3.0)  # the hand's exact points
    assert hard.last_stats["exact"] == 1
    assert hint.best(view, 0.5, 40, 0)[0] == Move("10c", ["1c", "1b", "8c"])  # the hint follows


def test_hard_reads_a_missed_sweep_as_evidence():
    # Seat 1 laid 1b on 3c 4s although a 7 would have swept: it probably holds no 7.
    view = make_view("9d 9c", "3c 4s 1b", hand_start_table="3c 4s", seat=0, hand_sizes=(2, 2), stock=30,
                     history=[(0, "2d", "", False), (1, "1b", "", False)])
    # (the table before seat 1 played held 3c 4s 2d: sum 9, a Horse would have swept)
    seen = evidence(view)
    assert seen[1] & RANK_MASK[9] == RANK_MASK[9]
    assert 0 not in seen  # no evidence about our own seat


def test_hard_is_deterministic_for_a_seed_and_an_iteration_budget():
    view = make_view("7b 1d 9c", "3c 5s 6b", hand_sizes=(3, 3), stock=24)
    # A generous time cap: the default 1 s safety cap (hard.SAFETY_TIME) may cut 90 worlds
    # short on a loaded machine, and then the two searches would see different worlds.
    first = HardPlayer(8, iters=90, time=600).evaluate(view)
    again = HardPlayer(8, iters=90, time=600).evaluate(view)
    assert first == again
    assert {m for m, _ in first} == set(view.legal)


def test_strength_benchmark_merges_chunks_into_one_row():
    results = run_matches([("easy", "random", 4)], seed=3, jobs=1, chunk=2)
    (row,) = results
    assert row["games"] == 4
    easy, rnd = row["ai"]
    assert easy["games"] == rnd["games"] == 4 and easy["wins"] + rnd["wins"] == 4
    assert easy["decisions"] > 0 and easy["decision_ms_p99"] >= easy["decision_ms_median"]
    assert "easy vs random" in format_results(results) and ">=80%" in format_results(results)
