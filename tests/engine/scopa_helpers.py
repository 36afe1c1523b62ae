"""Helpers shared by the engine tests: constructed positions and stacked decks.

Nothing here reads ../shared: the positions of RULES.md are copied into the tests.
"""

from __future__ import annotations

import random

from scopa_tui.engine import CARDS, Game, HandState, Move, mask_of, parse_card, parse_cards
from scopa_tui.engine.rules import Rules


def m(text: str) -> int:
    """Mask of cards written as in RULES.md: ``m("3c 4s 7b")``."""
    return mask_of(parse_cards(text.split()))


def names(cards) -> list[str]:
    return sorted(str(c) for c in cards)


def state(rules: Rules, hands: list[str], table: str = "", stock: str = "", turn: int = 0,
          dealer: int | None = None, piles: list[str] | None = None, scope: list[int] | None = None,
          last_capture: int = -1) -> HandState:
    """A hand in progress built directly: ``hands[seat]`` and ``table`` in card notation.

    ``plays_left`` is what the cards in the hands and the stock make, so the position is
    the end of a real hand.
    """
    s = HandState.empty(rules)
    s.hands = [[int(parse_card(c)) for c in h.split()] for h in hands]
    s.table = m(table)
    s.stock = [int(parse_card(c)) for c in stock.split()]
    s.piles = [m(p) for p in piles] if piles else [0] * rules.n_sides
    s.scope = list(scope) if scope else [0] * rules.n_sides
    s.turn = turn
    s.dealer = (turn - 1) % rules.players if dealer is None else dealer
    s.last_capture = last_capture
    s.plays_left = sum(len(h) for h in s.hands) + len(s.stock)
    return s


def game_at(rules: Rules, hands: list[str], table: str = "", totals: list[int] | None = None,
            **kw) -> Game:
    """A started game whose current hand is replaced by a constructed position."""
    g = Game(rules, seed=1)
    g.start()
    g.state = state(rules, hands, table, **kw)
    g.dealer = g.state.dealer
    g.hand_start_table = tuple(sorted(CARDS[c] for c in range(40) if g.state.table >> c & 1))
    if totals is not None:
        g.totals = list(totals)
    return g


def deck_for(players: int, dealer: int, rounds: list[list[str]], table: str,
             rest_seed: int = 0) -> list[int]:
    """A deck (top = end of the list) that deals exactly ``rounds`` and ``table``.

    ``rounds[k][seat]`` is the 3 cards of seat ``seat`` on deal ``k`` of the hand (a
    space-separated string); the rest of the deck is shuffled with ``rest_seed``.
    """
    first = (dealer + 1) % players
    pops: list[int] = []
    for k, hands in enumerate(rounds):
        cards = [[int(parse_card(c)) for c in h.split()] for h in hands]
        assert len(cards) == players and all(len(h) == 3 for h in cards)
        for j in range(3):
            for i in range(players):
                pops.append(cards[(first + i) % players][j])
        if k == 0:
            pops += [int(parse_card(c)) for c in table.split()]
    rest = [c for c in range(40) if c not in pops]
    random.Random(rest_seed).shuffle(rest)
    pops += rest
    assert sorted(pops) == list(range(40)), "a card is dealt twice"
    return pops[::-1]


class StackedDecks:
    """A DeckSource with a fixed first dealer and given decks (then seeded shuffles)."""

    def __init__(self, first_dealer: int, decks: list[list[int]], seed: int = 0):
        self._first = first_dealer
        self._decks = list(decks)
        self._rng = random.Random(seed)
        self.calls: list[tuple[int, int]] = []

    def first_dealer(self, players: int) -> int:
        return self._first

    def deck(self, hand: int, attempt: int) -> list[int]:
        self.calls.append((hand, attempt))
        if self._decks:
            return list(self._decks.pop(0))
        deck = list(range(40))
        self._rng.shuffle(deck)
        return deck


def play_random_game(game: Game, seed: int, on_move=None, after_move=None) -> Game:
    """Play ``game`` to the end with uniformly random legal moves.

    ``on_move(game, move, moves)`` runs before each play, ``after_move(game, event)`` after it.
    """
    rng = random.Random(seed)
    if game.phase == "new":
        game.start()
    while not game.is_over:
        if game.phase == "hand_over":
            game.next_hand()
        moves = game.legal_moves()
        move = rng.choice(moves)
        if on_move is not None:
            on_move(game, move, moves)
        event = game.play(move)
        if after_move is not None:
            after_move(game, event)
    return game


def snapshot(game: Game):
    """Everything about a game's state that a move could change."""
    s = game.state
    return (game.phase, game.hand_no, game.dealer, tuple(game.totals), len(game.events),
            len(game.history), s.table, tuple(tuple(h) for h in s.hands), tuple(s.stock),
            tuple(s.piles), tuple(s.scope), s.turn, s.last_capture, s.plays_left)


def move(card: str, capture: str = "") -> Move:
    return Move(card, capture.split())
