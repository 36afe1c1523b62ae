"""NO_COLOR: the game drawn without colour, or in greys, still reads (README, Terminals and
colours)."""

from __future__ import annotations

import pytest

from .helpers import make_app, on_my_turn


def _colours(app) -> set:
    """The colours of the screen as drawn, text and background, after Textual's filters."""
    found = set()
    for strip in app.screen._compositor.render_strips():
        for segment in strip:
            if segment.style is not None:
                found |= {segment.style.color, segment.style.bgcolor} - {None}
    return found


@pytest.mark.parametrize("theme, changed", [("ansi-dark", False), ("ansi-light", False), ("ansi-dark", True)])
async def test_no_color_with_an_ansi_theme_keeps_the_terminals_own_colours(monkeypatch, theme, changed):
    # Textual chose its NO_COLOR filter for its default theme, which makes every colour grey by
    # its red, green and blue: the ANSI themes' colours have none, and the whole game was drawn
    # black on black.
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(theme="textual-dark" if changed else theme)
    async with on_my_turn(app, (100, 30)) as (pilot, _screen):
        if changed:  # Ctrl+P -> Theme during the game
            app.theme = theme
            await pilot.pause()
        assert {colour.is_default for colour in _colours(app)} == {True}


@pytest.mark.parametrize("changed", [False, True])
async def test_no_color_with_another_theme_draws_in_greys(monkeypatch, changed):
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(theme="ansi-dark" if changed else "scopa-felt")
    async with on_my_turn(app, (100, 30)) as (pilot, _screen):
        if changed:
            app.theme = "scopa-felt"
            await pilot.pause()
        greys = {colour.triplet for colour in _colours(app)}
        assert all(r == g == b for r, g, b in greys)
        assert len(greys) > 3  # not all one colour


async def test_no_color_with_an_ansi_theme_marks_the_focused_row_of_the_form(monkeypatch):
    # Without colours the focused choice's value and the house rule's name were bold only, as
    # every value's arrow is: which row the keys would change was hard to see.
    from textual.geometry import Region

    from scopa_tui.ui.widgets.choice import Choice
    from scopa_tui.ui.widgets.toggle import Toggle

    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(start=False, theme="ansi-dark")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()

        def underlined(widget) -> bool:
            line = widget.render_lines(Region(0, 0, widget.size.width, 1))[0]
            return any(segment.style.underline for segment in line if segment.text.strip())

        for kind in (Choice, Toggle):
            rows = list(app.screen.query(kind))
            rows[1].focus()
            await pilot.pause()
            assert underlined(rows[1]) and not underlined(rows[0]) and not underlined(rows[2])


@pytest.mark.parametrize("theme", ["ansi-dark", "ansi-light"])
async def test_no_color_with_an_ansi_theme_keeps_the_replay_viewers_colours(monkeypatch, theme):
    # `scopa-tui replay FILE` is an app of its own: it was drawn black on black as the game was.
    from scopa_tui.engine import record as records
    from scopa_tui.store.frames import load_text
    from scopa_tui.ui.screens.replay import ReplayApp

    from .test_footer_fit import finished_game

    monkeypatch.setenv("NO_COLOR", "1")
    app = ReplayApp(load_text(records.dumps(finished_game()), names=["You", "Anna"]), "Replay", theme=theme)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert {colour.is_default for colour in _colours(app)} == {True}
