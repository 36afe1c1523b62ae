"""Big terminals: the extra-large cards at 160x50 and bigger ones at 200x60 (a table of a few
cards then fills the felt instead of leaving empty bands above and below), and at 160x50 and 200x60 nothing of the
game screen leaves the screen and the table's cards stay inside the table, however many; Scopone's
ten cards in the hand as big as its rows allow, in one row, with no band of empty rows under them."""

from __future__ import annotations

import pytest

from scopa_tui.engine import CARDS
from scopa_tui.ui.card_render import SIZES
from scopa_tui.ui.widgets.cards import SeatView, TableView

from .helpers import make_app, my_turn, on_my_turn, scopone_hand, settle, variant_app

BIG = [(160, 50), (200, 60)]


def assert_inside(screen, size) -> None:
    """Every shown widget's region lies within the screen's; the cards within the table and hand."""
    width, height = size
    for widget in screen.query("*"):
        if widget.display and widget.region.area:
            r = widget.region
            assert 0 <= r.x and r.right <= width and 0 <= r.y and r.bottom <= height, (widget, r)
    table = screen.query_one(TableView)
    content = table.content_region
    card_w, card_h = SIZES[table.card_size]
    assert table._hits
    for x0, y0, x1, y1, _ in table._hits:
        assert x1 - x0 == card_w and x1 <= content.width and y1 <= content.height, (table.card_size, x1, y1)
        assert y1 - y0 >= card_h
    hand = screen.query_one("#hand")
    assert len(hand._hits) == 3
    for _x0, _y0, x1, y1, _ in hand._hits:
        assert x1 <= hand.content_region.width and y1 <= hand.content_region.height


async def test_a_200x60_terminal_gets_the_biggest_cards_and_they_fill_the_felt():
    app = make_app(seed=12)
    async with on_my_turn(app, (200, 60)) as (pilot, screen):
        assert screen.size_class == "xxlarge" and screen.has_class("-xxlarge") and not screen.has_class("-xlarge")
        assert screen.query_one("#hand").card_size == "xxlarge"
        table = screen.query_one(TableView)
        assert table.card_size == "xxlarge" and len(table._hits) <= 5  # one row of cards ...
        top = min(y0 for _, y0, _, _, _ in table._hits)
        bottom = table.content_region.height - max(y1 for _, _, _, y1, _ in table._hits)
        assert abs(top - bottom) <= 1 and top <= table.content_region.height // 4  # ... centred, no wide bands
        await pilot.resize_terminal(160, 50)
        await settle(pilot)
        assert screen.size_class == "xlarge" and screen.query_one("#hand").card_size == "xlarge"
        await pilot.resize_terminal(140, 40)
        await settle(pilot)
        assert screen.size_class == "large" and screen.query_one("#hand").card_size == "large"


@pytest.mark.parametrize("size", BIG)
@pytest.mark.parametrize("players", [2, 6])
async def test_nothing_leaves_a_big_screen_and_a_full_table_falls_back(players, size):
    app = make_app(players=players, seed=3)
    async with on_my_turn(app, size) as (pilot, screen):
        assert_inside(screen, size)
        assert screen.query_one(TableView).card_size == ("xlarge" if size == (160, 50) else "xxlarge")
        table = screen.query_one(TableView)
        crowded = tuple(c for c in range(40) if c not in table.cards)[:12]  # a rare 12-card table
        table.labels = {c: "abcdefghijkl"[i] for i, c in enumerate(crowded)}
        table.cards = crowded
        await settle(pilot)
        assert_inside(screen, size)
        assert len(table._hits) == 12


# Scopone's ten cards: the size of card the hand's rows take, and how many columns each shows.
SCOPONE = {(160, 45): ("large", 11), (160, 50): ("large", 10), (130, 40): ("medium", 7),
           (120, 38): ("medium", 7), (200, 60): ("xlarge", 13)}


@pytest.mark.parametrize("size", list(SCOPONE))
async def test_scopones_ten_cards_take_the_hands_room(size):
    # At 160x45 the hand showed medium cards above three empty rows (large ones fit side by
    # side); at 130x40 and 200x60 its second row of cards was cut off by the hand's border.
    async with scopone_hand(size) as (_pilot, screen, hand):
        assert len(screen.pic.my_hand) == 10 == len(hand._hits)
        card_size, shows = SCOPONE[size]
        assert hand.card_size == card_size
        room = hand.content_region
        tops = {y0 for _x0, y0, _x1, _y1, _ in hand._hits}
        bottoms = {y1 for _x0, _y0, _x1, y1, _ in hand._hits}
        assert len(tops) == 1 and len(bottoms) == 1  # one row
        above, below = tops.pop(), room.height - bottoms.pop()
        assert below >= 0 and abs(above - below) <= 1  # no band of empty rows under the cards
        assert all(x1 <= room.width for _x0, _y0, x1, _y1, _ in hand._hits)
        steps = {b[0] - a[0] for a, b in zip(hand._hits, hand._hits[1:])}
        assert min(steps) >= shows  # each card shows that much (whole cards, or all but a column)


