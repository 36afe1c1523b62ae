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
