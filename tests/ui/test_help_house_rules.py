"""The help of a game says the house rules in force (help_house.py): a sweep with the last
card counting, the primiera without every suit, the re bello and the napola, Escoba's tie for
the sevens, Scopa d'Assi's Ace on an empty table; and the replay viewer's help says the rules
of the game replayed, its variant and house rules, not Scopa's."""

from __future__ import annotations

import itertools
import random

import pytest
from markdown_it import MarkdownIt
from textual.widgets import Markdown

from scopa_tui import languages
from scopa_tui.engine import Game, make_rules
from scopa_tui.engine import record as records
from scopa_tui.store.frames import load_text
from scopa_tui.ui.card_render import DeckStyle
from scopa_tui.ui.config import GameConfig
from scopa_tui.ui.screens.help import HelpScreen, help_text, rules_text
from scopa_tui.ui.screens.replay import ReplayApp

from .helpers import help_in_game, settle

NOT_ON_LAST = "not on the very last play of the hand"
GENERAL_TABLE = "With 4 players the partners sit opposite (you and the player across); with 6, three pairs."


def _rules(text: str) -> str:
    """The rules part of the help: what comes before the family of games."""
    return text[:text.index("# The Scopa family")]


def _help(variant: str = "scopa", options=(), deck: str = "italian") -> str:
    """The rules part of the help of a game of ``variant`` with these house rules, as it reads
    (a card's name is glued by no-break spaces: "Rey de Oros" on one row)."""
    rules = make_rules(variant=variant, options=options)
    return rules_text(DeckStyle(deck), rules.primiera_chart, variant, rules).replace("\u00a0", " ")


@pytest.mark.parametrize("options, says_not_on_last", [(("last-play-scopa",), False), ((), True)])
async def test_the_help_of_a_game_says_whether_a_sweep_on_the_last_play_counts(options, says_not_on_last):
    source = _rules(await help_in_game(GameConfig(players=2, ai=["easy"], seed=5, options=list(options))))
    assert (NOT_ON_LAST in source) == says_not_on_last
    assert ("with the very last play of the hand too (house rule *Scopa on the last play*)" in source) \
        != says_not_on_last


def test_escobas_sweep_on_the_last_play_counts_under_the_house_rule():
    text = _help("escoba", ("last-play-scopa",))
    assert "is an *escoba*: 1 point, with the very last play of the hand too" in text and NOT_ON_LAST not in text
    assert NOT_ON_LAST in _help("escoba")


def test_escobas_tie_for_the_sevens_says_whether_the_primiera_breaks_it():
    on = _help("escoba", ("setenta-primiera",))
    assert "a tie for the most sevens goes to the better primiera (house rule *Setenta tie by primiera*" in on
    assert "The two primiera charts:" in on and "- **standard** (this game)" in on
    off = _help("escoba")
    assert "a tie for the most sevens too (the house rule *Setenta tie by primiera* is off)" in off
    assert "primiera charts" not in off and "(this game): 7=21" not in off  # the primiera decides nothing
    assert "only under the house rule" not in on + off  # the general text, for no game in particular


ESCOBA_OPTIONS = ("last-play-scopa", "setenta-primiera", "primiera-all-suits", "re-bello", "napola")


@pytest.mark.parametrize("on", list(itertools.product((False, True), repeat=len(ESCOBA_OPTIONS))),
                         ids=lambda on: ",".join(o if v else "no-" + o for o, v in zip(ESCOBA_OPTIONS, on)))
