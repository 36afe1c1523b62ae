"""The scoring screen read as a player reads it: columns, marks, notes and the deck's words."""

from __future__ import annotations

import dataclasses

import pytest

from scopa_tui.engine.cards import SETTEBELLO
from scopa_tui.ui.card_render import DeckStyle
from scopa_tui.ui.scoring_view import ScoringView, notes, outcome
from scopa_tui.ui.wrapping import glued

from .helpers import shown
from .scoring_data import NAMES, first_hand, hand_over_app, last_play_sweep, played, tied_at_target

ROWS = ("Cards", "Denari", "Settebello", "Primiera", "Scope", "This hand", "Total")


def expected(score, row: str, side: int) -> str:
    """The first word of a side's cell in ``row``."""
    s = score.sides[side]
    return {"Cards": str(s.cards), "Denari": str(s.coins), "Settebello": "7" if s.settebello else "—",
            "Primiera": DeckStyle().short(s.primiera_cards[0]) if s.primiera is not None else "no",
            "Scope": str(s.scope), "This hand": f"+{s.points}", "Total": str(score.totals[side])}[row]


@pytest.mark.parametrize("players", [2, 3, 6])
async def test_every_sides_values_start_in_its_column(players):
    score = first_hand(players)
    app = hand_over_app(score, players)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = shown(app.screen.query_one(ScoringView)).splitlines()
        header = lines[0]
        columns = [header.index(name) for name in NAMES[players]]
        assert columns == sorted(columns) and columns[-1] + len(NAMES[players][-1]) <= 76  # all in view
        for row in ROWS:
            line = next(line for line in lines if line.startswith(row))
            for side, x in enumerate(columns):
                assert line[x - 2:x] in ("  ", "▶ "), f"{row}, side {side}: {line!r}"
                assert line[x:].split()[0] == expected(score, row, side), f"{row}, side {side}: {line!r}"
        for point, row in (("cards", "Cards"), ("coins", "Denari"), ("settebello", "Settebello"),
                           ("primiera", "Primiera")):
            line = next(line for line in lines if line.startswith(row))
            marked = [side for side, x in enumerate(columns) if line[x - 2] == "▶"]
            winner = score.award(point).side
            assert marked == ([] if winner is None else [winner]), f"{row}: {line!r}"


def test_a_tie_at_the_target_says_one_more_hand():
    score, target = tied_at_target()
    assert outcome(score, NAMES[2], target) == "Tied at 6 (target 5): one more hand."


def test_the_winner_is_said_and_a_game_going_on_says_the_target():
    game = played(2)
    names = NAMES[2]
    winner = names[game.winner]
    assert outcome(game.hand_scores[-1], names, 11).startswith(f"{winner} win")
    assert outcome(game.hand_scores[0], names, 11) == "First to 11 wins."


