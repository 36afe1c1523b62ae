"""The side panel: each side's score against the target and its capture pile, and the play log."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from ...engine.text import ngettext
from ...engine.words import labelled
from ...store.words import deal_sweeps_word, sweep_count
from ..card_render import DeckStyle, card_tokens, suit_role
from ..wrapping import CLOSING, NO_BREAK, WORD
from .legible import SHAPES, TEXT, legible, opacity


@dataclass(frozen=True)
class SideInfo:
    """One side as the score panel shows it."""

    name: str
    total: int
    pile: int  # cards captured this hand
    coins: int
    scope_cards: tuple[int, ...]  # the sweeping cards of this hand
    settebello: bool
    mine: bool
    side: int = 0  # the side's number: its colour, as on the seats around the table
    deal_sweeps: int = 0  # Escoba: the dealer's escobas of the deal, which have no card


class ScoreBoard(Widget):
    """Running score per side versus the target, and each side's capture pile this hand."""

    COMPONENT_CLASSES = {"score--name", "score--mine", "score--total", "score--pile", "score--scopa",
                         "score--bar", "score--bar-empty", "seat--side-0", "seat--side-1", "seat--side-2",
                         "card--suit-d", "card--suit-c", "card--suit-s",
                         "card--suit-b"}
    sides: reactive[tuple[SideInfo, ...]] = reactive(tuple, layout=True)
    target: reactive[int] = reactive(11)
    deck: reactive[DeckStyle] = reactive(DeckStyle)
    # The variant's words: the 7 of coins ("settebello", Escoba's "velo") and a sweep
    # ("scopa", "escoba": counted by sweep_count); the game screen sets them.
    words: reactive[tuple[str, str]] = reactive(("settebello", "scopa"))

    def _s(self, name: str):
        """A component's style, its colour readable on the panel (legible.py)."""
        return legible(self.get_component_rich_style(name, partial=True), self.background_colors[1],
                       SHAPES if name.startswith("score--bar") else TEXT, opacity(self, name))

    def _lines(self, width: int) -> list[Text]:
        out = []
        for side in self.sides:
            if out:
                out.append(Text(""))  # a blank line between sides
            head = Text()
            score = f"{side.total}/{self.target}"
            name = cut(side.name, width - len(score) - 1)
            head.append(name, self._s(f"seat--side-{side.side % 3}") + self._s("score--name"))
            head.append(" " * max(1, width - cell_len(name) - len(score)))
            head.append(score, self._s("score--total"))
            out.append(head)
            bar_w = max(4, width)
            filled = min(bar_w, round(bar_w * side.total / max(1, self.target)))
            bar = Text()
            bar.append("━" * filled, self._s("score--bar"))
            bar.append("─" * (bar_w - filled), self._s("score--bar-empty"))
            out.append(bar)
            # What the pile counts, in words: "12 cards · 3 Denari · settebello · 1 scopa: 7◉"
            # ("1 Denaro": DeckStyle.coins).
            # TRANSLATORS: the score panel: how many cards a side took this hand.
            parts = [Text(ngettext("{n} card", "{n} cards", side.pile).format(n=side.pile),
                          self._s("score--pile")),
                     Text(self.deck.coins(side.coins), self._s("score--pile"))]
            if side.settebello:
                parts.append(Text(f"{self.deck.star()} {self.words[0]}", self._s("score--scopa")))
            if side.scope_cards or side.deal_sweeps:  # the deal's escobas first, as on the scoring
                sc = Text(labelled(sweep_count(self.words[1], len(side.scope_cards) + side.deal_sweeps)),
                          self._s("score--scopa"))
                if side.deal_sweeps:
                    sc.append(" " + deal_sweeps_word(side.deal_sweeps), self._s("score--scopa"))
                for c in side.scope_cards:
                    sc.append(" ")
                    sc.append(self.deck.short(c), self._s(f"card--{suit_role(c)}"))
                parts.append(sc)
            out.extend(flow(parts, width, " · ", self._s("score--pile")))
        return out

    def render(self) -> Text:
        return Text("\n").join(self._lines(max(10, self.content_size.width)))

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._lines(max(10, width))) or 1


def cut(name: str, room: int) -> str:
    """``name`` in at most ``room`` columns (one at the least), ending with "…" where it is
    cut: a name cut short reads as a name, and wide characters count two columns each."""
    shown = Text(name)
    shown.truncate(max(1, room), overflow="ellipsis")
    return shown.plain


