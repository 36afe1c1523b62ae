"""The ``scopa-bot/1`` bot protocol (docs/bot-protocol.md), both sides.

* Bot side: :func:`run_bot` reads the host's lines from a stream and answers with one of
  our AIs (``scopa-tui bot --level hard``).
* Host side: :class:`CmdPlayer` is a :class:`~.base.Player` that runs an external command
  (``cmd:python my_bot.py``), one process per game.  Every misbehaviour of the bot — an
  answer that is late, not JSON, for another id, not one of the legal moves, or a bot
  that has exited — is a *fault*: reported in one line naming the bot and quoting what it
  sent, recorded in ``player.faults``, and a safe legal move is played instead.
"""

from __future__ import annotations

import json
import os
import queue
import shlex
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import IO, Any

from ..engine import Move, PlayerView, parse_card
from .base import BasePlayer, Player
from .simple import GreedyPlayer

PROTOCOL = "scopa-bot/1"
DEFAULT_TIME_LIMIT = 10.0
QUOTE_LIMIT = 120


# --- bot side -------------------------------------------------------------------------

def run_bot(player: Player, infile: IO[str], outfile: IO[str], errfile: IO[str] | None = None,
            name: str | None = None) -> int:
    """Serve ``player`` over the protocol until ``quit`` or end of input.  Returns 0."""
    name = name or f"scopa-tui {getattr(player, 'name', 'bot')}"

    def send(msg: dict[str, Any]) -> None:
        outfile.write(json.dumps(msg, separators=(",", ":")) + "\n")
        outfile.flush()

    def log(text: str) -> None:
        if errfile is not None:
            errfile.write(f"{name}: {text}\n")
            errfile.flush()

    for line in infile:
        line = line.strip()
        if not line:
            continue
        try:
            msg = json.loads(line)
        except (ValueError, RecursionError):
            log(f"ignoring a line that is not JSON: {_quote(line)}")
            continue
        if not isinstance(msg, dict):
            log(f"ignoring a line that is not a JSON object: {_quote(line)}")
            continue
        kind = msg.get("type")
        if kind == "hello":
            send({"type": "hello", "protocol": PROTOCOL, "name": name})
        elif kind == "move":
            answer = _answer(player, msg, log)
            if answer is not None:
                send(answer)
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


def _answer(player: Player, msg: dict[str, Any], log) -> dict[str, Any] | None:
    request_id = msg.get("id")
    try:
        view = PlayerView.from_protocol(msg)
    except (KeyError, ValueError, TypeError) as e:
        why = f"the field {e} is missing" if isinstance(e, KeyError) else str(e)
        log(f"cannot read move request {request_id!r}: {why}")
        # Still answer when the legal list can be read: better than a timeout.
        try:
            legal = msg["legal"][0]
            return {"type": "move", "id": request_id, "card": legal["card"], "capture": legal.get("capture", [])}
        except (KeyError, IndexError, TypeError, AttributeError):
            return None
    if not view.legal:
        log(f"move request {request_id!r} lists no legal move")
        return None
    move = player.choose(view)
    if move not in view.legal:
        move = view.legal[0]
    return {"type": "move", "id": request_id, "card": str(move.card), "capture": [str(c) for c in move.capture]}


# --- host side ------------------------------------------------------------------------

def _quote(text: str) -> str:
    text = text.rstrip("\n")
    if len(text) > QUOTE_LIMIT:
        text = text[:QUOTE_LIMIT] + "..."
    return repr(text)


_EOF = object()


