"""Exceptions raised by the engine.  Their messages are in the player's language
(:mod:`.text`): the network server speaks English on the wire (docs/)."""

from .text import _


class ScopaError(Exception):
    """Base class of every engine error."""


class IllegalMove(ScopaError):
    """A move the rules forbid.  The message says why, in a player's words."""


class RulesError(ScopaError, ValueError):
    """Rules or options that do not make a valid game (e.g. 5 players)."""


class RecordError(ScopaError, ValueError):
    """A game record that cannot be read or does not replay."""

    def __init__(self, message: str, line: int | None = None):
        self.line = line
        # TRANSLATORS: a damaged game record: {line} is its line number, {message} what is wrong.
        super().__init__(_("line {line}: {message}").format(line=line, message=message) if line is not None
                         else message)
