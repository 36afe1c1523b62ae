"""Records of every variant replay line by line; properties of random games of each variant
(every deal uses 40 distinct cards, cards are conserved, the fast points agree)."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scopa_tui import simulate
from scopa_tui.engine import VARIANTS, Dealt, Game, HandEnded, RecordError, make_rules
from scopa_tui.engine.core import hand_points
from scopa_tui.engine.record import dumps, parse, replay
from scopa_helpers import play_random_game

DECK = (1 << 40) - 1
OPTION_SETS = {name: [(), v.options] for name, v in VARIANTS.items()}


@st.composite
def variant_games(draw):
    """(rules, game seed, move seed) for a random game of any variant with any house rules."""
    name = draw(st.sampled_from(list(VARIANTS)))
    v = VARIANTS[name]
    options = tuple(o for o in v.options if draw(st.booleans()))
    rules = make_rules(players=draw(st.sampled_from(v.players)), variant=name,
                       target=draw(st.sampled_from([1, 5, 11])), options=options)
    return rules, draw(st.integers(0, 2**31 - 1)), draw(st.integers(0, 2**31 - 1))


def conserved(game: Game) -> None:
    """Every card is in exactly one place: a hand, the stock, the table or a pile."""
    s = game.state
    places = [*(1 << c for h in s.hands for c in h), *(1 << c for c in s.stock), s.table, *s.piles]
    total = 0
    for p in places:
        assert not total & p, "a card is in two places"
        total |= p
    assert total == DECK


@settings(max_examples=40, deadline=None)
@given(variant_games())
def test_random_games_of_every_variant_conserve_cards_and_replay(case):
    rules, seed, move_seed = case
    v = rules.variant_info
    deals: list[Dealt] = []

    def after(game, event):
        conserved(game)

    def on_event(event):
        if isinstance(event, Dealt) and event.first:
            deals.append(event)
        if isinstance(event, HandEnded):
            assert list(event.score.points) == hand_points(g.state, rules)

    g = Game(rules, seed=seed)
    g.subscribe(on_event)
    play_random_game(g, move_seed, after_move=after)
    for d in deals:  # every first deal: the variant's pattern, from one deck of 40 distinct cards
        assert [len(h) for h in d.hands] == [v.hand_cards] * rules.players
        assert len(d.table) == v.table_cards
        dealt = [c for h in d.hands for c in h] + list(d.table)
        assert len(set(dealt)) == len(dealt)
    (back,) = parse(dumps(g))
    assert back.rules == rules
    again = replay(back)
    assert again.totals == g.totals and again.winner == g.winner
    assert dumps(again) == dumps(g)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_simulated_games_of_each_variant_replay_from_their_record(variant):
    v = VARIANTS[variant]
    out = io.StringIO()
    players = v.players[-1] if variant in ("escoba", "scopa-d-assi") else v.default_players
    rules = make_rules(players=players, variant=variant, target=5, options=v.options[:2])
    simulate.run(rules, 100, 7, ["greedy", "random"], record_file=out)
    games = parse(out.getvalue())
    assert len(games) == 100
    for game in games:
        assert replay(game).is_over


def test_a_record_without_a_variant_reads_as_scopa():
    g = play_random_game(Game(make_rules(players=2, target=3), seed=4), 4)
    lines = [json.loads(x) for x in dumps(g).splitlines()]
    for key in ("variant", "re_bello", "napola", "ace_no_empty_sweep", "setenta_primiera"):
        del lines[0]["rules"][key]
    (back,) = parse("".join(json.dumps(x) + "\n" for x in lines))
    assert back.rules.variant == "scopa" and back.rules == g.rules
    assert replay(back).totals == g.totals


def test_a_record_of_a_variant_carries_it_and_its_options():
    rules = make_rules(players=4, variant="scopone-scientifico", options=("napola", "re-bello"), target=3)
    g = play_random_game(Game(rules, seed=2), 2)
    start = json.loads(dumps(g).splitlines()[0])
    assert start["rules"]["variant"] == "scopone-scientifico"
    assert start["rules"]["napola"] is True and start["rules"]["re_bello"] is True
    deal = json.loads(dumps(g).splitlines()[1])
    assert deal["table"] == [] and [len(h) for h in deal["hands"]] == [10, 10, 10, 10]


def test_a_record_whose_deal_breaks_the_variant_pattern_is_refused():
    g = play_random_game(Game(make_rules(players=4, variant="scopone-classico", target=2), seed=3), 3)
    lines = [json.loads(x) for x in dumps(g).splitlines()]
    lines[1]["hands"][0] = lines[1]["hands"][0][:3]
    with pytest.raises(RecordError, match="^line 2: a deal gives 9 cards to each of 4 players"):
        replay(parse("".join(json.dumps(x) + "\n" for x in lines))[0])


def test_a_record_naming_an_unknown_variant_is_refused_in_one_line():
    g = play_random_game(Game(make_rules(players=2, target=1), seed=1), 1)
    lines = [json.loads(x) for x in dumps(g).splitlines()]
    lines[0]["rules"]["variant"] = "tressette"
    with pytest.raises(RecordError, match="^line 1: bad rules: unknown variant 'tressette': choose one of"):
        parse("".join(json.dumps(x) + "\n" for x in lines))
