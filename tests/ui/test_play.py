"""Pilot tests: whole hands and games played by key presses, validation, Tab, help, quit."""

from __future__ import annotations

import pytest

from scopa_tui.engine import parse_card
from scopa_tui.ui.screens.dialogs import ConfirmScreen, TooSmallScreen
from scopa_tui.ui.screens.game import GameScreen
from scopa_tui.ui.screens.help import HelpScreen
from scopa_tui.ui.screens.scoring import GameOverScreen, HandOverScreen

from .helpers import (card_offset, game_screen, make_app, play_by_keys, play_game_by_keys, seat_infos, settle,
                      shown, stacked_app, text_of, wait_for_my_turn)


async def test_complete_game_by_keys():
    app = make_app(players=2, ai=["greedy"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hands = await play_game_by_keys(pilot)
        game = app.game
        assert game.is_over
        assert hands == len(game.hand_scores) >= 1
        assert max(game.totals) >= game.rules.target
        over = app.screen
        assert isinstance(over, GameOverScreen)
        text = " ".join(text_of(w) for w in over.query("Static"))
        assert str(game.totals[0]) in text


async def test_space_does_what_enter_does_in_a_hand_and_on_its_scoring():
    """Space did nothing in a game and said nothing: it plays, says how to choose a card when
    none is chosen, and goes on from a hand's scoring, as Enter does; the keys panel names it
    beside Enter (README.md, Playing)."""
    app = make_app(players=2, ai=["greedy"], seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("space")
        assert str(screen.message) == "Choose a card first: ←/→ or 1–3"
        keys = [key for key, b in screen.active_bindings.items() if b.binding.action == "play"]
        assert keys == ["enter", "space"]  # the panel's row: "⏎ Space play"
        while await wait_for_my_turn(pilot):
            before = len(app.game.history)
            await play_by_keys(pilot, app.game.legal_moves()[0], "space")
            await settle(pilot)
            assert len(app.game.history) > before or app.game.phase == "hand_over"
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("space")
        await settle(pilot)
        assert app.game.hand_no == 2 and isinstance(app.screen, GameScreen)


async def test_space_during_the_ai_turn_says_whose_turn_it_is():
    app = stacked_app([["2c", "8d", "1s"], ["7b", "9c", "10s"]], ["3c", "4s", "6b", "5d"])
    app.ai_delay = 60
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("1", "space")  # 2c on the table; the AI's answer stays on screen
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = game_screen(app)
        assert screen.preview is not None
        await pilot.press("space")
        await pilot.pause()
        assert str(screen.message) == "Not your turn: Anna is playing."


def prompt_text(app) -> str:
    return text_of(game_screen(app).query_one("#prompt"))


def engine_text(app, text: str) -> str:
    """Engine wording with card notation shown in the game's deck style, as the prompt shows it."""
    from scopa_tui.ui.card_render import card_tokens

    return "".join(part for part, _ in card_tokens(text, game_screen(app).deck))


async def test_complete_hand_by_keys():
    app = make_app(players=2, ai=["greedy"], seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        plays = 0
        while not isinstance(app.screen, HandOverScreen):
            assert await wait_for_my_turn(pilot) or isinstance(app.screen, HandOverScreen)
            if isinstance(app.screen, HandOverScreen):
                break
            before = len(app.game.history)
            await play_by_keys(pilot, app.game.legal_moves()[0])
            plays += 1
            assert len(app.game.history) > before or app.game.phase == "hand_over"
        assert plays == 18  # 2 players: 6 deals of 3 cards
        assert len(app.game.hand_scores) == 1
        score = app.game.hand_scores[0]
        table = shown(app.screen.query_one("#breakdown"))
        assert "Primiera" in table and "Settebello" in table and "Denari" in table
        marks = table.count("▶") - table.count("▶ took the point")  # one per point taken, besides the scope
        assert marks == sum(a.side is not None for a in score.awards) + sum(s.scope > 0 for s in score.sides)
        await pilot.press("enter")
        await settle(pilot)
        assert app.game.hand_no == 2 and app.game.phase == "play"
        assert isinstance(app.screen, GameScreen)


async def test_illegal_selection_refused_with_reason():
    app = stacked_app([["7c", "8d", "1s"], ["9b", "9c", "10s"]], ["3c", "4s", "2b", "5d"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert await wait_for_my_turn(pilot)
        screen = game_screen(app)
        await pilot.press("1")  # 7c: the first legal capture is preselected
        assert screen.capture in ({parse_card("3c"), parse_card("4s")}, {parse_card("2b"), parse_card("5d")})
        assert "✓" in prompt_text(app)
        labels = screen.table_labels()
        extra = next(c for c in app.game.table if c not in screen.capture)
        await pilot.press(labels[extra])  # three cards: the sum is wrong
        reason = app.game.explain(parse_card("7c"), screen.capture)
        assert reason is not None and "your card is a 7" in reason
        assert engine_text(app, reason) in prompt_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.game.history == [] and app.game.turn == 0  # nothing was played
        for card in list(screen.capture):  # take nothing: capture is mandatory
            await pilot.press(labels[card])
        assert screen.capture == frozenset()
        assert "you must capture" in prompt_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.game.history == []
        await pilot.press("escape")
        assert screen.selected is None


async def test_match_beats_sum_message():
    app = stacked_app([["7d", "8d", "1s"], ["9b", "9c", "10s"]], ["3c", "4s", "7b", "10c"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("1")
        assert screen.capture == {parse_card("7b")}
        labels = screen.table_labels()
        for card in ("7b", "3c", "4s"):
            await pilot.press(labels[parse_card(card)])
        assert screen.capture == {parse_card("3c"), parse_card("4s")}
        assert "a match beats a sum" in prompt_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.game.history == []


async def test_tab_cycles_legal_captures_and_plays_the_chosen_one():
    app = stacked_app([["7c", "8d", "1s"], ["9b", "9c", "10s"]], ["3c", "4s", "2b", "5d"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("1")
        first = screen.capture
        await pilot.press("tab")
        second = screen.capture
        await pilot.press("tab")
        assert screen.capture == first != second
        assert {first, second} == {frozenset(s) for s in app.game.captures_for(parse_card("7c"))}
        await pilot.press("tab", "enter")
        await settle(pilot)
        assert app.game.history[0].seat == 0
        assert set(app.game.history[0].capture) == set(second)


async def test_shift_tab_steps_back_through_the_captures():
    app = stacked_app([["7c", "8d", "10b"], ["9b", "9c", "10s"]], ["1d", "3c", "3b", "4s"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("1")
        sets = [frozenset(s) for s in screen.sets]
        assert len(sets) >= 3 and screen.capture == sets[0]
        await pilot.press("shift+tab")
        assert screen.capture == sets[-1]  # back from the first is the last, as Tab goes round
        assert f"({len(sets)}/{len(sets)})" in prompt_text(app)
        await pilot.press("shift+tab")
        assert screen.capture == sets[-2]
        await pilot.press("tab", "tab")
        assert screen.capture == sets[0]
        await pilot.press("shift+tab", "enter")
        await settle(pilot)
        assert set(app.game.history[0].capture) == set(sets[-1])


async def test_tab_with_no_card_chosen_says_how_to_choose_one_as_enter_does():
    app = stacked_app([["7c", "8d", "1s"], ["9b", "9c", "10s"]], ["3c", "4s", "2b", "5d"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("z")  # a stale line under the table: Tab left it there and did nothing
        assert "letter z" in str(screen.message)
        await pilot.press("tab")
        assert str(screen.message) == "Choose a card first: ←/→ or 1–3"
        assert screen.selected is None and not app.game.history
        await pilot.press("escape", "enter")
        assert str(screen.message) == "Choose a card first: ←/→ or 1–3"


async def test_a_letter_no_table_card_has_says_which_letters_there_are():
    """A refusal that says what to do instead, as a number past the hand does: the table's
    letters, or that it is empty (a newcomer typing p to play was told only that no card has it)."""
    from scopa_tui import languages

    # 6c takes 1c 2s 3b, and Anna's 9b sweeps the 9d left: the table is empty on the next turn
    app = stacked_app([["6c", "7d", "8s"], ["9b", "4c", "5c"]], ["1c", "2s", "3b", "9d"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("p")
        assert str(screen.message) == "No table card has the letter p: the table's letters are a–d"
        try:
            languages.use("it")
            await pilot.press("e")
            assert str(screen.message) == "Nessuna carta in tavola ha la lettera e: le lettere del tavolo sono a–d"
        finally:
            languages.use("en")
        await pilot.press("1", "enter")
        await wait_for_my_turn(pilot)
        await settle(pilot)
        assert not screen.pic.table
        await pilot.press("a")
        assert str(screen.message) == "No table card has the letter a: the table is empty"


async def test_a_number_key_past_the_hand_says_which_keys_there_are_as_a_sentence():
    from scopa_tui import languages

    app = stacked_app([["7c", "8d", "1s"], ["9b", "9c", "10s"]], ["3c", "4s", "2b", "5d"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("4")
        assert screen.selected is None and not app.game.history
        # a capital, as "Choose a card first" and "No table card has the letter" have
        assert str(screen.message) == "You have 3 cards: press 1–3"
        try:
            languages.use("it")
            await pilot.press("9")
            assert str(screen.message) == "Hai 3 carte: premi 1–3"
        finally:
            languages.use("en")


async def test_arrow_keys_and_mouse_select():
    app = stacked_app([["7c", "8d", "1s"], ["9b", "9c", "10s"]], ["3c", "4s", "2b", "5d"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("right")
        assert screen.selected == 0
        await pilot.press("right", "right")
        assert screen.selected == 2
        await pilot.press("right")
        assert screen.selected == 0
        await pilot.press("left")
        assert screen.selected == 2
        hand = screen.query_one("#hand")
        await pilot.click("#hand", offset=card_offset(hand, 0))  # inside the first card
        assert screen.selected == 0
        await pilot.press("escape")
        table = screen.query_one("#table")
        await pilot.press("2")  # 8d: takes 3c + 5d
        assert screen.capture == {parse_card("3c"), parse_card("5d")}
        await pilot.click("#table", offset=card_offset(table, 0))  # the first table card, 2b
        assert parse_card("2b") in screen.capture
        assert "✗" in prompt_text(app)
        assert hand is not None and table is not None


async def test_help_opens_and_closes():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.query_one("Markdown").source
        assert "a match beats a sum" in text and "Tab" in text
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, GameScreen)


async def test_quit_asks_first_during_a_game():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.is_running
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert not app.is_running or app._exit


async def test_four_player_game_with_partner():
    app = make_app(players=4, ai=["greedy", "random", "greedy"], seed=5, target=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        seats = seat_infos(screen)
        assert [s.name for s in seats] == ["Anna", "Bruno", "Carla"]
        assert seats[1].team == "partner"
        assert seats[0].team == "with Carla"
        assert screen.side_names == ["You & Bruno", "Anna & Carla"]
        hands = await play_game_by_keys(pilot)
        assert app.game.is_over and hands == len(app.game.hand_scores)
        assert len(app.game.totals) == 2


async def test_resize_too_small_then_bigger_cards():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.query_one("#hand").card_size == "small"
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        assert "80×24" in text_of(app.screen.query_one("#too-small"))
        await pilot.press("1")  # keys do not reach the game underneath
        assert screen.selected is None
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert app.screen is screen
        assert screen.query_one("#hand").card_size == "large"
        await pilot.resize_terminal(110, 34)
        await settle(pilot)
        assert screen.query_one("#hand").card_size == "medium"
        await pilot.resize_terminal(160, 50)
        await settle(pilot)
        assert screen.query_one("#hand").card_size == "xlarge"
        assert screen.query_one("#table").card_size == "xlarge"
        await pilot.resize_terminal(140, 40)
        await settle(pilot)
        assert screen.query_one("#hand").card_size == "large"
        assert screen.query_one("#table").card_size == "large"


@pytest.mark.parametrize("lang, terminal, window", [
    ("en", "a terminal of", "a window of at least 80×24 characters"),
    ("it", "un terminale", "una finestra di almeno 80×24 caratteri"),
    ("fr", "un terminal", "une fenêtre d'au moins 80×24 caractères"),
    ("es", "una terminal", "una ventana de al menos 80×24 caracteres"),
    ("tl", "ng terminal", "ng window na may puwang para sa hindi bababa sa 80×24 na titik"),
])
async def test_too_small_in_a_browser_says_window(monkeypatch, lang, terminal, window):
    """In a browser (scopa-tui web: Textual's web driver) the too-small notice speaks of the
    window, whose player can zoom out; it said "terminal".  In a terminal, of the terminal."""
    from textual import constants

    from scopa_tui import languages
    from scopa_tui.ui.terminal import WEB_DRIVER

    languages.use(lang)
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        notice = app.screen
        assert isinstance(notice, TooSmallScreen)
        assert terminal in text_of(notice.query_one("#too-small"))
        monkeypatch.setattr(constants, "DRIVER", WEB_DRIVER)
        notice.update_size()
        said = text_of(notice.query_one("#too-small"))
        assert window in said and "60×20" in said and terminal not in said


async def test_hint_selects_a_legal_move_and_says_why(monkeypatch):
    from scopa_tui.ai import hint

    given, real = {}, hint.suggest

    def suggest(view, **options):
        given.update(options)
        return real(view, **options)

    monkeypatch.setattr(hint, "suggest", suggest)
    app = stacked_app([["7c", "8d", "1s"], ["9b", "9c", "10s"]], ["3c", "4s", "2b", "5d"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("h")
        await settle(pilot)
        # the seats' names as shown, for "the 4b left on the table goes to Bruno" (ai/hint.py)
        assert given["seat_name"](1) == screen.names[1] != "" and given["seat_name"](0) == screen.names[0]
        assert screen.selected is not None
        card = screen.pic.my_hand[screen.selected]
        assert app.game.explain(card, screen.capture) is None  # the hint is a legal move
        assert prompt_text(app).startswith("Hint: ")
        await pilot.press("enter")
        await settle(pilot)
        assert app.game.history[0].card == card


@pytest.mark.parametrize("lang, said", [
    ("en", "Hint: 7Ʊ takes 2♣ and 5◉ and leaves 3Ʊ and 4†: only a 7 sweeps it (3 still unseen, 26% the next "
           "player has one). Enter plays it."),
    ("it", "Suggerimento: 7Ʊ prende 2♣ e 5◉ e lascia 3Ʊ e 4†: fa scopa solo un 7 (3 da uscire, 26% che l'abbia "
           "il prossimo). Enter la gioca."),
    ("fr", "Conseil : 7Ʊ prend 2♣ et 5◉ et laisse 3Ʊ et 4† : scopa seulement avec un 7 (3 pas sorties, 26 % que "
           "le suivant en ait une). Enter la joue."),
    ("es", "Pista: 7Ʊ se lleva 2♣ y 5◉ y deja 3Ʊ y 4†: solo la barre un 7 (3 sin salir, 26% en manos del siguiente). "
           "Enter la juega."),
    ("tl", "Payo: kunin ang 2♣ at 5◉ gamit ang 7Ʊ at iwan ang 3Ʊ at 4†: isang 7 lang ang makakawalis (3 pa "
           "ang nakatago, 26% na hawak ng susunod). Enter para itira."),
], ids=["en", "it", "fr", "es", "tl"])
async def test_the_hint_reads_as_a_sentence_in_every_language(lang, said):
    # It ran its parts together with two spaces and no stop ("… sweep it  Enter plays it"),
    # the cards left as "2b 5d".
    from scopa_tui import languages

    languages.use(lang)
    try:
        app = stacked_app([["7c", "8d", "1s"], ["9b", "9c", "10s"]], ["3c", "4s", "2b", "5d"])
        async with app.run_test(size=(160, 50)) as pilot:
            await settle(pilot)
            screen = game_screen(app)
            await pilot.press("h")
            await settle(pilot)
            plain = screen.message.plain.replace("\u00a0", " ")
            assert plain == said
    finally:
        languages.use("en")


async def test_the_hint_s_enter_plays_it_moves_to_the_next_line_whole():
    """"Enter plays it" after a hint never breaks across lines: at 120×40 in Italian the
    prompt ended a line with "Enter" and began the next with "la gioca"."""
    from rich.console import Console

    app = stacked_app([["7c", "8d", "1s"], ["9b", "9c", "10s"]], ["3c", "4s", "2b", "5d"])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("h")
        await settle(pilot)
        said = screen.message
        assert said.plain.startswith("Hint: ") and said.plain.endswith("Enter\u00a0plays\u00a0it.")
        console = Console(width=200, file=open("/dev/null", "w"))  # noqa: SIM115
        for width in range(20, len(said.plain) + 1):
            lines = [line.plain.replace("\u00a0", " ").strip() for line in said.wrap(console, width)]
            assert not any(line.endswith(("Enter", "Enter plays")) for line in lines), (width, lines)
            assert any(line.endswith("Enter plays it.") for line in lines) or width < len("Enter plays it.")


async def test_new_game_screen_starts_the_chosen_game():
    app = make_app(start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        from scopa_tui.ui.screens.new_game import NewGameScreen

        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#players").value = 3
        app.screen.query_one("#target").value = 0  # other…
        await pilot.pause()
        other = app.screen.query_one("#other-target")
        assert other.display
        other.value = "abc"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)  # refused, with a message
        assert "whole number" in text_of(app.screen.query_one("#error"))
        other.value = "²"  # a digit to str.isdigit, no number to int()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "whole number" in text_of(app.screen.query_one("#error"))
        other.value = "+5"  # a sign is how some write a number: it was refused
        app.screen.query_one("#ai-2").value = "random"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.game.rules.players == 3 and app.game.rules.target == 5
        assert app.config.ai == ["easy", "random"]  # greedy (make_app's) is offered as easy
        assert [s.level for s in seat_infos(app.screen)] == ["easy", "random"]


async def test_preset_that_forbids_the_player_count_is_refused():
    app = make_app(start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one("#players").value = 3
        app.screen.query_one("#preset").value = "gamerules"
        await pilot.pause()
        assert app.screen.query_one("#deck").value == "french"  # the preset's deck
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "gamerules preset is for 2 or 4 players, not 3" in text_of(app.screen.query_one("#error"))


async def test_ai_play_is_shown_before_it_is_applied():
    app = stacked_app([["2c", "8d", "1s"], ["7b", "9c", "10s"]], ["3c", "4s", "6b", "5d"])
    app.ai_delay = 30  # the preview stays until the test applies it
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        screen.ai_delay = 30
        await pilot.press("1", "enter")  # 2c lays (nothing adds to 2)
        await settle(pilot)
        assert app.game.turn == 1 and screen.preview is not None
        seat, move = screen.preview
        table = screen.query_one("#table")
        assert table.played == (move.card, "Anna")
        assert table.captured == frozenset(move.capture)
        assert "Anna plays" in prompt_text(app)
        assert len(app.game.history) == 1  # not applied yet
        screen._apply_ai(screen.token)
        await settle(pilot)
        assert len(app.game.history) == 2 and app.game.history[1].card == move.card
        assert screen._my_turn()


async def test_scopa_is_marked_on_the_capture_pile():
    # 10s sweeps 1d 2c 3s 4b; seat 0 leads.
    app = stacked_app([["10s", "8d", "9s"], ["7b", "9c", "6s"]], ["1d", "2c", "3s", "4b"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        assert "a scopa" in prompt_text(app)
        await pilot.press("enter")
        await settle(pilot)
        screen = game_screen(app)
        mine = screen.query_one("#scores").sides[0]
        assert mine.scope_cards == (parse_card("10s"),) and mine.pile == 5
        log = "\n".join(line.text for line in screen.query_one("#log").lines)
        assert "scopa!" in log
        while not isinstance(app.screen, HandOverScreen):  # the scoring lists the sweeping card
            if await wait_for_my_turn(pilot):
                await play_by_keys(pilot, app.game.legal_moves()[0])
        table = shown(app.screen.query_one("#breakdown"))
        scope_row = next(line for line in table.splitlines() if line.strip().startswith("Scope"))
        assert screen.deck.short(parse_card("10s")) in scope_row.split("▶")[1]  # my column, first


async def test_a_failing_ai_plays_a_safe_move_and_the_game_goes_on():
    app = stacked_app([["2c", "8d", "1s"], ["7b", "9c", "10s"]], ["3c", "4s", "6b", "5d"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)

        def broken(view):
            raise RuntimeError("bot crashed")

        app.players[1].choose = broken
        await pilot.press("1", "enter")
        await settle(pilot)
        assert len(app.game.history) == 2 and app.game.history[1].seat == 1
        assert any("Anna's AI failed (bot crashed)" in n.message for n in app._notifications)
        assert game_screen(app)._my_turn()


async def test_a_game_under_way_is_drawn_from_its_state():
    from scopa_tui.engine import Game, make_rules
    from scopa_tui.ui.app import ScopaApp
    from scopa_tui.ui.config import GameConfig

    config = GameConfig(players=2, ai=["greedy"], seed=5)
    game = Game(make_rules("standard", players=2), seed=5, side_names=config.side_names())
    game.start()
    while len(game.history) < 7 or game.turn != 0:  # a resumed game, mid-hand, the player to act
        game.play(game.legal_moves()[0])
    app = ScopaApp(config, ai_delay=0, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        view = game.view(0)
        assert screen._my_turn()
        assert screen.pic.table == view.table and screen.pic.my_hand == view.hand
        assert screen.pic.hand_sizes == list(view.hand_sizes) and screen.pic.stock == view.stock
        sides = screen.query_one("#scores").sides
        assert [s.pile for s in sides] == [len(p) for p in view.captured]
        await play_by_keys(pilot, game.legal_moves()[0])
        await settle(pilot)
        assert len(game.history) >= 8


async def test_starting_too_small_then_growing_shows_the_game():
    app = make_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        assert any(isinstance(s, GameScreen) for s in app.screen_stack)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.resize_terminal(79, 24)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)


async def test_tab_says_so_where_the_card_has_no_other_capture():
    # Tab redrew the same line: the player pressed it and nothing visibly happened.
    app = stacked_app([["4c", "1d", "1s"], ["1b", "1c", "9s"]], ["3c", "4s", "2b", "5d"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("1")  # 4c takes 4s, and only 4s
        before = prompt_text(app)
        assert "Tab" not in before
        await pilot.press("tab")
        assert screen.capture == {parse_card("4s")}
        said = " ".join(prompt_text(app).split())  # on the line, or on a line of its own
        assert said == " ".join(before.split()).replace("Enter plays", "Tab: the only capture with this card")
        await pilot.press("2", "tab")  # 1d takes nothing
        assert screen.capture == frozenset()
        said = " ".join(prompt_text(app).split())
        assert "goes on the table" in said and said.endswith("Tab: no capture with this card")
        await pilot.press("enter")  # still plays it
        await settle(pilot)
        assert app.game.history[0].card == parse_card("1d")


async def test_an_ace_that_may_not_be_laid_is_refused_without_offering_tab():
    # Scopa d'Assi with ace-no-empty-sweep: an Ace on an empty table, held with another card,
    # was refused and the line went on "Tab: lay it", which Tab could not do.
    app = stacked_app([["4c", "1d", "7b"], ["1b", "2s", "8s"]], ["2c", "3s", "6b", "5d"],
                      variant="scopa-d-assi", options=("ace-no-empty-sweep",))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1", "enter")  # 4c laid; Anna's Ace takes the table
        assert await wait_for_my_turn(pilot)
        await settle(pilot)
        assert app.game.state.table == 0
        await pilot.press("1")  # 1d
        said = " ".join(prompt_text(app).split())
        assert said.startswith("✗ A◉ may not be played on an empty table")
        assert "Tab" not in said
        await pilot.press("tab")
        assert "Tab" not in prompt_text(app)
        await pilot.press("2")  # 7b is laid, and Tab says there is no other way
        assert "goes on the table" in prompt_text(app)


async def test_table_cards_that_are_no_legal_capture_are_marked_in_the_error_colour():
    # A chosen capture was marked alike, legal or not: only the line under the table said
    # "✗ a 7 cannot take a 5". Now its cards are red until they make a legal capture.
    from scopa_tui.ui.widgets.cards import TableView

    app = stacked_app([["7c", "8d", "1s"], ["9b", "9c", "10s"]], ["3c", "4s", "2b", "5d"])
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_my_turn(pilot)
        await settle(pilot)
        table = app.screen.query_one(TableView)

        def label_colour(label: str):
            for y in range(table.size.height):
                for segment in table.render_line(y):
                    if label in segment.text:
                        return segment.style.color
            raise AssertionError(f"{label} not drawn")

        error = table._style("label-captured").color
        await pilot.press("1")  # the 7 of Coppe: 2 + 5 offered (a, d)
        await settle(pilot)
        assert label_colour("[d]") != error
        await pilot.press("a")  # the 5 alone
        await settle(pilot)
        assert label_colour("[d]") == error
        await pilot.press("a")  # 2 + 5 again
        await settle(pilot)
        assert label_colour("[a]") != error and label_colour("[d]") != error
