"""Scoring a hand (RULES.md section 5) and winning the game (section 6)."""

from __future__ import annotations

import random

import pytest
from scopa_helpers import StackedDecks, deck_for, game_at, m, move, names, play_random_game

from scopa_tui.engine import (
    Game, GameEnded, HandEnded, Redealt, make_rules, primiera_text, score_hand,
)
from scopa_tui.engine.core import hand_points, new_hand, primiera, random_playout

# The two primiera charts of RULES.md section 5, copied here.
STANDARD = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 8: 10, 9: 10, 10: 10}
LUDOTEKA = {7: 21, 6: 18, 1: 12, 5: 16, 4: 15, 3: 14, 2: 13, 8: 10, 9: 10, 10: 10}

ALL = " ".join(f"{r}{s}" for r in range(1, 11) for s in "dcsb")


def rest(*taken: str) -> str:
    gone = set(" ".join(taken).split())
    return " ".join(c for c in ALL.split() if c not in gone)


def score(piles: list[str], scope=None, rules=None, **kw):
    rules = rules or make_rules(players=len(piles) if len(piles) == 3 else 2)
    n = len(piles)
    return score_hand(rules, 1, [m(p) for p in piles], list(scope or [0] * n), kw.get("leftover", 0),
                      kw.get("leftover_to"), kw.get("totals", [0] * n))


# --- each point ----------------------------------------------------------------------

def test_every_point_to_one_side():
    side0 = "1d 2d 3d 4d 5d 6d 7d 8d 9d 10d 7c 7s 7b 6c 6s 6b 1c 2c 3c 4c 5c"
    hs = score([side0, rest(side0)], scope=[2, 0])
    assert [a.point for a in hs.awards] == ["cards", "coins", "settebello", "primiera"]
    assert all(a.side == 0 for a in hs.awards)
    s0, s1 = hs.sides
    assert (s0.cards, s0.coins, s0.settebello, s0.primiera, s0.scope) == (21, 10, True, 84, 2)
    assert (s1.cards, s1.coins, s1.settebello, s1.primiera, s1.scope) == (19, 0, False, None, 0)
    assert s1.missing_suits == ("d",)
    assert hs.points == (6, 0)
    assert hs.award("cards").reason == "side 0: 21 cards against 19 cards"
    assert hs.award("settebello").reason == "side 0 took the 7 of Coins"


def test_cards_and_coins_ties_score_nothing():
    side0 = " ".join(f"{r}{s}" for r in range(1, 6) for s in "dcsb")  # 20 cards, 5 coins
    hs = score([side0, rest(side0)])
    assert [s.cards for s in hs.sides] == [20, 20]
    assert [s.coins for s in hs.sides] == [5, 5]
    assert hs.award("cards").side is None and "tie at 20 cards: no point" in hs.award("cards").reason
    assert hs.award("coins").side is None
    assert hs.award("settebello").side == 1
    assert [s.primiera for s in hs.sides] == [64, 84]
    assert hs.award("primiera").side == 1
    assert hs.points == (0, 2)


def test_primiera_tie_scores_nothing():
    side0 = "7d 7s 6c 6b 1d 2c"
    side1 = rest(side0)
    hs = score([side0, side1])
    assert [s.primiera for s in hs.sides] == [78, 78]
    assert hs.award("primiera").side is None
    assert "tie" in hs.award("primiera").reason


def test_settebello_to_nobody_when_it_is_a_leftover_of_nobody():
    side0 = "1d 2d 3d"
    side1 = "1c 2c 3c 4c"
    hs = score([side0, side1], leftover=m("7d"), leftover_to=None)
    assert hs.award("settebello").side is None
    assert not any(s.settebello for s in hs.sides)


def test_scope_are_points():
    side0 = " ".join(f"{r}{s}" for r in range(1, 6) for s in "dcsb")
    hs = score([side0, rest(side0)], scope=[3, 1])
    assert hs.points == (3, 1 + 2)
    assert [s.scope for s in hs.sides] == [3, 1]


