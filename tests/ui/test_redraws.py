"""A key press redraws what it changes, and cached card colours follow the stylesheet
(README, Benchmark: key to screen)."""

from __future__ import annotations

from textual.content import Content
from textual.css.stylesheet import Stylesheet
from textual.geometry import Offset
from textual.selection import Selection
from textual.visual import Visual
from textual.widget import Widget

from scopa_tui.ui.widgets.cards import CardRows, HandView, TableView

from .helpers import game_screen, settle, stacked_app, wait_for_my_turn


def _deal():
    """7c 7d 1s against 9b 9c 10s, with 3c 4s 2b 5d on the table (7d takes 3c + 4s)."""
    return stacked_app([["7c", "7d", "1s"], ["9b", "9c", "10s"]], ["3c", "4s", "2b", "5d"])


async def _my_turn(pilot):
    """The game screen once the player's first turn has come."""
    await settle(pilot)
    assert await wait_for_my_turn(pilot)
    return game_screen(pilot.app)


def _count_renders(monkeypatch) -> dict[str, int]:
    counts = {"table": 0, "hand": 0}
    for name, cls in (("table", TableView), ("hand", HandView)):
        original = cls.render

        def render(self, _original=original, _name=name):
            counts[_name] += 1
            return _original(self)

        monkeypatch.setattr(cls, "render", render)
    return counts


async def test_choosing_a_card_that_takes_nothing_redraws_the_hand_not_the_table(monkeypatch):
    # The ace takes nothing from 3 4 2 5: the table looks the same before and after the key.
    app = _deal()
    async with app.run_test(size=(100, 30)) as pilot:
        await _my_turn(pilot)
        counts = _count_renders(monkeypatch)
        topbar = app.screen.query_one("#topbar")
        before = topbar.visual
        for key in ("3", "escape", "3", "escape"):
            await pilot.press(key)
            await settle(pilot, 1)
        assert counts["hand"] >= 4  # the ace is lifted and put back each time
        assert counts["table"] == 0
        assert topbar.visual is before  # the same top bar is not set again


async def test_card_colours_follow_a_theme_change():
    app = _deal()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = game_screen(app).query_one(TableView)
        table.render()
        felt = table._style("suit-s")
        app.theme = "textual-light"
        await settle(pilot)
        table.render()
        light = table._style("suit-s")
        assert light != felt
        from scopa_tui.ui.widgets.legible import legible

        # the theme's colour, made readable on the light panel (widgets/legible.py)
        assert light == legible(table.get_component_rich_style("card--suit-s", partial=True),
                                table.background_colors[1])


async def test_card_canvases_draw_the_segments_textual_makes_of_the_same_text():
    # The hand and the table go to strips without Textual's Text -> Content conversion
    # (widgets/cards.py CardRows): the segments, styles and offsets must be Textual's own,
    # or the screen (and every snapshot) would change.  A capture, a hover and ANSI colours.
    app = _deal()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _my_turn(pilot)
        hand, table = screen.query_one(HandView), screen.query_one(TableView)
        checked = 0
        for theme, keys in ((None, ("1",)), (None, ("2", "a")), ("ansi-dark", ("escape",)), ("ansi-dark", ("2",))):
            if theme:
                app.theme = theme
            for key in keys:
                await pilot.press(key)
            await settle(pilot, 1)
            hand.hover = 2
            for widget in (hand, table):
                rows = widget.render()
                assert isinstance(rows, CardRows)
                width, height = widget.size
                ours = Visual.to_strips(widget, rows, width, height, widget.visual_style)
                content = Content.from_rich_text(rows.text(), console=app.console)
                theirs = Visual.to_strips(widget, content, width, height, widget.visual_style)
                assert [list(strip) for strip in ours] == [list(strip) for strip in theirs]
                checked += 1
        assert table.selected and checked == 8  # 7d takes 3c + 4s: the table drew a capture
        # Text selected with the mouse is marked by Textual's own drawing, as before.
        width, height = hand.size
        plain = Visual.to_strips(hand, hand.render(), width, height, hand.visual_style)
        screen.selections = {hand: Selection.from_offsets(Offset(0, 1), Offset(20, 3))}
        await settle(pilot, 1)
        marked = Visual.to_strips(hand, hand.render(), width, height, hand.visual_style)
        assert [strip.text for strip in marked] == [strip.text for strip in plain]
        assert [list(strip) for strip in marked] != [list(strip) for strip in plain]


