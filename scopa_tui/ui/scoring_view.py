"""The scoring of one hand as one table, drawn by the end-of-hand screen and the replay viewer.

One column per side; rows for cards, coins, settebello, primiera and scope, then the
hand's points and the running totals.  The side that took a point has its cell
highlighted with a mark in the narrow column before it, so no value moves; each point's
reason is in the table itself, and a line under it says only what the table cannot:
a tie for a point, a last card that swept the table without scoring a scopa, the
leftover cards, and whether the game goes on, is tied at the target, or is won.

The words and the layout are plain functions of a :class:`~..engine.HandScore` (the
engine's ``hand_end``, docs/record-format.md); :class:`ScoringView` adds the theme's
colours.
"""

from __future__ import annotations

from collections.abc import Callable

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.widget import Widget

from ..engine import CATEGORY_NAMES, HandScore, SideScore
from ..engine.cards import COINS_MASK, SETTEBELLO
from .card_render import DeckStyle, suit_role

LABEL_WIDTH = 11  # "Settebello" and a space
MARK_WIDTH = 3  # the mark and the table's column separator (a space) each side of it
PRIMIERA_WIDTH = 17  # "7◉ 7Ʊ 6† 5♣ = 75"

# Styles of the parts of the table, by role; ScoringView maps them to the theme.
Styler = Callable[[str], Style]
ROLES = ("won", "mark", "label", "note", "outcome", "suit-d", "suit-c", "suit-s", "suit-b")


def _plain(role: str) -> Style:
    return Style(bold=True) if role in ("won", "mark", "label", "outcome") else Style()


def _possessive(name: str) -> str:
    return "Your" if name == "You" else f"{name}'s"


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _cards(cards, deck: DeckStyle, style: Styler) -> Text:
    """Cards in the deck's short form, each coloured by its suit."""
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" ")
        out.append(deck.short(card), style(suit_role(card)))
    return out


def primiera_cell(side: SideScore, deck: DeckStyle, style: Styler = _plain) -> Text:
    """``7◉ 7Ʊ 6† 5♣ = 75``, or the missing suits (``no Spade``), in the deck's words."""
    if side.primiera is None:
        if not side.captured:
            return Text("no cards")
        return Text("no " + _join([deck.suit_word(s) for s in side.missing_suits]).replace(" and ", " or "))
    text = _cards(side.primiera_cards, deck, style)
    text.append(f" = {side.primiera}")
    return text


def outcome(score: HandScore, side_names: list[str], target: int) -> str:
    """Where the game stands after this hand: won, tied at the target, or going on."""
    totals = list(score.totals)
    if not totals:
        return ""
    best = max(totals)
    leaders = [i for i, t in enumerate(totals) if t == best]
    if best < target:
        return f"First to {target} wins."
    if len(leaders) > 1:
        if len(leaders) < len(totals):
            return f"{_join([side_names[i] for i in leaders])} tied at {best} (target {target}): one more hand."
        return f"Tied at {best} (target {target}): one more hand."
    name = side_names[leaders[0]]
    verb = "win" if name == "You" or " & " in name else "wins"
    if len(totals) == 2:
        return f"{name} {verb} the game, {totals[leaders[0]]} to {totals[1 - leaders[0]]}."
    others = sorted((i for i in range(len(totals)) if i != leaders[0]), key=lambda i: -totals[i])
    rest = ", ".join(f"{side_names[i]} {totals[i]}" for i in others)
    return f"{name} {verb} the game, {totals[leaders[0]]} ({rest})."


