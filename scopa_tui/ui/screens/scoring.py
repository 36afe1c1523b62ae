"""End of a hand (the scoring breakdown) and the game-over screen."""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from ...engine import HandScore, primiera_text
from ..card_render import DeckStyle, card_tokens

POINT_LABELS = {"cards": "Cards", "coins": "Coins", "settebello": "Settebello", "primiera": "Primiera"}


def _cards_text(text: str, deck: DeckStyle) -> str:
    return "".join(part for part, _ in card_tokens(text, deck))


def breakdown_table(score: HandScore, side_names: list[str], deck: DeckStyle, target: int,
                    scope_cards: list[list[int]] | None = None) -> Table:
    """Every side's cards, coins, settebello, primiera and scope, side by side, with the winner of each point."""
    table = Table(box=box.SIMPLE_HEAD, expand=True, pad_edge=False, padding=(0, 1), show_edge=False)
    table.add_column("", style="bold", no_wrap=True)
    for i, side in enumerate(score.sides):
        table.add_column(side_names[i], justify="left", ratio=1)
    won = {a.point: a.side for a in score.awards}
    mark = "  ◀ point" if not deck.ascii else "  < point"

    def cell(i: int, text: str, point: str | None) -> Text:
        t = Text(text)
        if point is not None and won.get(point) == i:
            t.stylize("bold")
            t.append(mark, style="bold")
        return t

    table.add_row("Cards", *[cell(i, str(s.cards), "cards") for i, s in enumerate(score.sides)])
    table.add_row("Coins", *[cell(i, str(s.coins), "coins") for i, s in enumerate(score.sides)])
    table.add_row("Settebello", *[cell(i, "yes " + deck.star() if s.settebello else "—", "settebello")
                                  for i, s in enumerate(score.sides)])
    table.add_row("Primiera", *[cell(i, _cards_text(primiera_text(s), deck), "primiera")
                                for i, s in enumerate(score.sides)])
    def scope(i: int, count: int) -> Text:
        sweeps = scope_cards[i] if scope_cards and i < len(scope_cards) else []
        text = f"{count}" + (f"  ({' '.join(deck.short(c) for c in sweeps)})" if count and sweeps else "")
        return Text(text, style="bold" if count else "")

    table.add_row("Scope", *[scope(i, s.scope) for i, s in enumerate(score.sides)])
    table.add_section()
    table.add_row("This hand", *[Text(f"+{s.points}", style="bold") for s in score.sides])
    table.add_row("Total", *[Text(f"{t} / {target}", style="bold") for t in score.totals])
    return table


def awards_text(score: HandScore, deck: DeckStyle, side_names: list[str] | None = None) -> Table:
    """Who won each point and why, one row per point; long reasons wrap under themselves."""
    grid = Table.grid(padding=(0, 2), expand=True)
    grid.add_column(justify="right", style="bold", no_wrap=True)
    grid.add_column(ratio=1)
    for a in score.awards:
        grid.add_row(POINT_LABELS.get(a.point, a.point), _cards_text(a.reason, deck))
    if score.leftover:
        left = " ".join(deck.short(c) for c in score.leftover)
        if score.leftover_to is not None:
            who = side_names[score.leftover_to] if side_names else f"side {score.leftover_to}"
            grid.add_row("Leftover", f"{left} went to {who}, who captured last")
        else:
            grid.add_row("Leftover", f"{left}: nobody captured, so nobody takes them")
    return grid


