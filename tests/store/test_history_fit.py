"""The history's table at 80×24 in every language: with games of several variants, long
opponent lists and bots it needs no horizontal scrollbar, and no cell loses a word
(README.md, History and replay)."""

from __future__ import annotations

import time

import pytest
from textual.geometry import Region
from textual.widgets import DataTable

from scopa_tui import languages
from scopa_tui.store.db import HistoryEntry
from scopa_tui.ui.columns import fit_widths, wrapped
from scopa_tui.ui.screens.history import HistoryScreen
from scopa_tui.ui.screens.stats import against_text
from test_store_screens import ScreensApp

# variant, players, opponents (as the store labels them), won (None: AIs only), totals, hands
GAMES = [("scopone-scientifico", 4, "hard", True, [11, 7], 9),
         ("scopa-d-assi", 6, "cmd + easy + hard + medium + random", None, [21, 31, 20], 12),
         ("escoba", 2, "cmd", False, [21, 19], 14),
         ("scopone-classico", 4, "easy + hard", False, [101, 120], 23),
         ("scopa", 3, "hard + medium", None, [11, 12, 9], 8)]


def entries(n: int) -> list[HistoryEntry]:
    now = time.time()
    out = []
    for i in range(n):
        variant, players, opponents, won, totals, hands = GAMES[i % len(GAMES)]
        out.append(HistoryEntry(id=i + 1, game_id=f"g{i}", finished_at=now - 3600 * i, players=players,
                                names=[f"P{s}" for s in range(players)], ai=[None] + ["hard"] * (players - 1),
                                human_seat=None if won is None else 0, opponents=opponents, winner=1, won=won,
                                totals=totals, hands=hands, variant=variant))
    return out


def screen_text(table: DataTable) -> str:
    lines = table.render_lines(Region(0, 0, table.region.width, table.region.height))
    return "\n".join(strip.text for strip in lines)


