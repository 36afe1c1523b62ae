"""The player interface every AI (and the bot-protocol client) implements."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:  # annotations only: the command line's --help loads no game (README.md, Benchmark)
    from ..engine import Move, PlayerView


@runtime_checkable
class Player(Protocol):
    """Chooses moves from a seat's view only.

    ``choose`` receives a :class:`PlayerView` (never other hands or the stock order) and
    returns one of ``view.legal``.  ``notify`` gets the record line of each ``hand_end``
    and ``game_end`` (a dict); ``close`` is called once after the game.
    """

    name: str

    def choose(self, view: PlayerView) -> Move: ...


class BasePlayer:
    """Convenience base: a name, a seeded RNG, and no-op notify/close."""

    name = "player"

    def __init__(self, seed: int | None = None):
        import random

        self.rng = random.Random(seed)
        self.faults: list[str] = []

    def choose(self, view: PlayerView) -> Move:  # pragma: no cover - abstract
        raise NotImplementedError

    def notify(self, record_line: dict[str, Any]) -> None:
        return None

    def close(self) -> None:
        return None
