"""ASCII mode: --ascii / --no-ascii are remembered, and the palette's toggle redraws the game at once."""

from __future__ import annotations

from scopa_tui.cli import build_parser
from scopa_tui.engine import CARDS
from scopa_tui.ui.card_render import DeckStyle, render_card
from scopa_tui.ui.persistence import launch_options
from scopa_tui.ui.widgets.cards import HandView
from scopa_tui.ui.widgets.scoreboard import PlayLog

from .helpers import game_screen, make_app, palette_command, settle, wait_for_my_turn


def test_no_ascii_undoes_a_remembered_ascii(tmp_path):
    parse = build_parser().parse_args
    data = ["--data-dir", str(tmp_path)]
    assert parse(data).ascii is None  # neither flag: the remembered setting stands
    assert launch_options(parse(data + ["--ascii"])).ascii is True
    assert launch_options(parse(data)).ascii is True
    assert launch_options(parse(data + ["--no-ascii"])).ascii is False
    assert launch_options(parse(data)).ascii is False


async def test_palette_toggle_redraws_the_current_game_at_once():
    app = make_app(seed=12)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await wait_for_my_turn(pilot)
        screen = game_screen(app)
        await pilot.press("1")
        await settle(pilot)
        hand = screen.query_one(HandView)
        card = CARDS[screen.pic.my_hand[0]]
        symbol = screen.deck.suit(card.suit)
        assert symbol in hand.render().plain
        await palette_command(pilot, "ASCII suits")
        assert app.ascii and screen.deck.ascii
        drawn = hand.render().plain
        assert symbol not in drawn
        ascii_face = render_card(card, DeckStyle("italian", ascii=True), hand.card_size)
        assert all("".join(text for text, _ in line) in drawn for line in ascii_face[1:-1])
        assert screen.selected == 0  # the choice survives the redraw
        log = screen.query_one(PlayLog)
        assert log.lines and not any(s in "".join(line.text for line in log.lines) for s in "◉Ʊ†♣")


async def test_ascii_mode_marks_the_chosen_card_and_the_turn_in_ascii():
    # The hand's chosen card kept its "▲ 1 ▲" and a seat on its turn its "▶" (the scoring's
    # winners were ">" already): symbols a font without the suits' may lack as well.
    from dataclasses import replace

    app = make_app(players=3, seed=3, ascii=True)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await wait_for_my_turn(pilot)
        screen = game_screen(app)
        await pilot.press("1")
        seat = screen.query("#top-seats SeatView").first()
        seat.info = replace(seat.info, turn=True)
        await settle(pilot)
        assert "^ 1 ^" in screen.query_one(HandView).render().plain
        assert seat.render_line(0).text.strip().startswith(f"> {seat.info.name}")
        drawn = "".join(strip.text for strip in app.screen._compositor.render_strips())
        assert not set(drawn) & set("▲▶★░▮◉Ʊ†♣")


async def test_ascii_mode_marks_the_winners_total_on_the_game_over_screen_in_ascii():
    from scopa_tui.ui.scoring_view import HandsView
    from scopa_tui.ui.screens.scoring import GameOverScreen

    from .scoring_data import NAMES, ScreenApp, played

    game = played(2, seed=4)
    app = ScreenApp(lambda: GameOverScreen(list(game.hand_scores), NAMES[2], game.winner, True,
                                           game.rules.target, deck=DeckStyle("italian", ascii=True)))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        rows = app.screen.query(HandsView).last()
        drawn = "\n".join(strip.text for strip in rows.render_lines(rows.region.reset_offset))
        assert "W " in drawn.splitlines()[-1] and not set(drawn) & set("▶♛")
