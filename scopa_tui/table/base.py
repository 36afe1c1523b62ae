"""The one interface between the game screen and a table, local or over the network.

The game screen (``ui/screens/game.py``) draws a game and takes the player's moves; it
reads a :class:`Table` only, and never learns whether the game runs here
(:class:`~scopa_tui.table.local.LocalTable`: the engine's ``Game`` and the AI players) or
on a server (``scopa_tui.net.remote.RemoteTable``).

What the screen receives, through :meth:`Table.subscribe`, is a stream of:

* engine events (``GameStarted``, ``Dealt``, ``Played``, ``Redealt``, ``HandEnded``,
  ``GameEnded``), as this seat may see them: a ``Dealt`` of a remote table holds only
  this seat's hand (the other hands are ``None`` placeholders, one per card dealt);
* the notices below: an AI's play shown before it is made, a seat that
  left or came back, the connection, chat lines and errors.

No Textual here, and no I/O: a table that needs a thread or a timer asks its
:class:`Runner` (the screen gives one when it shows the table).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..engine import Move, Rules, explain_capture, mask_of
from ..engine.captures import describe_capture
from ..engine.cards import Card, card_tuple
from ..engine.core import card_captures, rule_of
from ..engine.events import Event, Played
from ..engine.game import refusal
from ..engine.text import N_, _
from ..engine.view import PlayerView
from ..engine.words import side_name

if TYPE_CHECKING:
    from ..engine.scoring import HandScore
    from .notices import ChatLine, NewGame, SeatChanged, Started, StatusChanged, TableError

    Notice = Preview | SeatChanged | StatusChanged | ChatLine | TableError | Started | NewGame


# TRANSLATORS: the player's own name at the table, in the score and the scoring screen.
YOU = N_("You")


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a name, ``kind`` (``you``, ``person``, ``ai`` or ``bot``), the
    label under the name (an AI's level, a bot's name), and a person's connection."""

    name: str
    kind: str
    label: str = ""
    connected: bool = True
    away: bool = False


@dataclass(frozen=True)
class Preview:
    """``seat`` will play ``move``: shown on the table for the AI pace before it is made.
    ``fault`` is a line to show when the AI failed and a safe move replaced its own."""

    seat: int
    move: Move
    fault: str | None = None


class AwayPlay(Played):
    """A play the table's AI made for a person who was away (a table on a server: the
    ``play`` line's ``away``): drawn and scored as any play, and logged as the AI's."""


# What only a remote table says (table/notices.py), loaded with the first that is named.
_NOTICES = ("SeatChanged", "StatusChanged", "ChatLine", "TableError", "Started", "NewGame")


