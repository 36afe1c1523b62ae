"""End of a hand (the scoring table) and the game-over screen (every hand's points).

Both survive a change of language (README.md, Languages): :meth:`retranslate` rewrites
their words in place (the tables make theirs when drawn), keeping the pause before Enter
works and the scroll of the hands.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import ModalScreen
from textual.visual import visualize
from textual.widgets import Static

from ...engine import HandScore
from ...engine.text import N_, _, ngettext
from ...engine.words import side_name
from ...table.base import YOU
from ..helpkeys import help_bindings
from ..card_render import DeckStyle, screen_class
from ..scoring_view import HandsView, ScoringView, outcome
from ..styles import DIALOGS_TCSS, SCORING_TCSS
from ..translate import Translated
from ..widgets.button import Button
from ..widgets.footer import FitFooter
from .dialogs import tabbed_to


class _Named:
    """The sides' names of a scoring screen, said again in the language in use after a
    change of language: the player's own name, and the pairs of partners from their seats'
    names ("You & Carla" -> "Tu e Carla")."""

    side_names: list[str]
    seat_names: list[str] | None  # per seat, as shown when the screen was made
    _you: str  # the player's name as those names say it

    def _rename(self, sides) -> None:
        """``sides``: the seats of each side (a score's ``sides``), or None if not known."""
        now = _(YOU)
        if self.seat_names is not None and sides:
            self.seat_names = [now if n == self._you else n for n in self.seat_names]
            self.side_names = [side_name(self.seat_names[s] for s in side.seats) for side in sides]
        else:
            self.side_names = [now if n == self._you else n for n in self.side_names]
        self._you = now

# The rows of a large terminal's scoring screen besides its table (scoring.tcss): the footer,
# the panel's border and padding, and the Next hand button under a blank line.
ROOMY_FRAME = 7


class HandOverScreen(_Named, Translated, ModalScreen[None]):
    """The scoring of one hand; Enter (or Space, as in the game) continues.

    For ``pause`` seconds after it appears the screen does not continue (its button is
    disabled), so that a quick second Enter after the hand's last play cannot skip the
    scoring unseen.
    """

    BINDINGS = [
        Binding("enter", "continue", N_("continue"), id="hand.continue", priority=True),
        Binding("space", "continue", N_("continue"), id="hand.continue_space", show=False, priority=True),
        Binding("escape", "continue", N_("continue"), id="hand.continue_esc", show=False),
        *help_bindings("hand", at="scoring", show=True),
        Binding("q", "app.quit_game", N_("quit"), id="hand.quit"),
    ]

    CSS_PATH = [DIALOGS_TCSS, SCORING_TCSS]  # loaded with the screen, not before the first frame

    def __init__(self, score: HandScore, side_names: list[str], deck: DeckStyle, target: int,
                 game_over: bool, pause: float = 0.0, seat_names: list[str] | None = None) -> None:
        super().__init__()
        self.score, self.side_names, self.deck, self.target = score, side_names, deck, target
        self.seat_names = seat_names  # the last sweep and the leftovers name the seat
        self.pause = pause
        self.game_over = game_over
        self._you = _(YOU)  # the player's name as the side names say it

    def _button_label(self) -> str:
        return _("See the result (Enter)") if self.game_over else _("Next hand (Enter)")

    def _title(self) -> str:
        return _("Hand {n} — scoring").format(n=self.score.hand)

    def compose(self) -> ComposeResult:
        with Vertical(id="hand-over", classes=f"panel sides-{len(self.score.sides)}"):
            with VerticalScroll(id="hand-body"):
                yield ScoringView(self.score, self.side_names, self.deck, self.target, self.seat_names,
                                  id="breakdown")
            with Horizontal(id="continue-row"):
                yield Button(self._button_label(), id="continue", variant="primary")
        yield FitFooter()

    async def retranslate(self) -> None:
        """Every word in the language now in use; the pause before Enter goes on."""
        self._rename(self.score.sides)
        self.query_one("#hand-over").border_title = self._title()
        self.query_one("#continue", Button).label = self._button_label()
        self.query_one(ScoringView).show(self.score, self.side_names, self.deck, self.target, self.seat_names)
        self.refresh_bindings()

    def on_mount(self) -> None:
        if not self.query("#continue") or not self.query(ScoringView):
            # The panel's widgets not mounted yet (keys pressed fast at the end of a hand in a
            # real terminal): set up once they are, rather than fail (as GameOverScreen).
            self.call_after_refresh(self.on_mount)
            return
        panel = self.query_one("#hand-over")
        panel.border_title = self._title()
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
        if view.roomy != roomy or view.rows != height - ROOMY_FRAME:
            view.roomy, view.rows = roomy, height - ROOMY_FRAME
            view.refresh(layout=True)

    def on_resize(self, event: Resize) -> None:
        if self.query(ScoringView):
            self._fit(*event.size)

    def ready(self) -> None:
        """From now on Enter continues."""
        button = self.query_one("#continue", Button)
        button.disabled = False
        button.focus()
        self.refresh_bindings()

    @property
    def waiting(self) -> bool:
        button = self.query("#continue")
        return not button or button.first(Button).disabled  # not mounted yet: not ready either

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


class RematchLine(Static):
    """The game-over screen's line at an online table about who wants to play again, as tall
    as the longest line it can come to say (``forms``) and never shorter than it has been at
    this width: the buttons under it stay where they are as people answer, or leave."""

    def __init__(self, text: str, forms: Callable[[], list[str]], **options) -> None:
        super().__init__(text, markup=False, **options)
        self.forms = forms
        self._tallest: dict[int, int] = {}  # the rows taken at each width so far

    def get_content_height(self, container, viewport, width: int) -> int:
        height = super().get_content_height(container, viewport, width)
        for form in self.forms():
            height = max(height, visualize(self, form, markup=False).get_height(self.styles, width))
        height = max(height, self._tallest.get(width, 0))
        self._tallest[width] = height
        return height

    def retranslated(self) -> None:
        """Another language: the room its own lines take, from now on."""
        self._tallest.clear()
        self.clear_cached_dimensions()


SHORT_ONLINE = 30  # rows below which an online game-over screen shortens its hands' table


class GameOverScreen(_Named, Translated, ModalScreen[str]):
    """Winner, final score and every hand's points; dismisses with "again", "new" or "quit"
    (at an online table "again", "lobby" or "quit": ``rematch`` writes the line saying who
    wants to play again)."""

    CSS_PATH = [DIALOGS_TCSS, SCORING_TCSS]  # loaded with the screen, not before the first frame

    BINDINGS = [
        Binding("enter", "choose('again')", N_("play again"), id="over.again", priority=True),
        Binding("n", "choose('new')", N_("new game…"), id="over.new"),
        # TRANSLATORS: footer of an online game's end: back to the server's lobby (its tables).
        Binding("l", "choose('lobby')", N_("lobby"), id="over.lobby"),
        Binding("q", "choose('quit')", N_("quit"), id="over.quit"),
        *help_bindings("over"),
    ]

    def __init__(self, scores: list[HandScore], side_names: list[str], winner: int, mine: bool,
                 target: int, pause: float = 0.0, seat_names: list[str] | None = None,
                 rematch: Callable[[], str] | None = None,
                 rematch_forms: Callable[[], list[str]] | None = None, deck: DeckStyle = DeckStyle(),
                 leaving: Callable[[str, Callable[[], None]], None] | None = None) -> None:
        super().__init__()
        # ``leaving(choice, go)``: the app's say before "quit", "new" or "again" leave the game,
        # which calls ``go()`` to leave (it asks first where that loses the finished game)
        self.leaving = leaving
        self.deck = deck  # the game's: its ASCII mode marks the winner's total with ">"
        self.rematch = rematch  # an online table: who wants to play again there
        self.rematch_forms = rematch_forms or (lambda: [])  # every line it can come to, for the room
        self.pause = pause  # like the scoring screen: a quick extra Enter cannot skip the result
        self.scores, self.side_names, self.winner, self.mine = scores, side_names, winner, mine
        self.seat_names = seat_names
        self.target = target
        self._you = _(YOU)  # the player's name as the side names say it

    def _banner(self) -> str:
        last = self.scores[-1] if self.scores else None
        banner = outcome(last, self.side_names, self.target) if last else ""
        if banner and self.mine:  # the player's side won
            # TRANSLATORS: the player won: {result} is "You win the game, 11 to 7" (no full stop).
            banner = _("{result}!").format(result=banner.removesuffix("."))
        # TRANSLATORS: the game-over banner when no score is known; {name} is the winning side.
        return banner or _("{name} won").format(name=self.side_names[self.winner])

    def _final(self) -> str:
        hands = ngettext("{n} hand", "{n} hands", len(self.scores)).format(n=len(self.scores))
        # TRANSLATORS: under the game-over banner: {target} the points to win ("to 1 point",
        # "to 11 points" where your words name them), {hands} is "7 hands"; the table below
        # lists each hand's points and then the running total.
        return ngettext("First to {target} · {hands} · each hand: points, then the total",
                        "First to {target} · {hands} · each hand: points, then the total", self.target).format(
            target=self.target, hands=hands)

    def compose(self) -> ComposeResult:
        with Vertical(id="game-over", classes=f"panel sides-{len(self.side_names)}"):
            yield Static(self._banner(), id="banner", markup=False)  # names: plain text
            yield Static(self._final(), id="final")
            with Horizontal(id="hands-head"):  # the column names stay in view when the rows scroll
                yield HandsView(self.scores, self.side_names, self.winner, part="head", deck=self.deck)
            with VerticalScroll(id="hands-table"):
                yield HandsView(self.scores, self.side_names, self.winner, part="rows", deck=self.deck)
            if self.rematch is not None:
                yield RematchLine(self.rematch(), self.rematch_forms, id="rematch")
            with Horizontal(id="over-buttons"):
                yield Button(_("Play again (Enter)"), id="again", variant="primary")
                if self.rematch is not None:
                    yield Button(_("Lobby (l)"), id="lobby")
                else:
                    yield Button(_("New game… (n)"), id="new")
                # Quit as plain as New game…: after a game it loses nothing, and in red it drew
                # the eye from Play again, the screen's first choice.
                yield Button(_("Quit (q)"), id="quit")
        yield FitFooter()

    def _fit(self, height: int) -> None:
        """On a short terminal the line about a rematch (two or three lines with long names)
        takes rows from the hands' table, which scrolls, so that the buttons stay in view."""
        self.set_class(self.rematch is not None and height < SHORT_ONLINE, "-short")

    def on_resize(self, event: Resize) -> None:
        self._fit(event.size.height)

    def show_rematch(self) -> None:
        """Who wants to play again, as the table says now."""
        if self.rematch is not None:
            for line in self.query("#rematch").results(Static):
                line.update(self.rematch())

    async def retranslate(self) -> None:
        """Every word in the language now in use; the pause and the scroll are kept."""
        self._rename(self.scores[-1].sides if self.scores else None)
        self.query_one("#banner", Static).update(self._banner())
        self.query_one("#final", Static).update(self._final())
        for view in self.query(HandsView):
            view.side_names = self.side_names
            view.refresh(layout=True)
        self.query_one("#again", Button).label = _("Play again (Enter)")
        for button, label in (("new", _("New game… (n)")), ("lobby", _("Lobby (l)"))):
            for found in self.query(f"#{button}").results(Button):
                found.label = label
        self.query_one("#quit", Button).label = _("Quit (q)")
        for line in self.query("#rematch").results(RematchLine):
            line.retranslated()
        self.show_rematch()
        self.query_one("#game-over").border_title = _("Game over")
        self.refresh_bindings()

    def on_mount(self) -> None:
        if not self.query("#hands-table") or not self.query("#again"):
            # The panel's own widgets not mounted yet (seen once at the end of a game played
            # fast in a real terminal): set up once they are, rather than fail.
            self.call_after_refresh(self.on_mount)
            return
        self.query_one("#game-over").border_title = _("Game over")
        self._fit(self.app.size.height)
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
        if action == "choose" and parameters in (("new",), ("lobby",)):  # a local game's, an online one's
            return (parameters == ("lobby",)) == (self.rematch is not None)
        if (action == "choose" and parameters == ("again",) and self.is_mounted and self.waiting
                and tabbed_to(self, "again") is None):
            return None
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self._leave(event.button.id or "quit")

    def action_choose(self, what: str) -> None:
        if what == "again":
            other = tabbed_to(self, "again")  # Enter presses the button the player tabbed to
            if other is not None:
                other.press()
                return
            if self.waiting:
                return
        self._leave(what)

    def _leave(self, what: str) -> None:
        if self.leaving is None or what == "lobby":
            self.dismiss(what)
        else:
            self.leaving(what, lambda: self.dismiss(what))
