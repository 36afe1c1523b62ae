"""The scoring screens and the deck's words in the player's language (README.md,
Languages), and a change of language while a scoring screen is shown: every word
changes at once, and nothing else (the pause before Enter works, the hands' scroll)."""

from __future__ import annotations

import re

from textual.widgets import Button, Static

from scopa_tui import languages
from scopa_tui.engine.cards import parse_card
from scopa_tui.ui.app import ScopaApp
from scopa_tui.ui.card_render import DeckStyle
from scopa_tui.ui.scoring_view import HandsView, ScoringView
from scopa_tui.ui.screens.scoring import GameOverScreen, HandOverScreen

from .helpers import shown
from .scoring_data import NAMES, ScreenApp, first_hand, played

ENGLISH = re.compile(r"\b(Cards|Coins|This hand|Total|Next hand|You|Leftovers|went to|wins)\b")


async def test_the_scoring_of_a_hand_is_in_italian():
    languages.use("it")
    app = ScreenApp(lambda: HandOverScreen(first_hand(2), ["Tu", "Anna"], DeckStyle(), 11, False))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        said = shown(screen.query_one(ScoringView))
        for word in ("Carte", "Denari", "Settebello", "Primiera", "Punti mano", "Totale"):
            assert word in said, word
        assert screen.query_one("#hand-over").border_title == "Mano 1 — punteggio"
        assert str(screen.query_one("#continue", Button).label) == "Prossima mano (Enter)"
        assert "a te (ultima presa)" in said  # the leftovers, said to the player
        assert not ENGLISH.search(said + str(screen.query_one("#continue", Button).label))


async def _said_in(app, pilot, lang: str) -> str:
    """The open scoring screen's table once the language is changed to ``lang``."""
    screen = app.screen
    app.set_language(lang)
    await pilot.pause()
    await pilot.pause()
    return shown(screen.query_one(ScoringView))


