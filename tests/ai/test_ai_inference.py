"""Worlds weighted by the other seats' plays under an opponent model (``hard``'s
``infer="model"``, :mod:`scopa_tui.ai.inference`)."""

from __future__ import annotations

import random

import pytest

from scopa_tui.ai.hard import HardPlayer
from scopa_tui.ai.inference import PlayModel, inferred_worlds, systematic
from scopa_tui.ai.worlds import determinize
from scopa_tui.engine import VARIANTS, Game, make_rules, parse_card

from ai_helpers import make_view

EIGHTS = {parse_card(c) for c in ("8d", "8c", "8s", "8b")}


def laid_instead_of_sweeping():
    """The opponent laid 2b on 5c 3d, which any eight would have swept: it probably holds none."""
    return make_view("9d 1c 4s", "5c 3d 2b", hand_start_table="5c 3d", hand_sizes=(3, 2), stock=32,
                     history=[(1, "2b", "", False)])


def holds_eight(world) -> bool:
    return any(c in EIGHTS for c in world.hands[1])


def test_a_play_that_spurns_a_sweep_makes_the_holdings_that_could_sweep_unlikely():
    model = PlayModel(laid_instead_of_sweeping())
    with_eight = model.log_likelihood([[], [parse_card("8s"), parse_card("1d")]])
    without = model.log_likelihood([[], [parse_card("9s"), parse_card("1d")]])
    assert with_eight < without - 1.0  # e times less likely at least


def test_the_weighted_worlds_rarely_give_the_opponent_the_card_it_did_not_sweep_with():
    view = laid_instead_of_sweeping()
    uniform = sum(holds_eight(determinize(view, random.Random(k))) for k in range(400)) / 400
    worlds, ess = inferred_worlds(view, random.Random(3), 400, candidates=4000)
    inferred = sum(holds_eight(w) for w in worlds) / len(worlds)
    assert uniform > 0.18  # 1 - C(30,2)/C(34,2) = 0.22: two cards of 34, four eights
    assert inferred < uniform / 2
    assert ess < 4000


def test_sharper_models_believe_the_play_more():
    view = laid_instead_of_sweeping()
    hands = [[], [parse_card("8s"), parse_card("1d")]]
    loose = PlayModel(view, temp=1.0, eps=0.3).log_likelihood(hands)
    sharp = PlayModel(view, temp=0.2, eps=0.02).log_likelihood(hands)
    assert sharp < loose


def test_no_play_this_deal_leaves_the_worlds_uniform():
    view = make_view("9d 1c 4s", "5c 3d", hand_sizes=(3, 3), stock=30)
    worlds, ess = inferred_worlds(view, random.Random(1), 10)
    assert len(worlds) == 10 and ess == 10


def test_systematic_resampling_draws_in_proportion_to_the_weights():
    picks = systematic([0.0, 1.0, 0.0, 3.0], 4, random.Random(7))
    assert sorted(picks) == [1, 3, 3, 3]


def test_the_same_seed_and_counts_give_the_same_move():
    view = laid_instead_of_sweeping()
    moves = {HardPlayer(9, worlds=12, infer="model", candidates=60).choose(view) for _ in range(3)}
    assert len(moves) == 1


def test_a_partners_plays_are_evidence_too():
    rules = make_rules(players=4)
    view = make_view("9d 1c 4s", "5c 3d 2b 7c", hand_start_table="5c 3d", players=4, rules=rules,
                     hand_sizes=(3, 2, 2, 2), stock=22, seat=0,
                     history=[(1, "2b", "", False), (2, "7c", "", False)])
    assert sorted(p.seat for p in PlayModel(view).plays) == [1, 2]


def test_only_this_deals_plays_count():
    # 2 players: the first deal's six plays are over; the new deal's first play is seat 1's
    history = [(1, "1d", "", False), (0, "2d", "", False), (1, "3d", "", False), (0, "4d", "", False),
               (1, "6d", "", False), (0, "10c", "", False), (1, "2b", "", False)]
    view = make_view("9d 1c 4s", "5c 3d 2b", hand_start_table="5c 3d", hand_sizes=(3, 2), stock=26,
                     history=history)
    assert [p.seat for p in PlayModel(view).plays] == [1]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_inference_plays_every_variant_legally(variant):
    v = VARIANTS[variant]
    for k, players in enumerate(sorted({v.default_players, *v.players})):
        rules = make_rules(players=players, variant=variant, target=1, options=v.options[:2])
        game = Game(rules, seed=21 + k)
        ai = HardPlayer(5, worlds=3, depth=2, infer="model", candidates=12)
        game.start()
        while game.phase != "hand_over" and not game.is_over:
            view = game.view(game.turn)
            move = ai.choose(view)
            assert move in view.legal, f"{move} in {variant} with {players} players: not legal"
            game.play(move)
