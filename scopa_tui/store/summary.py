"""What a finished game's record says about one side: per-hand points and awards.

Computed from the record's ``hand_end`` lines alone (docs/record-format.md), so the
statistics can be rebuilt from any stored record.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


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


def _strict_best(values: list, k: int) -> bool:
    mine = values[k]
    if mine is None:
        return False
    return all(v is None or v < mine for i, v in enumerate(values) if i != k)


def hand_lines(events: list[dict[str, Any]], side: int) -> list[HandLine]:
    """Per-hand results of ``side`` from a game's record lines (dicts)."""
    out = []
    for obj in events:
        if obj.get("event") != "hand_end":
            continue
        sides = obj["sides"]
        me = sides[side]
        out.append(HandLine(
            hand=int(obj["hand"]), points=int(me.get("points", 0)), scope=int(me.get("scope", 0)),
            settebello=bool(me.get("settebello")),
            primiera=_strict_best([s.get("primiera") for s in sides], side),
            cards=_strict_best([s.get("cards") for s in sides], side),
            coins=_strict_best([s.get("coins") for s in sides], side)))
    return out
