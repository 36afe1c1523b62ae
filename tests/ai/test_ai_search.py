"""The search levels (``pimc`` and ``hard``): legal play, determinism, options, evaluation."""

from __future__ import annotations

import pytest

from scopa_tui import simulate
from scopa_tui.ai import registry
from scopa_tui.ai.evaluation import expected_points, material, primiera_prospect
from scopa_tui.ai.hard import HardPlayer
from scopa_tui.ai.pimc import PimcPlayer
from scopa_tui.ai.search import WIN, terminal_value
from scopa_tui.ai.strength import format_results, run_named, build_matches
from scopa_tui.ai.worlds import determinize
from scopa_tui.engine import CARDS, Game, Move, Rules, mask_of, parse_cards

from ai_helpers import all_but, make_view


def _mask(text: str) -> int:
    return mask_of(parse_cards(text.split()))


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_pimc_and_hard_play_whole_games_legally(players):
    specs = ["pimc:worlds=2,depth=3", "hard:worlds=2,depth=4"]
    summary = simulate.run(Rules(players=players, target=2), 2, 7 + players, specs)
    assert summary["games"] == 2
    assert all(a["faults"] == 0 and a["decisions"] > 0 for a in summary["ai"])


@pytest.mark.parametrize("spec", ["pimc:worlds=6,depth=4", "hard:worlds=6"])
def test_the_same_seed_and_budget_give_the_same_move(spec):
    game = Game(Rules(players=2), 11)
    game.start()
    for _ in range(5):  # a few plays in, with history to read
        game.play(game.legal_moves()[0])
    view = game.view(game.turn)
    first = registry.make_player(spec, seed=4).evaluate(view)
    again = registry.make_player(spec, seed=4).evaluate(view)
    assert first == again
    assert {m for m, _ in first} == set(view.legal)


def test_pimc_options_are_parsed_and_refused_in_one_line():
    player = registry.make_player("pimc:worlds=12,depth=5")
    assert (player.worlds, player.depth) == (12, 5)
    assert registry.make_player("pimc").worlds == 12
    hard = registry.make_player("hard:worlds=30,depth=6")
    assert (hard.worlds, hard.depth) == (30, 6)
    assert registry.make_player("hard:iters=25").worlds == 25  # the old name of the budget
    for spec, message in [("pimc:time=1", "has no option 'time=1'"), ("pimc:depth=0", "must be a positive"),
                          ("pimc:worlds=x", "is not a whole number"), ("pimc:depth=99", "at most 40")]:
        with pytest.raises(ValueError, match=message):
            registry.parse_spec(spec)


def test_pimc_and_hard_sweep_when_they_can():
    view = make_view("7b 1d 9c", "3c 4s", hand_sizes=(3, 3), stock=24)
    assert PimcPlayer(3).choose(view) == Move("7b", ["3c", "4s"])
    assert HardPlayer(3, worlds=10).choose(view) == Move("7b", ["3c", "4s"])


def test_hard_searches_the_last_deal_to_the_end_of_the_hand():
    # The last four cards, two each: unseen 5s and 9b are the opponent's.  Laying 2b
    # leaves 3d 2b for a 5 to sweep; laying 5c (on 3d: nothing to take) leaves 3d 5c,
    # which no card sweeps (sum 8); then 2b ... the exact search sees the hand through.
    view = make_view("5c 2b", "3d", captured=[all_but("5c", "2b", "3d", "5s", "9b"), ""],
                     hand_sizes=(2, 2), stock=0)
    hard = HardPlayer(1, worlds=4)
    assert hard.choose(view) == Move("5c")
    assert hard.last_stats["exact"] == 1  # two hidden cards, one other hand: one world


def test_the_settebello_left_is_lost_only_once_it_is_gone():
    rules = Rules()
    state = determinize(make_view("1c", "2c", captured=["7d 3b", "4b"], hand_sizes=(1, 1), stock=0), _rng())
    assert expected_points(state, 0, rules.primiera_values) > 0.9  # we hold the settebello
    assert expected_points(state, 1, rules.primiera_values) < -0.9
    assert material(state, 0, rules.primiera_values) > 0.9


