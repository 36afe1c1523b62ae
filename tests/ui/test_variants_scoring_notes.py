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
    assert said["Setenta"] == "tie at 2: no point"  # as the cards' and the coins' ties beside it
    assert said["Napola"] == "nobody took A◉ 2◉ 3◉"


def test_nobodys_napola_names_the_cards_as_the_deck_draws_them():
    """The napola nobody made is the deck's Ace, 2 and 3 of coins, in every language; the
    note read "the Ace, 2 and 3 of Coins" in English beside the row of Denari, and "l'Asso
    ... de Denari", "del Asso ... de Denari" with the Spanish and the French decks."""
    from scopa_tui import languages

    rules = make_rules(players=2, variant="escoba", options=("napola",))
    mine = mask_of(parse_cards("7d 7c 6s 5b 1d 3d".split()))  # the 2 of coins is Anna's
    score = score_hand(rules, 1, [mine, DECK & ~mine], [0, 0], 0, None, [0, 0], side_names=["You", "Anna"])
    for lang, nobody in (("en", "nobody took"), ("fr", "personne n'a pris"), ("es", "nadie se llevó")):
        languages.use(lang)
        for deck, cards in (("spanish", "A◉ 2◉ 3◉"), ("french", "A♦ 2♦ 3♦")):
            said = {label: text.plain for label, text in notes(score, ["You", "Anna"], DeckStyle(deck))}
            assert said["Napola"] == f"{nobody} {cards}"


def test_a_setenta_tie_the_primiera_decides_says_so():
    """With setenta-primiera, a tie for the most sevens that the primiera decides is said
    under the table, which shows the two sides' equal counts and marks one: nothing said
    why before."""
    rules = make_rules(players=2, variant="escoba", options=("setenta-primiera",))
    mine = mask_of(parse_cards("7d 7c 6s 6b 6d 6c 1d".split()))  # 2 sevens each; primiera 78 to 73
    score = score_hand(rules, 1, [mine, DECK & ~mine], [0, 0], 0, None, [0, 0], side_names=["You", "Anna"])
    assert score.award("sevens").side == 0
    said = {label: text.plain for label, text in notes(score, ["You", "Anna"], DeckStyle("spanish"))}
    assert said["Setenta"] == "tie at 2 sevens; the primiera decides: You: primiera 78 against primiera 73"


def test_a_setenta_tie_reads_as_the_other_points_ties():
    """Four players: a tie for the setenta reads as a tie for the cards or the coins does on
    the same screen, the label saying of what ("Setenta: tie at 2: no point"), in every
    language, where it said "You & Bruno / Anna & Carla tie at 2 sevens: no point" beside
    "Oros: tie at 5: no point"."""
    from scopa_tui import languages
    from scopa_tui.engine.text import _
    from scopa_tui.engine.words import side_name

    rules = make_rules(players=4, variant="escoba")
    mine = mask_of(parse_cards("7d 7c 1d 2d".split()))  # 2 sevens each
    for lang, said in (("en", "tie at 2: no point"), ("it", "pari a 2: nessun punto"),
                       ("fr", "égalité à 2\u00a0: pas de point"), ("es", "empate a 2: ningún punto"),
                       ("tl", "tabla sa 2: walang puntos")):
        languages.use(lang)
        seats = [_("You"), "Anna", "Bruno", "Carla"]
        sides = [side_name(seats[s] for s in side) for side in rules.sides]
        score = score_hand(rules, 1, [mine, DECK & ~mine], [0, 0], 0, None, [0, 0], side_names=sides)
        notes_said = {label: text.plain for label, text in notes(score, sides, DeckStyle())}
        assert notes_said["Setenta"] == said


def test_a_setenta_tie_of_two_sides_out_of_three_names_them():
    """Three players, two tied for the most sevens: the tie names them, as a tie of two of
    three for the cards does ("You and Anna tie at 2: no point")."""
    rules = make_rules(players=3, variant="escoba")
    mine = mask_of(parse_cards("7d 7c 1d".split()))
    annas = mask_of(parse_cards("7s 7b 2d".split()))
    score = score_hand(rules, 1, [mine, annas, DECK & ~mine & ~annas & ~mask_of(parse_cards(["1c"]))],
                       [0, 0, 0], 0, None, [0, 0, 0], side_names=["You", "Anna", "Bruno"])
    assert score.award("sevens").why.sides == (0, 1)  # Bruno has no seven
    said = {label: text.plain for label, text in notes(score, ["You", "Anna", "Bruno"], DeckStyle())}
    assert said["Setenta"] == "You and Anna tie at 2: no point"


