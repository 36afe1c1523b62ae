"""No level cheats: a choice depends only on the seat's view, never on the hidden cards."""

from __future__ import annotations

import random

import pytest

from scopa_tui.ai.registry import make_player
from scopa_tui.ai.simple import GreedyPlayer
from scopa_tui.engine import Game, Redealt, Rules

from ai_helpers import StackedDecks, play_moves, shuffled_deck

SPECS = ["easy", "medium", "hard:iters=60"]


def _game(deck: list[int], players: int) -> Game:
    game = Game(Rules(players=players), decks=StackedDecks([deck], dealer=0))
    game.start()
    return game


def _position(seed: int, plays: int, players: int):
    """Game A after ``plays`` greedy moves, and game B: the same public play, the unseen cards reshuffled."""
    deck_a = shuffled_deck(seed)
    game_a = _game(deck_a, players)
    assert not any(isinstance(e, Redealt) for e in game_a.events), "pick a seed without a three-kings redeal"
    chooser = GreedyPlayer(seed)
    moves = []
    for _ in range(plays):
        move = chooser.choose(game_a.view(game_a.turn))
        moves.append(move)
        game_a.play(move)
    seat = game_a.turn
    view_a = game_a.view(seat)
    unseen = view_a.unseen_mask
    positions = [i for i, c in enumerate(deck_a) if unseen >> c & 1]
    hidden = [deck_a[i] for i in positions]
    rng = random.Random(seed + 1)
    for _ in range(100):
        rng.shuffle(hidden)
        deck_b = list(deck_a)
        for i, c in zip(positions, hidden):
            deck_b[i] = c
        game_b = _game(deck_b, players)
        play_moves(game_b, moves)
        if (game_a.state.hands, game_a.state.stock) != (game_b.state.hands, game_b.state.stock):
            break
    return seat, game_a, game_b


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("seed,plays", [(3, 0), (4, 5), (8, 9), (11, 14)])
def test_choice_ignores_the_hidden_cards(seed, plays, players):
    seat, game_a, game_b = _position(seed, plays, players)
    view_a, view_b = game_a.view(seat), game_b.view(seat)
    assert view_a == view_b  # same public information ...
    # ... different hidden cards
    assert (game_a.state.hands, game_a.state.stock) != (game_b.state.hands, game_b.state.stock)
    for spec in SPECS:
        move_a = make_player(spec, seed=42).choose(view_a)
        move_b = make_player(spec, seed=42).choose(view_b)
        assert move_a in view_a.legal
        assert move_a == move_b, spec


def test_hard_search_sees_only_unseen_cards():
    """The guesses the search deals never contain a card the seat has seen."""
    from scopa_tui.ai.hard import determinize, evidence

    seat, game_a, _ = _position(8, 9, 2)
    view = game_a.view(seat)
    rng = random.Random(1)
    for _ in range(50):
        st = determinize(view, rng, evidence(view))
        assert sorted(st.hands[seat]) == sorted(int(c) for c in view.hand)
        hidden = 0
        for s in range(2):
            if s != seat:
                assert len(st.hands[s]) == view.hand_sizes[s]
                for c in st.hands[s]:
                    hidden |= 1 << c
        assert len(st.stock) == view.stock
        for c in st.stock:
            hidden |= 1 << c
        assert hidden == view.unseen_mask
        assert st.plays_left == view.plays_left
