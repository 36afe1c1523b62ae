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
import copy
import json
import time
from dataclasses import replace
from typing import Any

from ..engine import (CARDS, Dealt, GameEnded, GameStarted, HandEnded, HandState, Move, Played, Redealt, Rules,
                      RulesError, last_capturer, last_sweep, make_rules, parse_card, score_hand)
from ..engine.cards import card_tuple
from ..engine.record import check_fields, check_head
from ..engine.text import N_, _, pgettext
from ..engine.view import PlayerView, PlayRecord
from ..engine.words import shown_name
from ..table.base import YOU, AwayPlay, Seat, Table
from ..table.notices import ChatLine, NewGame, SeatChanged, Started, StatusChanged, TableError
from .client import NetClient, error_line, unusable_line
from .messages import (AI_NAME, CHAT_BURST, CHAT_KEPT, CHAT_MAX, CHAT_RATE, check_points, check_seat, check_seconds,
                       check_table_info, is_table_code, same_name)

# The most chat lines a second (and in a burst) the server lets a table of six say, each
# seat at its own limit: more is a flood from a server of another make (RemoteTable._chat_has_room).
CHAT_FLOOD_RATE, CHAT_FLOOD_BURST = CHAT_RATE * 6, CHAT_BURST * 6

# The connection as the top bar shows it, by the client's ``connection`` status (translated
# when shown: :attr:`RemoteTable.status`); a connection that is up is not news, and says nothing.
CONNECTED = "connected"
STATUS_WORDS = {"lost": "reconnecting…", "restored": CONNECTED, "failed": "disconnected"}
STATUS_LINES = {"reconnecting…": N_("reconnecting…"), "disconnected": N_("disconnected")}


def _game_number(info: dict[str, Any]) -> int:
    """A table info's game number (1 from a server that does not count them)."""
    number = info.get("game", 1)
    return number if isinstance(number, int) and not isinstance(number, bool) and number >= 1 else 1


def _cards(names) -> tuple:
    return tuple(CARDS[parse_card(n)] for n in names or ())


def _mask(cards) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << int(c)
    return mask


def info_seats(info: dict[str, Any], my_seat: int) -> list[Seat]:
    """The seats of a table info as the screen names them (an AI seat "AI 2" in the player's language)."""
    out = []
    for i, s in enumerate(info.get("seats", ())):
        kind = "you" if i == my_seat else str(s.get("kind") or "open")
        name = s.get("name") or (_("open seat") if kind == "open" else _("seat {n}").format(n=i + 1))
        if kind == "ai" and name == AI_NAME.format(seat=i + 1):  # the server's English name for it
            # TRANSLATORS: the name of a seat the AI plays at an online table ("AI 2", "IA 2").
            name = _("AI {seat}").format(seat=i + 1)
        out.append(Seat(shown_name(str(name)), kind, str(s.get("level") or ""), bool(s.get("connected", True)),
                        bool(s.get("away", False))))
    return [replace(s, name=_told_apart(out, my_seat, i, s.name)) if s.kind == "person" else s
            for i, s in enumerate(out)]


def _told_apart(seats: list[Seat], my_seat: int, seat: int, name: str) -> str:
    """``name``, of ``seat``'s person, with the seat where it reads as another seat's name
    here (this player's own "You", or "IA 2" of an AI seat in Italian, which the server
    cannot know): the log said "You played 7d" of a player called You."""
    if seat == my_seat:
        return name
    taken = {same_name(_(YOU) if i == my_seat else s.name) for i, s in enumerate(seats) if i != seat}
    return _("{name} (seat {n})").format(name=name, n=seat + 1) if same_name(name) in taken else name


def seats_setup(seats: list[Seat]) -> tuple[list[str], list[str | None]]:
    """Each seat's name and, for an AI seat, its level (None for a person): for the history."""
    return [s.name for s in seats], [(s.label or "medium") if s.kind == "ai" else None for s in seats]


def seat_record(lines: list[dict[str, Any]]) -> str:
    """A finished game's record lines as one seat received them, as a ``scopa-record/1``
    record (docs/record-format.md) for the history: the same text from the lines received
    during the game, from a ``state``, or from a ``games`` answer.

    The deal lines a seat receives hold only its own hand; once every card has been
    played, each other hand is known: the cards its seat played before the next deal.
    """
    # (a play's "away" is the table's news, not the record's: docs/record-format.md)
    lines = [{k: v for k, v in line.items() if k != "away"} for line in lines]
    deal: dict[str, Any] | None = None
    played: list[list[str]] = []
    for line in lines + [{"event": "end"}]:
        kind = line["event"]
        if kind in ("deal", "hand_end", "end") and deal is not None:
            deal["hands"] = [h if h is not None else played[s] for s, h in enumerate(deal["hands"])]
            deal = None
        if kind == "deal":
            deal, played = line, [[] for _x in line["hands"]]
        elif kind == "play" and deal is not None:
            played[line["seat"]].append(line["card"])
    return "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)