def test_every_combination_of_escobas_house_rules_is_said(on):
    last, setenta, all_suits, re_bello, napola = on
    options = [o if v else "no-" + o for o, v in zip(ESCOBA_OPTIONS, on)]
    text = _help("escoba", options, deck="spanish")
    assert (NOT_ON_LAST in text) != last
    assert ("is an *escoba*: 1 point, with the very last play of the hand too" in text) == last
    assert ("a tie for the most sevens goes to the better primiera" in text) == setenta
    assert ("a tie for the most sevens too (the house rule *Setenta tie by primiera* is off)" in text) != setenta
    assert ("The two primiera charts:" in text and "(this game): 7=21" in text) == setenta
    missing = {  # what a side without some suit adds up, where the primiera decides a tie
        (True, True): "A side that took no card of some suit has no primiera; if no tied side has one, or if "
                      "theirs are tied too, nobody scores the setenta.",
        (True, False): "A side that took no card of some suit adds up the suits it has (the house rule *Primiera "
                       "needs all suits* is off); if the primiera is tied too, nobody scores the setenta.",
        (False, False): "The primiera decides nothing, so the house rule *Primiera needs all suits* being off "
                        "changes nothing.",
    }
    for key, words in missing.items():
        assert (words in text) == ((setenta, all_suits) == key), (key, text)
    assert ("**Re bello** (house rule): 1 point for the side that takes the Rey de Oros." in text) == re_bello
    assert ("**Napola** (house rule): a side that takes the Ace, 2 and 3 of Oros scores 3 points" in text) == napola
    assert "First to 21 points" in text and "three or more" not in text


def test_the_re_bello_and_the_napola_are_points_where_they_are_played():
    text = _help(options=("re-bello", "napola"), deck="spanish")
    assert "**Re bello** (house rule): 1 point for the side that takes the Rey de Oros." in text
    assert "**Napola** (house rule): a side that takes the Ace, 2 and 3 of Oros scores 3 points" in text
    assert text.index("(this game): 7=21") < text.index("**Re bello**") < text.index("**Winning.**")
    plain = _help(deck="spanish")
    assert "Re bello" not in plain and "Napola" not in plain


def test_a_primiera_without_every_suit_says_so():
    assert "(you need all four suits)" in _help()
    text = _help(options=("no-primiera-all-suits",))
    assert "(you need all four suits)" not in text
    assert "a side that took no card of some suit adds up the suits it has" in text


def test_scopa_d_assis_ace_on_an_empty_table_follows_the_house_rule():
    assert "An Ace played on an empty table is laid there." in _help("scopa-d-assi")
    text = _help("scopa-d-assi", ("ace-no-empty-sweep",))
    assert "On an empty table you may not play an Ace while you hold another card" in text
    assert "An Ace played on an empty table is laid there." not in text


def test_a_game_with_no_house_rule_on_reads_as_the_general_help_but_for_its_target_and_redeal():
    deck = DeckStyle("italian")
    general = help_text(deck)
    assert "First to the target (11 unless chosen otherwise)" in general
    assert "three or more Re is dealt again (standard and gamerules presets)." in general
    game = help_text(deck, rules=make_rules())
    assert game.replace("First to 11 points", "First to the target (11 unless chosen otherwise)").replace(
        "is dealt again.", "is dealt again (standard and gamerules presets).").replace(
        "You play against one opponent.", GENERAL_TABLE) == general


@pytest.mark.parametrize("target, words", [(3, "First to 3 points at the end of a hand"),
                                           (21, "First to 21 points at the end of a hand"),
                                           (1, "First to 1 point at the end of a hand")])
async def test_the_help_of_a_game_names_its_own_target(target, words):
    source = _rules(await help_in_game(GameConfig(players=2, ai=["easy"], seed=5, target=target)))
    assert words in source and "unless chosen otherwise" not in source
    assert "another hand is played. You play against one opponent." in source  # then the game's table


# Each game's help says its own table: partners only where there are partners.
TABLES = {2: "You play against one opponent.",
          3: "You play against two opponents, each on their own.",
          4: "You play with your partner, sitting opposite you, against the other two: partners share "
             "their captures and their points.",
          6: "You play with your partner, sitting opposite you, against two other pairs: partners share "
             "their captures and their points."}


@pytest.mark.parametrize("players", [2, 4, 6])
async def test_the_help_of_a_game_says_its_table_and_partners_only_where_there_are(players):
    source = _rules(await help_in_game(GameConfig(players=players, ai=["easy"] * (players - 1), seed=5)))
    assert f"another hand is played. {TABLES[players]}" in source
    assert "With 4 players" not in source and "with 6" not in source  # not the other tables
    assert ("partner" in source) == (players > 2) and ("pairs" in source) == (players == 6)
    assert [n for n, said in TABLES.items() if said in source] == [players]


