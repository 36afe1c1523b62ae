"""Rules, rule options and presets (README.md, Rules engine), and the variant of
the Scopa family with its house rules (:mod:`.variants`)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from .errors import RulesError
from .text import N_, _
from .words import either
from .variants import OPTION_DEFAULTS, OPTIONS, VARIANTS, Variant, get_variant, option_settings

PLAYER_COUNTS = (2, 3, 4, 6)
# The highest target a game of this app starts with (the new-game screen, the command line,
# the remembered choices, a table server); a record of another make may say more.
TARGET_MAX = 999
DECK_STYLES = ("italian", "spanish", "french", "french-numeric")  # display only: ui/card_render.py

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
    raise RulesError(_("Scopa is played by 2, 3, 4 or 6 players, not {players}").format(players=players))


@dataclass(frozen=True)
class Rules:
    """Every rule option (README.md, Rules engine), with its default, and the variant with its house rules.

    ``variant`` names one of :data:`.variants.VARIANTS`; the house rules are the boolean
    fields named by :data:`.variants.OPTIONS` (``re_bello`` ...).  An option the variant
    does not allow must keep its default.  ``redeal_three_kings`` is forced off for a
    variant without that rule (Escoba, Scopone scientifico).
    """

    players: int = 2
    target: int = 11
    primiera_chart: str = "standard"
    redeal_three_kings: bool = True
    last_play_scopa: bool = False
    primiera_requires_all_suits: bool = True
    deck_style: str = "italian"  # display only
    preset: str = "standard"
    variant: str = "scopa"
    re_bello: bool = False
    napola: bool = False
    ace_no_empty_sweep: bool = False
    setenta_primiera: bool = False
    sides: tuple[tuple[int, ...], ...] = field(init=False, compare=False)
    plain_scoring: bool = field(init=False, compare=False, repr=False)
    lean: tuple[int, int, int, int] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise RulesError(_("players must be a number, not {value}").format(value=repr(self.players)))
        v = get_variant(self.variant)
        if self.players not in v.players:
            # TRANSLATORS: {game} is a game's name (Scopone scientifico), {allowed} e.g. "2, 3, 4 or 6".
            raise RulesError(_("{game} is played by {allowed} players, not {players}").format(
                game=v.title, allowed=either(v.players), players=self.players))
        for opt in OPTIONS.values():
            value = getattr(self, opt.field)
            if not isinstance(value, bool):
                raise RulesError(f"{opt.field} must be true or false, not {value!r}")
            if opt.name not in v.options and value != OPTION_DEFAULTS[opt.field]:
                option_settings([opt.name], v.name)  # raises, naming the variants it is for
        if not v.kings_redeal:
            object.__setattr__(self, "redeal_three_kings", False)
        # Not fields: whether core.hand_points may take plain Scopa's fast path, and what
        # core.new_hand reads for each deal (the capture rule and the deal pattern).
        object.__setattr__(self, "plain_scoring", v.scoring == "scopa" and not self.re_bello and not self.napola)
        object.__setattr__(self, "lean", (v.rule, v.hand_cards, v.table_cards, v.redeal_cards))
        object.__setattr__(self, "sides", sides_for(self.players))
        if isinstance(self.target, bool) or not isinstance(self.target, int) or self.target < 1:
            raise RulesError(_("the target must be a whole number of points of at least 1, not {value}").format(
                value=repr(self.target)))
        if not isinstance(self.primiera_chart, str) or self.primiera_chart not in PRIMIERA_CHARTS:
            raise RulesError(
                f"unknown primiera chart {self.primiera_chart!r}: choose {' or '.join(PRIMIERA_CHARTS)}"
            )
        if self.deck_style not in DECK_STYLES:
            raise RulesError(f"unknown deck style {self.deck_style!r}: choose one of {', '.join(DECK_STYLES)}")
        if not isinstance(self.preset, str):  # a name: a preset's, "custom" or a newer version's
            raise RulesError(f"the preset must be a name, not {self.preset!r}")
        preset = PRESETS.get(self.preset)
        if preset is not None and self.players not in preset.players:
            # TRANSLATORS: {preset} is a rules preset's name as --preset takes it (ludoteka).
            raise RulesError(_("the {preset} preset is for {allowed} players, not {players}").format(
                preset=self.preset, allowed=either(preset.players), players=self.players))

    @property
    def n_sides(self) -> int:
        return len(self.sides)

    def side_of(self, seat: int) -> int:
        return seat % len(self.sides)

    @property
    def primiera_values(self) -> tuple[int, ...]:
        return PRIMIERA_CHARTS[self.primiera_chart]

    @property
    def variant_info(self) -> Variant:
        """The :class:`~.variants.Variant` of these rules (deal, capture rule, scoring)."""
        return VARIANTS[self.variant]

    @property
    def options(self) -> tuple[str, ...]:
        """The house rules that differ from their default, as ``--option`` takes them
        (``"re-bello"``, ``"no-primiera-all-suits"``): ``make_rules(..., options=rules.options)``
        gives these rules back."""
        out = []
        for name in self.variant_info.options:
            field_name = OPTIONS[name].field
            value = getattr(self, field_name)
            if value != OPTION_DEFAULTS[field_name]:
                out.append(name if value else f"no-{name}")
        return tuple(out)

    def to_dict(self) -> dict[str, Any]:
        """The ``rules`` object of a record's ``game_start`` line (docs/record-format.md)."""
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
            # the variant and its house rules (docs/record-format.md)
            "variant": self.variant,
            "re_bello": self.re_bello,
            "napola": self.napola,
            "ace_no_empty_sweep": self.ace_no_empty_sweep,
            "setenta_primiera": self.setenta_primiera,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        if not isinstance(data, dict):
            raise RulesError("rules must be an object")
        known = {f.name for f in fields(cls) if f.init}
        kwargs = {k: v for k, v in data.items() if k in known}
        for flag in ("redeal_three_kings", *OPTION_DEFAULTS):
            if flag in kwargs and not isinstance(kwargs[flag], bool):
                raise RulesError(f"{flag} must be true or false, not {kwargs[flag]!r}")
        kwargs.setdefault("preset", "custom")
        rules = cls(**kwargs)
        if "sides" in data and [list(s) for s in rules.sides] != data["sides"]:
            raise RulesError(f"sides {data['sides']!r} do not match {rules.players} players")
        return rules


