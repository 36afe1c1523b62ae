"""The terminal the app runs in: whether there is one, and its size.

Textual's terminal driver reads the keys from standard input and draws the screen on
standard error, but sizes the screen by :func:`shutil.get_terminal_size`, which believes
``COLUMNS`` and ``LINES`` in the environment and then asks standard output: an exported
``COLUMNS=5`` (or a stale one) drew the game in a corner of the terminal however it was
resized, and ``scopa-tui > out.txt`` at 80×24 whatever the terminal's size.
"""

from __future__ import annotations

import os
import stat
import sys

from ..engine.text import _


def terminal_problem() -> str | None:
    """Why the app cannot run in this process's terminal (None: it can).

    Textual's terminal driver reads the keys from standard input and draws the screen on
    standard error.  Standard input at its end (``< /dev/null``, a job without a terminal)
    made its key thread spin, a third of a core for ever with nothing on any screen; standard
    error in a file (``2>log``, ``2>/dev/null``) drew the game into the file.  Standard error
    into a pipe may be going to the terminal all the same (``scopa-tui |& tee session.log``).
    ``scopa-tui web`` names its own driver (``TEXTUAL_DRIVER``), which needs neither.
    """
    from textual import constants

    problem = _textual_variable_problem()
    if problem is not None:
        return problem
    if constants.DRIVER:  # textual-serve's web driver, or one the user chose
        return None
    if not _is_terminal(sys.__stdin__):
        return _("the game needs a terminal: standard input is not one")
    if not _is_terminal(sys.__stderr__, or_pipe=True):
        return _("the game needs a terminal: standard error is not one (the game draws its screen there)")
    return None


WEB_DRIVER = "textual.drivers.web_driver:WebDriver"  # the driver textual-serve names for each game it runs


def in_browser() -> bool:
    """Whether the game is played in a browser: ``scopa-tui web`` (textual-serve) names
    Textual's web driver for each game it serves (``TEXTUAL_DRIVER``).  Its player has a
    window, not a terminal, and other games in other tabs (README.md, *In a browser*)."""
    from textual import constants

    return constants.DRIVER == WEB_DRIVER


# The colour systems Textual passes on to Rich (TEXTUAL_COLOR_SYSTEM): "auto" and Rich's own.
COLOR_SYSTEMS = ("auto", "standard", "256", "truecolor", "windows")


def _textual_variable_problem() -> str | None:
    """A Textual variable of the environment the app cannot start with: Textual's App()
    stopped on it with a traceback (TEXTUAL_DRIVER naming no driver to load, which scopa-tui
    web sets for its games; a TEXTUAL_COLOR_SYSTEM Rich does not know), or its first log line
    with a crash line (a TEXTUAL_LOG file that cannot be written)."""
    import importlib

    from textual import constants

    if constants.DRIVER:  # "module:Class", as Textual reads it
        module, _colon, name = constants.DRIVER.partition(":")
        try:
            getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError, ValueError, TypeError):
            # TRANSLATORS: TEXTUAL_DRIVER is a variable of the environment, typed as it is.
            return _("TEXTUAL_DRIVER={value} names no Textual driver that can be loaded").format(
                value=repr(constants.DRIVER))
    if constants.COLOR_SYSTEM not in COLOR_SYSTEMS:
        # TRANSLATORS: TEXTUAL_COLOR_SYSTEM is a variable of the environment; {names} its values, typed as they are.
        return _("TEXTUAL_COLOR_SYSTEM={value} is not one of {names}").format(
            value=repr(constants.COLOR_SYSTEM), names=", ".join(COLOR_SYSTEMS))
    if constants.LOG_FILE:
        why = _log_file_problem(constants.LOG_FILE)
        if why is not None:
            # TRANSLATORS: TEXTUAL_LOG is a variable of the environment, typed as it is; {why} is
            # what the system said ("No such file or directory").
            return _("TEXTUAL_LOG={value} cannot be written: {why}").format(value=repr(constants.LOG_FILE), why=why)
    return None


def _log_file_problem(path: str) -> str | None:
    """Why Textual could not append its log lines to ``path`` (None: it can), trying as
    Textual does, but leaving no file made (a run refused changes nothing on disk) and
    writing nothing: a write of no bytes fails as a line would (``/dev/full``)."""
    from ..store.files import describe_os_error

    path = os.path.realpath(path)  # a link to a file not made yet: Textual makes that file
    try:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_EXCL)
        except FileExistsError:
            fd = os.open(path, os.O_WRONLY | os.O_APPEND)
        else:
            os.unlink(path)  # Textual makes it again at its first line
        try:
            os.write(fd, b"")
        finally:
            os.close(fd)
    except OSError as e:
        return describe_os_error(e)
    return None


def _is_terminal(stream, or_pipe: bool = False) -> bool:
    try:
        if stream is None:
            return False
        if stream.isatty():
            return True
        return or_pipe and stat.S_ISFIFO(os.fstat(stream.fileno()).st_mode)
    except (ValueError, OSError):  # closed
        return False


def _size_of_the_screen(driver) -> tuple[int, int] | None:
    """The size of the terminal ``driver`` draws on (standard error), else of the one it reads."""
    for stream in (getattr(driver, "_file", None), sys.__stdin__):
        try:
            size = os.get_terminal_size(stream.fileno())
        except (AttributeError, ValueError, OSError):
            continue
        if size.columns > 0 and size.lines > 0:
            return size.columns, size.lines
    return None


def size_by_the_terminal(app) -> None:
    """Give ``app`` a terminal driver sized by the terminal it draws on (module docstring),
    where it would run Textual's own (not under ``scopa-tui web``, nor on Windows)."""
    from textual import constants

    if constants.DRIVER or sys.platform == "win32":
        return
    from textual.drivers.linux_driver import LinuxDriver

    if app.driver_class is LinuxDriver:
        app.driver_class = terminal_driver()


_driver = None


def terminal_driver():
    """Textual's terminal driver, sized by the terminal it draws on (made on first use:
    Textual's driver is not imported before the app runs)."""
    global _driver
    if _driver is None:
        from textual.drivers.linux_driver import LinuxDriver

        class TerminalDriver(LinuxDriver):
            def _get_terminal_size(self) -> tuple[int, int]:
                return _size_of_the_screen(self) or super()._get_terminal_size()

        _driver = TerminalDriver
    return _driver
