"""The scoring of one hand as one table, drawn by the end-of-hand screen and the replay viewer.

One column per side; rows for cards, coins, settebello, primiera and scope, then the
hand's points and the running totals.  The side that took a point has its cell
highlighted with a mark in the narrow column before it, so no value moves; each point's
reason is in the table itself, and a line under it says only what the table cannot:
a tie for a point, a last card that swept the table without scoring a scopa, the
leftover cards, and whether the game goes on, is tied at the target, or is won.

The words and the layout are plain functions of a :class:`~..engine.HandScore` (the
engine's ``hand_end``, docs/record-format.md); :class:`ScoringView` adds the theme's
colours.  Every word is made when the table is drawn, in the language in use then, so a
redraw after a change of language says it all in the new one.
"""

from __future__ import annotations

from collections.abc import Callable

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.style import Style
from rich.table import Table
from rich.text import Span, Text
from textual.widget import Widget

from ..engine import CATEGORY_NAMES, HandScore, SideScore
from ..engine.cards import CARDS, COINS_MASK, SETTEBELLO, card
from ..engine.text import _, ngettext, pgettext
from ..engine.words import both_sides, elides, is_your_side, neither, side_score
from ..store.words import deal_sweeps_word
from ..table.base import YOU
from .card_render import DeckStyle, render_mini, suit_role
from .widgets.legible import legible, opacity
from .wrapping import glued

LABEL_WIDTH = 11  # "Settebello" and a space (translations of the labels fit in 10)
RE_BELLO = card(10, "d")  # the King of coins: the re bello
MARK_WIDTH = 3  # the mark and the table's column separator (a space) each side of it
PRIMIERA_WIDTH = 17  # "7◉ 7Ʊ 6† 5♣ = 75"
ROOMY_LABEL_WIDTH = 19  # on a big terminal: "Primiera" over "best card per suit"

# Styles of the parts of the table, by role; ScoringView maps them to the theme.
Styler = Callable[[str], Style]
ROLES = ("won", "mark", "label", "note", "outcome", "suit-d", "suit-c", "suit-s", "suit-b")


def _plain(role: str) -> Style:
    return Style(bold=True) if role in ("won", "mark", "label", "outcome") else Style()


def _is_you(name: str) -> bool:
    """Whether a side's name is the player alone ("You", in the language in use)."""
    return name == _(YOU)


def _pairs(score: HandScore) -> bool:
    """Whether the hand's sides are pairs of partners."""
    return len(score.sides[0].seats) > 1


def _with_cards(template: str) -> tuple[Text, Text]:
    """A translated message around ``{cards}``, as the text before and after the cards."""
    before, _sep, after = template.partition("{cards}")
    return Text(before), Text(after)


def _cards(cards, deck: DeckStyle, style: Styler) -> Text:
    """Cards in the deck's short form, each coloured by its suit."""
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" ")
        out.append(deck.short(card), style(suit_role(card)))
    return out


def _on(cell: Text, style: Style) -> None:
    """``cell`` drawn in ``style``, a point won's: its colour under the cell's own (a suit, a
    note), which are made readable on its background too (widgets/legible.py): they were on
    the panel's.  The background goes under the words only, not the column's width."""
    def readable(part: str | Style) -> Style:
        return legible(part if isinstance(part, Style) else Style.parse(part), style.bgcolor)

    cell.style = Style(color=style.color) + readable(cell.style)
    cell.spans[:] = [Span(span.start, span.end, readable(span.style)) for span in cell.spans]
    cell.stylize(style.without_color + Style(bgcolor=style.bgcolor))


def primiera_cell(side: SideScore, deck: DeckStyle, style: Styler = _plain) -> Text:
    """``7◉ 7Ʊ 6† 5♣ = 75``, or the missing suits (``no Spade``), in the deck's words."""
    if side.primiera is None:
        if not side.captured:
            return Text(_("no cards"))
        # TRANSLATORS: the primiera of a side lacking a suit: {suits} "Spade" or "Spade or Bastoni".
        return Text(_("no {suits}").format(suits=neither([deck.suit_word(s) for s in side.missing_suits])))
    text = _cards(side.primiera_cards, deck, style)
    text.append(f" = {side.primiera}")
    return text


