"""The game screen, its widgets and its dialogs in the player's language (README.md,
Languages): drawn in Italian or Tagalog from the start, and changed at once mid-hand
(``ScopaApp.set_language``) without losing the game, the choice or the focus."""

from __future__ import annotations

import re

import pytest
from contextlib import asynccontextmanager
from types import SimpleNamespace

from scopa_tui import languages
from scopa_tui.engine.text import _
from scopa_tui.ui.screens.dialogs import ConfirmScreen, TooSmallScreen
from scopa_tui.ui.widgets.cards import HandView, SeatView, TableView
from scopa_tui.ui.widgets.scoreboard import PlayLog, ScoreBoard

from .helpers import game_screen, settle, stacked_app

HANDS = [["2c", "8d", "1s"], ["7b", "9c", "10s"]]  # the player's 8d takes 3c + 5d
TABLE = ["3c", "4s", "6b", "5d"]
# English words of the game screen's own lines (names, AI levels and presets are not its own).
ENGLISH = re.compile(r"\b(Your|turn|hand|Hand|Score|Plays|Table|stock|pile|cards?|takes?|plays?|"
                     r"Enter plays|next capture|clear|hint|help|quit|dealer|points?|thinking)\b")


def _footer(screen) -> list[str]:
    return [b.binding.description for b in screen.active_bindings.values() if b.binding.show]


def _words(screen, prompt: bool = True) -> str:
    """Every word the game screen shows now (cards in engine notation aside); without the
    line under the table when ``prompt`` is False (an illegal choice's reason is the engine's)."""
    hand, table = screen.query_one(HandView), screen.query_one(TableView)
    scores = screen.query_one(ScoreBoard)
    parts = [str(screen._topbar), str(screen.message) if prompt else "", hand.border_title, hand.border_subtitle,
             table.border_title, table.border_subtitle, scores.border_title, screen.query_one(PlayLog).border_title,
             str(scores.render()), str(screen.query_one("#play-button").label),
             *[str(seat.render()) for seat in screen.query(SeatView)], *_footer(screen)]
    return "\n".join(str(p) for p in parts).replace("You", "")  # the table's name for the player


@asynccontextmanager
async def _game(lang: str = "en", size: tuple[int, int] = (80, 24)):
    """The stacked game in ``lang``, at the player's first turn: (pilot, game screen)."""
    languages.use(lang)
    app = stacked_app(HANDS, TABLE)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        yield pilot, game_screen(app)


def _says(words: str, *expected: str, english: bool = False) -> None:
    """Each of ``expected`` is shown, and (unless ``english``) no English word of the screen."""
    for said in expected:
        assert said in words, said
    assert english or not ENGLISH.search(words), ENGLISH.search(words)


async def test_the_game_screen_is_drawn_in_italian_and_its_new_lines_too():
    async with _game("it") as (pilot, screen):
        _says(_words(screen), "Tocca a te", "Le tue carte · a te", "Punteggio", "Giocate", "Tavolo · mazzo 30",
              "Mano 1", "a 11 punti", "prese 0", "0 carte", "gioca", "altra presa")
        await pilot.press("2")  # 8d: its first capture chosen
        await pilot.pause()
        assert "prende" in str(screen.message) and "Enter gioca" in str(screen.message)
        await pilot.press("enter")
        await settle(pilot)
        assert "Hai giocato 8d e preso\u00a03c 5d" in screen.query_one(PlayLog).texts
        # The points of a hand, in the log: the most cards said in Italian, the rules' words as they are.
        score = SimpleNamespace(awards=[SimpleNamespace(point=p, side=0) for p in ("cards", "coins", "settebello")])
        won = screen._points_won(score, SimpleNamespace(side=0, scope=2))
        assert won == " (carte, Denari, settebello, 2\u00a0scope)"


async def test_the_game_screen_in_tagalog_leaks_no_english_word():
    async with _game("tl") as (pilot, screen):
        await pilot.press("2")
        await pilot.pause()
        _says(_words(screen), "Ikaw na", "Hawak mo", "Iskor", "Mesa · natitira 30", "Yugto 1", "✓ Kukunin ng",
              "tumira", "kuha 0")