def test_a_setenta_tie_of_two_sides_out_of_three_names_each_primiera():
    """Six players, two sides tied for the most sevens and the primiera deciding: the note
    names whose each primiera is, in every language; it said "You & Dario: primiera 78
    against primiera 72", and there are two other sides."""
    from scopa_tui import languages

    rules = make_rules(players=6, variant="escoba", options=("setenta-primiera",))
    ours = mask_of(parse_cards("7d 7c 6s 6b".split()))  # 2 sevens, primiera 78
    annas = mask_of(parse_cards("7s 7b 5d 5c".split()))  # 2 sevens, primiera 72
    sides = ["You & Dario", "Anna & Elena", "Bruno & Fabio"]  # Bruno's side has no seven
    score = score_hand(rules, 1, [ours, annas, DECK & ~ours & ~annas], [0, 0, 0], 0, None, [0, 0, 0],
                       side_names=sides)
    assert score.award("sevens").side == 0
    for lang, said in (
            ("en", "tie at 2 sevens; the primiera decides: You & Dario: primiera 78 against primiera 72 "
                   "(Anna & Elena)"),
            ("it", "pari a 2 sette; decide la primiera: You & Dario: primiera 78 contro primiera 72 "
                   "(Anna & Elena)"),
            ("fr", "égalité à 2 sept\u00a0; la primiera départage\u00a0: You & Dario\u00a0: primiera 78 contre "
                   "primiera 72 (Anna & Elena)"),
            ("es", "empate a 2 sietes; decide la primiera: You & Dario: primiera 78 contra primiera 72 "
                   "(Anna & Elena)"),
            ("tl", "tabla sa 2 siete; ang primiera ang magpapasya: You & Dario: primiera 78 laban sa "
                   "primiera 72 (Anna & Elena)")):
        languages.use(lang)
        notes_said = {label: text.plain for label, text in notes(score, sides, DeckStyle())}
        assert notes_said["Setenta"] == said


def test_escobas_seven_of_coins_nobody_took_is_noted_as_the_velo():
    """A hand where nobody captured leaves the 7 of coins on the table: in Escoba its note is
    labelled as its row is, Velo (it read "Settebello", Scopa's word)."""
    rules = make_rules(players=2, variant="escoba")
    score = score_hand(rules, 1, [0, 0], [0, 0], mask_of(parse_cards("7d 2c".split())), None, [0, 0],
                       side_names=["You", "Anna"])
    said = {label: text.plain for label, text in notes(score, ["You", "Anna"], DeckStyle("spanish"))}
    assert said["Velo"] == "7 de Oros stayed on the table: no point"
    assert "Settebello" not in said
    scopa = score_hand(make_rules(players=2), 1, [0, 0], [0, 0], mask_of(parse_cards("7d 2c".split())), None,
                       [0, 0], side_names=["You", "Anna"])
    assert "Settebello" in {label for label, _text in notes(scopa, ["You", "Anna"], DeckStyle())}


def test_escobas_last_card_sweep_elides_in_french():
    """French says "pas d'escoba" before the vowel, as it says "l'escoba" in the help; the
    note read "pas de escoba au dernier coup"."""
    import dataclasses

    from scopa_tui import languages

    rules = make_rules(players=2, variant="escoba")
    mine = mask_of(parse_cards("7d 7c 6s 5b 1d 3d".split()))
    score = score_hand(rules, 1, [mine, DECK & ~mine], [0, 0], 0, None, [0, 0], side_names=["You", "Anna"])
    languages.use("fr")
    for side, name in ((0, "Toi"), (1, "Anna")):
        swept = dataclasses.replace(score, last_sweep=side, last_capturer=side)
        said = {label: text.plain for label, text in notes(swept, [name, "Anna" if side == 0 else "Toi"],
                                                           DeckStyle("spanish"))}
        assert "pas d'escoba au dernier coup" in said["Dernier coup"], said
