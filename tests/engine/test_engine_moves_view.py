"""Moves and the player view."""

from __future__ import annotations

import random

import pytest

from scopa_tui.engine import Game, Move, make_rules, mask_of, parse_card


def test_move_capture_is_a_set():
    a = Move("7c", ["3c", "4s"])
    b = Move(parse_card("7c"), [parse_card("4s"), "3c"])
    assert a == b and hash(a) == hash(b)
    assert a.mask == mask_of([parse_card("3c"), parse_card("4s")])
    assert [str(c) for c in a.capture] == ["3c", "4s"] and a.is_capture
    assert Move("5d") == Move("5d", 0) and not Move("5d").is_capture
    assert str(a) == "7c takes 3c 4s" and str(Move("5d")) == "5d (laid)"
    assert a.to_json() == {"card": "7c", "capture": ["3c", "4s"]}


@pytest.mark.parametrize("card,capture", [("11d", ()), ("7d", ["0x"]), (-1, ()), (40, ()), (True, ()),
                                          ("7d", -1), ("7d", 1 << 40)])
def test_bad_moves_are_value_errors(card, capture):
    with pytest.raises(ValueError):
        Move(card, capture)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_view_holds_what_the_seat_may_know_and_nothing_else(players):
    g = Game(make_rules(players=players), seed=players)
    g.start()
    rng = random.Random(players)
    for _ in range(3 * players + 1):
        g.play(rng.choice(g.legal_moves()))
    for seat in range(players):
        v = g.view(seat)
        assert v.hand == g.hand_of(seat) and v.table == g.table and v.seat == seat
        assert v.side == g.rules.side_of(seat)
        assert v.stock == len(g.state.stock) and v.hand_sizes == tuple(len(h) for h in g.state.hands)
        assert v.scores == tuple(g.totals) and v.hand_no == g.hand_no and v.dealer == g.dealer
        assert len(v.history) == len(g.history) == 3 * players + 1
        assert (v.legal == tuple(g.legal_moves())) if seat == g.turn else v.legal == ()
        assert v.plays_left == g.state.plays_left
        # no card of another hand or of the stock reaches the seat
        hidden = {c for s in range(players) if s != seat for c in g.hand_of(s)} | set(g.state.stock)
        message = v.to_protocol(1)
        shown = set()
        for key in ("hand", "table", "hand_start_table"):
            shown |= set(message[key])
        for pile in message["captured"]:
            shown |= set(pile)
        for p in message["history"]:
            shown |= {p["card"], *p["capture"]}
        assert not shown & {str(c) for c in hidden}
        assert v.unseen_mask == mask_of(hidden)  # (the bot side's rebuild: tests/ai/test_ai_protocol.py)
