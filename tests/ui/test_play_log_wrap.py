"""The play log wraps a line between words without leaving its last word alone on a row
(scopa_tui/ui/widgets/scoreboard.py, kept_together)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from scopa_tui.ui.widgets.scoreboard import kept_together

from .helpers import make_app, settle


def rows(text: str, width: int) -> list[str]:
    return [row.plain.rstrip() for row in kept_together(Text(text), width)]


def test_the_last_card_taken_goes_down_with_the_one_before_it():
    # "took" and the first card taken are one word (a no-break space: screens/game.py)
    assert rows("Bruno played R♣ and took\u00a0A◉ C♣", 27) == ["Bruno played R♣ and", "took\u00a0A◉ C♣"]
    assert rows("Anna played 7d on the table", 23) == ["Anna played 7d on", "the table"]


def test_a_line_that_fits_or_ends_on_a_full_row_is_wrapped_as_before():
    assert rows("Bruno played R♣ and took A◉ C♣", 40) == ["Bruno played R♣ and took A◉ C♣"]
    assert rows("Bruno played R♣ and took A◉ C♣ 3◉ 4◉ 5◉ 6◉", 23) == [
        "Bruno played R♣ and", "took A◉ C♣ 3◉ 4◉ 5◉ 6◉"]


def test_the_last_word_stays_alone_when_the_two_would_not_fit_a_row():
    assert rows("Al took Settebellone Primierissima", 22) == ["Al took Settebellone", "Primierissima"]
    assert rows("Anna took Settebello Primiera", 18) == ["Anna took", "Settebello", "Primiera"]


def test_the_last_word_stays_alone_rather_than_leave_the_one_before_it_alone():
    # "1 scopa" is one word (a no-break space): taking "primiera," down with it left
    # "settebello," alone on the row above.
    assert rows("Anna: 4 (cards, settebello, primiera, 1\u00a0scopa)", 21) == [
        "Anna: 4 (cards,", "settebello, primiera,", "1\u00a0scopa)"]
    # and words are counted as read: "Anna: 2" is two, "Denari)" is not left alone under it
    assert rows("Anna:\u00a02 (baraha, Denari)", 21) == ["Anna:\u00a02", "(baraha, Denari)"]


def test_a_french_sign_stays_with_the_word_before_it():
    # "Manche 1 : …" is written with a no-break space before the colon: no break there.
    assert rows("— Manche 10\u00a0: Bruno donne —", 12) == ["— Manche", "10\u00a0: Bruno", "donne —"]


def test_every_row_fits_and_the_words_are_kept_in_order():
    text = "The AI played C♣ for Bruno and took 2◉ 3◉ 4◉ 5◉ 6◉ 7◉ — scopa!"
    for width in range(8, 70):
        wrapped = rows(text, width)
        assert all(cell_len(row) <= width for row in wrapped), (width, wrapped)
        assert " ".join(wrapped) == text
        assert len(wrapped) == 1 or " " in wrapped[-1], (width, wrapped)


async def test_the_log_draws_a_capture_with_its_last_two_cards_on_one_row():
    """At 80×24 "Anna played 7♣ and took" fills a row of the log and Rich's wrap leaves the
    card taken alone on the next; the log takes "took" down with it."""
    from scopa_tui.ui.widgets.scoreboard import PlayLog, styled_text

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log, deck = app.screen.query_one(PlayLog), app.screen.deck
        width = log.scrollable_content_region.width
        widowed = 0
        for card in ("1c", "7c", "10s", "8b"):
            for name in ("Anna", "Ugo", "Bruno", "Carla", "Elena", "Al", "Francesca"):
                text = f"{name} played {card} and took {card[:-1]}d"
                rich_rows = styled_text(text, deck, lambda c: "").wrap(app.console, width)
                widowed += " " not in rich_rows[-1].plain.strip()
                shown = [row.text.rstrip() for row in log._rows(text, deck, "", width)]
                assert len(shown) == 1 or " " in shown[-1].strip(), (width, shown)
        assert widowed  # the case the log is there for came up
        await pilot.press("q", "y")


def test_cards_kept_together_break_between_cards_where_they_do_not_fit_a_row():
    nb = "\u00a0"
    cards = nb.join(["A♣", "3◉", "6♣", "7◉", "R♣", "C◉", "F♣"])  # Scopone's leftovers
    assert rows(f"Left on the table, to Carla: {cards}", 30) == ["Left on the table, to Carla:", cards]
    assert rows(f"Left on the table, to Carla: {cards}", 12) == [
        "Left on the", "table, to", f"Carla: A♣{nb}3◉", f"6♣{nb}7◉{nb}R♣", f"C◉{nb}F♣"]  # not F♣ alone
    # not before a French colon
    assert rows(f"Bruno{nb}&{nb}Dario{nb}:{nb}1", 9) == [f"Bruno{nb}&", f"Dario{nb}:{nb}1"]


async def test_took_keeps_its_first_card_on_its_row_in_every_language():
    """A capture's line broke between "took" and what it took ("Anna played 7♣ and took"
    over "3◉ 4♣", "… y se" over "llevó 3◉"): the verb now stays on the row of the first card
    taken, at the log's widths at 80×24 and 100×30, with long names too."""
    from dataclasses import replace

    from scopa_tui import languages
    from scopa_tui.engine import CARDS, Played
    from scopa_tui.ui.widgets.scoreboard import PlayLog

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen, cards = app.screen, {str(c): c for c in CARDS}
        log, seat = screen.query_one(PlayLog), screen.table.seats[1]
        width = log.scrollable_content_region.width
        first = screen.deck.short(cards["3d"])
        for lang, took in (("en", ["took"]), ("it", ["preso"]), ("fr", ["pris"]),
                           ("es", ["se llevó", "te llevaste"]), ("tl", ["kinuha ang"])):
            languages.use(lang)
            for player, name, n in ((p, name, n) for p in (0, 1) for n in (1, 2, 3) for name in (
                    "Al", "Anna", "Bruno", "Francesca", "Anna-Maria Rossi", "Bartolomeo Colleoni")):
                screen.table.seats[1] = replace(seat, name=name)
                taken = tuple(cards[c] for c in ("3d", "4s", "5c")[:n])
                for scopa in (False, True):
                    text = screen._played_text(Played(1, player, cards["7c"], taken, scopa, False, ()))
                    for w in (width, 27):
                        rows = [row.text.rstrip().replace("\u00a0", " ") for row in log._rows(text, screen.deck, "", w)]
                        row = next(r for r in rows if first in r.split())
                        assert any(f"{verb} {first}" in row for verb in took), (lang, w, rows)
        languages.use("en")
        screen.table.seats[1] = seat
        await pilot.press("q", "y")


