"""Helpers for the AI tests: hand-built views and games on stacked decks."""

from __future__ import annotations

import random

from scopa_tui.engine import CARDS, Game, Move, PlayerView, PlayRecord, Rules, capture_masks, parse_card, parse_cards


def cards(text: str):
    return tuple(parse_cards(text.split()))


def all_but(*keep: str) -> str:
    """Every card except ``keep``, as a captured pile."""
    return " ".join(str(c) for c in CARDS if str(c) not in set(keep))


def make_view(hand: str, table: str, *, seat: int = 0, players: int = 2, hand_sizes=None, stock: int = 0,
              captured=None, history=(), hand_start_table: str | None = None, scores=None,
              rules: Rules | None = None, scope=None) -> PlayerView:
    """A view built by hand; ``legal`` is computed from the hand and the table."""
    rules = rules or Rules(players=players)
    hand_c = cards(hand)
    table_c = cards(table)
    table_mask = sum(1 << c for c in table_c)
    legal = []
    for c in hand_c:
        caps = capture_masks(c, table_mask)
        legal += [Move(c, m) for m in caps] if caps else [Move(c, 0)]
    if hand_sizes is None:
        hand_sizes = tuple(len(hand_c) if s == seat else len(hand_c) for s in range(rules.players))
    captured = captured or ["" for _ in range(rules.n_sides)]
    return PlayerView(
        rules=rules, seat=seat, hand_no=1, dealer=(seat - 1) % rules.players, hand=hand_c, table=table_c,
        hand_start_table=cards(hand_start_table if hand_start_table is not None else table),
        history=tuple(PlayRecord(s, parse_card(c), cards(cap), sc) for s, c, cap, sc in history),
        hand_sizes=tuple(hand_sizes), stock=stock, captured=tuple(cards(p) for p in captured),
        scope=tuple(scope or [0] * rules.n_sides), scores=tuple(scores or [0] * rules.n_sides),
        legal=tuple(legal))


class StackedDecks:
    """A DeckSource that deals given decks (top of the deck is the end of the list)."""

    def __init__(self, decks: list[list[int]], dealer: int = 0):
        self.decks = decks
        self.dealer = dealer

    def first_dealer(self, players: int) -> int:
        return self.dealer

    def deck(self, hand: int, attempt: int) -> list[int]:
        return list(self.decks[min(hand - 1 + attempt, len(self.decks) - 1)])


def shuffled_deck(seed: int) -> list[int]:
    deck = list(range(40))
    random.Random(seed).shuffle(deck)
    return deck


def play_moves(game: Game, moves) -> None:
    for move in moves:
        game.play(move)
