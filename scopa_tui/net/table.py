"""One table of the online server: its seats, its game, its clock (docs/online-protocol.md).

The table is the authority: it runs the engine, deals, checks every play and scores.
Each seat receives only what that seat may know (:func:`seat_line`, the seat's own
:meth:`~scopa_tui.engine.Game.view`).  A table's :meth:`Table.run` task plays the AI
seats (in the server's thread pool, so a slow AI never stalls other tables), runs the
turn limit and deals the next hand; everything else happens in the server's message
handler.  All of it runs on the server's event loop, so no lock is needed: the only
awaits are the AI's thinking and the clock, and the table checks after each that
nothing moved meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..ai.registry import make_player
from ..engine import Game, IllegalMove, Move, make_rules
from ..engine import record as records
from ..engine.game import SeededDecks
from .messages import AI_NAME, CHAT_KEPT, NetError, frame, same_name
from .tablestore import TableStore, UnfiledGame
from .thinking import Thinking

WAITING_EXPIRY = 600.0  # seconds a table that has not started stays open with nobody connected
# Seconds a turn (or a hand's scoring pause) has at least after a server restart: its time
# went on while the server was down, when nobody could play it (docs/online-protocol.md).
RESTART_GRACE = 15.0


class Link(Protocol):
    """A connection as the table sees it (the server's :class:`~.server.Connection`)."""

    def send_text(self, data: bytes) -> None: ...

    def detach(self, reason: str) -> None: ...


@dataclass
class Seat:
    """One seat: open, a person's (with a token) or the AI's."""

    kind: str = "open"  # "open", "person" or "ai"
    name: str | None = None
    level: str = "medium"  # the AI that plays it (an ``ai`` seat, or a person's while away)
    token: str | None = None
    away: bool = False  # a person's seat the AI plays until they come back
    link: Link | None = field(default=None, repr=False, compare=False)
    dropped_at: float | None = None  # loop time the person's connection went (None: connected)

    def info(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind,
                "level": self.level if self.kind == "ai" or self.away else None,
                "connected": self.link is not None, "away": self.away}

    def to_store(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "level": self.level, "token": self.token,
                "away": self.away}

    @classmethod
    def from_store(cls, data: dict[str, Any]) -> Seat:
        return cls(kind=data["kind"], name=data["name"], level=data["level"], token=data["token"],
                   away=bool(data.get("away")))


def seat_line(line: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A record line as ``seat`` may see it: its own hand only, and never the seed."""
    event = line["event"]
    if event == "deal":
        return {**line, "hands": [h if i == seat else None for i, h in enumerate(line["hands"])]}
    if event == "game_start":
        return {k: v for k, v in line.items() if k != "seed"}
    return line


def seed_dealing_first(players: int, dealer: int) -> int:
    """A new game's seed whose first dealer is ``dealer`` (the engine draws it from the seed):
    a rematch goes on round the table, and its seed alone still rebuilds the game."""
    while True:
        seed = secrets.randbelow(2**31)
        if SeededDecks(seed).first_dealer(players) == dealer:
            return seed


def view_message(game: Game, seat: int) -> dict[str, Any]:
    """The seat's player view as in ``scopa-bot/1``, without ``type`` and ``id``."""
    view = game.view(seat).to_protocol(0)
    del view["type"], view["id"]
    return view


@dataclass
class TableOptions:
    """What the server gives every table."""

    store: TableStore
    thinking: Thinking = field(default_factory=lambda: Thinking(None))  # where AIs think
    ai_pace: float = 0.5  # seconds before each AI play
    on_finished: Callable[[Table], Any] | None = None  # files the record, forgets the table
    on_closed: Callable[[Table], Any] | None = None
    log: Callable[[str], None] = lambda text: print(text, file=sys.stderr, flush=True)


class Table:
    """A table: created waiting for people, then a game, then over; then, when its people
    play again (:meth:`ask_rematch`), the next game, or waiting for people again."""

    def __init__(self, code: str, config: dict[str, Any], seats: list[Seat], seed: int,
                 options: TableOptions, created: float | None = None):
        self.code = code
        # title, players, preset, target, variant, options, ai (per seat), turn_limit, public, creator
        self.config = config
        self.seats = seats
        self.seed = seed
        self.options = options
        self.created = time.time() if created is None else created
        self.address: str | None = None  # the creator's remote address (per-address limits; not kept)
        # Tables kept before variants were played online have neither key: plain Scopa.
        config.setdefault("variant", "scopa")
        config.setdefault("options", [])
        config.setdefault("game", 1)  # the table's games so far, this one counted (a rematch adds one)
        self.rules = make_rules(config["preset"], players=config["players"], target=config["target"],
                                variant=config["variant"], options=config["options"])
        self.game: Game | None = None
        self.actions = 0  # actions stored so far (plays and new hands)
        self.action_log: list[list[Any]] = []  # the game's actions, kept whole after a write the file missed
        self.unsynced = False  # a write to the file failed: the next one writes the table whole
        self.ready: set[int] = set()
        self.rematch: set[int] = set()  # the seats whose person asked to play again (the game over)
        self.away_plays: set[int] = set()  # indices in the game's events: plays the AI made for an away person
        # The game's chat (its newest CHAT_KEPT lines), each at the count of the game's events
        # when it was said (``at``): a state's ``chat``, kept in the file with the table.
        self.chat: list[dict[str, Any]] = []
        self.filing = False  # the finished game is being filed in the history (a rematch waits for it)
        self.clock = 0.0  # loop time the current turn (or the hand's scoring) began
        self.closed = False
        self.filed = False  # the finished game is in the history
        self.unfiled: UnfiledGame | None = None  # the finished game the history could not take
        self.ended: float | None = None  # loop time the game ended or the table closed (idle seats)
        self.wake = asyncio.Event()
        self._sleeping_until: float | None = None  # loop time the task's _sleep ends (None: not asleep)
        self.task: asyncio.Task | None = None
        self._players: dict[int, Any] = {}  # seat -> its AI player, made when first needed

    # --- facts --------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return "waiting" if self.game is None else self.game.phase

    @property
    def turn_limit(self) -> float:
        return float(self.config["turn_limit"])

    @property
    def open_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "open"]

    @property
    def unattended(self) -> bool:
        """Waiting to start, or in play with no person connected (every one gone, or given up
        to the AI): what the per-address limit on tables counts (:data:`.messages.ADDRESS_WAITING`).
        A started table a person plays at does not count; one nobody watches does, until its end."""
        if self.closed or self.phase == "game_over":
            return False
        return self.game is None or all(s.link is None for s in self.seats)

    def seat_name(self, seat: int) -> str:
        return self.seats[seat].name or f"seat {seat + 1}"

    def info(self) -> dict[str, Any]:
        c = self.config
        return {"code": self.code, "title": c["title"], "players": c["players"], "preset": c["preset"],
                "target": c["target"], "variant": c["variant"], "options": c["options"],
                "turn_limit": c["turn_limit"], "public": c["public"],
                "creator": c["creator"], "seats": [s.info() for s in self.seats], "phase": self.phase,
                "started": self.game is not None, "hand": self.game.hand_no if self.game else 0,
                "ready": sorted(self.ready), "game": c["game"], "rematch": sorted(self.rematch)}

    def lobby_entry(self) -> dict[str, Any]:
        c = self.config
        return {"code": self.code, "title": c["title"], "players": c["players"],
                "seats_free": len(self.open_seats), "preset": c["preset"], "target": c["target"],
                "variant": c["variant"], "options": c["options"],
                "turn_limit": c["turn_limit"], "started": self.game is not None}

    def _now(self) -> float:
        return asyncio.get_running_loop().time()

    def _deadline(self) -> float | None:
        """Loop time when the seat to play (or the scoring pause) runs out; None for an AI's turn."""
        if self.phase == "hand_over":
            return self.clock + self.turn_limit
        if self.phase != "play":
            return None
        seat = self.seats[self.game.turn]
        if seat.kind != "person" or seat.away:
            return None
        deadline = self.clock + self.turn_limit
        if seat.dropped_at is not None:  # away longer than the turn limit: the AI plays
            deadline = min(deadline, max(seat.dropped_at + self.turn_limit, self.clock))
        return deadline

    def seconds_left(self) -> float | None:
        deadline = self._deadline()
        return None if deadline is None else round(max(0.0, deadline - self._now()), 1)

    # --- sending ------------------------------------------------------------------------
    def send(self, seat: int, msg: dict[str, Any] | bytes) -> None:
        link = self.seats[seat].link
        if link is not None:
            link.send_text(msg if isinstance(msg, bytes) else frame(msg))

    def broadcast(self, msg: dict[str, Any], but: int | None = None) -> None:
        data = frame(msg)  # encoded once: every seat is sent the same bytes
        for i in range(len(self.seats)):
            if i != but:
                self.send(i, data)

    def event_line(self, index: int, event, seat: int | None) -> dict[str, Any]:
        """The record line of the game's event ``index`` as ``seat`` may see it; a play the AI
        made for a person who was away says so (``"away": true``, docs/online-protocol.md)."""
        line = seat_line(event.to_record(), seat)
        return {**line, "away": True} if index in self.away_plays else line

    def seat_lines(self, seat: int | None) -> list[dict[str, Any]]:
        """The game's record lines so far as ``seat`` may see them (a state's ``events``)."""
        return [self.event_line(i, e, seat) for i, e in enumerate(self.game.events)] if self.game else []

    def state_message(self, seat: int) -> dict[str, Any]:
        game = self.game
        return {"type": "state", "table": self.info(),
                "view": view_message(game, seat) if game is not None and game.state is not None else None,
                "turn": game.turn if game else None, "deadline": self.seconds_left(),
                "events": self.seat_lines(seat), "chat": self.chat,
                "totals": list(game.totals) if game else [0] * self.rules.n_sides}

    def say(self, seat: int, text: str) -> None:
        """A chat line from ``seat``'s person, to everybody at the table, kept for the state."""
        line = {"seat": seat, "name": self.seat_name(seat), "text": text}
        self.chat = self.chat[1 - CHAT_KEPT:] + [{**line, "at": len(self.game.events) if self.game else 0}]
        self._keep(lambda store: store.set_chat(self.code, self.chat))
        self.broadcast({"type": "chat", **line})

    def announce(self, seat: int, status: str) -> None:
        """Tell everyone what became of a seat, and the table info that follows from it."""
        self.broadcast({"type": "seat", "seat": seat, "name": self.seat_name(seat), "status": status})
        self.broadcast({"type": "table", "table": self.info()})

    def _on_event(self, event) -> None:
        """Each seat its own view of a game event.  Never raises: it runs inside the engine's play."""
        try:
            self._send_event(event)
        except Exception:  # noqa: BLE001
            self.options.log(f"table {self.code}: an event could not be sent\n{traceback.format_exc()}")

    def _send_event(self, event) -> None:
        line = event.to_record()
        if line["event"] in ("deal", "game_start"):
            for i in range(len(self.seats)):
                self.send(i, {"type": "event", "event": seat_line(line, i)})
        else:  # the engine keeps the event before it is sent: the last of the game's
            self.broadcast({"type": "event", "event": self.event_line(len(self.game.events) - 1, event, None)})

    def _send_turn(self) -> None:
        """Whose turn it is: the view (with ``legal``) only to that seat's owner."""
        seat = self.game.turn
        deadline = self.seconds_left()
        if self.seats[seat].link is not None:
            self.send(seat, {"type": "turn", "seat": seat, "deadline": deadline,
                             "view": view_message(self.game, seat)})
        self.broadcast({"type": "turn", "seat": seat, "deadline": deadline, "view": None}, but=seat)

    # --- storing ------------------------------------------------------------------------
    def store_seats(self) -> None:
        self._keep(lambda store: store.set_seats(self.code, self.config, [s.to_store() for s in self.seats],
                                                 self.game is not None, self._began()))

    def _began(self) -> float:
        """When the turn in progress (or the hand's scoring pause) began, in seconds since the
        epoch: what the table's file keeps of its clock (loop time means nothing to a restart)."""
        return time.time() - (self._now() - self.clock)

    def _keep(self, write: Callable[[TableStore], bool]) -> None:
        """Make one write to the table's file; once one has failed (a full disk), write the table
        whole instead until that is done, so that a restart rebuilds the game as it is."""
        store = self.options.store
        if not store.kept or self.closed:
            return
        if not self.unsynced and write(store):
            return
        self.unsynced = not store.rewrite(self.code, self.created, self.config, [s.to_store() for s in self.seats],
                                          self.seed, self.game is not None, self.action_log, self._began(),
                                          self.chat)

    # --- seats --------------------------------------------------------------------------
    def new_token(self) -> str:
        return secrets.token_urlsafe(24)

    def attach(self, seat: int, link: Link) -> None:
        """``link`` now speaks for ``seat`` (a person's); an older connection of it is let go."""
        s = self.seats[seat]
        if s.link is not None and s.link is not link:
            s.link.detach("the seat was resumed from another connection")
        s.link = link
        s.dropped_at = None

    def check_free_name(self, name: str) -> None:
        """Raise ``name_taken`` when a person at the table, or one of its AI seats ("AI 2"), is
        called ``name``, or a name that looks the same (:func:`.same_name`): the log's lines
        could not tell them apart (docs/online-protocol.md)."""
        taken = [s.name for s in self.seats if s.kind == "person" and s.name]
        taken += [AI_NAME.format(seat=i + 1) for i in range(len(self.seats))]
        alike = next((other for other in taken if same_name(other) == same_name(name)), None)
        if alike is not None:
            said = "already" if alike == name else f"already, a name that looks like '{name}'"
            raise NetError("name_taken", f"someone at table {self.code} is called {alike} {said}: "
                                         "choose another name")

    def take_seat(self, name: str, link: Link) -> tuple[int, str]:
        """The first open seat for a person joining; raises :class:`NetError`."""
        if self.game is not None:
            said = "is over" if self.phase == "game_over" else "has started"
            raise NetError("table_full", f"the game at table {self.code} {said}")
        if not self.open_seats:
            raise NetError("table_full", f"every seat at table {self.code} is taken")
        self.check_free_name(name)
        seat = self.open_seats[0]
        self.seats[seat] = Seat(kind="person", name=name, level=self.config["ai"][seat], token=self.new_token())
        self.attach(seat, link)
        self.store_seats()
        return seat, self.seats[seat].token

    def find_token(self, token: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s.kind == "person" and s.token and secrets.compare_digest(s.token.encode(), token.encode()):
                return i
        return None

    def resume(self, seat: int, link: Link) -> bool:
        """``link`` speaks for ``seat`` again; True when the seat was gone (call :meth:`come_back`)."""
        s = self.seats[seat]
        was_gone = s.link is None or s.away
        self.attach(seat, link)
        return was_gone

    def come_back(self, seat: int, announce_always: bool = False) -> None:
        """A person's seat that the AI played (or whose connection dropped) is theirs again."""
        s = self.seats[seat]
        if not (s.away or announce_always):
            return
        s.away = False
        self.store_seats()
        self.announce(seat, "returned")
        if self.phase == "play" and self.game.turn == seat:
            self._send_turn()
        self.wake.set()

    def drop(self, seat: int, link: Link) -> None:
        """The connection of ``seat`` went; the seat stays the person's."""
        s = self.seats[seat]
        if s.link is not link:
            return
        s.link = None
        s.dropped_at = self._now()
        self.ready.discard(seat)
        self.rematch.discard(seat)
        self.announce(seat, "left")
        self.wake.set()
        self._maybe_rematch()  # the others may all have said yes: they no longer wait for this one

    def leave(self, seat: int) -> None:
        """The person gives the seat up: before the game it opens again, during it the AI has it,
        after its end it is freed for the next game (a rematch)."""
        s = self.seats[seat]
        s.link = None
        if self.game is None:
            self.seats[seat] = Seat(level=self.config["ai"][seat])
            self.broadcast({"type": "seat", "seat": seat, "name": s.name, "status": "left"})
            persons = [i for i, x in enumerate(self.seats) if x.kind == "person"]
            if not persons:
                self.close()
                return
            if seat == self.config["creator"]:
                self.config["creator"] = persons[0]
            self.store_seats()
            self.broadcast({"type": "table", "table": self.info()})
        elif self.phase == "game_over":  # the seat is freed: a rematch has it open for someone else
            s.token, s.away, s.dropped_at = None, False, self._now()
            self.rematch.discard(seat)
            self.store_seats()
            self.announce(seat, "left")
            self._maybe_rematch()
        else:
            s.kind, s.token, s.away = "ai", None, False
            self.ready.discard(seat)
            self.store_seats()
            self.announce(seat, "ai")
        self.wake.set()

    def close(self) -> None:
        self.closed = True
        self.ended = self.ended or self._now()
        self.options.store.remove(self.code)
        self.unsynced = False  # nothing of it to write again
        self.wake.set()
        if self.options.on_closed:
            self.options.on_closed(self)

    def _creator_gone_in(self) -> float | None:
        """Seconds until the creator of a table waiting for players has been disconnected for
        the turn limit while another person is at it (then :meth:`_pass_creator`); None when
        the creator is there, or nobody else is."""
        creator = self.seats[self.config["creator"]]
        if creator.kind != "person" or creator.link is not None or creator.dropped_at is None:
            return None
        if not any(s.kind == "person" and s.link is not None for s in self.seats):
            return None
        return max(0.0, creator.dropped_at + self.turn_limit - self._now())

    def _pass_creator(self) -> None:
        """Before the start, a creator whose connection has been gone for the turn limit hands
        the role (the start) to the first person at the table, who could not start it
        otherwise and would wait for ever for a seat to be taken (docs/online-protocol.md)."""
        if self.game is not None or self.closed or self._creator_gone_in() != 0.0:
            return
        self.config["creator"] = next(i for i, s in enumerate(self.seats) if s.kind == "person" and s.link is not None)
        self.store_seats()
        self.broadcast({"type": "table", "table": self.info()})

    # --- the game -----------------------------------------------------------------------
    def start(self) -> None:
        """AIs take the open seats and the first hand is dealt."""
        for i in self.open_seats:
            self.seats[i] = Seat(kind="ai", name=AI_NAME.format(seat=i + 1), level=self.config["ai"][i])
        self.game = Game(self.rules, self.seed)
        self.clock = self._now()  # the first turn begins (kept with the seats)
        self.store_seats()
        self.game.subscribe(self._on_event)
        self.game.start()  # game_start and the first deal go out ...
        self.broadcast({"type": "table", "table": self.info()})  # ... then the table, started
        self._after_action()

    # --- playing again -----------------------------------------------------------------
    def ask_rematch(self, seat: int, game: int) -> None:
        """The person at ``seat`` wants to play game ``game``'s table again; raises
        :class:`NetError` ``no_rematch`` when there is none to have."""
        number = self.config["game"]
        if self.closed:
            raise NetError("no_rematch", f"table {self.code} has closed")
        if self.phase != "game_over":
            raise NetError("no_rematch", f"game {number} at table {self.code} is not over: "
                                         "a rematch is asked for at its end")
        if game != number:
            raise NetError("no_rematch", f"game {game} is not the game that ended at table {self.code} "
                                         f"(game {number})")
        if seat in self.rematch:
            return  # said already
        self.rematch.add(seat)
        if not self._maybe_rematch():  # (the last yes: the next game says it all)
            self.broadcast({"type": "table", "table": self.info()})

    def rematch_filed(self) -> None:
        """The finished game is in the history (or could not be put there: :attr:`unfiled`,
        kept apart at a rematch): a rematch may go on."""
        self.filing = False
        self._maybe_rematch()

    def _maybe_rematch(self) -> bool:
        """Every person still at the table (connected) said yes: the next game, at once when
        every seat is still taken, else the table waits for players again.  True when so."""
        if self.closed or self.phase != "game_over" or self.filing:
            return False
        here = [i for i, s in enumerate(self.seats) if s.kind == "person" and s.link is not None]
        if not here or not self.rematch.issuperset(here):
            return False
        players = self.rules.players
        first = (self.game.dealer + 1) % players  # the deal goes on round the table
        freed = False
        for i, s in enumerate(self.seats):
            # Gone: a person not connected (left, dropped), or one whose seat the AI took for good.
            if (s.kind == "person" and s.link is None) or (s.kind == "ai" and s.name != AI_NAME.format(seat=i + 1)):
                self.seats[i] = Seat(level=self.config["ai"][i])
                freed = True
        if self.seats[self.config["creator"]].kind != "person":  # the role passes, as at a leave
            self.config["creator"] = here[0]
        self.config["game"] += 1
        self.seed = seed_dealing_first(players, first)
        self.game, self.actions, self.ended, self.filed = None, 0, None, False
        self.ready, self.rematch, self.away_plays, self._players = set(), set(), set(), {}
        self.chat = []
        # The table is kept afresh, its new seed and no action yet; the finished game, if the
        # history could not take it, kept apart until it does (the server files it later).
        self.action_log = []
        if not self.options.store.replace(self.code, self.created, self.config, [s.to_store() for s in self.seats],
                                          self.seed, unfiled=self.unfiled):
            self.unsynced = self.options.store.kept  # written whole at the next write
        self.unfiled = None
        if freed:
            self.clock = self._now()
            self.broadcast({"type": "table", "table": self.info()})  # waiting, the freed seats open
            self.wake.set()
        else:
            self.start()
        return True

    def restore(self, actions: list[list[Any]], started: bool, began: float | None,
                chat: list[dict[str, Any]]) -> None:
        """Rebuild the game from the stored actions (no messages: nobody is connected), and its
        chat.  The turn in progress keeps the deadline it had (``began``, when it began, as
        kept), but has at least :data:`RESTART_GRACE` (or its limit, if shorter) from now; a
        table kept without it (by an older version) gives the turn its whole limit from now."""
        now = self._now()
        self.chat = list(chat)
        for s in self.seats:  # every person's connection is gone, from now (a creator too: _pass_creator)
            if s.kind == "person":
                s.dropped_at = now
        if not started:
            return
        game = Game(self.rules, self.seed)
        game.start()
        for action in actions:
            if action[0] == "play":
                if action[3:] == ["away"]:
                    self.away_plays.add(len(game.events))
                game.play(Move(action[1], action[2]))
            else:
                game.next_hand()
        self.game = game
        self.actions = len(actions)
        self.action_log = [list(action) for action in actions]
        game.subscribe(self._on_event)
        elapsed = 0.0 if began is None else max(0.0, time.time() - began)  # (a clock set back: none)
        self.clock = now - min(elapsed, max(0.0, self.turn_limit - RESTART_GRACE))

    def play(self, seat: int, card: str, capture: list[str]) -> None:
        """A person's play; raises :class:`NetError` when it is refused."""
        if self.phase != "play":
            raise NetError("wrong_state", "no hand is being played" if self.game else "the game has not started")
        if self.game.turn != seat:
            raise NetError("not_your_turn", f"It is {self.seat_name(self.game.turn)}'s turn.")
        try:
            self._act(["play", card, capture])
        except IllegalMove as e:
            raise NetError("illegal_move", f"{card} cannot be played so: {e}") from None

    def mark_ready(self, seat: int, hand: int) -> None:
        if self.phase != "hand_over" or hand != self.game.hand_no:
            raise NetError("wrong_state", f"hand {hand} is not waiting for you")
        self.ready.add(seat)
        self.broadcast({"type": "table", "table": self.info()})
        self.wake.set()

    def _act(self, action: list[Any]) -> None:
        """Apply a play or deal the next hand, store it, and tell everyone what follows."""
        if action[0] == "play":
            index = len(self.game.events)  # the play's event, once made
            if action[3:] == ["away"]:  # the AI's, for a person away: their log says so
                self.away_plays.add(index)
            try:
                self.game.play(Move(action[1], action[2]))  # raises IllegalMove, changing nothing
            except IllegalMove:
                self.away_plays.discard(index)
                raise
        else:
            self.game.next_hand()
        n = self.actions
        self.action_log.append(action)
        self.actions += 1
        self._keep(lambda store: store.add_action(self.code, n, action, time.time()))  # the next turn begins
        self._after_action()

    def _after_action(self) -> None:
        self.clock = self._now()
        self.ready.clear()
        phase = self.phase
        if phase == "play":
            self._send_turn()
        else:
            self.broadcast({"type": "table", "table": self.info()})
        if phase == "game_over":
            self.ended = self._now()
            if self.options.on_finished:
                self.options.on_finished(self)
        self._nudge()

    def _nudge(self) -> None:
        """Wake the table's task after an action, unless it need not wake yet.

        A person's play that hands the turn to another person only moves the turn's
        deadline later: the task, asleep until the old deadline, is left alone, wakes then,
        finds the new deadline and sleeps on.  So a table of people costs one timer per
        turn limit, not a wake-up per play.
        """
        if self.phase == "play" and self._sleeping_until is not None:
            deadline = self._deadline()
            if deadline is not None and deadline >= self._sleeping_until:
                return
        self.wake.set()

    def _all_ready(self) -> bool:
        waiting_for = [i for i, s in enumerate(self.seats)
                       if s.kind == "person" and s.link is not None and not s.away]
        return all(i in self.ready for i in waiting_for)

    def _player(self, seat: int):
        """(spec, seed, a function giving the AI player) of the AI that plays ``seat`` now.

        The player is made on first need: ``hard`` usually thinks in a worker process
        (:mod:`.thinking`) and is made there.
        """
        level = self.seats[seat].level
        seed = self.seed + 7919 * seat
        entry = self._players.get(seat)
        if entry is None or entry[0] != level:
            made: list = []

            def player():
                if not made:
                    made.append(make_player(level, seed=seed))
                return made[0]
            entry = self._players[seat] = (level, seed, player)
        return entry

    async def _ai_move(self, seat: int) -> None:
        key = self.actions
        if self.options.ai_pace > 0:
            await self._sleep(self.options.ai_pace)
        if self.actions != key or self.closed or self.phase != "play":
            return
        view = self.game.view(seat)
        spec, seed, player = self._player(seat)
        try:
            move = await self.options.thinking.choose(spec, seed, player, view)
        except Exception as e:  # noqa: BLE001 - an AI fault must not stop the table
            self.options.log(f"table {self.code}: the AI of seat {seat + 1} failed ({e!r}); playing a safe move")
            move = view.legal[0]
        s = self.seats[seat]
        if self.actions != key or self.closed or not (s.kind == "ai" or s.away):
            return  # something happened meanwhile (the person came back and played)
        self._act(["play", str(move.card), [str(c) for c in move.capture]] + (["away"] if s.kind == "person" else []))

    async def _sleep(self, seconds: float) -> None:
        """Wait ``seconds`` or until something happens at the table."""
        self.wake.clear()
        self._sleeping_until = self._now() + seconds
        try:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.wake.wait(), max(0.0, seconds))
        finally:
            self._sleeping_until = None

    async def run(self) -> None:
        """The table's clock and its AIs, game after game (a rematch), until the table closes."""
        failures = 0
        while not self.closed:
            try:
                if not await self._step():
                    return
                failures = 0
            except Exception:  # noqa: BLE001 - one table's fault never stops the server
                failures += 1
                self.options.log(f"table {self.code}: internal error\n{traceback.format_exc()}")
                await asyncio.sleep(min(5.0, 0.1 * 2 ** failures))

    async def _step(self) -> bool:
        """One wait or one action (a finished game waits for a rematch, or for the table to
        close); False when the table has nothing more to do."""
        phase = self.phase
        if phase == "game_over":  # until a rematch, or the table is closed
            self.wake.clear()
            await self.wake.wait()
            return True
        if phase == "waiting":
            nobody = all(s.link is None for s in self.seats)
            self.wake.clear()
            try:
                await asyncio.wait_for(self.wake.wait(), WAITING_EXPIRY if nobody else self._creator_gone_in())
            except asyncio.TimeoutError:
                if all(s.link is None for s in self.seats) and self.game is None:
                    self.options.log(f"table {self.code}: closed, nobody came for {WAITING_EXPIRY:g} s")
                    self.close()
                else:
                    self._pass_creator()
            return True
        now = self._now()
        if phase == "hand_over":
            if self._all_ready() or now >= self._deadline():
                self._act(["next"])
            else:
                await self._sleep(self._deadline() - now)
            return True
        seat = self.game.turn
        s = self.seats[seat]
        if s.kind == "ai" or s.away:
            await self._ai_move(seat)
            return True
        deadline = self._deadline()
        if now >= deadline:
            s.away = True
            self.store_seats()
            self.announce(seat, "away")
            return True
        await self._sleep(deadline - now)
        return True

    def record_text(self) -> str:
        return records.dumps(self.game)
