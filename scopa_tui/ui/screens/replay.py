"""The replay viewer: step through a recorded game move by move.

Every hand is shown face up; each play shows the table it was played on, the card
played and what it took; each hand's end shows its scoring, as the game showed it.
Keys: ``←``/``→`` one step, ``Home``/``End`` first and last, ``PgUp``/``PgDn`` the
previous or next hand, ``[``/``]`` the previous or next game of a file, ``?`` or ``F1`` the
help with the rules of the game replayed, ``Esc`` back.
Used by the history screen and by ``scopa-tui replay FILE`` (:class:`ReplayApp`).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from ...engine.text import N_, _, ngettext, pgettext
from ...store.frames import Frame, ReplayGame, display_name, display_side
from ...engine.words import side_score
from ...store.words import sweep_count
from ..card_render import SIZES, DeckStyle, card_tokens, held, render_card, suit_role
from ..colours import ThemeColours
from ..crash import CrashLog
from ..scoring_view import ScoringView
from ..styles import APP_TCSS, GAME_TCSS, SCORING_TCSS, STORE_TCSS
from ..widgets.cards import CardCanvas, TableView
from ..widgets.footer import FitFooter
from ..wrapping import glued
from ..translate import (KEYS_PANEL_ESC, PALETTE_KEY, QUIT_CTRL_C_KEY, QUIT_KEY, SCREENSHOT_KEY, Translated,
                         TranslatedApp)




CARD_WIDTH, CARD_ROWS = SIZES["small"]  # a hand's cards in a replay with room for them
TABLE_ROWS = 14  # the table's rows the replay keeps under the hands drawn as cards


class SeatsView(CardCanvas):
    """Every seat: its name, its hand face up, and its side's capture pile."""

    frame: reactive[Frame | None] = reactive(None, layout=True)
    big: reactive[bool] = reactive(False, layout=True)  # the hands as small cards (ReplayScreen._show)

    def __init__(self, replay: ReplayGame, deck: DeckStyle, **kwargs) -> None:
        super().__init__(**kwargs)
        self.replay = replay
        self.deck = deck

    def _card(self, card: int, state: str, compact: bool) -> Text:
        """A hand card as a tiny card (``[ 5◉] ``, the settebello ``[ 7◉]★ ``); ``compact``
        leaves out its blank columns (``[5◉]``, ``[7◉]★ ``), where Scopone's ten cards and a
        pile would not fit in a row otherwise.  The star is the settebello's, and a space
        parts it from the next card: ``[ 7◉]★[ 2♣]`` read as if it marked either."""
        out = Text()
        for text, role in render_card(card, self.deck, "tiny")[0]:
            if compact:
                text = text.strip() if role != "star" else text.rstrip()
            if role == "star" and text.strip():
                text += " "
            out.append(text, self._segment_style(role, state))
        return out

    def held(self, seat: int) -> tuple[int, ...]:
        """A seat's hand as the game shows it held (:func:`~scopa_tui.ui.card_render.held`)."""
        rules = self.replay.rules
        return held(self.frame.hands[seat], rules.variant_info.hand_cards if rules is not None else 3)

    def _small(self, card: int, state: str) -> list[Text]:
        """A hand card as a small card (5 columns, :data:`CARD_ROWS` rows), a row each."""
        return [Text.assemble(*((text, self._segment_style(role, state)) for text, role in line))
                for line in render_card(card, self.deck, "small")]

    def cards_fit(self, width: int) -> bool:
        """A full hand of the game (and the card being played) fits a row of small cards
        beside a name and a pile with two sweeps: decided for the game, not the step, so
        that stepping through it does not switch between the two drawings."""
        rules = self.replay.rules
        most = (rules.variant_info.hand_cards if rules is not None else 3) + 1
        pile = self._pile_text(40, 10, 2)
        return 2 + self._name_width() + max(4, most) * (CARD_WIDTH + 1) + 1 + cell_len(pile) <= width

    def _name_width(self) -> int:
        names = [display_name(n) for n in self.replay.names]
        # TRANSLATORS: the replay; marks the dealer after a name ("Anna (D)"): keep it short.
        return min(20, max(cell_len(n) for n in names) + cell_len(_(" (D)")) + 2)  # room for " (D)"

    def _pile(self, side: int) -> str:
        p = self.frame.piles[side]
        return self._pile_text(p.cards, p.coins, p.scope)

    def _pile_text(self, cards: int, coins: int, scope: int) -> str:
        # TRANSLATORS: the replay; a side's capture pile: cards, then coins ({suit} is its name).
        pile = _("pile {cards} · {suit} {coins}").format(cards=f"{cards:>2}", suit=self.deck.suit("d"), coins=coins)
        if scope:  # "2 scope"; Escoba's "2 escobas"
            pile += " · " + sweep_count(self.replay.sweep_name, scope)
        return pile

    @staticmethod
    def _seat_name(name: str, dealer: bool, width: int) -> str:
        """A seat's name and the dealer's mark in ``width`` cells, padded or cut by the cells
        it takes (a wide name, 山田 or an emoji, keeps the cards' column): a name too long is
        cut, "…" at its end, before the mark ("Costanza Manci… (D)"), which was cut to "(D"."""
        mark = _(" (D)") if dealer else ""
        if cell_len(name) + cell_len(mark) > width:
            name = set_cell_size(name, max(0, width - cell_len(mark) - 1)) + "…"
        return set_cell_size(name + mark, width)

    def _pile_blocks(self) -> list[list[Text]]:
        """The piles, beside the seats: with two or three players each seat's pile; with
        partners each side's pile once, under the side's name ("Anna & Carla" over
        "pile  8 · ◉ 2"), as a side's captures are one pile (README, History and replay).
        A line per seat has the blocks' rows one after another; hands drawn as cards have
        the n-th block beside the n-th seat from its name's row on (a side's first seat)."""
        f, label = self.frame, self._style("label")
        if not f.piles:
            return []
        if len(f.piles) == len(f.hands):
            return [[Text(self._pile(seat), label)] for seat in range(len(f.hands))]
        return [[Text(display_side(name), label + Style(bold=True)), Text(self._pile(side), label)]
                for side, name in enumerate(self.replay.side_names)]

    @staticmethod
    def _cut(text: Text, room: int) -> Text:
        """``text`` in ``room`` cells, "…" at its end where it was cut (a long side's name)."""
        if text.cell_len <= room:
            return text
        text = text.copy()
        text.truncate(max(1, room), overflow="ellipsis")
        return text

    def render(self) -> Text:
        f = self.frame
        if f is None:
            return Text("")
        width = self.content_size.width
        names = [display_name(n) for n in self.replay.names]
        name_w = self._name_width()
        names = [self._seat_name(names[seat], seat == f.dealer, name_w - 1) for seat in range(len(names))]
        blocks = self._pile_blocks()
        if self.big:
            return self._render_big(names, name_w, blocks, width)
        piles = [row for block in blocks for row in block] or [Text("")] * len(f.hands)

        def cards_of(seat: int, compact: bool) -> Text:
            cards = Text()
            for c in self.held(seat):
                cards.append_text(self._card(c, "", compact))
            if f.kind == "play" and f.seat == seat and f.played is not None:
                cards.append_text(self._card(f.played, "played", compact))
            return cards

        card_w = self._card(0, "", False).cell_len
        rows = [cards_of(seat, False) for seat in range(len(f.hands))]
        # The piles in one column: after three cards and the one being played, one of them the
        # settebello and the space after its star, or more (Scopone).
        column = max([card_w * 4 + 1] + [r.cell_len for r in rows])
        if 2 + name_w + column + 1 + max(p.cell_len for p in piles) > width:
            rows = [cards_of(seat, True) for seat in range(len(f.hands))]
            column = max(r.cell_len for r in rows)
        lines = []
        for seat, cards in enumerate(rows):
            line = Text()
            turn = f.kind == "play" and f.seat == seat
            line.append("▶ " if turn else "  ", self._style("label-selected") if turn else self._style("label"))
            line.append(names[seat] + " ", self._style("label-selected" if turn else "label"))
            line.append_text(cards)
            line.append(" " * (column - cards.cell_len + 1))
            line.append_text(self._cut(piles[seat], width - line.cell_len))
            line.truncate(max(10, width))
            lines.append(line)
        return Text("\n").join(lines)

    def _render_big(self, names: list[str], name_w: int, blocks: list[list[Text]],
                    width: int) -> Text:
        """Each seat's hand as small cards in a row, its name and pile on the cards' second
        row (the rank's), a side's name there and its pile under it; the card being played
        last in the row, lit as on the table."""
        f = self.frame
        blank = Text(" " * CARD_WIDTH)
        hands = []
        for seat in range(len(f.hands)):
            drawn = [self._small(c, "") for c in self.held(seat)]
            if f.kind == "play" and f.seat == seat and f.played is not None:
                drawn.append(self._small(f.played, "played"))
            hands.append(drawn)
        column = max(4, *map(len, hands)) * (CARD_WIDTH + 1)  # the piles in one column
        lines = []
        for seat, drawn in enumerate(hands):
            turn = f.kind == "play" and f.seat == seat
            for row in range(CARD_ROWS):
                line = Text()
                middle = row == 1
                label = self._style("label-selected" if turn and middle else "label")  # the name's row lit
                line.append("▶ " if turn and middle else "  ", label)
                line.append(names[seat] if middle else " " * (name_w - 1), label)
                line.append(" ")
                cards = Text(" ").join(card[row] for card in drawn) if drawn else blank
                line.append_text(cards)
                line.append(" " * (column - cards.cell_len))
                if seat < len(blocks) and 0 <= row - 1 < len(blocks[seat]):
                    line.append_text(self._cut(blocks[seat][row - 1], width - line.cell_len))
                line.truncate(max(10, width))
                lines.append(line)
        return Text("\n").join(lines)


