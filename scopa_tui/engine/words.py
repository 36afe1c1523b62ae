"""Lists in words, in the player's language: ``"6c or 6s"``, ``"2, 3, 4 or 6"``,
``"You and Anna"``, a side of partners ``"You & Carla"`` (the messages themselves:
:mod:`.text`)."""

from __future__ import annotations

import unicodedata

from .text import _, pgettext

# Unicode categories taken out of a name read from outside (a record, a save, the history, a
# server): control characters (ESC, BEL, CR: what a terminal would obey) and line and
# paragraph separators become spaces; format characters (bidi overrides, zero-width marks),
# private use, surrogates and unassigned code points are removed.
_SPACED = frozenset({"Cc", "Zl", "Zp"})
_REMOVED = frozenset({"Cf", "Co", "Cs", "Cn"})


def clean_text(text: str) -> str:
    """``text`` without control and format characters, runs of white space made one space:
    a name or a line from a file or a server as it may be shown (``"\\x1b[2JAnna"`` would
    clear the player's terminal and ``"\\x1b]0;…\\x07"`` set its title)."""
    if text.isprintable() and "  " not in text and text == text.strip():
        return text  # the usual name: nothing to take out
    kept = []
    for ch in text:
        category = unicodedata.category(ch)
        if category in _SPACED:
            kept.append(" ")
        elif category not in _REMOVED:
            kept.append(ch)
    return " ".join("".join(kept).split())


NAME_MOST = 24  # characters of a name as shown: as long as a name at an online table may be


def shown_name(text: str, most: int = NAME_MOST) -> str:
    """A seat's name read from outside (a record, a save, the history, a server) as it may be
    shown: :func:`clean_text`, and cut to ``most`` characters with "…" (a record's name of
    5,000 letters filled the replay's screen)."""
    text = clean_text(text)
    return text if len(text) <= most else text[:most - 1].rstrip() + "…"


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


def both_sides(names, pairs: bool) -> str:
    """Sides in a list: ``"You and Anna"``; sides of partners (``pairs``), whose names say
    "and" already, with a slash between them: ``"Tu e Dario / Anna e Elena"``."""
    names = [str(x) for x in names]
    return " / ".join(names) if pairs else both(names)


def side_name(names) -> str:
    """A side's name from its seats' names, as the player's language writes a pair of
    partners: ``"Anna"``, ``"You & Carla"`` (the player first), ``"Anna & Bruno"``; in
    Tagalog ``"Ikaw at si Carla"``.  ``names`` are as shown: the player's is "You" in the
    language in use."""
    names = [str(x) for x in names]
    if len(names) == 1:
        return names[0]
    you = _("You")
    if you in names:  # a side is two seats at most (README.md, Variants and house rules)
        partner = next((x for x in names if x != you), you)
        # TRANSLATORS: the player's side in a game of partners; {partner} is the partner's
        # name ("Carla"). Write it as your language joins "you" and a name.
        return pgettext("side", "You & {partner}").format(partner=partner)
    # TRANSLATORS: a side of two partners other than the player: "Anna & Bruno".
    return pgettext("side", "{first} & {second}").format(first=names[0], second=names[1])
