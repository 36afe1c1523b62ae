"""Lists in words, in the player's language: ``"6c or 6s"``, ``"2, 3, 4 or 6"``,
``"You and Anna"`` (the messages themselves: :mod:`.text`)."""

from __future__ import annotations

from .text import pgettext


def either(items) -> str:
    """Alternatives: ``"6c or 6s"``, ``"2, 3, 4 or 6"``."""
    items = [str(x) for x in items]
    if len(items) == 1:
        return items[0]
    # TRANSLATORS: the last of a list of alternatives: {items} is "2, 3, 4" (or a single
    # item), {last} is "6": "2, 3, 4 or 6"; also cards, "6c or 6s".
    return pgettext("alternatives", "{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def both(items) -> str:
    """All of them: ``"You and Anna"``, ``"Anna, Bruno and Carla"``."""
    items = [str(x) for x in items]
    if len(items) == 1:
        return items[0]
    # TRANSLATORS: the last of a list: {items} is "Anna, Bruno" (or one name), {last} "Carla".
    return pgettext("list", "{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])
