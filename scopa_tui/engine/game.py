"""The game object: deals, lists legal moves, validates and applies them, scores hands,
and emits typed events to its subscribers."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from .captures import describe_capture, explain_capture
from .cards import CARDS, Card, card_tuple
from .core import HandState, new_hand, three_kings
from .errors import IllegalMove
from .events import Dealt, Event, GameEnded, GameStarted, HandEnded, Played, Redealt
from .moves import Move
from .rules import Rules
from .text import _
from .view import LazyPlayerView, PlayerView, PlayRecord

if TYPE_CHECKING:
    from .scoring import HandScore


def refusal(phase: str, card, hand) -> str | None:
    """Why no card, or not ``card``, may be played now: the hand is over, no hand is being
    played, or the card is not in ``hand``; None when nothing stands in the way (the
    capture itself is checked by :func:`.captures.explain_capture`)."""
    if phase != "play":
        return _("the hand is over") if phase == "hand_over" else _("no hand is being played")
    if card not in hand:
        # TRANSLATORS: {card} is a card in notation, e.g. "7d" (drawn as the deck's card).
        return _("{card} is not in your hand").format(card=card)
    return None


class DeckSource(Protocol):
    """Where the dealer's shuffled decks come from (a seeded RNG, or a record's deals)."""

    def first_dealer(self, players: int) -> int: ...

    def deck(self, hand: int, attempt: int) -> list[int]:
        """The deck for a hand's ``attempt``-th deal; the top of the deck is the end of the list."""
        ...


class SeededDecks:
    """Shuffles from one ``random.Random(seed)``: the same seed gives the same game."""

    def __init__(self, seed: int):
        self._rng = random.Random(seed)

    def first_dealer(self, players: int) -> int:
        return self._rng.randrange(players)

    def deck(self, hand: int, attempt: int) -> list[int]:
        deck = list(range(40))
        self._rng.shuffle(deck)
        return deck


