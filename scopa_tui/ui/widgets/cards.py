"""Widgets that draw cards: the table, the player's hand and the opponents' card backs.

They are given plain data through reactive attributes by the game screen (which reads
engine events and the Game's public API) and redraw in place; clicks are posted as
messages.  Card shapes come from :mod:`..card_render`; colours from the component
classes below, styled in game.tcss.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.content import Content
from textual.events import Click, Leave, MouseMove
from textual.reactive import Reactive, reactive
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import Visual
from textual.widget import Widget

from ...engine.text import _
from ...engine.words import labelled
from ...store.words import sweep_count
from ..card_render import SIZE_ORDER, SIZES, DeckStyle, Line, render_back, render_card, suit_role
from ..messages import HandCardClicked, TableCardClicked
from .legible import SHAPES, TEXT, legible, opacity
from .scoreboard import cut, flow

CARD_CLASSES = {
    "card--border-plain", "card--border-primiera", "card--border-settebello", "card--star",
    "card--suit-d", "card--suit-c", "card--suit-s", "card--suit-b", "card--back", "card--back-fill",
    "card--selected", "card--captured", "card--played", "card--label", "card--label-selected",
    "card--label-captured", "card--dim", "card--face",
    "card--selected-border", "card--captured-border", "card--played-border", "card--label-hover",
}


@dataclass
class Item:
    """One card slot to draw: its lines, a label above or below it, and its state."""

    lines: list[Line]
    label: str = ""
    state: str = ""  # "", "selected", "captured", "played", "dim"
    card: int | None = None
    raise_: int = 0  # lines lifted up (the selected hand card)


Segments = list[tuple[str, Style | None]]  # one drawn line: text with its style (None: the widget's)


class CardRows(Visual):
    """Rows of cards as a card canvas draws them: lines of (text, style) segments.

    A Rich ``Text`` returned by ``render`` is turned by Textual into its own ``Content`` on
    every drawing, and every segment of every line gets a new style, with its cell's offset
    (for text selection): most of what a key cost went there (README, Benchmark).  These
    lines go to strips straight, with the very segments and styles ``Content`` makes (the
    snapshots are byte for byte the same), each style made once per place and kept by the
    widget (``finals``) for its next drawing.
    """

    def __init__(self, lines: list[Segments], finals: dict, ansi_theme) -> None:
        self.lines = lines
        self._finals = finals
        self._ansi_theme = ansi_theme

    @property
    def plain(self) -> str:
        return "\n".join("".join(text for text, _style in line) for line in self.lines)

    def __str__(self) -> str:
        return self.plain

    def text(self) -> Text:
        """The same lines as a Rich ``Text``, the way the canvases drew before."""
        out = Text()
        for i, line in enumerate(self.lines):
            if i:
                out.append("\n")
            for part, style in line:
                out.append(part, style)
        return out

    def render_strips(self, width: int, height: int | None, style: VisualStyle, options) -> list[Strip]:
        if options.selection is not None:  # text selected with the mouse: Textual marks it
            return Content.from_rich_text(self.text()).render_strips(width, height, style, options)
        if not width:
            return []
        finals = self._finals.get(style)
        if finals is None or len(finals) > 4096:
            finals = self._finals[style] = {}
        strips = []
        for y, line in enumerate(self.lines[:height]):
            segments = []
            x = 0
            for text, seg_style in _pieces(line, width):
                final = finals.get((seg_style, x, y))
                if final is None:
                    final = finals[seg_style, x, y] = self._on_base(style, seg_style).rich_style_with_offset(x, y)
                segments.append(Segment(text, final))
                x += len(text)
            strips.append(Strip(segments))
        return strips

    def _on_base(self, base: VisualStyle, style: Style | None) -> VisualStyle:
        """A segment's style over the widget's, as ``Content.to_strip`` makes it: the span's
        style (with the theme's ANSI colours) added to the base, and the base added again."""
        if style is None:
            return base + base
        return base + VisualStyle.combine([base, VisualStyle.from_rich_style(style, self._ansi_theme)])

    def get_optimal_width(self, rules, container_width: int) -> int:
        return max((sum(len(text) for text, _style in line) for line in self.lines), default=0)

    def get_height(self, rules, width: int) -> int:
        return len(self.lines)


def _pieces(line: Segments, width: int) -> Segments:
    """A line's segments as Textual's ``Content`` cuts them: cropped to ``width`` (the
    canvases' ``text-overflow: clip``), nothing empty, unstyled text run together, and an
    empty line one empty segment."""
    out: Segments = []
    room = width
    for text, style in line:
        if room <= 0:
            break
        if len(text) > room:
            text = text[:room]
        room -= len(text)
        if not text:
            continue
        if not style:
            style = None
            if out and out[-1][1] is None:
                out[-1] = (out[-1][0] + text, None)
                continue
        out.append((text, style))
    return out or [("", None)]


def _minimum(role: str) -> float:
    """The contrast a role needs: text, or the lines of a shape (legible.py)."""
    return SHAPES if role.startswith(("border", "back", "selected-border", "captured-border", "played-border")) \
        else TEXT


class CardCanvas(Widget):
    """Lays out card items in rows that wrap to the widget's width, with hit boxes for clicks."""

    COMPONENT_CLASSES = CARD_CLASSES
    # No links in card pictures: Textual looks for them in every segment of every drawing.
    auto_links: Reactive[bool] = Reactive(False)
    deck: reactive[DeckStyle] = reactive(DeckStyle)
    hover: reactive[int | None] = reactive(None)  # the card under the mouse (not a selection)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._hits: list[tuple[int, int, int, int, int]] = []  # x0, y0, x1, y1, index
        self.card_size = "medium"  # the size used by the last drawing
        self._styles_of: object = None  # the component styles that _memo was made from
        self._memo: dict = {}

    def _styles(self) -> dict:
        """Styles by role (and state), kept while the component styles are the same objects.

        Textual drops its own cache of them on every repaint, and a drawing needs hundreds;
        applying the stylesheet again (a theme, a class) replaces the objects, and the memo.
        """
        source = self._component_styles.get("card--face")
        if source is not self._styles_of:
            self._styles_of, self._memo = source, {}
        return self._memo

    def _raw_style(self, role: str) -> Style:
        """The role's style as the stylesheet says it (its colour not yet made legible)."""
        memo = self._styles()
        style = memo.get(("raw", role))
        if style is None:
            style = memo[("raw", role)] = self.get_component_rich_style(f"card--{role}", partial=True)
        return style

    def _alpha(self, role: str) -> float:
        """How opaque the role's colour is: its raw style leaves that out (legible.py)."""
        memo = self._styles()
        alpha = memo.get(("alpha", role))
        if alpha is None:
            alpha = memo[("alpha", role)] = opacity(self, f"card--{role}")
        return alpha

    def _style(self, role: str) -> Style:
        """The role's style, its colour readable on the widget's background (legible.py)."""
        memo = self._styles()
        style = memo.get(role)
        if style is None:
            style = memo[role] = legible(self._raw_style(role), self.background_colors[1], _minimum(role),
                                         self._alpha(role))
        return style

    def _segment_style(self, role: str, state: str) -> Style:
        memo = self._styles()
        style = memo.get((role, state))
        if style is not None:
            return style
        raw = self._raw_style
        style, colour = raw(role), role  # colour: the role whose colour the style has
        if not role.startswith("back"):
            style = raw("face") + style
        if state in ("selected", "captured", "played") and not role.startswith("back"):
            style = style + raw(state)
            if role.startswith("border"):
                style, colour = style + raw(f"{state}-border"), f"{state}-border"
        elif state == "dim":
            style = style + raw("dim")
        # readable on the card's face (its state's colour), or on the widget where it has none
        style = legible(style, self.background_colors[1], _minimum(role), self._alpha(colour))
        memo[(role, state)] = style
        return style

    def layout_items(self, items: list[Item], width: int, gap: int = 1, label_pos: str = "top",
                     lift: bool = False, spread: int = 0, height: int = 0, fan: int = 0) -> CardRows:
        """Draw ``items`` in centred rows that wrap to ``width``; labels go above (``top``) or
        below the cards.  ``spread`` lets the gap between cards grow up to that many columns
        when the row has room; ``height`` centres the rows vertically in that many lines, with
        up to two blank lines between rows where they fit.  ``fan`` lays them in one row, each
        card but the last covered by the next after ``fan`` columns (their lines already
        cropped, see :func:`fanned`), like a hand of cards held in a fan."""
        self._hits = []
        finals = self._styles().setdefault("finals", {})  # made afresh with the component styles
        if not items:
            return CardRows([], finals, self.app.ansi_theme)
        card_w = max(sum(len(t) for t, _ in line) for it in items for line in it.lines)
        card_h = max(len(it.lines) for it in items)
        per_row = max(1, (width + gap) // (card_w + gap))
        if fan:
            per_row, gap, spread = len(items), 0, 0
        if spread > gap:  # rows as even as possible, then the gap grows into the room left
            rows_n = math.ceil(len(items) / per_row)
            per_row = math.ceil(len(items) / rows_n)
            if per_row > 1:
                gap = max(gap, min(spread, (width - per_row * card_w) // (per_row - 1)))
        extra = 1 if lift else 0
        label_lines = 1 if any(it.label for it in items) else 0
        row_h = card_h + extra + label_lines
        rows_n = math.ceil(len(items) / per_row)
        row_sep = 0  # the lines between rows grow (up to 2) when the height has room
        if height and rows_n > 1:
            row_sep = max(0, min(2, (height - rows_n * row_h) // (rows_n - 1)))
        used = rows_n * row_h + (rows_n - 1) * row_sep
        top_pad = max(0, (height - used) // 2) if height else 0
        out: list[Segments] = [[] for _unused in range(top_pad)]
        y = top_pad
        for start in range(0, len(items), per_row):
            row = items[start:start + per_row]
            widths = [fan if fan and i < len(row) - 1 else card_w for i in range(len(row))]
            row_w = sum(widths) + (len(row) - 1) * gap
            left = max(0, (width - row_w) // 2)
            rows: list[Segments] = [[(" " * left, None)] for _unused in range(row_h)]
            for i, it in enumerate(row):
                item_w = widths[i]
                x = left + sum(widths[:i]) + i * gap
                top = label_lines if label_pos == "top" else 0
                offset = top + (extra - it.raise_ if lift else 0)
                label_y = 0 if label_pos == "top" else row_h - 1
                for r in range(row_h):
                    line = rows[r]
                    if i:
                        line.append((" " * gap, None))
                    if label_lines and r == label_y:
                        role = {"selected": "label-selected", "captured": "label-captured"}.get(it.state, "label")
                        style = self._style(role)
                        if self.hover == start + i:
                            style = style + self._style("label-hover")
                        line.append((_center(it.label, item_w), style))
                    elif offset <= r < offset + len(it.lines):
                        line.extend((text, self._segment_style(role, it.state)) for text, role in it.lines[r - offset])
                    else:
                        line.append((" " * item_w, None))
                self._hits.append((x, y, x + item_w, y + row_h, start + i))
            if start:
                out.extend([] for _unused in range(row_sep))
            out.extend(rows)
            y += row_h + row_sep
        return CardRows(out, finals, self.app.ansi_theme)

    def on_mouse_move(self, event: MouseMove) -> None:
        offset = event.get_content_offset(self)
        self.hover = None if offset is None else self.hit(offset.x, offset.y)

    def on_leave(self, event: Leave) -> None:
        self.hover = None

    def hit(self, x: int, y: int) -> int | None:
        for x0, y0, x1, y1, index in self._hits:
            if x0 <= x < x1 and y0 <= y < y1:
                return index
        return None

    def choose_size(self, count: int, width: int, height: int, lift: bool = False,
                    largest: str = "large") -> str:
        """The largest card size whose rows of ``count`` cards fit in ``width`` x ``height``."""
        for size in SIZE_ORDER[SIZE_ORDER.index(largest):]:
            w, h = SIZES[size]
            if size == "tiny":
                return size
            per_row = max(1, (width + 1) // (w + 1))
            rows = max(1, math.ceil(count / per_row))
            if rows * (h + 1 + (1 if lift else 0)) <= height and w <= width:
                return size
        return "tiny"


def fan_size(cards, deck: DeckStyle, width: int, height: int, largest: str,
             above: str | None = None) -> tuple[str, int]:
    """The largest card size whose fan of ``cards`` fits ``width`` x ``height`` (one row, a
    lifted card and the number line), and how many columns of each covered card show: at
    least its corner index (``7◉``, ``10♠``) and its border.  ("tiny", 0) when none fits.

    ``above``: only the sizes bigger than that one, and only a fan that hides at most a
    fifth of each card (the whole card when there is room: the step is then its width), so
    that a hand of many cards gets bigger cards than the rows of ``above`` with gaps."""
    index = 1 + max(len(deck.short(c)) for c in cards)
    sizes = SIZE_ORDER[SIZE_ORDER.index(largest):]
    if above is not None:
        sizes = sizes[:sizes.index(above)] if above in sizes else ()
    for size in sizes:
        w, h = SIZES[size]
        if size == "tiny" or h + 2 > height:
            continue
        step = (width - w) // max(1, len(cards) - 1)
        if step >= (index if above is None else max(index, w - max(1, w // 5))):
            return size, min(step, w)
    return "tiny", 0


def fanned(lines: list[Line], card: int, deck: DeckStyle, step: int) -> list[Line]:
    """A card's lines cut to its first ``step`` columns (the rest is under the next card),
    its corner index written in the first line inside the border, as on a held card."""
    out: list[Line] = []
    for n, line in enumerate(lines):
        kept: Line = []
        room = step
        for text, role in line:
            if room <= 0:
                break
            kept.append((text[:room], role))
            room -= len(text[:room])
        if n == 1 and kept:
            border = kept[0]
            kept = [(border[0][:1], border[1]), (deck.short(card).ljust(step - 1)[: step - 1], suit_role(card))]
        out.append(kept)
    return out


def _rows(count: int, width: int, size: str, gap: int) -> int:
    """How many rows ``count`` cards of ``size`` take in ``width`` with ``gap`` between them."""
    w = SIZES[size][0]
    return math.ceil(count / max(1, (width + gap) // (w + gap)))


def spread_for(size: str, small: int) -> int:
    """How far apart cards of ``size`` may spread in a wide row: big cards (large and up) up
    to a card's width, so a big terminal's table and hand do not huddle in the middle."""
    return SIZES[size][0] if size in ("large", "xlarge", "xxlarge") else small


def _center(text: str, width: int) -> str:
    text = text[:width]
    left = (width - len(text)) // 2
    return " " * left + text + " " * (width - len(text) - left)


class TableView(CardCanvas):
    """The face-up cards on the table, each with its letter; the capture set is highlighted."""

    # Rows are laid out to the width already: no wrapping to work out on every drawing.
    DEFAULT_CSS = "TableView { text-wrap: nowrap; text-overflow: clip; }"

    cards: reactive[tuple[int, ...]] = reactive(tuple)
    labels: reactive[dict[int, str]] = reactive(dict)
    selected: reactive[frozenset[int]] = reactive(frozenset)
    # the selected cards are no legal capture for the card chosen: marked in the error colour
    # of a capture being shown, not as a good choice is
    illegal: reactive[bool] = reactive(False)
    captured: reactive[frozenset[int]] = reactive(frozenset)  # an AI's capture being shown
    played: reactive[tuple[int, str] | None] = reactive(None)  # (card, who) being shown
    largest: reactive[str] = reactive("large")  # the largest card the screen's size allows
    subtitles: tuple[str, ...] = ()  # the forms of the line on the bottom border (set_subtitles)

    def set_subtitles(self, *forms: str) -> None:
        """The line on the bottom border: the first of ``forms`` (the longest first) that fits
        it whole, else the last. Cut, "a b d e f g: take a card" read "a b d e f g: take a c…"
        at 80×24."""
        self.subtitles = forms
        self._fit_subtitle()

    def _fit_subtitle(self) -> None:
        # Textual's border keeps a corner, a line and a space at either end of its label.
        room = self.outer_size.width - 6
        said = next((form for form in self.subtitles if room <= 0 or cell_len(form) <= room),
                    self.subtitles[-1] if self.subtitles else "")
        content = Content(said)  # plain text, never markup
        if self.border_subtitle != content.markup:  # (assigning redraws the table)
            self.border_subtitle = content

    def on_resize(self) -> None:
        self._fit_subtitle()

    def render(self) -> Text | CardRows:
        width, height = self.content_size.width, self.content_size.height
        if not self.cards and self.played is None:
            self._hits = []
            return Text("\n" * max(0, height // 2 - 1) + _center(_("the table is empty"), width).rstrip(),
                        style=self._style("label"))
        count = len(self.cards) + (1 if self.played else 0)
        size = self.card_size = self.choose_size(count, width, height, largest=self.largest)
        items: list[Item] = []
        for c in self.cards:
            state = (("captured" if self.illegal else "selected") if c in self.selected
                     else "captured" if c in self.captured else "")
            label = self.labels.get(c, "")
            if size == "tiny":
                lines = render_card(c, self.deck, size)
                lines = [[(f"{label}", "label")] + lines[0]]
                items.append(Item(lines, "", state, c))
            else:
                # brackets mark a chosen or taken card by its letter; the last cards going to
                # the last capturer have none (README.md, Playing): no empty "[]" over them
                text = f"[{label}]" if state and label else label
                items.append(Item(render_card(c, self.deck, size), text, state, c))
        if self.played is not None:
            card, who = self.played
            lines = render_card(card, self.deck, size)
            if size == "tiny":
                lines = [[("→", "label")] + lines[0]]
            items.append(Item(lines, "" if size == "tiny" else f"{who}", "played", card))
        self._items = items
        return self.layout_items(items, width, gap=1, label_pos="top", spread=spread_for(size, 2 if size == "tiny" else 4),
                                 height=height)

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self.hit(offset.x, offset.y)
        if index is not None and index < len(self.cards):
            self.post_message(TableCardClicked(self.cards[index]))


class HandView(CardCanvas):
    """The player's own cards, numbered 1-3; the selected one is lifted and highlighted."""

    # Rows are laid out to the width already: no wrapping to work out on every drawing.
    DEFAULT_CSS = "HandView { text-wrap: nowrap; text-overflow: clip; }"

    cards: reactive[tuple[int, ...]] = reactive(tuple)
    selected: reactive[int | None] = reactive(None)
    active: reactive[bool] = reactive(False)  # is it the player's turn
    largest: reactive[str] = reactive("large")  # the largest card the screen's size allows

    def render(self) -> Text | CardRows:
        width, height = self.content_size.width, self.content_size.height
        if not self.cards:
            self._hits = []
            return Text(_("no cards in hand"), style=self._style("label"), justify="center")
        size = self.choose_size(len(self.cards), width, height, lift=True, largest=self.largest)
        fan = 0
        if len(self.cards) > 3:  # Scopone's 10 cards: held in a fan where rows of cards are smaller
            bigger, step = fan_size(self.cards, self.deck, width, height, self.largest,
                                    above=None if size == "tiny" else size)
            if bigger != "tiny":
                size, fan = bigger, step
        self.card_size = size
        whole = fan >= SIZES[size][0]  # the cards side by side, none covered: no fan to draw
        if whole:
            fan = 0
        items = []
        last = len(self.cards) - 1
        lifted = self.deck.lifted()
        for i, c in enumerate(self.cards):
            state = "selected" if i == self.selected else ("" if self.active else "dim")
            lines = render_card(c, self.deck, size)
            if fan and i < last:
                lines = fanned(lines, c, self.deck, fan)
            key = str((i + 1) % 10)  # the key that picks it: 1-9, and 0 for Scopone's tenth card
            label = f"{lifted} {key} {lifted}" if i == self.selected and size != "tiny" and not fan else key
            items.append(Item(lines, label, state, c, raise_=1 if i == self.selected else 0))
        gap = 0 if whole else 2 if size != "tiny" else 1
        if gap == 2 and not fan and _rows(len(items), width, size, 2) > _rows(len(items), width, size, 1):
            gap = 1  # the rows choose_size counted: 10 cards in one row at 130x40, not two (one cut off)
        # centred in the hand's rows: smaller cards than the screen's leave no band under them
        return self.layout_items(items, width, gap=gap, label_pos="bottom", lift=size != "tiny",
                                 spread=spread_for(size, 4), fan=fan, height=height)

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self.hit(offset.x, offset.y)
        if index is not None:
            self.post_message(HandCardClicked(index))


@dataclass(frozen=True)
class SeatInfo:
    """What a seat around the table shows of another player."""

    seat: int
    name: str
    level: str
    cards: int  # cards in hand
    turn: bool
    dealer: bool
    thinking: bool
    team: str  # "partner" (the player's), "with Dario", or ""
    side: int  # the side's number: its colour
    pile: int = 0  # cards this seat captured this hand
    coins: int = 0
    scope: tuple[int, ...] = ()  # this seat's sweeping cards this hand
    sweeps: str = "scopa"  # what one is called: the rules' word (Escoba: "escoba"), in every language
    deal_sweeps: int = 0  # Escoba: the escobas this seat made as the dealer on the deal (no card)
    most: int = 0  # the most cards a hand holds in this game (the first deal's): the lines are laid out for it
    short_level: str = ""  # the level's shorter form, beside the backs where the level is not ("offline")


SIDE_CLASSES = {f"seat--side-{i}" for i in range(3)}


def _separator(width: int) -> str:
    """What parts a seat's words on one line: " · ", or a space in a narrow column."""
    return " " if width < 16 else " · "


class SeatView(CardCanvas):
    """One other seat at the table: name in its side's colour with the partner label, the
    dealer mark, the card backs with their count, the AI level (or "thinking…") and what the
    seat captured: pile, coins and scope.  Parts flow into as many lines as the width needs.

    Where the room is short, lines give way before the pile's: ``folded`` (set by the game
    screen on the seats above the table) puts the cards and the captures on one line where
    the width allows, and the seats of a side column too short for all their lines leave out
    the partner label (the side's colour, and the score panel, say who plays with whom), then
    the AI level.

    The seat is centred in its place, over the table or in its side column, but in the narrow
    side column of a compact screen (``size_class``, the screen's: card_render.screen_class,
    set by the game screen). On a big terminal (large and bigger) the backs are cards three
    rows high, one a card held, the count and the level beside them, where they fit: in a
    side column too short for them the backs are drawn on one line again before any line
    gives way."""

    COMPONENT_CLASSES = CARD_CLASSES | SIDE_CLASSES
    info: reactive[SeatInfo | None] = reactive(None, layout=True)
    folded: reactive[bool] = reactive(False, layout=True)
    size_class: reactive[str] = reactive("normal", layout=True)

    def _dealer_mark(self, width: int) -> tuple[str, bool]:
        """The mark after the name of a seat that deals, and whether the partner label shares
        the name's line: both chosen as the seat would read dealing and on its turn ("▶"), so
        that its lines stay put from hand to hand. At 120×40 "Carla · with Anna" read
        "Carla · deals", "with Anna" under it, when Carla dealt, every line under it moved."""
        info = self.info
        sep = _separator(width)
        # TRANSLATORS: after a seat's name: it deals this hand ("(D)": the short form, one letter).
        short = " " + _("(D)")
        marks = [short] if width < 16 else [sep + _("deals"), short]
        head = 2 + cell_len(info.name)  # "▶ " and the name
        if info.team:
            for mark in marks:
                if head + cell_len(mark) + len(sep) + cell_len(info.team) <= width:
                    return mark, True
        return next((m for m in marks if head + cell_len(m) <= width), short), False

    def _chunks(self, width: int, level: bool = True
                ) -> tuple[list[Text], bool, list[Text], list[Text], tuple[int, int]]:
        """The seat's parts in three groups (who, cards, captures), a group may wrap; whether
        the name and the partner label share a line; and the room of the word beside the backs
        (``_layout``); ``level``: with the AI level."""
        info = self.info
        side = self.get_component_rich_style(f"seat--side-{info.side % 3}", partial=True)
        turn = self._style("label-selected")
        label = self._style("label")
        who: list[Text] = []
        name = Text()
        mark, together = self._dealer_mark(width)
        if info.turn:
            name.append(self.deck.pointer(), turn)
            # the space gives way before the name: at 80×24 "▶ Car… (D)" where "▶Carla (D)" fits
            if 2 + cell_len(info.name) + (cell_len(mark) if info.dealer else 0) <= width:
                name.append(" ", turn)  # "▶ Anna" marked as one, not "▶" and "Anna" apart
        room = width - name.cell_len - (cell_len(mark) if info.dealer else 0)
        name.append(cut(info.name, room), side + (turn if info.turn else Style(bold=True)))
        if info.dealer:
            name.append(mark, label)
        who.append(name)
        if info.team:
            who.append(Text(info.team, side))
        cards: list[Text] = []
        backs = Text()
        if info.cards and self._card_backs(width):
            for _unused in range(info.cards):
                for text, role in render_back(self.deck, "tiny")[0]:
                    backs.append(text, self._style(role))
        else:
            # as many as leave room for the count: Scopone's 10 at 80×24 cut "▮▮▮▮▮▮▮▮▮…", no count
            shown = min(info.cards, max(1, width - len(f" {info.cards}")))
            backs.append(("#" if self.deck.ascii else "▮") * shown, self._style("back"))
        # "thinking…" takes the level's place where it fits there as the level does, and an empty
        # hand is "no cards" where that fits beside them: so the seat keeps its lines from turn
        # to turn.  At 80×24 each went onto a line of their own, the pile line moving down, and
        # six players' side column left out its partner labels meanwhile.  The turn's "▶" and the
        # line under the table say who thinks; the count alone says the empty hand ("0").
        sep = _separator(width)
        thinking = _("thinking…")
        with_level = level and self._level_fits(width)
        word = self._level(width)
        beside = with_level and not self._apart(width, sep, word)
        think_here = not self._apart(width, sep, thinking) if beside else cell_len(thinking) <= width
        words = max(cell_len(word), cell_len(thinking) if think_here else 0)
        room = width - (len(sep) + words if beside else 0)
        none = _("no cards")
        backs.append(f" {info.cards}" if info.cards else none if cell_len(none) <= room else "0", label)
        cards.append(backs)
        narrow = width < 16  # a side column of a small terminal: the coins and scope closer
        if info.thinking and think_here:
            cards.append(Text(thinking, turn))
        elif with_level:
            cards.append(Text(word, label))
        # beside the backs, the word has the room of the wider of the level and "thinking…": the
        # cells the wider takes beyond it, and those it takes beyond the level (see render)
        spare = (words - cards[1].cell_len, cards[1].cell_len - cell_len(word)) if beside else (0, 0)
        taken: list[Text] = [Text(_("pile {n}").format(n=info.pile), label)]
        if info.coins:
            coin = Text(self.deck.suit("d"), self._style("suit-d"))
            coin.append(f"{'' if narrow else ' '}{info.coins}", label)
            taken.append(coin)
        if info.scope or info.deal_sweeps:  # counted as the scoring counts them; the cards are the plays'
            count = sweep_count(info.sweeps, len(info.scope) + info.deal_sweeps)
            shown = info.scope if not narrow else ()
            # "1 scopa: 6c", as the hand's border and the score panel write it; the count alone
            # where no card follows
            sc = Text(labelled(count) if shown else count, self._style("star"))
            for c in shown:
                sc.append(" ")
                sc.append(self.deck.short(c), self._style(suit_role(c)))
            taken.append(sc)
        return who, together, cards, taken, spare

    def _level_fits(self, width: int) -> bool:
        """Whether the seat has an AI level and it fits the width, on a line of its own at
        least: a side column at 90×27 is 11 columns, where "medium" was left out."""
        return bool(self.info.level) and cell_len(self._level(width)) <= width

    def _level(self, width: int) -> str:
        """The AI level as the seat shows it at ``width``: its shorter form where only that fits
        beside the backs. At 100×30 a person offline at a table of three read "person · offline"
        on a line of its own, under "[░░][░░][░░] 3", where "person" had been beside them."""
        info = self.info
        sep = _separator(width)
        if info.short_level and self._apart(width, sep, info.level) and not self._apart(width, sep, info.short_level):
            return info.short_level
        return info.level

    def _level_apart(self, width: int, sep: str) -> bool:
        """Whether the AI level (and "thinking…" in its place) goes on a line of its own: where
        it would not fit beside the backs of the hand's most cards."""
        return self._level_fits(width) and self._apart(width, sep, self._level(width))

    def _apart(self, width: int, sep: str, word: str) -> bool:
        """Whether ``word`` would not fit beside the backs of the hand's most cards. Decided for
        the most, not for the cards held, so that a seat's lines stay put as its hand empties,
        and both side seats of Scopone read alike (it was "▮▮▮▮▮▮▮▮▮ 9 · easy" beside
        "▮▮▮▮▮▮▮▮▮▮ 10", the level under it)."""
        most = max(self.info.most, self.info.cards)
        back = 4 if self._card_backs(width) else 1  # as _chunks draws them
        backs = back * most + 1 + len(str(most))
        return backs + len(sep) + cell_len(word) > width

    def _card_backs(self, width: int) -> bool:
        """Whether the backs are drawn as cards ("[░░]", four columns each) at ``width``: where
        the hand's most cards fit so, not the cards held (at 80×24 a side seat's "▮▮ 2"
        turned into "[░░] 1" for its last card)."""
        return 4 * max(self.info.most, self.info.cards) + 3 <= width and not self.deck.ascii

    def _steps(self) -> list[tuple[bool, int]]:
        """The ways to lay the seat out, the fullest first: whether its backs are cards three
        rows high (on a big terminal), and how short (:meth:`_lines`)."""
        steps = [(False, 0), (False, 1), (False, 2)]
        return [(True, 0), *steps] if self.size_class not in ("compact", "normal") else steps

    def _lines(self, width: int, short: int = 0, tall: bool = False) -> list[Text]:
        """The lines at ``width``; ``short``: 1 without the partner label, 2 without the AI
        level too; ``tall``: the backs three rows high where they are cards."""
        return self._layout(width, short, tall)[0]

    def _layout(self, width: int, short: int = 0, tall: bool = False) -> tuple[list[Text], range, tuple[int, int]]:
        """:meth:`_lines`, the rows of the backs (one, or three with the count and the word
        beside them on the middle one), and the room of that word (``_chunks``)."""
        lines: list[Text] = []
        sep = _separator(width)
        who, together, cards, taken, spare = self._chunks(width, level=short < 2)
        backs_line = 0
        if self.folded:
            groups = [cards + taken]
        elif len(cards) > 1 and self._level_apart(width, sep):
            groups = [cards[:1], cards[1:], taken]
        else:
            groups = [cards, taken]
        groups[:0] = [who[:1]] if short else [who] if together else [[part] for part in who]
        for group in groups:
            if group[0] is cards[0]:
                backs_line = len(lines)
            lines.extend(flow(group, width, sep, self._style("label")))
        if not (tall and self._card_backs(width)):
            return lines, range(backs_line, backs_line + 1), spare
        # the "[░░]" of each card held (the line's first cells) as a card three rows high; an
        # empty hand keeps the rows, "no cards" on the middle one
        rows = [Text(), Text(), Text()]
        for _unused in range(self.info.cards):
            for row, parts in zip(rows, render_back(self.deck, "mini")):
                for text, role in parts:
                    row.append(text, self._style(role))
        rows[1].append_text(lines[backs_line][4 * self.info.cards:])
        lines[backs_line:backs_line + 1] = rows
        return lines, range(backs_line, backs_line + 3), spare

    def _short(self, width: int, room: int) -> tuple[bool, int]:
        """How the seats of this seat's side column, ``room`` lines high, are laid out (all of
        them ``width`` wide; see :meth:`_steps`): the fullest way where every line fits."""
        steps = self._steps()
        if not self.has_class("-side") or self.parent is None:
            return steps[0]
        seats = [s for s in self.parent.children if isinstance(s, SeatView) and s.info is not None]
        return next((step for step in steps[:-1] if sum(len(s._lines(width, step[1], step[0])) + s.styles.margin.height
                                                        for s in seats) <= room), steps[-1])

    def render(self) -> Text:
        if self.info is None:
            return Text("")
        width = max(4, self.content_size.width)
        for tall, short in self._steps():  # the fullest way that fits (see _short)
            lines, backs, (more, less) = self._layout(width, short, tall)
            if len(lines) <= self.content_size.height or not (tall or self.has_class("-side")):
                break
        lines = lines[: max(1, self.content_size.height)]
        if self.has_class("-top") or self.size_class != "compact":  # centred in its place
            # the name's line as if without the turn's "▶ ", the mark before it: so the name
            # stays in its place when the seat's turn comes (it moved a column left and back);
            # the backs' line as with the AI level, where the wider word fits after it: so the
            # backs stay in place when "thinking…" comes and goes (they moved two columns)
            mark = len(lines[0].plain) - len(lines[0].plain.lstrip(self.deck.pointer() + " ")) if self.info.turn else 0

            def indent(y: int, line: Text) -> int:
                if y == 0:
                    return (width - line.cell_len + mark) // 2 - mark
                if y in backs:  # the rows of the backs as the one with the count
                    wide = lines[backs[len(backs) // 2]].cell_len
                    return min((width - wide + less) // 2, width - wide - more)
                return (width - line.cell_len) // 2

            lines = [Text(" " * max(0, indent(y, line))) + line for y, line in enumerate(lines)]
        return Text("\n").join(lines)

    def get_content_height(self, container, viewport, width: int) -> int:
        if self.info is None:
            return 1
        width = max(4, width)
        # the container is the column less this seat's margin
        tall, short = self._short(width, container.height + self.styles.margin.height)
        return len(self._lines(width, short, tall))
