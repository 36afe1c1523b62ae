"""The ``scopa-bot/1`` bot protocol (docs/bot-protocol.md), both sides.

* Bot side: :func:`run_bot` reads the host's lines from a stream and answers with one of
  our AIs (``scopa-tui bot --level hard``).
* Host side: :class:`CmdPlayer` is a :class:`~.base.Player` that runs an external command
  (``cmd:python my_bot.py``), one process per game.  Every misbehaviour of the bot — an
  answer that is late, not JSON, for another id, not one of the legal moves, or a bot
  that has exited — is a *fault*: reported in one line naming the bot and quoting what it
  sent, recorded in ``player.faults``, and a safe legal move is played instead.  The
  process itself (started apart, read with bounds, ended in bounded time) is :mod:`.botproc`.
"""

from __future__ import annotations

import json
import os
import queue
import shlex
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from typing import IO, Any

from ..engine import VARIANTS, Move, PlayerView, get_variant, parse_card
from .base import BasePlayer, Player
from ..engine.text import _, ngettext
from .botproc import EOF, MAX_LINE, BotProcess, LongLine, quote
from .request import RequestError, first_legal, read_legal, read_view
from .simple import GreedyPlayer

PROTOCOL = "scopa-bot/1"
DEFAULT_TIME_LIMIT = 10.0
# A bot that sends not one line for this many requests in a row (its hello counted), and for
# as many of its own time limits, is given up on: a legal move is played for it from then on, so
# that a bot that never answers (a command that is no bot) costs a game half a minute, not
# the time limit at every turn.  A slow bot at a table of short turns (whose limit is cut to
# the turn) still answers, late, within its own limit, and is asked every time.
SILENT_LIMIT = 3
# Characters in one request line the bot side reads: a real request is under 1 MiB (even
# with the most legal moves a position has); an absurd one up to this size is still read
# and answered with an ``error`` (see :mod:`.request`).
MAX_REQUEST = 16 * 2**20


def _huge(text: str) -> int | float:
    """A JSON integer; past the digits Python converts (4,300), the infinity of its sign, as
    1e400 is read: a request's id of 5,000 digits is answered null (docs/bot-protocol.md)
    rather than the whole line taken for something that is not JSON."""
    try:
        return int(text)
    except ValueError:
        return float("-inf") if text.startswith("-") else float("inf")


_INF = float("inf")


def _loads(text: str) -> Any:
    return json.loads(text, parse_int=_huge)


# --- bot side -------------------------------------------------------------------------

def run_bot(player: Player, infile: IO[str], outfile: IO[str], errfile: IO[str] | None = None,
            name: str | None = None) -> int:
    """Serve ``player`` over the protocol until ``quit`` or end of input.  Returns 0."""
    name = name or f"scopa-tui {getattr(player, 'name', 'bot')}"

    def send(msg: dict[str, Any]) -> None:
        try:
            line = json.dumps(msg, separators=(",", ":"), allow_nan=False)
        except ValueError:  # an id JSON cannot carry (1e400 was read as inf): null, not "Infinity"
            line = json.dumps({**msg, "id": None}, separators=(",", ":"))
        outfile.write(line + "\n")
        outfile.flush()

    def log(text: str) -> None:
        if errfile is not None:
            errfile.write(f"{name}: {' '.join(text.splitlines())}\n")  # one line each
            errfile.flush()

    for line in _bounded_lines(infile, log):
        line = line.strip()
        if not line:
            continue
        try:
            msg = _loads(line)
        except (ValueError, RecursionError):
            log(_("ignoring a line that is not JSON: {line}").format(line=quote(line)))
            continue
        if not isinstance(msg, dict):
            log(_("ignoring a line that is not a JSON object: {line}").format(line=quote(line)))
            continue
        kind = msg.get("type")
        if kind == "hello":
            # Our AIs play every variant through the engine's moves (docs/bot-protocol.md).
            send({"type": "hello", "protocol": PROTOCOL, "name": name, "variants": list(VARIANTS)})
        elif kind == "move":
            send(_answer(player, msg, log))
        elif kind == "quit":
            break
        elif kind in ("hand_end", "game_end"):
            notify = getattr(player, "notify", None)
            if notify:
                notify(msg)
        # anything else: ignored, so the protocol can grow
    close = getattr(player, "close", None)
    if close:
        close()
    return 0


