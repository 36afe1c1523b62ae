"""What a crash leaves behind: the traceback in a log file, one line for the player, a non-zero exit.

Textual ends the app on an unhandled exception (in a message handler or a worker), restores
the terminal and then prints the traceback, with local variables, over it: a screenful in
front of the player, and ``App.run()`` simply returns.  An app with :class:`CrashLog` mixed
in and run by :func:`run_app_reporting` (as ``scopa-tui`` does) writes the traceback to
``crash-TIMESTAMP.log`` in the data directory instead (the system's temporary directory
when that cannot be written), prints one line naming the file and returns the app's
non-zero exit status.  Run otherwise (e.g. in Pilot tests) it leaves Textual's report
alone; with ``TEXTUAL=debug`` in the environment Textual prints its traceback as well.
"""

from __future__ import annotations

import platform
import sys
import tempfile
import time
import traceback
from pathlib import Path

from ..engine.text import _

CRASH_STATUS = 1  # Textual's return code after an unhandled exception
USAGE_STATUS = 2  # as the command line's errors


def write_crash_log(error: BaseException, directory: str | Path | None,
                    path: Path | None = None) -> Path | None:
    """Append ``error``'s traceback to ``path``, or to a new ``crash-TIMESTAMP.log`` in
    ``directory`` or the temporary directory; None when none of them can be written."""
    import textual

    from .. import __version__

    header = (f"scopa-tui {__version__}, Textual {textual.__version__}, Python {platform.python_version()},"
              f" {platform.platform()}, {time.strftime('%Y-%m-%d %H:%M:%S %z')}\n")
    text = header + "".join(traceback.format_exception(error)) + "\n"
    name = f"crash-{time.strftime('%Y%m%d-%H%M%S')}.log"
    candidates = [path] if path is not None else []
    candidates += [Path(folder) / name for folder in (directory, tempfile.gettempdir()) if folder is not None]
    for candidate in candidates:
        try:
            candidate.parent.mkdir(parents=True, exist_ok=True)
            with open(candidate, "a", encoding="utf-8") as f:
                f.write(text)
        except OSError:
            continue
        return candidate
    return None


class CrashLog:
    """Mixed into a Textual app (before ``App``): its unhandled exceptions go to a log file."""

    crash_log_dir: str | Path | None = None  # where the log goes; None (e.g. in tests): no log
    crash_log: Path | None = None  # the log written, once there was a crash
    crash_error: BaseException | None = None  # the first unhandled exception

    def _handle_exception(self, error: Exception) -> None:
        # Textual's one hook for every unhandled exception: it sets the return code to 1,
        # queues the traceback for printing at exit and closes the app.
        super()._handle_exception(error)
        if self._log_crash(error):
            self._exit_renderables.clear()  # the log has the traceback: none over the terminal

    def _log_crash(self, error: BaseException) -> bool:
        """Keep the first error and write ``error`` to the log; False when Textual prints it
        (TEXTUAL=debug, or no log directory) or no log could be written."""
        if self.crash_error is None:
            self.crash_error = error
        if "debug" in self.features or self.crash_log_dir is None:  # TEXTUAL=debug: Textual prints it
            return False
        logged = write_crash_log(error, self.crash_log_dir, self.crash_log)
        if logged is not None:
            self.crash_log = logged
        return logged is not None

    def crash_advice(self) -> str:
        """What the one line after a crash adds for the player (e.g. that the game is saved)."""
        return ""


def crash_line(app: CrashLog) -> str:
    """The one line printed after a crash: what, where the details are, and the app's advice."""
    error = app.crash_error
    what = _("an error") if error is None else type(error).__name__
    text = "" if error is None else str(error).strip()
    if text:
        what += f": {text.splitlines()[0]}"
    if len(what) > 100:
        what = what[:99] + "…"
    # TRANSLATORS: {what} is the error as Python names it ("KeyError: 'x'"); {path} the log file.
    line = (_("scopa-tui: stopped by an internal error ({what}); the details are in {path}")
            if app.crash_log is not None else _("scopa-tui: stopped by an internal error ({what})"))
    line = line.format(what=what, path=app.crash_log)
    advice = app.crash_advice()  # a sentence of its own, in the player's language
    return f"{line}. {advice}" if advice else line


def refuse_without_terminal(advice: str | None = None) -> int | None:
    """Without a terminal to run in (:func:`~.terminal.terminal_problem`): say so in one line,
    with ``advice``, what the command does without one (``online``'s headless seats), and
    give the status to exit with (2); None where there is one.  Called before a run reads or
    writes anything (its settings, the data directory), so that a run refused changes nothing
    on disk."""
    from . import terminal

    problem = terminal.terminal_problem()
    if problem is None:
        return None
    from ..cli import error_line

    if advice is not None:
        # TRANSLATORS: {problem} is why the app cannot run ("the game needs a terminal: standard
        # input is not one"), {advice} what the command can do instead.
        problem = _("{problem}; {advice}").format(problem=problem, advice=advice)

    print(error_line(problem), file=sys.stderr)
    return USAGE_STATUS


def run_app_reporting(app, log_dir: str | Path | None) -> int:
    """Run ``app``; after a crash print :func:`crash_line` to stderr and return a non-zero status.

    The log goes to ``log_dir`` (the data directory), or the temporary directory.  Without a
    terminal to run in (:func:`terminal_problem`) it says so in one line, status 2.
    """
    from . import terminal

    refused = refuse_without_terminal()
    if refused is not None:
        return refused
    terminal.size_by_the_terminal(app)
    app.crash_log_dir = log_dir or tempfile.gettempdir()
    try:
        app.run()
    except Exception as error:  # raised while the app closed, e.g. by a widget that fails to draw
        # again on the way out after a first crash: Textual lets it through App.run().
        if not app._log_crash(error) and app.crash_log is None:
            raise  # TEXTUAL=debug, or no log anywhere: the traceback is all there is
    status = app.return_code or 0
    if app.crash_error is not None:
        print(crash_line(app), file=sys.stderr)
        status = status or CRASH_STATUS
    return status