class HandOverScreen(ModalScreen[None]):
    """The scoring of one hand; Enter continues.

    For ``pause`` seconds after it appears the screen does not continue (its button is
    disabled), so that a quick second Enter after the hand's last play cannot skip the
    scoring unseen.
    """

    BINDINGS = [
        Binding("enter", "continue", "continue", id="hand.continue", priority=True),
        Binding("escape", "continue", "continue", id="hand.continue_esc", show=False),
        Binding("question_mark", "app.show_help", "help", id="hand.help", key_display="?"),
        Binding("q", "app.quit_game", "quit", id="hand.quit"),
    ]

    def __init__(self, score: HandScore, side_names: list[str], deck: DeckStyle, target: int,
                 game_over: bool, scope_cards: list[list[int]] | None = None, pause: float = 0.0) -> None:
        super().__init__()
        self.score, self.side_names, self.deck, self.target = score, side_names, deck, target
        self.pause = pause
        self.scope_cards = scope_cards  # the sweeping cards of each side, when known
        self.game_over = game_over

    def compose(self) -> ComposeResult:
        with Vertical(id="hand-over", classes="panel"):
            with VerticalScroll(id="hand-body"):
                yield Static(breakdown_table(self.score, self.side_names, self.deck, self.target,
                                             self.scope_cards), id="breakdown")
                yield Static(awards_text(self.score, self.deck, self.side_names), id="awards")
            label = "See the result (Enter)" if self.game_over else "Next hand (Enter)"
            yield Button(label, id="continue", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        panel = self.query_one("#hand-over")
        panel.border_title = f"Hand {self.score.hand} — scoring"
        button = self.query_one("#continue", Button)
        if self.pause > 0:
            button.disabled = True
            self.set_timer(self.pause, self.ready)
        else:
            button.focus()

    def ready(self) -> None:
        """From now on Enter continues."""
        button = self.query_one("#continue", Button)
        button.disabled = False
        button.focus()
        self.refresh_bindings()

    @property
    def waiting(self) -> bool:
        return self.query_one("#continue", Button).disabled

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "continue" and self.is_mounted and self.waiting:
            return None  # shown dimmed in the footer, does nothing yet
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if not self.waiting:
            self.dismiss()

    def action_continue(self) -> None:
        if not self.waiting:
            self.dismiss()


class GameOverScreen(ModalScreen[str]):
    """Winner, final score and every hand's points; dismisses with "again", "new" or "quit"."""

    BINDINGS = [
        Binding("enter", "choose('again')", "play again", id="over.again", priority=True),
        Binding("n", "choose('new')", "new game…", id="over.new"),
        Binding("q", "choose('quit')", "quit", id="over.quit"),
    ]

    def __init__(self, scores: list[HandScore], side_names: list[str], winner: int, mine: bool,
                 target: int, pause: float = 0.0) -> None:
        super().__init__()
        self.pause = pause  # like the scoring screen: a quick extra Enter cannot skip the result
        self.scores, self.side_names, self.winner, self.mine = scores, side_names, winner, mine
        self.target = target

    def compose(self) -> ComposeResult:
        with Vertical(id="game-over", classes="panel"):
            totals = self.scores[-1].totals if self.scores else ()
            winner = self.side_names[self.winner]
            pair = " & " in winner  # a partnership: "Anna & Carla win"
            banner = "You win!" if self.mine else f"{winner} {'win' if pair else 'wins'}"
            if self.mine and pair:
                banner = f"{winner} win!"
            yield Static(banner, id="banner")
            final = "   ".join(f"{n} {t}" for n, t in zip(self.side_names, totals))
            yield Static(f"Final score: {final}  (target {self.target})", id="final")
            table = Table(box=box.SIMPLE_HEAD, expand=True, pad_edge=False, show_edge=False)
            table.add_column("Hand", justify="right")
            for name in self.side_names:
                table.add_column(name, justify="right")
            for s in self.scores:
                table.add_row(str(s.hand), *[f"+{p}  ({t})" for p, t in zip(s.points, s.totals)])
            with VerticalScroll(id="hands-table"):
                yield Static(table)
            with Horizontal(id="over-buttons"):
                yield Button("Play again (Enter)", id="again", variant="primary")
                yield Button("New game… (n)", id="new")
                yield Button("Quit (q)", id="quit", variant="error")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#game-over").border_title = "Game over"
        again = self.query_one("#again", Button)
        if self.pause > 0:
            again.disabled = True
            self.set_timer(self.pause, self.ready)
        else:
            again.focus()

    def ready(self) -> None:
        again = self.query_one("#again", Button)
        again.disabled = False
        again.focus()
        self.refresh_bindings()

    @property
    def waiting(self) -> bool:
        return self.query_one("#again", Button).disabled

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "choose" and parameters == ("again",) and self.is_mounted and self.waiting:
            return None
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "quit")

    def action_choose(self, what: str) -> None:
        if what == "again" and self.waiting:
            return
        self.dismiss(what)