def _won(name: str, result: str, pair: bool) -> str:
    """``"Anna wins the game, 11 to 7."``, by who won (the player, the player's side, another;
    ``pair``: a side of partners)."""
    if _is_you(name):
        # TRANSLATORS: {result} is "11 to 7", or with three sides "11 (Anna: 5, Bruno: 3)".
        return _("You win the game, {result}.").format(result=result)
    your_side, name = is_your_side(name), glued(name)  # a pair's name on one row where it fits
    if pair and your_side:
        # TRANSLATORS: the player and a partner won: {names} is e.g. "You & Carla".
        return pgettext("your side", "{names} win the game, {result}.").format(names=name, result=result)
    if pair:
        return _("{names} win the game, {result}.").format(names=name, result=result)
    return _("{name} wins the game, {result}.").format(name=name, result=result)


def outcome(score: HandScore, side_names: list[str], target: int) -> str:
    """Where the game stands after this hand: won, tied at the target, or going on."""
    totals = list(score.totals)
    if not totals:
        return ""
    best = max(totals)
    leaders = [i for i, t in enumerate(totals) if t == best]
    if best < target:
        return _("First to {target} wins.").format(target=target)
    if len(leaders) > 1:
        if len(leaders) < len(totals):
            return _("{names} tied at {points} (target {target}): one more hand.").format(
                names=both_sides([side_names[i] for i in leaders], _pairs(score)), points=best, target=target)
        return _("Tied at {points} (target {target}): one more hand.").format(points=best, target=target)
    name = side_names[leaders[0]]
    if len(totals) == 2:
        # TRANSLATORS: a final score, the winner's first: "11 to 7".
        result = _("{points} to {other}").format(points=totals[leaders[0]], other=totals[1 - leaders[0]])
    else:
        others = sorted((i for i in range(len(totals)) if i != leaders[0]), key=lambda i: -totals[i])
        # each on one row where it fits (side_score): not "Bruno et" over "Elena : 10)." (French)
        rest = ", ".join(side_score(side_names[i], totals[i]) for i in others)
        result = f"{totals[leaders[0]]} ({rest})"
    return _won(name, result, _pairs(score))


