"""The new-game form's house rules take the room the terminal has: their summaries wrap
whole on a big terminal, share what is left on a middling one, and keep one line each where
the form only just fits (80x24), in every language."""

from __future__ import annotations

import pytest

from scopa_tui import languages
from scopa_tui.engine import VARIANTS
from scopa_tui.ui.screens.new_game import NewGameScreen, shares
from scopa_tui.ui.widgets.toggle import Toggle, cut

from .helpers import make_app, settle

LANGS = list(languages.LANGUAGES)


def summary(box: Toggle) -> tuple[list[str], bool]:
    """The summary's lines as drawn, and whether it is whole (its words all there, uncut)."""
    lines = [line.strip() for line in box.render().plain.split("\n")[1:]]
    return lines, " ".join(lines).split() == box.summary.split()


def form(lang: str):
    """The app on its new-game screen, in ``lang``."""
    languages.use(lang)
    return make_app(start=False)


async def boxes_at(pilot, variant: str) -> list[Toggle]:
    screen = pilot.app.screen
    assert isinstance(screen, NewGameScreen)
    screen.query_one("#variant").value = variant
    await settle(pilot)
    return [box for box in screen.query(Toggle) if box.display]


@pytest.mark.parametrize("lang", LANGS)
async def test_a_big_terminal_shows_every_house_rule_whole_and_80x24_still_fits(lang):
    app = form(lang)
    async with app.run_test(size=(160, 45)) as pilot:
        col = app.screen.query_one("#rules-col")
        for variant in VARIANTS:
            boxes = await boxes_at(pilot, variant)
            for box in boxes:
                lines, whole = summary(box)
                assert whole and len(lines) == box.size.height - 1, (variant, lines)
            assert any(box.size.height > 2 for box in boxes)  # some need more than a line there
            assert col.max_scroll_y == 0, variant
        await pilot.resize_terminal(80, 24)
        boxes = await boxes_at(pilot, "scopa")
        assert all(box.size.height == 2 for box in boxes)  # a line each, cut at a word with "…"
        assert all(summary(box)[0][0].endswith("…") or summary(box)[1] for box in boxes)
        assert col.max_scroll_y == 0  # Scopa's house rules in view, as before


@pytest.mark.parametrize("lang", ["en", "tl"])
async def test_a_middling_terminal_shares_its_rows_out_and_cuts_the_longest(lang):
    app = form(lang)
    async with app.run_test(size=(100, 30)) as pilot:
        boxes = await boxes_at(pilot, "scopa")
        col = app.screen.query_one("#rules-col")
        heights = [box.size.height for box in boxes]
        assert max(heights) > 2 and col.max_scroll_y == 0  # more than a line, the form whole
        assert col.outer_size.height == app.screen.query_one("#form").size.height  # no row left over
        for box in boxes:
            lines, whole = summary(box)
            assert whole or lines[-1].endswith("…"), lines
        # The other target's row takes a line from the house rules, the form still whole.
        app.screen.query_one("#target").value = 0
        await settle(pilot)
        assert sum(box.size.height for box in boxes) == sum(heights) - 1 and col.max_scroll_y == 0


def test_shares_give_each_what_it_needs_or_an_even_cut_of_the_room():
    assert shares([2, 4, 2, 3], 20) == [2, 4, 2, 3]
    assert shares([2, 4, 2, 3], 10) == [2, 3, 2, 3]
    assert shares([2, 4, 2, 3], 9) == [2, 3, 2, 2]
    assert shares([2, 4, 2, 3], 2) == [1, 1, 1, 1]  # at least a line each (the column scrolls)


def test_a_cut_ends_at_a_word():
    assert cut("the King of coins scores a point", 20) == "the King of coins…"
    assert cut("the King of coins", 20) == "the King of coins"
    assert cut("unbrokenwordthatislong", 8) == "unbroke…"


def hint_is_right(screen) -> tuple[bool, str]:
    """Whether the Game box says "↓ house rules (Tab)" exactly while rows are below its fold,
    in any language,
    and whether the focused row of the box, if any, is whole in view."""
    col = screen.query_one("#rules-col")
    more = col.scroll_y < col.max_scroll_y
    said = bool(col.border_subtitle)
    focused = screen.focused
    seen = focused is None or col not in focused.ancestors or col.content_region.contains_region(focused.region)
    return said == more and seen, f"{focused and focused.id}: scroll {col.scroll_y}/{col.max_scroll_y}, " \
                                  f"says {col.border_subtitle!r}, in view {seen}"


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
@pytest.mark.parametrize("variant", ["escoba", "scopa-d-assi"])
async def test_the_house_rules_hint_follows_every_step_and_each_rule_scrolls_into_view(size, variant):
    """At 80x24 a variant's fifth house rule is below the fold: the hint said so one Tab late
    (still there with the last rule in view, gone when Tab came round to the top again), and
    not at all when the variant was chosen on the form."""
    app = form("en")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.query_one("#variant").focus()
        await settle(pilot)
        while screen.query_one("#variant").value != variant:
            await pilot.press("right")
            await settle(pilot)
        ok, why = hint_is_right(screen)
        assert ok, why
        if size == (80, 24):
            assert screen.query_one("#rules-col").border_subtitle, "the fifth rule is below the fold"
        seen = set()
        for _step in range(2 * 14):  # round the form twice, then back
            await pilot.press("tab")
            await settle(pilot)
            ok, why = hint_is_right(screen)
            assert ok, why
            seen.add(screen.focused.id)
        for _step in range(14):
            await pilot.press("shift+tab")
            await settle(pilot)
            ok, why = hint_is_right(screen)
            assert ok, why
        assert {f"opt-{name}" for name in VARIANTS[variant].options} <= seen


