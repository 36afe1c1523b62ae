"""The new-game form's own widgets (ui/widgets/choice.py, toggle.py, press.py): keys, clicks,
the messages they post and the limits of their values; and the form making the rows not in
view only when they are first shown, each in its place."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from scopa_tui.ui.widgets.choice import Choice
from scopa_tui.ui.widgets.press import Press
from scopa_tui.ui.widgets.toggle import Toggle

from .helpers import make_app, settle

OPTIONS = [("two", 2), ("three", 3), ("four", 4)]


class Form(App):
    """A choice, a disabled choice, a box and a button; every message they post, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.posted: list[tuple[str, object]] = []

    def compose(self) -> ComposeResult:
        yield Choice("Players", OPTIONS, 3, id="players")
        yield Choice("Deck", [("italian", "it"), ("french", "fr")], "it", id="deck", disabled=True)
        yield Toggle("Re bello", False, "the King of coins scores a point", id="box")
        yield Press("Start game", id="start")

    def on_choice_changed(self, event: Choice.Changed) -> None:
        self.posted.append((event.control.id, event.value))

    def on_toggle_changed(self, event: Toggle.Changed) -> None:
        self.posted.append((event.control.id, event.value))

    def on_press_pressed(self, event: Press.Pressed) -> None:
        self.posted.append((event.control.id, None))


async def test_arrows_step_and_stop_at_the_ends_enter_and_space_go_round():
    app = Form()
    async with app.run_test(size=(60, 10)) as pilot:
        choice = app.query_one("#players", Choice)
        choice.focus()
        await pilot.press("right", "right")  # the second stops at the last value
        await pilot.pause()
        assert choice.value == 4 and app.posted == [("players", 4)]
        await pilot.press("left", "left", "left")
        await pilot.pause()
        assert choice.value == 2 and app.posted[1:] == [("players", 3), ("players", 2)]
        await pilot.press("enter", "space", "enter")  # on from the last to the first
        await pilot.pause()
        assert choice.value == 2 and [v for _, v in app.posted[3:]] == [3, 4, 2]


async def test_clicks_on_the_arrows_step_a_click_on_the_value_goes_on_one_on_the_label_only_focuses():
    app = Form()
    async with app.run_test(size=(60, 10)) as pilot:
        choice = app.query_one("#players", Choice)
        await pilot.click("#players", offset=(2, 0))  # the label
        await pilot.pause()
        assert app.focused is choice and choice.value == 3 and app.posted == []
        await pilot.click("#players", offset=(9, 0))  # ‹
        await pilot.pause()
        assert choice.value == 2
        await pilot.click("#players", offset=(choice.size.width - 1, 0))  # ›
        await pilot.pause()
        assert choice.value == 3
        await pilot.click("#players", offset=(14, 0))  # the value
        await pilot.pause()
        assert choice.value == 4 and [v for _, v in app.posted] == [2, 3, 4]


async def test_the_row_draws_its_label_the_value_and_dims_the_arrow_that_cannot_go_on():
    app = Form()
    async with app.run_test(size=(60, 10)) as pilot:
        choice = app.query_one("#players", Choice)
        assert choice.render().plain.startswith("Players  ‹ three ") and choice.render().plain.endswith(" ›")
        assert len(choice.render().plain) == choice.size.width  # the arrow at the row's end: a column
        choice.value = 4
        await pilot.pause()
        spans = {choice.render().plain[s.start:s.end]: s.style for s in choice.render().spans}
        assert spans["‹ "].foreground != spans[" ›"].foreground  # the right arrow dims at the last value


async def test_a_value_set_by_code_posts_changed_once_and_an_unknown_one_is_refused():
    app = Form()
    async with app.run_test(size=(60, 10)) as pilot:
        choice = app.query_one("#players", Choice)
        choice.value = 3  # the same: nothing to say
        choice.value = 2
        await pilot.pause()
        assert app.posted == [("players", 2)]
        with pytest.raises(ValueError, match="5 is not a choice of players"):
            choice.value = 5
        assert choice.value == 2


async def test_new_options_keep_the_value_when_they_can_else_take_the_first():
    app = Form()
    async with app.run_test(size=(60, 10)) as pilot:
        choice = app.query_one("#players", Choice)
        choice.set_options([("three", 3), ("six", 6)])
        await pilot.pause()
        assert choice.value == 3 and choice.options == [("three", 3), ("six", 6)] and app.posted == []
        choice.set_options([("four", 4)])
        await pilot.pause()
        assert choice.value == 4 and app.posted == [("players", 4)]
        choice.focus()
        await pilot.press("right", "left", "enter")  # one value: nothing moves
        await pilot.pause()
        assert choice.value == 4 and len(app.posted) == 1


async def test_a_disabled_choice_takes_no_focus_and_no_click():
    app = Form()
    async with app.run_test(size=(60, 10)) as pilot:
        deck = app.query_one("#deck", Choice)
        await pilot.click("#deck", offset=(deck.size.width - 1, 0))
        await pilot.pause()
        assert deck.value == "it" and app.focused is not deck and app.posted == []
        deck.action_step(1)
        deck.action_next()
        assert deck.value == "it"


async def test_a_box_toggles_with_space_enter_and_a_click_and_shows_its_summary():
    app = Form()
    async with app.run_test(size=(60, 10)) as pilot:
        box = app.query_one("#box", Toggle)
        assert box.render().plain == "▐ ▌ Re bello \n    the King of coins scores a point"  # off: empty
        box.focus()
        await pilot.press("space")
        await pilot.press("enter")
        await pilot.click("#box")
        await pilot.pause()
        assert box.value is True and app.posted == [("box", True), ("box", False), ("box", True)]
        assert box.render().plain.startswith("▐X▌ Re bello")  # on: marked
        box.value = True  # no change: no message
        await pilot.pause()
        assert len(app.posted) == 3