def __getattr__(name: str):
    if name in _NOTICES:
        from . import notices

        return getattr(notices, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")



class Runner(Protocol):
    """What a table may ask of the screen showing it (it runs on the screen's event loop)."""

    def later(self, seconds: float, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after ``seconds`` (0: after the messages already sent to the
        screen), unless the screen has gone."""

    def in_thread(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Run ``work()`` in a worker thread (a new one replaces the last), then ``done(result)``
        back on the event loop."""

    # A runner may also have ``decide(player, view)``: the AI's move, wherever it searches
    # (the game screen: in the app's search process, ai/searchproc.py).


class Table:
    """A game as one seat sees it.  Subclasses set the attributes and implement the actions.

    ``phase`` is ``waiting`` (a remote table before its game), ``new``, ``play``,
    ``hand_over`` or ``game_over``; ``turn`` is the seat to act (None between hands).
    """

    rules: Rules
    my_seat: int = 0
    seats: list[Seat]
    pace: float = 0.0  # seconds an AI's play stays in view before it is made (LocalTable)
    title: str = ""  # how the table is called ("table K7XQ93PA"); "" for a game of one's own
    can_chat: bool = False  # whether :meth:`chat` reaches anybody (a table on a server)
    # Why this window no longer plays its seat, in the player's language (another window took
    # the seat up: RemoteTable); None while it does.  The game screen then offers no play key.
    let_go: str | None = None

    def __init__(self) -> None:
        self._subscribers: list[Callable[[Event | Notice], None]] = []

    # --- what the screen reads -------------------------------------------------------
    @property
    def names(self) -> list[str]:
        """Each seat's name as shown: "You" (in the player's language) for this seat."""
        you = _(YOU)
        return [you if i == self.my_seat else s.name for i, s in enumerate(self.seats)]

    @property
    def side_names(self) -> list[str]:
        names = self.names
        return [side_name(names[s] for s in seats) for seats in self.rules.sides]

    def seat_label(self, seat: int) -> str:
        """The line under a seat's name (an AI level, a bot's name, a connection state)."""
        return self.seats[seat].label

    phase: str = "new"
    turn: int | None = None
    hand_no: int = 0
    dealer: int = 0
    totals: list[int]
    winner: int | None = None
    hand_scores: list[HandScore]
    events: list[Event]  # the game's events so far, as this seat may see them
    # The game's chat lines (a table on a server), each with the count of ``events`` when it was said.
    chat_lines: Sequence[tuple[int, ChatLine]] = ()

    @property
    def status(self) -> str:
        """The connection as one word for the top bar ("" at a local table)."""
        return ""

    def seconds_left(self) -> float | None:
        """Seconds left to the player who must act (None: no turn limit)."""
        return None

    def view(self) -> PlayerView | None:
        """What this seat may know now (None before the game)."""
        raise NotImplementedError

    # --- live validation: from the view, with the engine's functions --------------------
    def captures_for(self, card: int) -> list[tuple[Card, ...]]:
        """The legal capture sets of ``card`` on the table now, by the variant's capture
        rule (``()`` among them: it may be laid; ``[()]``: it must be)."""
        view = self.view()
        masks = card_captures(rule_of(self.rules), card, mask_of(view.table)) if view is not None else ()
        return [card_tuple(m) for m in masks] or [()]

    def explain(self, card: int | str, capture=()) -> str | None:
        """Why this seat may not play ``card`` taking ``capture`` now; None when it may."""
        move = Move(card, capture)
        view = self.view() if self.phase == "play" else None
        refused = refusal(self.phase, move.card, view.hand if view is not None else ())
        if refused is not None:
            return refused
        return explain_capture(move.card, move.mask, mask_of(view.table), self.rules, [int(c) for c in view.hand])

    def describe(self, card: int | str, capture=()) -> str | None:
        """What a legal selection does in the variant's own words ("3 + 5 + 7 = 15"), or None
        when Scopa's usual line says it all (the engine's ``describe_capture``)."""
        view = self.view()
        if self.phase != "play" or view is None:
            return None
        move = Move(card, capture)
        return describe_capture(move.card, move.mask, mask_of(view.table), self.rules)

    # --- events ----------------------------------------------------------------------
    def subscribe(self, callback: Callable[[Event | Notice], None]) -> Callable[[], None]:
        """Call ``callback(item)`` for every event and notice from now on; returns an unsubscribe."""
        self._subscribers.append(callback)
        return lambda: self._subscribers.remove(callback) if callback in self._subscribers else None

    def _emit(self, item: Event | Notice) -> None:
        for callback in list(self._subscribers):
            callback(item)

    # --- what the screen does --------------------------------------------------------
    def attach(self, runner: Runner) -> None:
        """The screen showing the table: its timers and worker threads."""
        self.runner = runner

    def waiting_for(self) -> list[str]:
        """The names of the players the next hand still waits for, once this seat said it is
        ready (a table on a server; a local table deals at once)."""
        return []

    def starter(self) -> str | None:
        """Who else starts this table while it waits for players (their name); None when this
        seat may start it (a local table, the creator of a remote one)."""
        return None

    def meanwhile(self) -> list[str]:
        """What the players may do while this table waits for players, a line of the log
        each, always as many (a table on a server: how others join it, who starts it)."""
        return []

    def start(self) -> None:
        """Begin the game now (a local table deals; at a remote one the creator starts it,
        the AI taking the empty seats)."""

    def next_turn(self) -> None:
        """The screen has shown everything so far: an AI whose turn it is may play."""

    def hurry(self) -> None:
        """Make an AI's play being shown (a :class:`Preview`) now, without waiting for the pace."""

    def play(self, move: Move) -> None:
        """Play this seat's move (checked first with :meth:`explain`)."""
        raise NotImplementedError

    def ready_next_hand(self) -> None:
        """Done looking at the hand's scoring: deal the next hand (or say so to the server)."""
        raise NotImplementedError

    def chat(self, text: str) -> None:
        """Say something to the table (a local table has nobody to listen)."""

    def here(self) -> None:
        """The player pressed a key: a seat the AI plays while its person is away (a table on
        a server, its turn limit run out) is theirs again."""

    # --- playing again (a table on a server; a local game starts a new one instead) -------
    def rematch(self) -> None:
        """Once the game is over: ask the others at the table to play again."""

    def asked_rematch(self) -> bool:
        """Whether this seat asked to play again after the game that is over."""
        return False

    def rematch_asked(self) -> list[str]:
        """The names of the others at the table who asked to play again."""
        return []

    def rematch_waiting_for(self) -> list[str]:
        """The names of the people a rematch this seat asked for still waits for."""
        return []

    def close(self) -> None:
        """The game is left: stop the AIs, close the connection."""