async def test_the_house_rules_hint_follows_the_terminal_s_height():
    app = form("en")
    async with app.run_test(size=(100, 30)) as pilot:
        await boxes_at(pilot, "escoba")
        ok, why = hint_is_right(app.screen)
        assert ok and not app.screen.query_one("#rules-col").border_subtitle, why
        for size in ((80, 24), (100, 30)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            ok, why = hint_is_right(app.screen)
            assert ok, why


async def test_the_house_rules_hint_is_right_after_a_change_of_language():
    """Spanish chosen at 80x24 left "↓ reglas de la casa (Tab)" on Scopa's box, every rule in view."""
    app = form("en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for lang in ("it", "fr", "es", "tl", "en"):
            app.set_language(lang)
            await settle(pilot)
            ok, why = hint_is_right(app.screen)
            assert ok, f"{lang}: {why}"
            assert not app.screen.query_one("#rules-col").border_subtitle  # Scopa's four fit


@pytest.mark.parametrize("lang", LANGS)
async def test_a_target_refused_is_said_on_one_line_beside_start_at_80x24(lang):
    """"✗ the target must be a whole number of points from 1 to 999" was wider than the room
    beside Start at 80 columns, in every language: it ran up to the button and left "999" (or
    "a 999") alone on a second line."""
    from .helpers import shown

    async with form(lang).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        screen.query_one("#target").value = 0  # other…
        await settle(pilot)
        screen.query_one("#other-target").value = "0"
        await pilot.press("ctrl+s")
        await settle(pilot)
        error = screen.query_one("#error")
        lines = [line for line in shown(error).split("\n") if line.strip()]
        assert len(lines) == 1 and lines[0].strip().startswith("✗") and "999" in lines[0], lines
        assert error.region.right < screen.query_one("#start").region.x  # a gap before the button


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
async def test_the_forms_two_boxes_start_and_end_on_the_same_rows(size):
    # The Opponents box ended under its last seat, rows above the Game box's end (at 120x40
    # three rows high beside twenty-four): two columns of uneven heights.
    app = make_app(start=False)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        for variant, players in (("scopa", 2), ("scopa", 6), ("escoba", 4), ("scopone-scientifico", 4)):
            screen.query_one("#variant").value = variant
            screen.query_one("#players").value = players
            await settle(pilot)
            rules, seats = screen.query_one("#rules-col").region, screen.query_one("#ai-col").region
            levels = screen.query_one("#levels").region  # under the seats, to the column's end
            assert (seats.y, levels.bottom) == (rules.y, rules.bottom), (variant, players)
            assert screen.query_one("#ai-col").max_scroll_y == 0  # every seat in view


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
async def test_under_the_seats_each_level_says_how_it_plays_and_who_plays_it(lang, size):
    # With one opponent the Opponents box was one line and a big empty space beside the Game box.
    from scopa_tui.engine.text import _
    from scopa_tui.store.words import level_word
    from scopa_tui.ui.config import NAMES
    from scopa_tui.ui.screens.new_game import LEVEL_LINES

    app = form(lang)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        for players in (2, 3, 4, 6):
            screen.query_one("#players").value = players
            await settle(pilot)
            if players > 2:  # two levels played
                screen.query_one("#ai-2").value = "hard"
                await settle(pilot)
            seats = screen.query_one("#ai-col")
            assert seats.outer_size.height == players - 1 + 2  # as tall as its seats and its border
            guide = screen.query_one("#levels")
            lines = guide.render().plain.splitlines()
            assert len(lines) <= guide.content_size.height and all(len(line) <= guide.content_size.width for line in lines)
            guide = " ".join(" ".join(lines).split())
            played = {screen.query_one(f"#ai-{seat}").value for seat in range(1, players)}
            for level in ("easy", "medium", "hard", "random"):
                if players < 6 or level in played:  # 6 at 80x24: the levels played, whole
                    assert _(LEVEL_LINES[level]) in guide, (players, level, guide)
                names = ", ".join(NAMES[seat] for seat in range(1, players)
                                  if screen.query_one(f"#ai-{seat}").value == level)
                assert (f"{level_word(level)} · {names}" in guide) == bool(names), (players, level, guide)