def _chat_line(msg: dict[str, Any]) -> ChatLine:
    """A chat line from the server as the log shows it: the name and the words, each as long
    as the server lets them be (one of another make could send megabytes)."""
    return ChatLine(msg["seat"], shown_name(str(msg["name"])), shown_name(str(msg["text"]), CHAT_MAX))


def _chat_lines(kept: Any, events: int) -> list[tuple[int, ChatLine]]:
    """A state's ``chat``: each line with the count of the game's events when it was said.
    A line without its words, its speaker or its place is left out, as a chat message
    without them is; so is a server's list longer than a table keeps."""
    if not isinstance(kept, list):
        return []
    return [(line["at"], _chat_line(line)) for line in kept[-CHAT_KEPT:]
            if isinstance(line, dict) and isinstance(line.get("text"), str) and isinstance(line.get("name"), str)
            and isinstance(line.get("seat"), int) and isinstance(line.get("at"), int)
            and not isinstance(line["at"], bool) and 0 <= line["at"] <= events]


class RemoteTable(Table):
    """The seat ``joined`` (the server's answer to create, join or resume) holds through ``client``."""

    can_chat = True

    @property
    def let_go(self) -> str | None:
        """Why this window plays its seat no more: another window took it up, or, in a game
        not over, the connection ended for good (the seat gone, the client gave up coming back),
        where the screen offered the play keys and "Your turn" for a play that could never go."""
        if self.replaced:
            return error_line("replaced", None)
        return self._gone if self.phase != "game_over" else None

    def __init__(self, client: NetClient, joined: dict[str, Any]) -> None:
        """Raises ``ValueError`` (one line) when ``joined`` is not a seat at a table this
        client can draw."""
        super().__init__()
        self.client = client
        try:  # a joined message the screen cannot draw: one line
            info = check_table_info(joined.get("table"))
            if not is_table_code(joined.get("code")):  # kept in settings.json with the seat's token
                raise ValueError("the answer names no table code")
            self.my_seat = check_seat(joined.get("seat"), info["players"])
        except ValueError as e:
            raise ValueError(unusable_line(e)) from None
        self.code = joined["code"]
        self.info: dict[str, Any] = info
        self.rules = self._info_rules()  # the game_start line gives the rules in full
        self.seats = self._seats()
        self.connection = CONNECTED  # or a key of STATUS_LINES
        self._deadline: float | None = None  # loop time when the turn (or the wait for ready) ends
        self._pump: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()
        self._ready_sent = 0
        self._back_asked = False  # a key said this away seat's person is here: not said again until the seat changes
        self._rematch_sent = 0  # the game this seat asked to play again after
        # Seats "left" before the start, said once the table info that follows tells a seat
        # given up (open again) from a connection lost (still the person's): seat -> name.
        self._left_waiting: dict[int, str] = {}
        self.replaced = False  # the seat was taken up from another window: this one is let go for good
        self._gone: str | None = None  # why the connection ended for good, in one line (let_go)
        self.filed = False  # the finished game is in this player's history (ui/persistence.py)
        # The whole state asked for again (docs/online-protocol.md, ``state``): a line left out,
        # or a turn's view that the picture here does not fit. Asked once until it comes;
        # never again once a server refused the question (one of an older make).
        self._state_asked = self._state_refused = False
        # Chat lines from the server, as a bucket that fills at the rate the server lets every
        # other seat talk: a server of another make could send them by the hundred thousand
        # and keep the screen busy redrawing the log (CHAT_RATE, CHAT_BURST: the server's).
        self._chat_room, self._chat_at, self._chat_dropped = float(CHAT_FLOOD_BURST), 0.0, False
        self._reset()

    def _info_rules(self) -> Rules:
        """The rules the table info names (preset, variant and house rules), before the game_start line."""
        info = self.info
        try:
            return make_rules(info.get("preset") or "standard", players=info["players"], target=info.get("target"),
                              variant=info.get("variant") or "scopa", options=info.get("options") or ())
        except RulesError:  # a server newer than this client: its game_start line will say
            return make_rules(info.get("preset") or "standard", players=info["players"], target=info.get("target"))

    # --- the picture of the game, from the record lines ---------------------------------
    def _reset(self) -> None:
        self.events = []
        self.lines: list[dict[str, Any]] = []  # the record lines as received (docs/record-format.md)
        # The game's chat, each line at the count of the game's events when it was said (a
        # state's ``chat``, then the lines as they come): the log shows them again in their place.
        self.chat_lines: list[tuple[int, ChatLine]] = []
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
        self._deal_sweeps = [0] * self.rules.n_sides  # Escoba: the dealer's escobas of the deal
        self._sweeps: list[list] = [[] for _x in range(self.rules.n_sides)]
        self._last_capture = -1
        self._history: list[PlayRecord] = []
        self._before = list(self.totals)  # totals before this hand

    def _check_line(self, line: Any, rules: Rules) -> Rules:
        """A record line as this seat receives it, checked before it changes the picture
        (docs/record-format.md; the other hands null); the rules in force after it.
        ``ValueError`` (a :class:`~scopa_tui.engine.RecordError`) says what is wrong."""
        started = check_head(line)
        if started is not None:
            if started.players != rules.players:
                raise ValueError(f"the game_start line is for {started.players} players, the table has "
                                 f"{rules.players}")
            return started
        check_fields(line, rules.players, rules.n_sides, hidden=True)
        kind = line["event"]
        if kind == "deal" and (len(line["hands"]) != rules.players or line["hands"][self.my_seat] is None):
            raise ValueError("the deal line does not give this seat's hand")
        escobas = line.get("dealer_escobas") or 0
        if kind == "deal" and (isinstance(escobas, bool) or not isinstance(escobas, int) or escobas < 0):
            raise ValueError(f"dealer_escobas {escobas!r:.20} is not a whole number")
        if kind in ("hand_end", "game_end"):
            check_points(line["totals"], rules.n_sides)
        return rules

    def _check_fits(self, line: dict[str, Any]) -> None:
        """A checked record line (:meth:`_check_line`) against the picture, before it changes
        it: ``ValueError`` when it does not add up — a card dealt twice or already in view,
        more cards dealt than the deck holds, a play by a seat with no card left, of a card
        this seat does not hold or one in view already, a capture the rules refuse, a scopa
        that left cards on the table.  A server of another make (or a broken one) drew a hand
        of 13 cards, a stock of -120 and piles of 55 cards; each play it then refused."""
        kind, rules = line["event"], self.rules
        if kind == "deal":
            mine, table = _cards(line["hands"][self.my_seat]), _cards(line["table"])
            first = line["hand"] != self.hand_no
            _rule, hand_cards, table_cards, redeal_cards = rules.lean  # the variant's deal
            if (len(mine), len(table)) != ((hand_cards, table_cards) if first else (redeal_cards, 0)):
                raise ValueError(f"the deal of hand {line['hand']} gives {len(mine)} cards and {len(table)} on "
                                 f"the table, where {rules.variant} deals otherwise")
            dealt = mine + table if first else mine
            seen = 0 if first else self._in_view()
            if len(set(dealt)) != len(dealt) or _mask(dealt) & seen:
                raise ValueError(f"the deal of hand {line['hand']} deals a card twice")
            stock = 40 - len(table) if first else self._stock
            if not first and any(self._sizes):
                raise ValueError(f"hand {line['hand']} is dealt again before its cards are played")
            if stock - len(mine) * rules.players < 0:
                raise ValueError(f"the deal of hand {line['hand']} deals more cards than the deck holds")
        elif kind == "play":
            seat, card = line["seat"], CARDS[parse_card(line["card"])]
            capture = _mask(_cards(line["capture"]))
            where = f"the play of {line['card']} by seat {seat}"
            if self.phase != "play" or not self._sizes[seat]:
                raise ValueError(f"{where}: the seat has no card to play")
            held = card in self._hand if seat == self.my_seat else not (1 << int(card)) & self._in_view()
            if not held:
                raise ValueError(f"{where}: the seat does not hold that card")
            state = HandState.empty(rules, self.dealer)  # the seat's other cards hidden: it
            state.table, state.turn = self._table, seat  # holds this one alone, the widest choice
            state.hands[seat] = [int(card)]
            if (int(card), capture) not in state.legal_moves():
                raise ValueError(f"{where}: the rules refuse that capture on this table")
            if line["scopa"] and (not capture or self._table & ~capture):
                raise ValueError(f"{where}: a scopa that leaves cards on the table")
        elif kind == "hand_end":
            # A hand ends once its last card is played, and no sooner.
            if self.phase != "play" or any(self._sizes) or self._stock or line["hand"] != self.hand_no:
                raise ValueError(f"the end of hand {line['hand']} comes before its cards are played")
        elif kind == "game_end":
            # The game ends just after the hand that decided it, on that hand's totals: one
            # side alone at the target or past it (the engine's rule, engine/game.py).
            # A forged end mid-hand showed a win and went into the player's history.
            totals, best = list(line["totals"]), max(line["totals"])
            if self.phase != "hand_over" or totals != self.totals:
                raise ValueError("the game's end does not follow the hand that decided it")
            if best < rules.target or totals.count(best) != 1 or totals[line["winner"]] != best:
                raise ValueError(f"the game's end names a winner the totals {totals} do not make")

    def _in_view(self) -> int:
        """The cards this seat knows of in the hand under way: its own, the table's, the piles'."""
        seen = _mask(self._hand) | self._table
        for pile in self._piles:
            seen |= pile
        return seen

    def _line(self, line: dict[str, Any]):
        """Take one record line into the picture; the engine event it is."""
        event = self._event(line)
        if event is not None:
            self.lines.append(line)
        return event

    def _event(self, line: dict[str, Any]):
        kind = line.get("event")
        rules = self.rules
        if kind == "game_start":
            self.rules = Rules.from_dict(line["rules"])
            self._reset()
            # The start seats the AI in every seat nobody took, "AI 2" by its number
            # (docs/online-protocol.md), said by the table info after the first deal: named so
            # now, the hand's first line read "— Hand 1: open seat deals —".
            self.seats = [replace(s, name=_("AI {seat}").format(seat=i + 1)) if s.kind == "open" else s
                          for i, s in enumerate(self.seats)]
            return GameStarted(self.rules, None)
        if kind == "redeal":
            return Redealt(line["hand"], line.get("dealer", self.dealer), _cards(line["table"]))
        if kind == "deal":
            # A hand's first deal: a new hand number (Scopone scientifico lays no table card).
            first = line["hand"] != self.hand_no
            hands = line["hands"]
            mine = _cards(hands[self.my_seat])
            per_seat = len(mine)
            escobas = line.get("dealer_escobas") or 0
            if first:
                self.hand_no, self.dealer = line["hand"], line["dealer"]
                self._table = _mask(_cards(line["table"]))
                self._start_table = card_tuple(self._table)
                self._piles = [0] * rules.n_sides
                self._scope = [0] * rules.n_sides
                self._deal_sweeps = [0] * rules.n_sides
                self._sweeps = [[] for _x in range(rules.n_sides)]
                self._last_capture = -1
                self._history = []
                self._before = list(self.totals)
                self._stock = 40 - len(line["table"]) - per_seat * rules.players
                if escobas:  # Escoba: table cards adding up to 15 (30) went to the dealer's side
                    side = rules.side_of(self.dealer)
                    self._piles[side] |= self._table
                    self._scope[side] += escobas
                    self._deal_sweeps[side] = escobas
                    self._last_capture = side
                    self._table = 0
                    self._start_table = ()
            else:
                self._stock -= per_seat * rules.players
            self._hand = list(mine)
            self._sizes = [per_seat] * rules.players
            self._turn = (self.dealer + 1) % rules.players
            self.phase = "play"
            dealt = tuple(mine if s == self.my_seat else (None,) * per_seat for s in range(rules.players))
            return Dealt(line["hand"], line["dealer"], _cards(line["table"]), dealt, self._stock,
                         escobas if first else 0, first)
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
            kind = AwayPlay if line.get("away") is True else Played  # the AI's, for a person away
            return kind(self.hand_no, seat, card, capture, line["scopa"], last,
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
        score = score_hand(self.rules, self.hand_no, piles, self._scope[:], leftover,
                           leftover_to if leftover else None, self._before, self.side_names,
                           scope_cards=self._sweeps, last_sweep=last_sweep(self.rules, self._history, leftover),
                           deal_sweeps=self._deal_sweeps,
                           last_capturer=last_capturer(self._history, self.dealer, any(self._deal_sweeps)))
        if list(score.totals) != list(line.get("totals", score.totals)):
            score = replace(score, totals=tuple(line["totals"]))
        self.totals = list(score.totals)
        self.hand_scores.append(score)
        self._table = 0
        self._turn = None
        self.phase = "hand_over"
        return score

    def record_text(self) -> str | None:
        """The finished game as a ``scopa-record/1`` record (docs/record-format.md), for the
        history; None before its end (:func:`seat_record`)."""
        if not self.lines or self.lines[-1].get("event") != "game_end":
            return None
        return seat_record(self.lines)

    def setup(self) -> tuple[list[str], list[str | None]]:
        """Each seat's name and, for an AI seat, its level (None for a person): for the history."""
        return seats_setup(self.seats)

    # --- the Table interface ----------------------------------------------------------
    @property
    def turn(self) -> int | None:
        return self._turn if self.phase == "play" else None

    @property
    def game_number(self) -> int:
        """The table's game (1, then 2 after a rematch ...): the table info's ``game``."""
        return _game_number(self.info)

    def _rematch_seats(self) -> list[int]:
        """The seats that asked to play again (the table info's ``rematch``; other values left out)."""
        seats = self.info.get("rematch")
        return [s for s in seats if isinstance(s, int) and not isinstance(s, bool) and 0 <= s < len(self.seats)] \
            if isinstance(seats, list) else []

    @property
    def title(self) -> str:
        """How the table is called on the game screen: "table K7XQ93PA"."""
        return _("table {code}").format(code=self.code)

    @property
    def status(self) -> str:
        """The connection in the player's language where it is not up ("reconnecting…",
        "disconnected"), else "": the top bar's room goes to the hand and its dealer, as at a
        local table (README.md, Online in the app)."""
        return "" if self.connection == CONNECTED else _(STATUS_LINES.get(self.connection, self.connection))

    def seconds_left(self) -> float | None:
        # none once the connection is gone for good (another window has the seat, the client
        # gave up): the server's clock no longer concerns this screen; reconnecting, it still does
        if self._deadline is None or self.turn is None or self.connection == "disconnected":
            return None
        return max(0.0, self._deadline - asyncio.get_running_loop().time())

    def seat_label(self, seat: int) -> str:
        s = self.seats[seat]
        if s.kind == "open":
            return ""  # its name says it already ("open seat"): the seat said it twice
        if s.kind == "ai":
            # TRANSLATORS: under an AI seat's name: its level (easy, medium, hard, random).
            return _("AI {level}").format(level=_(s.label)).strip() if s.label else _("AI")
        if s.away:
            return _("away · AI plays")
        return _("person") if s.connected else _("person · offline")

    def view(self) -> PlayerView | None:
        if self.phase not in ("play", "hand_over", "game_over") or not self.hand_no:
            return None
        hand = tuple(self._hand)
        legal: tuple = ()
        if self.turn == self.my_seat:  # the variant's moves, as the engine finds them
            state = HandState.empty(self.rules, self.dealer)
            state.table, state.turn = self._table, self.my_seat
            state.hands[self.my_seat] = [int(c) for c in hand]
            legal = tuple(Move.of(c, m) for c, m in state.legal_moves())
        return PlayerView(self.rules, self.my_seat, self.hand_no, self.dealer, hand, card_tuple(self._table),
                          self._start_table, tuple(self._history), tuple(self._sizes), self._stock,
                          tuple(card_tuple(p) for p in self._piles), tuple(self._scope), tuple(self._before), legal)

    def _seats(self) -> list[Seat]:
        return info_seats(self.info, self.my_seat)

    def _said_by(self, line: ChatLine) -> ChatLine:
        return replace(line, name=_told_apart(self.seats, self.my_seat, line.seat, line.name))

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
            self._gone = _("the connection failed: {why}").format(why=e)
            self._emit(TableError(self._gone))
        self.connection = "disconnected"
        self._emit(StatusChanged())

    def take(self, msg: dict[str, Any]) -> None:
        """One message from the server (or the client's own ``connection`` news).

        A message that does not add up (a seat the table has not, a card that is none, a
        field of the wrong type: a server that is broken, or not a scopa-tui server) is
        checked before it changes anything, left out, and said in one line; the game goes on.
        """
        try:
            self._take(msg)
        except (ValueError, TypeError, KeyError, IndexError) as e:  # RecordError, RulesError are ValueErrors
            self._emit(TableError(unusable_line(e)))
            if msg.get("type") in ("event", "turn"):  # the game moved on without this picture
                self._ask_state()

    def _ask_state(self) -> None:
        """The picture here may have lost a line of the game: ask the server for all of it (the
        ``state`` that answers draws the game afresh)."""
        sync = getattr(self.client, "sync", None)
        if sync is None or self._state_asked or self._state_refused or self.replaced:
            return
        self._state_asked = True
        self._send(sync())

    def _fits_view(self, view: dict[str, Any]) -> bool:
        """Whether this seat's view in a ``turn`` (the server's word) shows the hand and the
        table the picture here holds."""
        return (_mask(_cards(view.get("hand"))) == _mask(self._hand)
                and _mask(_cards(view.get("table"))) == self._table)

    def _take(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        loop = asyncio.get_running_loop()
        if kind == "state":
            info = check_table_info(msg.get("table"), self.rules.players)
            lines, rules = msg.get("events") or [], self.rules
            if not isinstance(lines, list):
                raise ValueError("the state's events are not a list")
            for line in lines:
                rules = self._check_line(line, rules)
            probe = copy.copy(self)  # the lines played on a picture of their own: each must fit
            probe._reset()
            for line in lines:
                probe._check_fits(line)
                probe._event(line)
            totals = msg.get("totals") and check_points(msg["totals"], rules.n_sides)
            turn = msg.get("turn")
            turn = None if turn is None else check_seat(turn, rules.players, "turn")
            deadline = check_seconds(msg.get("deadline"))
            self._take_info(info)
            self._reset()
            for line in lines:
                event = self._line(line)
                if event is not None:
                    self.events.append(event)
            if totals:
                self.totals = list(totals)
            self.chat_lines = [(at, self._said_by(line)) for at, line in _chat_lines(msg.get("chat"), len(self.events))]
            if turn is not None and self.phase == "play":
                self._turn = turn
            self._deadline = None if deadline is None else loop.time() + deadline
            if self.info.get("phase") == "waiting":
                self.phase = "waiting"
            if self.phase == "hand_over" and self._ready_sent and self.info.get("hand") == self._ready_sent:
                # A new connection (the server forgets who was ready when one drops): say it again,
                # or the next hand waits for the time limit.
                self._send(self.client.ready(self._ready_sent))
            self._emit(Started())
            if self._state_asked:
                self._state_asked = False
                self._emit(TableError(_("This game was out of step with the server: drawn again from the "
                                        "server's state")))
        elif kind == "event":
            self._check_line(msg.get("event"), self.rules)
            self._check_fits(msg["event"])
            event = self._line(msg["event"])
            if event is not None:
                self.events.append(event)
                self._emit(event)
        elif kind == "turn":
            seat = check_seat(msg.get("seat"), self.rules.players, "turn")
            deadline = check_seconds(msg.get("deadline"))
            self._deadline = None if deadline is None else loop.time() + deadline
            if self.phase == "play" and seat != self._turn:
                self._turn = seat
                self._emit(Started())  # the server knows better: draw it afresh
            self._emit(StatusChanged())
            view = msg.get("view")
            if isinstance(view, dict) and seat == self.my_seat and self.phase == "play" and not self._fits_view(view):
                self._ask_state()  # a line of the game missed (or one the server did not send)
        elif kind == "table":
            info = check_table_info(msg.get("table"), self.rules.players)
            asked = set(self._rematch_seats())
            was_open = {i for i, s in enumerate(self.seats) if s.kind == "open"}
            creator = self.info.get("creator")
            starter = self.seats[creator].name if isinstance(creator, int) and 0 <= creator < len(self.seats) else None
            if (info.get("phase") == "waiting" and info.get("creator") == self.my_seat != creator
                    and starter is not None and self.phase == "waiting"):
                # the start passed to this seat: its creator left, or went and did not come back
                self._emit(SeatChanged(creator, starter, "you_start"))
            before = self.seats
            if self._take_info(info):  # the people said yes to playing again
                if info.get("phase") == "waiting":  # a seat was freed: the table waits for players
                    self._reset()
                freed = tuple(before[i].name for i, s in enumerate(self.seats)
                              if s.kind == "open" and i < len(before) and before[i].kind != "open")
                self._emit(NewGame(self.game_number, self.phase == "waiting", freed))
            else:
                for seat in self._rematch_seats():
                    if seat not in asked and seat != self.my_seat:
                        self._emit(SeatChanged(seat, self.seats[seat].name, "rematch"))
            for seat in sorted(was_open):  # started with the AI in a free seat (one left, or never taken)
                if self.seats[seat].kind == "ai":
                    self._emit(SeatChanged(seat, self.seats[seat].name, "ai_seated"))
            for seat, name in sorted(self._left_waiting.items()):
                self._emit(SeatChanged(seat, name, "gone" if self.seats[seat].kind == "open" else "left"))
            self._left_waiting.clear()
            self._emit(StatusChanged())
        elif kind == "seat":
            seat, status = msg.get("seat"), str(msg.get("status"))
            if seat == self.my_seat and status == "returned" and self.seats[seat].away:
                status = "taken_back"  # the AI played this seat meanwhile (a stalled or dropped link): said
            if status == "left" and self.phase == "game_over":
                status = "gone"  # after the end nobody comes back: the seat is freed for the next game
            # This seat's own sitting down or coming back is no news to its player (the top
            # bar shows the connection); its going away (the AI plays for it) is.
            mine = seat == self.my_seat and status in ("joined", "returned")
            if isinstance(seat, int) and 0 <= seat < len(self.seats) and not mine:
                name = _told_apart(self.seats, self.my_seat, seat,
                                   shown_name(str(msg.get("name") or self.seats[seat].name)))
                if status == "left" and self.phase == "waiting":
                    # before the start, "left" is a lost connection or a seat given up (its person
                    # went, "Carla left the table"): the table info that follows says which
                    self._left_waiting[seat] = name
                else:
                    self._emit(SeatChanged(seat, name, status))
        elif kind == "chat":
            if not (isinstance(msg.get("text"), str) and isinstance(msg.get("name"), str)
                    and isinstance(msg.get("seat"), int)) or not self._chat_has_room():
                return  # a line without its words or its speaker: not one to show
            line = self._said_by(_chat_line(msg))
            self.chat_lines = self.chat_lines[1 - CHAT_KEPT:] + [(len(self.events), line)]
            self._emit(line)
        elif kind == "error":
            self.replaced = self.replaced or msg.get("code") == "replaced"
            if msg.get("ref") == "state":  # a server that cannot be asked again: the game goes on
                self._state_asked, self._state_refused = False, True
            elif msg.get("ref") != "ready":  # a late ready (the next hand began) is no news
                self._emit(TableError(error_line(msg.get("code"), msg.get("message"))))
        elif kind == "connection":
            self.connection = STATUS_WORDS.get(msg.get("status"), self.connection)
            if msg.get("status") == "failed":  # NetClient gave up: no more messages come
                self._gone = str(msg.get("message"))
            self._emit(StatusChanged())
            self._emit(TableError(str(msg.get("message"))))

    def _chat_has_room(self) -> bool:
        """Whether a chat line from the server is shown: at most as many as every other seat
        may say by the server's limits; once more come, the rest of the flood is left out, with
        one line said."""
        now = time.monotonic()
        self._chat_room = min(float(CHAT_FLOOD_BURST), self._chat_room + (now - self._chat_at) * CHAT_FLOOD_RATE)
        self._chat_at = now
        if self._chat_room < 1:
            if not self._chat_dropped:
                self._chat_dropped = True
                self._emit(TableError(_("Chat lines from the server come too fast: the rest are left out")))
            return False
        self._chat_room -= 1
        self._chat_dropped = False
        return True

    # --- actions --------------------------------------------------------------------------
    def _send(self, coro, unsent=None) -> None:
        """Send in a task of its own; ``unsent`` (a function making the line) is said when the
        message could not go (the connection is down: NetClient queues nothing)."""
        task = asyncio.get_running_loop().create_task(self._deliver(coro, unsent) if unsent else coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _deliver(self, coro, unsent) -> None:
        if not await coro:
            line = unsent()
            if self.replaced:  # never connected again here: "once connected" would wait for ever
                line = error_line("replaced", None)
            self._emit(TableError(line))

    def play(self, move: Move) -> None:
        # The card stays in the hand (the server never had the play): the player plays it again.
        self._send(self.client.play(str(move.card), [str(c) for c in move.capture]),
                   lambda: _("not connected to the server: the play was not sent; play it again once connected"))

    def ready_next_hand(self) -> None:
        hand = self.hand_scores[-1].hand if self.hand_scores else 0
        if hand and hand > self._ready_sent:
            self._ready_sent = hand
            self._send(self.client.ready(hand))

    def _take_info(self, info: dict[str, Any]) -> bool:
        """A new table info; True when it is of another game than the last (a rematch): what
        was said for the last game (ready, rematch, filed) is forgotten."""
        new = _game_number(info) != self.game_number
        self.info = info
        self.seats = self._seats()
        self._back_asked = False
        if new:
            self._ready_sent = self._rematch_sent = 0
            self.filed = False
        return new

    def rematch(self) -> None:
        game = self.game_number
        if self.phase != "game_over" or self._rematch_sent == game:
            return
        self._rematch_sent = game

        def unsent() -> str:
            self._rematch_sent = 0
            if self.client.seat_gone == "no_such_table":  # the server forgot the finished table
                return _("Too late to play again here: the table has closed, nobody having asked to "
                         "play again in time.")
            if self.client.seat_gone:  # let go (idle) while the others said yes: they went on
                return _("Too late to play again here: the server let your seat go after two minutes "
                         "without an answer, and the table went on without it.")
            return _("not connected to the server: nobody was asked to play again")
        self._send(self._ask_rematch(game), unsent)

    async def _ask_rematch(self, game: int) -> bool:
        """Ask; a seat the server let go at the game over (idle) is taken back to ask, and its
        messages read again."""
        sent = await self.client.rematch(game)
        if sent and self._pump is not None and self._pump.done():
            self._pump = asyncio.get_running_loop().create_task(self._read())
        return sent

    def asked_rematch(self) -> bool:
        return self.phase == "game_over" and (self._rematch_sent == self.game_number
                                              or self.my_seat in self._rematch_seats())

    def rematch_asked(self) -> list[str]:
        if self.phase != "game_over":
            return []
        return [self.seats[i].name for i in self._rematch_seats() if i != self.my_seat]

    def rematch_waiting_for(self) -> list[str]:
        if not self.asked_rematch():
            return []
        asked = self._rematch_seats()
        # as the server counts them: the people still connected (docs/online-protocol.md)
        return [s.name for i, s in enumerate(self.seats) if i != self.my_seat and s.kind == "person"
                and s.connected and i not in asked]

    def waiting_for(self) -> list[str]:
        if self.phase != "hand_over" or not self._ready_sent or self.info.get("hand") != self._ready_sent:
            return []
        ready = self.info.get("ready") or ()
        # as the server counts them: the people connected and not away (docs/online-protocol.md)
        return [s.name for i, s in enumerate(self.seats) if i != self.my_seat and s.kind == "person"
                and s.connected and not s.away and i not in ready]

    def starter(self) -> str | None:
        creator = self.info.get("creator")  # passes to the next person when the creator leaves
        if creator == self.my_seat or not isinstance(creator, int) or not 0 <= creator < len(self.seats):
            return None
        return self.seats[creator].name

    def meanwhile(self) -> list[str]:
        """Who starts the table, whether the lobby lists it, and how friends join it: the log's
        lines while it waits for players, the code last, where a short log shows it (README.md,
        Online in the app)."""
        starter = self.starter()
        if starter is None:
            starts = _("Enter starts the game now, the AI taking the empty seats; it starts by itself "
                       "once every seat is taken.")
        else:
            # TRANSLATORS: {name} is the player who may start the table (its creator).
            starts = _("{name} may start the game, the AI taking the empty seats; it starts by itself "
                       "once every seat is taken.").format(name=starter)
        listed = (_("The lobby lists this table among its open tables, where Enter joins it.")
                  if self.info.get("public") else
                  _("This table is private: the lobby does not list it, so its code is the only way in."))
        code, url = self.code, self.client.url
        # TRANSLATORS: {code_box} and {join} are the lobby's words for its Code box and Join button.
        join = _("Friends join this table with its code, {code}: in the lobby of {url} ({code_box}, then {join}), "
                 "or with scopa-tui online --server {url} --join {code}").format(
                     code=code, url=url, code_box=pgettext("lobby", "Code"), join=pgettext("lobby", "Join"))
        return [starts, listed, join]

    def start(self) -> None:
        """The creator's table starts now, with the AI in the empty seats."""
        self._send(self.client.start(),
                   lambda: _("not connected to the server: the table was not started; press Enter again "
                             "once connected"))

    def here(self) -> None:
        """Any message brings an away person back (docs/online-protocol.md, *Seats*): a ping,
        once, when the AI plays this seat; a connected player had no way back but a chat line
        or the hand's end, the AI playing each of their turns meanwhile."""
        if self.phase in ("play", "hand_over") and self.seats[self.my_seat].away and not self._back_asked:
            self._back_asked = True
            self._send(self.client.send({"type": "ping"}))

    def chat(self, text: str) -> None:
        # the line is said back whole, so that nothing typed is lost
        self._send(self.client.chat(text),
                   lambda: _("not connected to the server: this line was not sent: {text}").format(text=text))

    @property
    def server(self) -> str:
        """The server's address, as the player gave it."""
        return self.client.url

    async def leave(self) -> None:
        """Give the seat up for good (the AI plays it from now on; before the start it opens again)."""
        await self.client.leave()

    def close(self) -> None:
        if self._pump is not None:
            self._pump.cancel()
        with contextlib.suppress(RuntimeError):  # no loop: the app has ended
            self._send(self.client.close())