def test_the_general_help_says_every_table():
    assert GENERAL_TABLE in help_text(DeckStyle("italian"))
    assert not any(said in help_text(DeckStyle("italian")) for said in TABLES.values())


def test_escobas_and_scopones_help_name_the_games_target():
    assert "First to 21 points" in _help("escoba") and "First to 5 points" in _rules(help_text(
        DeckStyle(), rules=make_rules(variant="escoba", target=5)))
    scopone = _rules(help_text(DeckStyle(), rules=make_rules(variant="scopone-classico", players=4, target=3)))
    assert "First to 3 points at the end of a hand; if the top is tied, another hand is played. You play with " \
           "your partner" in scopone


@pytest.mark.parametrize("preset, redeals", [("standard", True), ("gamerules", True), ("ludoteka", False)])
def test_the_help_of_a_game_says_whether_its_rules_redeal_three_kings(preset, redeals):
    rules = make_rules(preset, deck_style="french")
    text = rules_text(DeckStyle("french"), rules.primiera_chart, "scopa", rules)
    assert ("A table with three or more Kings is dealt again." in text) == redeals
    assert ("A table with three or more Kings stays as dealt: this game does not deal it again." in text) != redeals
    assert "presets" not in text
    classico = make_rules(preset, players=4, variant="scopone-classico", deck_style="french")
    text = rules_text(DeckStyle("french"), classico.primiera_chart, classico.variant, classico)
    assert "there are no more deals. A table with three or more Kings " + (
        "is dealt again." if redeals else "stays as dealt") in text


@pytest.mark.parametrize("variant", ["escoba", "scopone-scientifico"])
def test_no_redeal_is_said_where_the_variant_never_redeals(variant):
    rules = make_rules(variant=variant, players=4)
    assert "three or more Re" not in rules_text(DeckStyle(), rules.primiera_chart, variant, rules)


async def test_the_help_of_a_ludoteka_game_says_it_does_not_redeal():
    source = _rules(await help_in_game(GameConfig(players=2, ai=["easy"], seed=5, preset="ludoteka")))
    assert "three or more Re stays as dealt: this game does not deal it again." in source


@pytest.mark.parametrize("lang, one, three", [("it", "a 1 punto;", "a 3 punti;"), ("es", "a 1 punto al", "a 3 puntos al"),
                                              ("fr", "1 point à la fin", "3 points à la fin")])
def test_the_games_target_is_in_the_language_with_its_plural(lang, one, three):
    languages.use(lang)
    deck = DeckStyle()
    assert one in rules_text(deck, "standard", rules=make_rules(target=1))
    assert three in rules_text(deck, "standard", rules=make_rules(target=3))


def _blocks(text: str) -> list[str]:
    return [t.type for t in MarkdownIt("gfm-like").parse(text) if t.level == 0 and t.nesting >= 0]


@pytest.mark.parametrize("lang", ["it", "fr", "es", "tl"])
def test_the_house_rules_paragraphs_are_in_the_language(lang):
    games = [("scopa", ("last-play-scopa", "re-bello", "napola", "no-primiera-all-suits")),
             ("escoba", ("last-play-scopa", "setenta-primiera")), ("escoba", ()),
             ("escoba", ("setenta-primiera", "no-primiera-all-suits")), ("escoba", ("no-primiera-all-suits",)),
             ("scopa-d-assi", ("ace-no-empty-sweep",))]
    english = [_help(variant, options) for variant, options in games]
    languages.use(lang)
    for (variant, options), before in zip(games, english):
        text = _help(variant, options)
        assert _blocks(text) == _blocks(before), (lang, variant)
        for words in ("with the very last play", "house rule", "adds up the suits it has", "1 point for the side",
                      "a tie for the most sevens", "while you hold another card", "no tied side", "changes nothing",
                      "First to"):
            assert words not in text, (lang, variant, words)


