"""Column widths that fit a table into the screen's width: the widest columns that may wrap
onto more lines are narrowed first, never below their longest unbroken piece.

A cell is a list of *pieces*, the parts of its text that stay on one line (a word, a
bracketed group like "(teams)", an opponent's level like "al azar +"): a narrowed column
puts as many pieces on each line as fit.  Pure arithmetic on cell widths (no widget), used
by the history's table so that it needs no horizontal scrollbar at 80 columns in any
language (README.md, History and replay).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.cells import cell_len

Cell = Sequence[str]  # its pieces, shown joined by spaces

_PIECE = re.compile(r"\([^)]*\)|\S+")  # a bracketed group, else a word


def pieces(text: str) -> list[str]:
    """A text's pieces: its words, each bracketed group whole ("4 (a squadre)" breaks
    before "(a squadre)" only)."""
    return _PIECE.findall(text)


def one_line(cell: Cell) -> str:
    return " ".join(cell)


def natural_width(header: str, cells: Sequence[Cell]) -> int:
    """The width a column takes on one line: its header's or its widest cell's."""
    return max([cell_len(header), *(cell_len(one_line(c)) for c in cells)])


def narrowest_width(header: str, cells: Sequence[Cell]) -> int:
    """The width below which a column would cut something: its header's (it keeps one
    line) or its longest piece's."""
    return max([cell_len(header), *(cell_len(p) for c in cells for p in c)])


def fit_widths(natural: Sequence[int], narrowest: Sequence[int], groups: Sequence[Sequence[int]],
               room: int, padding: int = 0) -> list[int]:
    """Widths of the columns (their content, without ``padding`` cells on each side) whose
    sum fits ``room``: the columns of ``groups[0]`` are narrowed first, the widest of them one
    cell at a time, then those of ``groups[1]``, and so on; columns in no group keep their
    natural width.  When even the narrowest widths do not fit, those (the table scrolls)."""
    widths = list(natural)
    excess = sum(widths) + 2 * padding * len(widths) - room
    for group in groups:
        while excess > 0:
            wider = [i for i in group if widths[i] > narrowest[i]]
            if not wider:
                break
            widest = max(wider, key=lambda i: widths[i])
            widths[widest] -= 1
            excess -= 1
    return widths


def wrapped(cell: Cell, width: int) -> str:
    """The cell's lines for a column ``width`` cells wide: as many pieces on each as fit."""
    lines: list[str] = []
    for piece in cell:
        if lines and cell_len(lines[-1]) + 1 + cell_len(piece) <= width:
            lines[-1] += " " + piece
        else:
            lines.append(piece)
    return "\n".join(lines)