async def test_choosing_and_clearing_redraw_only_the_choice_and_lay_out_nothing(monkeypatch):
    # A key that chooses (1, a, Tab) or clears (Esc) changes the hand's lifted card, the table's
    # marks, the prompt and the Play button: the rest of the screen (top bar, seats, scores,
    # log, footer) is neither worked out again nor redrawn, and nothing is laid out again.
    app = _deal()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _my_turn(pilot)
        whole, redrawn, layouts = [], set(), []
        monkeypatch.setattr(type(screen), "_refresh_widgets", lambda self: whole.append(1))
        original = Widget.refresh

        def refresh(self, *regions, layout=False, **kwargs):
            redrawn.add(self.id or type(self).__name__)
            if layout:
                layouts.append(self)
            return original(self, *regions, layout=layout, **kwargs)

        monkeypatch.setattr(Widget, "refresh", refresh)
        restyled = []
        update_nodes = Stylesheet.update_nodes

        def restyle(self, nodes, animate=False):
            nodes = list(nodes)
            restyled.extend(node.id for node in nodes)
            return update_nodes(self, nodes, animate)

        monkeypatch.setattr(Stylesheet, "update_nodes", restyle)
        for key in ("2", "escape", "1", "2", "a", "escape"):
            await pilot.press(key)
            await settle(pilot, 1)
        assert not whole and not layouts
        # The prompt's colour is set in place (widgets/prompt.py); only the Play button's
        # :disabled look comes from matching the stylesheet again.
        assert set(restyled) == {"play-button"}
        assert redrawn <= {"hand", "table", "prompt", "play-button"}
        assert {"hand", "table", "prompt", "play-button"} <= redrawn  # 7d takes 3c + 4s, then Esc


async def test_the_prompt_colours_a_choice_as_the_theme_does_after_a_theme_change():
    app = _deal()
    async with app.run_test(size=(100, 30)) as pilot:
        prompt = (await _my_turn(pilot)).query_one("#prompt")
        plain = prompt.visual_style.foreground
        await pilot.press("2")  # 7d takes 3c + 4s: legal
        await settle(pilot, 1)
        felt = prompt.visual_style.foreground
        assert felt == prompt.get_component_styles("prompt--legal").color != plain
        app.theme = "textual-light"
        await settle(pilot)
        light = prompt.visual_style.foreground
        from scopa_tui.ui.widgets.legible import readable

        # the theme's green, made readable on the light background (widgets/legible.py)
        assert light == readable(prompt.get_component_styles("prompt--legal").color,
                                 prompt.background_colors[1]) != felt
        await pilot.press("escape")
        await settle(pilot, 1)
        assert prompt.visual_style.foreground != light and not prompt.styles.inline.has_rule("color")


async def test_a_hint_stays_after_a_change_of_theme_or_language():
    """The hint chooses its move; a new theme or language wrote that choice's explanation
    ("✓ 7◉ takes 2♣ + 5◉  Enter plays") in the hint's place."""
    app = _deal()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _my_turn(pilot)
        await pilot.press("h")
        for _ in range(100):
            await pilot.pause(0.02)
            if str(screen.message).startswith("Hint:"):
                break
        hint = str(screen.message)
        assert hint.startswith("Hint:") and screen.selected is not None, hint
        app.theme = "textual-light"
        await settle(pilot)
        assert str(screen.message) == hint
        app.set_language("it")
        await settle(pilot)
        assert str(screen.message).startswith("Suggerimento:"), str(screen.message)