async def test_a_language_change_rewrites_the_hand_scoring_and_keeps_the_pause(tmp_path):
    app = ScopaApp(data_dir=str(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(HandOverScreen(first_hand(2), ["You", "Anna"], DeckStyle("french"), 11, False, pause=30))
        await pilot.pause()
        screen = app.screen
        assert "Diamonds" in shown(screen.query_one(ScoringView))
        said = await _said_in(app, pilot, "fr")
        assert app.screen is screen
        for word in ("Cartes", "Carreau", "Manche", "Total", "Toi"):
            assert word in said, word
        assert "Diamonds" not in said and "You " not in said and "This hand" not in said
        assert screen.query_one("#hand-over").border_title == "Manche 1 — score"
        button = screen.query_one("#continue", Button)
        assert str(button.label) == "Manche suivante (Enter)"
        assert button.disabled  # still the pause: a quick Enter cannot skip the scoring
        await pilot.press("enter")
        assert app.screen is screen
        footer = " ".join(str(b.binding.description) for b in screen.active_bindings.values())
        assert "continuer" in footer and "continue" not in footer.replace("continuer", "")


async def test_a_language_change_rewrites_the_game_over_screen_and_keeps_its_place(tmp_path):
    game = played(2, seed=4)
    app = ScopaApp(data_dir=str(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(GameOverScreen(list(game.hand_scores), NAMES[2], game.winner, game.winner == 0,
                                       game.rules.target, pause=30))
        await pilot.pause()
        screen = app.screen
        rows = screen.query_one("#hands-table")
        scroll = rows.scroll_y
        app.set_language("tl")
        await pilot.pause()
        await pilot.pause()
        banner = str(screen.query_one("#banner", Static).render())
        assert "Panalo" in banner and "game" not in banner
        assert str(screen.query_one("#final", Static).render()).startswith(f"Hanggang {game.rules.target} · ")
        assert "Yugto" in shown(screen.query(HandsView).first()) and "Wakas" in shown(screen.query(HandsView).last())
        assert str(screen.query_one("#again", Button).label) == "Maglaro ulit (Enter)"
        assert screen.query_one("#again", Button).disabled and rows.scroll_y == scroll
        assert screen.query_one("#game-over").border_title == "Tapos na ang laro"


async def test_the_game_over_says_one_point_in_the_singular_in_italian():
    # A game to 1 point said "A 1 punti" under the banner; the top bar said "a 1 punto".
    languages.use("it")
    game = played(2, seed=4)
    for target, said in ((1, "A 1 punto · "), (11, "A 11 punti · ")):
        app = ScreenApp(lambda: GameOverScreen(list(game.hand_scores), NAMES[2], game.winner, True, target))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert str(app.screen.query_one("#final", Static).render()).startswith(said)


def test_the_french_deck_is_named_in_the_players_language_the_others_keep_their_names():
    ten, king = parse_card("7d"), parse_card("10b")
    languages.use("it")
    assert DeckStyle("french").card_name(ten) == "7 di Quadri"
    assert DeckStyle("french").kings() == "Re"
    assert DeckStyle("italian").suit_gloss("d") == "Denari"  # an Italian needs no gloss
    assert DeckStyle("spanish").suit_gloss("d") == "Oros (denari)"
    languages.use("fr")
    assert DeckStyle("french").card_name(king) == "Roi de Trèfle"
    assert DeckStyle("italian").card_name(king) == "Re di Bastoni"
    assert DeckStyle("italian").suit_gloss("c") == "Coppe (coupes)"
    languages.use("es")
    assert DeckStyle("spanish").suit_gloss("d") == "Oros"
    assert DeckStyle("spanish").card_name(king) == "Rey de Bastos"
    languages.use("tl")
    assert DeckStyle("french").rank_name(9) == "Reyna"
    assert DeckStyle("french-numeric", ascii=True).ascii_scheme().replace("\u00a0", " ") == (
        "A = Alas, numero ang iba; mga palo: d = Diyamante, h = Puso, s = Espada, c = Trebol")


async def test_a_language_change_says_the_partners_sides_in_the_new_language(tmp_path):
    score = first_hand(4)
    app = ScopaApp(data_dir=str(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(HandOverScreen(score, NAMES[4], DeckStyle(), 11, False, pause=30,
                                       seat_names=["You", "Anna", "Bruno", "Carla"]))
        await pilot.pause()
        assert "You & Bruno" in shown(app.screen.query_one(ScoringView))
        said = await _said_in(app, pilot, "tl")
        assert "Ikaw at si Bruno" in said and "Anna at Carla" in said and "&" not in said


def test_a_primiera_lacking_two_suits_says_none_of_them_as_each_language_does():
    # "sans Denari ou Spade" is not French: after "sans", "senza", "sin" the list takes "ni", "né"
    from scopa_tui.engine.cards import parse_cards
    from scopa_tui.engine.scoring import SideScore
    from scopa_tui.ui.scoring_view import primiera_cell

    side = SideScore(side=1, seats=(1,), captured=tuple(parse_cards(["7c", "6b"])), cards=2, coins=0,
                     settebello=False, primiera=None, primiera_cards=(), missing_suits=("d", "s"), scope=0,
                     points=0)
    one = SideScore(side=1, seats=(1,), captured=tuple(parse_cards(["7c", "6b", "5d"])), cards=3, coins=1,
                    settebello=False, primiera=None, primiera_cards=(), missing_suits=("s",), scope=0, points=0)
    for lang, deck, two, alone in (("en", "italian", "no Denari or Spade", "no Spade"),
                                   ("fr", "italian", "sans Denari ni Spade", "sans Spade"),
                                   ("it", "italian", "senza Denari né Spade", "senza Spade"),
                                   ("es", "spanish", "sin Oros ni Espadas", "sin Espadas"),
                                   ("tl", "italian", "walang Denari o Spade", "walang Spade")):
        languages.use(lang)
        assert str(primiera_cell(side, DeckStyle(deck))) == two
        assert str(primiera_cell(one, DeckStyle(deck))) == alone


def test_what_wins_each_point_fits_under_its_name_on_a_big_terminal():
    # Under the rows' names on a big terminal: "A, 2, 3 of Denari …" under Napola in every
    # language, "the King of Diamon…" under Re bello, Tagalog's "mas maraming Diyam…".
    import io

    from rich.console import Console

    from scopa_tui.ui.scoring_view import ROOMY_LABEL_WIDTH, HandTable

    from .scoring_data import napola_hand

    score = napola_hand()
    try:
        for lang in ("en", "it", "fr", "es", "tl"):
            languages.use(lang)
            for deck in ("italian", "spanish", "french", "french-numeric"):
                console = Console(width=160, record=True, file=io.StringIO())
                console.print(HandTable(score, ["A", "B"], DeckStyle(deck), 11, roomy=True).table(150))
                labels = [line[:ROOMY_LABEL_WIDTH].rstrip() for line in console.export_text().splitlines()]
                assert not [label for label in labels if "…" in label], (lang, deck, labels)
                assert any(label.startswith(f"A{DeckStyle(deck).suit('d')} 2") for label in labels)
    finally:
        languages.use("en")


async def test_the_scoring_says_what_its_mark_means_in_every_language_at_80x24():
    """The ▶ before a side's cell was explained in README only: a line under the table says
    it ("▶ took the point"), in view at 80×24, in the player's language."""
    said = {"en": "took the point", "it": "ha preso il punto", "fr": "a pris le point",
            "es": "se llevó el punto", "tl": "kumuha ng puntos"}
    for lang, words in said.items():
        for players in (2, 4, 6):
            languages.use(lang)
            names = NAMES[players]
            app = ScreenApp(lambda: HandOverScreen(first_hand(players), names, DeckStyle(), 11, False))
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                view = app.screen.query_one(ScoringView)
                rows = shown(view).splitlines()
                assert f"▶ {words}" in [row.strip() for row in rows], (lang, players, rows)
                row = next(y for y, r in enumerate(rows) if r.endswith(words))
                assert app.screen.query_one("#hand-body").region.contains(view.region.x, view.region.y + row)
    languages.use("en")
