"""Words the saved data is shown with: the AI levels kept in saves and in the history
("medium", "hard:time=0.5", "cmd:python bot.py") named in the player's language, and the
rules' words a game and its replay share (a sweep, Escoba's sweep of the table dealt)."""

from __future__ import annotations

from ..engine.text import N_, _, ngettext, pgettext
from ..engine.words import clean_text

# TRANSLATORS: the AI levels, as the new-game screen, the lobby, the seats, the statistics and
# the history name them: after a seat's name ("Anna: medium"), after "AI" and after "opponent:",
# so a word that reads the same with any of them (Italian "normale", not "medio" or "media").
LEVELS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"),
          "random": N_("random")}


def level_word(spec: str) -> str:
    """An AI spec as the player reads it: a level's name translated (``hard:time=0.5`` keeps
    its settings), an external bot as ``bot``; anything else (``greedy``, ``pimc``) as it is."""
    name, sep, rest = spec.partition(":")
    if name == "cmd":
        return pgettext("opponent", "bot")
    if name in LEVELS:
        return _(LEVELS[name]) + clean_text(sep + rest)
    return clean_text(spec)  # from a file (a save, the history): nothing the terminal would obey


# TRANSLATORS: the rules most play by (--preset standard), on the new-game form under "Rules"
# and before their description ("standard: standard Italian rules."), and in the game's top
# bar. The others are named after their sheets (gamerules, ludoteka) and stay as they are.
PRESET_WORDS = {"standard": N_("standard")}


def preset_word(name: str) -> str:
    """The preset ``name`` as the player reads it (the new-game form, the top bar)."""
    return _(PRESET_WORDS[name]) if name in PRESET_WORDS else name


def sweep_count(name: str, n: int) -> str:
    """``n`` sweeps of the variant (``rules.variant_info.sweep_name``) as a count the
    language says: "1 scopa", "2 scope"; Escoba's "1 escoba", "2 escobas".  The word is the
    rules' own in every language; its number and the order are the language's."""
    if name == "escoba":
        # TRANSLATORS: a count of Escoba's sweeps (the score panel, the seats, the replay):
        # "escoba" is the rules' own word; keep it, in its singular and plural.
        return ngettext("{n} escoba", "{n} escobas", n).format(n=n)
    # TRANSLATORS: a count of sweeps (the score panel, the seats, the replay): "scopa",
    # plural "scope", is the rules' own word; keep it, in its singular and plural.
    return ngettext("{n} scopa", "{n} scope", n).format(n=n)


def deal_sweeps_word(n: int) -> str:
    """The dealer's escobas on the deal (they have no card), before the sweeping cards of a
    count (the scoring, the score panel): ``deal``, ``2× deal``."""
    if n > 1:
        # TRANSLATORS: Escoba: the dealer's {n} escobas when the table dealt adds up to 15 or 30.
        return _("{n}× deal").format(n=n)
    # TRANSLATORS: Escoba: the dealer's escoba when the table dealt adds up to 15.
    return pgettext("escoba on the deal", "deal")


def deal_sweep_text(total: int, escobas: int, dealer: str | None) -> str:
    """Escoba: the table dealt adds up to 15 (or 30) and goes to the dealer (None: the player)."""
    if dealer is None:
        text = ngettext("The table adds up to {total}: an escoba for you",
                        "The table adds up to {total}: {n} escobas for you", escobas)
    else:
        text = ngettext("The table adds up to {total}: an escoba for {name}",
                        "The table adds up to {total}: {n} escobas for {name}", escobas)
    return text.format(total=total, n=escobas, name=dealer)
