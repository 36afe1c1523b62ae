"""The game's lazy views hold exactly what an eager view of the same moment holds."""

from __future__ import annotations

import json
import random
from dataclasses import fields

import pytest

from scopa_tui.engine import Game, PlayerView, make_rules, record
from scopa_tui.engine.cards import CARDS, cards_of
from scopa_tui.engine.events import Dealt, Played
from scopa_tui.engine.moves import Move


def eager_view(game: Game, seat: int) -> PlayerView:
    """The view built field by field, the way the game built it before views were lazy."""
    s = game.state
    legal = tuple(Move(c, m) for c, m in s.legal_moves()) if game.turn == seat else ()
    return PlayerView(
        rules=game.rules, seat=seat, hand_no=game.hand_no, dealer=game.dealer,
        hand=tuple(CARDS[c] for c in s.hands[seat]), table=tuple(cards_of(s.table)),
        hand_start_table=game.hand_start_table, history=tuple(game.history),
        hand_sizes=tuple(len(h) for h in s.hands), stock=len(s.stock),
        captured=tuple(tuple(cards_of(p)) for p in s.piles), scope=tuple(s.scope),
        scores=tuple(game.totals), legal=legal)


def values(view: PlayerView) -> dict:
    return {f.name: getattr(view, f.name) for f in fields(PlayerView)}


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_lazy_views_equal_eager_views_for_every_seat_and_keep_their_moment(players):
    rules = make_rules(players=players)
    for seed in range(3):
        game = Game(rules, seed=seed)
        game.start()
        rng = random.Random(seed)
        taken: list[tuple[PlayerView, dict, int]] = []
        while not game.is_over:
            if game.phase == "hand_over":
                game.next_hand()
            for seat in range(players):
                lazy, eager = game.view(seat), eager_view(game, seat)
                assert values(lazy) == values(eager)
                assert lazy == eager and hash(lazy) == hash(eager)
                assert lazy.unseen_mask == eager.unseen_mask and lazy.plays_left == eager.plays_left
                if rng.random() < 0.05:  # read later, after more plays
                    taken.append((game.view(seat), values(eager), eager.unseen_mask))
            game.play(rng.choice(game.legal_moves()))
        for lazy, then, unseen in taken:
            assert values(lazy) == then and lazy.unseen_mask == unseen


@pytest.mark.parametrize("variant,players,seeds", [("scopa", 4, [11]), ("escoba", 2, range(12)),
                                                   ("scopone-scientifico", 4, [3])])
def test_fast_play_and_deal_lines_are_what_the_encoder_writes(variant, players, seeds):
    deals, escobas = 0, 0
    for seed in seeds:
        game = Game(make_rules(players=players, variant=variant), seed=seed)
        game.start()
        rng = random.Random(2)
        while not game.is_over:
            if game.phase == "hand_over":
                game.next_hand()
            game.play(rng.choice(game.legal_moves()))
        lines = record.dumps(game).splitlines()
        assert len(lines) == len(game.events)
        plays = [(e, line) for e, line in zip(game.events, lines) if isinstance(e, Played)]
        assert any(e.scopa for e, _ in plays) and any(e.capture for e, _ in plays)
        for event, line in zip(game.events, lines):
            assert line == json.dumps(event.to_record(), separators=(",", ":"))
            deals += isinstance(event, Dealt)
            escobas += isinstance(event, Dealt) and event.escobas
    assert deals and (escobas or variant != "escoba")  # Escoba: a deal of 15 on the table