def _answer(player: Player, msg: dict[str, Any], log: Callable[[str], None]) -> dict[str, Any]:
    """The answer to one ``move`` request: never an exception, never a long search on bad input."""
    request_id = msg.get("id")  # echoed as it came: matching it is the host's business
    try:
        first = first_legal(msg)
    except RequestError as e:
        # TRANSLATORS: {why} is the reason sent back to the host, in English (docs/bot-protocol.md).
        log(_("refusing move request {id}: {why}").format(id=repr(request_id), why=e))
        return {"type": "error", "id": request_id, "message": str(e)}
    try:
        legal = read_legal(msg)
        view = read_view(msg, legal)
    except RequestError as e:
        log(_("move request {id} is not consistent ({why}); answering its first legal move")
            .format(id=repr(request_id), why=e))
        return _move_answer(request_id, first)
    try:
        move = player.choose(view)
    except Exception as e:  # noqa: BLE001 - a bot never dies on a request (docs/bot-protocol.md)
        log(_("internal error on move request {id} ({error}); answering its first legal move")
            .format(id=repr(request_id), error=f"{type(e).__name__}: {e}"))
        return _move_answer(request_id, legal[0])
    return _move_answer(request_id, move if move in legal else legal[0])


def _move_answer(request_id: Any, move: Move) -> dict[str, Any]:
    return {"type": "move", "id": request_id, "card": str(move.card), "capture": [str(c) for c in move.capture]}


def _bounded_lines(infile: IO[str], log: Callable[[str], None]) -> Iterator[str]:
    """The lines of ``infile``; one longer than :data:`MAX_REQUEST` is skipped and reported."""
    while True:
        line = infile.readline(MAX_REQUEST + 1)
        if not line:
            return
        if len(line) > MAX_REQUEST and not line.endswith("\n"):
            while line and not line.endswith("\n"):  # skip the rest of it, a bounded piece at a time
                line = infile.readline(MAX_REQUEST)
            log(_("ignoring a line longer than {n} characters").format(n=MAX_REQUEST))
            continue
        yield line


# --- host side ------------------------------------------------------------------------

