"""Every theme's game screen can be read: text against its background (widgets/legible.py)."""

from __future__ import annotations

import pytest
from textual.color import Color

from scopa_tui.ui.scoring_view import ScoringView
from scopa_tui.ui.widgets.cards import CardCanvas, TableView
from scopa_tui.ui.widgets.legible import TEXT, contrast, readable
from scopa_tui.ui.widgets.prompt import Prompt
from scopa_tui.ui.widgets.scoreboard import PlayLog, ScoreBoard

from .helpers import make_app, settle
from .scoring_data import escoba_hand, first_hand, hand_over_app


def test_contrast_and_readable():
    black, white = Color(0, 0, 0), Color(255, 255, 255)
    assert contrast(black, white) == pytest.approx(21)
    assert contrast(white, white) == pytest.approx(1)
    light = Color(224, 224, 224)
    moved = readable(white, light)  # white on light grey: moved towards black until it reads
    assert contrast(moved, light) >= TEXT and moved != white
    blue = Color(0, 69, 120)  # textual-dark's Spade on its dark card face
    face = Color(45, 45, 45)
    assert contrast(blue, face) < 2 and contrast(readable(blue, face), face) >= TEXT
    assert readable(black, light) == black  # already readable: unchanged


def _worst(widget) -> tuple[float, str]:
    """The lowest contrast of a cell with text in ``widget``'s lines, and its text."""
    worst = (21.0, "")
    back = widget.background_colors[1]
    for y in range(widget.size.height):
        for segment in widget.render_line(y):
            text, style = segment.text, segment.style
            if not text.strip() or style is None or style.color is None or style.color.is_default:
                continue
            fg = Color.from_rich_color(style.color)
            bg = Color.from_rich_color(style.bgcolor) if style.bgcolor is not None else back
            worst = min(worst, (contrast(fg, bg), text.strip()))
    return worst


@pytest.mark.parametrize("theme", ["textual-light", "textual-dark", "catppuccin-latte", "solarized-light", "nord"])
async def test_the_cards_seats_score_and_plays_read_in_every_theme(theme):
    # On light themes the seats, the score, the card letters and borders and the log were
    # white on light grey (1.3:1), and Spade's blue on textual-dark's card face 1.4:1.
    app = make_app(seed=7, theme=theme)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        widgets = [*app.screen.query(CardCanvas), *app.screen.query(ScoreBoard), *app.screen.query(PlayLog)]
        assert len(widgets) >= 4
        for widget in widgets:
            ratio, text = _worst(widget)
            assert ratio >= 2.9, f"{theme}: {type(widget).__name__} draws {text!r} at {ratio:.2f}:1"


def _drawn(widget, words: str) -> tuple[Color, Color]:
    """The colour and the background of the first text in ``widget``'s lines holding ``words``."""
    for y in range(widget.size.height):
        for segment in widget.render_line(y):
            if words in segment.text:
                style = segment.style
                back = style.bgcolor if style.bgcolor is not None else None
                return (Color.from_rich_color(style.color),
                        Color.from_rich_color(back) if back is not None else widget.background_colors[1])
    raise AssertionError(f"{words!r} not drawn in {type(widget).__name__}")


THEMES = ["scopa-felt", "textual-light", "textual-dark", "catppuccin-latte", "solarized-light", "nord", "gruvbox"]


def _muted(muted: tuple[Color, Color], full: tuple[Color, Color], what: str) -> None:
    """``muted`` reads (4.5:1) and stands nearer its background than the full foreground, or,
    where that foreground itself barely reads (solarized-light's, 4.4:1), just past 4.5:1."""
    (fg, bg), (full_fg, full_bg) = muted, full
    assert contrast(fg, bg) >= TEXT, f"{what} at {contrast(fg, bg):.2f}:1"
    assert contrast(fg, bg) < max(contrast(full_fg, full_bg), TEXT + 0.5), \
        f"{what} {fg.hex} is not muted (the full {full_fg.hex})"


@pytest.mark.parametrize("theme", THEMES)
async def test_muted_text_in_the_game_is_muted_and_reads(theme):
    # $foreground-muted is the foreground at 60%: the widgets that draw their own text dropped
    # the 60% and drew the piles, the table's letters and the log's hand headings in the full
    # foreground; blended over their background first, then made readable, they are muted again.
    app = make_app(seed=7, theme=theme)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        board, log = app.screen.query_one(ScoreBoard), app.screen.query_one(PlayLog)
        full = _drawn(board, "Anna")  # a seat's name: the foreground
        _muted(_drawn(board, "0 cards"), full, "the pile")
        _muted(_drawn(log, "Hand 1"), full, "the log's hand heading")
        _muted(_drawn(app.screen.query_one(TableView), " a "), full, "a table card's letter")


@pytest.mark.parametrize("theme", THEMES)
async def test_the_scorings_notes_are_muted_and_read(theme):
    app = hand_over_app(first_hand(2), 2)
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = theme
        await pilot.pause()
        view = app.screen.query_one(ScoringView)
        # the dash of the side without the settebello, beside a total in the foreground
        _muted(_drawn(view, "—"), _drawn(view, "Anna"), "the scoring's note")