async def test_a_deal_keeps_the_stock_s_count_in_one_piece_in_every_language():
    """A deal's line broke inside its count of the stock: "Anna distribuisce altre 3 carte a
    testa (ne" over "restano 6)"; the parenthesis stays whole, at 80×24 and 100×30."""
    from dataclasses import replace

    from scopa_tui import languages
    from scopa_tui.engine import Dealt
    from scopa_tui.ui.widgets.scoreboard import PlayLog

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        log, seat = screen.query_one(PlayLog), screen.table.seats[1]
        width = log.scrollable_content_region.width
        for lang in ("en", "it", "fr", "es", "tl"):
            languages.use(lang)
            for dealer in (0, 1):
                for name in ("Al", "Anna", "Bruno", "Francesca", "Anna-Maria Rossi"):
                    screen.table.seats[1] = replace(seat, name=name)
                    for stock in (6, 12, 18, 24, 30):
                        deal = Dealt(1, dealer, (), ((0, 1, 2), (3, 4, 5)), stock, first_deal=False)
                        [(text, _kind)] = screen._lines_for(deal)
                        for w in (width, 27):
                            rows = [row.text.rstrip() for row in log._rows(text, screen.deck, "", w)]
                            assert [r for r in rows if "(" in r] == [r for r in rows if ")" in r], (lang, w, rows)
        languages.use("en")
        screen.table.seats[1] = seat
        await pilot.press("q", "y")
