"""The scoring screen's notes do not fail on a variant's points (issue 11): a tie for the
setenta, nobody's napola or re bello are said in the engine's words."""

from __future__ import annotations

from scopa_tui.engine import make_rules, mask_of, parse_cards
from scopa_tui.engine.scoring import score_hand
from scopa_tui.ui.card_render import DeckStyle
from scopa_tui.ui.scoring_view import notes

DECK = (1 << 40) - 1


def test_escoba_ties_and_house_rules_nobody_scored_are_noted():
    rules = make_rules(players=2, variant="escoba", options=("napola", "re-bello"))
    mine = mask_of(parse_cards("7d 7c 6s 5b 1d 3d".split()))  # 2 sevens each; 2d and 10d elsewhere
    score = score_hand(rules, 1, [mine, DECK & ~mine], [0, 0], 0, None, [0, 0], side_names=["You", "Anna"])
    said = {label: text.plain for label, text in notes(score, ["You", "Anna"], DeckStyle())}
    assert said["Setenta"] == "You and Anna tie at 2 sevens: no point"
    assert said["Napola"] == "nobody took the Ace, 2 and 3 of Coins"


def test_a_setenta_tie_of_partners_parts_the_sides_with_a_slash():
    """Four players: "and" joins the partners, so the tie's sides are parted by a slash, as the
    cards' and the primiera's ties are ("Tu e Bruno e Anna e Carla" read as four names)."""
    from scopa_tui import languages
    from scopa_tui.engine.text import _
    from scopa_tui.engine.words import side_name

    rules = make_rules(players=4, variant="escoba")
    mine = mask_of(parse_cards("7d 7c 1d 2d".split()))  # 2 sevens each
    for lang, said in (("en", "You & Bruno / Anna & Carla tie at 2 sevens: no point"),
                       ("it", "Tu e Bruno / Anna e Carla pari a 2 sette: nessun punto")):
        languages.use(lang)
        seats = [_("You"), "Anna", "Bruno", "Carla"]
        sides = [side_name(seats[s] for s in side) for side in rules.sides]
        score = score_hand(rules, 1, [mine, DECK & ~mine], [0, 0], 0, None, [0, 0], side_names=sides)
        notes_said = {label: text.plain for label, text in notes(score, sides, DeckStyle())}
        assert notes_said["Setenta"] == said
