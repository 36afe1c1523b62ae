"""``hard`` looking past the end of the deal (issue 13): chance nodes at the principal
leaves of its search (:mod:`scopa_tui.ai.lookahead`)."""

from __future__ import annotations

from random import Random

import pytest
from ai_helpers import make_view

from scopa_tui.ai import registry
from scopa_tui.ai.evaluation import expected_points
from scopa_tui.ai.hard import HardPlayer
from scopa_tui.ai.lookahead import Lookahead
from scopa_tui.ai.search import AlphaBeta, terminal_value
from scopa_tui.engine import VARIANTS, Game, Move, Rules, make_rules, mask_of, parse_cards
from scopa_tui.engine.core import HandState

CASES = [(v, p) for v in VARIANTS for p in VARIANTS[v].players]


def _mask(text: str) -> int:
    return mask_of(parse_cards(text.split()))


def _last_deal_start() -> tuple[HandState, Rules]:
    """2 players at the start of the hand's last deal: 6 cards out, two on the table."""
    rules = Rules(players=2)
    state = HandState.empty(rules, dealer=1)
    out = parse_cards("5c 2b 9d 1s 6b 7s".split())
    state.table = _mask("3d 4c")
    taken = (1 << 40) - 1 & ~(state.table | mask_of(out))
    cards = [c for c in range(40) if taken >> c & 1]
    state.piles = [mask_of(cards[:17]), mask_of(cards[17:])]
    state.hands = [[int(c) for c in out[:3]], [int(c) for c in out[3:]]]
    state.stock = []
    state.turn = 0
    state.last_capture = 1
    state.plays_left = 6
    return state, rules


def _searches(samples: int, seed: int) -> tuple[Lookahead, AlphaBeta, object]:
    state, rules = _last_deal_start()
    values = rules.primiera_values
    leaf = lambda s: expected_points(s, 0, values, rules)  # noqa: E731
    terminal = terminal_value(rules, 0)
    return (Lookahead(0, 2, leaf, terminal, Random(seed), samples),
            AlphaBeta(0, 2, leaf, terminal), state)


def test_a_chance_node_over_the_last_deal_is_the_mean_of_its_exact_deals():
    look, plain, state = _searches(5, seed=9)
    # the same deals, dealt by the same random numbers from the cards out in sorted order
    rng = Random(9)
    pool = sorted(c for h in state.hands for c in h)
    exact = []
    for _ in range(5):
        rng.shuffle(pool)
        s = state.copy()
        s.hands = [pool[:3], pool[3:6]]
        exact.append(plain.value(s, 6))  # to the end of the hand: scored by the engine
    assert look.chance(state) == pytest.approx(sum(exact) / 5)
    assert len(set(exact)) > 1  # the deals differ: the mean is not one world's value


def test_a_leaf_reached_again_is_not_searched_again():
    look, _plain, state = _searches(3, seed=2)
    first = look.chance(state)
    nodes = look.nodes
    assert nodes > 0
    again = state.copy()
    again.hands = [again.hands[1], again.hands[0]]  # another world's guess of the same deal's end
    assert look.chance(again) == first
    assert look.nodes == nodes


def test_the_same_seed_and_counts_give_the_same_move():
    game = Game(Rules(players=2), 11)
    game.start()
    for _ in range(4):  # a deal's end ahead, with history to read
        game.play(game.legal_moves()[0])
    view = game.view(game.turn)
    first = registry.make_player("hard:worlds=6,lookahead=2", seed=4).evaluate(view)
    again = registry.make_player("hard:worlds=6,lookahead=2", seed=4).evaluate(view)
    assert first == again
    assert {m for m, _ in first} == set(view.legal)


def test_the_lookahead_options_are_counts_of_the_spec():
    hard = registry.make_player("hard:lookahead=3,plies=4")
    assert (hard.lookahead, hard.plies) == (3, 4)
    with pytest.raises(ValueError, match="at most 100"):
        registry.parse_spec("hard:lookahead=101")


def test_it_sweeps_when_a_scopa_is_free():
    view = make_view("7b 1d 9c", "3c 4s", hand_sizes=(3, 3), stock=24)
    assert HardPlayer(3, worlds=8, lookahead=2).choose(view) == Move("7b", ["3c", "4s"])


def test_it_takes_the_settebello():
    view = make_view("7c 5s 2b", "7d 1b 3s", hand_sizes=(3, 3), stock=24)
    assert HardPlayer(3, worlds=8, lookahead=2).choose(view) == Move("7c", ["7d"])


def test_it_does_not_leave_a_sweepable_table_when_it_need_not():
    # Laying the 2b on the 4c leaves 4c 2b for any 6 to sweep; taking the 4c with the 4s
    # leaves nothing to sweep and takes a card.
    view = make_view("4s 2b 10d", "4c", hand_sizes=(3, 3), stock=24)
    assert HardPlayer(5, worlds=8, lookahead=2).choose(view) == Move("4s", ["4c"])


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_it_plays_every_variant_at_every_player_count_legally(variant, players):
    rules = make_rules(players=players, variant=variant, target=1)
    game = Game(rules, seed=players)
    redeals = VARIANTS[variant].redeal_cards > 0  # Scopone deals the whole deck at once
    # small budgets; deep enough to reach a deal's end from a second card (6 players: 7 plies)
    hard = HardPlayer(3, worlds=2, depth=7 if redeals else 3, lookahead=2, plies=3)
    game.start()
    plays = looked = 0
    while not game.is_over and plays < 3 * players + 4:  # past the first deal's end
        if game.phase == "hand_over":
            game.next_hand()
        view = game.view(game.turn)
        move = hard.choose(view)
        assert move in view.legal, f"{move} is not legal in {variant} with {players} players"
        looked += hard.last_stats.get("looked", 0)
        game.play(move)
        plays += 1
    # deal ends were looked past, but in Scopone (one deal of the whole deck)
    assert (looked > 0) == redeals
