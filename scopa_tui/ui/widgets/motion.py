"""Motion on the game screen: a card flying over the table.

A :class:`FlyingCard` is a copy of one card drawn on the game screen's ``above`` layer
(see game.tcss) that slides from one place to another with Textual's ``animate`` on its
offset, then removes itself.  It is decoration only: when it starts, the game state and
the widgets under it are already up to date, and keys go on working while it flies.
The game screen decides when cards fly (:meth:`GameScreen._fly`); nothing flies at the
AI pace 0 or with the *reduce motion* setting on.
"""

from __future__ import annotations

from rich.text import Text
from textual.css.scalar import ScalarOffset
from textual.geometry import Offset

from ..card_render import SIZES, DeckStyle, render_card
from .cards import CardCanvas

FLIGHT_MAX = 0.35  # seconds: the longest flight, whatever the AI pace


def flight_time(ai_delay: float) -> float:
    """How long a card flies at the AI pace ``ai_delay``: a fraction of it (0: no flight)."""
    return min(FLIGHT_MAX, ai_delay / 2) if ai_delay > 0 else 0.0


class FlyingCard(CardCanvas):
    """One card in flight, from ``start`` to :attr:`target` (screen cells); removed on landing."""

    can_focus = False

    def __init__(self, card: int, deck: DeckStyle, size: str, start: Offset, target: Offset,
                 duration: float, state: str = "") -> None:
        super().__init__(classes="flying-card")
        self.card = card
        self.deck = deck
        self.size_name = size if size in SIZES else "medium"
        self.state = state  # "", "played" or "captured": drawn like the table's marks
        self.start, self.target, self.duration = start, target, duration
        self.styles.offset = (start.x, start.y)
        width, height = SIZES[self.size_name]
        self.styles.width, self.styles.height = width, height

    def render(self) -> Text:
        lines = render_card(self.card, self.deck, self.size_name)
        out = Text()
        for i, line in enumerate(lines):
            if i:
                out.append("\n")
            for text, role in line:
                out.append(text, self._segment_style(role, self.state))
        return out

    def on_mount(self) -> None:
        self.styles.animate("offset", ScalarOffset.from_offset(self.target), duration=self.duration,
                            easing="out_cubic", on_complete=self.land)

    def land(self) -> None:
        """The flight is over (or skipped for a newer one): the card under it shows alone."""
        if self.is_attached:
            self.remove()

    def on_mouse_move(self, event) -> None:
        """A flying card has no hover mark (it is gone in a moment)."""


def card_spot(canvas: CardCanvas, card: int | None = None, index: int | None = None) -> Offset | None:
    """Where ``canvas`` last drew a card (by ``card`` or item ``index``): its top-left cell on
    the screen, below its letter when it has one.  None when it is not drawn there."""
    if index is None:  # the table keeps the items it drew; the hand is looked up by its cards
        drawn = [item.card for item in getattr(canvas, "_items", ())] or list(getattr(canvas, "cards", ()))
        if card not in drawn:
            return None
        index = drawn.index(card)
    for x0, y0, _x1, _y1, i in canvas._hits:
        if i == index:
            region = canvas.content_region
            return Offset(region.x + x0, region.y + y0 + (0 if canvas.card_size == "tiny" else 1))
    return None