async def test_a_language_change_mid_hand_rewrites_every_word_and_keeps_the_choice():
    async with _game(size=(100, 30)) as (pilot, screen):
        app = pilot.app
        await pilot.press("2", screen.table_labels()[next(c for c in screen.pic.table if str(c) == "4s")])
        await pilot.pause()  # 8d with 3c + 5d + 4s: not a legal capture
        chosen, capture, focused = screen.selected, screen.capture, app.focused
        assert str(screen.message).startswith("✗") and "Your turn" in str(screen._topbar)
        app.set_language("it")
        await settle(pilot)
        _says(_words(screen, prompt=False), "Tocca a te", "Le tue carte · a te", "Punteggio", "Giocate",
              "Tavolo · mazzo", "0 carte", "gioca", "Gioca ⏎")
        assert str(screen.message).startswith("✗") and str(screen.message).endswith("Tab: una presa valida")
        assert (screen.selected, screen.capture, app.focused) == (chosen, capture, focused)
        assert screen.query_one(HandView).selected == chosen and screen.query_one(TableView).selected == capture
        await pilot.press("tab")  # the choice goes on from where it was: the legal capture
        await pilot.pause()
        assert str(screen.message).startswith("✓") and "prende" in str(screen.message)
        app.set_language("fr")
        await settle(pilot)
        # (the engine's words for the capture are not checked here)
        _says(_words(screen), "À toi de jouer", "Ta main · à toi", "prend", "Enter joue", "jouer", "autre prise",
              english=True)
        assert screen.selected == chosen
        await pilot.press("enter")
        await settle(pilot)
        assert screen.query_one(PlayLog).texts[-2:][0] == "Tu as joué 8d et pris\u00a03c 5d"


async def test_the_quit_question_is_asked_again_in_the_new_language():
    async with _game(size=(100, 30)) as (pilot, _screen):
        app = pilot.app
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and app.screen.question.startswith("Quit the game")
        app.set_language("it")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ConfirmScreen)
        assert dialog.question.startswith("Vuoi uscire dalla partita in corso?")
        assert str(dialog.query_one("#question").content).startswith("Vuoi uscire")
        assert str(dialog.query_one("#yes").label) == "Esci (s)"  # sì
        assert str(dialog.query_one("#no").label) == "Continua a giocare (n)"
        await pilot.press("n")
        await settle(pilot)
        assert game_screen(app) is app.screen  # the game goes on


@pytest.mark.parametrize("lang, yes, no", [("it", "s", "n"), ("fr", "o", "n"), ("es", "s", "n"), ("tl", "o", "h"),
                                           ("en", "y", "n")])
async def test_a_dialog_answers_to_its_language_s_yes_and_no_letters_and_to_y_and_n(lang, yes, no):
    from textual.widgets._footer import FooterKey

    others = [ch for ch in "soh" if ch not in (yes, no)]  # another language's letters: no answer here
    for key, answer in ((yes, "yes"), (no, "no"), ("y", "yes"), ("n", "no"), *((ch, None) for ch in others)):
        async with _game(lang, size=(100, 30)) as (pilot, _screen):
            app = pilot.app
            await pilot.press("q")
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, ConfirmScreen)
            assert str(dialog.query_one("#yes").label).endswith(f"({yes})")
            assert str(dialog.query_one("#no").label).endswith(f"({no})")
            shown = {}  # the footer's key of each action (the first binding's, as Footer draws it)
            for active in dialog.active_bindings.values():
                if active.binding.show:
                    shown.setdefault(active.binding.action, app.get_key_display(active.binding))
            assert (shown["answer(True)"], shown["answer(False)"]) == (yes, no)
            # the dialog's own footer says them (the game's footer under it said "Tab next capture")
            footer = {k.action: k.key_display for k in dialog.query(FooterKey)}
            assert (footer["answer(True)"], footer["answer(False)"]) == (yes, no) and "cycle" not in footer
            # in the buttons' words, "Quit (y)" and "Keep playing (n)" (it said "y yes  n no")
            words = {k.action: k.description for k in dialog.query(FooterKey)}
            assert (words["answer(True)"], words["answer(False)"]) == (_("quit"), _("keep playing"))
            answers = []
            dialog.dismiss = answers.append  # what the key answered, the app left as it is
            await pilot.press(key)
            await settle(pilot)
            assert answers == ([] if answer is None else [answer == "yes"]), key


