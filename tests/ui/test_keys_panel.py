"""Textual's keys panel (Ctrl+P → Keys) lies over the score and log instead of narrowing
the game: the table, the hand and their cards stay where they were, and play goes on."""

from __future__ import annotations

import pytest
from textual.widgets import HelpPanel

from scopa_tui.ui.widgets.cards import TableView

from .helpers import game_screen, make_app, palette_command, settle, wait_for_my_turn


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (200, 60)])
async def test_the_keys_panel_covers_the_side_panel_and_the_game_does_not_move(size):
    app = make_app(seed=3)
    async with app.run_test(size=size) as pilot:
        await wait_for_my_turn(pilot)
        await settle(pilot)
        screen = game_screen(app)
        parts = ("#main", "#table", "#hand", "#prompt")
        before = {q: screen.query_one(q).region for q in parts}
        sizes = (screen.query_one(TableView).card_size, screen.query_one("#hand").card_size)
        await palette_command(pilot, "Keys")
        await settle(pilot)
        panel = screen.query_one(HelpPanel)
        assert {q: screen.query_one(q).region for q in parts} == before
        assert (screen.query_one(TableView).card_size, screen.query_one("#hand").card_size) == sizes
        side = screen.query_one("#side").region
        assert panel.region.x >= side.x and panel.region.right == size[0]  # over the side panel only
        assert panel.region.y == 1 and panel.region.bottom == size[1] - 1  # top bar and footer in view
        await pilot.press("1")  # the game still takes its keys
        await settle(pilot)
        assert screen.selected == 0