@pytest.mark.parametrize("chart,values", [("standard", STANDARD), ("ludoteka", LUDOTEKA)])
def test_primiera_charts(chart, values):
    rules = make_rules(primiera_chart=chart)
    for rank, value in values.items():
        pile = m(" ".join(f"{rank}{s}" for s in "dcsb"))
        assert primiera(pile, rules.primiera_values, True)[0] == 4 * value
    # The best card of each suit counts: 7c 7d 6s 5b = 75 under the standard chart.
    expected = values[7] + values[7] + values[6] + values[5]
    assert primiera(m("7c 7d 6s 5b 1s 2b 3c"), rules.primiera_values, True)[0] == expected


def test_the_chart_decides_aces_against_fives():
    aces, fives = "1d 1c 1s 1b 8d", "5d 5c 5s 5b 2d 9d"
    std = score([aces, fives], rules=make_rules("standard"))
    lud = score([aces, fives], rules=make_rules("ludoteka"))
    assert [s.primiera for s in std.sides] == [64, 60] and std.award("primiera").side == 0
    assert [s.primiera for s in lud.sides] == [48, 64] and lud.award("primiera").side == 1


def test_a_side_missing_a_suit_has_no_primiera():
    no_clubs = "7d 7c 7s 6d 6c"
    other = "2d 2c 2s 2b"
    on = score([no_clubs, other], rules=make_rules())
    assert on.sides[0].primiera is None and on.sides[0].missing_suits == ("b",)
    assert on.sides[1].primiera == 48
    assert on.award("primiera").side == 1
    assert primiera_text(on.sides[0]) == "no primiera: lacks Clubs"
    assert primiera_text(on.sides[1]) == "2d 2c 2s 2b = 48"
    off = score([no_clubs, other], rules=make_rules(primiera_requires_all_suits=False))
    assert off.sides[0].primiera == 63
    assert off.award("primiera").side == 0


def test_reasons_say_one_card_and_one_coin():
    hs = score(["1d", rest("1d")])
    assert hs.award("cards").reason == "side 1: 39 cards against 1 card"
    assert hs.award("coins").reason == "side 1: 9 coins against 1 coin"
    tie = score(["1d 1c", "2d 2c"])
    assert tie.award("coins").reason == "side 0 and side 1 tie at 1 coin: no point"


def test_nobody_has_all_suits():
    hs = score(["7d 7c", "7s 7b"])
    assert hs.award("primiera").side is None
    assert hs.award("primiera").reason == "no side holds all four suits: no point"


def test_three_sides():
    rules = make_rules(players=3)
    a = " ".join(f"{r}{s}" for r in (1, 2, 3) for s in "dcsb")  # 12 cards, 3 coins
    b = " ".join(f"{r}{s}" for r in (4, 5, 6) for s in "dcsb")
    c = rest(a, b)  # 16 cards with the 7s
    hs = score([a, b, c], rules=rules)
    assert hs.award("cards").side == 2 and hs.award("coins").side == 2
    assert hs.award("coins").reason.startswith("side 2: 4 coins against 3 coins")
    assert hs.points == (0, 0, 4)


# --- the fast path agrees with the breakdown -------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("chart", ["standard", "ludoteka"])
@pytest.mark.parametrize("all_suits", [True, False])
def test_score_hand_agrees_with_hand_points(players, chart, all_suits):
    rules = make_rules(players=players, primiera_chart=chart, primiera_requires_all_suits=all_suits)
    rng = random.Random(players * 100 + len(chart) + all_suits)
    seen_ties = 0
    for i in range(300):
        deck = list(range(40))
        rng.shuffle(deck)
        s = new_hand(rules, i % players, deck)
        random_playout(s, rng.random)
        fast = hand_points(s, rules)
        hs = score_hand(rules, 1, s.piles, s.scope, s.table, s.last_capture, [0] * rules.n_sides)
        assert list(hs.points) == fast
        assert sum(x.cards for x in hs.sides) == 40
        # every point: the side's points are its scope plus the awards it won
        for side in hs.sides:
            won = sum(1 for a in hs.awards if a.side == side.side)
            assert side.points == side.scope + won
        seen_ties += sum(1 for a in hs.awards if a.side is None)
    assert seen_ties > 0


