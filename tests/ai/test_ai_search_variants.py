"""The search levels (``pimc``, ``hard``) in every variant of the family (issues 11 and 13):
legal play at every player count, worlds dealt by the variant's deal sizes, and an
evaluation that takes what the next player can take by the variant's capture rule."""

from __future__ import annotations

from random import Random

import pytest
from ai_helpers import make_view

from scopa_tui.ai.evaluation import SWEEP_RISK, expected_points, expected_reply
from scopa_tui.ai.hard import HardPlayer
from scopa_tui.ai.pimc import PimcPlayer
from scopa_tui.ai.worlds import determinize, evidence
from scopa_tui.ai.common import RANK_MASK
from scopa_tui.engine import VARIANTS, Game, make_rules, mask_of, parse_cards
from scopa_tui.engine.core import ESCOBA, SCOPA

CASES = [(v, p) for v in VARIANTS for p in VARIANTS[v].players]


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_pimc_and_hard_play_every_variant_at_every_player_count_legally(variant, players):
    rules = make_rules(players=players, variant=variant, target=1)
    game = Game(rules, seed=players)
    ais = [HardPlayer(3, worlds=2), PimcPlayer(4, worlds=2, depth=3)]
    game.start()
    while not game.is_over:
        if game.phase == "hand_over":
            game.next_hand()
        view = game.view(game.turn)
        move = ais[game.turn % 2].choose(view)
        assert move in view.legal, f"{move} is not legal in {variant} with {players} players"
        game.play(move)


def test_scopone_scientifico_worlds_deal_ten_to_each_hidden_hand():
    game = Game(make_rules(players=4, variant="scopone-scientifico"), seed=3)
    game.start()
    view = game.view(0)
    world = determinize(view, Random(1))
    assert [len(h) for h in world.hands] == [10, 10, 10, 10]
    assert world.stock == [] and world.table == 0
    assert sorted(world.hands[0]) == sorted(int(c) for c in view.hand)
    hidden = 0
    for h in world.hands[1:]:
        hidden |= mask_of(h)
    assert hidden == view.unseen_mask


def test_scopone_evidence_reads_the_whole_hand_as_one_deal():
    # Scopone deals once: what a seat left on the table 12 plays ago still says what it holds
    # (a 3-card deal count would have forgotten it after 12 plays).
    rules = make_rules(players=4, variant="scopone-scientifico")
    game = Game(rules, seed=5)
    game.start()
    while len(game.view(0).history) < 13:
        view = game.view(game.turn)
        game.play(min(view.legal, key=lambda m: (m.mask != 0, int(m.card))))  # lays when it can
    view = game.view(game.turn)
    seen = evidence(view)
    # counted by deals of three, only the 13th play (one seat's) would still count
    assert len(seen) >= 2
    assert view.seat not in seen


def test_escoba_evaluation_sees_the_next_player_making_fifteen():
    table = mask_of(parse_cards(["5c", "2s"]))
    eights = RANK_MASK[8]
    # Scopa: an 8 takes nothing from 5 + 2; Escoba: 8 + 5 + 2 = 15 sweeps the table
    assert expected_reply(table, eights, 3, True, SCOPA) == 0.0
    assert expected_reply(table, eights, 3, True, ESCOBA) > SWEEP_RISK
    # the worlds play by the variant's rule: in Escoba 8d may take 5c 2s, or be laid
    view = make_view("8d 1c", "5c 2s", hand_sizes=(2, 2), stock=30, rules=make_rules(variant="escoba"))
    world = determinize(view, Random(2))
    assert world.rule == ESCOBA
    eight = parse_cards(["8d"])[0]
    assert {cap for card, cap in world.legal_moves() if card == eight} == {0, mask_of(parse_cards(["5c", "2s"]))}


def test_escoba_points_count_the_sevens_not_the_primiera():
    escoba = make_rules(variant="escoba")
    values = escoba.primiera_values
    # three sevens against none, the fourth still out: setenta is won (the four sixes would
    # win the primiera, which Escoba does not score)
    view = make_view("1c", "2c", captured=["7c 7s 7b", "6c 6s 6b 6d"], hand_sizes=(1, 1), stock=10,
                     rules=escoba)
    world = determinize(view, Random(3))
    assert expected_points(world, 0, values, escoba) > expected_points(world, 0, values) + 0.5


def test_hard_without_a_time_budget_still_stops_at_the_safety_cap(monkeypatch):
    """No decision keeps a player waiting: at the default budget, with no ``time`` given, the
    search stops after SAFETY_TIME (here made tiny: one world), while ``time=60`` searches
    every world (and so does a count of worlds given, which reads no clock)."""
    from scopa_tui.ai import hard
    from scopa_tui.engine import Game, make_rules

    game = Game(make_rules(players=2), seed=3)
    game.start()
    view = game.view(game.turn)
    roomy = hard.HardPlayer(seed=1, worlds=40, time=60)
    roomy.choose(view)
    monkeypatch.setattr(hard, "SAFETY_TIME", 1e-9)
    capped = hard.HardPlayer(seed=1)  # the default budget: 40 worlds with 2 players
    capped.choose(view)
    assert 0 < capped.last_stats["nodes"] < roomy.last_stats["nodes"]
    counted = hard.HardPlayer(seed=1, worlds=40)
    counted.choose(view)
    assert counted.last_stats["nodes"] == roomy.last_stats["nodes"]