async def test_the_too_small_notice_in_spanish():
    async with _game("es", size=(60, 20)) as (pilot, _screen):
        app = pilot.app
        assert isinstance(app.screen, TooSmallScreen)
        said = str(app.screen.query_one("#too-small").content)
        assert said.startswith("Scopa necesita una terminal de al menos 80×24.") and "60×20" in said


async def test_a_language_change_writes_the_whole_log_again_in_the_new_language():
    async with _game(size=(100, 30)) as (pilot, screen):
        app = pilot.app
        await pilot.press("1", "enter")  # 2c on the table (nothing adds up to 2)
        await settle(pilot)
        log = screen.query_one(PlayLog)
        before = list(log.texts)
        assert before[0].startswith("— Hand 1") and "You played 2c on the table" in before
        app.set_language("it")
        await settle(pilot)
        after = list(log.texts)
        assert len(after) == len(before)  # the same lines, once each
        assert after[0].startswith("— Mano 1") and "Hai calato 2c in tavola" in after
        assert not any(ENGLISH.search(line) for line in after), after
        app.set_language("en")
        await settle(pilot)
        assert list(log.texts) == before
async def test_the_top_bar_says_you_deal_in_the_players_words():
    async with _game("es") as (pilot, screen):
        screen.pic.dealer = screen.me
        screen._refresh_topbar()
        assert "Mano 1 · repartes tú · a 11 puntos" in str(screen._topbar)  # not "reparte Tú"
        screen.pic.dealer = 1 - screen.me
        screen._refresh_topbar()
        assert "Mano 1 · reparte Anna · a 11 puntos" in str(screen._topbar)


@pytest.mark.parametrize("lang, rules", [("en", "standard"), ("it", "classiche"), ("es", "clásicas"),
                                         ("tl", "karaniwan")])
async def test_the_top_bar_names_the_rules_in_the_players_words(lang, rules):
    # The top bar printed the preset's name as the engine has it: "standard" in every language,
    # where the new-game form said "clásicas".
    async with _game(lang, size=(120, 30)) as (pilot, screen):
        top = str(screen._topbar)
        assert f" · {rules}" in top, top
        assert lang == "en" or "standard" not in top


async def test_a_hands_heading_fits_a_row_of_the_log_at_80x24_in_every_language():
    """Hand 10 dealt by a five-letter name: one row of the log, not two (its dashes may go).
    Tagalog's, with its colon as every language has it, is one cell too wide for the dealer
    by name: it goes on two rows, the name with its word ("Yugto 10: bigay" "ni Bruno")."""
    from dataclasses import replace

    from scopa_tui.engine.cards import parse_cards
    from scopa_tui.engine.events import Dealt

    for lang in ("it", "fr", "es", "tl"):
        async with _game(lang) as (pilot, screen):
            screen.table.seats[1] = replace(screen.table.seats[1], name="Bruno")
            log = screen.query_one(PlayLog)
            for dealer in (screen.me, 1):
                event = Dealt(hand=10, dealer=dealer, table=tuple(parse_cards(TABLE)), hands=(), stock=20)
                ((heading, kind),) = screen._lines_for(event)
                rows = [row.text for row in log._rows(heading, screen.deck, kind,
                                                      log.scrollable_content_region.width)]
                if lang == "tl" and dealer == 1:
                    assert rows == ["Yugto 10: bigay ", "ni Bruno"], rows
                else:
                    assert len(rows) == 1, (lang, rows)


async def _a_scopa_each(pilot, screen, seats) -> int:
    """A scopa for the player's side and for each of ``seats``, as if swept with the first card
    of the player's hand (that card)."""
    pic = screen.pic
    card = pic.my_hand[0]
    pic.scope_cards[0].append(card)
    for seat in seats:
        pic.seat_scope[seat].append(card)
    screen._refresh_widgets()
    await pilot.pause()
    return card


