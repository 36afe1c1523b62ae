"""The help's rules for the other games of the Scopa family: the paragraphs of
:func:`.help.rules_text` that a variant changes, as the engine plays it.

Each variant's differences come from its data (:mod:`scopa_tui.engine.variants`: the deal
pattern, the capture rule, the scoring, the players) and say only what the engine does:
Scopone deals the whole deck at once (10 each and no table cards, or 9 each and 4 on the
table); Scopa d'Assi's Ace takes the whole table, no scopa, unless an Ace is on it, taken
by match; Escoba takes sets that make 15 with the card played, never compulsorily, gives
the dealer the table cards of a deal adding up to 15 or 30 as one or two escobas, and
scores the velo and the setenta in place of the settebello and the primiera (said by
help_house.py, with its house rule for a tie of sevens).  Plain Scopa changes nothing: its
help stays as it was.
"""

from __future__ import annotations

from ...engine.text import _
from ...engine.variants import Variant
from ..card_render import _french_rank


def summary(variant: Variant, deck) -> str:
    """``variant``'s rules in short, in the player's language, the figures named as ``deck``
    (a :class:`~..card_render.DeckStyle`) names them: Escoba's "Sota 8, Caballo 9, Rey 10"
    with the Spanish deck; a deck that prints numbers on them takes the French deck's words."""
    def word(rank: int) -> str:
        return deck.rank_word(rank) or (_french_rank(rank) or str(rank))
    faces = ", ".join(f"{word(r)} {r}" for r in (8, 9, 10))
    return _(variant.summary).replace("{faces}", faces)


def variant_paragraphs(variant: Variant) -> dict[str, str | None]:
    """The paragraphs of the help that ``variant`` says differently from Scopa, by their
    key in :func:`.help.rules_text` (``heading``, ``deal``, ``turn``, ``ace``, ``sweep``,
    ``partners``; ``redeal`` is ``None`` where no deal is voided by three Kings); empty for
    plain Scopa.  The target is the variant's in Scopa's own words (help.py)."""
    if variant.name == "scopa":
        return {}
    # TRANSLATORS: the help's title for a game of the family, {game} its name (Escoba,
    # Scopone scientifico, Scopa d'Assi), which stays as it is.
    out = {"heading": _("# {game} in short").format(game=_(variant.title))}
    if variant.capture == "escoba":
        out.update(_escoba())
    if variant.redeal_cards == 0:
        out["deal"] = _whole_deck_deal(variant)
    if not variant.kings_redeal:
        out["redeal"] = None
    if variant.capture == "assi":
        out["ace"] = _("**The Ace** is the exception: it takes the whole table, whatever is on it, "
                       "and that is no scopa. If an Ace is on the table, your Ace must take one "
                       "of them by match instead (a scopa, if that empties the table). An Ace "
                       "played on an empty table is laid there.")
    if len(variant.players) == 1:  # Scopone: always four, in two pairs
        out["partners"] = table_text(variant.players[0])
    return out


def table_text(players: int) -> str:
    """Who plays with whom at a table of ``players``: the help of a game says its own table
    (help_house.py), where the general help says every table."""
    if players == 2:
        return _("You play against one opponent.")
    if players == 3:
        return _("You play against two opponents, each on their own.")
    if players == 4:
        return _("You play with your partner, sitting opposite you, against the other two: "
                 "partners share their captures and their points.")
    # TRANSLATORS: a game of 6 players.
    return _("You play with your partner, sitting opposite you, against two other pairs: "
             "partners share their captures and their points.")


def _whole_deck_deal(variant: Variant) -> str:
    """Scopone's deal: the whole deck at once, with or without table cards."""
    if not variant.table_cards:
        return _("**Deal.** Each player gets {hand} cards and none go on the table: the whole deck "
                 "is dealt at once, and there are no more deals. So the first player has nothing "
                 "to take and lays a card on the table.").format(hand=variant.hand_cards)
    # TRANSLATORS: {hand} and {table} are numbers of cards (9 and 4).
    return _("**Deal.** Each player gets {hand} cards and {table} go face up on the table: the whole "
             "deck is dealt at once, and there are no more deals.").format(
        hand=variant.hand_cards, table=variant.table_cards)


def _escoba() -> dict[str, str]:
    """Escoba's deal, turn and escobas (engine/core.py); its points depend on a house rule
    (help_house.py)."""
    return {
        # TRANSLATORS: escoba (plural escobas) keeps its Spanish name in every language.
        "deal": _("**Deal.** Each player gets 3 cards and 4 go face up on the table. When everyone "
                  "has played their 3 cards, 3 more are dealt (no new table cards) until the deck "
                  "is used up. If the 4 table cards add up to 15, the dealer's side takes them at "
                  "once: an *escoba*; if they add up to 30, two escobas."),
        "turn": _("**Your turn.** Play one card. You may take any set of table cards, one or more, "
                  "that **adds up to 15 with your card** (every card counts its rank, the figures "
                  "8, 9 and 10). Taking is **not compulsory**: you may always lay your card on the "
                  "table instead. Nothing is taken by rank alone: a card of your card's rank is "
                  "taken only in a set that makes 15."),
        "sweep": _("**Escoba.** Taking every card on the table is an *escoba*: 1 point (not on the "
                   "very last play of the hand). At the end of a hand the cards left on the table "
                   "go to whoever captured last (the dealer's escoba of a deal counts as a capture)."),
    }