class CmdPlayer(BasePlayer):
    """An external bot: ``command`` is run once (per game) and spoken to over stdin/stdout.

    ``on_fault(message)`` receives each fault line (default: printed to stderr); the UI
    passes its own.  ``stderr`` is where the bot's own standard error goes (default:
    inherited).  ``time_limit`` is the seconds allowed for each answer.
    """

    name = "cmd"

    def __init__(self, command: str, seed: int | None = None, time_limit: float = DEFAULT_TIME_LIMIT,
                 on_fault: Callable[[str], None] | None = None, stderr: Any = None, quit_grace: float = 1.0):
        super().__init__(seed)
        self.command = command
        self.name = f"cmd:{command}"
        self.bot_name: str | None = None
        self.time_limit = time_limit
        self.quit_grace = quit_grace
        self.on_fault = on_fault or (lambda text: print(text, file=sys.stderr, flush=True))
        self.fallback = GreedyPlayer(seed)
        self._lines: queue.Queue = queue.Queue()
        self._next_id = 0
        self._answered: set[int] = set()  # ids already settled (answered or faulted)
        self._dead: str | None = None  # why the bot can no longer play
        self._dead_faults = 0
        self._greeted = False
        self._closed = False
        self._proc: subprocess.Popen | None = None
        self._reader: threading.Thread | None = None
        try:
            argv = shlex.split(command)
        except ValueError as e:
            argv = []
            self._dead = f"cannot parse the command: {e}"
        if argv:
            try:
                self._proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
                                              text=True, encoding="utf-8", errors="replace", bufsize=1)
            except OSError as e:
                self._dead = f"could not be started: {e.strerror or e}"
        elif self._dead is None:
            self._dead = "the command is empty"
        # Writes go through a thread too, so a bot that stops reading can never block the game.
        self._out: queue.Queue = queue.Queue()
        self._write_failed = False
        self._writer: threading.Thread | None = None
        if self._proc is not None:
            self._reader = threading.Thread(target=self._read, args=(self._proc.stdout,), daemon=True,
                                            name=f"bot reader {command}")
            self._reader.start()
            self._writer = threading.Thread(target=self._write, args=(self._proc.stdin,), daemon=True,
                                            name=f"bot writer {command}")
            self._writer.start()
            self._send({"type": "hello", "protocol": PROTOCOL})

    # --- plumbing ---------------------------------------------------------------------
    @property
    def label(self) -> str:
        if self.bot_name:
            return f"bot {self.bot_name!r} ({self.command})"
        return f"bot {self.command!r}"

    def _read(self, stream) -> None:
        try:
            for line in stream:
                self._lines.put(line)
        except (OSError, ValueError):
            pass
        self._lines.put(_EOF)

    def _write(self, stream) -> None:
        while True:
            text = self._out.get()
            if text is None:
                break
            try:
                stream.write(text)
                stream.flush()
            except (OSError, ValueError):
                self._write_failed = True
                break
        try:
            stream.close()
        except (OSError, ValueError):
            pass

    def _send(self, msg: dict[str, Any]) -> bool:
        if self._proc is None or self._dead:
            return False
        if self._write_failed:
            self._mark_exited()
            return False
        self._out.put(json.dumps(msg, separators=(",", ":")) + "\n")
        return True

    def _mark_exited(self) -> None:
        if self._dead:
            return
        code = self._proc.poll() if self._proc else None
        if code is None and self._proc is not None:
            try:
                code = self._proc.wait(timeout=0.2)
            except subprocess.TimeoutExpired:
                code = None
        self._dead = "has exited" + (f" (status {code})" if code is not None else "")

    def _fault(self, text: str) -> None:
        self.faults.append(text)
        self.on_fault(text)

    def _get_line(self, deadline: float):
        """The next line from the bot, ``_EOF``, or None when the deadline passes."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            try:
                return self._lines.get_nowait()
            except queue.Empty:
                return None
        try:
            return self._lines.get(timeout=remaining)
        except queue.Empty:
            return None

    def _greet(self) -> None:
        """Wait for the bot's hello (once).  A missing or odd hello is reported, not fatal."""
        self._greeted = True
        deadline = time.monotonic() + self.time_limit
        while not self._dead:
            line = self._get_line(deadline)
            if line is None:
                self._fault(f"{self.label} did not answer hello within {self.time_limit:g} s")
                return
            if line is _EOF:
                self._mark_exited()
                return
            if not line.strip():
                continue
            try:
                msg = json.loads(line)
            except (ValueError, RecursionError):
                self._fault(f"{self.label} answered hello with something that is not JSON: {_quote(line)}")
                return
            if isinstance(msg, dict) and msg.get("type") == "hello":
                name = msg.get("name")
                if isinstance(name, str) and name.strip():
                    self.bot_name = name.strip()[:60]
                if msg.get("protocol") not in (None, PROTOCOL):
                    self.on_fault(f"{self.label} speaks {msg.get('protocol')!r}, not {PROTOCOL}; trying anyway")
                return
            self._fault(f"{self.label} answered hello with {_quote(line)}")
            return

    # --- Player -----------------------------------------------------------------------
    def choose(self, view: PlayerView) -> Move:
        if not self._greeted and not self._dead:
            self._greet()
        safe = self.fallback.choose(view)
        if self._dead:
            return self.choose_after_exit(safe)
        self._next_id += 1
        request_id = self._next_id
        if not self._send(view.to_protocol(request_id)):
            return self.choose_after_exit(safe)
        deadline = time.monotonic() + self.time_limit
        ignored = None  # the last line that was not a move answer, quoted if no answer comes
        while True:
            line = self._get_line(deadline)
            if line is None:
                self._answered.add(request_id)
                sent = f" (it sent {_quote(ignored)}, which is not a move answer)" if ignored else ""
                self._fault(f"{self.label} did not answer move {request_id} within {self.time_limit:g} s{sent}; "
                            f"played {safe.card} for it")
                return safe
            if line is _EOF:
                self._mark_exited()
                return self.choose_after_exit(safe)
            text = line.strip()
            if not text:
                continue
            try:
                msg = json.loads(text)
            except (ValueError, RecursionError):
                self._answered.add(request_id)
                self._fault(f"{self.label} sent something that is not JSON for move {request_id}: "
                            f"{_quote(text)}; played {safe.card} for it")
                return safe
            if not isinstance(msg, dict):
                self._answered.add(request_id)
                self._fault(f"{self.label} sent {_quote(text)} for move {request_id}, not a JSON object; "
                            f"played {safe.card} for it")
                return safe
            if msg.get("type") != "move":
                ignored = text  # not an answer (a bot may send other messages later in the protocol's life)
                continue
            got = msg.get("id")
            if got in self._answered and got != request_id:
                continue  # a late answer to a request already settled
            if got != request_id or isinstance(got, bool):
                self._answered.add(request_id)
                self._fault(f"{self.label} answered with id {got!r} instead of {request_id}: {_quote(text)}; "
                            f"played {safe.card} for it")
                return safe
            self._answered.add(request_id)
            move = _read_move(msg)
            if move is None or move not in view.legal:
                self._fault(f"{self.label} answered a move that is not legal: {_quote(text)}; "
                            f"played {safe.card} for it")
                return safe
            return move

    def choose_after_exit(self, safe: Move) -> Move:
        self._dead_faults += 1
        self.faults.append(f"{self.label} {self._dead}")
        if self._dead_faults == 1:
            self.on_fault(f"{self.label} {self._dead}: playing {safe.card} for it for the rest of the game")
        return safe

    def notify(self, record_line: dict[str, Any]) -> None:
        event = record_line.get("event")
        if event in ("hand_end", "game_end"):
            msg = {"type": event, **{k: v for k, v in record_line.items() if k != "event"}}
            self._send(msg)

    def close(self) -> None:
        """Send ``quit``, close the bot's input, and end it if it is still running shortly after."""
        if self._closed:
            return
        self._closed = True
        proc = self._proc
        if self._dead_faults > 1:
            self.on_fault(f"{self.label}: {self._dead_faults} moves in all were played for it ({self._dead})")
        if proc is None:
            return
        if not self._write_failed:
            self._out.put(json.dumps({"type": "quit"}, separators=(",", ":")) + "\n")
        self._out.put(None)  # then close its standard input
        self._proc = None
        try:
            proc.wait(timeout=self.quit_grace)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        for thread in (self._writer, self._reader):
            if thread is not None:
                thread.join(timeout=1.0)
        if proc.stdout is not None:
            try:
                proc.stdout.close()
            except OSError:
                pass


