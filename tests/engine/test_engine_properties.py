"""Property tests over seeded random games: 2, 3, 4 and 6 players, every preset and option."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from scopa_tui.engine import Game, HandEnded, Played, make_rules, mask_of
from scopa_tui.engine.core import hand_points
from scopa_tui.engine.record import dumps, parse, replay
from scopa_helpers import play_random_game

DECK = (1 << 40) - 1


@st.composite
def games(draw):
    """(rules, game seed, move seed) for a random game under any preset and options."""
    preset = draw(st.sampled_from(["standard", "gamerules", "ludoteka"]))
    players = draw(st.sampled_from([2, 4] if preset == "gamerules" else [2, 3, 4, 6]))
    rules = make_rules(
        preset, players=players, target=draw(st.sampled_from([1, 4, 11])),
        last_play_scopa=draw(st.booleans()),
        primiera_requires_all_suits=draw(st.booleans()),
    )
    return rules, draw(st.integers(0, 2**31 - 1)), draw(st.integers(0, 2**31 - 1))


def play(rules, seed, move_seed, before=None, after=None) -> Game:
    """Play a whole game at random, calling ``before(game, moves, move)`` and ``after(game, event)``."""
    on_move = (lambda g, mv, moves: before(g, moves, mv)) if before else None
    return play_random_game(Game(rules, seed=seed), move_seed, on_move=on_move, after_move=after)


def brute_force_captures(card, table: list) -> list[int]:
    """Every legal capture by RULES.md section 4, the slow obvious way."""
    matches = [t for t in table if t.rank == card.rank]
    if matches:
        return [1 << t for t in matches]
    sums = []
    for k in range(2, len(table) + 1):
        for combo in combinations(table, k):
            if sum(t.rank for t in combo) == card.rank:
                sums.append(mask_of(combo))
    return sums


SETTINGS = settings(max_examples=80, deadline=None)


@SETTINGS
@given(games())
def test_forty_cards_are_accounted_for_after_every_move(spec):
    def after(g, event):
        s = g.state
        parts = [mask_of(h) for h in s.hands] + [s.table, mask_of(s.stock)] + list(s.piles)
        if g.phase != "play" and g.hand_scores[-1].leftover_to is None:
            parts.append(mask_of(g.hand_scores[-1].leftover))  # leftovers that went to nobody
        assert sum(p.bit_count() for p in parts) == 40
        union = 0
        for p in parts:
            union |= p
        assert union == DECK

    play(*spec, after=after)


@SETTINGS
@given(games())
def test_legal_moves_are_exactly_the_rules_and_every_applied_move_is_legal(spec):
    def before(g, moves, mv):
        table = list(g.table)
        expected = set()
        for card in g.hand_of(g.turn):
            caps = brute_force_captures(card, table)
            expected |= {(int(card), c) for c in caps} if caps else {(int(card), 0)}
        assert {(int(m.card), m.mask) for m in moves} == expected
        assert len(moves) == len(expected)  # no duplicates
        assert mv in moves and g.explain(mv.card, mv.capture) is None

    play(*spec, before=before)


@SETTINGS
@given(games())
def test_a_card_is_laid_only_when_it_could_capture_nothing(spec):
    tables = []

    def before(g, moves, mv):
        tables.append(list(g.table))

    def after(g, event):
        table_before = tables[-1]
        if not event.capture:
            assert brute_force_captures(event.card, table_before) == []
            if g.phase == "play" or event.last:
                assert event.last or event.card in g.table
        else:
            assert set(event.capture) <= set(table_before)
            legal = brute_force_captures(event.card, table_before)
            assert mask_of(event.capture) in legal
            # a scopa is a capture that empties the table, never on the last card by default
            empties = set(event.capture) == set(table_before)
            assert event.scopa == (empties and (not event.last or g.rules.last_play_scopa))

    play(*spec, before=before, after=after)


@SETTINGS
@given(games())
def test_the_points_of_a_hand_add_up(spec):
    scores = []

    def after(g, event):
        if event.last:
            hs = g.hand_scores[-1]
            scores.append(hs)
            assert sum(hs.points) == sum(s.scope for s in hs.sides) + sum(
                1 for a in hs.awards if a.side is not None)
            assert list(hs.points) == hand_points(g.state, g.rules)
            assert sum(s.cards for s in hs.sides) == 40 - (len(hs.leftover) if hs.leftover_to is None else 0)
            assert sum(s.coins for s in hs.sides) <= 10
            assert sum(s.settebello for s in hs.sides) <= 1
            scopas = [0] * g.rules.n_sides
            for p in g.history:
                scopas[g.rules.side_of(p.seat)] += p.scopa
            assert [s.scope for s in hs.sides] == scopas

    g = play(*spec, after=after)
    assert scores == g.hand_scores
    running = [0] * g.rules.n_sides
    for hs in scores:
        running = [t + p for t, p in zip(running, hs.points)]
        assert list(hs.totals) == running
    assert g.totals == running


@SETTINGS
@given(games())
def test_records_round_trip(spec):
    g = play(*spec)
    text = dumps(g)
    parsed = parse(text)
    assert len(parsed) == 1 and parsed[0].finished
    for use_seed in (False, True):
        again = replay(parsed[0], use_seed=use_seed)
        assert again.totals == g.totals and again.winner == g.winner and again.is_over
        assert again.hand_scores == g.hand_scores
        assert [e.to_record() for e in again.events] == [e.to_record() for e in g.events]
        assert again.events == g.events
        assert dumps(again) == text


def test_these_random_games_do_reach_scopas_leftovers_and_ties():
    """The random games above exercise the interesting cases (not a vacuous pass)."""
    kinds = set()
    for seed in range(30):
        g = play(make_rules(players=2), seed, seed)
        kinds |= {"scopa" for e in g.events if isinstance(e, Played) and e.scopa}
        kinds |= {"leftover" for e in g.events if isinstance(e, HandEnded) and e.score.leftover}
        for e, nxt in zip(g.events, g.events[1:]):
            if isinstance(e, Played) and e.last and e.capture and not nxt.score.leftover:
                assert not e.scopa
                kinds.add("last-card sweep")
        kinds |= {"tie" for hs in g.hand_scores for a in hs.awards if a.side is None}
    assert kinds == {"scopa", "leftover", "tie", "last-card sweep"}