@pytest.mark.parametrize("lang", ["en", "it", "fr", "es", "tl"])
async def test_the_last_hands_total_marks_the_games_winner_and_says_so(lang):
    # The Total row's ▶ marked the game's winner under a legend that said "▶ took the point".
    from scopa_tui import languages
    from scopa_tui.engine.text import _, pgettext

    languages.use(lang)
    game = played(2)
    app = hand_over_app(game.hand_scores[-1], 2, game_over=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = shown(app.screen.query_one(ScoringView)).splitlines()
        total = next(line for line in lines if line.startswith(pgettext("scoring row", "Total")))
        assert "▶" not in total and total.count("♛") == 1
        assert total.split("♛")[1].split()[0] == str(game.hand_scores[-1].totals[game.winner])
        legend = next(line for line in lines if _("took the point") in line)
        assert legend.split() == ["▶", *_("took the point").split(), "♛", *_("won the game").split()]
        assert _("won the game") != "won the game" or lang == "en"


def test_a_last_card_sweep_is_said_not_to_be_a_scopa():
    score = last_play_sweep()
    said = {label: text.plain for label, text in notes(score, NAMES[3], DeckStyle())}
    who = NAMES[3][score.last_sweep]
    assert said["Last play"].startswith("Your" if who == "You" else who)
    assert "no scopa" in said["Last play"]


def test_leftovers_name_the_cards_and_who_took_them():
    score = first_hand(2)
    assert score.leftover and score.leftover_to is not None
    deck = DeckStyle("french")
    said = {label: text.plain for label, text in notes(score, NAMES[2], deck)}
    cards = " ".join(deck.short(c) for c in score.leftover)
    assert score.leftover_to == 0  # the player: "you" in the sentence, not the name "You"
    assert said["Leftovers"] == f"{cards} went to you, the last to capture"
    other = first_hand(2, seed=3)
    said = {label: text.plain for label, text in notes(other, NAMES[2], deck)}
    assert other.leftover_to == 1
    assert said["Leftovers"] == f"{' '.join(deck.short(c) for c in other.leftover)} went to Anna, the last to capture"


async def test_the_french_deck_says_diamonds_not_coins():
    score = first_hand(2)
    app = hand_over_app(score, 2, deck="french")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = shown(app.screen.query_one(ScoringView))
    assert "Coins" not in text and "Denari" not in text
    assert any(line.startswith("Diamonds") for line in text.splitlines())
    assert DeckStyle("french").card_name(SETTEBELLO) in text  # "7 of Diamonds"
    assert "◉" not in text and "♦" in text


def test_a_three_side_win_names_every_side_with_its_total():
    game = played(6, target=11)
    totals = game.hand_scores[-1].totals
    text = outcome(game.hand_scores[-1], NAMES[6], 11)
    order = sorted(range(3), key=lambda i: -totals[i])
    names = [glued(n) for n in NAMES[6]]  # each on one row where it fits
    assert text.startswith(f"{names[order[0]]} win the game, {totals[order[0]]} (")
    assert f"{names[order[1]]}:\u00a0{totals[order[1]]}, {names[order[2]]}:\u00a0{totals[order[2]]})" in text


def test_a_name_that_ends_in_a_digit_is_kept_apart_from_its_points():
    # An online AI seat is "AI 2": "AI 2 7" read as one name, or as the wrong total.
    game = played(3, target=11)
    score = game.hand_scores[-1]
    names = ["You", "AI 2", "AI 3"]
    text = outcome(score, names, 11)
    winner = max(range(3), key=lambda i: score.totals[i])
    for i in range(3):
        if i != winner:
            assert f"{glued(names[i])}:\u00a0{score.totals[i]}" in text, text  # the points beside the name
    assert f"{names[2]} {score.totals[2]}" not in text


async def test_a_long_game_over_keeps_the_column_names_in_view_above_the_final_row():
    from scopa_tui.ui.scoring_view import HandsView

    from .scoring_data import game_over_app

    game = played(6, target=31)
    assert len(game.hand_scores) > 10  # more hands than the list shows at once
    app = game_over_app(game, 6)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        head, rows = app.screen.query(HandsView)
        head_text = shown(head)
        assert all(name in head_text for name in NAMES[6])
        scroller = app.screen.query_one("#hands-table")
        assert head.region.bottom <= scroller.region.y and head.region.height == 2  # above, not scrolled
        assert scroller.scroll_y > 0  # scrolled to the end: the Final row shows ...
        final = next(line for line in shown(rows).splitlines() if line.strip().startswith("Final"))
        header_line = head_text.splitlines()[0]
        for name, total in zip(NAMES[6], game.hand_scores[-1].totals):  # ... under the names
            end = header_line.index(name) + len(name)
            assert final[:end].rstrip().endswith(str(total)), (name, final, header_line)


@pytest.mark.parametrize("players", [2, 3])
async def test_a_large_terminal_spreads_the_scoring_out(players):
    """At 160x50 the panel is wide, rows have air, each row says what wins it, and the
    coins and primiera cards are drawn as boxes (at 80x24 they are not)."""
    score = first_hand(players, seed=8)
    app = hand_over_app(score, players)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        view = app.screen.query_one(ScoringView)
        assert view.roomy and view.region.width >= 110 and view.region.height >= 25
        lines = shown(view).splitlines()
        assert any(line.strip() == "most cards" for line in lines)
        assert sum("╭──╮" in line or "┏━━┓" in line for line in lines) >= 2  # coins and primiera boxes
        columns = [lines[0].index(name) for name in NAMES[players]]
        cards = next(line for line in lines if line.startswith("Cards"))
        for side, x in enumerate(columns):
            assert cards[x:].split()[:2] == [str(score.sides[side].cards), "cards"], cards
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not view.roomy and not any("╭──╮" in line for line in shown(view).splitlines())


async def test_enter_before_the_hand_scoring_is_mounted_neither_skips_nor_fails():
    """Keys pressed fast at the end of a hand reach the scoring screen before its widgets
    are mounted: Enter does nothing yet, and the screen sets itself up once they are."""
    from textual.app import App

    from scopa_tui.ui.screens.scoring import HandOverScreen

    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = HandOverScreen(first_hand(2), NAMES[2], DeckStyle(), 11, False)
        app.push_screen(screen)
        screen.action_continue()  # before the mount: not ready, and no NoMatches
        await pilot.pause()
        assert app.screen is screen
        assert screen.query_one("#hand-over").border_title == "Hand 1 — scoring"
        await pilot.press("enter")
        assert app.screen is not screen


SEATS = {4: ["You", "Anna", "Bruno", "Carla"], 6: ["You", "Anna", "Bruno", "Dario", "Elena", "Fabio"]}


@pytest.mark.parametrize("seed, taker", [(4, "Carla"), (7, "Bruno")])
def test_leftovers_name_the_partner_who_captured_last_not_the_side(seed, taker):
    score = first_hand(4, seed)
    deck = DeckStyle("french")
    said = {label: text.plain for label, text in notes(score, NAMES[4], deck, seat_names=SEATS[4])}
    cards = " ".join(deck.short(c) for c in score.leftover)
    assert said["Leftovers"] == f"{cards} went to {taker}, the last to capture"


def test_a_last_card_sweep_of_six_players_names_the_seat():
    score = first_hand(6, seed=21)
    said = {label: text.plain for label, text in notes(score, NAMES[6], DeckStyle(), seat_names=SEATS[6])}
    assert said["Last play"] == "Anna's last card swept the table: no scopa on the last play"
    escoba = dataclasses.replace(score, variant="escoba")  # the same sweep, said in Escoba's word
    said = {label: text.plain for label, text in notes(escoba, NAMES[6], DeckStyle(), seat_names=SEATS[6])}
    assert said["Last play"] == "Anna's last card swept the table: no escoba on the last play"


async def test_the_scoring_screen_names_the_seat_that_took_the_leftovers():
    from scopa_tui.ui.screens.scoring import HandOverScreen

    from .scoring_data import ScreenApp

    score = first_hand(4, 4)
    app = ScreenApp(lambda: HandOverScreen(score, NAMES[4], DeckStyle(), 11, False, seat_names=SEATS[4]))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = shown(app.screen.query_one(ScoringView))
        assert "went to Carla, the last to capture" in text and "Anna & Carla, the last" not in text


@pytest.mark.parametrize("lang, said", [
    ("en", "You & Dario / Anna & Elena tie at {n}: no point"),
    ("it", "Tu e Dario / Anna ed Elena pari a {n}: nessun punto"),  # "ed" before Elena's e
    # Tagalog names the sides first: "tabla ang Ikaw at si Dario..." put "ang" before "Ikaw"
    ("tl", "Ikaw at si Dario / Anna at Elena: tabla sa {n}, walang puntos"),
])
def test_two_tied_sides_of_partners_are_told_apart(lang, said):
    """Six players, seed 11: two of the three sides tie for the cards.  "and" joins the
    partners, so a slash parts the sides ("Tu e Dario e Anna e Elena" read as four)."""
    from scopa_tui import languages
    from scopa_tui.engine.text import _
    from scopa_tui.engine.words import side_name

    score = first_hand(6, seed=11)
    languages.use(lang)
    seats = [_("You"), "Anna", "Bruno", "Dario", "Elena", "Fabio"]
    sides = [side_name(seats[s] for s in side.seats) for side in score.sides]
    notes_said = {label: text.plain for label, text in notes(score, sides, DeckStyle())}
    label = next(k for k in notes_said if k in ("Cards", "Carte", "Baraha"))
    assert notes_said[label] == said.format(n=score.sides[0].cards)


def test_where_the_game_stands_is_a_centred_line_of_its_own_not_under_the_notes_values():
    """"First to 11 wins." under "Leftovers  A† 4♣ … went to you" read as a part of it."""
    from rich.console import Console
    from rich.text import Text

    from scopa_tui.ui.scoring_view import HandTable

    score = first_hand(2)
    assert score.leftover  # the hand has a note (the leftovers) above the line
    console = Console(width=80, record=True, color_system=None)
    console.print(HandTable(score, NAMES[2], DeckStyle(), 11))
    lines = console.export_text().rstrip("\n").split("\n")
    line = next(row for row in lines if "First to 11 wins." in row)
    left = len(line) - len(line.lstrip())
    right = 80 - len(line.rstrip())
    assert abs(left - right) <= 1  # centred
    leftovers = next(row for row in lines if row.startswith("Leftovers"))
    value_column = len(leftovers) - len(leftovers[len("Leftovers"):].lstrip())
    assert left != value_column


@pytest.mark.parametrize("players, size", [(2, (80, 24)), (3, (80, 24)), (3, (90, 24)), (2, (160, 50)),
                                           (3, (130, 40))])
async def test_the_rule_under_the_names_spans_the_scoring_exactly(players, size):
    # The columns were the width shared out equally, rounded down: the rule stopped a cell or
    # two short of the panel's content (two with three sides at 90 columns).
    app = hand_over_app(first_hand(players), players)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        view = app.screen.query_one(ScoringView)
        rule = next(line for line in shown(view).splitlines() if "─" in line)
        assert rule == "─" * view.content_region.width


def _gaps_between_buttons(app) -> list[int]:
    """The blank cells between the game-over buttons as drawn: a cell is blank where it has
    no letter and the panel's own background (a button without a colour of its own, *New
    game…*, shows only its words)."""
    row = app.screen.query_one("#over-buttons").region
    cells = [(char, segment.style.bgcolor) for segment in app.screen._compositor.render_strips()[row.y]
             for char in segment.text][row.x:row.right]
    panel = cells[0][1]
    ink = [i for i, (char, back) in enumerate(cells) if char != " " or back != panel]
    gaps = [b - a - 1 for a, b in zip(ink, ink[1:]) if b - a - 1 > 1]  # one space parts words
    return gaps


@pytest.mark.parametrize("lang", ["en", "fr", "tl"])
@pytest.mark.parametrize("online", [False, True])
async def test_the_game_over_buttons_are_evenly_spaced(lang, online):
    # Play again, New game… and Quit stood 2 and 3 cells apart: the middle button, as wide as
    # the shortest Textual allows and no colour of its own, had its words off its middle.
    from scopa_tui import languages
    from scopa_tui.ui.screens.scoring import GameOverScreen

    from .scoring_data import ScreenApp

    languages.use(lang)
    game = played(2)
    app = ScreenApp(lambda: GameOverScreen(list(game.hand_scores), NAMES[2], game.winner, True, 11,
                                           rematch=(lambda: "Anna wants to play again") if online else None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        gaps = _gaps_between_buttons(app)
        assert len(gaps) == 2 and gaps[0] == gaps[1], gaps


def _backgrounds(app, widget) -> set:
    """The background colours of the cells ``widget`` is drawn on."""
    region = widget.region
    segments = app.screen._compositor.render_strips()[region.y]
    cells = [segment.style.bgcolor for segment in segments for _char in segment.text]
    return set(cells[region.x:region.right])


async def test_quit_after_a_game_is_as_plain_as_new_game():
    # Quit was red, the loudest of the three: the eye went to it before Play again.
    from scopa_tui.ui.screens.scoring import GameOverScreen

    from .scoring_data import ScreenApp

    game = played(2)
    app = ScreenApp(lambda: GameOverScreen(list(game.hand_scores), NAMES[2], game.winner, True, 11))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        panel = _backgrounds(app, screen.query_one("#final"))
        assert _backgrounds(app, screen.query_one("#quit")) == _backgrounds(app, screen.query_one("#new")) == panel
        assert _backgrounds(app, screen.query_one("#again")) != panel


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_next_hand_is_as_wide_as_its_words_in_the_middle(size):
    # It was a bar across the whole panel, where the game over's buttons are as wide as their words.
    app = hand_over_app(first_hand(2), 2)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        button = app.screen.query_one("#continue").region
        panel = app.screen.query_one("#hand-over").content_region
        assert button.width == len("Next hand (Enter)") + 2
        assert abs((button.x - panel.x) - (panel.right - button.right)) <= 1


def test_a_three_side_win_keeps_each_pairs_name_on_one_row_in_french():
    # French at 80 columns: "Anna et Dario gagnent la partie, 14 (Toi et Carla : 12, Bruno et"
    # over "Elena : 10).", a pair parted at the row's end.
    from rich.console import Console
    from rich.text import Text

    from scopa_tui import languages

    game = played(6, target=11)
    score = game.hand_scores[-1]
    languages.use("fr")
    names = ["Toi et Carla", "Anna et Dario", "Bruno et Elena"]
    text = outcome(score, names, 11)
    for width in range(30, len(text)):
        rows = [line.plain.rstrip() for line in Text(text).wrap(Console(width=width), width)]
        assert not any(row.endswith(" et") for row in rows), (width, rows)
        said = " ".join(rows).replace("\u00a0", " ")
        assert all(name in said for name in names)