def flow(parts: list[Text], width: int, sep: str = " · ", sep_style="") -> list[Text]:
    """Join ``parts`` with ``sep`` into lines of at most ``width`` cells, wrapping between parts."""
    lines: list[Text] = []
    line = Text()
    for part in parts:
        if line.cell_len and line.cell_len + len(sep) + part.cell_len <= width:
            line.append(sep, sep_style)
            line.append_text(part)
            continue
        if line.cell_len:
            lines.append(line)
        line = part.copy()
    lines.append(line)
    for line in lines:
        line.truncate(width, overflow="ellipsis")
    return lines


def styled_text(text: str, deck: DeckStyle, styler) -> Text:
    """Engine text with card notation ("7d") shown in the deck style and coloured by suit."""
    out = Text()
    for part, card in card_tokens(text, deck):
        if card is None:
            out.append(part)
        else:
            out.append(part, styler(card))
    return out


# a part of a word kept together by no-break spaces, up to the next of them a row may end at:
# not the one before a French ":" nor after "«" (ui/wrapping.py)
_PIECE = re.compile(rf"(?:[{NO_BREAK}](?=[{CLOSING}])|(?<=«)[{NO_BREAK}]|[^{NO_BREAK}])+[{NO_BREAK}]*")


def kept_together(line: Text, width: int) -> list[Text]:
    """``line`` wrapped between words at ``width`` cells, its last word not left alone on a
    row of its own: "Bruno played R♣ and took A◉ / C♣" reads better as "Bruno played R♣ and /
    took A◉ C♣", the cards taken together ("took A◉" is one word: screens/game.py). It
    breaks where Rich would (ui/wrapping.py: not at a no-break space, nor before a French
    "?"); a word wider than a row is folded when drawn.
    Not where that would leave another word alone on the row above ("settebello," over
    "primiera, 1 scopa)"). Words kept together by no-break spaces ("A♣ 3◉ 6♣", "Bruno & Dario")
    that are wider than a row break at those spaces rather than in a word."""
    plain = line.plain
    words = [(m.start(), cell_len(m.group().rstrip()), cell_len(m.group()))
             for word in WORD.finditer(plain)
             for m in ([word] if cell_len(word.group().rstrip()) <= width
                       else _PIECE.finditer(plain, word.start(), word.end()))]
    breaks, used = [], 0
    for start, shown, taken in words:
        if used and used + shown > width:
            breaks.append(start)
            used = 0
        used += taken
    # words as read: "1 scopa" (a no-break space) is two
    if breaks and len(words) > 2 and len(plain[breaks[-1]:].split()) == 1:  # the last word alone
        start, shown, taken = words[-2]
        previous = breaks[-2] if len(breaks) > 1 else 0
        if len(plain[previous:start].split()) > 1 and taken + words[-1][1] <= width:
            breaks[-1] = start
    return list(line.divide(breaks))  # each row keeps its spaces at the end, as Rich's wrap does



FRAME = ("— ", " —")  # around a hand's heading in the log (screens/game.py, _lines_for)


