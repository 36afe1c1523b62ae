"""The new-game form's guide to the AI levels, under the Opponents box: each level, who plays
it, and a line on how it plays:

    medium · Anna
      counts the cards and leaves few sweeps

As the room allows: a blank line between the levels; none; each level's line after its name
("medium · Anna: counts the cards…"); then the same for the levels the seats play only
(README.md, the new-game screen).
"""

from __future__ import annotations

from rich._wrap import divide_line
from textual.content import Content
from textual.widget import Widget

from ...engine.text import _

INDENT = 2  # a level's line, and a long name's next lines, start two cells in

Line = list[tuple[str, str]]  # (text, component class) pieces


def block(pieces: Line, width: int, hanging: bool) -> list[Line]:
    """``pieces`` wrapped in ``width`` cells (where wrapping.py breaks lines), every line
    indented, or (``hanging``) every line but the first."""
    text = "".join(part for part, _role in pieces)
    first = (divide_line(text, max(1, width), fold=True) or [len(text)])[0] if hanging else 0
    starts = [0, *([first] if 0 < first < len(text) else []),
              *(first + at for at in divide_line(text[first:], max(1, width - INDENT), fold=True))]
    lines = []
    for n, (a, b) in enumerate(zip(starts, [*starts[1:], len(text)])):
        line: Line = [(" " * INDENT, "")] if n or not hanging else []
        at = 0
        for part, role in pieces:
            piece = part[max(0, a - at):max(0, b - at)]
            if piece:
                line.append((piece, role))
            at += len(part)
        line[-1] = (line[-1][0].rstrip(), line[-1][1])
        lines.append(line)
    return lines


class LevelGuide(Widget):
    """``levels``: (name, what it plays like) pairs; :meth:`show` says who plays each."""

    DEFAULT_CSS = """
    LevelGuide {
        text-wrap: nowrap;  /* wrapped here, where its rows are counted */
        overflow: hidden hidden;
        & > .levels--name { text-style: bold; }
        & > .levels--seats { color: $text-primary; }
        & > .levels--line { color: $text-muted; }
    }
    """
    COMPONENT_CLASSES = {"levels--name", "levels--seats", "levels--line"}

    def __init__(self, levels: list[tuple[str, str]], *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.levels = levels
        self.seats: list[str] = ["" for _level in levels]

    def show(self, seats: list[str]) -> None:
        """``seats``: for each level, the names of the seats that play it ("Anna, Carla")."""
        if seats != self.seats:
            self.seats = seats
            self.refresh()

    def layout(self, width: int, rows: int) -> list[Line]:
        """The lines shown in ``width`` × ``rows``: the first way that fits, of the module's."""
        shown: list[Line] = []
        for played in (False, True):
            levels = [(name, line, seats) for (name, line), seats in zip(self.levels, self.seats)
                      if seats or not played]
            for inline in (False, True):
                entries = []
                for name, line, seats in levels:
                    head: Line = [(name, "levels--name"), *([(f" · {seats}", "levels--seats")] if seats else [])]
                    if inline:  # the colon as the language writes it (French: " : ")
                        colon = _("{rule}: {what}").format(rule="", what="")
                        entries.append(block([*head, (colon + line, "levels--line")], width, hanging=True))
                    else:
                        entries.append([*block(head, width, hanging=True),
                                        *block([(line, "levels--line")], width, hanging=False)])
                for spaced in (True, False)[inline:]:  # inline, never spaced
                    shown = [line for i, entry in enumerate(entries)
                             for line in [*([[]] if i and spaced else []), *entry]]
                    if len(shown) <= rows:
                        return shown
        return shown

    def render(self) -> Content:
        lines = self.layout(self.content_size.width, self.content_size.height)
        parts: list = []
        for n, line in enumerate(lines):
            if n:
                parts.append("\n")
            parts += [(text, self.get_visual_style(role)) if role else text for text, role in line]
        return Content.assemble(*parts)