def notes(score: HandScore, side_names: list[str], deck: DeckStyle,
          style: Styler = _plain) -> list[tuple[str, Text]]:
    """(label, text) for what the table cannot show: ties, a last-card sweep, leftovers."""
    out: list[tuple[str, Text]] = []
    values = {"cards": [s.cards for s in score.sides], "coins": [s.coins for s in score.sides],
              "primiera": [s.primiera for s in score.sides]}
    labels = {"cards": "Cards", "coins": deck.suit_word("d"), "settebello": "Settebello",
              "primiera": "Primiera"}
    for award in score.awards:
        if award.side is not None:
            continue
        if award.point == "settebello":
            out.append((labels["settebello"], Text(f"{deck.card_name(SETTEBELLO)} stayed on the table: no point")))
            continue
        if award.point not in values:  # a variant's point (setenta, napola, re bello): the engine's words
            out.append((CATEGORY_NAMES.get(award.point, award.point).capitalize(), Text(award.reason)))
            continue
        present = [v for v in values[award.point] if v is not None]
        if not present:
            out.append((labels[award.point], Text("nobody has all four suits: no point")))
            continue
        best = max(present)
        tied = [side_names[i] for i, v in enumerate(values[award.point]) if v == best]
        who = "tie" if len(tied) == len(score.sides) else f"{_join(tied)} tie"
        out.append((labels[award.point], Text(f"{who} at {best}: no point")))
    if score.last_sweep is not None:
        out.append(("Last play", Text(f"{_possessive(side_names[score.last_sweep])} last card swept the "
                                      "table: no scopa on the last play")))
    if score.leftover:
        text = _cards(score.leftover, deck, style)
        if score.leftover_to is not None:
            text.append(f" went to {side_names[score.leftover_to]}, the last to capture")
        else:
            text.append(" stay on the table: nobody captured")
        out.append(("Leftovers", text))
    return out


def _coin_cards(side: SideScore) -> list[int]:
    return [c for c in side.captured if 1 << c & COINS_MASK]


def value_width(total: int, sides: int) -> int:
    """The width of each side's value column in a table ``total`` cells wide."""
    return max(PRIMIERA_WIDTH, (total - LABEL_WIDTH) // sides - MARK_WIDTH)


class HandTable:
    """The scoring table and its notes, laid out for the width Rich gives it.

    Wide enough, the coins row also lists each side's coins.
    """

    def __init__(self, score: HandScore, side_names: list[str], deck: DeckStyle, target: int,
                 style: Styler = _plain) -> None:
        self.score, self.side_names, self.deck, self.target = score, side_names, deck, target
        self.style = style

    def table(self, width: int) -> Table:
        score, deck, st = self.score, self.deck, self.style
        n = len(score.sides)
        value_w = value_width(width, n)
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=0,
                      collapse_padding=True, expand=False, border_style=st("note"))
        table.add_column("", width=LABEL_WIDTH, no_wrap=True, style=st("label"))
        for name in self.side_names[:n]:
            table.add_column("", width=1, no_wrap=True)
            table.add_column(Text(name, style=st("label")), width=value_w, overflow="fold")
        won = {a.point: a.side for a in score.awards}
        mark = ">" if deck.ascii else "▶"

        def row(label: str, cells: list[Text], point: str | None = None,
                winners: set[int] | None = None) -> None:
            taken = winners if winners is not None else {won.get(point)} if point else set()
            out: list[Text | str] = [label]
            for i, cell in enumerate(cells):
                if i in taken:
                    cell.stylize(st("won"))
                    out += [Text(mark, style=st("mark")), cell]
                else:
                    out += ["", cell]
            table.add_row(*out)

        sides = score.sides
        row("Cards", [Text(str(s.cards)) for s in sides], "cards")
        coins = []
        detail = all(len(f"{s.coins}  ") + 3 * len(_coin_cards(s)) <= value_w for s in sides)
        for s in sides:
            cell = Text(str(s.coins))
            if detail and s.coins:
                cell.append("  ")
                cell.append_text(_cards(_coin_cards(s), deck, st))
            coins.append(cell)
        row(deck.suit_word("d"), coins, "coins")
        row("Settebello", [Text(deck.card_name(SETTEBELLO)) if s.settebello else Text("—", style=st("note"))
                           for s in sides], "settebello")
        row("Primiera", [primiera_cell(s, deck, st) for s in sides], "primiera")
        scope = []
        for s in sides:
            cell = Text(str(s.scope))
            if s.scope_cards:
                cell.append("  ")
                cell.append_text(_cards(s.scope_cards, deck, st))
            scope.append(cell)
        row("Scope", scope, winners={s.side for s in sides if s.scope})
        table.add_section()
        row("This hand", [Text(f"+{s.points}") for s in sides])
        best = max(score.totals) if score.totals else 0
        leaders = {i for i, t in enumerate(score.totals) if t == best}
        row("Total", [Text(str(t)) for t in score.totals],
            winners=leaders if best >= self.target and len(leaders) == 1 else set())  # the game's winner
        return table

    def lines(self) -> Table:
        grid = Table.grid(padding=0)
        grid.add_column(width=LABEL_WIDTH + MARK_WIDTH, no_wrap=True, style=self.style("label"))
        grid.add_column(ratio=1)
        for label, text in notes(self.score, self.side_names, self.deck, self.style):
            grid.add_row(label, text)
        result = outcome(self.score, self.side_names, self.target)
        if result:
            grid.add_row("", Text(result, style=self.style("outcome")))
        return grid

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Group(self.table(options.max_width), Text(""), self.lines())


