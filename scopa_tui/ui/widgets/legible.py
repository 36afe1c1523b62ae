"""Colours every theme can be read in: a foreground too close to its background is moved
towards black or white until the two differ enough (README.md, *Themes*).

A theme's colours are chosen for its widgets, not for a card face: the blue of Spade in
``textual-dark`` on its dark card face, the yellow of Denari on a light one, were all but
invisible.  The terminal's own colours (the ``ansi-*`` themes) are left as they are: their
values are the terminal's, not known here.

A muted colour (``$foreground-muted`` is the foreground at 60%) is blended over what it is
drawn on first, and then made readable: Textual's Rich style of a component class leaves its
alpha out, and muted text came out in the full colour.
"""

from __future__ import annotations

from rich.color import Color as RichColor
from rich.color import ColorType
from rich.style import Style
from textual.color import Color
from textual.widget import Widget

TEXT = 4.5  # the contrast ratio of text (WCAG 2's AA level for normal text)
SHAPES = 3.0  # of the lines that draw a shape: a card's border, its back, a bar
BLACK, WHITE = Color(0, 0, 0), Color(255, 255, 255)


def _luminance(color: Color) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b)


def contrast(a: Color, b: Color) -> float:
    """The contrast ratio of two colours, 1 (the same) to 21 (black on white)."""
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def readable(fg: Color, bg: Color, minimum: float = TEXT) -> Color:
    """``fg``, or the colour nearest it on the way to black or white (whichever of them
    stands further from ``bg``) that reaches ``minimum`` against ``bg``."""
    if contrast(fg, bg) >= minimum:
        return fg
    target = BLACK if contrast(BLACK, bg) >= contrast(WHITE, bg) else WHITE
    for step in range(1, 21):
        moved = fg.blend(target, step / 20)
        if contrast(moved, bg) >= minimum:
            return moved
    return target


def _truecolor(color: RichColor | None) -> Color | None:
    if color is None or color.type in (ColorType.DEFAULT, ColorType.STANDARD, ColorType.WINDOWS):
        return None  # the terminal's own colours: unknown values
    return Color.from_rich_color(color)


def opacity(widget: Widget, component: str) -> float:
    """How opaque the colour of one of ``widget``'s component classes is (1 without one):
    what its Rich style, :meth:`~textual.widget.Widget.get_component_rich_style`, leaves out."""
    styles = widget.get_component_styles(component)
    return styles.color.a if styles.has_rule("color") else 1.0


def legible(style: Style, background: Color | RichColor | None = None, minimum: float = TEXT,
            alpha: float = 1.0) -> Style:
    """``style`` with its colour made readable on its own background, or on ``background``
    when it has none; unchanged when either colour is the terminal's.  ``alpha``: how opaque
    the colour is (:func:`opacity`), blended over that background before it is made readable."""
    fg = _truecolor(style.color)
    bg = _truecolor(style.bgcolor) if style.bgcolor is not None else (
        _truecolor(background) if isinstance(background, RichColor) else background)
    if fg is None or bg is None or bg.a == 0 or bg.ansi is not None:
        return style
    shown = bg.blend(fg, alpha) if alpha < 1 else fg  # a muted colour as it looks on its background
    better = readable(shown, bg, minimum)
    return style if better == fg else style + Style(color=better.rich_color)