# --- end of hand: last-play sweep and leftovers ----------------------------------------

def test_leftovers_go_to_the_last_capturer_and_are_no_scopa():
    rules = make_rules(players=2)
    g = game_at(rules, ["9b", ""], "3c 4s", piles=["1d", "2d"], last_capture=1)
    g.play(move("9b"))
    hs = g.hand_scores[-1]
    assert names(hs.leftover) == ["3c", "4s", "9b"]
    assert hs.leftover_to == 1
    assert [s.cards for s in hs.sides] == [1, 4]
    assert [s.scope for s in hs.sides] == [0, 0]
    record = g.events[-1].to_record()
    assert record["event"] == "hand_end" and record["leftover_to"] == 1
    assert sorted(record["leftover"]) == ["3c", "4s", "9b"]


def test_last_capture_of_the_hand_takes_the_leftovers_too():
    rules = make_rules(players=2)
    g = game_at(rules, ["7d", ""], "3c 4s 5b", piles=["", "1d"], last_capture=1)
    event = g.play(move("7d", "3c 4s"))
    assert not event.scopa
    hs = g.hand_scores[-1]
    assert names(hs.leftover) == ["5b"] and hs.leftover_to == 0
    assert names(hs.sides[0].captured) == ["3c", "4s", "5b", "7d"]


def test_leftovers_go_to_nobody_when_nobody_captured():
    rules = make_rules(players=2)
    g = game_at(rules, ["9b", ""], "3c 4s")
    g.play(move("9b"))
    hs = g.hand_scores[-1]
    assert hs.leftover_to is None
    assert names(hs.leftover) == ["3c", "4s", "9b"]
    assert [s.cards for s in hs.sides] == [0, 0]
    assert hs.points == (0, 0)
    record = g.events[-1].to_record()
    assert record["event"] == "hand_end" and record["leftover_to"] is None


def test_last_play_sweep_scores_with_the_option_only():
    for option, expected in ((False, 0), (True, 1)):
        rules = make_rules(players=2, last_play_scopa=option)
        g = game_at(rules, ["", "10b"], "1d 2c 3s 4b", turn=1)
        event = g.play(move("10b", "1d 2c 3s 4b"))
        assert event.scopa is bool(expected)
        assert g.hand_scores[-1].sides[1].scope == expected
        assert g.hand_scores[-1].leftover == ()


# --- three-kings redeal ----------------------------------------------------------------

def _three_kings_deck(dealer: int, kings: str = "10d 10c 10s") -> list[int]:
    table = kings + " 5b" * (4 - len(kings.split()))
    return deck_for(2, dealer, [["1d 2d 3d", "1c 2c 3c"]], table.strip())


@pytest.mark.parametrize("preset", ["standard", "gamerules"])
@pytest.mark.parametrize("kings", ["10d 10c 10s", "10d 10c 10s 10b"])
def test_three_kings_redeal_by_the_same_dealer(kings, preset):
    decks = StackedDecks(1, [_three_kings_deck(1, kings)])
    g = Game(make_rules(preset, players=2), seed=5, decks=decks)
    g.start()
    redeals = [e for e in g.events if isinstance(e, Redealt)]
    assert len(redeals) == 1
    r = redeals[0]
    assert (r.hand, r.dealer) == (1, 1)
    assert names(r.table) == sorted(kings.split() + ["5b"] * (4 - len(kings.split())))
    assert r.to_record() == {"event": "redeal", "hand": 1, "table": [str(c) for c in r.table], "dealer": 1}
    assert decks.calls == [(1, 0), (1, 1)]
    assert g.dealer == 1 and g.events[-1].dealer == 1
    assert [e.to_record()["event"] for e in g.events] == ["game_start", "redeal", "deal"]
    assert g.turn == 0  # the seat after the (same) dealer leads


def test_two_kings_are_no_redeal():
    decks = StackedDecks(0, [deck_for(2, 0, [["1d 2d 3d", "1c 2c 3c"]], "10d 10c 5s 5b")])
    g = Game(make_rules("standard"), seed=5, decks=decks)
    g.start()
    assert not any(isinstance(e, Redealt) for e in g.events)
    assert names(g.table) == ["10c", "10d", "5b", "5s"]


