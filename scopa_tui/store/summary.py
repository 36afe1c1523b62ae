"""What a finished game's record says about one side: per-hand points and awards.

Computed from the record's ``game_start`` rules and ``hand_end`` lines alone
(docs/record-format.md), so the statistics can be rebuilt from any stored record.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.variants import VARIANTS


@dataclass(frozen=True)
class HandLine:
    """One hand as seen by one side."""

    hand: int
    points: int
    scope: int
    settebello: bool
    primiera: bool  # won the primiera point
    cards: bool  # won the cards point
    coins: bool  # won the coins point
    sevens: bool = False  # won Escoba's setenta (the most sevens)


def _strict_best(values: list, k: int) -> bool:
    mine = values[k]
    if mine is None:
        return False
    return all(v is None or v < mine for i, v in enumerate(values) if i != k)


def record_variant(start: dict[str, Any]) -> str:
    """The variant a record's ``game_start`` line names (``scopa`` when it names none or
    one this app does not know, as a record from before the variants reads)."""
    rules = start.get("rules")
    variant = rules.get("variant") if isinstance(rules, dict) else None
    return variant if isinstance(variant, str) and variant in VARIANTS else "scopa"


def _setenta(sides: list[dict[str, Any]], side: int, tie_by_primiera: bool) -> bool:
    """Whether ``side`` won Escoba's point for the most sevens (a tie goes to the better
    primiera among the tied with the ``setenta_primiera`` option, else to nobody)."""
    sevens = [s.get("sevens", 0) for s in sides]
    if _strict_best(sevens, side):
        return True
    best = max(sevens)
    if not tie_by_primiera or sevens[side] != best:  # (then tied with another side)
        return False
    return _strict_best([s.get("primiera") if v == best else None for s, v in zip(sides, sevens)], side)


def hand_lines(events: list[dict[str, Any]], side: int) -> list[HandLine]:
    """Per-hand results of ``side`` from a game's record lines (dicts), ``game_start`` first.

    Escoba has no primiera point but the setenta (docs/record-format.md, ``hand_end``)."""
    start = events[0] if events and events[0].get("event") == "game_start" else {}
    escoba = VARIANTS[record_variant(start)].scoring == "escoba"
    tie_by_primiera = escoba and start["rules"].get("setenta_primiera") is True
    out = []
    for obj in events:
        if obj.get("event") != "hand_end":
            continue
        sides = obj["sides"]
        me = sides[side]
        out.append(HandLine(
            hand=int(obj["hand"]), points=int(me.get("points", 0)), scope=int(me.get("scope", 0)),
            settebello=bool(me.get("settebello")),
            primiera=not escoba and _strict_best([s.get("primiera") for s in sides], side),
            cards=_strict_best([s.get("cards") for s in sides], side),
            coins=_strict_best([s.get("coins") for s in sides], side),
            sevens=escoba and _setenta(sides, side, tie_by_primiera)))
    return out
