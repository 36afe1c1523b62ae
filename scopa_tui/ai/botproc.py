"""An external bot's process, from the host side (docs/bot-protocol.md, "Faults").

The host must stay in charge of a bot whatever the bot does, so:

* the bot is started in a session of its own, so that it and every process it starts
  (a helper still holding its standard output, say) can be ended together;
* its output is read by a thread, one line at a time with a bound on the line's length
  (:data:`MAX_LINE`: a longer line is skipped, a bounded piece at a time, and queued as a
  :class:`LongLine`, a fault for the move it came for) and on the lines read but not yet
  taken (:data:`MAX_QUEUED`: a bot over it is stopped and :attr:`BotProcess.overflow`
  says why), so the host's memory never depends on the bot;
* its input is written by a thread, so a bot that stops reading never blocks the game;
* :meth:`BotProcess.end` takes a bounded time: close the input, wait ``grace`` seconds,
  terminate the session, wait a moment, kill what is left.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import threading
from typing import Any

from ..engine.text import _

MAX_LINE = 64 * 1024  # bytes in one line from a bot (a move answer is under 300)
MAX_QUEUED = 64  # lines read from a bot and not yet taken (a bot sends one per request)
TERM_GRACE = 0.5  # seconds between terminating a bot's session and killing it

EOF = object()  # put on :attr:`BotProcess.lines` when the bot's output ends (or is cut off)
_POSIX = os.name == "posix"


class LongLine:
    """Put on :attr:`BotProcess.lines` for a line longer than :data:`MAX_LINE`: its start."""

    def __init__(self, start: str):
        self.start = start


def quote(text: str, limit: int = 120) -> str:
    """``text`` for a one-line report: without its newline, cut at ``limit`` characters."""
    text = text.rstrip("\n")
    if len(text) > limit:
        text = text[:limit] + "..."
    return repr(text)


class BotProcess:
    """A started bot: :attr:`lines` queues its output lines (str, or :class:`LongLine`), :meth:`send` writes a line.

    Raises OSError (from :class:`subprocess.Popen`) when the command cannot be started.
    """

    def __init__(self, argv: list[str], stderr: Any = None, name: str = "bot"):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
                                     start_new_session=_POSIX)
        self.lines: queue.Queue = queue.Queue()
        self.overflow: str | None = None  # why reading stopped early (a bound was broken)
        self.write_failed = False
        self._out: queue.Queue = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True, name=f"bot reader {name}")
        self._writer = threading.Thread(target=self._write, daemon=True, name=f"bot writer {name}")
        self._reader.start()
        self._writer.start()

    def send(self, text: str) -> None:
        """Queue one line (with its newline) for the bot's standard input."""
        self._out.put(text.encode("utf-8"))

    def _read(self) -> None:
        stream = self.proc.stdout
        try:
            while True:
                raw = stream.readline(MAX_LINE + 1)  # never more than the bound in memory
                if not raw:
                    break
                if self.lines.qsize() >= MAX_QUEUED:
                    # TRANSLATORS: why a bot was stopped, after "bot 'NAME' was stopped: ".
                    self.overflow = _("it sent more than {n} lines that were not asked for").format(n=MAX_QUEUED)
                    break
                if len(raw) > MAX_LINE:
                    self.lines.put(LongLine(raw[:40].decode("utf-8", "replace")))
                    while raw and not raw.endswith(b"\n"):  # the rest of it, never all in memory
                        raw = stream.readline(MAX_LINE)
                    continue
                self.lines.put(raw.decode("utf-8", "replace"))
        except (OSError, ValueError):
            pass
        if self.overflow:
            self.stop()
        try:
            stream.close()
        except OSError:
            pass
        self.lines.put(EOF)

    def _write(self) -> None:
        stream = self.proc.stdin
        while True:
            data = self._out.get()
            if data is None:
                break
            try:
                stream.write(data)
                stream.flush()
            except (OSError, ValueError):
                self.write_failed = True
                break
        try:
            stream.close()
        except (OSError, ValueError):
            pass

    def poll(self) -> int | None:
        """The bot's exit status, or None while it runs."""
        return self.proc.poll()

    def wait(self, timeout: float) -> int | None:
        """Wait up to ``timeout`` seconds for the bot to exit; its status, or None."""
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def _signal(self, sig: int) -> None:
        try:
            if _POSIX:
                os.killpg(self.proc.pid, sig)  # the bot's session: the bot and all it started
            elif sig == signal.SIGTERM:
                self.proc.terminate()
            else:
                self.proc.kill()
        except (ProcessLookupError, PermissionError):
            pass  # nothing left to end

    def stop(self) -> None:
        """End the bot and everything it started, now."""
        self._signal(signal.SIGKILL if _POSIX else signal.SIGTERM)

    def end(self, grace: float) -> None:
        """Close the bot's input (after what is queued) and end it: at most ``grace`` + ~1.5 s."""
        self._out.put(None)
        if self.wait(grace) is None:
            self._signal(signal.SIGTERM)
            self.wait(TERM_GRACE)
        # Also when the bot has exited: a helper it started may still hold its output open.
        self.stop()
        self.wait(TERM_GRACE)
        for thread in (self._writer, self._reader):
            thread.join(timeout=TERM_GRACE)