def _is_id(value: Any) -> bool:
    """True for a request id as the host writes them: a whole number (JSON true is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def print_fault(text: str) -> None:
    """A fault line on standard error in one write: the processes of ``simulate --jobs``
    share it, and ``print`` writes the text and its newline apart, so two lines could mix."""
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


class CmdPlayer(BasePlayer):
    """An external bot: ``command`` is run once (per game) and spoken to over stdin/stdout.

    ``on_fault(message)`` receives each fault line (default: printed to stderr); the UI
    passes its own, and ``card_text(card)``, the card played for the bot as its screen writes
    it (default: the record's name, ``7d``; what the bot sent is quoted as it sent it).
    ``stderr`` is where the bot's own standard error goes (default: inherited).
    ``time_limit`` is the seconds allowed for each answer; ``quit_grace`` the seconds a bot
    has to exit after ``quit`` before it is ended (see :mod:`.botproc`).
    """

    name = "cmd"

    def __init__(self, command: str, seed: int | None = None, time_limit: float = DEFAULT_TIME_LIMIT,
                 on_fault: Callable[[str], None] | None = None, stderr: Any = None, quit_grace: float = 1.0,
                 card_text: Callable[[int], str] | None = None):
        super().__init__(seed)
        self.command = command
        self.name = f"cmd:{command}"
        self.bot_name: str | None = None
        # The variants its hello announces (docs/bot-protocol.md); None until it answers.
        self.variants: tuple[str, ...] | None = None
        self.time_limit = time_limit
        self.own_time_limit = time_limit  # time_limit may be cut to a table's turn (net.seat)
        self.quit_grace = quit_grace
        self.on_fault = on_fault or print_fault
        self.card_text = card_text or str  # the card a fault line says was played for it: "7d"
        self.fallback = GreedyPlayer(seed)
        self._next_id = 0
        self._answered: set[int] = set()  # ids already settled (answered or faulted)
        self._dead: str | None = None  # why the bot can no longer play: a sentence naming it
        self._dead_faults = 0
        self._greeted = False
        self._silent = 0  # requests in a row the bot sent nothing at all for (SILENT_LIMIT)
        self._last_line = time.monotonic()  # when it last sent a line (or was started)
        self._closed = False
        self._bot: BotProcess | None = None
        try:
            argv = shlex.split(command)
        except ValueError as e:
            argv = []
            self._dead = _("{bot}: cannot parse the command: {why}").format(bot=self.label, why=e)
        if argv:
            try:
                self._bot = BotProcess(argv, stderr=stderr, name=command)
            except OSError as e:
                self._dead = _("{bot} could not be started: {why}").format(bot=self.label, why=e.strerror or e)
        elif self._dead is None:
            self._dead = _("{bot}: the command is empty").format(bot=self.label)
        self._send({"type": "hello", "protocol": PROTOCOL})

    # --- plumbing ---------------------------------------------------------------------
    @property
    def label(self) -> str:
        """The bot as fault lines name it: ``bot 'Name' (python bot.py)``."""
        if self.bot_name:
            return _("bot {name} ({command})").format(name=repr(self.bot_name), command=self.command)
        return _("bot {command}").format(command=repr(self.command))

    def _send(self, msg: dict[str, Any]) -> bool:
        if self._bot is None or self._dead:
            return False
        if self._bot.write_failed:
            self._mark_exited()
            return False
        self._bot.send(json.dumps(msg, separators=(",", ":")) + "\n")
        return True

    def _mark_exited(self) -> None:
        if self._dead or self._bot is None:
            return
        if self._bot.overflow:
            self._dead = _("{bot} was stopped: {why}").format(bot=self.label, why=self._bot.overflow)
            return
        code = self._bot.wait(0.2)
        self._dead = (_("{bot} has exited (status {code})").format(bot=self.label, code=code) if code is not None
                      else _("{bot} has exited").format(bot=self.label))

    def _fault(self, text: str) -> None:
        self.faults.append(text)
        self.on_fault(text)

    def _get_line(self, deadline: float):
        """The next line from the bot, ``EOF``, or None when the deadline passes."""
        remaining = deadline - time.monotonic()
        try:
            if remaining <= 0:
                return self._bot.lines.get_nowait()
            return self._bot.lines.get(timeout=remaining)
        except queue.Empty:
            return None

    def _long_line(self, line: LongLine) -> str:
        """The fault of a line over the bound: the host skipped it (docs/bot-protocol.md)."""
        return (_("{bot} sent a line longer than {kib} KiB (it starts {start})")
                .format(bot=self.label, kib=MAX_LINE // 1024, start=quote(line.start, 40)))

    def _gone(self) -> bool:
        """After a timeout: True (and the bot marked dead) when it has exited.

        Its output may still be open (held by a process it started), so no EOF came.
        """
        if self._bot.poll() is None:
            return False
        self._mark_exited()
        return True

    def _greet(self) -> None:
        """Wait for the bot's hello (once).  A missing or odd hello is reported, not fatal;
        an object of another type before it is skipped, as in every wait (docs/bot-protocol.md)."""
        self._greeted = True
        deadline = time.monotonic() + self.time_limit
        ignored = None  # the last line that was not a hello, quoted if no hello comes
        while not self._dead:
            line = self._get_line(deadline)
            if line is None:
                if self._gone():
                    return
                seconds = f"{self.time_limit:g}"
                if ignored:
                    self._fault(_("{bot} did not answer hello within {seconds} s "
                                  "(it sent {line}, which is not a hello)")
                                .format(bot=self.label, seconds=seconds, line=quote(ignored)))
                else:
                    self._fault(_("{bot} did not answer hello within {seconds} s")
                                .format(bot=self.label, seconds=seconds))
                    self._silent += 1
                return
            if line is EOF:
                self._mark_exited()
                return
            if isinstance(line, LongLine):
                self._fault(self._long_line(line))
                return
            if not line.strip():
                continue
            try:
                msg = _loads(line)
            except (ValueError, RecursionError):
                self._fault(_("{bot} answered hello with something that is not JSON: {line}")
                            .format(bot=self.label, line=quote(line)))
                return
            if isinstance(msg, dict) and msg.get("type") == "hello":
                name = msg.get("name")
                if isinstance(name, str) and name.strip():
                    self.bot_name = name.strip()[:60]
                self.variants = announced_variants(msg)
                if msg.get("protocol") not in (None, PROTOCOL):
                    self.on_fault(_("{bot} speaks {protocol}, not {expected}; trying anyway").format(
                        bot=self.label, protocol=quote(str(msg.get("protocol")), 40), expected=PROTOCOL))
                return
            if isinstance(msg, dict):  # another type: a bot may send other messages later in the protocol's life
                ignored = line.strip()
                continue
            self._fault(_("{bot} answered hello with {line}").format(bot=self.label, line=quote(line)))
            return

    def greet(self) -> None:
        """Wait for the bot's hello now (once), rather than at its first move: a host whose
        moves have a time of their own (an online seat's turn limit) gives the move its whole time."""
        if not self._greeted and not self._dead:
            self._greet()

    # --- Player -----------------------------------------------------------------------
    def choose(self, view: PlayerView) -> Move:
        self.greet()
        safe = self.fallback.choose(view)
        if not self._dead and self.variants is not None and view.rules.variant not in self.variants:
            self._dead = refusal(self.variants, view.rules.variant, self.label)
        if self._dead:
            return self.choose_after_exit(safe)
        self._next_id += 1
        request_id = self._next_id
        if not self._send(view.to_protocol(request_id)):
            return self.choose_after_exit(safe)
        answer = self._await_answer(request_id, view.legal)
        self._answered.add(request_id)
        if isinstance(answer, str):  # a fault
            if (self._silent >= SILENT_LIMIT and time.monotonic() - self._last_line
                    >= SILENT_LIMIT * self.own_time_limit):  # the turns to come are played for it
                self._dead = ngettext("{bot} has sent nothing for {n} request in a row",
                                      "{bot} has sent nothing for {n} requests in a row",
                                      self._silent).format(bot=self.label, n=self._silent)
                return self.choose_after_exit(safe)
            # TRANSLATORS: {fault} is a sentence naming the bot and what it did wrong.
            self._fault(_("{fault}; played {card} for it").format(fault=answer, card=self.card_text(safe.card)))
            return safe
        if answer is None:
            return self.choose_after_exit(safe)
        return answer

    def _await_answer(self, request_id: int, legal: tuple[Move, ...]) -> Move | str | None:
        """The bot's move (one of ``legal``); else a fault (a sentence naming the bot), or None when it is gone.

        Every field the bot sends is type-checked before it is used.
        """
        deadline = time.monotonic() + self.time_limit
        ignored = None  # the last line that was not an answer, quoted if no answer comes
        while True:
            line = self._get_line(deadline)
            if line is None:
                if self._gone():
                    return None
                seconds = f"{self.time_limit:g}"
                self._silent = 0 if ignored else self._silent + 1
                if ignored:
                    return (_("{bot} did not answer move {id} within {seconds} s "
                              "(it sent {line}, which is not a move answer)")
                            .format(bot=self.label, id=request_id, seconds=seconds, line=quote(ignored)))
                return (_("{bot} did not answer move {id} within {seconds} s")
                        .format(bot=self.label, id=request_id, seconds=seconds))
            if line is EOF:
                self._mark_exited()
                return None
            if isinstance(line, LongLine):
                self._silent, self._last_line = 0, time.monotonic()
                return self._long_line(line)
            text = line.strip()
            if not text:
                continue
            self._silent, self._last_line = 0, time.monotonic()  # it speaks, if late: not a silent bot
            try:
                msg = _loads(text)
            except (ValueError, RecursionError):
                return (_("{bot} sent something that is not JSON for move {id}: {line}")
                        .format(bot=self.label, id=request_id, line=quote(text)))
            if not isinstance(msg, dict):
                return (_("{bot} sent {line} for move {id}, not a JSON object")
                        .format(bot=self.label, id=request_id, line=quote(text)))
            kind = msg.get("type")
            if kind not in ("move", "error"):
                if _is_id(msg.get("id")) and msg.get("id") == request_id:
                    # the request's id: an answer mistyped ("MOVE"), a fault now, not 10 s each move
                    return (_("{bot} answered move {id} with type {type}, not \"move\": {line}")
                            .format(bot=self.label, id=request_id, type=json.dumps(kind)[:40],
                                    line=quote(text)))
                ignored = text  # not an answer (a bot may send other messages later in the protocol's life)
                continue
            got = msg.get("id")
            if _is_id(got) and got != request_id and got in self._answered:
                continue  # a late answer to a request already settled
            if not _is_id(got) or got != request_id:
                # an id of thousands of digits (or 1e400) is read as infinity: it said 'Infinity'
                shown = (_("a number too large to read") if isinstance(got, float) and got in (_INF, -_INF)
                         else quote(json.dumps(got), 40))
                return (_("{bot} answered with id {got} instead of {id}: {line}")
                        .format(bot=self.label, got=shown, id=request_id, line=quote(text)))
            if kind == "error":
                why = msg.get("message")
                return (_("{bot} refused move {id}: {why}")
                        .format(bot=self.label, id=request_id, why=quote(why if isinstance(why, str) else text)))
            move = _read_move(msg)
            if move is None or move not in legal:
                return _("{bot} answered a move that is not legal: {line}").format(bot=self.label, line=quote(text))
            return move

    def choose_after_exit(self, safe: Move) -> Move:
        self._dead_faults += 1
        self.faults.append(self._dead)
        if self._dead_faults == 1:
            # TRANSLATORS: {fault} is a sentence naming the bot and why it can no longer play.
            # (from now on: a headless seat's bot plays every game of ``--games N``, README.md)
            self.on_fault(_("{fault}: playing {card} for it, and for each of its turns from now on")
                          .format(fault=self._dead, card=self.card_text(safe.card)))
        return safe

    def notify(self, record_line: dict[str, Any]) -> None:
        event = record_line.get("event")
        if event in ("hand_end", "game_end"):
            msg = {"type": event, **{k: v for k, v in record_line.items() if k != "event"}}
            self._send(msg)

    def close(self) -> None:
        """Send ``quit``, close the bot's input, and end it (and all it started) soon after."""
        if self._closed:
            return
        self._closed = True
        if self._dead_faults > 1:
            self.on_fault(ngettext("{fault}; {n} move in all was played for it",
                                   "{fault}; {n} moves in all were played for it", self._dead_faults)
                          .format(fault=self._dead, n=self._dead_faults))
        bot, self._bot = self._bot, None
        if bot is None:
            return
        if not bot.write_failed:
            bot.send(json.dumps({"type": "quit"}, separators=(",", ":")) + "\n")
        bot.end(self.quit_grace)


def announced_variants(hello: dict[str, Any]) -> tuple[str, ...]:
    """The variants a bot's ``hello`` says it plays: its ``variants`` list, ``("scopa",)``
    when absent (every bot of before the variants plays Scopa).  Names this version does
    not know are dropped."""
    names = hello.get("variants")
    if not isinstance(names, list):
        return ("scopa",)
    return tuple(n for n in names if isinstance(n, str) and n in VARIANTS)


def refusal(variants: tuple[str, ...], variant: str, bot: str) -> str | None:
    """Why the bot ``bot`` (its label), announcing ``variants``, may not play ``variant``
    (one line naming it), or None."""
    if variant in variants:
        return None
    wanted = _(get_variant(variant).title)
    if not variants:
        return (_("{bot} plays no variant this version knows, not {variant} (its hello lists the variants it plays)")
                .format(bot=bot, variant=wanted))
    return (_("{bot} plays only {variants}, not {variant} (its hello lists the variants it plays)")
            .format(bot=bot, variants=", ".join(_(VARIANTS[v].title) for v in variants), variant=wanted))


def check_bot_variant(command: str, variant: str, time_limit: float | None = None) -> None:
    """Start the bot ``command``, read its hello and end it: raises ``ValueError`` (one line,
    naming the bot) when it does not play ``variant``.  For the command line and the
    new-game screen, before a game starts; plain Scopa needs no asking."""
    if variant == "scopa":
        return
    faults: list[str] = []
    bot = CmdPlayer(command, time_limit=time_limit or default_time_limit(), on_fault=faults.append,
                    stderr=subprocess.DEVNULL if BOT_STDERR is None else BOT_STDERR, quit_grace=0.5)
    try:
        bot._greet()
        if faults and not bot._dead:
            raise ValueError(faults[0])  # a fault line names the bot already
        why = bot._dead or refusal(bot.variants or ("scopa",), variant, bot.label)
    finally:
        bot.close()
    if why is not None:
        raise ValueError(why)


def default_time_limit() -> float:
    """The per-move limit: ``SCOPA_BOT_TIME_LIMIT`` (seconds) or 10 s."""
    text = os.environ.get("SCOPA_BOT_TIME_LIMIT")
    if not text:
        return DEFAULT_TIME_LIMIT
    try:
        value = float(text)
    except ValueError:
        raise ValueError(_("SCOPA_BOT_TIME_LIMIT={value} is not a number of seconds")
                         .format(value=repr(text))) from None
    if not 0 < value <= 3600:
        raise ValueError(_("SCOPA_BOT_TIME_LIMIT must be between 0 and 3600 seconds, not {value}").format(value=text))
    return value


# Where bots made by the registry send their standard error and their fault lines.  A
# full-screen UI sets these (e.g. ``subprocess.DEVNULL`` and a function that shows the line)
# so that nothing is printed over the screen.  None: inherit stderr / print to stderr.
BOT_STDERR: Any = None
ON_FAULT: Callable[[str], None] | None = None
CARD_TEXT: Callable[[int], str] | None = None  # the card a fault line names, as the screen draws it


def make_cmd_player(seed: int | None = None, command: str = "", **_unused: Any) -> CmdPlayer:
    """The registry's factory for ``cmd:COMMAND`` specs."""
    return CmdPlayer(command, seed, time_limit=default_time_limit(), on_fault=ON_FAULT, stderr=BOT_STDERR,
                     card_text=CARD_TEXT)


def _read_move(msg: dict[str, Any]) -> Move | None:
    """The move of a bot's answer, or None unless ``card`` is a card and ``capture`` a list of others."""
    card, capture = msg.get("card"), msg.get("capture", [])
    if not isinstance(card, str) or not isinstance(capture, list) or not all(isinstance(c, str) for c in capture):
        return None
    try:
        cards = [parse_card(c) for c in capture]
        move = Move(parse_card(card), cards)
    except ValueError:
        return None
    return move if len(set(cards)) == len(cards) else None
