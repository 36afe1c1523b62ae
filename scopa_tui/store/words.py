"""Words the saved data is shown with: the AI levels kept in saves and in the history
("medium", "hard:time=0.5", "cmd:python bot.py") named in the player's language, and the
rules' words a game and its replay share (a sweep, Escoba's sweep of the table dealt)."""

from __future__ import annotations

from ..engine.text import N_, _, ngettext, pgettext

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


def sweep_word(name: str, count: int = 1) -> str:
    """A sweep as the variant calls it (``rules.variant_info.sweep_name``): scopa (scope),
    escoba (escobas).  The rules' own word, the same in every language."""
    return name if count == 1 else {"scopa": "scope"}.get(name, name + "s")


def deal_sweep_text(total: int, escobas: int, dealer: str | None) -> str:
    """Escoba: the table dealt adds up to 15 (or 30) and goes to the dealer (None: the player)."""
    if dealer is None:
        text = ngettext("The table adds up to {total}: an escoba for you",
                        "The table adds up to {total}: {n} escobas for you", escobas)
    else:
        text = ngettext("The table adds up to {total}: an escoba for {name}",
                        "The table adds up to {total}: {n} escobas for {name}", escobas)
    return text.format(total=total, n=escobas, name=dealer)
