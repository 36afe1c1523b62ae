"""Rules, rule options and presets (RULES.md sections 2, 5, 6 and 7)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import RulesError

PLAYER_COUNTS = (2, 3, 4, 6)
DECK_STYLES = ("italian", "french", "french-numeric")

# Primiera values by rank (index 1..10; index 0 unused).
PRIMIERA_CHARTS: dict[str, tuple[int, ...]] = {
    #            -  1   2   3   4   5   6   7   8   9   10
    "standard": (0, 16, 12, 13, 14, 15, 18, 21, 10, 10, 10),
    "ludoteka": (0, 12, 13, 14, 15, 16, 18, 21, 10, 10, 10),
}


def sides_for(players: int) -> tuple[tuple[int, ...], ...]:
    """Seats of each side: single players for 2 and 3, partners opposite for 4 and 6."""
    if players in (2, 3):
        return tuple((s,) for s in range(players))
    if players == 4:
        return ((0, 2), (1, 3))
    if players == 6:
        return ((0, 3), (1, 4), (2, 5))
    raise RulesError(f"Scopa is played by 2, 3, 4 or 6 players, not {players}")


@dataclass(frozen=True)
class Rules:
    """Every option of RULES.md, with its default."""

    players: int = 2
    target: int = 11
    primiera_chart: str = "standard"
    redeal_three_kings: bool = True
    last_play_scopa: bool = False
    primiera_requires_all_suits: bool = True
    deck_style: str = "italian"  # display only
    preset: str = "standard"
    sides: tuple[tuple[int, ...], ...] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise RulesError(f"players must be a number, not {self.players!r}")
        object.__setattr__(self, "sides", sides_for(self.players))
        if isinstance(self.target, bool) or not isinstance(self.target, int) or self.target < 1:
            raise RulesError(f"the target must be a whole number of points of at least 1, not {self.target!r}")
        if self.primiera_chart not in PRIMIERA_CHARTS:
            raise RulesError(
                f"unknown primiera chart {self.primiera_chart!r}: choose {' or '.join(PRIMIERA_CHARTS)}"
            )
        if self.deck_style not in DECK_STYLES:
            raise RulesError(f"unknown deck style {self.deck_style!r}: choose one of {', '.join(DECK_STYLES)}")
        preset = PRESETS.get(self.preset)
        if preset is not None and self.players not in preset.players:
            *head, last = map(str, preset.players)
            allowed = f"{', '.join(head)} or {last}" if head else last
            raise RulesError(f"the {self.preset} preset is for {allowed} players, not {self.players}")

    @property
    def n_sides(self) -> int:
        return len(self.sides)

    def side_of(self, seat: int) -> int:
        return seat % len(self.sides)

    @property
    def primiera_values(self) -> tuple[int, ...]:
        return PRIMIERA_CHARTS[self.primiera_chart]

    def to_dict(self) -> dict[str, Any]:
        """The ``rules`` object of a record's ``game_start`` line (RULES.md section 9)."""
        return {
            "players": self.players,
            "target": self.target,
            "sides": [list(s) for s in self.sides],
            "primiera_chart": self.primiera_chart,
            "redeal_three_kings": self.redeal_three_kings,
            "last_play_scopa": self.last_play_scopa,
            "primiera_requires_all_suits": self.primiera_requires_all_suits,
            # extensions of this implementation
            "preset": self.preset,
            "deck_style": self.deck_style,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        if not isinstance(data, dict):
            raise RulesError("rules must be an object")
        known = {f for f in cls.__dataclass_fields__ if f != "sides"}
        kwargs = {k: v for k, v in data.items() if k in known}
        for flag in ("redeal_three_kings", "last_play_scopa", "primiera_requires_all_suits"):
            if flag in kwargs and not isinstance(kwargs[flag], bool):
                raise RulesError(f"{flag} must be true or false, not {kwargs[flag]!r}")
        kwargs.setdefault("preset", "custom")
        rules = cls(**kwargs)
        if "sides" in data and [list(s) for s in rules.sides] != data["sides"]:
            raise RulesError(f"sides {data['sides']!r} do not match {rules.players} players")
        return rules


@dataclass(frozen=True)
class Preset:
    name: str
    players: tuple[int, ...]
    target: int
    primiera_chart: str
    redeal_three_kings: bool
    deck_style: str
    description: str


PRESETS: dict[str, Preset] = {}
PRESETS.update(
    {
        "standard": Preset("standard", (2, 3, 4, 6), 11, "standard", True, "italian",
                           "standard Italian rules"),
        "gamerules": Preset("gamerules", (2, 4), 11, "standard", True, "french",
                            "the GameRules.com sheet: 2 or 4 players, French deck"),
        "ludoteka": Preset("ludoteka", (2, 3, 4, 6), 11, "ludoteka", False, "italian",
                           "the Ludoteka sheet: Ludoteka primiera chart, no three-kings redeal"),
    }
)


def make_rules(preset: str = "standard", players: int = 2, target: int | None = None,
               deck_style: str | None = None, **options: Any) -> Rules:
    """Rules for a preset, with optional overrides.  Raises :class:`RulesError` on bad input."""
    p = PRESETS.get(preset)
    if p is None:
        raise RulesError(f"unknown preset {preset!r}: choose one of {', '.join(PRESETS)}")
    return Rules(
        players=players,
        target=p.target if target is None else target,
        primiera_chart=options.pop("primiera_chart", p.primiera_chart),
        redeal_three_kings=options.pop("redeal_three_kings", p.redeal_three_kings),
        deck_style=deck_style or p.deck_style,
        preset=preset,
        **options,
    )

