"""Exceptions raised by the engine."""


class ScopaError(Exception):
    """Base class of every engine error."""


class IllegalMove(ScopaError):
    """A move the rules forbid.  The message says why, in a player's words."""


class RulesError(ScopaError, ValueError):
    """Rules or options that do not make a valid game (e.g. 5 players)."""


class RecordError(ScopaError, ValueError):
    """A game record that cannot be read or does not replay.  In English in every language,
    like the record's fields it names (docs/record-format.md): servers and tools read it too."""

    def __init__(self, message: str, line: int | None = None):
        self.line = line
        super().__init__(f"line {line}: {message}" if line is not None else message)
