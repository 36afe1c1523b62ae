"""The help's rules as the rules of the game on screen make them: the paragraphs of
:func:`.help.rules_text` that an option of :data:`scopa_tui.engine.variants.OPTIONS`, the
game's target, its three-Kings redeal or its table (who plays with whom) change.

Each says what the engine does with the option (engine/core.py, engine/scoring.py): a
sweep with the hand's last card is a scopa under ``last-play-scopa`` (``is_scopa``); a side
without some suit still has a primiera, its best cards of the suits it took, when
``primiera-all-suits`` is off (``primiera``); the re bello and the napola score as
``hand_points`` adds them; Escoba's tie for the most sevens goes to the better primiera
under ``setenta-primiera`` (where a side without some suit has no primiera unless
``primiera-all-suits`` is off), and is nobody's point without it (``_setenta``); Scopa d'Assi's
Ace may not be laid on an empty table while the hand holds a card that is not an Ace under
``ace-no-empty-sweep`` (``HandState.playable``).  The game is won at its own target
(``Rules.target``, ``Game``'s end of a hand), and a table of three or more Kings is dealt
again only under ``Rules.redeal_three_kings`` (``Game``'s deal), where the variant voids such
a deal at all.  Outside a game (no rules) the help keeps its general paragraphs, which name
the house rules without saying whether they are on, the variant's usual target and the
presets that redeal.
"""

from __future__ import annotations

from ...engine import OPTIONS, Rules, parse_card
from ...engine.text import _, ngettext, pgettext
from ...engine.words import elides
from ..card_render import DeckStyle
from ..wrapping import glued
from .help_variants import table_text


def house_paragraphs(rules: Rules, deck: DeckStyle) -> dict[str, str | None]:
    """The paragraphs of the help that the house rules, the target and the redeal of
    ``rules`` change, by their key in :func:`.help.rules_text`; ``None`` drops a paragraph
    (the primiera charts of an Escoba game where the primiera decides nothing)."""
    escoba = rules.variant_info.scoring == "escoba"
    out: dict[str, str | None] = {"winning": ngettext(
        "**Winning.** First to {target} point at the end of a hand; if the top is tied, another "
        "hand is played.",
        "**Winning.** First to {target} points at the end of a hand; if the top is tied, another "
        "hand is played.", rules.target).format(target=rules.target),
        "partners": table_text(rules.players)}  # this game's table, its partners if it has any
    if rules.variant_info.kings_redeal:
        # TRANSLATORS: {kings} is the 10s of the deck in the plural (Re, Reyes, Kings).
        out["redeal"] = (_("A table with three or more {kings} is dealt again.") if rules.redeal_three_kings else
                         _("A table with three or more {kings} stays as dealt: this game does not "
                           "deal it again.")).format(kings=deck.kings())
    if rules.last_play_scopa:
        out["sweep"] = (
            # TRANSLATORS: escoba keeps its Spanish name; {option} is the house rule's name.
            _("**Escoba.** Taking every card on the table is an *escoba*: 1 point, with the very "
              "last play of the hand too (house rule *{option}*). At the end of a hand the cards "
              "left on the table go to whoever captured last (the dealer's escoba of a deal counts "
              "as a capture).") if escoba else
            # TRANSLATORS: scopa (plural scope) keeps its Italian name; {option} is the house rule's name.
            _("**Scopa.** Taking every card on the table is a *scopa* (plural *scope*): 1 point, with "
              "the very last play of the hand too (house rule *{option}*). At the end of a hand the "
              "cards left on the table go to whoever captured last.")).format(option=_title("last-play-scopa", rules.variant))
    if rules.ace_no_empty_sweep:
        out["ace"] = _("**The Ace** is the exception: it takes the whole table, whatever is on it, "
                       "and that is no scopa. If an Ace is on the table, your Ace must take one of "
                       "them by match instead (a scopa, if that empties the table). On an empty "
                       "table you may not play an Ace while you hold another card (house rule "
                       "*{option}*); with only Aces in your hand, it is laid there.").format(
            option=_title("ace-no-empty-sweep"))
    if escoba:
        out.update(_escoba_scoring(rules, deck))
    elif not rules.primiera_requires_all_suits:
        out["scoring"] = _scoring_any_suits(deck)
    points = _house_points(rules, deck)
    if points:
        out["house_points"] = points
    return out


def _title(option: str, variant: str = "scopa") -> str:
    """A house rule's name as the new-game screen shows it for ``variant``."""
    return _(OPTIONS[option].title_in(variant))


def scoring_fields(deck: DeckStyle) -> dict[str, str]:
    """The fields of a scoring paragraph: the point of the most coins, their seven (its name on
    one row: not "7 di" over "Denari"), the star."""
    return {"most_coins": _most_coins(deck.suit_word("d")), "settebello": glued(deck.card_name(parse_card("7d"))),
            "star": _("a star") if deck.ascii else "★"}


