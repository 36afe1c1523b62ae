"""The play log (ui/widgets/scoreboard.py): styled lines wrapped at the box's width, the
newest 200 kept and in view, scrolled by the mouse, and shown in the game's first frame."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual import events
from textual.app import App, ComposeResult

from scopa_tui import languages
from scopa_tui.engine.text import _
from scopa_tui.ui.card_render import DeckStyle
from scopa_tui.ui.widgets.scoreboard import PlayLog
from scopa_tui.ui.wrapping import NO_BREAK

from .helpers import make_app, settle

DECK = DeckStyle("italian", ascii=True)


class LogApp(App):
    CSS = """PlayLog { width: 24; height: 8; padding: 0 1; scrollbar-size-vertical: 1;
                       & > .log--scopa { text-style: bold; } }"""

    def compose(self) -> ComposeResult:
        yield PlayLog()


def _rows(log: PlayLog) -> list[str]:
    return [strip.text.rstrip() for strip in log.lines]


async def test_long_lines_wrap_at_the_width_and_keep_every_word():
    app = LogApp()
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(PlayLog)
        text = "Anna played 7d and took 3c 4s: scopa, and the settebello too"
        log.add(text, DECK, "scopa")
        await pilot.pause()
        width = log.scrollable_content_region.width
        assert 1 < len(log.lines) and all(strip.cell_length <= width for strip in log.lines)
        assert " ".join(_rows(log)).split() == text.split()
        assert all(seg.style is not None and seg.style.bold for seg in log.lines[0] if seg.text.strip())


async def test_the_newest_200_lines_are_kept_and_the_newest_is_in_view():
    app = LogApp()
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(PlayLog)
        for n in range(250):
            log.add(f"play {n}", DECK)
        await pilot.pause()
        await pilot.pause()
        assert len(log.texts) == 250 and _rows(log)[0] == "play 50" and len(log.lines) == 200
        log.add("the newest line, which takes three rows of this box", DECK)  # the oldest line goes, not three rows
        assert _rows(log)[0] == "play 51" and len(log.lines) == 202
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0
        shown = [log.render_line(y).text.strip() for y in range(log.scrollable_content_region.height)]
        assert shown[-1] == "rows of this box"
        log.post_message(events.MouseScrollUp(log, 2, 2, 0, -1, 0, False, False, False))  # the wheel
        await pilot.pause()
        assert log.scroll_y < log.max_scroll_y
        log.reset()
        await pilot.pause()
        assert log.texts == [] and log.lines == [] and log.virtual_size.height == 0


class TallLogApp(App):
    CSS = "PlayLog { width: 24; height: 1fr; padding: 0 1; scrollbar-size-vertical: 1; }"

    def compose(self) -> ComposeResult:
        yield PlayLog()


def _in_view(log: PlayLog) -> list[str]:
    return [log.render_line(y).text.strip() for y in range(log.scrollable_content_region.height)]


async def test_the_newest_line_stays_in_view_when_the_terminal_gets_shorter():
    """Only the height changes, so the lines are not wrapped again: the newest one was
    left just under the box (one row hidden per row lost)."""
    app = TallLogApp()
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(PlayLog)
        for n in range(30):
            log.add(f"play {n}", DECK)
        await settle(pilot)
        assert _in_view(log)[-1] == "play 29"
        for size in [(40, 13), (40, 12), (40, 20), (40, 8)]:
            await pilot.resize_terminal(*size)
            await settle(pilot)
            assert log.scrollable_content_region.height == size[1]
            assert _in_view(log)[-1] == "play 29", size
        log.post_message(events.MouseScrollUp(log, 2, 2, 0, -1, 0, False, False, False))  # reading back
        await settle(pilot)
        top = log.scroll_y
        assert top < log.max_scroll_y
        await pilot.resize_terminal(40, 7)
        await settle(pilot)
        assert log.scroll_y == top  # not pulled back to the newest line


async def test_the_games_first_frame_shows_the_first_line_of_the_log(monkeypatch):
    drawn: list[list[str]] = []
    display = App._display

    def first_frame(self, screen, renderable):
        if renderable is not None and not drawn and type(screen).__name__ == "GameScreen":
            drawn.append(_rows(screen.query_one(PlayLog)))  # the rows drawn in that frame
        display(self, screen, renderable)

    monkeypatch.setattr(App, "_display", first_frame)
    app = make_app(seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
    assert drawn and drawn[0][0].startswith("— Hand 1"), drawn



async def test_a_hands_heading_too_wide_for_a_row_loses_its_dashes_only():
    app = LogApp()
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(PlayLog)
        log.add("— Hand 1: Anna deals —", DECK, "hand")  # 22 cells: too wide for the 21 of the log
        log.add("— Hand 2 —", DECK, "hand")
        log.add("— Anna played 7d and took 3c —", DECK, "")  # not a heading: wrapped as it is
        await pilot.pause()
        assert log.scrollable_content_region.width == 21
        assert _rows(log) == ["Hand 1: Anna deals", "— Hand 2 —", "— Anna played 7d and", "took 3c —"]
        assert log.texts[0] == "— Hand 1: Anna deals —"  # the line itself is kept whole


async def test_the_leftovers_line_says_you_to_the_player_and_names_another():
    from scopa_tui.engine import HandEnded

    from .helpers import game_screen, wait_for_my_turn
    from .scoring_data import first_hand

    app = make_app(players=2, seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_my_turn(pilot)
        screen = game_screen(app)
        mine, anna = first_hand(2, seed=4), first_hand(2, seed=3)  # the player, then Anna, captured last
        assert (mine.last_capturer, anna.last_capturer) == (0, 1)
        said = screen._lines_for(HandEnded(mine))[0][0]
        assert said == f"Left on the table, to you: {NO_BREAK[0].join(map(str, mine.leftover))}"  # not "to You"
        said = screen._lines_for(HandEnded(anna))[0][0]
        assert said == f"Left on the table, to Anna: {NO_BREAK[0].join(map(str, anna.leftover))}"


async def test_the_leftover_cards_stay_together_where_they_fit_a_row():
    """At 80×24 "Left on the table, to Carla: A♣" stood over "3◉ 6♣"."""
    from scopa_tui.engine import HandEnded

    from .helpers import game_screen, wait_for_my_turn
    from .scoring_data import first_hand

    app = make_app(players=2, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_my_turn(pilot)
        screen = game_screen(app)
        log = screen.query_one(PlayLog)
        score = first_hand(2, seed=4)  # five cards left
        said = screen._lines_for(HandEnded(score))[0][0]
        cards = log._rows(said, screen.deck, "", 80)[0].text.split(": ")[1].strip()
        assert len(cards.split()) == 5, cards
        for width in (log.scrollable_content_region.width, *range(8, 40)):
            rows = [strip.text.strip() for strip in log._rows(said, screen.deck, "", width)]
            if cell_len(cards) <= width:
                assert rows[-1].endswith(cards), (width, rows)  # all of them on a row
            assert len(rows[-1].split()) > 1, (width, rows)  # never one alone
        await pilot.press("q", "y")


async def test_a_hands_points_are_logged_a_side_a_line_each_side_s_points_beside_its_name():
    """"Hand 1 scored — You: 2 (Denari, 1 scopa), Anna: 3 (cards, settebello, primiera)" was one
    line: a row ended at "Anna:" or at "(1" of "1 scopa", and "(cards," stood alone on a row."""
    import re

    from scopa_tui.engine import HandEnded

    from .helpers import game_screen, wait_for_my_turn
    from .scoring_data import played

    app = make_app(players=2, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_my_turn(pilot)
        screen = game_screen(app)
        log = screen.query_one(PlayLog)
        score = played(2, seed=9).hand_scores[6]  # the cards, the settebello, the primiera, 1 scopa
        texts = [text for text, _kind in screen._lines_for(HandEnded(score))]
        assert texts[-3] == "Hand 7 scored", texts
        sides = texts[-2:]
        assert [s.split(":")[0] for s in sides] == ["You", "Anna"], sides
        assert any("(cards," in s and "1" + NO_BREAK[0] + "scopa" in s for s in sides), sides
        for width in (log.scrollable_content_region.width, *range(18, 40)):
            for side in sides:
                rows = [strip.text.strip() for strip in log._rows(side, screen.deck, "hand", width)]
                parted = [r for r in rows if r.endswith(":") or re.fullmatch(r"\(\w+,", r) or re.search(r"\(\d$", r)]
                assert not parted, rows
        await pilot.press("q", "y")


@pytest.mark.parametrize("lang", ["en", "fr", "tl"])
async def test_a_pairs_name_stays_on_one_row_of_the_log_where_it_fits(lang):
    """At narrow widths "Bruno &" stood over "Dario: 1 (cards)"; hand 3 gives Anna & Carla one point."""
    from scopa_tui.engine import HandEnded

    from .helpers import game_screen, wait_for_my_turn
    from .scoring_data import played

    languages.use(lang)
    app = make_app(players=4, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_my_turn(pilot)
        screen = game_screen(app)
        log = screen.query_one(PlayLog)
        texts = [text for text, _kind in screen._lines_for(HandEnded(played(4, seed=9).hand_scores[2]))]
        for side in screen.side_names:
            line = next(t for t in texts if t.replace(NO_BREAK[0], " ").startswith(side))
            head = line.split(" (")[0]  # "Anna & Carla: 3"
            for width in (log.scrollable_content_region.width, *range(8, 40)):
                rows = [strip.text.strip() for strip in log._rows(line, screen.deck, "hand", width)]
                if cell_len(head) <= width:
                    assert rows[0].startswith(head), (width, rows)
        await pilot.press("q", "y")


async def test_a_redeal_s_cards_are_on_one_row_of_the_log():
    """At 80×24 in Italian "… ridistribuisce Anna (F◉" stood over "RƱ R† R♣)"."""
    from .helpers import wait_for_my_turn

    languages.use("it")
    app = make_app(seed=578)  # the first deal lays three Kings
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_my_turn(pilot)
        rows = _rows(app.screen.query_one(PlayLog))
        kings = [row for row in rows if "R†" in row]
        assert kings and kings[0].count("R") >= 3 and "(" in kings[0] and kings[0].endswith(")"), rows
        await pilot.press("q", "s")


@pytest.mark.parametrize("lang", list(languages.LANGUAGES))
async def test_no_line_of_the_log_ends_with_a_full_stop_in_any_language(lang):
    """The log's lines are entries, as the replay's steps: the deals, the last deal, the three
    Kings, the plays, the leftovers, the hand's points, the winner and a seat's news end alike."""
    from scopa_tui.table.notices import SeatChanged

    from .helpers import game_screen, play_game_by_keys

    languages.use(lang)
    app = make_app(seed=578, target=1)  # the first deal lays three Kings
    async with app.run_test(size=(100, 30)) as pilot:
        await play_game_by_keys(pilot)
        screen = game_screen(app)
        screen.table_news(SeatChanged(1, "Anna", "returned"))
        texts = screen.query_one(PlayLog).texts
        kinds = {"Redealt", "Dealt", "Played", "HandEnded", "GameEnded"}
        assert kinds <= {type(e).__name__ for e in app.game.events}
        assert len(texts) > 20 and texts[-1] == _("{name} is back").format(name="Anna")
        assert [t for t in texts if t.endswith(".")] == []


def test_the_logs_plain_lines_keep_the_newest_thousands_not_a_floods_every_line():
    # Every line added was kept as plain text for good: a flood of chat grew it without end.
    log = PlayLog()
    for i in range(30 * PlayLog.MAX_LINES):
        log.add(f"line {i}", DeckStyle("italian"))
    assert 10 * PlayLog.MAX_LINES <= len(log.texts) <= 20 * PlayLog.MAX_LINES
    assert log.texts[-1] == f"line {30 * PlayLog.MAX_LINES - 1}" and len(log._added) == PlayLog.MAX_LINES


async def test_the_last_deal_is_said_without_0_left():
    """The last deal's line said "Anna deals 3 more cards each (0 left)" above "Last cards: the
    table goes to the last to capture"; it says that these are the last cards."""
    from .helpers import game_screen, play_game_by_keys

    app = make_app(seed=5, target=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await play_game_by_keys(pilot)
        texts = game_screen(app).query_one(PlayLog).texts
        last = [i for i, t in enumerate(texts) if t.startswith("Last cards:")]
        assert last, texts
        for i in last:
            assert texts[i - 1] in ("You deal the last cards: 3 each", "Anna deals the last cards: 3 each"), texts
        assert not [t for t in texts if "(0 left)" in t]
        assert [t for t in texts if t.endswith("more cards each (6\u00a0left)")], texts
