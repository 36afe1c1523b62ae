"""The headless seat: ``scopa-tui online ... --bot CMD`` (or ``--ai LEVEL``) plays one seat.

It creates or joins a table through :class:`.client.NetClient`, prints ``table CODE`` as
its first line, answers every turn with a player made for each game (a ``scopa-bot/1``
program run through :class:`~scopa_tui.ai.protocol.CmdPlayer`, started once per game and
told ``quit`` at its end as docs/bot-protocol.md says, or a built-in AI), says it is ready
after each hand, and at the end prints one line per side and the winner.  With ``--games
N`` it asks for a rematch after each game (docs/online-protocol.md, *Playing again*) and
plays N games at the table, each one's lines after a line ``game K``.  The views it
receives are read with the bot side's own checks (:mod:`scopa_tui.ai.request`), so a
player gets exactly the :class:`~scopa_tui.engine.PlayerView` a local game gives it.
"""

from __future__ import annotations

import asyncio
import math
import sys
from collections.abc import Callable
from typing import IO, Any

from ..ai.request import RequestError, read_legal, read_view
from ..engine.record import check_fields
from ..engine.rules import sides_for
from ..engine.text import _
from ..engine.words import side_name
from .client import SEAT_GONE, NetClient, NetClientError, error_line, unusable_line
from .messages import (check_points, check_seat, check_seconds, check_table_info, is_table_code, kept_token,
                       server_key, with_kept)

MIN_BOT_TIME = 0.2  # seconds a bot has at least for a move, however little the turn has left


def result_lines(table: dict[str, Any] | None, end: dict[str, Any], players: int) -> list[str]:
    """``Anna  11`` per side, then ``winner: Anna`` (partners as :func:`.side_name` joins them), in the
    player's language."""
    seats = (table or {}).get("seats") or [{} for _x in range(players)]
    names = [s.get("name") or _("seat {n}").format(n=i + 1) for i, s in enumerate(seats)]
    sides = [side_name(names[i] for i in side) for side in sides_for(players)]
    width = max(map(len, sides))
    lines = [f"{side:<{width}}  {points}" for side, points in zip(sides, end["totals"])]
    return lines + [_("winner: {name}").format(name=sides[end["winner"]])]


class KeptSeats:
    """The tokens of the headless seats of ``name`` at the tables of ``server``, kept in the
    settings of ``store``'s data directory, beside the app's own (``headless_seats``): a seat
    stopped before its game ended (killed, its connection given up) is taken back by the same
    command with ``--join CODE`` (README.md, *Headless seats*)."""

    def __init__(self, store, server: str, name: str):
        self.store, self.server, self.name = store, server, name
        self._held: tuple | None = None  # (the lock, its file) of the seat this run plays

    def hold(self, code: str) -> bool:
        """Hold the seat at table ``code`` for this run (a lock in the data directory, let go
        when the run ends or is killed); False when another run of the command holds it now:
        two seats of one name on one data directory took the same seat in turns, each run
        taking it back from the other ("replaced"), where the second is refused the name."""
        if self._held is None:
            from hashlib import sha256

            from ..store.store import LOCK_TAKEN, acquire_lock

            path = self.store.dir / f"seat-{sha256(self._key(code).encode()).hexdigest()[:16]}.lock"
            lock = acquire_lock(path)
            if lock is LOCK_TAKEN:
                return False
            self._held = (lock, path)
        return True

    def let_go(self) -> None:
        """Let go of the seat this run held (:meth:`hold`), its lock file removed."""
        if self._held is not None:
            lock, path = self._held
            if lock is not None:  # removed while still held: no other run locks a file gone
                try:
                    path.unlink()
                except OSError:
                    pass
                lock.close()
            self._held = None

    def _key(self, code: str) -> str:
        """The seat's key: the server as the app keys it too (``server_key``: ws://h:8810 and
        ws://h:8810/ one server)."""
        return f"{server_key(self.server)} {code.strip().upper()} {self.name}"

    def token(self, code: str) -> str | None:
        return kept_token(self.store.settings.headless_seats, self._key(code))

    def notices(self) -> list[str]:
        """What went wrong with the settings file since last asked (unreadable, not written)."""
        return self.store.notices.take()

    def keep(self, code: str, token: str | None) -> None:
        """Keep ``token`` for the seat at table ``code``, or forget the seat (None)."""
        key = self._key(code)
        self.store.update_settings(headless_seats=lambda now: with_kept(now, key, token))