def default_time_limit() -> float:
    """The per-move limit: ``SCOPA_BOT_TIME_LIMIT`` (seconds) or 10 s."""
    text = os.environ.get("SCOPA_BOT_TIME_LIMIT")
    if not text:
        return DEFAULT_TIME_LIMIT
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"SCOPA_BOT_TIME_LIMIT={text!r} is not a number of seconds") from None
    if not 0 < value <= 3600:
        raise ValueError(f"SCOPA_BOT_TIME_LIMIT must be between 0 and 3600 seconds, not {text}")
    return value


# Where bots made by the registry send their standard error and their fault lines.  A
# full-screen UI sets these (e.g. ``subprocess.DEVNULL`` and a function that shows the line)
# so that nothing is printed over the screen.  None: inherit stderr / print to stderr.
BOT_STDERR: Any = None
ON_FAULT: Callable[[str], None] | None = None


def make_cmd_player(seed: int | None = None, command: str = "", **_: Any) -> CmdPlayer:
    """The registry's factory for ``cmd:COMMAND`` specs."""
    return CmdPlayer(command, seed, time_limit=default_time_limit(), on_fault=ON_FAULT, stderr=BOT_STDERR)


def _read_move(msg: dict[str, Any]) -> Move | None:
    try:
        card = msg["card"]
        capture = msg.get("capture", [])
        if not isinstance(card, str) or not isinstance(capture, list):
            return None
        return Move(parse_card(card), [parse_card(c) for c in capture])
    except (KeyError, ValueError, TypeError):
        return None
