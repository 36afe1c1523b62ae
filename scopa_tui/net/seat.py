"""The headless seat: ``scopa-tui online ... --bot CMD`` (or ``--ai LEVEL``) plays one seat.

It creates or joins a table through :class:`.client.NetClient`, prints ``table CODE`` as
its first line, answers every turn with the given player (a ``scopa-bot/1`` program run
through :class:`~scopa_tui.ai.protocol.CmdPlayer`, or a built-in AI), says it is ready
after each hand, and at the end prints one line per side and the winner.  The views it
receives are read with the bot side's own checks (:mod:`scopa_tui.ai.request`), so a
player gets exactly the :class:`~scopa_tui.engine.PlayerView` a local game gives it.
"""

from __future__ import annotations

import asyncio
import sys
from typing import IO, Any

from ..ai.request import RequestError, read_legal, read_view
from ..engine.record import check_fields
from ..engine.rules import sides_for
from ..engine.text import _
from ..engine.words import side_name
from .client import NetClient, NetClientError, error_line, unusable_line
from .messages import check_points, check_table_info


def result_lines(table: dict[str, Any] | None, end: dict[str, Any], players: int) -> list[str]:
    """``Anna  11`` per side, then ``winner: Anna`` (partners as :func:`.side_name` joins them), in the
    player's language."""
    seats = (table or {}).get("seats") or [{} for _x in range(players)]
    names = [s.get("name") or _("seat {n}").format(n=i + 1) for i, s in enumerate(seats)]
    sides = [side_name(names[i] for i in side) for side in sides_for(players)]
    width = max(map(len, sides))
    lines = [f"{side:<{width}}  {points}" for side, points in zip(sides, end["totals"])]
    return lines + [_("winner: {name}").format(name=sides[end["winner"]])]


class HeadlessSeat:
    """Plays one seat with ``player`` until the game ends; :meth:`run` returns the exit status."""

    def __init__(self, client: NetClient, player: Any, out: IO[str] | None = None, err: IO[str] | None = None):
        self.client = client
        self.player = player
        self.out = out or sys.stdout  # looked up now: a test may have replaced them
        self.err = err or sys.stderr
        self.answered: tuple | None = None  # the position last answered (no position twice)
        self.ready_for = 0  # the last hand said ready for
        self.players = 2

    def say(self, text: str, err: bool = False) -> None:
        stream = self.err if err else self.out
        stream.write(text + "\n")
        stream.flush()

    async def run(self, create: dict[str, Any] | None = None, join: str | None = None,
                  start_after: float | None = None) -> int:
        try:
            await self.client.connect()
            joined = await (self.client.create(**create) if create is not None else self.client.join(join))
        except NetClientError as e:
            self.say(_("scopa-tui: error: {message}").format(message=e.line()), err=True)
            return 1
        try:
            self.players = check_table_info(joined.get("table"))["players"]
        except ValueError as e:
            self.say(_("scopa-tui: error: {message}").format(message=unusable_line(e)), err=True)
            await self.client.close()
            return 1
        self.say(f"table {joined.get('code')}")  # English whatever the language: scripts read the code from it
        starter = None
        if create is not None and start_after is not None:
            starter = asyncio.get_running_loop().create_task(self._start_later(start_after))
        try:
            return await self._play()
        finally:
            if starter:
                starter.cancel()
            close = getattr(self.player, "close", None)
            if close:
                await asyncio.get_running_loop().run_in_executor(None, close)
            await self.client.close()

    async def _start_later(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
        table = self.client.table or {}
        if not table.get("started"):
            await self.client.start()

    async def _play(self) -> int:
        async for msg in self.client:
            try:
                done = await self._take(msg)
            except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
                self.say(_("scopa-tui: {message}").format(message=unusable_line(e)), err=True)
                continue
            if done is not None:
                return done
        self.say(_("scopa-tui: error: {message}").format(
            message=_("the connection closed before the game ended")), err=True)
        return 1

    async def _take(self, msg: dict[str, Any]) -> int | None:
        """One message from the server; the exit status once the game is over, else None."""
        kind = msg["type"]
        if kind == "state":
            self.answered = None  # the whole state: a play lost with a connection is wanted again
        if kind in ("turn", "state") and msg.get("view"):
            await self._answer(msg["view"])
        if kind == "state":
            ended = [e for e in msg.get("events", []) if e.get("event") == "game_end"]
            if ended:  # the game ended while this seat was away
                return await self._event(ended[-1])
            await self._catch_up_ready(msg)
        elif kind == "event":
            return await self._event(msg["event"])
        elif kind == "error":
            # TRANSLATORS: an error from the server: its code (not translated), then what it means.
            self.say(_("scopa-tui: server: {code}: {message}").format(
                code=msg.get("code"), message=error_line(msg.get("code"), msg.get("message"))), err=True)
        elif kind == "connection":
            self.say(_("scopa-tui: {message}").format(message=msg.get("message")), err=True)
        return None

    async def _answer(self, view: dict[str, Any]) -> None:
        if not view.get("legal"):
            return
        key = (view.get("hand_no"), len(view.get("history") or ()), view.get("stock"))
        if key == self.answered:
            return
        try:
            legal = read_legal(view)
            seen = read_view(view, legal)
        except RequestError as e:
            self.say(_("scopa-tui: the server sent a view that does not add up ({why})").format(why=e), err=True)
            return
        loop = asyncio.get_running_loop()
        try:
            move = await loop.run_in_executor(None, self.player.choose, seen)
        except Exception as e:  # noqa: BLE001 - a player's fault: play a legal move for it
            self.say(_("scopa-tui: the player failed ({why}); playing {card}").format(why=repr(e), card=legal[0].card),
                     err=True)
            move = legal[0]
        if move not in legal:
            move = legal[0]
        self.answered = key
        await self.client.play(str(move.card), [str(c) for c in move.capture])

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

    async def _event(self, line: dict[str, Any]) -> int | None:
        event = line.get("event")
        if event in ("hand_end", "game_end"):
            notify = getattr(self.player, "notify", None)
            if notify:
                await asyncio.get_running_loop().run_in_executor(None, notify, line)
        if event == "hand_end" and line.get("hand", 0) > self.ready_for and not self._decided(line):
            self.ready_for = line["hand"]
            await self.client.ready(line["hand"])
        if event == "game_end":
            sides = len(sides_for(self.players))
            check_fields(line, self.players, sides)  # a winner among the sides, the totals a list
            check_points(line["totals"], sides)
            for text in result_lines(self.client.table, line, self.players):
                self.say(text)
            return 0
        return None