def notes(score: HandScore, side_names: list[str], deck: DeckStyle,
          style: Styler = _plain, boxes: int = 0, seat_names: list[str] | None = None) -> list[tuple[str, Text]]:
    """(label, text) for what the table cannot show: ties, a last-card sweep, leftovers
    (drawn as boxes in ``boxes`` columns when that is not 0).  The last sweep and the
    leftovers name the seat that made them ("Anna", not "Anna & Carla") when the score
    knows it and ``seat_names`` are given."""
    out: list[tuple[str, Text]] = []

    def capturer(side: int) -> str:
        seat = score.last_capturer
        if seat_names and seat is not None and seat < len(seat_names):
            return seat_names[seat]
        return side_names[side]

    def tie(sides, best: int) -> Text:
        """A point tied at ``best`` by ``sides``: "tie at 5: no point" when every side has it
        (the label beside it says of what), else the tied sides named."""
        if len(sides) == len(score.sides):
            return Text(_("tie at {points}: no point").format(points=best))
        names = both_sides([side_names[i] for i in sides], _pairs(score))
        return Text(_("{names} tie at {points}: no point").format(names=names, points=best))

    values = {"cards": [s.cards for s in score.sides], "coins": [s.coins for s in score.sides],
              "primiera": [s.primiera for s in score.sides]}
    labels = {"cards": pgettext("point", "Cards"), "coins": deck.suit_word("d"),
              "settebello": "Velo" if score.variant == "escoba" else "Settebello",  # as its row says
              "primiera": "Primiera"}
    for award in score.awards:
        if award.why.kind == "setenta_tie" and award.side is not None:
            # Escoba's setenta tied and the primiera decided it (README, Variants and house
            # rules: setenta-primiera): the row shows equal counts, so say why.
            out.append((_point(award.point), Text(award.describe(side_names, _pairs(score)))))
            continue
        if award.side is not None:
            continue
        if award.point == "settebello":
            # TRANSLATORS: {card} is a card's long name, e.g. "7 di Denari".
            out.append((labels["settebello"], Text(_("{card} stayed on the table: no point").format(
                card=deck.card_name(SETTEBELLO)))))
            continue
        if award.point not in values:  # a variant's point (setenta, napola, re bello): the engine's words
            if award.why.kind == "tie":  # the setenta tied: said as the cards' tie beside it is
                out.append((_point(award.point), tie(award.why.sides, award.why.values[0])))
            elif award.why.kind == "no_napola":  # the cards as this deck draws them (A◉ 2◉ 3◉, A♦ 2♦ 3♦)
                # TRANSLATORS: the napola nobody made: {cards} are the Ace, 2 and 3 of coins,
                # drawn as cards ("A◉ 2◉ 3◉").
                before, after = _with_cards(_("nobody took {cards}"))
                out.append((_point(award.point), before + _cards([card(r, "d") for r in (1, 2, 3)], deck, style)
                            + after))
            elif award.why.kind == "nobody":  # the re bello, named as this deck names it
                out.append((_point(award.point), Text(_("nobody took the {card}").format(
                    card=deck.card_name(award.why.values[0])))))
            else:
                out.append((_point(award.point), Text(award.describe(side_names, _pairs(score)))))
            continue
        present = [v for v in values[award.point] if v is not None]
        if not present:
            out.append((labels[award.point], Text(_("nobody has all four suits: no point"))))
            continue
        best = max(present)
        out.append((labels[award.point], tie([i for i, v in enumerate(values[award.point]) if v == best], best)))
    if score.last_sweep is not None:
        name = capturer(score.last_sweep)
        if score.variant == "escoba":  # the house rule in Escoba's own word
            if _is_you(name):
                said = _("Your last card swept the table: no escoba on the last play")
            else:
                # TRANSLATORS: Escoba; {name} is the name of the player who played it ("Anna").
                said = _("{name}'s last card swept the table: no escoba on the last play").format(name=name)
        elif _is_you(name):
            said = _("Your last card swept the table: no scopa on the last play")
        else:
            # TRANSLATORS: {name} is the name of the player who played it ("Anna").
            said = _("{name}'s last card swept the table: no scopa on the last play").format(name=name)
        out.append((_("Last play"), Text(said)))
    if score.leftover:
        taker = capturer(score.leftover_to) if score.leftover_to is not None else ""
        if score.leftover_to is not None and _is_you(taker):
            # TRANSLATORS: {cards} are the cards left on the table at the end of the hand
            # (drawn as cards); the player took them.
            template = _("{cards} went to you, the last to capture")
        elif score.leftover_to is not None:
            # TRANSLATORS: {cards} are the cards left on the table at the end of the hand
            # (drawn as cards), {name} the player who took them (or the side: "Anna & Carla").
            template = _("{cards} went to {name}, the last to capture").replace("{name}", taker)
        else:
            template = _("{cards} stay on the table: nobody captured")
        before, after = _with_cards(template)
        if boxes:
            text = _strip(score.leftover, deck, style, boxes, lead=before, tail=after)
        else:
            text = before + _cards(score.leftover, deck, style) + after
        out.append((_("Leftovers"), text))
    return out


def _point(point: str) -> str:
    """A point's name as a row's label: ``Setenta``, ``Re bello``, ``Napola``."""
    return _(CATEGORY_NAMES.get(point, point)).capitalize()


