"""Widgets that draw cards: the table, the player's hand and the opponents' card backs.

They are given plain data through reactive attributes by the game screen (which reads
engine events and the Game's public API) and redraw in place; clicks are posted as
messages.  Card shapes come from :mod:`..card_render`; colours from the component
classes below, styled in game.tcss.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.events import Click, Leave, MouseMove
from textual.reactive import reactive
from textual.widget import Widget

from ..card_render import SIZE_ORDER, SIZES, DeckStyle, Line, render_back, render_card
from ..messages import HandCardClicked, TableCardClicked

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


class CardCanvas(Widget):
    """Lays out card items in rows that wrap to the widget's width, with hit boxes for clicks."""

    COMPONENT_CLASSES = CARD_CLASSES
    deck: reactive[DeckStyle] = reactive(DeckStyle)
    hover: reactive[int | None] = reactive(None)  # the card under the mouse (not a selection)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._hits: list[tuple[int, int, int, int, int]] = []  # x0, y0, x1, y1, index
        self.card_size = "medium"  # the size used by the last drawing

    def _style(self, role: str) -> Style:
        return self.get_component_rich_style(f"card--{role}", partial=True)

    def _segment_style(self, role: str, state: str) -> Style:
        style = self._style(role)
        if not role.startswith("back"):
            style = self._style("face") + style
        if state in ("selected", "captured", "played") and not role.startswith("back"):
            style = style + self._style(state)
            if role.startswith("border"):
                style = style + self._style(f"{state}-border")
        elif state == "dim":
            style = style + self._style("dim")
        return style

    def layout_items(self, items: list[Item], width: int, gap: int = 1, label_pos: str = "top",
                     lift: bool = False) -> Text:
        """Draw ``items`` wrapped into rows; labels go above (``top``) or below the cards."""
        self._hits = []
        if not items:
            return Text("")
        card_w = max(sum(len(t) for t, _ in line) for it in items for line in it.lines)
        card_h = max(len(it.lines) for it in items)
        per_row = max(1, (width + gap) // (card_w + gap))
        out = Text()
        y = 0
        first_row = True
        for start in range(0, len(items), per_row):
            row = items[start:start + per_row]
            extra = 1 if lift else 0
            label_lines = 1 if any(it.label for it in items) else 0
            height = card_h + extra + label_lines
            rows: list[Text] = [Text() for _ in range(height)]
            for i, it in enumerate(row):
                x = i * (card_w + gap)
                top = label_lines if label_pos == "top" else 0
                offset = top + (extra - it.raise_ if lift else 0)
                label_y = 0 if label_pos == "top" else height - 1
                for r in range(height):
                    seg = Text()
                    if label_lines and r == label_y:
                        role = {"selected": "label-selected", "captured": "label-captured"}.get(it.state, "label")
                        style = self._style(role)
                        if self.hover == start + i:
                            style = style + self._style("label-hover")
                        seg.append(_center(it.label, card_w), style)
                    elif offset <= r < offset + len(it.lines):
                        for text, role in it.lines[r - offset]:
                            seg.append(text, self._segment_style(role, it.state))
                    else:
                        seg.append(" " * card_w)
                    if i:
                        rows[r].append(" " * gap)
                    rows[r].append_text(seg)
                self._hits.append((x, y, x + card_w, y + height, start + i))
            if not first_row:
                out.append("\n")
            out.append_text(Text("\n").join(rows))
            y += height
            first_row = False
        return out

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
            if rows * (h + 1 + (1 if lift else 0)) <= height:
                return size
        return "tiny"


def _center(text: str, width: int) -> str:
    text = text[:width]
    left = (width - len(text)) // 2
    return " " * left + text + " " * (width - len(text) - left)


class TableView(CardCanvas):
    """The face-up cards on the table, each with its letter; the capture set is highlighted."""

    cards: reactive[tuple[int, ...]] = reactive(tuple)
    labels: reactive[dict[int, str]] = reactive(dict)
    selected: reactive[frozenset[int]] = reactive(frozenset)
    captured: reactive[frozenset[int]] = reactive(frozenset)  # an AI's capture being shown
    played: reactive[tuple[int, str] | None] = reactive(None)  # (card, who) being shown

    def render(self) -> Text:
        width, height = self.content_size.width, self.content_size.height
        if not self.cards and self.played is None:
            self._hits = []
            return Text("the table is empty", style=self._style("label"), justify="center")
        count = len(self.cards) + (1 if self.played else 0)
        size = self.card_size = self.choose_size(count, width, height)
        items: list[Item] = []
        for c in self.cards:
            state = "selected" if c in self.selected else "captured" if c in self.captured else ""
            label = self.labels.get(c, "")
            if size == "tiny":
                lines = render_card(c, self.deck, size)
                lines = [[(f"{label}", "label")] + lines[0]]
                items.append(Item(lines, "", state, c))
            else:
                text = f"[{label}]" if state else label
                items.append(Item(render_card(c, self.deck, size), text, state, c))
        if self.played is not None:
            card, who = self.played
            lines = render_card(card, self.deck, size)
            if size == "tiny":
                lines = [[("→", "label")] + lines[0]]
            items.append(Item(lines, "" if size == "tiny" else f"{who}", "played", card))
        self._items = items
        return self.layout_items(items, width, gap=1 if size != "tiny" else 1, label_pos="top")

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self.hit(offset.x, offset.y)
        if index is not None and index < len(self.cards):
            self.post_message(TableCardClicked(self.cards[index]))


class HandView(CardCanvas):
    """The player's own cards, numbered 1-3; the selected one is lifted and highlighted."""

    cards: reactive[tuple[int, ...]] = reactive(tuple)
    selected: reactive[int | None] = reactive(None)
    active: reactive[bool] = reactive(False)  # is it the player's turn

    def render(self) -> Text:
        width, height = self.content_size.width, self.content_size.height
        if not self.cards:
            self._hits = []
            return Text("no cards in hand", style=self._style("label"), justify="center")
        size = self.card_size = self.choose_size(len(self.cards), width, height, lift=True)
        items = []
        for i, c in enumerate(self.cards):
            state = "selected" if i == self.selected else ("" if self.active else "dim")
            lines = render_card(c, self.deck, size)
            label = f"▲ {i + 1} ▲" if i == self.selected and size != "tiny" else str(i + 1)
            items.append(Item(lines, label, state, c, raise_=1 if i == self.selected else 0))
        gap = 2 if size != "tiny" else 1
        return self.layout_items(items, width, gap=gap, label_pos="bottom", lift=size != "tiny")

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self.hit(offset.x, offset.y)
        if index is not None:
            self.post_message(HandCardClicked(index))


@dataclass(frozen=True)
class SeatInfo:
    """What the opponents bar shows of one other seat."""

    seat: int
    name: str
    level: str
    cards: int
    turn: bool
    dealer: bool
    thinking: bool
    team: str  # "your partner", "with Dario", or ""


class OpponentsBar(CardCanvas):
    """Every other seat: name, AI level, card backs with the count, dealer, turn and thinking."""

    seats: reactive[tuple[SeatInfo, ...]] = reactive(tuple)

    def render(self) -> Text:
        width = self.content_size.width
        if not self.seats:
            return Text("")
        n = len(self.seats)
        col = max(8, width // n)
        compact = col < 16
        lines = [Text(), Text(), Text()]
        for info in self.seats:
            name = Text()
            lead = ("▶" if info.turn else " ") + ("" if compact else " ")
            name.append(lead, self._style("label-selected") if info.turn else Style())
            name.append(info.name, self._style("label-selected") if info.turn else self._style("label"))
            if info.dealer:
                name.append(" D" if compact else " (D)" if col < 22 else " · dealer", self._style("label"))
            backs = Text(" " if compact else "  ")
            if compact or 2 + 4 * info.cards + 3 > col - 1:
                backs.append(("#" if self.deck.ascii else "▮") * info.cards, self._style("back"))
            else:
                for _ in range(info.cards):
                    for text, role in render_back(self.deck, "tiny")[0]:
                        backs.append(text, self._style(role))
            backs.append(f" {info.cards}" if info.cards else " no cards", self._style("label"))
            status = Text(" " if compact else "  ")
            if info.thinking:
                status.append("thinking…", self._style("label-selected"))
            else:
                status.append(info.level, self._style("label"))
            if info.team and info.team.startswith("your"):
                status = Text(" " if compact else "  ")
                status.append("partner" if compact else info.team, self._style("label-captured"))
                if not info.thinking and len(info.team) + len(info.level) + 5 <= col:
                    status.append(f" · {info.level}", self._style("label"))
                elif info.thinking:
                    status.append(" · thinking…" if not compact else "…", self._style("label-selected"))
            elif info.team and status.cell_len + len(info.team) + 3 <= col - 1:
                status.append(f" · {info.team}", self._style("label"))
            for line, part in zip(lines, (name, backs, status)):
                part.truncate(col - 1)
                part.pad_right(col - part.cell_len)
                line.append_text(part)
        return Text("\n").join(lines)
