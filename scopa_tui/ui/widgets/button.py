"""Textual's ``Button`` whose focus underlines its words and not the room beside them.

Textual pads a button's label inside its text (``line-pad: 1``), so the focused style,
``bold underline`` on the felt theme, ran under a space either side: "_Next hand (Enter)_".
Here those two spaces are the label's own, styled ``not underline``: the underline stops at
the words, and a theme whose focused button is ``reverse`` (nord, solarized-light, …) still
turns the whole button over, where room drawn as padding stayed a cell of the button's colour
either side of the turned words.  ``line-pad`` is set on the widget itself: Textual's
stylesheets take no ``line-pad: 0`` (a value of 0 is refused) and ``initial`` leaves
Textual's 1 in place.
"""

from __future__ import annotations

from textual.app import RenderResult
from textual.content import Content
from textual.widgets import Button as TextualButton

_ROOM = Content.styled(" ", "not underline")


class Button(TextualButton):
    """A Textual ``Button`` (its messages, variants, styles and width), its label's margin not
    underlined."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.styles.line_pad = 0

    def render(self) -> RenderResult:
        assert isinstance(self.label, Content)
        return Content.assemble(_ROOM, self.label, _ROOM)
