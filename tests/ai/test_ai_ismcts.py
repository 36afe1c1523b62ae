"""Information-set MCTS (``hard:mcts=N``, scopa_tui/ai/ismcts.py): determinism, the obvious
moves in constructed positions, legal play in every variant."""

from __future__ import annotations

import random

import pytest

from scopa_tui.ai import registry
from scopa_tui.ai.hard import HardPlayer
from scopa_tui.ai.ismcts import policy_move
from scopa_tui.ai.worlds import determinize
from scopa_tui.engine import CARDS, VARIANTS, Game, Move, Rules, make_rules, mask_of, parse_cards

from ai_helpers import make_view


def _mask(text: str) -> int:
    return mask_of(parse_cards(text.split()))


@pytest.mark.parametrize("options", [{}, {"horizon": "deal"}, {"bias": 1.0, "explore": 1.0}])
def test_the_same_seed_and_count_give_the_same_move_and_values(options):
    game = Game(Rules(players=2), 11)
    game.start()
    for _ in range(5):  # a few plays in, with history for the evidence
        game.play(game.legal_moves()[0])
    view = game.view(game.turn)
    first = HardPlayer(4, mcts=120, **options).evaluate(view)
    assert first == HardPlayer(4, mcts=120, **options).evaluate(view)
    assert {m for m, _ in first} == set(view.legal)
    assert all(-20 < v < 20 for _, v in first)  # every root move searched: points of a hand
    if not options:
        assert registry.make_player("hard:mcts=120", seed=4).evaluate(view) == first


def test_mcts_is_a_counted_option_of_hard_with_a_limit():
    assert registry.make_player("hard:mcts=300").mcts == 300
    with pytest.raises(ValueError, match="at most 20000"):
        registry.parse_spec("hard:mcts=50000")
    with pytest.raises(ValueError, match="is not a whole number"):
        registry.parse_spec("hard:mcts=lots")


def test_it_sweeps_when_a_scopa_is_free():
    view = make_view("7b 1d 9c", "3c 4s", hand_sizes=(3, 3), stock=24)
    assert HardPlayer(3, mcts=200).choose(view) == Move("7b", ["3c", "4s"])


def test_it_takes_the_settebello():
    # 7d takes the settebello by match, or 5s 2b by sum; 3c lays; only the first is worth a point
    view = make_view("7d 3c 9s", "7s 5s 2b 10c", hand_sizes=(3, 3), stock=24)
    assert HardPlayer(5, mcts=300).choose(view) == Move("7d", ["7s"])


def test_it_does_not_leave_a_sweepable_table_when_it_need_not():
    # Nothing to take: laying 2c leaves 5b 2c, which any 7 sweeps; laying 9d leaves 5b 9d
    # (a sum of 14: no card sweeps it).
    view = make_view("9d 2c", "5b", hand_sizes=(2, 3), stock=24)
    assert HardPlayer(7, mcts=300).choose(view) == Move("9d")


def test_the_rollout_policy_takes_the_sweep_and_avoids_leaving_one():
    rules = Rules(players=2)
    view = make_view("7b 1d 9c", "3c 4s", hand_sizes=(3, 3), stock=24)
    state = determinize(view, random.Random(1))
    assert policy_move(state, state.legal_moves()) == (int(parse_cards(["7b"])[0]), _mask("3c 4s"))
    # The next seat holds a 7: laying 2c on 5b hands it a sweep, laying 9d does not.
    state = determinize(make_view("9d 2c", "5b", hand_sizes=(2, 3), stock=24, rules=rules), random.Random(1))
    state.hands[1] = [int(c) for c in parse_cards(["7d", "1s", "10b"])]
    assert policy_move(state, state.legal_moves()) == (int(parse_cards(["9d"])[0]), 0)


def test_the_last_deal_with_two_players_is_still_searched_exactly():
    # The last four cards, two each (as in test_ai_search.py): the exact alpha-beta plays it.
    out = {"5c", "2b", "3d", "5s", "9b"}
    view = make_view("5c 2b", "3d", captured=[" ".join(str(c) for c in CARDS if str(c) not in out), ""],
                     hand_sizes=(2, 2), stock=0)
    hard = HardPlayer(1, mcts=50)
    assert hard.choose(view) == Move("5c")
    assert hard.last_stats["exact"] == 1


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_it_plays_every_variant_legally(variant):
    v = VARIANTS[variant]
    for k, players in enumerate(sorted({v.default_players, v.players[-1]})):
        rules = make_rules(players=players, variant=variant, target=1, options=v.options[:2])
        game = Game(rules, seed=21 + k)
        ai = HardPlayer(5, mcts=12)
        others = registry.make_player("random", seed=6)
        game.start()
        while not game.is_over:
            if game.phase == "hand_over":
                game.next_hand()
            view = game.view(game.turn)
            move = (ai if game.turn % 2 == 0 else others).choose(view)
            assert move in view.legal, f"mcts played {move} in {variant}: not legal"
            game.play(move)