def test_no_redeal_under_ludoteka():
    decks = StackedDecks(1, [_three_kings_deck(1)])
    g = Game(make_rules("ludoteka"), seed=5, decks=decks)
    g.start()
    assert not any(isinstance(e, Redealt) for e in g.events)
    assert names(g.table) == ["10c", "10d", "10s", "5b"]
    assert decks.calls == [(1, 0)]


def test_redeal_on_a_later_hand_keeps_that_hands_dealer():
    decks = StackedDecks(0, [deck_for(2, 0, [["1d 2d 3d", "1c 2c 3c"]], "4d 4c 4s 5b"),
                             _three_kings_deck(1)], seed=3)
    g = Game(make_rules(target=50), seed=5, decks=decks)
    g.start()
    rng = random.Random(0)
    while g.phase == "play":
        g.play(rng.choice(g.legal_moves()))
    g.next_hand()
    r = [e for e in g.events if isinstance(e, Redealt)]
    assert len(r) == 1 and r[0].hand == 2 and r[0].dealer == 1
    assert g.hand_no == 2 and g.dealer == 1 and g.turn == 0
    assert decks.calls == [(1, 0), (2, 0), (2, 1)]


# --- the target and ties at the target ----------------------------------------------

# A hand in which side 0 makes 0 points and side 1 makes 2 (settebello, primiera) before
# scope: seat 0 lays 9b, the last card, which goes with the table to side 0 (the last capturer).
LOW = " ".join(f"{r}{s}" for r in range(1, 6) for s in "dcsb" if f"{r}{s}" != "5b")
HIGH = rest(LOW, "9b")


def _final_hand(rules, totals, scope):
    return game_at(rules, ["9b", ""], "", piles=[LOW, HIGH], scope=scope, last_capture=0,
                   totals=totals)


def test_reaching_the_target_wins():
    g = _final_hand(make_rules(), [9, 5], [2, 0])
    seen = []
    g.subscribe(seen.append)
    g.play(move("9b"))
    assert g.hand_scores[-1].points == (2, 2)
    assert g.totals == [11, 7]
    assert g.phase == "game_over" and g.is_over and g.winner == 0
    assert isinstance(seen[-1], GameEnded) and seen[-1].to_record() == {
        "event": "game_end", "totals": [11, 7], "winner": 0}


def test_below_the_target_plays_another_hand():
    g = _final_hand(make_rules(), [8, 5], [2, 0])
    g.play(move("9b"))
    assert g.totals == [10, 7] and g.phase == "hand_over" and g.winner is None
    g.next_hand()
    assert g.phase == "play" and g.hand_no == 2


def test_a_tie_at_the_target_plays_another_hand():
    g = _final_hand(make_rules(), [9, 9], [2, 0])
    g.play(move("9b"))
    assert g.totals == [11, 11]
    assert g.phase == "hand_over" and g.winner is None
    assert not any(isinstance(e, GameEnded) for e in g.events)
    g.next_hand()
    assert g.phase == "play"


def test_the_highest_total_wins_not_the_first_to_reach():
    g = _final_hand(make_rules(), [10, 10], [0, 0])
    g.play(move("9b"))
    assert g.totals == [10, 12] and g.winner == 1


def test_custom_target():
    g = _final_hand(make_rules(target=21), [9, 5], [2, 0])
    g.play(move("9b"))
    assert g.totals == [11, 7] and g.phase == "hand_over"


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_games_end_exactly_when_one_side_leads_at_or_over_the_target(players):
    ties_at_top = 0
    for seed in range(60):
        target = 1 + seed % 6
        g = Game(make_rules(players=players, target=target), seed=seed)
        ends = []
        g.subscribe(lambda e: ends.append(e) if isinstance(e, (HandEnded, GameEnded)) else None)
        play_random_game(g, seed)
        hand_ends = [e for e in ends if isinstance(e, HandEnded)]
        for i, he in enumerate(hand_ends):
            totals = he.score.totals
            top = max(totals)
            decided = top >= target and list(totals).count(top) == 1
            assert decided == (i == len(hand_ends) - 1)
            if top >= target and not decided:
                ties_at_top += 1
        assert isinstance(ends[-1], GameEnded)
        assert ends[-1].winner == list(g.totals).index(max(g.totals))
        assert tuple(g.totals) == hand_ends[-1].score.totals
        assert list(g.totals) == [sum(hs.points[k] for hs in g.hand_scores) for k in range(len(g.totals))]
    if players in (2, 3):
        assert ties_at_top > 0


