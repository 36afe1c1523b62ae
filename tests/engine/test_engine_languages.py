"""The engine's words in the player's language (README.md, Languages): the capture
refusals, the award reasons (made from the score's data whenever they are read, so a
change of language reaches a score made before it), the card names and the rules'
errors.  The catalogs are scopa_tui/locale's."""

from __future__ import annotations

import re

import pytest
from scopa_helpers import m

from scopa_tui import languages
from scopa_tui.engine import RulesError, make_rules
from scopa_tui.engine.captures import describe_capture, explain_capture
from scopa_tui.engine.cards import CARDS, parse_card
from scopa_tui.engine.scoring import score_hand

DECK = (1 << 40) - 1
# Side 0: 8 cards, 5 coins, sevens 7d 7c, primiera 75; side 1 the other 32 cards (primiera 78).
SIDE0 = "7d 7c 6s 5b 1d 2d 3d 10d"


def _escoba_tie():
    rules = make_rules(players=2, variant="escoba", options=("napola", "re-bello"))
    return score_hand(rules, 1, [m(SIDE0), DECK & ~m(SIDE0)], [0, 0], 0, None, [0, 0],
                      side_names=["You", "Anna"])


def test_a_refused_capture_is_explained_in_italian():
    languages.use("it")
    seven, table = parse_card("7d"), m("3c 4s 7b")
    assert explain_capture(seven, m("3c 4s"), table) == "7d deve prendere 7b: la carta uguale batte la somma"
    assert explain_capture(seven, m("3c"), table) == "7d deve prendere 7b"  # 3 is no sum of 7
    assert explain_capture(parse_card("7c"), 0, m("3c 4s")) == "devi prendere: in tavola c'è 3 + 4 = 7"
    assert explain_capture(seven, m("3c"), m("3c 8s")) == (
        "un 7 non può prendere un 3; niente fa 7, quindi 7d va in tavola")
    assert explain_capture(parse_card("6d"), 0, m("6c 6s 2b 4d")) == (
        "6d deve prendere un 6 (6c o 6s): la carta uguale batte la somma")
    assert explain_capture(parse_card("6d"), 0, m("6c 6s")) == "6d deve prendere un 6 (6c o 6s)"
    escoba = make_rules(players=2, variant="escoba")
    assert describe_capture(parse_card("3d"), 0, m("5s 7c"), escoba) == (
        "nell'Escoba prendere non è obbligatorio: 3d va in tavola")


def test_an_award_made_in_english_says_its_reason_in_the_language_in_use_when_read():
    score = _escoba_tie()
    sevens = score.award("sevens")
    assert sevens.reason == "You and Anna tie at 2 sevens: no point"
    languages.use("it")
    assert sevens.reason == "You e Anna pari a 2 sette: nessun punto"
    assert sevens.describe(["Tu", "Anna"]) == "Tu e Anna pari a 2 sette: nessun punto"
    assert score.award("cards").describe(["Tu", "Anna"]) == "Anna: 32 carte contro 8 carte"
    languages.use("fr")
    assert score.award("cards").describe(["Toi", "Anna"]) == "Anna\u00a0: 32 cartes contre 8 cartes"
    assert score.award("napola").describe(["Toi", "Anna"]) == "Toi\u00a0: Asso, 2 et 3 de Denari, napola de 3"
    languages.use("tl")  # the sides first: "tabla sa 2 siete ang Ikaw at Anna" put "ang" before a pronoun
    assert sevens.describe(["Ikaw", "Anna"]).startswith("Ikaw at Anna: tabla sa 2 ")


def test_a_setenta_tie_decided_by_the_primiera_is_one_sentence_in_spanish():
    rules = make_rules(players=2, variant="escoba", options=("setenta-primiera",))
    score = score_hand(rules, 1, [m(SIDE0), DECK & ~m(SIDE0)], [0, 0], 0, None, [0, 0])
    languages.use("es")
    assert score.award("sevens").reason == (
        "empate a 2 sietes; decide la primiera: equipo 1: primiera 78 contra primiera 75")


def test_the_tagalog_reasons_have_no_english_words():
    score = _escoba_tie()
    languages.use("tl")
    english = re.compile(r"\b(tie|took|nobody|against|point|cards?|coins?|sevens?|each|only|side)\b")
    for award in score.awards:
        said = award.describe(["Ikaw", "Anna"])
        assert not english.search(said), said


def test_card_names_keep_the_italian_deck_names_in_every_language():
    assert CARDS[24].name == "7 of Coins"
    languages.use("it")
    assert (CARDS[24].name, CARDS[39].name) == ("7 di Denari", "Re di Bastoni")
    languages.use("fr")
    assert CARDS[32].name == "Cavallo de Denari"
    languages.use("tl")
    assert CARDS[0].name == "Asso ng Denari"


def test_the_rules_errors_are_in_the_players_language():
    languages.use("it")
    with pytest.raises(RulesError, match="^a Scopone scientifico si gioca in 4, non in 2$"):
        make_rules(players=2, variant="scopone-scientifico")
    with pytest.raises(RulesError, match="^le regole gamerules sono per 2 o 4 giocatori, non 3$"):
        make_rules("gamerules", players=3)
    languages.use("fr")
    with pytest.raises(RulesError, match="^la règle setenta-primiera ne se joue pas à Scopa\u00a0: elle est pour escoba$"):
        make_rules(players=2, options=("setenta-primiera",))