# The footer names ← and → once ("←→ step"), and PgUp and PgDn ("PgUp PgDn hand"): so every
# key, ? help too, fits 80 columns in every language (the keys panel names each key apart).
# TRANSLATORS: the replay's footer, after its keys ← and →: one step back or on (keep it short).
STEP = Binding.Group(N_("step"), compact=True)
# TRANSLATORS: the replay's footer, after its keys PgUp and PgDn: the previous or next hand
# of the game (keep it short).
HAND = Binding.Group(N_("hand"))
# TRANSLATORS: the replay's footer, after its keys [ and ] of a file of several games: the
# previous or next game (keep it short).
GAME = Binding.Group(N_("game"), compact=True)


class ReplayScreen(Translated, Screen[None]):
    """Step through one or more recorded games."""

    CSS_PATH = [GAME_TCSS, STORE_TCSS, SCORING_TCSS]  # loaded with the screen (the cards' look too)

    # ← before →, Home, End, PgUp, PgDn, as a scrolling widget's own keys are: the footer keeps
    # this order whether or not the scoring (which scrolls) has the focus.  ← is "prev", not Esc's "back".
    BINDINGS = [
        # TRANSLATORS: the replay's ← key in the keys panel (Ctrl+P, Keys) and its tooltip in
        # the footer: the previous step (keep it short).
        Binding("left", "step(-1)", N_("prev"), id="replay.back", priority=True, group=STEP),
        Binding("right", "step(1)", N_("next"), id="replay.next", priority=True, group=STEP),
        Binding("home", "jump('first')", N_("first"), id="replay.first", priority=True),
        Binding("end", "jump('last')", N_("last"), id="replay.last", priority=True),
        Binding("pageup", "hand(-1)", N_("prev hand"), id="replay.prev_hand", priority=True,
                group=HAND),
        Binding("pagedown", "hand(1)", N_("next hand"), id="replay.next_hand", priority=True,
                group=HAND),
        # [ before ], shown only for a file of several games (check_action)
        Binding("left_square_bracket", "game(-1)", N_("prev game"), id="replay.prev_game",
                group=GAME),
        Binding("right_square_bracket", "game(1)", N_("next game"), id="replay.next_game",
                group=GAME),
        Binding("escape,q", "close", N_("back"), id="replay.close"),
        Binding("question_mark", "help", N_("help"), id="replay.help"),
        Binding("f1", "help", N_("help"), id="replay.help_f1", show=False),
    ]

    index: reactive[int] = reactive(0)

    def __init__(self, games: list[ReplayGame], title: str | Callable[[], str] = "Replay", ascii: bool = False,
                 deck_style: str | None = None, short_titles: Callable[[], list[str]] | None = None) -> None:
        """``title``: what the replay is, or a function that says it in the language in use;
        ``short_titles``: the same in fewer cells and fewer still, for a screen too narrow for
        the title line with ``title`` (a game from the history: its short date, then its
        result alone)."""
        super().__init__()
        if not games:
            raise ValueError("nothing to replay")
        self.games = games
        self.game_index = 0
        self.title_text, self.short_titles = title, short_titles
        self.ascii = ascii
        self.deck_style = deck_style

    @property
    def replay(self) -> ReplayGame:
        return self.games[self.game_index]

    @property
    def frame(self) -> Frame:
        return self.replay.frames[self.index]

    def _deck(self) -> DeckStyle:
        return DeckStyle(self.deck_style or self.replay.deck_style, self.ascii)

    def compose(self) -> ComposeResult:
        deck = self._deck()
        yield Static("", id="replay-title")
        with Vertical(id="replay-body"):
            seats = SeatsView(self.replay, deck, id="replay-seats")
            seats.deck = deck
            yield seats
            table = TableView(id="replay-table")
            table.deck = deck
            yield table
            with VerticalScroll(id="replay-scoring"):
                yield ScoringView(id="replay-breakdown")
        yield Static("", id="replay-text")
        yield Static("", id="replay-totals")
        yield FitFooter()

    def on_mount(self) -> None:
        self._show()

    def watch_index(self, _old: int, _new: int) -> None:
        if self.is_mounted:
            self._show()

    def _cards(self, text: str) -> Text:
        deck = self._deck()
        out = Text()
        for part, card in card_tokens(text, deck):
            if card is None:
                out.append(part)
            else:
                out.append(part, self.query_one(SeatsView).get_component_rich_style(f"card--{suit_role(card)}",
                                                                                    partial=True))
        return out

    def _show(self) -> None:
        r, f = self.replay, self.frame
        seats = self.query_one(SeatsView)
        seats.frame = f
        # The hands as small cards where the table keeps TABLE_ROWS rows under them (from
        # 100×30 with two or three players); else a line per seat.
        body = self.query_one("#replay-body").size
        width, height = (body.width or self.app.size.width) - 2, body.height or self.app.size.height - 4
        seats.big = height - 1 - r.players * CARD_ROWS >= TABLE_ROWS and seats.cards_fit(width)
        seats.styles.height = r.players * (CARD_ROWS if seats.big else 1)
        step = _("step {n}/{total}").format(n=self.index + 1, total=len(r.frames))
        where = (_("Hand {hand}, play {move}").format(hand=f.hand, move=f.move) if f.kind == "play"
                 else _("Hand {hand}").format(hand=f.hand))
        games = (" · " + _("game {n}/{total}").format(n=self.game_index + 1, total=len(self.games))
                 if len(self.games) > 1 else "")
        players = ngettext("{n} player to {target}", "{n} players to {target}", r.players).format(
            n=r.players, target=r.target)
        variant = r.rules.variant_info if r.rules is not None else None
        if variant is not None and variant.name != "scopa":  # the game replayed, as the history names it
            players = f"{_(variant.title)} · {players}"
        # What changes first, so that a narrow terminal cuts only the end.
        title = self.title_text() if callable(self.title_text) else self.title_text
        line = f"{where} · {step}{games} · {players} · {title}"
        for shorter in self.short_titles() if self.short_titles is not None else ():  # the result whole
            if cell_len(line) <= (self.size.width or self.app.size.width):
                break
            line = f"{where} · {step}{games} · {players} · {shorter}"
        self.query_one("#replay-title", Static).update(Text(line))  # names from a file: no markup
        table = self.query_one(TableView)
        scoring = self.query_one("#replay-scoring")
        if f.kind == "hand_end" and f.score is not None:
            # The scoring has every side's pile: the seats (hands empty by now) make room for it.
            seats.display = table.display = False
            scoring.display = True
            self.query_one(ScoringView).show(f.score, [display_side(n) for n in r.side_names], self._deck(),
                                             r.target, [display_name(n) for n in r.names])  # its words: ScoringView
        else:
            scoring.display = False
            seats.display = table.display = True
            table.border_title = pgettext("the table's border", "Table")  # as the game's names it
            # TRANSLATORS: the replay; shown over each card a play took ("[took]"): keep it short.
            table.labels = {c: _("took") for c in f.captured}  # shown as [took] over each captured card
            table.selected = frozenset()
            table.cards = tuple(f.table)
            table.captured = frozenset(f.captured)
            table.played = ((f.played, display_name(r.names[f.seat])) if f.played is not None and f.seat is not None
                            else None)
        said = f.text
        for side in (display_side(n) for n in r.side_names):  # a pair's name on one row where it
            said = said.replace(side, glued(side))  # fits, as in the play log: not "Bruno &" over "Elena: 1"
        text = self._cards(said)
        if f.kind == "play" and f.scopa:
            text.stylize("bold")
        self.query_one("#replay-text", Static).update(text)
        # each side's score on one row (side_score): three sides' too wide for a row wrap between them
        totals = " · ".join(side_score(display_side(n), t) for n, t in zip(r.side_names, f.totals))
        # No stock in Scopone, which deals the whole deck at once (as the game's table border)
        has_stock = variant is None or variant.redeal_cards > 0
        stock = " · " + glued(_("stock {n}").format(n=f.stock)) if f.kind in ("deal", "play") and has_stock else ""
        line = _("Score — {totals} (target {target})").format(totals=totals, target=r.target) + stock
        line_w = self.query_one("#replay-totals").content_size.width or self.app.size.width - 2
        if cell_len(line) > line_w:  # three sides' scores at 80 columns: the title says the target
            # TRANSLATORS: the replay's score line where the target does not fit ({totals} as above).
            line = _("Score — {totals}").format(totals=totals) + stock
        self.query_one("#replay-totals", Static).update(Text(line))

    def on_resize(self) -> None:
        if self.is_mounted:
            self._show()  # the score line says the target where it fits

    # --- actions ---------------------------------------------------------------------
    async def retranslate(self) -> None:
        """The words change; the step, the game and the cards stay where they are."""
        self._show()

    def action_step(self, delta: int) -> None:
        self.index = max(0, min(len(self.replay.frames) - 1, self.index + delta))

    def action_jump(self, where: str) -> None:
        self.index = 0 if where == "first" else len(self.replay.frames) - 1

    def action_hand(self, delta: int) -> None:
        starts = self.replay.hand_starts()
        if delta > 0:
            later = [i for i in starts if i > self.index]
            self.index = later[0] if later else len(self.replay.frames) - 1
        else:
            earlier = [i for i in starts if i < self.index]
            # From inside a hand, PgUp goes to its start; from a start, to the previous hand's.
            current = max((i for i in starts if i <= self.index), default=0)
            self.index = current if current < self.index else (earlier[-1] if earlier else 0)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``[`` and ``]`` are keys only where there is another game to go to."""
        if action == "game":
            return len(self.games) > 1
        return True

    def action_game(self, delta: int) -> None:
        new = max(0, min(len(self.games) - 1, self.game_index + delta))
        if new != self.game_index:
            self.game_index = new
            self.query_one(SeatsView).replay = self.replay
            if self.index == 0:
                self._show()
            self.index = 0

    def action_help(self) -> None:
        """The help, with the rules of the game replayed (its variant, chart and house rules)
        and the replay's keys."""
        from .help import REPLAY_KEYS, HelpScreen  # loaded with the first help

        self.app.push_screen(HelpScreen(self._deck(), rules=self.replay.rules, keys=REPLAY_KEYS))

    def action_close(self) -> None:
        if len(self.app.screen_stack) > 1 and not isinstance(self.app, ReplayApp):
            self.dismiss(None)
        else:
            self.app.exit()


