"""The Scopa family as data: variants and house-rule options (issue 11).

One model plays every game of the family; a :class:`Variant` says what differs:

* the deal pattern: ``hand_cards`` to each seat and ``table_cards`` to the table on the
  first deal of a hand, then ``redeal_cards`` more each whenever the hands run out
  (``0``: the first deal gives out the whole deck, as in Scopone);
* the capture rule (``capture``): ``"scopa"`` (a match, or a set of cards adding up to
  the card's rank; a match beats a sum), ``"escoba"`` (any set of table cards that *with
  the played card* adds up to 15) or ``"assi"`` (Scopa, but an Ace takes the whole
  table unless an Ace is on it, which it then takes by match);
* whether a player able to capture must (``compulsory``);
* the scoring (``scoring``): ``"scopa"`` (cards, coins, settebello, primiera, scope) or
  ``"escoba"`` (cards, oros, the siete de oros, the sevens or *setenta*, escobas);
* the players it allows and its default target.

:class:`Option` is a house rule; each is a boolean field of
:class:`~.rules.Rules` and is allowed by the variants that list it.

How a UI reads it (the new-game screen, the scoring screen, help)::

    from scopa_tui.engine.variants import VARIANTS, OPTIONS, CATEGORY_NAMES
    for v in VARIANTS.values():        # in menu order: v.name, v.title, v.players,
        ...                            # v.target, v.options, v.summary
    OPTIONS["re-bello"].title          # "Re bello"; .field is the Rules field
    rules = make_rules("standard", players=4, variant="scopone-scientifico",
                       options=("napola",))
    rules.variant, rules.options       # "scopone-scientifico", ("napola",): the house
                                       # rules that differ from their defaults
    rules.variant_info.sweep_name      # "scopa" or "escoba"
    score.awards                       # Award(point, side, reason, value): point is one
                                       # of the variant's ``categories`` ("cards", "coins",
                                       # "settebello", "primiera", "sevens") or an option's
                                       # ("re_bello", "napola"); CATEGORY_NAMES names them

A variant's name is what ``--variant`` takes and what a record's ``rules.variant`` says
(docs/record-format.md); an option's name is what ``--option`` takes.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RulesError
from .text import N_, _


@dataclass(frozen=True)
class Variant:
    """One game of the Scopa family (see the module docstring for each field)."""

    name: str
    title: str
    players: tuple[int, ...]
    target: int
    hand_cards: int
    table_cards: int
    redeal_cards: int
    capture: str  # "scopa", "escoba" or "assi"
    compulsory: bool
    scoring: str  # "scopa" or "escoba"
    options: tuple[str, ...]  # the house rules this variant allows (OPTIONS' names)
    # One short paragraph for help and the README, marked for the catalogs: shown as
    # _(summary).  The title is the game's own name, the same in every language.
    summary: str
    # Whether three or more Kings among the table cards of a deal void it (the rules'
    # redeal_three_kings): only where four cards are laid and a King cannot be summed.
    kings_redeal: bool = True

    @property
    def categories(self) -> tuple[str, ...]:
        """The points of a hand besides the sweeps, as ``Award.point`` names them."""
        if self.scoring == "escoba":
            return ("cards", "coins", "settebello", "sevens")
        return ("cards", "coins", "settebello", "primiera")

    @property
    def rule(self) -> int:
        """The capture rule as the lean core numbers it (engine.core: 0 Scopa, 1 Escoba, 2 Assi)."""
        return ("scopa", "escoba", "assi").index(self.capture)

    @property
    def default_players(self) -> int:
        """2, or the only count the variant allows (4 for Scopone)."""
        return 2 if 2 in self.players else self.players[0]

    @property
    def sweep_name(self) -> str:
        """What a sweep is called: ``"scopa"`` or ``"escoba"`` (plural ``scope``/``escobas``)."""
        return "escoba" if self.scoring == "escoba" else "scopa"


@dataclass(frozen=True)
class Option:
    """A house rule: ``--option NAME`` sets the :class:`~.rules.Rules` field ``field``."""

    name: str
    field: str
    title: str  # marked for the catalogs: shown as _(title)
    summary: str  # marked for the catalogs: shown as _(summary)
    # Escoba's words for the rule, whose sweep is an escoba (marked for the catalogs).
    escoba_title: str = ""
    escoba_summary: str = ""

    def title_in(self, variant: str = "scopa") -> str:
        """The rule's name (a message to translate) as ``variant`` calls it."""
        return self.escoba_title if self.escoba_title and VARIANTS[variant].scoring == "escoba" else self.title

    def summary_in(self, variant: str = "scopa") -> str:
        """What the rule does (a message to translate), in ``variant``'s words."""
        return (self.escoba_summary if self.escoba_summary and VARIANTS[variant].scoring == "escoba"
                else self.summary)


_SCOPA_HOUSE = ("re-bello", "napola", "last-play-scopa", "primiera-all-suits")

