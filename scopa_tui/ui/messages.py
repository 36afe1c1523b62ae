"""Textual messages of the game UI: small dataclasses, posted by the app and the widgets."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from ..engine import Move
from ..engine.events import Event


@dataclass
class EngineEvent(Message):
    """An engine event (Dealt, Played, HandEnded, ...) relayed to the game screen."""

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
class AIMoveReady(Message):
    """An AI worker chose ``move`` for ``seat``; ``token`` ties it to the turn it was asked for."""

    seat: int
    move: Move
    token: int
    fault: str | None = None


@dataclass
class HintReady(Message):
    """The hint worker's answer: a move with its reason, or only a message."""

    move: Move | None
    reason: str
    token: int