class OutputFailed(Exception):
    """The seat's standard output refused a line (``error``: the OSError); ``scopa-tui online``
    ends in one line."""

    def __init__(self, error: OSError):
        super().__init__(str(error))
        self.error = error


class HeadlessSeat:
    """Plays one seat until the game ends (or ``games`` games), each game with a player
    ``new_player()`` makes; :meth:`run` returns the exit status."""

    def __init__(self, client: NetClient, new_player: Callable[[], Any], out: IO[str] | None = None,
                 err: IO[str] | None = None, games: int = 1, kept: KeptSeats | None = None):
        self.client = client
        self.kept = kept  # where the seat's token is kept while it plays (None: nowhere)
        self.resumed = False  # the seat kept at the table joined was taken back
        self.new_player = new_player
        self.player = new_player()
        self.games = games  # how many games to play at the table (a rematch after each but the last)
        self.finished: list[int] = []  # the table's numbers of the games played to their end
        self.start_after: float | None = None  # --start-after, for each game it waits as creator
        self.created = False  # this seat made the table (else it may come to be its creator)
        self._starters: dict[Any, asyncio.Task] = {}  # by the table's game number
        self.out = out or sys.stdout  # looked up now: a test may have replaced them
        self.err = err or sys.stderr
        self.answered: tuple | None = None  # the position last answered (no position twice)
        self.ready_for = 0  # the last hand said ready for
        # The totals of the hand just scored, when they end the game (None otherwise): a game's
        # end is believed on those totals alone, just after that hand (a forged one mid-hand
        # printed a winner and ended the seat).
        self.deciding: list | None = None
        self.players = 2
        # A scopa-bot/1 program's own limit for an answer (CmdPlayer.time_limit); each turn's is
        # cut to fit the table's turn limit (_fit_time_limit). None: a built-in AI.
        limit = getattr(self.player, "time_limit", None)
        self.bot_time_limit = float(limit) if isinstance(limit, (int, float)) and not isinstance(limit, bool) else None

    def say(self, text: str, err: bool = False) -> None:
        stream = self.err if err else self.out
        try:
            stream.write(text + "\n")
            stream.flush()
        except OSError as e:
            if not err:  # the output scripts read (> /dev/full): the command ends in one line
                raise OutputFailed(e) from None
            # standard error refusing a line leaves nowhere to say so: the game goes on

    async def run(self, create: dict[str, Any] | None = None, join: str | None = None,
                  start_after: float | None = None) -> int:
        try:
            return await self._run(create, join, start_after)
        finally:
            if self.kept is not None:
                self.kept.let_go()

    async def _run(self, create: dict[str, Any] | None, join: str | None, start_after: float | None) -> int:
        try:
            await self.client.connect()
            joined = await (self.client.create(**create) if create is not None else self._join(join))
        except NetClientError as e:
            self.say(_("scopa-tui: error: {message}").format(message=e.line()), err=True)
            return 1
        try:  # as the app's table checks it (remote.py): the code, the seat, the token
            self.players = check_table_info(joined.get("table"))["players"]
            if not is_table_code(joined.get("code")):
                raise ValueError("the answer names no table code")
            check_seat(joined.get("seat"), self.players)
            if not isinstance(joined.get("token"), str) or not joined["token"]:
                raise ValueError("the answer gives the seat no token")
        except ValueError as e:
            self.say(_("scopa-tui: error: {message}").format(message=unusable_line(e)), err=True)
            await self.client.close()
            return 1
        code = joined["code"]
        if self.kept is not None:
            self.kept.hold(code)  # a run after this one takes no seat back while this one plays it
        self._keep(code, joined["token"])
        self.say(f"table {code}")  # English whatever the language: scripts read the code from it
        if self.resumed:
            # TRANSLATORS: a headless seat stopped before its game ended took its seat back.
            self.say(_("scopa-tui: seat {n} at table {code} taken back").format(n=joined["seat"] + 1, code=code),
                     err=True)
        self.created = create is not None
        self.start_after = start_after  # with --join too: a creator killed and back keeps its start
        if create is not None and start_after is not None:
            self._start_game_later((joined.get("table") or {}).get("game", 1))
        try:
            await self._greet()
            status = await self._play()
        finally:
            for starter in self._starters.values():
                starter.cancel()
            await self._close_player()
            await self.client.close()
        if status == 0:  # its games played: no seat to come back to
            self._keep(code, None)
        return status

    def _keep(self, code: str, token: str | None) -> None:
        """Keep the seat's token at table ``code`` (None: forget it), saying in one line each
        what kept it from being kept (a settings file unreadable or read-only)."""
        if self.kept is not None:
            self.kept.keep(code, token)
            for message in self.kept.notices():
                self.say(_("scopa-tui: {message}").format(message=message), err=True)

    async def _join(self, code: str) -> dict[str, Any]:
        """Join table ``code``, or take back the seat kept there (this command, killed before
        its game ended); a seat gone meanwhile (freed, the table closed) is forgotten, and
        the table joined afresh."""
        token = self.kept.token(code) if self.kept is not None else None
        if token is not None and self.kept.hold(code):  # else played by another run now: joined
            try:
                joined = await self.client.resume(code, token)
            except NetClientError as e:
                if e.code not in SEAT_GONE:
                    raise
                self._keep(code, None)
            else:
                self.resumed = True
                return joined
        return await self.client.join(code)

    async def _greet(self) -> None:
        """A bot's hello, before its first turn counts."""
        greet = getattr(self.player, "greet", None)
        if greet:
            await asyncio.get_running_loop().run_in_executor(None, greet)

    async def _close_player(self) -> None:
        """A bot is told ``quit`` and ended (docs/bot-protocol.md, *Ending a bot*)."""
        close = getattr(self.player, "close", None)
        if close:
            await asyncio.get_running_loop().run_in_executor(None, close)

    async def _start_later(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
        table = self.client.table or {}
        if not table.get("started") and table.get("creator") == self.client.seat:
            await self.client.start()

    def _start_game_later(self, game: Any, seconds: float | None = None) -> None:
        """Start the table's game ``game`` after --start-after (or ``seconds``), the AI in the
        free seats: the first game, and one that waits for players again because a rematch
        freed a seat."""
        if game not in self._starters:
            wait = self.start_after if seconds is None else seconds
            self._starters[game] = asyncio.get_running_loop().create_task(self._start_later(wait))

    def _waiting(self, table: dict[str, Any]) -> None:
        """A table waiting for players, started by its creator alone: after --start-after
        when the seat has it (a creator killed and back with --join CODE --start-after too:
        README.md, *Headless seats*); else a seat that joined it and came to be its creator (the
        creator went) after the turn limit, since nobody else can start it now (a person beside
        it would wait for ever to be joined). A creator without --start-after waits for every
        seat, as asked."""
        if table.get("creator") != self.client.seat:
            return
        if self.start_after is not None:
            self._start_game_later(table.get("game", 1))
        elif not self.created:
            limit = table.get("turn_limit")
            seconds = float(limit) if isinstance(limit, (int, float)) and not isinstance(limit, bool) else 60.0
            self._start_game_later(table.get("game", 1), min(max(seconds, 1.0), 600.0))

    async def _play(self) -> int:
        async for msg in self.client:
            try:
                done = await self._take(msg)
            except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
                self.say(_("scopa-tui: {message}").format(message=unusable_line(e)), err=True)
                continue
            if done is not None:
                return done
        if self.finished:  # the connection ended between two games: what was played stands
            # TRANSLATORS: --games N: the seat played {n} of the {games} games it was asked for.
            self.say(_("scopa-tui: {n} of {games} games played: the connection closed").format(
                n=len(self.finished), games=self.games), err=True)
            return 0
        self.say(_("scopa-tui: error: {message}").format(
            message=_("the connection closed before the game ended")), err=True)
        return 1

    async def _take(self, msg: dict[str, Any]) -> int | None:
        """One message from the server; the exit status once the game is over, else None."""
        kind = msg["type"]
        if kind == "table" and (msg.get("table") or {}).get("phase") == "waiting":
            self._waiting(msg["table"])
        if kind == "seat" and msg.get("status") == "away" and msg.get("seat") == self.client.seat:
            # The turn limit passed while the player thought: the table's AI plays the seat until
            # it says anything at all (docs/online-protocol.md, *Seats*). This seat is here: back
            # at once, and its next turn is its own again, not the AI's for the rest of the game.
            await self.client.send({"type": "ping"})
        if kind == "state":
            self.answered = None  # the whole state: a play lost with a connection is wanted again
        if kind in ("turn", "state") and msg.get("view"):
            await self._answer(msg["view"], msg.get("deadline"))
        if kind == "state":
            events = msg.get("events", [])
            ended = [i for i, e in enumerate(events) if e.get("event") == "game_end"]
            if ended:  # the game ended while this seat was away
                before = events[ended[-1] - 1] if ended[-1] else {}
                self.deciding = self._deciding(before) if before.get("event") == "hand_end" else None
                return await self._event(events[ended[-1]])
            await self._catch_up_ready(msg)
        elif kind == "event":
            return await self._event(msg["event"])
        elif kind == "error" and msg.get("code") == "no_rematch" and self.finished:
            # the table closed, or the next game began without this seat: stop there
            self.say(_("scopa-tui: {n} of {games} games played: the table closed").format(
                n=len(self.finished), games=self.games), err=True)
            return 0
        elif kind == "error":
            # TRANSLATORS: an error from the server: its code (not translated), then what it means.
            self.say(_("scopa-tui: server: {code}: {message}").format(
                code=msg.get("code"), message=error_line(msg.get("code"), msg.get("message"))), err=True)
        elif kind == "connection":
            self.say(_("scopa-tui: {message}").format(message=msg.get("message")), err=True)
        return None

    async def _answer(self, view: dict[str, Any], deadline: Any = None) -> None:
        if not view.get("legal") or view is not self.client.turn_view:
            return  # not this seat's turn, or a position gone by: a later turn (or event) is queued
        key = (view.get("hand_no"), len(view.get("history") or ()), view.get("stock"))
        if key == self.answered:
            return
        try:
            legal = read_legal(view)
            seen = read_view(view, legal)
        except RequestError as e:
            self.say(_("scopa-tui: the server sent a view that does not add up ({why})").format(why=e), err=True)
            return
        self._fit_time_limit(deadline)
        loop = asyncio.get_running_loop()
        try:
            move = await loop.run_in_executor(None, self.player.choose, seen)
        except Exception as e:  # noqa: BLE001 - a player's fault: play a legal move for it
            self.say(_("scopa-tui: the player failed ({why}); playing {card}").format(why=repr(e), card=legal[0].card),
                     err=True)
            move = legal[0]
        if move not in legal:
            move = legal[0]
        if view is not self.client.turn_view:
            # The table went on while the player thought (the AI played for the seat past the
            # turn limit, or a reconnection sent the whole state again): the move is for a
            # position gone by, and would be played in another one.
            # TRANSLATORS: {card} is the card the seat's player chose (7d ...).
            self.say(_("scopa-tui: the table went on while the player thought: its move {card} was not sent")
                     .format(card=move.card), err=True)
            return
        self.answered = key
        await self.client.play(str(move.card), [str(c) for c in move.capture])

    def _fit_time_limit(self, deadline: Any) -> None:
        """A ``scopa-bot/1`` program gets at most the seconds the turn has left, less a margin,
        so that a slow or hung bot has its move played for it by the host (one line saying so)
        before the server's AI takes the seat over for being away (README, *Headless seats*)."""
        if self.bot_time_limit is None:
            return
        try:
            left = check_seconds(deadline)
        except ValueError:
            left = None
        budget = self.bot_time_limit
        if left is not None:
            left -= asyncio.get_running_loop().time() - self.client.turn_received
            budget = min(budget, max(MIN_BOT_TIME, math.floor((left - max(0.5, 0.1 * left)) * 10) / 10))
        self.player.time_limit = budget

    async def _catch_up_ready(self, msg: dict[str, Any]) -> None:
        """After a resume between hands, say ready again (the server forgot who was)."""
        table = msg.get("table") or {}
        if table.get("phase") == "hand_over":
            self.ready_for = table.get("hand", 0)
            await self.client.ready(self.ready_for)

    def _decided(self, hand_end: dict[str, Any]) -> bool:
        """True when this hand's totals end the game (one side alone at the target or past it)."""
        totals = hand_end.get("totals") or [0]
        best = max(totals)
        return best >= (self.client.table or {}).get("target", 10**9) and totals.count(best) == 1

    def _deciding(self, hand_end: dict[str, Any]) -> list | None:
        """A hand's totals when they end the game, else None."""
        return list(hand_end["totals"]) if self._decided(hand_end) else None

    async def _event(self, line: dict[str, Any]) -> int | None:
        event = line.get("event")
        if event in ("deal", "play", "hand_end"):
            self.deciding = None
        if event == "hand_end":
            check_points(line.get("totals"), len(sides_for(self.players)))
            self.deciding = self._deciding(line)
        game = None
        if event == "game_end":
            game = self._checked_end(line)  # before the player hears of it: no forged end told
            if game is None:
                return None  # a resume sends a game's end again: told and printed once
        if event in ("hand_end", "game_end"):
            notify = getattr(self.player, "notify", None)
            if notify:
                await asyncio.get_running_loop().run_in_executor(None, notify, line)
        if event == "hand_end" and line.get("hand", 0) > self.ready_for and not self._decided(line):
            self.ready_for = line["hand"]
            await self.client.ready(line["hand"])
        if game is not None:
            return await self._game_ended(game, line)
        return None

    def _checked_end(self, line: dict[str, Any]) -> int | None:
        """The table's number of the game ``line`` ends, None when its end was taken already;
        ``ValueError`` when it does not add up."""
        sides = len(sides_for(self.players))
        check_fields(line, self.players, sides)  # a winner among the sides, the totals a list
        check_points(line["totals"], sides)
        game = (self.client.table or {}).get("game", 1)
        if not isinstance(game, int) or isinstance(game, bool):
            game = len(self.finished) + 1
        if game in self.finished:
            return None
        totals = list(line["totals"])
        if totals != self.deciding or totals[line["winner"]] != max(totals):
            raise ValueError("the game's end does not follow the hand that decided it")
        return game

    async def _game_ended(self, game: int, line: dict[str, Any]) -> int | None:
        """The results of game ``game`` (checked: :meth:`_checked_end`); 0 once the last game
        wanted is over, else a rematch asked for and None."""
        self.finished.append(game)
        if self.games > 1:
            self.say(f"game {len(self.finished)}")  # English, as "table CODE": scripts read it
        for text in result_lines(self.client.table, line, self.players):
            self.say(text)
        if len(self.finished) >= self.games:
            return 0
        self.ready_for, self.answered, self.deciding = 0, None, None  # the next game's hands count from 1 again
        await self.client.rematch(game)
        # A bot is started once per game and told quit at its end (docs/bot-protocol.md, *How a
        # game goes*): the next game's is a fresh one, not this game's told nothing.
        await self._close_player()
        self.player = await asyncio.get_running_loop().run_in_executor(None, self.new_player)
        await self._greet()
        return None