VARIANTS: dict[str, Variant] = {v.name: v for v in (
    Variant("scopa", "Scopa", (2, 3, 4, 6), 11, 3, 4, 3, "scopa", True, "scopa", _SCOPA_HOUSE,
            N_("3 cards each and 4 on the table. Take a card of the same rank, or cards adding up to "
               "yours (a match beats a sum); taking is compulsory. Points: cards, coins, settebello, "
               "primiera and each scopa.")),
    Variant("scopone-scientifico", "Scopone scientifico", (4,), 11, 10, 0, 0, "scopa", True, "scopa",
            _SCOPA_HOUSE,
            N_("4 players in two partnerships; all 40 cards are dealt, 10 each, none on the table, so "
               "the first player cannot take anything. Captures and points as in Scopa."),
            kings_redeal=False),
    Variant("scopone-classico", "Scopone classico", (4,), 11, 9, 4, 0, "scopa", True, "scopa",
            _SCOPA_HOUSE,
            N_("4 players in two partnerships; 9 cards each and 4 on the table, no more deals. "
               "Captures and points as in Scopa.")),
    Variant("escoba", "Escoba", (2, 3, 4, 6), 21, 3, 4, 3, "escoba", False, "escoba",
            ("re-bello", "napola", "last-play-scopa", "primiera-all-suits", "setenta-primiera"),
            # {faces} is the deck's 8, 9 and 10 ("Sota 8, Caballo 9, Rey 10"): help_variants.summary.
            N_("3 cards each and 4 on the table. Take any set of table cards that with your card adds "
               "up to 15 ({faces}); taking is not compulsory. If the 4 cards dealt to the table add up to 15 "
               "(or 30) the dealer takes them as one (or two) escobas. Points: each escoba, most "
               "cards, most coins, the 7 of coins (velo) and most sevens (setenta)."),
            kings_redeal=False),
    Variant("scopa-d-assi", "Scopa d'Assi", (2, 3, 4, 6), 11, 3, 4, 3, "assi", True, "scopa",
            _SCOPA_HOUSE + ("ace-no-empty-sweep",),
            N_("Scopa, but an Ace takes the whole table (no scopa) unless an Ace is on the table, "
               "which it then takes by match.")),
)}

# Titles and summaries are marked for the catalogs (N_) and shown as _(title), _(summary);
# Re bello and Napola are the rules' own names, the same in every language.
OPTIONS: dict[str, Option] = {o.name: o for o in (
    Option("re-bello", "re_bello", "Re bello",
           N_("the King of coins scores a point for the side that takes it")),
    Option("napola", "napola", "Napola",
           N_("a side that takes the Ace, 2 and 3 of coins scores 3, one more for each coin "
              "after the 3 in an unbroken run (4 with the 4, 5 with the 4 and 5, ...)")),
    Option("last-play-scopa", "last_play_scopa", N_("Scopa on the last play"),
           N_("a sweep with the last card of a hand counts as a scopa"),
           N_("Escoba on the last play"), N_("a sweep with the last card of a hand counts as an escoba")),
    Option("primiera-all-suits", "primiera_requires_all_suits", N_("Primiera needs all suits"),
           N_("a side that took no card of some suit has no primiera (on by default; "
              "--option no-primiera-all-suits turns it off)")),
    Option("ace-no-empty-sweep", "ace_no_empty_sweep", N_("No Ace on an empty table"),
           N_("an Ace may not be played on an empty table (to sweep nothing) while the hand "
              "holds a card that is not an Ace")),
    Option("setenta-primiera", "setenta_primiera", N_("Setenta tie by primiera"),
           N_("a tie for the most sevens goes to the better primiera")),
)}

# What the UI calls each Award.point (the variant's categories and the options' points).
# Marked for the catalogs: shown as _(CATEGORY_NAMES[point]) (settebello, primiera,
# setenta, re bello and napola are the rules' own names, the same in every language).
CATEGORY_NAMES = {
    "cards": N_("cards"), "coins": N_("coins"), "settebello": "settebello", "primiera": "primiera",
    "sevens": "setenta", "re_bello": "re bello", "napola": "napola",
}

# The Rules fields that are options: their defaults (Rules uses the same ones).
OPTION_DEFAULTS = {"re_bello": False, "napola": False, "last_play_scopa": False,
                   "primiera_requires_all_suits": True, "ace_no_empty_sweep": False,
                   "setenta_primiera": False}


def _choices(names) -> str:
    return ", ".join(names)


def get_variant(name: str) -> Variant:
    """The variant called ``name``; :class:`RulesError` listing the choices otherwise."""
    v = VARIANTS.get(name) if isinstance(name, str) else None
    if v is None:
        raise RulesError(_("unknown variant {name}: choose one of {choices}").format(
            name=repr(name), choices=_choices(VARIANTS)))
    return v


def option_settings(names, variant: str = "scopa") -> dict[str, bool]:
    """Rules fields for option names as ``--option`` takes them.

    ``NAME`` turns an option on, ``no-NAME`` off.  Raises :class:`RulesError` for an
    unknown name (listing the choices) or one the variant does not allow.
    """
    v = get_variant(variant)
    out: dict[str, bool] = {}
    for raw in names:
        name = raw.strip().lower() if isinstance(raw, str) else raw
        on = True
        if isinstance(name, str) and name.startswith("no-") and name[3:] in OPTIONS:
            name, on = name[3:], False
        opt = OPTIONS.get(name) if isinstance(name, str) else None
        if opt is None:
            raise RulesError(_("unknown option {name}: choose from {choices} (no-NAME turns one off)").format(
                name=repr(raw), choices=_choices(OPTIONS)))
        if name not in v.options:
            allowed = [n for n, x in VARIANTS.items() if name in x.options]
            # TRANSLATORS: {name} is a house rule as --option takes it, {game} a game (Escoba),
            # {games} the games it is for (as --variant takes them).
            raise RulesError(_("the option {name} is not played in {game}: it is for {games}").format(
                name=name, game=v.title, games=_choices(allowed)))
        out[opt.field] = on
    return out
