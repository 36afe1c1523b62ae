"""End of a hand (the scoring table) and the game-over screen (every hand's points)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from ...engine import HandScore
from ..card_render import DeckStyle, screen_class
from ..scoring_view import HandsView, ScoringView, outcome
from ..styles import SCORING_TCSS
from ..translate import Translated

class HandOverScreen(Translated, ModalScreen[None]):
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

    CSS_PATH = SCORING_TCSS

    def __init__(self, score: HandScore, side_names: list[str], deck: DeckStyle, target: int,
                 game_over: bool, pause: float = 0.0) -> None:
        super().__init__()
        self.score, self.side_names, self.deck, self.target = score, side_names, deck, target
        self.pause = pause
        self.game_over = game_over

    def compose(self) -> ComposeResult:
        with Vertical(id="hand-over", classes=f"panel sides-{len(self.score.sides)}"):
            with VerticalScroll(id="hand-body"):
                yield ScoringView(self.score, self.side_names, self.deck, self.target, id="breakdown")
            label = "See the result (Enter)" if self.game_over else "Next hand (Enter)"
            yield Button(label, id="continue", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        panel = self.query_one("#hand-over")
        panel.border_title = f"Hand {self.score.hand} — scoring"
        self._fit(*self.app.size)
        button = self.query_one("#continue", Button)
        if self.pause > 0:
            button.disabled = True
            self.set_timer(self.pause, self.ready)
        else:
            button.focus()

    def _fit(self, width: int, height: int) -> None:
        """On a large terminal (card_render.screen_class) the table spreads out: wider
        columns, a line of air between rows, what wins each point, the cards as boxes."""
        roomy = screen_class(width, height) in ("large", "xlarge", "xxlarge")
        self.set_class(roomy, "-roomy")
        view = self.query_one(ScoringView)
        if view.roomy != roomy:
            view.roomy = roomy
            view.refresh(layout=True)

    def on_resize(self, event: Resize) -> None:
        self._fit(*event.size)

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


class GameOverScreen(Translated, ModalScreen[str]):
    """Winner, final score and every hand's points; dismisses with "again", "new" or "quit"."""

    CSS_PATH = SCORING_TCSS

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
        with Vertical(id="game-over", classes=f"panel sides-{len(self.side_names)}"):
            last = self.scores[-1] if self.scores else None
            banner = outcome(last, self.side_names, self.target) if last else ""
            if banner.startswith("You win"):
                banner = banner.removesuffix(".") + "!"
            yield Static(banner or f"{self.side_names[self.winner]} won", id="banner")
            hands = f"{len(self.scores)} hand{'s' if len(self.scores) != 1 else ''}"
            yield Static(f"First to {self.target} · {hands} · each hand: points, then the total", id="final")
            with Horizontal(id="hands-head"):  # the column names stay in view when the rows scroll
                yield HandsView(self.scores, self.side_names, self.winner, part="head")
            with VerticalScroll(id="hands-table"):
                yield HandsView(self.scores, self.side_names, self.winner, part="rows")
            with Horizontal(id="over-buttons"):
                yield Button("Play again (Enter)", id="again", variant="primary")
                yield Button("New game… (n)", id="new")
                yield Button("Quit (q)", id="quit", variant="error")
        yield Footer()

    def on_mount(self) -> None:
        if not self.query("#hands-table") or not self.query("#again"):
            # The panel's own widgets not mounted yet (seen once at the end of a game played
            # fast in a real terminal): set up once they are, rather than fail.
            self.call_after_refresh(self.on_mount)
            return
        self.query_one("#game-over").border_title = "Game over"
        self.query_one("#hands-table").scroll_end(animate=False)  # a long game: the final row in view
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
        again = self.query("#again")
        return not again or again.first(Button).disabled  # not mounted yet: not ready either

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
