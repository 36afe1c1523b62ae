"""A game that writes its record as it is played, with no event objects: the headless
path of ``scopa-tui simulate`` (README.md, Benchmark).

:class:`RecordingGame` is a :class:`~.game.Game` (the same deals, rules, scoring and
results) that keeps no events, no per-play history and gives no views: each event
becomes its record line (docs/record-format.md) at once, plays and deals formatted
straight from the hand state's ints.  Only players that choose from the engine's
(card, capture mask) pairs can play it (``choose_lean``); the text is byte for byte what
:func:`.record.dumps` writes for a :class:`~.game.Game` of the same seed (a test checks).
"""

from __future__ import annotations

from .cards import CARDS, Card
from .core import HandState
from .game import Game
from .record import _line, deal_line, mask_names, play_line


class RecordingGame(Game):
    """A :class:`Game` whose record is :meth:`record_text` (or nothing, with
    ``record=False``); ``events`` stays empty and nobody can subscribe."""

    def __init__(self, *args, record: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.lines: list[str] | None = [] if record else None
        # This hand's sweeps as (seat, card), and its last play (seat, capture mask, scopa).
        self._sweep_plays: list[tuple[int, int]] = []
        self._last_play: tuple[int, int, bool] = (0, 0, False)

    def subscribe(self, callback):
        raise TypeError("a RecordingGame emits no events: use Game to follow a game")

    def view(self, seat: int):
        raise TypeError("a RecordingGame keeps no history for views: use Game for players that need one")

    def record_text(self) -> str:
        """The record so far (JSON Lines), as :func:`.record.dumps` writes a Game's."""
        return "".join(self.lines or ())

    def _emit(self, event) -> None:
        if self.lines is not None:
            self.lines.append(_line(event))

    def _emit_deal(self, state: HandState, table: int, first: bool = False) -> None:
        if self.lines is not None:
            self.lines.append(deal_line(self.hand_no, self.dealer, mask_names(table) if table else "",
                                        state.hands, self.deal_escobas if first else 0))

    def _deal_hand(self) -> None:
        self._sweep_plays = []
        super()._deal_hand()

    def play_listed(self, card: int, mask: int) -> None:
        """:meth:`Game.play_listed`, writing the play's line instead of an event (returns None)."""
        s = self.state
        seat = s.turn
        stock_before = len(s.stock)
        scopa = s.apply(card, mask)
        if self.lines is not None:
            self.lines.append(play_line(self.hand_no, seat, card, mask_names(mask) if mask else "", scopa))
        if scopa:
            self._sweep_plays.append((seat, card))
        if len(s.stock) != stock_before:
            self._emit_deal(s, 0)
        if not s.plays_left:
            self._last_play = (seat, mask, scopa)
            self._end_hand()

    def _sweeps(self, leftover: int) -> tuple[list[list[Card]], int | None]:
        sweeps: list[list[Card]] = [[] for _side in self.rules.sides]
        for seat, card in self._sweep_plays:
            sweeps[self.side_of(seat)].append(CARDS[card])
        seat, mask, scopa = self._last_play
        return sweeps, (self.side_of(seat) if mask and not leftover and not scopa else None)