def _strip(cards, deck: DeckStyle, style: Styler, width: int, lead: Text | None = None,
           tail: Text | None = None) -> Text:
    """Cards drawn as small boxes side by side (three lines, wrapped to ``width``), with
    ``lead`` before them and ``tail`` after them on the boxes' middle line."""
    lead, tail = lead or Text(""), tail or Text("")
    if not cards:
        return lead + tail
    inner = max(len(deck.short(c)) for c in cards)
    per_line = max(1, (width - lead.cell_len - tail.cell_len) // (inner + 2))
    out = Text()
    for start in range(0, len(cards), per_line):
        boxes = [render_mini(c, deck, inner) for c in cards[start:start + per_line]]
        for row in range(3):
            if out:
                out.append("\n")
            out.append_text(lead if row == 1 and start == 0 else Text(" " * lead.cell_len))
            for box_ in boxes:
                for text, role in box_[row]:
                    out.append(text, style("note" if role.startswith("border") else
                                           "suit-d" if role == "star" else role))
            if row == 1 and start + per_line >= len(cards):
                out.append_text(tail)
    return out


def _coin_cards(side: SideScore) -> list[int]:
    return [c for c in side.captured if 1 << c & COINS_MASK]


def _sevens(side: SideScore) -> list[int]:
    return [c for c in side.captured if CARDS[c].rank == 7]


def _napola_cards(side: SideScore) -> list[int]:
    """The run of coins that made the side's napola: the Ace to its length."""
    return [card(rank, "d") for rank in range(1, side.napola + 1)]


def value_width(total: int, sides: int, label: int = LABEL_WIDTH) -> int:
    """The width of each side's value column in a table ``total`` cells wide."""
    return max(PRIMIERA_WIDTH, (total - label) // sides - MARK_WIDTH)


def most_of(suit: str) -> str:
    """Under the coins' row on a big terminal: "most Denari" (French "le plus d'Oros")."""
    if elides(suit):
        # TRANSLATORS: as "most {suit}", where {suit} (Oros) begins with a sound your language
        # elides the word before: French "le plus d'Oros". Other languages never show it:
        # write it as "most {suit}".
        return pgettext("elided", "most {suit}").format(suit=suit)
    # TRANSLATORS: under the row of coins on a big terminal; {suit}: Denari, Oros, Diamonds,
    # or its symbol (◉) where the name does not fit.
    return _("most {suit}").format(suit=suit)


class HandTable:
    """The scoring table and its notes, laid out for the width Rich gives it.

    Wide enough, the coins row also lists each side's coins.  ``roomy`` (a big terminal)
    spaces the rows, says under each row's name what wins its point, and draws the cards
    as small boxes.
    """

    def __init__(self, score: HandScore, side_names: list[str], deck: DeckStyle, target: int,
                 style: Styler = _plain, roomy: bool = False, seat_names: list[str] | None = None,
                 rows: int | None = None) -> None:
        self.score, self.side_names, self.deck, self.target = score, side_names, deck, target
        self.style, self.roomy, self.seat_names = style, roomy, seat_names
        self.rows = rows  # roomy only where it fits in these rows (None: wherever asked)

    def _label(self, name: str, explain: str, short: str = "") -> Text:
        """A row's name, and on a big terminal what wins its point under it: ``short`` where
        ``explain`` is longer than the column leaves room for (it read "the King of Diamon…")."""
        if not self.roomy or not explain:
            return Text(name)
        if short and cell_len(explain) > ROOMY_LABEL_WIDTH:
            explain = short
        return Text.assemble(name, "\n", (explain, self.style("note")))

    def table(self, width: int) -> Table:
        score, deck, st, roomy = self.score, self.deck, self.style, self.roomy
        n = len(score.sides)
        label_w = ROOMY_LABEL_WIDTH if roomy else LABEL_WIDTH
        value_w = value_width(width, n, label_w)
        # What the division into equal columns leaves over goes to the last side's: the table,
        # and so its rules, as wide as the panel (they stopped a cell or two short of it).
        spare = max(0, width - label_w - n * (MARK_WIDTH + value_w))
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=0,
                      collapse_padding=True, expand=False, border_style=st("note"), leading=int(roomy))
        vertical = "middle" if roomy else "top"
        table.add_column("", width=label_w, no_wrap=True, style=st("label"), vertical=vertical)
        for i, name in enumerate(self.side_names[:n]):
            table.add_column("", width=1, no_wrap=True, vertical=vertical)
            table.add_column(Text(name, style=st("label")), width=value_w + (spare if i == n - 1 else 0),
                             overflow="fold", vertical=vertical)
        won = {a.point: a.side for a in score.awards}
        # The marks the table shows, for the legend to say what they mean: a point's taker's
        # (pointer) and the game's winner's, on the last hand's total (crown).
        self.marks: list[str] = []

        def row(label: str | Text, cells: list[Text], point: str | None = None,
                winners: set[int] | None = None, mark: str = deck.pointer()) -> None:
            taken = winners if winners is not None else {won.get(point)} if point else set()
            out: list[Text | str] = [label]  # type: ignore[list-item]
            for i, cell in enumerate(cells):
                if i in taken:
                    _on(cell, st("won"))
                    out += [Text(mark, style=st("mark")), cell]
                    if mark not in self.marks:
                        self.marks.append(mark)
                else:
                    out += ["", cell]
            table.add_row(*out)

        sides = score.sides
        coin = deck.suit_word("d")
        escoba = score.variant == "escoba"
        points = {a.point for a in score.awards}

        def counted(count: int, cards, inline: bool = True, more: str = "") -> Text:
            """A count and the cards it counts (``more``: what has no card, e.g. an escoba on
            the deal): boxes when roomy, else inline when they fit."""
            if roomy:
                tail = Text(f" + {more}", st("note")) if more else None
                return _strip(list(cards), deck, st, value_w, lead=Text(f"{count:<2}  " if cards else str(count)),
                              tail=tail)
            cell = Text(str(count))
            if more:
                cell.append(f"  {more}", st("note"))
            if inline and cards:
                cell.append("  " if not more else " ")
                cell.append_text(_cards(cards, deck, st))
            return cell

        def one_card(has: bool, card: int) -> Text:
            """The card's name for the side that took it, a dash for the others."""
            if not has:
                return Text("—", style=st("note"))
            if roomy:
                return _strip([card], deck, st, value_w, tail=Text(" " + deck.card_name(card)))
            return Text(deck.card_name(card))

        row(self._label(pgettext("point", "Cards"), _("most cards")),
            [Text(ngettext("{n} card", "{n} cards", s.cards).format(n=s.cards) if roomy else str(s.cards))
             for s in sides], "cards")
        fits = all(len(f"{s.coins}  ") + 3 * len(_coin_cards(s)) <= value_w for s in sides)
        row(self._label(coin, most_of(coin), most_of(deck.suit("d"))), [counted(s.coins, _coin_cards(s), fits)
                                                                          for s in sides], "coins")
        sette = deck.card_name(SETTEBELLO)
        # TRANSLATORS: under a card's row on a big terminal ("the 7 di Denari"): the card that scores.
        row(self._label("Velo" if escoba else "Settebello", _("the {card}").format(card=sette),
                        _("the {card}").format(card=deck.short(SETTEBELLO))),
            [one_card(s.settebello, SETTEBELLO) for s in sides], "settebello")
        if "primiera" in points:
            if roomy:
                primiera = [primiera_cell(s, deck, st) if s.primiera is None else
                            _strip(s.primiera_cards, deck, st, value_w, tail=Text(f" = {s.primiera}"))
                            for s in sides]
            else:
                primiera = [primiera_cell(s, deck, st) for s in sides]
            # TRANSLATORS: under "Primiera" on a big terminal; at most 18 letters.
            row(self._label("Primiera", _("best card per suit")), primiera, "primiera")
        if "sevens" in points:  # Escoba's setenta: the most sevens
            row(self._label("Setenta", _("most sevens")),
                [counted(s.sevens, _sevens(s)) for s in sides], "sevens")
        if "re_bello" in points:
            row(self._label("Re bello", _("the {card}").format(card=deck.card_name(RE_BELLO)),
                            _("the {card}").format(card=deck.short(RE_BELLO))),
                [one_card(s.re_bello, RE_BELLO) for s in sides], "re_bello")
        if "napola" in points:  # worth its length: 3 for the Ace, 2 and 3 of coins, and on
            run = " ".join(deck.short(card(rank, "d")) for rank in (1, 2, 3))
            # TRANSLATORS: under "Napola" on a big terminal: the run of coins it needs, {cards}
            # "A◉ 2◉ 3◉"; at most 18 letters with them.
            row(self._label("Napola", _("{cards} and on").format(cards=run)),
                [counted(s.napola, _napola_cards(s)) if s.napola else Text("—", style=st("note")) for s in sides],
                "napola")
        # Escoba: the dealer's escobas when the table dealt adds up to 15 (or 30) have no card.
        sweeps = [counted(s.scope, s.scope_cards, more=deal_sweeps_word(s.deal_sweeps) if s.deal_sweeps else "")
                  for s in sides]
        row(self._label("Escobas" if escoba else "Scope", _("a point per escoba") if escoba else _("a point per sweep")),
            sweeps, winners={s.side for s in sides if s.scope})
        table.add_section()
        # TRANSLATORS: the row of the points scored in this hand; at most 10 letters.
        row(pgettext("scoring row", "This hand"), [Text(f"+{s.points}") for s in sides])
        best = max(score.totals) if score.totals else 0
        leaders = {i for i, t in enumerate(score.totals) if t == best}
        # TRANSLATORS: the row of the running totals; at most 10 letters.
        row(pgettext("scoring row", "Total"), [Text(str(t)) for t in score.totals],
            winners=leaders if best >= self.target and len(leaders) == 1 else set(), mark=deck.crown())
        return table

    def lines(self, width: int) -> Table:
        label_w = (ROOMY_LABEL_WIDTH if self.roomy else LABEL_WIDTH) + MARK_WIDTH
        grid = Table.grid(padding=0)
        grid.add_column(width=label_w, no_wrap=True, style=self.style("label"), vertical="middle")
        grid.add_column(ratio=1)
        boxes = width - label_w if self.roomy else 0
        for label, text in notes(self.score, self.side_names, self.deck, self.style, boxes, self.seat_names):
            grid.add_row(label, text)
        return grid

    def _group(self, width: int) -> Group:
        # Where the game stands, centred on a line of its own: under the notes' values it read
        # as a part of the last one ("Leftovers … went to you" / "First to 11 wins.").
        result = outcome(self.score, self.side_names, self.target)
        table = self.table(width)
        return Group(table, *([Text("")] if self.roomy else []), self.legend(), self.lines(width),
                     *([Text(result, style=self.style("outcome"), justify="center")] if result else []))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        group = self._group(options.max_width)
        whole = options.update(height=None)  # as tall as it is, not the rows it is drawn in
        if self.roomy and self.rows is not None and len(console.render_lines(group, whole, pad=False)) > self.rows:
            # Spread out, the table would not fit (Scopone's napola and re bello rows at 120×40
            # pushed the result and the button off the screen): the compact table, whole.
            group = HandTable(self.score, self.side_names, self.deck, self.target, self.style,
                              seat_names=self.seat_names)._group(options.max_width)
        yield group

    def legend(self) -> Text:
        """Under the table, at its right: what its marks mean ("▶ took the point", and on the
        last hand "♛ won the game" for the total's), where a cell has them (README.md,
        Playing), on the line that parts the table from its notes (a big terminal's spaced
        rows keep one more); the line is blank otherwise."""
        # TRANSLATORS: under the scoring table: the mark ▶ beside a side's cell means that
        # side took the row's point. A few words.
        said = {self.deck.pointer(): _("took the point"),
                # TRANSLATORS: under the scoring table of a game's last hand: the mark ♛ beside
                # a side's total means that side won the game. A few words.
                self.deck.crown(): _("won the game")}
        legend = Text(justify="right")
        for mark in self.marks:
            legend.append_text(Text.assemble("   " if legend else "", (mark, self.style("mark")), " ",
                                             (said[mark], self.style("note"))))
        return legend


class _Themed(Widget):
    """A widget whose Rich styles come from the ``scoring--*`` component classes (scoring.tcss),
    their colours readable on its background (widgets/legible.py): a note muted, not the
    full foreground."""

    COMPONENT_CLASSES = {f"scoring--{role}" for role in ROLES}

    def _style(self, role: str) -> Style:
        name = f"scoring--{role}"
        return legible(self.get_component_rich_style(name, partial=True), self.background_colors[1],
                       alpha=opacity(self, name))


class ScoringView(_Themed):
    """A :class:`HandTable` in the theme's colours; ``roomy`` for a big terminal."""

    DEFAULT_CSS = "ScoringView { height: auto; }"
    roomy = False
    rows: int | None = None  # the rows the roomy table may take (HandTable)

    def __init__(self, score: HandScore | None = None, side_names: list[str] | None = None,
                 deck: DeckStyle | None = None, target: int = 11, seat_names: list[str] | None = None,
                 **kwargs) -> None:
        super().__init__(**kwargs)
        self.score, self.side_names, self.deck, self.target = score, side_names or [], deck or DeckStyle(), target
        self.seat_names = seat_names

    def show(self, score: HandScore, side_names: list[str], deck: DeckStyle, target: int,
             seat_names: list[str] | None = None) -> None:
        self.score, self.side_names, self.deck, self.target = score, side_names, deck, target
        self.seat_names = seat_names
        self.refresh(layout=True)

    def render(self) -> HandTable | Text:
        if self.score is None:
            return Text("")
        return HandTable(self.score, self.side_names, self.deck, self.target, self._style, self.roomy,
                         self.seat_names, self.rows)


def hands_table(scores: list[HandScore], side_names: list[str], winner: int | None,
                style: Styler = _plain, part: str = "all", deck: DeckStyle = DeckStyle()) -> Table:
    """Every hand's points and the running total of each side, in aligned columns.

    Each side's cell is its points then its total (``+3    9``), both right-aligned, so
    the numbers stand in columns; the winner's final total is marked with the scoring's mark of
    the game's winner (``♛``, ``W`` in the ``deck``'s ASCII mode) and highlighted.
    ``part`` is ``all``, ``head`` (the column names only) or ``rows`` (the rest): the
    columns have fixed widths, so a head drawn above a scrolled list of rows lines up.
    """
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 2), expand=False,
                  border_style=style("note"), show_header=part != "rows")
    hand, final = pgettext("scoring column", "Hand"), pgettext("scoring row", "Final")
    table.add_column(hand, justify="right", style=style("label"), width=max(len(hand), len(final)))
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
        last: list[Text | str] = [Text(final, style=style("label"))]
        for i, t in enumerate(scores[-1].totals):
            if i == winner:
                last.append(Text.assemble((deck.crown(), style("mark")), (cell("", str(t))[1:], style("won"))))
            else:
                last.append(Text(cell("", str(t)), style=style("label")))
        table.add_row(*last)
    return table


class HandsView(_Themed):
    """:func:`hands_table` in the theme's colours (the game-over screen)."""

    DEFAULT_CSS = "HandsView { height: auto; width: auto; }"

    def __init__(self, scores: list[HandScore], side_names: list[str], winner: int | None,
                 part: str = "all", deck: DeckStyle = DeckStyle(), **kwargs) -> None:
        super().__init__(**kwargs)
        self.scores, self.side_names, self.winner, self.part, self.deck = scores, side_names, winner, part, deck

    def render(self) -> Table:
        return hands_table(self.scores, self.side_names, self.winner, self._style, self.part, self.deck)