@pytest.mark.parametrize("lang, mine, theirs", [
    ("en", "You & Carla", "Anna & Bruno"),
    ("it", "Tu e Carla", "Anna e Bruno"),
    ("fr", "Toi et Carla", "Anna et Bruno"),
    ("es", "Tú y Carla", "Anna y Bruno"),
    ("tl", "Ikaw at si Carla", "Anna at Bruno"),
])
def test_a_side_of_two_is_joined_as_each_language_says_it(lang, mine, theirs):
    from scopa_tui.engine.text import _
    from scopa_tui.engine.words import side_name

    languages.use(lang)
    you = _("You")
    assert side_name([you, "Carla"]) == mine
    assert side_name(["Carla", you]) == mine  # the player first, whatever the seats' order
    assert side_name(["Anna", "Bruno"]) == theirs
    assert side_name(["Anna"]) == "Anna"


@pytest.mark.parametrize("lang, said", [
    ("en", "Anna\u00a0&\u00a0Carla:\u00a05"),
    ("it", "Anna\u00a0e\u00a0Carla:\u00a05"),
    ("fr", "Anna\u00a0et\u00a0Carla\u00a0:\u00a05"),
    ("es", "Anna\u00a0y\u00a0Carla:\u00a05"),
    ("tl", "Anna\u00a0at\u00a0Carla:\u00a05"),
])
def test_a_sides_points_are_kept_beside_its_name_in_every_language(lang, said):
    """The French resume question ended a line at "Anna et Carla :" and put "5." alone on the
    next; at 80×24 with six players, "Bruno" ended one and "& Elena: 0." began the next."""
    from scopa_tui.engine.words import side_name, side_score

    languages.use(lang)
    assert side_score(side_name(["Anna", "Carla"]), 5) == said


@pytest.mark.parametrize("lang, partners, side", [
    ("it", ["Anna", "Elena"], "Anna ed Elena"),  # Italian: "ed" before e
    ("it", ["Anna", "edoardo"], "Anna ed edoardo"),
    ("it", ["Anna", "Èlia"], "Anna ed Èlia"),
    ("it", ["Anna", "Irene"], "Anna e Irene"),
    ("it", ["Elena", "Anna"], "Elena e Anna"),  # only the second name counts
    ("es", ["Tú", "Inés"], "Tú e Inés"),  # Spanish: "e" before the sound i, i or hi
    ("es", ["Anna", "Íñigo"], "Anna e Íñigo"),
    ("es", ["Anna", "Hilda"], "Anna e Hilda"),
    ("es", ["Anna", "hipólito"], "Anna e hipólito"),
    ("es", ["Anna", "Hielo"], "Anna y Hielo"),  # hie, hia, hio, hiu: a consonant's sound
    ("es", ["Anna", "Hiato"], "Anna y Hiato"),
    ("es", ["Anna", "Hiomara"], "Anna y Hiomara"),
    ("es", ["Anna", "Hiuga"], "Anna y Hiuga"),
    ("es", ["Anna", "Elena"], "Anna y Elena"),
    ("es", ["Anna", "Hugo"], "Anna y Hugo"),
    ("fr", ["Anna", "Elena"], "Anna et Elena"),  # the other languages keep their "and"
    ("fr", ["Anna", "Inés"], "Anna et Inés"),
    ("en", ["Anna", "Elena"], "Anna & Elena"),
    ("tl", ["Anna", "Inés"], "Anna at Inés"),
])
def test_a_side_is_joined_with_the_and_the_next_name_takes(lang, partners, side):
    from scopa_tui.engine.text import _
    from scopa_tui.engine.words import is_your_side, side_name

    languages.use(lang)
    names = [_("You") if n == "Tú" else n for n in partners]
    assert side_name(names) == side
    assert is_your_side(side) == (names[0] == _("You"))


@pytest.mark.parametrize("lang, partner, side", [
    ("it", "Elena", "Tu ed Elena"), ("it", "Carla", "Tu e Carla"),
    ("es", "Inés", "Tú e Inés"), ("es", "Hilda", "Tú e Hilda"), ("es", "Hielo", "Tú y Hielo"),
    ("es", "Carla", "Tú y Carla"), ("fr", "Inés", "Toi et Inés"), ("en", "Elena", "You & Elena"),
])
def test_the_players_side_takes_the_and_of_the_partners_name(lang, partner, side):
    from scopa_tui.engine.text import _
    from scopa_tui.engine.words import is_your_side, side_name

    languages.use(lang)
    assert side_name([partner, _("You")]) == side
    assert is_your_side(side)
    assert not is_your_side(side_name(["Anna", partner]))


@pytest.mark.parametrize("lang, items, said", [
    ("it", ["Anna", "Bruno", "Elena"], "Anna, Bruno ed Elena"),
    ("it", ["Tu", "Anna"], "Tu e Anna"),
    ("es", ["Anna", "Inés"], "Anna e Inés"),
    ("es", ["Anna", "Bruno", "Hielo"], "Anna, Bruno y Hielo"),
    ("fr", ["Anna", "Elena"], "Anna et Elena"),
])
def test_a_list_ends_with_the_and_its_last_name_takes(lang, items, said):
    from scopa_tui.engine.words import both

    languages.use(lang)
    assert both(items) == said


@pytest.mark.parametrize("lang, name, elided", [
    ("fr", "Anna", True), ("fr", "Hélène", True), ("fr", "Émile", True), ("fr", "hugo", True),  # a name's h: mute
    ("fr", "Yves", True), ("fr", "Œdipe", True), ("fr", "Isabelle, Bruno", True),  # a list: its first name
    ("fr", "Bruno", False), ("fr", "Yann", False),  # y before a vowel: a consonant's sound
    ("fr", "Zoé", False), ("fr", "8Ball", False), ("fr", "", False),
    ("it", "Anna", False), ("es", "Inés", False), ("en", "Anna", False), ("tl", "Anna", False),
])
def test_french_elides_before_a_vowel_or_a_mute_h_and_no_other_language_does(lang, name, elided):
    from scopa_tui.engine.words import elides

    languages.use(lang)
    assert elides(name) is elided
