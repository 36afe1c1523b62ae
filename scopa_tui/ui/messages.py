"""Textual messages of the game UI: small dataclasses, posted by the app and the widgets."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual.message import Message

from ..engine import Move
from ..engine.events import Event


@dataclass
class EngineEvent(Message):
    """An engine event (Dealt, Played, HandEnded, ...) from the table to the game screen."""

    event: Event


@dataclass
class HandCardClicked(Message):
    """The player clicked the hand card at ``index``."""

    index: int


@dataclass
class TableCardClicked(Message):
    """The player clicked a table card: toggle it in the capture set."""

    card: int


@dataclass
class TableNotice(Message):
    """A table's notice (an AI thinking or its play shown, a seat's news, ...: table/base.py)."""

    notice: object


@dataclass
class WorkDone(Message):
    """A worker thread's ``result``, for ``done`` to take on the event loop."""

    done: Callable[[Any], None]
    result: Any


@dataclass
class HintReady(Message):
    """The hint worker's answer: a move with its reason, or only a message."""

    move: Move | None
    reason: str
    token: int