async def test_the_button_presses_with_enter_space_and_a_click():
    app = Form()
    async with app.run_test(size=(60, 10)) as pilot:
        app.query_one("#start", Press).focus()
        await pilot.press("enter", "space")
        await pilot.click("#start")
        await pilot.pause()
        assert app.posted == [("start", None)] * 3


async def test_up_and_down_on_the_start_button_go_from_row_to_row_as_on_the_rows():
    """The form opens with the focus on Start: ↑ goes to the last row above it, ↓ comes back
    (README: "Tab and Shift+Tab, or ↑ and ↓, go from row to row"); they did nothing there."""
    app = make_app(start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        start = app.screen.query_one("#start", Press)
        assert app.focused is start
        await pilot.press("up")
        await pilot.pause()
        above = app.focused
        assert above is not start and isinstance(above, (Choice, Toggle))
        await pilot.press("down")
        await pilot.pause()
        assert app.focused is start
        await pilot.press("down")  # round to the first row, as Tab does
        await pilot.pause()
        assert app.focused is not start and app.focused.id == "variant"


async def test_left_and_right_on_the_start_button_go_to_the_rows_and_change_nothing():
    """← and → on Start (where the form opens) go to the row before and after it, as ↑ and ↓:
    a player reaching for → to change the number of players found it did nothing."""
    app = make_app(start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        start = app.screen.query_one("#start", Press)
        variant = app.screen.query_one("#variant", Choice)
        before = variant.value
        await pilot.press("right")
        await pilot.pause()
        assert app.focused is variant and variant.value == before  # focus only: nothing chosen
        await pilot.press("right")  # now on the row: → steps its value
        await pilot.pause()
        assert variant.value != before
        start.focus()
        await pilot.press("left")
        await pilot.pause()
        assert app.focused is not start and isinstance(app.focused, (Choice, Toggle))
        assert app.screen.query_one("#start") is start  # still the form: no game started


async def test_the_form_makes_the_rows_not_in_view_when_shown_each_in_its_place():
    app = make_app(start=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        # The first frame: only what is in view (no Input, no hidden seat or house rule).
        assert not screen.query("Input") and all(w.display for w in screen.query("Choice, Toggle"))
        assert [w.id for w in screen.query_one("#ai-col").children] == ["ai-1"]
        screen.query_one("#players", Choice).value = 6
        await settle(pilot)
        screen.query_one("#ai-3", Choice).value = "cmd"
        screen.query_one("#target", Choice).value = 0
        await settle(pilot)
        assert [w.id for w in screen.query_one("#ai-col").children] == \
            ["ai-1", "ai-2", "ai-3", "ai-cmd-3-row", "ai-4", "ai-5"]
        chain = [w.id for w in screen.focus_chain]
        assert chain[chain.index("ai-3") + 1] == "ai-cmd-3"  # Tab or ↓ from its seat to its command
        rows = [w.id for w in screen.query_one("#rules-col").children]
        assert rows[rows.index("target") + 1] == "other-target-row"
        screen.query_one("#variant", Choice).value = "escoba"
        await settle(pilot)
        screen.query_one("#variant", Choice).value = "scopa-d-assi"
        await settle(pilot)
        boxes = [w.id[4:] for w in screen.query("Toggle")]
        assert boxes == ["re-bello", "napola", "last-play-scopa", "primiera-all-suits", "ace-no-empty-sweep",
                         "setenta-primiera"]
        assert not screen.query_one("#opt-setenta-primiera").display  # Escoba's, hidden again
        screen.query_one("#players", Choice).value = 2
        await settle(pilot)
        assert [w.id for w in screen.query_one("#ai-col").children if w.display] == ["ai-1"]
        config = screen.read_config()
        assert config.players == 2 and config.variant == "scopa-d-assi" and config.ai == ["easy"]


async def test_an_empty_box_shows_a_dot_in_the_terminals_own_colours():
    app = Form()
    app.theme = "ansi-dark"  # the box has no background of its own there
    async with app.run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        box = app.query_one("#box", Toggle)
        assert box.render().plain.startswith("▐·▌ Re bello")
        box.value = True
        assert box.render().plain.startswith("▐X▌ Re bello")


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 50)])
async def test_the_choices_and_the_bots_command_fill_their_boxes(size):
    """At 160×50 the choices took 42 columns of their boxes' 70, the rest of each row empty:
    the form is as wide as at 100 columns on a wider terminal, in the middle, and every row
    of a box reaches its right side."""
    app = make_app(players=4, start=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.query_one("#ai-1").value = "cmd"
        await settle(pilot)
        form = screen.query_one("#form")
        assert form.region.width == min(size[0], 100)
        assert abs(form.region.x - (size[0] - form.region.width) // 2) <= 1  # in the middle
        rows = [*screen.query(Choice), screen.query_one("#ai-cmd-1")]
        assert len(rows) == 5 + 3 + 1
        for row in rows:
            box = next(a for a in row.ancestors if a.has_class("form-col"))
            right = box.region.right - 2  # the border and the padding
            if box.scrollbars_enabled[0]:
                right -= box.styles.scrollbar_size_vertical
            assert row.region.right == right, (row.id, row.region, box.region)