@pytest.mark.parametrize("lang", ["en", "it", "fr", "es", "tl"])
@pytest.mark.parametrize("games", [5, 14])  # 14: more than the screen holds, with a vertical scrollbar
async def test_every_column_of_a_mixed_history_fits_80_columns(lang, games):
    languages.use(lang)
    shown = entries(games)
    app = ScreensApp(HistoryScreen(shown, lambda entry_id: None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert not table.show_horizontal_scrollbar
        assert table.virtual_size.width <= table.scrollable_content_region.width
        header = screen_text(table).splitlines()[0].split()
        assert header == [str(c.label) for c in table.ordered_columns]  # "Hands", not "Hand"
        assert len(header) == 6  # the game is named: they are not all one
        # every word of every cell is there, on one line or several
        for i, entry in enumerate(shown):
            row = table.get_row_at(i)
            assert " ".join(row[3].split()) == against_text(entry.opponents)
            assert " ".join(row[4].split()) == entry.result
            assert row[0] in (entry.date, entry.short_date())


async def test_a_wide_screen_shows_the_whole_dates_on_one_line_and_a_resize_wraps_them():
    shown = entries(5)
    app = ScreensApp(HistoryScreen(shown, lambda entry_id: None))
    async with app.run_test(size=(140, 30)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        await pilot.press("down")
        assert [table.get_row_at(i)[0] for i in range(5)] == [e.date for e in shown]
        assert all("\n" not in str(cell) for i in range(5) for cell in table.get_row_at(i))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert [table.get_row_at(i)[0] for i in range(5)] == [e.short_date() for e in shown]
        assert table.get_row_at(1)[3].count("\n") >= 1  # the five levels on more lines
        assert table.cursor_row == 1  # the game chosen stays chosen
        assert not table.show_horizontal_scrollbar


def test_a_short_date_drops_the_year_of_this_year_and_the_time_of_an_older_one():
    entry = entries(1)[0]
    entry.finished_at = time.mktime((2026, 5, 28, 20, 26, 0, 0, 0, -1))
    assert entry.short_date(time.mktime((2026, 12, 1, 9, 0, 0, 0, 0, -1))) == "05-28 20:26"
    assert entry.short_date(time.mktime((2027, 1, 2, 9, 0, 0, 0, 0, -1))) == "2026-05-28"


@pytest.mark.parametrize("lang, whole, this_year, older", [
    ("it", "28/05/2026 20:26", "28/05 20:26", "28/05/2026"),
    ("fr", "28/05/2026 20:26", "28/05 20:26", "28/05/2026"),
    ("es", "28/05/2026 20:26", "28/05 20:26", "28/05/2026"),
    ("tl", "05/28/2026 20:26", "05/28 20:26", "05/28/2026"),
])
def test_a_date_is_written_in_the_order_of_the_language(lang, whole, this_year, older):
    # "05-28" read as the 5th of the 28th month in Italian, French and Spanish, which write the day first
    entry = entries(1)[0]
    entry.finished_at = time.mktime((2026, 5, 28, 20, 26, 0, 0, 0, -1))
    languages.use(lang)
    assert entry.date == whole
    assert entry.short_date(time.mktime((2026, 12, 1, 9, 0, 0, 0, 0, -1))) == this_year
    assert entry.short_date(time.mktime((2027, 1, 2, 9, 0, 0, 0, 0, -1))) == older


def test_the_widest_wrapping_column_narrows_first_and_never_below_its_longest_piece():
    # natural widths 10, 30, 20, 5; room 50 with no padding: 15 cells too many
    assert fit_widths([10, 30, 20, 5], [10, 8, 12, 5], [[1, 2]], 50) == [10, 17, 18, 5]
    # the first group as narrow as it goes, then the second; still too wide: the narrowest
    assert fit_widths([10, 30, 20, 5], [10, 25, 12, 5], [[1], [2]], 50) == [10, 25, 12, 5]
    assert fit_widths([10, 30, 20, 5], [10, 8, 12, 5], [[1, 2]], 80, padding=1) == [10, 30, 20, 5]
    assert wrapped(["bot +", "fácil +", "al azar"], 12) == "bot +\nfácil +\nal azar"
    assert wrapped(["bot +", "fácil +", "al azar"], 14) == "bot + fácil +\nal azar"


async def test_on_a_wide_terminal_the_table_is_as_wide_as_its_columns_in_the_middle():
    """At 200×50 the table takes its columns' width (and the scrollbar's room), centred under
    the title as the statistics are, where it spread from the left edge; at 80×24 it is the
    screen's width, as it was, and a resize from one to the other follows."""
    app = ScreensApp(HistoryScreen(entries(5), lambda entry_id: None))
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        columns = sum(c.get_render_width(table) for c in table.ordered_columns)
        box = table.region
        assert box.width == columns + 2 < 200  # the columns, and 2 for a scrollbar
        assert abs(box.x - (200 - box.right)) <= 1  # centred
        assert "\n" not in str(table.get_row_at(1)[3])  # the opponents on one line
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert (table.region.x, table.region.width) == (0, 80)
        await pilot.resize_terminal(200, 50)
        await pilot.pause()
        assert table.region == box


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_table_is_as_tall_as_its_rows_and_a_long_history_scrolls(size):
    # The table took every row down to the footer: its colour filled the screen under the last
    # game, on a wide terminal a column of it from the title to the footer.
    app = ScreensApp(HistoryScreen(entries(3), lambda entry_id: None))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.region.height == 1 + sum(row.height for row in table.ordered_rows)
    app = ScreensApp(HistoryScreen(entries(40), lambda entry_id: None))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        body = app.screen.query_one("#history-body")
        assert table.region.height == body.region.height  # the screen's room, no more
        await pilot.press("ctrl+end")
        await pilot.pause()
        assert table.cursor_row == 39 and table.scroll_y > 0  # the last game scrolled into view


async def test_home_and_end_go_to_the_newest_game_and_the_oldest_even_before_every_row_is_drawn():
    # End scrolled the table sideways (it never needs to), and Ctrl+End stopped at the last row
    # drawn so far of a long history: a few hundred games down, not the oldest.
    shown = entries(2000)
    app = ScreensApp(HistoryScreen(shown, lambda entry_id: None))
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.screen.query_one(DataTable)
        for key in ("end", "ctrl+end"):
            await pilot.press("home")
            assert table.cursor_row == 0
            await pilot.press(key)
            await pilot.pause()
            assert table.row_count == len(shown) and table.cursor_row == len(shown) - 1
            assert table.scroll_y == table.max_scroll_y > 0  # in view, at the bottom
            await pilot.press("ctrl+home")
            assert (table.cursor_row, table.scroll_y) == (0, 0)


async def test_a_long_history_is_drawn_before_its_whole_table_is_built():
    # Textual's table measures every row it is given before it draws: 10,000 games took 5 s
    # to open, the screen blank meanwhile.  The first rows come at once, the others a batch
    # at a time, and the keys are answered between.
    shown = entries(2000)
    app = ScreensApp(HistoryScreen(shown, lambda entry_id: None))
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.screen.query_one(DataTable)
        assert 0 < table.row_count < len(shown)
        assert screen_text(table).splitlines()[1].split()[:2] == shown[0].short_date().split()
        await pilot.press("down")  # answered while the rest comes
        assert table.cursor_row == 1
        for _ in range(200):
            if table.row_count == len(shown):
                break
            await pilot.pause(0.05)
        assert [str(key.value) for key in table.rows] == [str(e.id) for e in shown]  # each once, in order
        table.move_cursor(row=1500)
        await pilot.resize_terminal(120, 30)  # filled again: once more, whole, on the same game
        await pilot.pause()
        assert table.cursor_row == 1500
        for _ in range(200):
            await pilot.pause(0.05)
            if table.row_count == len(shown):
                break
        assert [str(key.value) for key in table.rows] == [str(e.id) for e in shown]