class ReplayApp(CrashLog, TranslatedApp, ThemeColours, App):
    """``scopa-tui replay FILE``: the replay viewer on its own."""

    CSS_PATH = [APP_TCSS, GAME_TCSS, STORE_TCSS]
    TITLE = "Scopa — replay"
    BINDINGS = [QUIT_CTRL_C_KEY, SCREENSHOT_KEY, QUIT_KEY, KEYS_PANEL_ESC, PALETTE_KEY]  # as the game's

    def __init__(self, games: list[ReplayGame], title: str, ascii: bool = False,
                 theme: str | None = None, deck_style: str | None = None, notice: str | None = None) -> None:
        """``notice``: a line on the file to show over the first game (a record that ends early)."""
        super().__init__()
        self.games, self.replay_title, self.ascii = games, title, ascii
        self.notice = notice
        self.deck_style = deck_style
        try:
            from ..app import FELT

            self.register_theme(FELT)
            self.theme = theme or "scopa-felt"
        except Exception:  # the viewer works with Textual's own themes too
            if theme:
                self.theme = theme

    def on_mount(self) -> None:
        self.set_class(self.theme.startswith("ansi"), "-ansi")
        self.push_screen(ReplayScreen(self.games, self.replay_title, self.ascii, self.deck_style))
        if self.notice is not None:
            self.notify(self.notice, severity="warning", timeout=12)