class Game:
    """A whole game of Scopa.

    >>> g = Game(Rules(players=2), seed=7); g.start()
    >>> move = g.legal_moves()[0]; event = g.play(move)

    ``phase`` is ``"play"`` while a hand is in progress, ``"hand_over"`` after a hand is
    scored (call :meth:`next_hand`), and ``"game_over"`` at the end.
    """

    def __init__(self, rules: Rules | None = None, seed: int | None = None,
                 decks: DeckSource | None = None, side_names: list[str] | None = None):
        self.rules = rules or Rules()
        self.seed = random.randrange(2**31) if seed is None else seed
        self._decks = decks or SeededDecks(self.seed)
        self.side_names = side_names
        self._subscribers: list[Callable[[Event], None]] = []
        self.events: list[Event] = []
        self.totals = [0] * self.rules.n_sides
        self.hand_no = 0
        self.dealer = -1
        self.state: HandState | None = None
        self.phase = "new"
        self.hand_scores: list[HandScore] = []
        self.history: list[PlayRecord] = []
        self.hand_start_table: tuple[Card, ...] = ()
        self.winner: int | None = None
        self.deal_escobas = 0  # Escoba: the dealer's escobas of this hand's deal
        # (state, plays_left, legal (card, capture mask) pairs) of the position last listed:
        # view() shares the pairs and play() checks a move against them instead of
        # explaining it again.  Keyed on the state and its plays_left, so any change
        # (a play, a new hand, a replaced state) lists them again.
        self._legal: tuple[HandState, int, list[tuple[int, int]]] | None = None

    # --- events ----------------------------------------------------------------------
    def subscribe(self, callback: Callable[[Event], None]) -> Callable[[], None]:
        """Call ``callback(event)`` for every event from now on; returns an unsubscribe function."""
        self._subscribers.append(callback)
        return lambda: self._subscribers.remove(callback)

    def _emit(self, event: Event) -> None:
        self.events.append(event)
        if self._subscribers:  # a copy: a callback may unsubscribe
            for callback in list(self._subscribers):
                callback(event)

    # --- flow ------------------------------------------------------------------------
    def start(self) -> None:
        if self.phase != "new":
            raise RuntimeError("the game has already started")
        self._emit(GameStarted(self.rules, self.seed))
        self.dealer = self._decks.first_dealer(self.rules.players)
        self._deal_hand()

    def next_hand(self) -> None:
        if self.phase != "hand_over":
            raise RuntimeError(f"cannot deal a new hand while the game is in phase {self.phase!r}")
        self.dealer = (self.dealer + 1) % self.rules.players
        self._deal_hand()

    def _deal_hand(self) -> None:
        self.hand_no += 1  # hands are numbered from 1 (the record format numbers only seats and sides)
        attempt = 0
        while True:
            state = new_hand(self.rules, self.dealer, self._decks.deck(self.hand_no, attempt))
            if self.rules.redeal_three_kings and three_kings(state.table):
                # Three or more Kings on the table: the same dealer deals again.
                self._emit(Redealt(self.hand_no, self.dealer, card_tuple(state.table)))
                attempt += 1
                continue
            break
        self.state = state
        self.phase = "play"
        self.history = []
        # Escoba: the dealer's escobas of this deal (the table cards went to its side).
        self.deal_escobas = sum(state.scope)
        dealt = state.piles[self.side_of(self.dealer)] if self.deal_escobas else state.table
        self.hand_start_table = card_tuple(state.table)
        self._emit_deal(state, dealt, first=True)

    def _emit_deal(self, state: HandState, table: int, first: bool = False) -> None:
        """A deal: ``table`` is the mask of the new table cards (0 on later deals)."""
        self._emit(Dealt(self.hand_no, self.dealer, card_tuple(table),
                         tuple([tuple([CARDS[c] for c in h]) for h in state.hands]), len(state.stock),
                         self.deal_escobas if first else 0, first))

    # --- queries ---------------------------------------------------------------------
    @property
    def turn(self) -> int | None:
        """The seat to act, or None between hands and after the game."""
        return self.state.turn if self.phase == "play" else None

    @property
    def table(self) -> tuple[Card, ...]:
        return card_tuple(self.state.table) if self.state else ()

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        return tuple(CARDS[c] for c in self.state.hands[seat]) if self.state else ()

    @property
    def is_over(self) -> bool:
        return self.phase == "game_over"

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    def _legal_pairs(self) -> list[tuple[int, int]]:
        s = self.state
        cached = self._legal
        if cached is None or cached[0] is not s or cached[1] != s.plays_left:
            cached = self._legal = (s, s.plays_left, s.legal_moves())
        return cached[2]

    def legal_moves(self) -> list[Move]:
        if self.phase != "play":
            return []
        return [Move.of(c, m) for c, m in self._legal_pairs()]

    def explain(self, card: int | str, capture=()) -> str | None:
        """Why the seat to act may not play ``card`` taking ``capture``; None when it may.

        Does not change the game: a UI calls it while the player is still choosing.
        """
        move = Move(card, capture)
        refused = refusal(self.phase, move.card, self.state.hands[self.state.turn] if self.state else ())
        if refused is not None:
            return refused
        return explain_capture(move.card, move.mask, self.state.table, self.rules,
                               self.state.hands[self.state.turn])

    def describe(self, card: int | str, capture=()) -> str | None:
        """What a legal selection does in the variant's own words (``"3 + 5 + 7 = 15"``,
        ``"an Ace takes the whole table (no scopa)"``, ``"capturing is not compulsory in
        Escoba: 7d is laid on the table"``), or None when Scopa's usual line says it all.
        Call it when :meth:`explain` returns None."""
        if self.phase != "play":
            return None
        move = Move(card, capture)
        return describe_capture(move.card, move.mask, self.state.table, self.rules)

    def check(self, move: Move) -> None:
        """Raise :class:`IllegalMove` (saying why) unless ``move`` is legal now."""
        reason = self.explain(move.card, move.mask)
        if reason is not None:
            raise IllegalMove(reason)

    def captures_for(self, card: int) -> list[tuple[Card, ...]]:
        """The legal capture sets of ``card`` now (``[()]`` when it is laid on the table)."""
        masks = self.state.card_moves(card) if self.state else ()
        return [card_tuple(m) for m in masks] or [()]

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now; its card tuples are built when first read."""
        s = self.state
        legal = self._legal_pairs() if self.turn == seat else ()
        return LazyPlayerView((
            self.rules, seat, self.hand_no, self.dealer, self.hand_start_table, tuple(map(len, s.hands)),
            len(s.stock), tuple(s.scope), tuple(self.totals), s.hands[seat][:], s.table, s.piles[:],
            self.history, len(self.history), legal))

    # --- acting ----------------------------------------------------------------------
    def play(self, move: Move) -> Played:
        """Apply a legal move of the seat to act; raises :class:`IllegalMove` otherwise."""
        if self.phase != "play" or (move.card, move.mask) not in self._legal_pairs():
            self.check(move)  # raises, saying why (check() also accepts a legal move)
        return self.play_listed(move.card, move.mask)

    def play_listed(self, card: int, mask: int) -> Played:
        """:meth:`play` of a (card index, capture mask) pair that ``self.state.legal_moves()``
        listed for this position, unchecked: the lean path of ``scopa-tui simulate`` (no
        Move, no check)."""
        s = self.state
        seat = s.turn
        stock_before = len(s.stock)
        scopa = s.apply(card, mask)
        card = CARDS[card]
        capture = card_tuple(mask) if mask else ()
        over = not s.plays_left
        self.history.append(PlayRecord(seat, card, capture, scopa))
        event = Played(self.hand_no, seat, card, capture, scopa, over, () if over else card_tuple(s.table))
        self._emit(event)
        if len(s.stock) != stock_before:
            self._emit_deal(s, 0)
        if over:
            self._end_hand()
        return event

    def _end_hand(self) -> None:
        s = self.state
        leftover = s.table
        # Leftovers go to the last capturer (already in its pile), or to nobody.
        leftover_to = s.last_capture if s.last_capture >= 0 else None
        # With no cards left on the table the record says leftover_to null: nobody took any.
        s.table = 0
        self.phase = "hand_over"
        self._score_hand(leftover, leftover_to if leftover else None)
        best = max(self.totals)
        if best >= self.rules.target:
            leaders = [i for i, t in enumerate(self.totals) if t == best]
            if len(leaders) == 1:  # a tie at the top plays another hand
                self.winner = leaders[0]
                self.phase = "game_over"
                self._emit(GameEnded(tuple(self.totals), self.winner))

    def _score_hand(self, leftover: int, leftover_to: int | None) -> None:
        """Score the hand just played (leftovers already in a pile): the new totals, the
        hand's :class:`HandScore` and its :class:`HandEnded` event."""
        s = self.state
        sweeps: list[list[Card]] = [[] for _side in self.rules.sides]
        for play in self.history:
            if play.scopa:
                sweeps[self.side_of(play.seat)].append(play.card)
        deal_sweeps = [0] * self.rules.n_sides
        deal_sweeps[self.side_of(self.dealer)] = self.deal_escobas
        # loaded with the first hand scored (engine/__init__.py)
        from .scoring import last_capturer, last_sweep, score_hand

        score = score_hand(self.rules, self.hand_no, s.piles, s.scope, leftover, leftover_to, self.totals,
                           self.side_names, scope_cards=sweeps, deal_sweeps=deal_sweeps,
                           last_sweep=last_sweep(self.rules, self.history, leftover),
                           last_capturer=last_capturer(self.history, self.dealer, bool(self.deal_escobas)))
        self.totals = list(score.totals)
        self.hand_scores.append(score)
        self._emit(HandEnded(score))