def test_a_side_that_took_nothing_has_no_primiera_even_when_suits_are_optional():
    rules = make_rules(players=3, primiera_requires_all_suits=False)
    hs = score(["7d 7c", "", "1s 2b"], rules=rules)
    assert [s.primiera for s in hs.sides] == [42, None, 28]
    assert hs.sides[1].to_record()["primiera"] is None
    assert hs.award("primiera").side == 0
    assert primiera_text(hs.sides[1]) == "no primiera: lacks Coins, Cups, Swords, Clubs"


def test_the_score_carries_the_sweeping_cards_and_a_last_card_sweep():
    def first_hand(seed: int, **options):
        game = Game(make_rules(players=2, **options), seed=seed)
        game.start()
        while game.phase == "play":
            game.play(game.legal_moves()[0])
        return game

    game = first_hand(8)  # its last card sweeps the table
    score = game.hand_scores[0]
    last = game.history[-1]
    assert last.capture and not score.leftover and not last.scopa
    assert score.last_sweep == game.side_of(last.seat)
    for side in score.sides:
        sweeps = [p.card for p in game.history if p.scopa and game.side_of(p.seat) == side.side]
        assert list(side.scope_cards) == sweeps and len(sweeps) == side.scope
    # With last_play_scopa the same sweep is a scopa, so nothing is said about it.
    counted = first_hand(8, last_play_scopa=True).hand_scores[0]
    assert counted.last_sweep is None and sum(s.scope for s in counted.sides) == sum(s.scope for s in score.sides) + 1
    # Scopa d'Assi: an Ace taking the whole table is no scopa on any play, so its last card
    # doing so is not one that the last play alone kept from scoring (the scoring screen said
    # "no scopa on the last play" with last-play-scopa on)
    assi = Game(make_rules(players=2, variant="scopa-d-assi", last_play_scopa=True), seed=0)
    assi.start()
    while assi.phase == "play":
        assi.play(assi.legal_moves()[0])
    last = assi.history[-1]
    assert str(last.card) == "1d" and last.capture and not assi.hand_scores[0].leftover and not last.scopa
    assert assi.hand_scores[0].last_sweep is None


@pytest.mark.parametrize("players", [4, 6])
def test_the_score_names_the_seat_that_captured_last_and_a_record_replays_it(players):
    from scopa_tui.engine import Game, make_rules
    from scopa_tui.engine import record as records

    game = Game(make_rules("standard", players=players), seed=11)
    game.start()
    seats = []
    while game.phase == "play":
        moves = game.legal_moves()
        played = game.play(moves[len(seats) % len(moves)])
        if played.capture:
            seats.append(played.seat)
    score = game.hand_scores[0]
    assert score.last_capturer == seats[-1]
    if score.leftover:
        assert game.rules.side_of(score.last_capturer) == score.leftover_to
    # The record format is unchanged (docs/record-format.md "hand_end"), so a record
    # written before the seat was kept replays to it all the same.
    text = records.dumps(game)
    assert "last_capturer" not in text
    assert records.load(text)[0].hand_scores[0].last_capturer == seats[-1]


def test_an_escoba_deal_sweep_alone_makes_the_dealer_the_last_capturer():
    from scopa_tui.engine import last_capturer
    from scopa_tui.engine.view import PlayRecord

    assert last_capturer([], 2, deal_sweep=True) == 2
    assert last_capturer([], 2, deal_sweep=False) is None
    plays = [PlayRecord(3, 0, (1,), False), PlayRecord(0, 5, (), False)]
    assert last_capturer(plays, 2, deal_sweep=True) == 3
