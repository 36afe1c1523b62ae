"""Words the saved data is shown with: the AI levels kept in saves and in the history
("medium", "hard:time=0.5", "cmd:python bot.py") named in the player's language."""

from __future__ import annotations

from ..engine.text import N_, _, pgettext

# TRANSLATORS: the AI levels, as the new-game screen, the statistics and the history name them.
LEVELS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"),
          "random": N_("random")}


def level_word(spec: str) -> str:
    """An AI spec as the player reads it: a level's name translated (``hard:time=0.5`` keeps
    its settings), an external bot as ``bot``; anything else (``greedy``, ``pimc``) as it is."""
    name, sep, rest = spec.partition(":")
    if name == "cmd":
        return pgettext("opponent", "bot")
    if name in LEVELS:
        return _(LEVELS[name]) + sep + rest
    return spec