@pytest.mark.parametrize("theme", [*THEMES, "tokyo-night", "dracula"])
async def test_every_text_of_the_scoring_reads_on_what_it_is_drawn_on(theme):
    # The scoring made no colour readable: a note, or a suit in a point won (on its lighter
    # background), read at 2.3 to 3:1 in several themes (tokyo-night's "deal", felt's 7 of Coppe).
    app = hand_over_app(escoba_hand(), 2, deck="spanish", target=21)  # notes in a point won
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = theme
        await pilot.pause()
        view = app.screen.query_one(ScoringView)
        # as readable as the theme's own text at least (solarized-light's is 4.4:1)
        floor = min(TEXT, contrast(Color.from_rich_color(view.rich_style.color), view.background_colors[1]))
        ratio, text = _worst(view)
        assert ratio >= floor - 0.01, f"{theme}: the scoring draws {text!r} at {ratio:.2f}:1"


@pytest.mark.parametrize("theme", ["textual-light", "catppuccin-latte"])
async def test_the_plays_read_after_a_change_of_theme(theme):
    # The log's lines kept the colours of the theme they were written in: after Ctrl+P ->
    # Theme, the cards of the plays before it were the dark theme's pale suit colours
    # on the light theme's background.
    app = make_app(seed=7, theme="textual-dark")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("1", "enter")
        await settle(pilot)
        log = app.screen.query_one(PlayLog)
        assert any("played" in text for text in log.texts)
        app.theme = theme
        await settle(pilot)
        ratio, text = _worst(log)
        assert ratio >= 2.9, f"{theme}: the log draws {text!r} at {ratio:.2f}:1"


@pytest.mark.parametrize("theme", ["textual-light", "catppuccin-latte"])
async def test_the_cards_under_the_table_read_in_a_light_theme_and_after_a_change(theme):
    # The line under the table drew its cards in the raw suit colours (catppuccin-latte's
    # coins pale yellow on white, 1.6:1, where the log has them dark gold), and kept the
    # colours of the theme it was written in after Ctrl+P -> Theme.
    for start, then in ((theme, None), ("textual-dark", theme)):
        app = make_app(seed=7, theme=start)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            prompt = app.screen.query_one(Prompt)
            for key in "123":  # each card of the hand chosen in turn: "✓ 7◉ takes 3† + 4♣ …"
                await pilot.press(key)
                await settle(pilot)
                if then is not None:
                    app.theme = start
                    await settle(pilot)
                    app.theme = then
                    await settle(pilot)
                ratio, text = _worst(prompt)
                assert ratio >= TEXT - 0.01, \
                    f"{start} then {then}: the line under the table draws {text!r} at {ratio:.2f}:1"


def _title_drawn(app, widget, words: str) -> tuple[Color, Color]:
    """The colour and the background of ``words`` in ``widget``'s top border, as drawn."""
    for segment in app.screen._compositor.render_strips()[widget.region.y]:
        if words in segment.text:
            return Color.from_rich_color(segment.style.color), Color.from_rich_color(segment.style.bgcolor)
    raise AssertionError(f"{words!r} not in the border of #{widget.id}")


@pytest.mark.parametrize("theme", THEMES)
async def test_the_boxes_titles_read_in_every_theme(theme):
    # In the theme's green and blue, textual-light's "Table" was 1.6:1 on the felt and
    # textual-dark's "Score" and "Plays" 1.9:1: all but invisible. The felt keeps its own.
    app = make_app(seed=7, theme=theme)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        for box, words, colour in (("#table", "Table", "success"), ("#scores", "Score", "secondary"),
                                   ("#log", "Plays", "secondary")):
            fg, bg = _title_drawn(app, screen.query_one(box), words)
            assert contrast(fg, bg) >= 2.9, f"{theme}: {words} at {contrast(fg, bg):.2f}:1"
            if theme == "scopa-felt":
                assert fg == Color.parse(app.theme_variables[colour])


def _corner_drawn(app, widget) -> tuple[Color, Color]:
    """The colour and the background of ``widget``'s top left corner, as drawn."""
    x = 0
    for segment in app.screen._compositor.render_strips()[widget.region.y]:
        if x <= widget.region.x < x + len(segment.text):
            return Color.from_rich_color(segment.style.color), Color.from_rich_color(segment.style.bgcolor)
        x += len(segment.text)
    raise AssertionError(f"no corner of #{widget.id}")


@pytest.mark.parametrize("theme", [*THEMES, "dracula", "atom-one-light", "rose-pine-dawn"])
async def test_the_boxes_borders_show_in_every_theme(theme):
    # At half strength textual-dark's Score and Plays borders were 1.3:1 on its background,
    # textual-light's table 1.3:1 on the felt: boxes without a frame. The hand's border is
    # dimmer off your turn, and still shows.
    app = make_app(seed=7, theme=theme)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        for box in ("#table", "#hand", "#scores", "#log"):
            ratio = contrast(*_corner_drawn(app, screen.query_one(box)))
            assert ratio >= 3, f"{theme}: the border of {box} at {ratio:.2f}:1"
        hand = screen.query_one("#hand")
        turn = contrast(*_corner_drawn(app, hand))
        hand.remove_class("-turn")
        await settle(pilot)
        off = contrast(*_corner_drawn(app, hand))
        assert 2.5 <= off < turn, f"{theme}: the hand's border off turn at {off:.2f}:1, on turn {turn:.2f}:1"


@pytest.mark.parametrize("theme", ["textual-dark", "solarized-light", "atom-one-light"])
async def test_the_new_game_forms_boxes_show(theme):
    # $primary at 60% drew the Game and Opponents boxes at 2.2:1 on textual-dark's background.
    app = make_app(start=False, theme=theme)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        for box in ("#rules-col", "#ai-col"):
            ratio = contrast(*_corner_drawn(app, app.screen.query_one(box)))
            assert ratio >= 2.7, f"{theme}: the border of {box} at {ratio:.2f}:1"