def test_a_clinched_point_counts_whole_in_the_evaluation():
    # 21 cards taken: the "most cards" point is ours whatever is still out.
    rules = Rules()
    pile = " ".join(str(c) for c in CARDS[4:25] if str(c) != "7d")
    view = make_view("1c", "2c", captured=[pile + " 8c", ""], hand_sizes=(1, 1), stock=10)
    state = determinize(view, _rng())
    assert pile.count(" ") + 2 == 21
    from scopa_tui.ai.evaluation import _CARDS_SPLIT
    left = 40 - 21
    assert _CARDS_SPLIT[left][21 + 40] == 1.0  # 21 ahead with 19 out: no way back
    assert _CARDS_SPLIT[2][2 + 40] == 0.75     # 2 ahead, 2 out: won 3 times in 4, tied once
    assert expected_points(state, 0, rules.primiera_values) > 1.0


def test_primiera_prospect_takes_the_best_card_of_each_suit():
    values = Rules().primiera_values
    assert primiera_prospect(_mask("7d 1d 6c 5s"), values) == 21 + 18 + 15
    assert primiera_prospect(0, values) == 0


def test_a_hand_that_wins_the_game_is_worth_more_when_the_score_is_played():
    rules = Rules(target=11)
    view = make_view("1c", "2c", captured=["7d 3b", "4b"], hand_sizes=(1, 1), stock=0)
    state = determinize(view, _rng())
    state.apply(state.hands[0][0], 0)
    state.apply(state.hands[1][0], 0)
    plain = terminal_value(rules, 0)(state)
    near = terminal_value(rules, 0, (10, 0))(state)  # one point wins us the game
    assert near == plain + WIN


def _rng():
    import random

    return random.Random(5)


def test_strength_report_is_deterministic_on_a_tiny_budget():
    table = build_matches("hard:worlds=2,depth=3", "pimc:worlds=2,depth=2", 2, 2, 2)
    first = run_named(table, ["hard-pimc", "pairs-pimc"], seed=9, jobs=1, chunk=2)
    again = run_named(table, ["hard-pimc", "pairs-pimc"], seed=9, jobs=1, chunk=2)
    strip = lambda rs: [[{k: v for k, v in a.items() if not k.startswith("decision_ms")} for a in r["ai"]]  # noqa: E731
                        for r in rs]
    assert strip(first) == strip(again)
    text = format_results(first)
    assert "hard:worlds=2,depth=3 vs pimc:worlds=2,depth=2" in text and ">=65%, +0.5/hand" in text
    assert "pair of hard" in text and text.count(">=65%") == 1  # the pairs have no goal


def test_choosing_the_next_move_once_for_all_worlds_never_counts_on_more():
    # Over the same worlds, the value of each move with the seat's next move chosen per
    # information set is at most the value when it may choose per world (plain PIMC).
    from random import Random

    from scopa_tui.ai.search import search_infosets, search_worlds

    game = Game(Rules(players=2), 24)
    game.start()
    view = game.view(game.turn)
    rules, side = view.rules, view.side
    leaf = lambda state: expected_points(state, side, rules.primiera_values)  # noqa: E731
    depth = lambda state: 6  # noqa: E731
    fused, _ = search_worlds(view, Random(3), 8, depth, leaf, terminal_value(rules, side))
    fixed, _ = search_infosets(view, Random(3), 8, depth, leaf, terminal_value(rules, side))
    fused, fixed = dict(fused), dict(fixed)
    assert all(fixed[m] <= fused[m] + 1e-9 for m in fused)
    assert any(fixed[m] < fused[m] - 1e-9 for m in fused)  # the seat cannot always play the safe card


def test_the_strength_report_does_not_depend_on_the_number_of_processes():
    table = build_matches("hard:worlds=2,depth=3", "pimc:worlds=2,depth=2", 4, 4, 2)
    keep = ("games", "wins", "points_per_hand", "decisions", "faults")
    one = run_named(table, ["easy-random", "hard-pimc"], seed=12, jobs=1, chunk=2)
    two = run_named(table, ["easy-random", "hard-pimc"], seed=12, jobs=2, chunk=2)
    assert [[{k: a[k] for k in keep} for a in r["ai"]] for r in one] == \
        [[{k: a[k] for k in keep} for a in r["ai"]] for r in two]


