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

import orjson

from .cards import COINS_MASK, NAMES, SETTEBELLO, card_tuple
from .core import RE_BELLO, SEVENS_SHIFT, HandState, hand_points, napola_length, primiera
from .events import GameEnded, GameStarted
from .game import Game
from .record import _line, deal_line, mask_names, play_line
from .rules import Rules
from .scoring import record_fields


class RecordingGame(Game):
    """A :class:`Game` whose record is :meth:`record_text` (or nothing, with
    ``record=False``); ``events`` stays empty and nobody can subscribe."""

    def __init__(self, *args, record: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.lines: list[str] | None = [] if record else None

    def subscribe(self, callback):
        raise TypeError("a RecordingGame emits no events: use Game to follow a game")

    def view(self, seat: int):
        raise TypeError("a RecordingGame keeps no history for views: use Game for players that need one")

    def record_text(self) -> str:
        """The record so far (JSON Lines), as :func:`.record.dumps` writes a Game's."""
        return "".join(self.lines or ())

    def _emit(self, event) -> None:
        if self.lines is not None:
            kind = type(event)
            self.lines.append(_game_start_line(event.rules, event.seed) if kind is GameStarted
                              else _compact(event.to_record()) if kind is GameEnded else _line(event))

    def _emit_deal(self, state: HandState, table: int, first: bool = False) -> None:
        if self.lines is not None:
            self.lines.append(deal_line(self.hand_no, self.dealer, mask_names(table) if table else "",
                                        state.hands, self.deal_escobas if first else 0))

    def play_listed(self, card: int, mask: int) -> None:
        """:meth:`Game.play_listed`, writing the play's line instead of an event (returns None)."""
        s = self.state
        seat = s.turn
        stock_before = len(s.stock)
        scopa = s.apply(card, mask)
        if self.lines is not None:
            self.lines.append(play_line(self.hand_no, seat, card, mask_names(mask) if mask else "", scopa))
        if len(s.stock) != stock_before:
            self._emit_deal(s, 0)
        if not s.plays_left:
            self._end_hand()

    def _score_hand(self, leftover: int, leftover_to: int | None) -> None:
        """The hand's points by :func:`.core.hand_points` and its ``hand_end`` line, with
        no :class:`~.scoring.HandScore` (``hand_scores`` stays empty)."""
        s = self.state
        rules = self.rules
        points = hand_points(s, rules)
        self.totals = [t + p for t, p in zip(self.totals, points)]
        if self.lines is None:
            return
        values, require_all = rules.primiera_values, rules.primiera_requires_all_suits
        extra = record_fields(rules)
        dealer_side = self.side_of(self.dealer)
        sides = []
        for i, pile in enumerate(s.piles):
            # The fields and their order of SideScore.to_record.
            side = {"cards": pile.bit_count(), "coins": (pile & COINS_MASK).bit_count(),
                    "settebello": bool(pile >> SETTEBELLO & 1), "primiera": primiera(pile, values, require_all)[0],
                    "scope": s.scope[i], "points": points[i]}
            for key in extra:
                side[key] = (bool(pile >> RE_BELLO & 1) if key == "re_bello"
                             else napola_length(pile) if key == "napola"
                             else (pile >> SEVENS_SHIFT & 15).bit_count() if key == "sevens"
                             else self.deal_escobas if i == dealer_side else 0)  # deal_sweeps
            sides.append(side)
        # The fields and their order of HandEnded.to_record.
        self.lines.append(_compact({"event": "hand_end", "hand": self.hand_no,
                                    "leftover": [NAMES[c] for c in card_tuple(leftover)],
                                    "leftover_to": leftover_to, "sides": sides, "totals": self.totals}))


def _compact(line: dict) -> str:
    """A record line of ints, booleans, nulls and card names, as ``record._encode`` writes it
    (orjson writes the same compact text for these, in a fraction of the time)."""
    return orjson.dumps(line, option=orjson.OPT_APPEND_NEWLINE).decode()


# The game_start line of each rules object, but for the seed: every game of a run has it.
_STARTS: dict[Rules, str] = {}


def _game_start_line(rules: Rules, seed: int) -> str:
    head = _STARTS.get(rules)
    if head is None:
        if len(_STARTS) > 100:
            _STARTS.clear()
        text = _line(GameStarted(rules, 0))
        if not text.endswith(',"seed":0}\n'):  # the seed is the last field (docs/record-format.md)
            return _line(GameStarted(rules, seed))
        head = _STARTS[rules] = text[:-len("0}\n")]
    return f"{head}{seed}}}\n"