class PlayLog(ScrollView):
    """Recent plays, newest at the bottom, each wrapped at the box's width; a taller terminal
    shows more of them.

    A line-API widget of its own: Textual's ``RichLog`` shows any renderable, and for that
    imports ``rich.pretty`` (and with it ``attrs`` where installed) before the game's first
    frame (README, Benchmark); this log only ever shows styled text.
    """

    DEFAULT_CSS = """
    PlayLog {
        background: $surface;
        color: $foreground;
        overflow-y: scroll;
    }
    """
    COMPONENT_CLASSES = {"card--suit-d", "card--suit-c", "card--suit-s", "card--suit-b", "log--scopa",
                         "log--hand"}
    MAX_LINES = 200  # the newest lines kept (each may take several rows)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.can_focus = False
        self.texts: list[str] = []  # the lines added (the newest thousands), as plain text (cards in engine notation)
        self._added: list[tuple[str, DeckStyle, str]] = []  # the lines kept, to style and wrap again
        self.lines: list[Strip] = []  # the rows shown: the lines kept, wrapped at _width
        self._heights: list[int] = []  # how many rows each line kept takes
        self._width = 0  # the width the rows were wrapped at (0: not laid out yet)
        self._rows_shown = 0  # the box's height at the last resize (0: not laid out yet)
        self._styled_in: tuple = ()  # the colours the rows were styled in (_palette)

    def add(self, text: str, deck: DeckStyle, kind: str = "") -> None:
        self.texts.append(text)
        if len(self.texts) > 20 * self.MAX_LINES:  # a long game's lines, not a flood's for ever
            del self.texts[:-10 * self.MAX_LINES]
        self._added.append((text, deck, kind))
        if self._width:
            rows = self._rows(text, deck, kind, self._width)
            self.lines.extend(rows)
            self._heights.append(len(rows))
        if len(self._added) > self.MAX_LINES:  # the oldest line goes, with its rows
            del self._added[0]
            if self._heights:
                del self.lines[:self._heights.pop(0)]
        if self._width:
            self._rows_changed()

    def reset(self) -> None:
        """Empty, before every line is added again (another deck style or language)."""
        self.clear()
        self.texts.clear()

    def clear(self) -> None:
        """No line left on screen."""
        self._added.clear()
        self.lines.clear()
        self._heights.clear()
        self._rows_changed()

    def on_resize(self, event) -> None:
        """The lines wrapped again at a new width, so none is cut; a log that showed its
        newest line still shows it (a shorter box keeps its scroll offset, which left the
        newest rows under it), and one scrolled back to read stays where it was."""
        following = not self._rows_shown or self.scroll_y + self._rows_shown >= len(self.lines)
        region = self.scrollable_content_region
        self._rows_shown = region.height
        self._wrap(region.width)
        if following:
            self.scroll_end(animate=False, immediate=False, x_axis=False)

    def watch_show_vertical_scrollbar(self, shown: bool) -> None:
        """The newest line in view when the lines first outgrow the box.

        Each line added asks to scroll to the end once the screen is refreshed, but the
        scroll is refused while the box has no scroll bar yet, and the layout that gives it
        one may come after that refresh (e.g. several AI plays at the start of a game).
        """
        if shown:
            self.scroll_end(animate=False, x_axis=False)

    def notify_style_update(self) -> None:
        """Restyled: after a change of theme, every line kept styled again in its colours
        (the rows kept the old theme's, a dark theme's pale suits on a light background),
        once the component classes have them too (Textual styles them after the widget)."""
        super().notify_style_update()
        if self._width:
            self.call_later(self._restyle)

    def _restyle(self) -> None:
        if self._palette() != self._styled_in:
            width, self._width = self._width, 0
            self._wrap(width)

    def _palette(self) -> tuple:
        """What the rows' colours come from: the background and the component classes'."""
        return (self.background_colors[1], *(self.get_component_rich_style(name, partial=True)
                                             for name in sorted(self.COMPONENT_CLASSES)))

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        if width != self._width:  # the first frame is drawn before the resize event comes
            self._wrap(width)
        scroll_x, scroll_y = self.scroll_offset
        row = scroll_y + y
        style = self.rich_style
        if row >= len(self.lines):
            return Strip.blank(width, style)
        return self.lines[row].crop_extend(scroll_x, scroll_x + width, style).apply_style(style)

    def _wrap(self, width: int) -> None:
        """Every line kept, styled and wrapped again at ``width``."""
        if width == self._width or width <= 0:
            return
        self._width = width
        self._styled_in = self._palette()
        wrapped = [self._rows(*added, width) for added in self._added]
        self.lines = [row for rows in wrapped for row in rows]
        self._heights = [len(rows) for rows in wrapped]
        self._rows_changed()

    def _rows_changed(self) -> None:
        self.virtual_size = Size(self._width, len(self.lines))
        self.refresh()
        if self.lines:
            self.scroll_end(animate=False, immediate=False, x_axis=False)

    def _rows(self, text: str, deck: DeckStyle, kind: str, width: int) -> list[Strip]:
        """One line of the log, in its styles, as rows of at most ``width`` cells.

        A hand's heading ("— Manche 1 : Anna donne —") too wide for one row loses its dashes
        rather than leave one alone on a row of its own (its rows are 23 cells wide at 80×24)."""
        if kind == "hand" and cell_len(text) > width and text.startswith(FRAME[0]) and text.endswith(FRAME[1]):
            text = text[len(FRAME[0]):-len(FRAME[1])]
        back = self.background_colors[1]
        line = styled_text(text, deck, lambda c: legible(self.get_component_rich_style(f"card--{suit_role(c)}",
                                                                                       partial=True), back))
        if kind:
            line.stylize(legible(self.get_component_rich_style(f"log--{kind}", partial=True), back,
                                 alpha=opacity(self, f"log--{kind}")))
        line.expand_tabs()
        console = self.app.console
        return [Strip(segments) for segments in console.render_lines(Text("\n").join(kept_together(line, width)),
                                                                   console.options.update_width(width), pad=False)]