class _Themed(Widget):
    """A widget whose Rich styles come from the ``scoring--*`` component classes (scoring.tcss)."""

    COMPONENT_CLASSES = {f"scoring--{role}" for role in ROLES}

    def _style(self, role: str) -> Style:
        return self.get_component_rich_style(f"scoring--{role}", partial=True)


class ScoringView(_Themed):
    """A :class:`HandTable` in the theme's colours."""

    DEFAULT_CSS = "ScoringView { height: auto; }"

    def __init__(self, score: HandScore | None = None, side_names: list[str] | None = None,
                 deck: DeckStyle | None = None, target: int = 11, **kwargs) -> None:
        super().__init__(**kwargs)
        self.score, self.side_names, self.deck, self.target = score, side_names or [], deck or DeckStyle(), target

    def show(self, score: HandScore, side_names: list[str], deck: DeckStyle, target: int) -> None:
        self.score, self.side_names, self.deck, self.target = score, side_names, deck, target
        self.refresh(layout=True)

    def render(self) -> HandTable | Text:
        if self.score is None:
            return Text("")
        return HandTable(self.score, self.side_names, self.deck, self.target, self._style)


def hands_table(scores: list[HandScore], side_names: list[str], winner: int | None,
                style: Styler = _plain, part: str = "all") -> Table:
    """Every hand's points and the running total of each side, in aligned columns.

    Each side's cell is its points then its total (``+3    9``), both right-aligned, so
    the numbers stand in columns; the winner's final total is marked and highlighted.
    ``part`` is ``all``, ``head`` (the column names only) or ``rows`` (the rest): the
    columns have fixed widths, so a head drawn above a scrolled list of rows lines up.
    """
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 2), expand=False,
                  border_style=style("note"), show_header=part != "rows")
    table.add_column("Hand", justify="right", style=style("label"), width=len("Final"))
    for name in side_names:
        table.add_column(Text(name, style=style("label")), justify="right", width=max(9, len(name)))
    if part == "head":
        return table

    def cell(points: str, total: str) -> str:
        return f"{points:>3}  {total:>4}"

    for s in scores:
        table.add_row(str(s.hand), *[cell(f"+{p}", str(t)) for p, t in zip(s.points, s.totals)])
    if scores:
        table.add_section()
        final: list[Text | str] = [Text("Final", style=style("label"))]
        for i, t in enumerate(scores[-1].totals):
            if i == winner:
                final.append(Text.assemble(("▶", style("mark")), (cell("", str(t))[1:], style("won"))))
            else:
                final.append(Text(cell("", str(t)), style=style("label")))
        table.add_row(*final)
    return table


class HandsView(_Themed):
    """:func:`hands_table` in the theme's colours (the game-over screen)."""

    DEFAULT_CSS = "HandsView { height: auto; width: auto; }"

    def __init__(self, scores: list[HandScore], side_names: list[str], winner: int | None,
                 part: str = "all", **kwargs) -> None:
        super().__init__(**kwargs)
        self.scores, self.side_names, self.winner, self.part = scores, side_names, winner, part

    def render(self) -> Table:
        return hands_table(self.scores, self.side_names, self.winner, self._style, self.part)