async def test_scopones_side_seats_read_alike_and_stay_put_as_their_hands_empty():
    # At 160x45 the left seat read "▮▮▮▮▮▮▮▮▮ 9 · easy" and the right "▮▮▮▮▮▮▮▮▮▮ 10" with
    # "easy" under it: the level's line decided by the cards held, so that it moved up a line
    # once the seat played its tenth card, the column centred again.
    async with scopone_hand((160, 45)) as (pilot, screen, _hand):

        def sides() -> list[list[str]]:
            return [str(seat.render()).splitlines() for seat in screen.query(SeatView) if seat.has_class("-side")]

        seats = sides()
        # the partner label on a line of its own (as the seat would read dealing), then the cards
        assert len(seats) == 2 and [len(lines) for lines in seats] == [5, 5], seats
        assert [lines[3].strip() for lines in seats] == ["easy", "easy"]  # the level on a line of its own, both
        cards = [int(lines[2].split()[-1]) for lines in seats]
        assert sorted(cards) == [9, 10]  # one side seat has played, the other not yet
        layout = [seat.region for seat in screen.query(SeatView) if seat.has_class("-side")]
        # the card dealt first (a play that gives the next seats no sweep, whose line would
        # grow the seats), wherever it stands in the hand held in rank order
        first = screen.pic.my_hand.index(screen.table.view().hand[0])
        await pilot.press(str((first + 1) % 10), "enter")  # the right seat plays its tenth card too
        await my_turn(pilot)
        assert [int(lines[2].split()[-1]) for lines in sides()] == [c - 1 for c in cards]  # a round later
        assert [seat.region for seat in screen.query(SeatView) if seat.has_class("-side")] == layout


async def test_scopones_ten_cards_are_held_in_rank_order_and_stay_so_three_as_dealt():
    # Scopone's ten cards showed in the order they were dealt, pairs and 7s apart.
    async with scopone_hand((100, 30)) as (pilot, screen, hand):
        dealt = tuple(screen.table.view().hand)
        assert dealt != tuple(sorted(dealt))  # this deal came out of order
        assert screen.pic.my_hand == tuple(sorted(dealt)) == tuple(hand.cards)
        ranks = [CARDS[c].rank for c in hand.cards]
        assert ranks == sorted(ranks)
        await pilot.press("3", "enter")
        await my_turn(pilot)
        assert len(hand.cards) == 9 and tuple(hand.cards) == tuple(sorted(screen.table.view().hand))
    async with on_my_turn(make_app(), (100, 30)) as (pilot, screen):
        dealt = tuple(screen.table.view().hand)
        assert dealt != tuple(sorted(dealt)) and screen.pic.my_hand == dealt  # three as they came


def test_scopone_hand_at_160x45(snap_compare):
    assert snap_compare(variant_app("scopone-scientifico", players=4), terminal_size=(160, 45),
                        run_before=my_turn)


@pytest.mark.parametrize("size", [(100, 30), (120, 40), (160, 50)])
@pytest.mark.parametrize("players", [2, 4, 6])
async def test_on_a_big_terminal_the_other_hands_are_rows_of_card_backs(players, size):
    # Every seat drew its hand as "[░░][░░] 2" on one line, however big the terminal: from
    # 120x40 each card held is a back three rows high, the count beside them; below, as before.
    from dataclasses import replace

    big = size != (100, 30)
    async with on_my_turn(make_app(players=players, seed=3), size) as (pilot, screen):
        for seat in screen.query(SeatView):
            lines = [seat.render_line(y).text.rstrip() for y in range(seat.size.height)]
            assert seat.region.bottom <= seat.parent.region.bottom, lines  # every line in view
            assert sum(line.count("╭──╮") for line in lines) == (seat.info.cards if big else 0), lines
            if big:
                top = next(y for y, line in enumerate(lines) if "╭──╮" in line)
                assert lines[top + 1].strip().startswith("│░░│" * seat.info.cards + f" {seat.info.cards}")
                assert lines[top + 2].strip() == "╰──╯" * seat.info.cards
            else:
                assert "[░░]" * seat.info.cards + f" {seat.info.cards}" in "\n".join(lines)
        seat = screen.query_one(SeatView)
        height = seat.size.height
        seat.info = replace(seat.info, cards=0)  # an empty hand keeps the seat's rows
        await settle(pilot)
        assert seat.size.height == height
