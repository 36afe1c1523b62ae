"""What a table says besides the game and its previews: seats, the connection, chat, errors
(``Table.subscribe``).  Only a remote table (net/remote.py) says these, so they are not made
before a local game's first frame (README, Benchmark: first frames); ``table.base`` still
gives their names."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SeatChanged:
    """Someone ``joined``, ``left``, ``returned``, went ``away``, or the ``ai`` took the seat;
    after the game, asked for a ``rematch`` or left the table for good (``gone``); a game
    began with the AI in a seat nobody had taken (``ai_seated``)."""

    seat: int
    name: str
    status: str


@dataclass(frozen=True)
class StatusChanged:
    """The connection or the turn's deadline changed: read :attr:`Table.status` again."""


@dataclass(frozen=True)
class ChatLine:
    """A line said at the table by ``seat``."""

    seat: int
    name: str
    text: str


@dataclass(frozen=True)
class TableError:
    """A refused action or a failure, as one line for the player."""

    text: str


@dataclass(frozen=True)
class Started:
    """The table's game has begun (a remote table: the seats are filled): draw it afresh."""


@dataclass(frozen=True)
class NewGame:
    """The table's people said yes to playing again: its game ``number`` (2, 3 ...) has begun,
    or, ``waiting``, waits for players in the seats freed (draw it afresh); ``freed``: the
    names of those who sat in them in the last game."""

    number: int
    waiting: bool
    freed: tuple[str, ...] = ()
