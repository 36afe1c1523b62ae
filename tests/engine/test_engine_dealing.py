"""Dealing (RULES.md section 3): order, rotation, deals per hand, determinism."""

from __future__ import annotations

import pytest
from scopa_helpers import StackedDecks, play_random_game

from scopa_tui.engine import Dealt, Game, Played, make_rules
from scopa_tui.engine.record import dumps

DEALS_PER_HAND = {2: 6, 3: 4, 4: 3, 6: 2}


@pytest.mark.parametrize("players,dealer", [(2, 0), (2, 1), (3, 2), (4, 2), (6, 5), (6, 0)])
def test_three_each_one_at_a_time_from_the_seat_after_the_dealer_then_four_to_the_table(players, dealer):
    deck = list(range(40))  # the top of the deck is the end of the list: 39 (10b) comes first
    g = Game(make_rules(players=players), seed=1, decks=StackedDecks(dealer, [deck]))
    g.start()
    dealt = g.events[-1]
    assert isinstance(dealt, Dealt) and dealt.dealer == dealer
    top = iter(range(39, -1, -1))
    expected = [[] for _ in range(players)]
    for _ in range(3):
        for k in range(players):
            expected[(dealer + 1 + k) % players].append(next(top))
    table = [next(top) for _ in range(4)]
    assert [list(map(int, h)) for h in dealt.hands] == expected
    assert sorted(map(int, dealt.table)) == sorted(table)
    assert dealt.stock == 40 - 3 * players - 4
    assert g.turn == (dealer + 1) % players
    # The next deal continues from the stock in the same order, with no new table cards.
    seen = []
    g.subscribe(seen.append)
    while not any(isinstance(e, Dealt) for e in seen):
        g.play(g.legal_moves()[0])
    second = next(e for e in seen if isinstance(e, Dealt))
    expected2 = [[] for _ in range(players)]
    for _ in range(3):
        for k in range(players):
            expected2[(dealer + 1 + k) % players].append(next(top))
    assert [list(map(int, h)) for h in second.hands] == expected2
    assert second.table == () and second.dealer == dealer


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("preset", ["standard", "ludoteka"])
def test_deals_rotation_and_leads_over_whole_games(players, preset):
    for seed in range(8):
        g = Game(make_rules(preset, players=players), seed=seed)
        play_random_game(g, seed)
        first_dealer = next(e for e in g.events if isinstance(e, Dealt)).dealer
        hands: dict[int, list] = {}
        for i, e in enumerate(g.events):
            if isinstance(e, Dealt):
                hands.setdefault(e.hand, []).append(e)
                assert e.dealer == (first_dealer + e.hand - 1) % players  # rotates every hand
                assert all(len(h) == 3 for h in e.hands) and len(e.hands) == players
                # the seat after the dealer leads each round, then turn order i -> i+1
                plays = [x for x in g.events[i + 1:i + 1 + players]]
                assert [p.seat for p in plays] == [(e.dealer + 1 + k) % players for k in range(players)]
                assert all(isinstance(p, Played) and p.hand == e.hand for p in plays)
        assert sorted(hands) == list(range(1, g.hand_no + 1))  # hands numbered from 1
        for hand, deals in hands.items():
            assert len(deals) == DEALS_PER_HAND[players]
            assert len(deals[0].table) == 4 and all(d.table == () for d in deals[1:])
            cards = [c for d in deals for h in d.hands for c in h] + list(deals[0].table)
            assert sorted(cards) == list(range(40))  # the whole deck, each card once
            assert [d.stock for d in deals] == [36 - 3 * players * (k + 1) for k in range(len(deals))]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_same_seed_same_game(players):
    a = dumps(play_random_game(Game(make_rules(players=players), seed=42), 7))
    b = dumps(play_random_game(Game(make_rules(players=players), seed=42), 7))
    c = dumps(play_random_game(Game(make_rules(players=players), seed=43), 7))
    assert a == b
    assert a != c


def test_first_dealer_is_drawn_from_the_seed():
    dealers = {_first_dealer(s) for s in range(40)}
    assert dealers == {0, 1, 2, 3}


def _first_dealer(seed: int) -> int:
    g = Game(make_rules(players=4), seed=seed)
    g.start()
    return g.dealer
