"""The side panel: each side's score against the target and its capture pile, and the play log."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import RichLog

from ..card_render import DeckStyle, card_tokens, suit_role


@dataclass(frozen=True)
class SideInfo:
    name: str
    total: int
    pile: int  # cards captured this hand
    coins: int
    scope_cards: tuple[int, ...]  # the sweeping cards of this hand
    settebello: bool
    mine: bool


class ScoreBoard(Widget):
    """Running score per side versus the target, and each side's capture pile this hand."""

    COMPONENT_CLASSES = {"score--name", "score--mine", "score--total", "score--pile", "score--scopa",
                         "score--bar", "score--bar-empty", "card--suit-d", "card--suit-c", "card--suit-s",
                         "card--suit-b"}
    sides: reactive[tuple[SideInfo, ...]] = reactive(tuple, layout=True)
    target: reactive[int] = reactive(11)
    deck: reactive[DeckStyle] = reactive(DeckStyle)

    def _s(self, name: str):
        return self.get_component_rich_style(name, partial=True)

    def render(self) -> Text:
        width = max(10, self.content_size.width)
        out = []
        for side in self.sides:
            head = Text()
            head.append(side.name, self._s("score--mine" if side.mine else "score--name"))
            score = f"{side.total}/{self.target}"
            head.append(" " * max(1, width - len(side.name) - len(score)))
            head.append(score, self._s("score--total"))
            out.append(head)
            bar_w = max(4, width)
            filled = min(bar_w, round(bar_w * side.total / max(1, self.target)))
            bar = Text()
            bar.append("━" * filled, self._s("score--bar"))
            bar.append("─" * (bar_w - filled), self._s("score--bar-empty"))
            out.append(bar)
            pile = Text("  ")
            pile.append(f"pile {side.pile:>2}", self._s("score--pile"))
            pile.append(f" · {self.deck.suit('d')} {side.coins}", self._s("score--pile"))
            if side.settebello:
                pile.append(f" · {self.deck.star()}7", self._s("score--scopa"))
            out.append(pile)
            if side.scope_cards:
                sc = Text("  ")
                sc.append(f"scope {len(side.scope_cards)}:", self._s("score--scopa"))
                for c in side.scope_cards:
                    sc.append(" ")
                    sc.append(self.deck.short(c), self._s(f"card--{suit_role(c)}"))
                out.append(sc)
        return Text("\n").join(out)

    def get_content_height(self, container, viewport, width: int) -> int:
        return sum(3 + (1 if s.scope_cards else 0) for s in self.sides) or 1


def styled_text(text: str, deck: DeckStyle, styler) -> Text:
    """Engine text with card notation ("7d") shown in the deck style and coloured by suit."""
    out = Text()
    for part, card in card_tokens(text, deck):
        if card is None:
            out.append(part)
        else:
            out.append(part, styler(card))
    return out


class PlayLog(RichLog):
    """Recent plays, newest at the bottom; a taller terminal shows more of them."""

    COMPONENT_CLASSES = {"card--suit-d", "card--suit-c", "card--suit-s", "card--suit-b", "log--scopa",
                         "log--hand"}

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, max_lines=200, auto_scroll=True, min_width=16, **kwargs)
        self.can_focus = False
        self.texts: list[str] = []  # every line added, as plain text (cards in engine notation)

    def add(self, text: str, deck: DeckStyle, kind: str = "") -> None:
        self.texts.append(text)
        line = styled_text(text, deck, lambda c: self.get_component_rich_style(f"card--{suit_role(c)}",
                                                                                partial=True))
        if kind:
            line.stylize(self.get_component_rich_style(f"log--{kind}", partial=True))
        self.write(line)