def _finished(variant: str, options=(), seed: int = 12) -> Game:
    """A whole game of random legal moves."""
    rng = random.Random(seed)
    game = Game(make_rules(players=2, variant=variant, options=options), seed=seed)
    game.start()
    while not game.is_over:
        if game.phase == "hand_over":
            game.next_hand()
        game.play(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("key", ["question_mark", "f1"])
async def test_the_replay_viewers_help_says_the_rules_of_the_game_replayed(key):
    (replay,) = load_text(records.dumps(_finished("escoba", ("setenta-primiera",))), names=["You", "Anna"])
    app = ReplayApp([replay], "test")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        source = app.screen.query_one(Markdown).source
        assert source.startswith("# Escoba in short") and "**adds up to 15 with your card**" in source
        assert "goes to the better primiera (house rule *Setenta tie by primiera*" in source
        assert "- **Escoba** (this game)" in source and "First to 21 points at the end of a hand" in source
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, HelpScreen)  # back to the replay


async def test_the_replay_viewers_help_says_its_own_keys_not_the_games():
    # It ended with the game's: a card to choose, table letters, h for a hint and "q: quit (asks
    # first during a game…)", none of which the replay has (its q goes back), and not a word of
    # → ←, PgUp, PgDn or the (D) after the dealer's name.
    (replay,) = load_text(records.dumps(_finished("scopa", ())), names=["You", "Anna"])
    app = ReplayApp([replay], "test")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        keys = app.screen.query_one(Markdown).source.split("# Keys", 1)[1]
        assert "- **→** / **←**: the next step of the game, or the one before" in keys
        assert "- **PgDn** / **PgUp**: the next hand" in keys and "- **Esc** or **q**: back" in keys
        assert "**(D)** after a name marks the player who deals the hand." in keys
        assert "**h**: hint" not in keys and "**a, b, c, …**" not in keys and "**q**: quit" not in keys


def test_french_elides_de_before_oros_and_not_before_denari():
    # With the Spanish deck, French read "le plus de Oros" under the coins' row of the scoring
    # and "le 3 de Oros" in the napola's rule: "de" elides before a vowel ("d'Oros"). The
    # napola's row said "A, 2, 3 de Denari …" in every language, cut.
    from rich.console import Console

    from scopa_tui.ui.scoring_view import HandTable

    from .scoring_data import napola_hand

    languages.use("fr")
    try:
        score = napola_hand()
        for deck, word in (("spanish", "d'Oros"), ("italian", "de Denari")):
            rules = make_rules(options=("napola",))
            text = rules_text(DeckStyle(deck), rules.primiera_chart, "scopa", rules)
            assert f"le 3 {word} marque 3 points" in text and f"chaque carte {word} qui suit" in text
            console = Console(width=160, record=True)
            console.print(HandTable(score, ["Toi et Bruno", "Anna et Carla"], DeckStyle(deck), 11, roomy=True)
                          .table(150))
            shown = " ".join(console.export_text().split())
            assert f"le plus {word}" in shown, shown
            assert "A◉ 2◉ 3◉ et plus" in shown  # the napola's run, whole (it was "A, 2, 3 de Denari …")
            for french in ("plus de Oros", "3 de Oros", "carte de Oros"):  # "Rey de Oros" is Spanish
                assert french not in text + shown
    finally:
        languages.use("en")


@pytest.mark.parametrize("variant, options", [("scopa", ()), ("scopa", ("no-primiera-all-suits",)),
                                              ("escoba", ()), ("escoba", ("setenta-primiera",))])
def test_french_help_elides_de_before_oros_in_the_points_of_a_hand(variant, options):
    """The help's points of a hand in French: "le plus d'Oros" with the Spanish deck, as the
    scoring screen says it; every paragraph read "le plus de **Oros**" (Escoba's default deck)."""
    languages.use("fr")
    for deck, word in (("spanish", "d'Oros"), ("italian", "de Denari")):
        text = _help(variant, options, deck).replace("**", "")
        assert f"le plus {word}" in text
        assert "plus de Oros" not in text