@dataclass(frozen=True)
class Preset:
    """A named set of rules (``standard``, ``scopone``...): its player counts, target and defaults."""

    name: str
    players: tuple[int, ...]
    target: int
    primiera_chart: str
    redeal_three_kings: bool
    deck_style: str
    description: str  # marked for the catalogs: shown as _(description)


PRESETS: dict[str, Preset] = {}
PRESETS.update(
    {
        "standard": Preset("standard", (2, 3, 4, 6), 11, "standard", True, "italian",
                           N_("standard Italian rules")),
        "gamerules": Preset("gamerules", (2, 4), 11, "standard", True, "french",
                            N_("the GameRules.com sheet: 2 or 4 players, French deck")),
        "ludoteka": Preset("ludoteka", (2, 3, 4, 6), 11, "ludoteka", False, "italian",
                           N_("the Ludoteka sheet: Ludoteka primiera chart, no three-kings redeal")),
    }
)


def make_rules(preset: str = "standard", players: int = 2, target: int | None = None,
               deck_style: str | None = None, variant: str = "scopa", options=(), **overrides: Any) -> Rules:
    """Rules for a preset and a variant, with optional overrides.

    ``options`` are house-rule names as ``--option`` takes them (``"re-bello"``,
    ``"no-primiera-all-suits"``); the target defaults to the variant's (21 for Escoba).
    Raises :class:`RulesError` on bad input.
    """
    p = PRESETS.get(preset)
    if p is None:
        raise RulesError(_("unknown preset {name}: choose one of {choices}").format(
            name=repr(preset), choices=", ".join(PRESETS)))
    v = get_variant(variant)
    overrides = {**overrides, **option_settings(options, variant)}
    default_target = p.target if v.name == "scopa" else v.target
    return Rules(
        players=players,
        target=default_target if target is None else target,
        primiera_chart=overrides.pop("primiera_chart", p.primiera_chart),
        redeal_three_kings=overrides.pop("redeal_three_kings", p.redeal_three_kings),
        deck_style=deck_style or p.deck_style,
        preset=preset,
        variant=v.name,
        **overrides,
    )

