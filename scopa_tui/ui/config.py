"""The settings of one game as chosen on the new-game screen or on the command line."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Rules, make_rules

HUMAN_SEAT = 0
NAMES = ("You", "Anna", "Bruno", "Carla", "Dario", "Elena")
TARGETS = (11, 16, 21)


def ai_levels() -> dict[str, str]:
    """AI names offered in the game, with their descriptions (external bots and aliases such
    as ``greedy`` for ``easy`` excluded: one name per player)."""
    from ..ai.registry import ALIASES, DESCRIPTIONS

    order = ["easy", "medium", "hard", "random"]
    names = sorted(DESCRIPTIONS, key=lambda n: (order.index(n) if n in order else len(order), n))
    return {n: DESCRIPTIONS[n] for n in names if n != "cmd" and n not in ALIASES}


def default_level() -> str:
    levels = ai_levels()
    for name in ("medium", "easy"):
        if name in levels:
            return name
    return next(iter(levels))


@dataclass
class GameConfig:
    """The choices a game is made from (the new-game screen's or the command line's)."""

    players: int = 2
    preset: str = "standard"
    target: int | None = None  # None: the preset's
    deck: str | None = None  # None: the preset's
    ai: list[str] = field(default_factory=list)  # one spec per opponent, in seat order
    seed: int | None = None
    variant: str = "scopa"  # engine.variants.VARIANTS
    options: list[str] = field(default_factory=list)  # house rules, as --option takes them

    def rules(self) -> Rules:
        return make_rules(self.preset, players=self.players, target=self.target, deck_style=self.deck,
                          variant=self.variant, options=tuple(self.options))

    def ai_for(self, seat: int) -> str:
        """The AI spec of an opponent seat (1..players-1); short lists repeat their last entry."""
        specs = self.ai or [default_level()]
        return specs[min(seat - 1, len(specs) - 1)]

    def names(self) -> list[str]:
        return list(NAMES[: self.players])

    def side_names(self) -> list[str]:
        rules = self.rules()
        names = self.names()
        return [" & ".join(names[s] for s in seats) for seats in rules.sides]