def _most_coins(coins: str) -> str:
    """The point of the most cards of ``coins`` (the deck's name of the suit), as the language
    says it before that name (README.md, Languages: French "le plus d'**Oros**")."""
    if elides(coins):
        # TRANSLATORS: as "most **{coins}**" (context "elided"), where {coins} (Oros) begins
        # with a sound your language elides the word before: French "le plus d'**Oros**".
        # Other languages never show it: write it as the plain message.
        return pgettext("elided", "most **{coins}**").format(coins=coins)
    # TRANSLATORS: a point of the help's "Scoring each hand": the most cards of the suit of
    # coins; {coins} is its name in this deck (Denari, Oros, Diamonds), in bold (**…**).
    return _("most **{coins}**").format(coins=coins)


def _scoring_any_suits(deck: DeckStyle) -> str:
    """Scopa's points when a primiera needs no card of every suit."""
    # TRANSLATORS: as the help's other "Scoring each hand" paragraph; {option} is the house rule's name.
    return _("**Scoring each hand.** 1 point each for: most **cards**; {most_coins}; the "
             "**settebello** (the {settebello}, drawn with a double border and {star}); the best "
             "**primiera**: your best card of each suit, added up by the chart of the game (a side "
             "that took no card of some suit adds up the suits it has: the house rule *{option}* is "
             "off). Sevens, sixes and aces have a heavy border. A tie scores nothing. Plus 1 per "
             "scopa. The two primiera charts:").format(option=_title("primiera-all-suits"),
                                                        **scoring_fields(deck))


def _escoba_scoring(rules: Rules, deck: DeckStyle) -> dict[str, str | None]:
    """Escoba's points, saying whether the primiera breaks a tie for the most sevens and, where
    it does, what a side missing a suit adds up (``primiera-all-suits``)."""
    fields = {**scoring_fields(deck), "option": _title("setenta-primiera")}
    all_suits = _title("primiera-all-suits")
    if rules.setenta_primiera:
        if rules.primiera_requires_all_suits:
            suits = _("A side that took no card of some suit has no primiera; if no tied side has one, "
                      "or if theirs are tied too, nobody scores the setenta.")
        else:
            # TRANSLATORS: {option} is the house rule's name (Primiera needs all suits).
            suits = _("A side that took no card of some suit adds up the suits it has (the house rule "
                      "*{option}* is off); if the primiera is tied too, nobody scores the setenta.").format(
                option=all_suits)
        # TRANSLATORS: as the help's other "Scoring each hand" paragraphs of Escoba; {suits}
        # is a sentence on the primiera of a side missing a suit.
        return {"scoring": _(
            "**Scoring each hand.** 1 point each for: most **cards**; {most_coins}; the "
            "**velo**, the {settebello} (drawn with a double border and {star}); the **setenta**, "
            "most **sevens** (sevens, like sixes and aces, have a heavy border). A tie scores "
            "nothing, but a tie for the most sevens goes to the better primiera (house rule "
            "*{option}*: your best card of each suit, added up by the chart of the game). {suits} "
            "Plus 1 per escoba. There is no primiera point. The two primiera charts:").format(
            suits=suits, **fields)}
    scoring = _(
        "**Scoring each hand.** 1 point each for: most **cards**; {most_coins}; the **velo**, "
        "the {settebello} (drawn with a double border and {star}); the **setenta**, most "
        "**sevens** (sevens, like sixes and aces, have a heavy border). A tie scores nothing, a "
        "tie for the most sevens too (the house rule *{option}* is off). Plus 1 per escoba. There "
        "is no primiera point.").format(**fields)
    if not rules.primiera_requires_all_suits:
        # TRANSLATORS: {option} is the house rule's name (Primiera needs all suits).
        scoring += " " + _("The primiera decides nothing, so the house rule *{option}* being off changes "
                           "nothing.").format(option=all_suits)
    return {"charts": None, "scoring": scoring}


def _house_points(rules: Rules, deck: DeckStyle) -> str:
    """The points the re bello and the napola add, where they are played."""
    points = []
    if rules.re_bello:
        # TRANSLATORS: re bello keeps its Italian name; {king} is the King of coins in this deck.
        points.append(_("**Re bello** (house rule): 1 point for the side that takes the {king}.").format(
            king=glued(deck.card_name(parse_card("10d")))))
    if rules.napola:
        coins = deck.suit_word("d")
        if elides(coins):
            # TRANSLATORS: as the napola's rule (context "elided"), where {coins} (Oros) begins
            # with a sound your language elides the word before: French "l'As, le 2 et le 3
            # d'Oros". Other languages never show it: write it as the plain message.
            napola = pgettext("elided", "**Napola** (house rule): a side that takes the Ace, 2 and 3 of {coins} "
                              "scores 3 points, one more for each card of {coins} after the 3 in an "
                              "unbroken run (4 with the 4, 5 with the 4 and 5, …).")
        else:
            # TRANSLATORS: napola keeps its Italian name; {coins} is the suit of coins in this deck.
            napola = _("**Napola** (house rule): a side that takes the Ace, 2 and 3 of {coins} "
                       "scores 3 points, one more for each card of {coins} after the 3 in an "
                       "unbroken run (4 with the 4, 5 with the 4 and 5, …).")
        points.append(napola.format(coins=coins))
    return " ".join(points)