async def test_a_count_of_scope_is_singular_for_one_and_plural_for_more_in_italian():
    # The score panel, a seat's line and the hand's border count the sweeps as the language
    # says a count: "1 scopa", "2 scope" (they said "scope 1").
    async with _game("it", size=(100, 30)) as (pilot, screen):
        pic = screen.pic
        card = await _a_scopa_each(pilot, screen, seats=(0, 1))
        board, seat = str(screen.query_one(ScoreBoard).render()), str(screen.query_one(SeatView).render())
        assert "1 scopa:" in board and "scope" not in board, board
        assert "1 scopa: " + screen.deck.short(card) in seat and "scope" not in seat, seat
        assert screen._my_pile_text().endswith("1 scopa: " + screen.deck.short(card))
        pic.scope_cards[0].append(card)
        pic.seat_scope[1].append(card)
        screen._refresh_widgets()
        await pilot.pause()
        assert "2 scope:" in str(screen.query_one(ScoreBoard).render())
        assert "2 scope" in str(screen.query_one(SeatView).render())


async def test_in_french_a_count_of_scope_before_its_cards_takes_a_no_break_space_before_the_colon():
    # The score panel and the hand's border wrote "1 scopa: 6c" in French, the colon glued to
    # the word; French puts a no-break space before it ("1 scopa : 6c"), as its catalog does.
    async with _game("fr", size=(100, 30)) as (pilot, screen):
        card = await _a_scopa_each(pilot, screen, seats=(0, 1))
        board = str(screen.query_one(ScoreBoard).render())
        assert "1 scopa\u00a0: " + screen.deck.short(card) in board, board
        seat = str(screen.query_one(SeatView).render())  # the opponent's line, as the panel writes it
        assert "1 scopa\u00a0: " + screen.deck.short(card) in seat, seat
        assert screen._my_pile_text().endswith("1 scopa\u00a0: " + screen.deck.short(card))
        languages.use("it")  # the other languages keep the colon after the word
        assert screen._my_pile_text().endswith("1 scopa: " + screen.deck.short(card))


@pytest.mark.parametrize("lang", ["en", "it", "fr", "es", "tl"])
async def test_partners_read_naturally_and_the_hands_title_is_never_cut_at_80x24(lang):
    """Four players: the seat's partner line and the side say "and" as the language does, and
    the hand's title leaves the side out (the score panel names it) rather than be cut."""
    from .helpers import make_app, wait_for_my_turn

    languages.use(lang)
    app = make_app(players=4, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_my_turn(pilot)
        screen = game_screen(app)
        hand = screen.query_one(HandView)
        assert len(hand.border_title) <= hand.outer_size.width - 6, hand.border_title
        seats = "\n".join(str(seat.render()) for seat in screen.query(SeatView))
        assert "& " not in seats if lang != "en" else "with Anna" in seats
        if lang == "tl":
            assert "Ikaw at si Bruno" in str(screen.query_one(ScoreBoard).render())


async def test_six_players_in_italian_name_a_side_with_the_and_of_its_second_name():
    """Bruno sits with Elena: the score panel says "Bruno ed Elena" ("ed" before e), as the
    other sides keep "e" ("Tu e Carla", "Anna e Dario")."""
    from .helpers import make_app, wait_for_my_turn

    languages.use("it")
    app = make_app(players=6, seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_my_turn(pilot)
        screen = game_screen(app)
        assert screen.side_names == ["Tu e Carla", "Anna e Dario", "Bruno ed Elena"]
        panel = str(screen.query_one(ScoreBoard).render())
        assert "Bruno ed Elena" in panel and "Bruno e Elena" not in panel


@pytest.mark.parametrize("lang", ["en", "it", "fr", "es", "tl"])
@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_play_button_has_a_margin_beside_the_plays_panel_in_every_language(lang, size):
    # Tagalog's "Tumira ⏎" took the whole of its column: the button touched the Plays panel's border.
    async with _game(lang, size) as (_pilot, screen):
        button, side = screen.query_one("#play-button"), screen.query_one("#side")
        assert button.size.width == len(_("Play ⏎")) + 2  # the whole label, a cell each side
        assert side.region.x - button.region.right >= 1
