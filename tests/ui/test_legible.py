"""Every theme's game screen can be read: text against its background (widgets/legible.py)."""

from __future__ import annotations

import pytest
from textual.color import Color

from scopa_tui.ui.widgets.cards import CardCanvas
from scopa_tui.ui.widgets.legible import TEXT, contrast, readable
from scopa_tui.ui.widgets.scoreboard import PlayLog, ScoreBoard

from .helpers import make_app, settle


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
