"""Textual's ``Button`` whose focus underlines its words and not the room beside them.

Textual pads a button's label inside its text (``line-pad: 1``), so the focused style,
``bold underline`` on the felt theme, ran under a space either side: "_Next hand (Enter)_".
Here that room is the button's padding, drawn in its colour with no underline; the button
is as wide as before.  ``line-pad`` is set on the widget itself: Textual's stylesheets take
no ``line-pad: 0`` (a value of 0 is refused) and ``initial`` leaves Textual's 1 in place.
"""

from __future__ import annotations

from textual.widgets import Button as TextualButton


class Button(TextualButton):
    """A Textual ``Button`` (its messages, variants and styles), its label's margin as padding."""

    DEFAULT_CSS = """
    Button { padding: 0 1; }
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.styles.line_pad = 0

    def get_content_width(self, container, viewport) -> int:
        # Textual's counts the line-pad's two cells in the words' width: the padding has them now.
        return super().get_content_width(container, viewport) - 2