def test_hard_searching_into_a_guessed_next_deal_plays_legally():
    # Past the end of the deal the seat's next hand differs between worlds: its next
    # move is chosen per hand as well as per public plays (this once raised a KeyError).
    game = Game(Rules(players=2, target=1), 51)
    game.start()
    players = [HardPlayer(1, worlds=4, at_least=5), PimcPlayer(2, worlds=2, depth=2)]
    while not game.is_over:
        if game.phase == "hand_over":
            game.next_hand()
        view = game.view(game.turn)
        move = players[game.turn].choose(view)
        assert move in view.legal
        game.play(move)


def test_a_counted_budget_is_searched_in_full_however_late_the_clock(monkeypatch):
    # Same seed and count, same move and values, even when every deadline looks long past.
    import scopa_tui.ai.hard as hard
    import scopa_tui.ai.search as search

    view = make_view("7b 1d 9c", "3c 5s 6b", hand_sizes=(3, 3), stock=24)
    unhurried = HardPlayer(8, worlds=20).evaluate(view)
    monkeypatch.setattr(search, "perf_counter", lambda: 1e12)
    assert HardPlayer(8, worlds=20).evaluate(view) == unhurried
    assert HardPlayer(8).time_budget == hard.SAFETY_TIME  # the default budget keeps its safety cap


def test_hard_endgame_searches_the_last_two_deals_to_the_end_of_the_hand():
    # Twelve plays left: this deal and the last one.  With endgame=12 each of the 6 worlds
    # is played out to the end of the hand and scored by the engine (whole points, so each
    # move's sum over the worlds is whole); by default the search stops at the deal's end.
    keep = "7b 1d 9c 3c 5s 2b 4d 6c 8s 10b 1s 2d 3s 5d".split()
    view = make_view("7b 1d 9c", "3c 5s", captured=[all_but(*keep), ""], hand_sizes=(3, 3), stock=6)
    assert view.plays_left == 12

    def sums(player):
        return [6 * v for _, v in player.evaluate(view)]

    exact = sums(HardPlayer(3, worlds=6, endgame=12))
    assert all(abs(s - round(s)) < 1e-9 for s in exact)
    assert not all(abs(s - round(s)) < 1e-9 for s in sums(HardPlayer(3, worlds=6)))
    assert sums(HardPlayer(3, worlds=6, endgame=12)) == exact  # a seed and a count: the same values


def test_near_the_end_of_a_game_a_leaf_counts_the_game_it_leads_to():
    from scopa_tui.ai.hard import game_leaf

    rules = Rules(players=2)

    class Leaf:  # a deal's end with 10 cards taken: the state game_leaf reads
        piles = [_mask("1b 2b 3b 4b 5b"), _mask("1c 2c 3c 4c 5c")]

    def worth(d):
        return lambda state: d

    # far from the target the leaf is itself
    assert game_leaf(worth(0.5), rules, 0, (2, 3))(Leaf) == 0.5
    # 9-9: a point more of the hand is worth more than a point (the game turns on it),
    # and the values stay in order and symmetric
    level = [game_leaf(worth(d), rules, 0, (9, 9))(Leaf) for d in (-1.0, 0.0, 1.0)]
    assert level[0] < level[1] < level[2] and level[1] == pytest.approx(0.0)
    assert level[2] - level[1] > 1.0 and level[2] == pytest.approx(-level[0])
    # the side ahead at 10-6 is worth more than at 6-10, the same leaf
    assert game_leaf(worth(0.0), rules, 0, (10, 6))(Leaf) > 0 > game_leaf(worth(0.0), rules, 0, (6, 10))(Leaf)
    # with three sides (3 players) the leaf is left alone
    assert game_leaf(worth(0.5), Rules(players=3), 0, (9, 9, 9))(Leaf) == 0.5
