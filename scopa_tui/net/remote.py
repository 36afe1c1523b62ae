"""A table on a server, as one seat sees it: the game screen's :class:`~scopa_tui.table.base.Table`
over :class:`~scopa_tui.net.client.NetClient` (docs/online-protocol.md).

The server is the authority; this side keeps a picture of the hand from the record lines
it receives (``docs/record-format.md``, as this seat may see them: a ``deal`` line holds
only this seat's hand) and turns each line into the engine event a local game would emit,
so the screen draws a remote game exactly as a local one.  The player view, the legal
moves and each hand's scoring are computed from that picture with the engine's own
functions; the server's totals are kept when they differ.

Everything runs on the app's event loop: the messages are read by one task, and the
screen's actions (a play, ``ready``, a chat line) are sent by short tasks.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from ..engine import (CARDS, Dealt, GameEnded, GameStarted, HandEnded, Move, Played, Redealt, Rules,
                      capture_masks, make_rules, parse_card, score_hand)
from ..engine.cards import card_tuple
from ..engine.view import PlayerView, PlayRecord
from ..table.base import ChatLine, Seat, SeatChanged, Started, StatusChanged, Table, TableError
from .client import NetClient

STATUS_WORDS = {"lost": "reconnecting…", "restored": "connected", "failed": "disconnected"}


def _cards(names) -> tuple:
    return tuple(CARDS[parse_card(n)] for n in names or ())


def _mask(cards) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << int(c)
    return mask


class RemoteTable(Table):
    """The seat ``joined`` (the server's answer to create, join or resume) holds through ``client``."""

    def __init__(self, client: NetClient, joined: dict[str, Any]) -> None:
        super().__init__()
        self.client = client
        self.code = joined["code"]
        self.title = f"table {self.code}"
        self.my_seat = joined["seat"]
        self.info: dict[str, Any] = joined["table"]
        self.rules = make_rules(self.info.get("preset") or "standard", players=self.info["players"],
                                target=self.info.get("target"))  # the game_start line gives the rules in full
        self.seats = self._seats()
        self.connection = "connected"
        self._deadline: float | None = None  # loop time when the turn (or the wait for ready) ends
        self._pump: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()
        self._ready_sent = 0
        self._reset()

    # --- the picture of the game, from the record lines ---------------------------------
    def _reset(self) -> None:
        self.events = []
        self.hand_scores = []
        self.totals = [0] * self.rules.n_sides
        self.winner = None
        self.phase = "waiting"
        self.hand_no, self.dealer = 0, 0
        self._turn: int | None = None
        self._hand: list = []
        self._table = 0  # mask
        self._start_table: tuple = ()
        self._sizes = [0] * self.rules.players
        self._stock = 0
        self._piles = [0] * self.rules.n_sides
        self._scope = [0] * self.rules.n_sides
        self._sweeps: list[list] = [[] for _ in range(self.rules.n_sides)]
        self._last_capture = -1
        self._history: list[PlayRecord] = []
        self._before = list(self.totals)  # totals before this hand

    def _line(self, line: dict[str, Any]):
        """Take one record line into the picture; the engine event it is."""
        kind = line.get("event")
        rules = self.rules
        if kind == "game_start":
            self.rules = Rules.from_dict(line["rules"])
            self._reset()
            return GameStarted(self.rules, None)
        if kind == "redeal":
            return Redealt(line["hand"], line.get("dealer", self.dealer), _cards(line["table"]))
        if kind == "deal":
            first = bool(line["table"])
            hands = line["hands"]
            mine = _cards(hands[self.my_seat])
            per_seat = len(mine)
            if first:
                self.hand_no, self.dealer = line["hand"], line["dealer"]
                self._table = _mask(_cards(line["table"]))
                self._start_table = card_tuple(self._table)
                self._piles = [0] * rules.n_sides
                self._scope = [0] * rules.n_sides
                self._sweeps = [[] for _ in range(rules.n_sides)]
                self._last_capture = -1
                self._history = []
                self._before = list(self.totals)
                self._stock = 40 - 4 - per_seat * rules.players
            else:
                self._stock -= per_seat * rules.players
            self._hand = list(mine)
            self._sizes = [per_seat] * rules.players
            self._turn = (self.dealer + 1) % rules.players
            self.phase = "play"
            dealt = tuple(mine if s == self.my_seat else (None,) * per_seat for s in range(rules.players))
            return Dealt(line["hand"], line["dealer"], _cards(line["table"]), dealt, self._stock)
        if kind == "play":
            seat, card, capture = line["seat"], CARDS[parse_card(line["card"])], _cards(line["capture"])
            side = rules.side_of(seat)
            if seat == self.my_seat and card in self._hand:
                self._hand.remove(card)
            self._sizes[seat] -= 1
            if capture:
                self._table &= ~_mask(capture)
                self._piles[side] |= _mask(capture) | 1 << int(card)
                self._last_capture = side
            else:
                self._table |= 1 << int(card)
            if line["scopa"]:
                self._scope[side] += 1
                self._sweeps[side].append(card)
            self._history.append(PlayRecord(seat, card, capture, line["scopa"]))
            last = not any(self._sizes) and not self._stock
            self._turn = None if last else (seat + 1) % rules.players
            return Played(self.hand_no, seat, card, capture, line["scopa"], last,
                          () if last else card_tuple(self._table))
        if kind == "hand_end":
            return HandEnded(self._score(line))
        if kind == "game_end":
            self.totals = list(line["totals"])
            self.winner = line["winner"]
            self.phase = "game_over"
            return GameEnded(tuple(self.totals), self.winner)
        return None

    def _score(self, line: dict[str, Any]):
        """The hand's scoring as the engine gives it, from the picture (the server's totals kept)."""
        leftover = self._table
        leftover_to = line.get("leftover_to")
        piles = self._piles[:]
        if leftover and leftover_to is not None:
            piles[leftover_to] |= leftover
        last = self._history[-1] if self._history else None
        last_sweep = (self.rules.side_of(last.seat) if last is not None and last.capture and not leftover
                      and not last.scopa else None)
        score = score_hand(self.rules, self.hand_no, piles, self._scope[:], leftover,
                           leftover_to if leftover else None, self._before, self.side_names,
                           scope_cards=self._sweeps, last_sweep=last_sweep)
        if list(score.totals) != list(line.get("totals", score.totals)):
            from dataclasses import replace

            score = replace(score, totals=tuple(line["totals"]))
        self.totals = list(score.totals)
        self.hand_scores.append(score)
        self._table = 0
        self._turn = None
        self.phase = "hand_over"
        return score

    # --- the Table interface ----------------------------------------------------------
    @property
    def turn(self) -> int | None:
        return self._turn if self.phase == "play" else None

    @property
    def status(self) -> str:
        return self.connection

    def seconds_left(self) -> float | None:
        if self._deadline is None or self.turn is None:
            return None
        return max(0.0, self._deadline - asyncio.get_running_loop().time())

    def seat_label(self, seat: int) -> str:
        s = self.seats[seat]
        if s.kind == "open":
            return "open seat"
        if s.kind == "ai":
            return f"AI {s.label}".strip()
        if s.away:
            return "away · AI plays"
        return "person" if s.connected else "person · offline"

    def view(self) -> PlayerView | None:
        if self.phase not in ("play", "hand_over") or not self.hand_no:
            return None
        hand = tuple(self._hand)
        legal: tuple = ()
        if self.turn == self.my_seat:
            legal = tuple(Move.of(int(c), m) for c in hand for m in (capture_masks(int(c), self._table) or (0,)))
        return PlayerView(self.rules, self.my_seat, self.hand_no, self.dealer, hand, card_tuple(self._table),
                          self._start_table, tuple(self._history), tuple(self._sizes), self._stock,
                          tuple(card_tuple(p) for p in self._piles), tuple(self._scope), tuple(self._before), legal)

    def _seats(self) -> list[Seat]:
        out = []
        for i, s in enumerate(self.info.get("seats", ())):
            kind = "you" if i == self.my_seat else s.get("kind") or "open"
            name = s.get("name") or ("open seat" if kind == "open" else f"seat {i + 1}")
            out.append(Seat(str(name), kind, str(s.get("level") or ""), bool(s.get("connected", True)),
                            bool(s.get("away", False))))
        return out

    # --- messages from the server -------------------------------------------------------
    def attach(self, runner) -> None:
        super().attach(runner)
        if self._pump is None:
            self._pump = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        try:
            async for msg in self.client:
                self.take(msg)
        except Exception as e:  # noqa: BLE001 - a failure must reach the player as one line
            self._emit(TableError(f"the connection failed: {e}"))
        self.connection = "disconnected"
        self._emit(StatusChanged())

    def take(self, msg: dict[str, Any]) -> None:
        """One message from the server (or the client's own ``connection`` news)."""
        kind = msg.get("type")
        loop = asyncio.get_running_loop()
        if kind == "state":
            self.info = msg.get("table") or self.info
            self.seats = self._seats()
            self._reset()
            for line in msg.get("events") or ():
                event = self._line(line)
                if event is not None:
                    self.events.append(event)
            if msg.get("totals"):
                self.totals = list(msg["totals"])
            if msg.get("turn") is not None and self.phase == "play":
                self._turn = msg["turn"]
            self._deadline = loop.time() + msg["deadline"] if msg.get("deadline") is not None else None
            if self.info.get("phase") == "waiting":
                self.phase = "waiting"
            self._emit(Started())
        elif kind == "event":
            event = self._line(msg["event"])
            if event is not None:
                self.events.append(event)
                self._emit(event)
        elif kind == "turn":
            self._deadline = loop.time() + msg["deadline"] if msg.get("deadline") is not None else None
            if self.phase == "play" and msg.get("seat") != self._turn:
                self._turn = msg.get("seat")
                self._emit(Started())  # the server knows better: draw it afresh
            self._emit(StatusChanged())
        elif kind == "table":
            self.info = msg.get("table") or self.info
            self.seats = self._seats()
            self._emit(StatusChanged())
        elif kind == "seat":
            seat = msg.get("seat")
            if isinstance(seat, int) and 0 <= seat < len(self.seats):
                self._emit(SeatChanged(seat, str(msg.get("name") or self.seats[seat].name), str(msg.get("status"))))
        elif kind == "chat":
            self._emit(ChatLine(msg.get("seat", -1), str(msg.get("name", "")), str(msg.get("text", ""))))
        elif kind == "error":
            if msg.get("ref") != "ready":  # a late ready (the next hand began) is no news
                self._emit(TableError(str(msg.get("message") or msg.get("code"))))
        elif kind == "connection":
            self.connection = STATUS_WORDS.get(msg.get("status"), self.connection)
            self._emit(StatusChanged())
            self._emit(TableError(str(msg.get("message"))))

    # --- actions --------------------------------------------------------------------------
    def _send(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def play(self, move: Move) -> None:
        self._send(self.client.play(str(move.card), [str(c) for c in move.capture]))

    def ready_next_hand(self) -> None:
        hand = self.hand_scores[-1].hand if self.hand_scores else 0
        if hand and hand > self._ready_sent:
            self._ready_sent = hand
            self._send(self.client.ready(hand))

    def start(self) -> None:
        """The creator's table starts now, with the AI in the empty seats."""
        self._send(self.client.start())

    def chat(self, text: str) -> None:
        self._send(self.client.chat(text))

    def close(self) -> None:
        if self._pump is not None:
            self._pump.cancel()
        with contextlib.suppress(RuntimeError):  # no loop: the app has ended
            self._send(self.client.close())
