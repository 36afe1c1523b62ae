"""The game screen in the variants: Scopone's ten cards held in a fan that fits at 80x24
and 100x30 (every card's index in view, key 0 for the tenth), the game's name in the top
bar, and the live line in the variant's own words."""

from __future__ import annotations

import pytest

from .helpers import game_screen, on_my_turn, scopone_hand, settle, shown, variant_app, wait_for_my_turn


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_ten_cards_are_held_in_a_fan_with_every_index_in_view(size):
    async with scopone_hand(size) as (pilot, screen, hand):
        cards = screen.pic.my_hand
        assert len(cards) >= 9 and hand.card_size != "tiny"
        text = shown(hand)
        for card in cards[:-1]:  # every covered card shows its index; the last shows whole
            assert screen.deck.short(card) in text, screen.deck.short(card)
        assert len(hand._hits) == len(cards)
        assert all(x1 <= hand.content_region.width for _, _, x1, _, _ in hand._hits)
        if len(cards) == 10:
            assert "10" not in text and "9" in text  # the tenth card is labelled with its key, 0
            await pilot.press("0")
            await settle(pilot)
            assert screen.selected == 9
        top = str(screen.query_one("#topbar").render())
        assert top.startswith(" SCOPONE SCIENTIFICO ")


async def test_the_live_line_speaks_escoba():
    app = variant_app("escoba", seed=5)  # you play first and can take
    async with on_my_turn(app, (100, 30)) as (pilot, screen):
        game = app.game
        moves = [m for m in game.legal_moves() if m.capture]
        assert moves
        move = moves[0]
        index = screen.pic.my_hand.index(move.card)
        screen.action_select(index)
        screen._toggle_to(frozenset(move.capture))
        await settle(pilot)
        line = " ".join(str(screen.query_one("#prompt").render()).split())
        assert "6 + 3 + 6 = 15" in line, line  # the played card and the taken ones add up to 15
        assert str(screen.query_one("#topbar").render()).startswith(" ESCOBA ")
        from scopa_tui.ui.widgets.scoreboard import ScoreBoard

        assert screen.query_one(ScoreBoard).words == ("velo", "escoba")  # Escoba's words in the panel
        assert screen._sweep() == "escoba"


async def test_escobas_are_counted_as_escobas_on_the_hand_and_the_seats():
    app = variant_app("escoba", seed=5)
    async with on_my_turn(app, (100, 30)) as (pilot, screen):
        screen.pic.seat_scope[0].append(screen.pic.my_hand[0])  # an escoba each, as if swept
        screen.pic.seat_scope[1].append(screen.pic.my_hand[0])
        assert "1 escoba: " in screen._my_pile_text() and "scop" not in screen._my_pile_text()
        assert screen._seat_info(1).sweeps == "escoba"
        screen.pic.seat_scope[0].append(screen.pic.my_hand[1])
        assert "2 escobas: " in screen._my_pile_text()


@pytest.mark.parametrize("seed, dealer, escobas", [(12, 1, 2), (87, 0, 1)])
async def test_the_escobas_of_the_deal_are_counted_on_the_panel_the_seat_and_the_hand(seed, dealer, escobas):
    """Escoba: the table dealt adds up to 15 or 30 and its escobas go to the dealer. The score
    panel, the dealer's seat and the player's hand border left them out of their count ("3
    escobas" where the scoring said 5); they count them, the panel and the border naming
    them as the scoring does ("2 escobas: 2× deal")."""
    from scopa_tui.ui.widgets.scoreboard import ScoreBoard

    app = variant_app("escoba", seed=seed)
    async with on_my_turn(app, (100, 30)) as (pilot, screen):
        assert app.game.dealer == dealer and app.game.deal_escobas == escobas
        counted = f"{escobas} escoba{'s' if escobas > 1 else ''}"
        word = "2× deal" if escobas > 1 else "deal"
        board = " ".join(str(screen.query_one(ScoreBoard).render()).split())
        assert f"{counted}: {word}" in board, board
        if dealer == 0:
            assert f"{counted}: {word}" in screen._my_pile_text()
        else:
            assert screen._seat_info(1).deal_sweeps == escobas
            assert counted in shown(screen.query_one("#seat-1"))


@pytest.mark.parametrize("variant, title", [("scopone-scientifico", "Table"), ("scopone-classico", "Table"),
                                            ("scopa", "Table · stock 30")])
async def test_the_table_counts_a_stock_only_where_there_is_one(variant, title):
    """Scopone deals the whole deck at once: its table's border said "Table · stock empty"
    from the first play, as if the deck had run out; it says "Table"."""
    app = variant_app(variant, players=2 if variant == "scopa" else 4)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_my_turn(pilot)
        await settle(pilot)
        table = game_screen(app).query_one("#table")
        assert table.border_title == title


@pytest.mark.parametrize("options, said", [(["last-play-scopa"], True), ([], False)])
async def test_the_live_line_calls_a_last_card_sweep_an_escoba_where_it_scores(options, said):
    """The hand's last card sweeping the table is an escoba under last-play-scopa (README.md,
    Variants and house rules): the line under the table said so on every other card but not
    on that one; without the house rule it says nothing of an escoba."""
    app = variant_app("escoba", seed=83, options=options)  # 1s takes 3c 3b 4d 4c: the whole table
    async with on_my_turn(app, (100, 30)) as (pilot, screen):
        screen.pic.hand_sizes, screen.pic.stock = [1, 0], 0  # as on the hand's last card
        screen.action_select([str(c) for c in screen.pic.my_hand].index("1s"))
        screen._toggle_to(frozenset(screen.pic.table))
        await settle(pilot)
        line = " ".join(str(screen.query_one("#prompt").render()).split())
        assert line.startswith("✓") and ("an escoba!" in line) == said, line
