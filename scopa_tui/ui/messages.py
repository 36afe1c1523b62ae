"""Textual messages of the game UI, posted by the app and the widgets.

Plain classes, as Textual's own messages are: a dataclass compiles its methods when its
module is imported, and these are all imported before the game's first frame (README.md,
Benchmark)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.message import Message

from ..engine import Move
from ..engine.events import Event


class EngineEvent(Message):
    """An engine event (Dealt, Played, HandEnded, ...) from the table to the game screen."""

    def __init__(self, event: Event) -> None:
        super().__init__()
        self.event = event


class HandCardClicked(Message):
    """The player clicked the hand card at ``index``."""

    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index


class TableCardClicked(Message):
    """The player clicked a table card: toggle it in the capture set."""

    def __init__(self, card: int) -> None:
        super().__init__()
        self.card = card


class TableNotice(Message):
    """A table's notice (an AI thinking or its play shown, a seat's news, ...: table/base.py)."""

    def __init__(self, notice: object) -> None:
        super().__init__()
        self.notice = notice


class WorkDone(Message):
    """A worker thread's ``result``, for ``done`` to take on the event loop."""

    def __init__(self, done: Callable[[Any], None], result: Any) -> None:
        super().__init__()
        self.done = done
        self.result = result


class HintReady(Message):
    """The hint worker's answer: a move with its reason, or only a message."""

    def __init__(self, move: Move | None, reason: str, token: int) -> None:
        super().__init__()
        self.move = move
        self.reason = reason
        self.token = token
