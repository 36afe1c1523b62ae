"""The game screen: table, hand, opponents, scores and log; the player's turn and the AI turns.

The screen keeps a small picture of the hand (table, hand sizes, piles, scores) that it
updates from the events of its table, and pushes it into the widgets' reactive
attributes.  It knows the game only through the table interface
(``scopa_tui/table/base.py``): a local game and one on a server look the same to it.
The player sits at the bottom, whatever their seat.
"""

from __future__ import annotations

import re
import string
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.events import Key, Resize
from textual.geometry import Offset
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import HelpPanel, Static

from ...engine import CARDS, CATEGORY_NAMES, OPTIONS, Dealt, GameEnded, GameStarted, HandEnded, Move, Played, Redealt
from ...engine.events import Event
from ...engine.view import keep_places
from ...store.words import deal_sweep_text, deal_sweeps_word, preset_word, sweep_count
from ...table.base import AwayPlay, Preview, Table
from ..card_render import SCREEN_CARD_SIZES, SCREEN_CLASSES, SIZES, DeckStyle, held, screen_class, suit_role
from ..helpkeys import help_bindings
from ..messages import EngineEvent, HandCardClicked, HintReady, TableCardClicked, TableNotice, WorkDone
from ..responsive import quick_switches
from ..widgets.cards import HandView, SeatInfo, SeatView, TableView
from ..widgets.footer import FitFooter
from ..widgets.legible import legible
from ..widgets.motion import FlyingCard, card_spot, flight_time
from ..widgets.play_button import PlayButton
from ..widgets.prompt import Prompt
from ..widgets.scoreboard import PlayLog, ScoreBoard, SideInfo, styled_text
from ..translate import Translated
from ..wrapping import glued
from ...engine.text import N_, _, ngettext, npgettext, pgettext
from ...engine.words import elides, labelled, side_score
from .fresh import StyledOnMount

if TYPE_CHECKING:  # the scoring loads with the first hand scored (engine/__init__.py)
    from ...engine.scoring import HandScore

COMMAND_KEYS = {"h", "q"}
TABLE_LETTERS = [c for c in string.ascii_lowercase if c not in COMMAND_KEYS]
# A seat's news on a server, by its status (the log and a notification).
SEAT_NEWS = {"joined": N_("{name} sat down"), "left": N_("{name} lost the connection"),
             "returned": N_("{name} is back"), "away": N_("{name} is away: the AI plays for them"),
             "ai": N_("{name} left: the AI plays the seat"),
             # the game began with the AI in a seat nobody took (one left free at a game's end)
             "ai_seated": N_("{name} takes the free seat: the AI plays it"),
             # this player's own seat, taken back from the AI (net/remote.py)
             "taken_back": N_("You are back: the AI played for you while you were away"),
             # after the game's end (net/remote.py): asked to play again at the table, or left it
             "rematch": N_("{name} wants to play again"), "gone": N_("{name} left the table"),
             # this player's own seat, now played by the AI (the turn limit passed, the link dropped)
             "you_away": N_("You are away: the AI plays for you until you press a key"),
             # before the start: the table's creator left it, or went and did not come back
             "you_start": N_("{name} is not at the table: you may start it now (Enter)")}
# The footer's (and the Keys panel's) words for the number keys, marked one by one.
CARD_KEY_WORDS = (N_("card 1"), N_("card 2"), N_("card 3"), N_("card 4"), N_("card 5"), N_("card 6"),
                  N_("card 7"), N_("card 8"), N_("card 9"), N_("card 10"))
CHAT_TOAST_SECONDS = 4.0  # a chat line's notice stays this long, and no other shows meanwhile
CHAT_TOAST_CELLS = 60  # columns of a chat line shown in its notice (the log has it whole)
BANNER_SECONDS = 4.0  # how long a rule moment's banner stays (a key clears it sooner)
REDEAL_HOLD = 3.0  # how long the void table of a three-kings redeal stays drawn (pace > 0)

# Where the other seats sit around the table, by player count (the player is at the
# bottom; play goes round to the right): the top row left to right, the left and the
# right columns top to bottom.  Partners sit opposite each other.
SEAT_PLACES: dict[int, dict[str, tuple[int, ...]]] = {
    2: {"top": (1,), "left": (), "right": ()},
    3: {"top": (2, 1), "left": (), "right": ()},
    4: {"top": (2,), "left": (3,), "right": (1,)},
    6: {"top": (3,), "left": (4, 5), "right": (2, 1)},
}


@dataclass
class HandPicture:
    """What everybody can see of the current hand, kept up to date from engine events."""

    hand_no: int = 0
    dealer: int = 0
    table: tuple[int, ...] = ()
    my_hand: tuple[int, ...] = ()
    hand_sizes: list[int] = field(default_factory=list)
    stock: int = 0
    pile: list[int] = field(default_factory=list)  # per side
    coins: list[int] = field(default_factory=list)
    seat_pile: list[int] = field(default_factory=list)  # per seat: what each seat took
    seat_coins: list[int] = field(default_factory=list)
    seat_scope: list[list[int]] = field(default_factory=list)
    scope_cards: list[list[int]] = field(default_factory=list)
    deal_sweeps: list[int] = field(default_factory=list)  # per side: Escoba's escobas of the deal (no card)
    settebello: list[bool] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)


TOP_GAP = 3  # the least room between the top bar's two halves: the game, and its moment


_PARENTHESIS = re.compile(r"\([^()]*\)")  # "(18 left)", "(ne restano 18)": the play log keeps it whole

# The actions of the keys that choose and play a card (and Enter's "the result again").
PLAY_ACTIONS = ("select_step", "select", "toggle", "clear", "cycle", "hint", "play", "result")


def waiting_line(names: list[str], plain: str, elided: str) -> str:
    """A line that waits for ``names``: ``plain`` with ``{names}`` filled ("Bruno, Carla"),
    or ``elided`` where the language elides the word before the first name (French "en
    attente d'Anna": :func:`~scopa_tui.engine.words.elides`)."""
    return (elided if elides(names[0]) else plain).format(names=", ".join(names))


def _free_seat_line(n: int, name: str) -> str:
    """Game ``n`` of an online table waits for a player in the seat ``name`` left."""
    if elides(name):
        # TRANSLATORS: as the message without context, where {name} begins with a sound your
        # language elides the word before: French "la place d'Anna est libre". Other
        # languages never show it: write it as the message without context.
        template = pgettext("elided", "Game {n} at this table: {name}'s seat is free, the table waits for a player")
    else:
        # TRANSLATORS: a rematch began without a player who left: {name} sat in the seat
        # now free ("Anna's seat is free"); {n} is the table's game (2, 3 ...).
        template = _("Game {n} at this table: {name}'s seat is free, the table waits for a player")
    return template.format(n=n, name=name)


def _rematch_offer() -> str:
    """The game-over line at an online table before anyone asks to play again."""
    return _("Play again: another game at this table, once everyone at it says yes.")


def _asked_line(names: list[str]) -> str:
    """The game-over line once this seat asked to play again: who it waits for."""
    return waiting_line(
        names,
        # TRANSLATORS: {names} have not yet said yes to another game at the online table; the
        # plural form is for two names or more ("Bruno, Carla": Tagalog "sina", not "si").
        ngettext("You asked to play again: waiting for {names}.",
                 "You asked to play again: waiting for {names}.", len(names)),
        # TRANSLATORS: as "You asked to play again: waiting for {names}.", where {names}
        # begins with a sound your language elides the word before: French "en attente
        # d'Anna". Other languages never show it: write it as the message without context.
        npgettext("elided", "You asked to play again: waiting for {names}.",
                  "You asked to play again: waiting for {names}.", len(names)))


def _wanted_line(names: list[str]) -> str:
    """The game-over line naming the others who asked to play again."""
    # TRANSLATORS: {names} asked to play again after an online game: "Bruno" or "Bruno, Carla".
    return ngettext("{names} wants to play again at this table.", "{names} want to play again at this table.",
                    len(names)).format(names=", ".join(names))


def set_border(widget: Widget, title: str, subtitle: str | None) -> None:
    """A widget's border title and subtitle (None: as it is), as plain text: a border reads a
    str as markup, and a partner's name from a server of another make ("[/]Bruno") stopped
    the app. Textual redraws the widget on every assignment, so only a changed one is
    assigned (a key press redrew the table for nothing)."""
    title_text = Content(title)
    if widget.border_title != title_text.markup:
        widget.border_title = title_text
    subtitle_text = Content(subtitle) if subtitle is not None else None
    if subtitle_text is not None and widget.border_subtitle != subtitle_text.markup:
        widget.border_subtitle = subtitle_text


class GameScreen(Translated, StyledOnMount, Screen):
    """One game, from the first deal to the game-over screen."""

    BINDINGS = [
        # TRANSLATORS: footer: the arrow keys choose a card of your hand.
        Binding("left", "select_step(-1)", N_("card"), id="game.left", key_display="←→"),
        Binding("right", "select_step(1)", N_("card"), id="game.right", show=False),
        *[Binding(str(n), f"select({n - 1})", CARD_KEY_WORDS[n - 1], id=f"game.card{n}", show=False)
          for n in range(1, 10)],
        Binding("0", "select(9)", CARD_KEY_WORDS[9], id="game.card10", show=False),  # Scopone's tenth card
        Binding("tab", "cycle", N_("next capture"), id="game.cycle"),
        # TRANSLATORS: the Keys panel: Shift+Tab steps back through the chosen card's captures.
        Binding("shift+tab", "cycle(-1)", N_("previous capture"), id="game.cycle_back", show=False),
        # Space does what Enter does, as in other card games (README.md, Playing); the footer names
        # Enter only, the keys panel both ("⏎ Space play").
        # TRANSLATORS: footer: at an online table waiting for players, Enter starts the game (a verb).
        Binding("enter", "start_table", N_("start"), id="game.start"),
        Binding("space", "start_table", N_("start"), id="game.start_space", show=False),
        # TRANSLATORS: footer: Enter plays the chosen card (a verb).
        Binding("enter", "play", N_("play"), id="game.play"),
        Binding("space", "play", N_("play"), id="game.play_space", show=False),
        # TRANSLATORS: footer: at an online table whose game is over, Enter shows the result again.
        Binding("enter", "result", N_("result"), id="game.result"),
        Binding("space", "result", N_("result"), id="game.result_space", show=False),
        Binding("escape", "clear", N_("clear"), id="game.clear"),
        # TRANSLATORS: the Keys panel: a letter key adds or removes that table card.
        *[Binding(ch, f"toggle('{ch}')", N_("table card"), id=f"game.table_{ch}", show=False)
          for ch in TABLE_LETTERS],
        Binding("h", "hint", N_("hint"), id="game.hint"),
        *help_bindings("game", show=True),
        Binding("exclamation_mark", "chat", N_("chat"), id="game.chat"),
        Binding("q", "quit_game", N_("quit"), id="game.quit"),
    ]
    # Left out of the footer where its keys would not fit (widgets/footer.py): the line under
    # the table says ←/→ when a card is to be chosen.
    FOOTER_SPARE = ("select_step(-1)",)

    def __init__(self, table: Table, deck: DeckStyle, ai_delay: float = 0.8) -> None:
        super().__init__()
        self.table = table
        self.deck = deck
        self._ai_delay = ai_delay
        table.pace = ai_delay
        self.pic = HandPicture()
        self.selected: int | None = None  # index in my hand
        self.capture: frozenset[int] = frozenset()
        self.sets: list[tuple[int, ...]] = []
        self.set_index = 0
        self.thinking: int | None = None  # the other seat whose turn it is (until its play shows)
        self._said_offline = False  # whether the line under the table says that seat is offline
        self.preview: tuple[int, Move] | None = None
        self.token = 0
        self.message: Text = Text("")  # the line under the table
        self.hint_pending = False
        self._footer_turn: tuple | None = None  # what the footer and the keys panel were drawn for (_refresh_widgets)
        # The play log's (text, kind, again): ``again`` says the line anew in the language in
        # use (None: a line that has no other words, e.g. a chat line), to redraw the log.
        self.log_entries: list[tuple[str, str, Callable[[], str] | None]] = []
        self.slots: list[int | None] = []  # the table's card per letter slot (None: a free slot)
        self.size_class = "normal"  # compact, normal, large, xlarge or xxlarge: see card_render.screen_class
        self.redeal: Redealt | None = None  # a void deal being shown (its turn waits)
        self.leftover: tuple[tuple[int, ...], int] | None = None  # the last cards going to a side (its number)
        self._scoring_soon = None  # (the timer, the call) of a hand's scoring shown after the leftovers
        # The hand just scored whose last cards are still on the table: the pile lines count
        # them when they leave it (_take_leftovers), so that no pile shows two numbers.
        self._unpiled: HandScore | None = None
        self._last_hand = 0  # the hand whose end the line under the table says
        self._game_winner: int | None = None  # the side that won the game, once it is over
        self._last_capturer: int | None = None  # the seat that captured last this hand
        self._redeals: list[Redealt] = []  # redeals waiting for their hand's header in the log
        self._meanwhile: list[Callable[[], str]] = []  # the log's lines while an online table waits (their again)
        self._chat_toast_until = 0.0  # monotonic time the chat notice on screen goes (CHAT_TOAST_SECONDS)
        self._banner_timer = None
        self._clock = None  # the top bar's timer (a table with a turn limit)
        self._topbar: Text | None = None  # the top bar's text on screen
        # What writes the line under the table and the banner, called again on a language change.
        self._message_source: Callable[[], Text] | None = None
        self._banner_source: Callable[[], Text] | None = None
        self._shown = False  # the first frame drawn (_first_shown): an AI's turn waits for it
        self._turn_waits = False
        # The table's events and chat lines when the screen last drew the game from it
        # (_draw_afresh), by id: their notices, still queued, are already on screen and not taken again.
        self._drawn: dict[int, object] = {}

    # --- layout ----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        # The size class before the widgets mount: set in on_mount it restyled the whole screen.
        self.add_class(f"-{screen_class(*self.app.size)}", update=False)
        # The table started before the widgets mount, so that the hand has its first turn's
        # class when it is styled: set later, it restyled the hand (README, Benchmark).
        self.table.attach(self)
        self._unsubscribe = self.table.subscribe(self._from_table)
        self._started_here = self.table.phase == "new"
        if self._started_here:
            self.table.start()  # its events wait in the queue for on_mount, as before
        n = self.table.rules.players
        # The places are for seats counted from the player's; the widgets keep the real seat.
        places = {where: tuple((self.me + r) % n for r in seats) for where, seats in SEAT_PLACES[n].items()}
        yield Static(id="topbar")
        yield Static(id="moment")
        with Horizontal(id="main"):
            with Vertical(id="play"):
                with Horizontal(id="top-seats"):
                    for seat in places["top"]:
                        yield SeatView(id=f"seat-{seat}", classes="seat -top")
                with Horizontal(id="middle"):
                    if places["left"]:
                        with Vertical(id="left-seats", classes="seat-column"):
                            for seat in places["left"]:
                                yield SeatView(id=f"seat-{seat}", classes="seat -side")
                    yield TableView(id="table")
                    if places["right"]:
                        with Vertical(id="right-seats", classes="seat-column"):
                            for seat in places["right"]:
                                yield SeatView(id=f"seat-{seat}", classes="seat -side")
                yield Prompt(id="prompt", on_lines=self._prompt_lines)
                with Horizontal(id="hand-row"):
                    yield HandView(id="hand", classes="-turn" if self._my_turn() else None)
                    with Vertical(id="play-column"):
                        yield PlayButton(_("Play ⏎"), id="play-button", disabled=True)  # never focused
            with Vertical(id="side"):
                yield ScoreBoard(id="scores")
                yield PlayLog(id="log")
        yield FitFooter(show_command_palette=False)

    def on_mount(self) -> None:
        self.call_after_refresh(self._first_shown)  # before anything the mount asks for after refresh
        self._deck_to_widgets()
        self._apply_size_class(*self.app.size)
        self.query_one(ScoreBoard).target = self.table.rules.target
        escoba = self.table.rules.variant_info.sweep_name == "escoba"
        self.query_one(ScoreBoard).words = ("velo", "escoba") if escoba else ("settebello", "scopa")
        self._words_to_widgets()
        # a new theme: the cards named under the table in its colours (the old theme's were pale
        # suit colours on a light background); the signal comes once every style is the new one's
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._say_again())
        if not self._started_here:  # a game already under way (resumed, or on a server): draw it from the table
            self._draw_afresh()

    def _first_shown(self) -> None:
        """The screen's first frame is on screen: a turn that waited for it starts (an AI's
        thinking, the search process and the card's flight no longer delay that frame)."""
        self._shown = True
        if self._turn_waits:
            self._turn_waits = False
            self.table.next_turn()

    def on_unmount(self) -> None:
        self._unsubscribe()
        self.app.theme_changed_signal.unsubscribe(self)  # its callback would keep the screen alive

    def _words_to_widgets(self) -> None:
        """The words the widgets are given once: titles and the play button."""
        self.query_one("#scores").border_title = _("Score")
        self.query_one("#log").border_title = _("Plays")
        self.query_one("#play-button", PlayButton).label = _("Play ⏎")

    async def retranslate(self) -> None:
        """Every word of the screen in the new language, in place: the game, the choice, the
        picture and the focus stay (composing the screen again would lose them).  Lines
        in the log are written again in the new language (a chat line stays as it was typed)."""
        self._words_to_widgets()
        self._rewrite_log()  # every line of the log, in the new language
        self._topbar = None  # drawn again even where only its words changed
        self._say_again()
        for widget in (self.query_one(TableView), self.query_one(HandView), self.query_one(ScoreBoard),
                       *self.query(SeatView)):
            widget.refresh(layout=True)  # their own words ("the table is empty", "pile", ...)
        self._refresh_widgets()
        self.refresh_bindings()

    def _say_again(self) -> None:
        """The banner shown and the line under the table written again, in the language and
        the theme's colours now in use: what it says (a hint stays a hint: the choice it made
        was explained instead, "✓ 7◉ takes 3† + 4♣"), or the choice's explanation written anew."""
        if self._banner_source is not None and self.query_one("#moment", Static).has_class("-shown"):
            self.query_one("#moment", Static).update(self._banner_source())
        if self._message_source is not None:
            self._set_message(self._message_source, keep_state=True)
        elif self._my_turn() and self._chosen():
            self._validate()

    def _draw_afresh(self) -> None:
        # A table on a server reads its messages ahead of the screen: the events it has taken
        # are drawn here, and their notices still on the way would be logged and counted twice.
        self._drawn = {id(e): e for e in (*self.table.events, *(line for _at, line in self.table.chat_lines))}
        self._rebuild_log()
        self._picture_from_game()
        self.call_after_refresh(self._show_state)  # widgets set during on_mount need a refresh

    # --- the table: what the screen reads, and the runner it lends (table/base.py) ---------
    @property
    def me(self) -> int:
        """The player's seat: drawn at the bottom."""
        return self.table.my_seat

    @property
    def names(self) -> list[str]:
        return self.table.names

    @property
    def side_names(self) -> list[str]:
        return self.table.side_names

    @property
    def ai_delay(self) -> float:
        """How long an AI's play stays in view before it is made (and cards fly above 0)."""
        return self._ai_delay

    @ai_delay.setter
    def ai_delay(self, delay: float) -> None:
        self._ai_delay = delay
        self.table.pace = delay

    def later(self, seconds: float, callback) -> None:
        if seconds > 0:
            self.set_timer(seconds, callback)
        else:  # after the messages already queued (a Preview just posted, say)
            self.call_later(callback)

    def in_thread(self, work, done) -> None:
        self._in_thread(work, done)

    @work(thread=True, exclusive=True, group="ai")
    def _in_thread(self, work, done) -> None:
        with quick_switches():  # keys stay quick while an AI searches (ui/responsive.py)
            result = work()
        self.post_message(WorkDone(done, result))

    def decide(self, player, view):
        """In the AI's worker thread: ``player.choose(view)``, a search level's in the app's
        search process when it has one (ai/searchproc.py), so that keys stay quick."""
        searcher = getattr(self.app, "searcher", None)
        return searcher.choose(player, view) if searcher is not None else player.choose(view)

    @on(WorkDone)
    def _work_done(self, message: WorkDone) -> None:
        message.done(message.result)

    def _from_table(self, item) -> None:
        """Everything the table says comes back through the message queue, in order."""
        if isinstance(item, Event):
            self.post_message(EngineEvent(item))
        else:  # a Preview, or what a remote table says (table/notices.py)
            self.post_message(TableNotice(item))

    def _deck_to_widgets(self) -> None:
        for widget in (self.query_one(TableView), self.query_one(HandView), self.query_one(ScoreBoard),
                       *self.query(SeatView)):
            widget.deck = self.deck

    def set_deck(self, deck: DeckStyle) -> None:
        """Draw everything in another deck style at once (e.g. ASCII suits turned on)."""
        self.deck = deck
        self._deck_to_widgets()
        self._rewrite_log()
        if self.selected is not None and self._my_turn():
            self._validate()
        self._refresh_widgets()

    def _log(self, text: str, kind: str, again: Callable[[], str] | None = None) -> None:
        self.log_entries = self.log_entries[-199:] + [(text, kind, again)]  # the log keeps 200 lines
        self.query_one(PlayLog).add(text, self.deck, kind)

    def _rewrite_log(self) -> None:
        """The whole log again, in the deck style and the language in use."""
        self.log_entries = [(again() if again is not None else text, kind, again)
                            for text, kind, again in self.log_entries]
        log = self.query_one(PlayLog)
        log.reset()
        for text, kind, _again in self.log_entries:
            log.add(text, self.deck, kind)

    def _log_event(self, event) -> None:
        """The log's lines for one engine event, each able to say itself again in another
        language (the redeals before a hand are logged under its header, with it)."""
        if isinstance(event, Redealt):
            self._redeals.append(event)
            return
        redeals: tuple = ()
        if isinstance(event, Dealt) and event.first:
            redeals, self._redeals = tuple(self._redeals), []
        for i, (text, kind) in enumerate(self._lines_for(event, redeals)):
            self._log(text, kind, lambda e=event, r=redeals, i=i: self._lines_for(e, r)[i][0])

    def _show_state(self) -> None:
        self.query_one("#prompt", Static).update(self.message, layout=False)
        self._refresh_widgets()

    def _picture_from_game(self) -> None:
        table, pic = self.table, self.pic
        pic.totals = list(table.totals)
        sides = table.rules.n_sides
        pic.pile, pic.coins, pic.deal_sweeps = [0] * sides, [0] * sides, [0] * sides
        pic.scope_cards, pic.settebello = [[] for _unused in range(sides)], [False] * sides
        self._reset_seat_piles()
        self._unpiled, self._last_capturer = None, None
        if table.phase == "waiting":  # a table on a server before its game
            self._refresh_widgets()
        elif table.phase == "play":
            view = table.view()
            pic.hand_no, pic.dealer, pic.table = view.hand_no, view.dealer, tuple(view.table)
            self._slots_from(view)
            pic.my_hand, pic.hand_sizes, pic.stock = (held(view.hand, table.rules.variant_info.hand_cards),
                                                      list(view.hand_sizes), view.stock)
            self._piles_from(view)
            self._next_turn()
        elif table.phase in ("hand_over", "game_over") and table.hand_scores:
            pic.hand_no, pic.dealer = table.hand_no, table.dealer
            pic.hand_sizes = [0] * table.rules.players
            view = table.view()
            if view is not None:  # a game resumed on its scoring, or its end: the piles of the hand scored
                self._piles_from(view, table.hand_scores[-1].leftover)
                self._unpiled = table.hand_scores[-1]
                self._take_leftovers()
            self._refresh_widgets()
            if table.phase == "game_over":
                self.app.show_game_over(self)
            else:
                self.app.show_hand_over(self, table.hand_scores[-1])
        elif table.phase == "game_over":
            pic.hand_no, pic.dealer = table.hand_no, table.dealer
            pic.hand_sizes = [0] * table.rules.players
            self._refresh_widgets()
            self.app.show_game_over(self)

    def _piles_from(self, view, leftover=()) -> None:
        """Every pile line of the hand in ``view``, from its piles and its plays (and the
        hand's ``leftover`` cards, in the last capturer's pile once the hand is over)."""
        pic, rules = self.pic, self.table.rules
        for i, pile in enumerate(view.captured):
            pic.pile[i] = len(pile)
            pic.coins[i] = sum(1 for c in pile if CARDS[c].suit == "d")
            pic.settebello[i] = any(CARDS[c].rank == 7 and CARDS[c].suit == "d" for c in pile)
        taken = set(leftover)
        for play in view.history:
            self._count_seat_capture(play.seat, play.card, play.capture, play.scopa)
            if play.scopa:
                pic.scope_cards[rules.side_of(play.seat)].append(play.card)
            if play.capture:
                taken.update((play.card, *play.capture))
        # Escoba: the table of the deal that the dealer took at once is in its side's pile
        # and in no play
        dealer_side = rules.side_of(view.dealer)
        dealt = [c for c in view.captured[dealer_side] if c not in taken]
        if dealt:
            self._count_deal_taken(view.dealer, dealt)
            if not any(play.capture for play in view.history):
                self._last_capturer = view.dealer
            played = sum(1 for play in view.history if play.scopa and rules.side_of(play.seat) == dealer_side)
            pic.deal_sweeps[dealer_side] = max(0, view.scope[dealer_side] - played)

    # --- engine events ---------------------------------------------------------------
    @on(EngineEvent)
    def _engine_event(self, message: EngineEvent) -> None:
        event = message.event
        if self._drawn.pop(id(event), None) is event:
            return  # drawn already with the whole state
        pic = self.pic
        self._log_event(event)
        if isinstance(event, GameStarted):
            pic.totals = [0] * self.table.rules.n_sides
            if self._meanwhile:  # what to do while the table waited: said no more once it plays
                self.log_entries = [entry for entry in self.log_entries if entry[2] not in self._meanwhile]
                self._meanwhile = []
                self._rewrite_log()
            self._game_winner = None
        elif isinstance(event, GameEnded):  # the line under the table says it from now on
            self._game_winner = event.winner
            if self.leftover is None:
                self._set_message(self._hand_over_text)
        elif isinstance(event, Dealt):
            if event.first:
                pic.hand_no, pic.dealer, pic.table = event.hand, event.dealer, tuple(event.table)
                sides = self.table.rules.n_sides
                pic.pile, pic.coins, pic.deal_sweeps = [0] * sides, [0] * sides, [0] * sides
                pic.scope_cards, pic.settebello = [[] for _unused in range(sides)], [False] * sides
                self._reset_seat_piles()
                self._unpiled, self._last_capturer = None, None
                if event.escobas:  # the dealer took the table at once (Escoba, table cards adding up to 15)
                    self._last_capturer = event.dealer
                    side = self.table.rules.side_of(event.dealer)
                    pic.deal_sweeps[side] = event.escobas
                    pic.table = ()
                    pic.pile[side] += len(event.table)
                    pic.coins[side] += sum(1 for c in event.table if CARDS[c].suit == "d")
                    self._count_deal_taken(event.dealer, event.table)
                self.slots = list(pic.table)  # a new table: letters are given afresh
            pic.my_hand = held(event.hands[self.me], self.table.rules.variant_info.hand_cards)
            pic.hand_sizes = [len(h) for h in event.hands]
            pic.stock = event.stock
            if not event.first and not event.stock:
                self._show_banner(lambda: Text(_("Last cards: the table goes to the last to capture"),
                                               style="bold"))
            if event.escobas:
                self._show_banner(lambda: Text(self._deal_sweep_text(event), style="bold"))
        elif isinstance(event, Redealt):
            self._show_redeal(event)
        elif isinstance(event, Played):
            self._on_played(event)
        elif isinstance(event, HandEnded):
            score = event.score
            pic.totals = list(score.totals)
            pic.table = ()
            self._unpiled = score
            if score.leftover and score.leftover_to is not None:
                self.leftover = (tuple(c for c in self.slots if c is not None) or tuple(score.leftover),
                                 score.leftover_to)
            else:
                self._take_leftovers()
        self._refresh_widgets()
        if isinstance(event, HandEnded):
            self._hand_ended(event)
        if self.table.events and event is self.table.events[-1]:
            self._next_turn()

    def _lines_for(self, event, redeals: tuple = ()) -> list[tuple[str, str]]:
        """The play log's lines for one engine event: (text, kind), in the language in use;
        ``redeals`` are the redeals (``Redealt``) logged under a hand's header."""
        if isinstance(event, Redealt):
            return []
        if isinstance(event, Dealt):
            mine = event.dealer == self.me
            name = self.names[event.dealer]
            if event.first:
                head = (_("— Hand {n}: You deal —") if mine else _("— Hand {n}: {name} deals —"))
                lines = [(head.format(n=event.hand, name=name), "hand")]
                # the void table's cards (four at most) on one row: not "(F◉" over "RƱ R† R♣)"
                lines += [(self._redeal_text(r) + f" ({glued(' '.join(map(str, r.table)))})", "")
                          for r in redeals]
                if event.escobas:  # Escoba: table cards adding up to 15 (or 30) go to the dealer
                    lines.append((self._deal_sweep_text(event) + f" ({' '.join(map(str, event.table))})", "scopa"))
                return lines
            more = len(event.hands[event.dealer]) if event.hands else 3
            if not event.stock:  # not "(0 left)": the line after it says these are the last
                text = (_("You deal the last cards: {n} each") if mine
                        else _("{name} deals the last cards: {n} each"))
                return [(text.format(name=name, n=more), ""),
                        (_("Last cards: the table goes to the last to capture"), "hand")]
            if mine:
                text = ngettext("You deal {n} more card each ({left} left)",
                                "You deal {n} more cards each ({left} left)", more)
            else:
                text = ngettext("{name} deals {n} more card each ({left} left)",
                                "{name} deals {n} more cards each ({left} left)", more)
            # the stock's count on one row where it fits: not "(ne" over "restano 6)"
            return [(_PARENTHESIS.sub(lambda m: glued(m.group()), text.format(name=name, n=more, left=event.stock)),
                     "")]
        if isinstance(event, Played):
            return [(self._played_text(event), "scopa" if event.scopa else "")]
        if isinstance(event, HandEnded):
            score, lines = event.score, []
            if score.leftover:
                # the cards together where they fit a row: not "…Carla: A♣" over "3◉ 6♣"; a longer
                # list (Scopone's) breaks between them, its last card not alone on a row
                cards = glued(" ".join(map(str, score.leftover)))
                if score.leftover_to is None:
                    lines.append((_("Left on the table, to nobody: {cards}").format(cards=cards), ""))
                elif (taker := self._taker(score)) == self.names[self.me]:
                    # TRANSLATORS: the play log after a hand: the player captured last and takes them.
                    lines.append((_("Left on the table, to you: {cards}").format(cards=cards), ""))
                else:
                    # TRANSLATORS: {side} is who took them: the player who captured last ("Anna").
                    lines.append((_("Left on the table, to {side}: {cards}").format(side=taker, cards=cards), ""))
            # The hand's points, each side's on a line of its own (a side's line wrapped on its own:
            # "You: 2 (Denari, 1 scopa)", then "Anna: 3 (cards, settebello, primiera)"). All on one
            # line, a row's end parted a name from its points ("Anna:", "3 (cards,") or a count
            # ("(1", "scopa)"), and left "(cards," alone on a row.
            # TRANSLATORS: the play log after a hand; each side's points follow, a line each.
            lines.append((_("Hand {n} scored").format(n=score.hand), "hand"))
            for s in score.sides:  # "Anna & Carla: 3", on one row where it fits (side_score)
                lines.append((side_score(self.side_names[s.side], s.points) + self._points_won(score, s), "hand"))
            return lines
        if isinstance(event, GameEnded):
            return [(self._winner_text(event.winner), "hand")]
        return []

    def _taker(self, score: HandScore) -> str:
        """Who took a hand's leftovers: the seat that captured last (a score of an older
        version does not say it: its side)."""
        seat = score.last_capturer
        return self.names[seat] if seat is not None else self.side_names[score.leftover_to]

    def _played_text(self, event: Played) -> str:
        """A play in the log: "Anna played 7d and took 3c 4s — scopa!"; one the AI made for a
        person away (online): "The AI played 7d for you and took 3c 4s"."""
        mine = event.seat == self.me
        if isinstance(event, AwayPlay) and event.capture:
            # TRANSLATORS: the AI played for you (or {name}) while you were away from an online table.
            text = (_("The AI played {card} for you and took {cards}") if mine
                    else _("The AI played {card} for {name} and took {cards}"))
        elif isinstance(event, AwayPlay):
            text = (_("The AI played {card} for you on the table") if mine
                    else _("The AI played {card} for {name} on the table"))
        elif event.capture:
            # TRANSLATORS: the play log; the word before {cards} stays on the row of the first card
            # taken: a no-break space keeps the words of the verb with it ("se llevó", "kinuha ang").
            text = _("You played {card} and took {cards}") if mine else _("{name} played {card} and took {cards}")
        else:
            text = _("You played {card} on the table") if mine else _("{name} played {card} on the table")
        # "took" and the first card taken on one row (ui/wrapping.py): not "Anna played 7♣ and
        # took" over "3◉ 4♣"
        text = text.replace(" {cards}", glued(" {cards}")).format(name=self.names[event.seat], card=event.card,
                           cards=" ".join(map(str, event.capture)))
        if event.scopa:
            # TRANSLATORS: a play that swept the table; {sweep} is "scopa" (Escoba: "escoba"), kept in Italian.
            text = _("{play} — {sweep}!").format(play=text, sweep=self._sweep())
        return text

    def _winner_text(self, winner: int) -> str:
        """Who won the game: the player, the player's team, another player or team."""
        seats = self.table.rules.sides[winner]
        if self.me in seats:
            return _("You won the game") if len(seats) == 1 else _("Your team won the game")
        name = self.side_names[winner]
        # TRANSLATORS: {team} names the players of a team: "Anna & Carla".
        return _("{name} won the game").format(name=name) if len(seats) == 1 else \
            _("Team {team} won the game").format(team=name)

    def _points_won(self, score, side) -> str:
        """`` (cards, Denari, 1 scopa)``: the points a side won, the coins by the deck's suit name."""
        # The rules' own words (settebello, primiera, setenta, re bello, napola) are the same in
        # every language; the most cards and the coins are said in the player's.
        # TRANSLATORS: the point for the most cards, in the log's line after a hand: "(cards, Denari)".
        words = {**CATEGORY_NAMES, "cards": pgettext("point", "cards"), "coins": self.deck.suit_word("d")}
        if self.table.rules.variant_info.sweep_name == "escoba":
            words["settebello"] = "velo"
        won = [words.get(a.point, a.point) for a in score.awards if a.side == side.side]
        if side.scope:
            won.append(sweep_count(self._sweep(), side.scope))
        # the words of each not parted at a row's end (ui/wrapping.py): "1 scopa", "re bello"
        won = [glued(w) for w in won]
        return f" ({', '.join(won)})" if won else ""

    def _sweep(self) -> str:
        """What a sweep is called in this variant: scopa, escoba.  The rules' own word, the
        same in every language (a count of them: :func:`sweep_count`)."""
        return self.table.rules.variant_info.sweep_name

    def _deal_sweep_text(self, event: Dealt) -> str:
        """Escoba: the table dealt adds up to 15 (or 30) and goes to the dealer."""
        return deal_sweep_text(sum(c.rank for c in event.table), event.escobas,
                               None if event.dealer == self.me else self.names[event.dealer])

    def _rebuild_log(self) -> None:
        """A game under way (e.g. resumed): the log of its current hand, from the game's events,
        with the chat said meanwhile in its place (a table on a server)."""
        events = list(self.table.events)
        start = max((i for i, e in enumerate(events) if isinstance(e, Dealt) and e.first), default=0)
        while start > 0 and isinstance(events[start - 1], Redealt):
            start -= 1
        chat = [(at, line) for at, line in self.table.chat_lines if at >= start]
        for i, event in enumerate(events[start:], start):
            while chat and chat[0][0] <= i:  # said before this event
                self._log_chat(chat.pop(0)[1])
            self._log_event(event)
        for _at, line in chat:
            self._log_chat(line)

    def _redeal_text(self, event: Redealt) -> str:
        # TRANSLATORS: {kings} is the deck's name for its Kings in the plural ("Re", "Reyes", "Kings").
        if event.dealer == self.me:
            text = _("Three {kings} on the table: the deal is void, you deal again")
        else:
            text = _("Three {kings} on the table: the deal is void, {name} deals again")
        return text.format(kings=self.deck.kings(), name=self.names[event.dealer])

    def _reset_seat_piles(self) -> None:
        players = self.table.rules.players
        self.pic.seat_pile, self.pic.seat_coins = [0] * players, [0] * players
        self.pic.seat_scope = [[] for _unused in range(players)]

    def _count_deal_taken(self, dealer: int, cards) -> None:
        """Escoba: the dealer took the table dealt (adding up to 15 or 30): its seat's pile
        and coins count those cards, as its side's do (the seat's line left them out)."""
        self.pic.seat_pile[dealer] += len(cards)
        self.pic.seat_coins[dealer] += sum(1 for c in cards if CARDS[c].suit == "d")

    def _count_seat_capture(self, seat: int, card: int, capture, scopa: bool) -> None:
        pic = self.pic
        if capture:
            self._last_capturer = seat
            taken = (card, *capture)
            pic.seat_pile[seat] += len(taken)
            pic.seat_coins[seat] += sum(1 for c in taken if CARDS[c].suit == "d")
        if scopa:
            pic.seat_scope[seat].append(card)

    def _slots_from(self, view) -> None:
        """The table's slots (its letters) of a hand drawn afresh (a game resumed): laid out
        as the hand's deal laid them, then kept through its plays as they were played, so
        that a card has the letter it had before the save (README, Keys).  A view that does
        not tell the deal's table letters the table afresh."""
        self.slots = []
        self._update_slots(view.hand_start_table)
        table = set(view.hand_start_table)
        for play in view.history:
            if play.capture:
                table.difference_update(play.capture)
            else:
                table.add(play.card)
            self._update_slots(table)
        if set(self.slots) - {None} != set(view.table):
            self.slots = list(view.table)

    def _update_slots(self, table) -> None:
        """Keep every card that stays on the table in its slot (and so its letter); a new
        card takes the first free slot.  Only a new deal lays the slots out afresh."""
        self.slots = keep_places(self.slots, table)

    def _on_played(self, event: Played) -> None:
        self._played_motion(event)  # read from the widgets as drawn before this play
        pic = self.pic
        side = self.table.rules.side_of(event.seat)
        pic.table = tuple(event.table)
        self._update_slots(event.table)
        self._count_seat_capture(event.seat, event.card, event.capture, event.scopa)
        pic.hand_sizes[event.seat] -= 1
        if event.seat == self.me:
            pic.my_hand = tuple(c for c in pic.my_hand if c != event.card)
        if event.capture:
            taken = (event.card, *event.capture)
            pic.pile[side] += len(taken)
            pic.coins[side] += sum(1 for c in taken if CARDS[c].suit == "d")
            if any(CARDS[c].rank == 7 and CARDS[c].suit == "d" for c in taken):
                pic.settebello[side] = True
        if event.scopa:
            pic.scope_cards[side].append(event.card)
            self._celebrate(event)

    def _celebrate(self, event: Played) -> None:
        # TRANSLATORS: the title of the notification of a sweep: "Scopa!" (Escoba: "Escoba!").
        title = _("{sweep}!").format(sweep=self._sweep().capitalize())
        if isinstance(event, AwayPlay):  # the AI's, for a person away (online)
            body = _("The AI swept the table for you with {card}") if event.seat == self.me else \
                _("The AI swept the table for {name} with {card}")
        else:
            body = _("You swept the table with {card}") if event.seat == self.me else \
                _("{name} swept the table with {card}")
        body = body.format(name=self.names[event.seat], card=self.deck.short(event.card))
        self.app.notify(body, title=title, severity="information", timeout=3)
        table = self.query_one(TableView)
        table.add_class("scopa")
        self.set_timer(1.5, lambda: table.remove_class("scopa"))

    # --- rule moments: the three-kings redeal, the last deal, the leftovers -------------
    def _show_banner(self, text: Callable[[], Text], seconds: float = BANNER_SECONDS) -> None:
        """A one-line announcement over the game, until a key or ``seconds`` pass; ``text``
        writes it (again on a language change)."""
        banner = self.query_one("#moment", Static)
        self._banner_source = text
        banner.update(text())
        banner.add_class("-shown")
        if self._banner_timer is not None:
            self._banner_timer.stop()
        self._banner_timer = self.set_timer(seconds, self._hide_banner)

    def _hide_banner(self) -> None:
        if self._banner_timer is not None:
            self._banner_timer.stop()
            self._banner_timer = None
        self.query_one("#moment", Static).remove_class("-shown")
        if self.redeal is not None:
            self.redeal = None
            self._refresh_widgets()
            self._next_turn()

    def _show_redeal(self, event: Redealt) -> None:
        """Three Kings on the table: the void table stays drawn (while the AIs wait) with a
        banner; at pace 0 nothing waits and the banner names the kings instead."""
        if self.ai_delay > 0:
            self.redeal = event
            self._show_banner(lambda: Text(self._redeal_text(event), style="bold"), REDEAL_HOLD)
        else:
            self._show_banner(lambda: Text(labelled(self._redeal_text(event)), style="bold") + Text(" ")
                              + styled_text(" ".join(map(str, event.table)), self.deck,
                                            lambda card: self._card_style(card, "#moment")))

    def _hand_ended(self, event: HandEnded) -> None:
        """The hand is over: show the last capturer taking the leftovers, then the scoring."""
        self.preview = None
        self._clear_selection()

        self._last_hand = event.score.hand
        over = self._hand_over_text
        wait = 0.0
        if self.leftover is None:
            self._set_message(over)
        else:  # said once, on the line under the table (no banner: the game does not move)
            cards, side = self.leftover
            self._set_message(lambda: Text.assemble(
                styled_text(self._leftover_text(side, cards), self.deck, self._card_style), style="bold"))
            wait = max(1.5, 2 * self.ai_delay) if self.ai_delay > 0 else 0.0
            if wait and self._motion_on():  # seen on the table a moment, then they fly
                self.set_timer(wait / 3, self._leftovers_fly)
        self._refresh_widgets()

        def scoring() -> None:
            self._scoring_soon = None
            self.leftover = None
            self._take_leftovers()
            self._hide_banner()
            self._set_message(over)  # the scoring screen says who took the leftovers from now on
            self._refresh_widgets()
            if getattr(self.app, "table", self.table) is self.table:
                self.app.show_hand_over(self, event.score)

        if wait:
            self._scoring_soon = (self.set_timer(wait, scoring), scoring)
        else:
            scoring()

    def _hand_over_text(self) -> Text:
        """The line under the table after a hand: "Hand 3 is over.", and after the game's last
        hand who won it ("Hand 9 is over. Anna won the game.")."""
        text = _("Hand {n} is over.").format(n=self._last_hand)
        if self._game_winner is not None:
            text += " " + self._winner_text(self._game_winner) + "."
        return Text(text)

    def _leftover_text(self, side: int, cards) -> str:
        """Who takes the cards left on the table at the end of the hand, and which: the
        seat that captured last ("Anna takes"), or its side when that is not known."""
        seat = self._last_capturer
        seats = (seat,) if seat is not None and self.table.rules.side_of(seat) == side else self.table.rules.sides[side]
        if self.me in seats:
            text = _("You take the last cards: {cards}") if len(seats) == 1 else \
                _("Your team takes the last cards: {cards}")
        else:
            # TRANSLATORS: {team} names the players of a team: "Anna & Carla".
            text = _("{name} takes the last cards: {cards}") if len(seats) == 1 else \
                _("Team {team} takes the last cards: {cards}")
        name = self.names[seats[0]] if len(seats) == 1 else self.side_names[side]
        return text.format(name=name, team=name, cards=" ".join(map(str, cards)))

    def _leftovers_fly(self) -> None:
        """The last cards fly from the table to the last capturer's pile, like a capture;
        the table is empty under them (the banner still names them)."""
        if self.leftover is None or not self.leftover[0]:
            return
        cards, who = self.leftover
        table = self.query_one(TableView)
        seat = self._last_capturer
        if seat is None:
            return
        pile = self._pile_spot(seat)
        self._fly([(c, card_spot(table, c), pile, "captured") for c in cards])
        self.leftover = ((), who)
        self._take_leftovers()
        self._refresh_widgets()

    def _take_leftovers(self) -> None:
        """The hand's last cards leave the table for the last capturer's pile: from now on
        every pile line (the seat's, the hand's border, the side panel) counts them, as the
        scoring does."""
        score, self._unpiled = self._unpiled, None
        if score is None:
            return
        pic = self.pic
        for side in score.sides:
            pic.pile[side.side] = side.cards
            pic.coins[side.side] = side.coins
        if score.leftover and score.leftover_to is not None:
            if any(CARDS[c].rank == 7 and CARDS[c].suit == "d" for c in score.leftover):
                pic.settebello[score.leftover_to] = True
            seat = self._last_capturer
            if seat is not None and pic.seat_pile and self.table.rules.side_of(seat) == score.leftover_to:
                pic.seat_pile[seat] += len(score.leftover)
                pic.seat_coins[seat] += sum(1 for c in score.leftover if CARDS[c].suit == "d")

    def on_key(self, event: Key) -> None:
        """A key clears a banner; while a void deal is shown, the key only does that.  Keys
        whose actions wait for the player's turn say why nothing happens (a hand or table
        card chosen then is kept for the player's turn by the actions themselves).  Any key
        takes back a seat the AI plays while its player is away (online)."""
        self.table.here()
        if self.query_one("#moment", Static).has_class("-shown"):
            holding = self.redeal is not None
            self._hide_banner()
            if holding:
                event.stop()
                event.prevent_default()
                return
        if event.key in ("enter", "space", "tab", "shift+tab", "h") and self._off_turn():
            self._not_your_turn()

    # --- turns -----------------------------------------------------------------------
    def _next_turn(self) -> None:
        self.preview = None
        self.thinking = None
        turn = self.table.turn
        # A void deal is shown first; a table on a server has no turn between a hand's last
        # play and its end.
        if self.table.phase != "play" or self.redeal is not None or turn is None:
            self._refresh_widgets()
            return
        self.token += 1
        if turn == self.me:
            if not self._resume_early_choice():
                self._clear_selection()
                self._set_message(lambda: Text(_("Your turn: pick a card ({keys} or a click).").format(
                    keys=self._card_keys(", ")), style="bold"))
        else:
            self.thinking = turn
            self._say_their_turn()
        self._refresh_widgets()
        if self._shown:
            self.table.next_turn()  # a local table's AI starts thinking (it answers with a Preview)
        else:  # the player sees the table first, then the opponent's play (README, Benchmark)
            self._turn_waits = True

    def _offline(self, seat: int) -> bool:
        """A person at a table on a server whose connection is gone, and whom the AI does not
        play for (yet: docs/online-protocol.md, Seats)."""
        s = self.table.seats[seat]
        return s.kind == "person" and not s.connected and not s.away

    def _say_their_turn(self) -> None:
        """The line under the table while another seat is to play: "Bruno is thinking…", or
        for a person whose connection is gone, that the AI plays for them if they are not back
        in time (they were said to think, their seat "thinking…", while nobody was there)."""
        seat = self.thinking
        self._said_offline = self._offline(seat)
        if self._said_offline:
            self._set_message(lambda: Text(_("{name} is offline: the AI plays for them if they are not back "
                                             "when the time is up").format(name=self.names[seat])))
        else:
            self._set_message(lambda: Text(_("{name} is thinking…").format(name=self.names[seat])))

    @on(TableNotice)
    def _table_notice(self, message: TableNotice) -> None:
        notice = message.notice
        if isinstance(notice, Preview):
            self._show_preview(notice)
        else:
            self.table_news(notice)

    def table_news(self, notice) -> None:
        """What a table says besides the game: seats, the connection and the timer, chat, errors."""
        from ...table.notices import ChatLine, NewGame, SeatChanged, Started, StatusChanged, TableError

        if isinstance(notice, Started):  # the whole state (a game begun, a connection back)
            self._start_afresh()
        elif isinstance(notice, NewGame):  # everyone at the table said yes to playing again
            n, free = notice.number, sum(seat.kind == "open" for seat in self.table.seats) or 1

            def news() -> str:  # in the language of the moment (the log's head is written again)
                if not notice.waiting:
                    return _("Game {n} at this table: everyone said yes").format(n=n)
                if free == 1 and len(notice.freed) == 1:  # whose seat it was
                    return _free_seat_line(n, notice.freed[0])
                return ngettext("Game {n} at this table: a seat is free, the table waits for a player",
                                "Game {n} at this table: {count} seats are free, the table waits for players",
                                free).format(n=n, count=free)
            self._start_afresh(head=news)
            self.app.rematch_news(begun=True)
            self.app.notify(news(), timeout=4)
        elif isinstance(notice, StatusChanged):
            if self._clock is None:  # the turn timer counts down on the top bar
                self._clock = self.set_interval(1.0, self._refresh_topbar)
            if self.table.let_go is not None:  # said for good: no turn of this window's is coming
                self._set_message(lambda: Text(self.table.let_go, style="bold"))
                self._clear_selection()
                self.refresh_bindings()
            elif self.table.phase == "waiting":
                self._set_message(self._waiting_text)
            elif self.table.waiting_for():  # this seat is ready for the next hand, others not yet
                self._set_message(self._ready_text)
            elif self.table.asked_rematch():  # after the game: the others' answers
                self._set_message(self._rematch_text)
            elif self.thinking is not None and self._offline(self.thinking) != self._said_offline:
                self._say_their_turn()  # the seat to play lost its connection, or is back
            self.app.rematch_news()  # the game-over screen, if open, says who wants to play again
            self._refresh_widgets()
        elif isinstance(notice, SeatChanged):
            mine = notice.seat == self.me and notice.status == "away"  # not "Anna is away" to Anna
            news = SEAT_NEWS.get("you_away" if mine else notice.status)
            text = _(news).format(name=notice.name) if news else f"{notice.name} {notice.status}"
            self._log(text, "", (lambda news=news, name=notice.name: _(news).format(name=name)) if news else None)
            self.app.notify(text, timeout=4)
            self._refresh_widgets()
        elif isinstance(notice, ChatLine):
            if self._drawn.pop(id(notice), None) is not notice:  # (else logged with the whole state)
                self._log_chat(notice)
            now = time.monotonic()
            if notice.seat != self.me and now >= self._chat_toast_until:
                # One chat notice at a time, of one short line: lines said faster, or longer (200
                # wide characters fill 400 columns), stay whole in the log but cannot cover the table.
                self._chat_toast_until = now + CHAT_TOAST_SECONDS
                shown = Text(notice.text)
                shown.truncate(CHAT_TOAST_CELLS, overflow="ellipsis")
                self.app.notify(shown.plain, title=notice.name, timeout=CHAT_TOAST_SECONDS)
        elif isinstance(notice, TableError):
            self._set_message(Text(notice.text, style="bold"))
            self.app.notify(notice.text, severity="warning", timeout=6)

    def _log_chat(self, line) -> None:
        """A chat line in the log: plain text (PlayLog writes Text, never markup)."""
        who = self.names[self.me] if line.seat == self.me else line.name
        self._log(f"{labelled(who)} {line.text}", "")

    def _start_afresh(self, head: Callable[[], str] | None = None) -> None:
        """Forget the picture and draw the table's state as it is now; ``head`` writes the
        log's first line (again in a new language)."""
        log = self.query_one(PlayLog)
        log.clear()
        log.texts.clear()
        log._added.clear()
        self.log_entries, self._redeals = [], []
        if head is not None:
            self._log(head(), "hand", head)
        self.pic, self.redeal, self.leftover, self.preview = HandPicture(), None, None, None
        self._clear_selection()
        self.slots = []
        self._meanwhile = []
        if self.table.phase == "waiting":  # the log, empty till the game starts, says what to do meanwhile
            self._set_message(self._waiting_text)
            for i, line in enumerate(self.table.meanwhile()):
                self._meanwhile.append(lambda i=i: self.table.meanwhile()[i])
                self._log(line, "", self._meanwhile[-1])
        self._draw_afresh()

    def _waiting_text(self) -> Text:
        seats = self.table.seats
        taken = sum(1 for s in seats if s.kind != "open")
        # TRANSLATORS: {title} is the table's name, e.g. "table K7XQ93PA"; the plural follows {taken}
        # ("1 place prise sur 3", "2 places prises sur 3").
        count = ngettext("{title}: waiting for players ({taken} of {seats} seats taken).",
                         "{title}: waiting for players ({taken} of {seats} seats taken).", taken)
        starter = self.table.starter()
        if starter is not None:  # Enter is the creator's: say who starts it
            # TRANSLATORS: {name} is the table's creator.
            how = _("It starts when every seat is taken, or when {name} starts it.").format(name=starter)
        else:
            how = _("Enter starts now, the AI taking the empty seats.")
        return Text(count.format(title=self.table.title, taken=taken, seats=len(seats)) + " " + how, style="bold")

    def rematch_note(self) -> str:
        """The game-over screen's line at an online table: who wants to play again."""
        waiting = self.table.rematch_waiting_for()
        if self.table.asked_rematch() and waiting:  # the result shown again after asking
            return _asked_line(waiting)
        names = self.table.rematch_asked()
        return _wanted_line(names) if names else _rematch_offer()

    def rematch_forms(self) -> list[str]:
        """Every line :meth:`rematch_note` can write at this table, each with all the other
        people at it: the game-over screen keeps room for the longest, so that its buttons do
        not move as people answer."""
        table = self.table
        others = [s.name for i, s in enumerate(table.seats) if i != table.my_seat and s.kind == "person"]
        return [_rematch_offer()] + ([_asked_line(others), _wanted_line(others)] if others else [])

    def rematch_asked_now(self) -> None:
        """This seat asked to play again: the line under the table names who it waits for."""
        self._set_message(self._rematch_text)

    def _rematch_text(self) -> Text:
        names = self.table.rematch_waiting_for()
        if not names:  # everyone said yes: the next game is being dealt
            return Text("")
        return Text(waiting_line(
            names,
            # TRANSLATORS: {names} have not yet said yes to another game at the online table; the
            # plural form is for two names or more ("Bruno, Carla": Tagalog "nina", not "ni").
            ngettext("Waiting for {names} to play again: the next game starts when everyone says yes. "
                     "Enter shows the result.",
                     "Waiting for {names} to play again: the next game starts when everyone says yes. "
                     "Enter shows the result.", len(names)),
            # TRANSLATORS: as "Waiting for {names} to play again: ...", where {names} begins with
            # a sound your language elides the word before: French "la réponse d'Anna". Other
            # languages never show it: write it as the message without context.
            npgettext("elided", "Waiting for {names} to play again: the next game starts when everyone "
                                "says yes. Enter shows the result.",
                      "Waiting for {names} to play again: the next game starts when everyone "
                      "says yes. Enter shows the result.", len(names))), style="bold")

    def _ready_text(self) -> Text:
        names = self.table.waiting_for()
        if not names:  # everyone is ready now: the next hand is being dealt
            return Text("")
        return Text(waiting_line(
            names,
            # TRANSLATORS: {names} are the players not yet ready, e.g. "Bruno" or, in the plural
            # form, "Bruno, Carla" (Tagalog "sina", not "si").
            ngettext("Waiting for {names}: the next hand starts when they are ready, or after the turn limit.",
                     "Waiting for {names}: the next hand starts when they are ready, or after the turn limit.",
                     len(names)),
            # TRANSLATORS: as "Waiting for {names}: the next hand starts ...", where {names} begins
            # with a sound your language elides the word before: French "En attente d'Anna".
            # Other languages never show it: write it as the message without context.
            npgettext("elided", "Waiting for {names}: the next hand starts when they are ready, or after "
                                "the turn limit.",
                      "Waiting for {names}: the next hand starts when they are ready, or after "
                      "the turn limit.", len(names))), style="bold")

    def _show_preview(self, notice: Preview) -> None:
        """An AI's play, drawn on the table before the table makes it (for the AI pace)."""
        if notice.fault:
            self.app.notify(notice.fault, severity="warning")
        if self.table.phase != "play" or self.table.turn != notice.seat:
            return  # already made (at pace 0)
        self.thinking = None
        self.preview = (notice.seat, notice.move)
        move = notice.move
        self._set_message(lambda: styled_text(self._preview_text(notice.seat, move), self.deck,
                                              self._card_style))
        self._refresh_widgets()
        if self._motion_on():  # the card flies from the seat to where the table shows it
            self._fly_when_drawn(move.card, self._seat_spot(notice.seat), "played", self._preview_spot)

    def _preview_text(self, seat: int, move: Move) -> str:
        """An AI's play being shown: "Anna plays 7d and takes 3c 4s"."""
        if move.capture:
            text = _("{name} plays {card} and takes {cards}")
        else:
            text = _("{name} plays {card} on the table")
        return text.format(name=self.names[seat], card=move.card, cards=" ".join(map(str, move.capture)))

    def _apply_ai(self, token: int) -> None:
        """Make the AI's play shown now at once, without waiting for the pace."""
        if token != self.token or self.preview is None:
            return
        self.table.hurry()

    # --- motion: cards flying over the table (widgets/motion.py) ------------------------
    def _motion_on(self) -> bool:
        """Cards fly at an AI pace above 0, unless the player asked for reduced motion."""
        app = self.app
        return (self.ai_delay > 0 and not getattr(app, "reduce_motion", False) and self.is_mounted
                and app.screen is self and app.animation_level != "none")

    def _played_motion(self, event: Played) -> None:
        """A play, before the widgets redraw it: the card goes to the table, or the capture
        (with the card that took it) to the capturer's pile."""
        if not self._motion_on():
            return
        table = self.query_one(TableView)
        if event.seat == self.me:
            start = card_spot(self.query_one(HandView), event.card)
        else:  # from the AI's play as shown on the table, else from its seat
            start = self._preview_spot() if table.played is not None else self._seat_spot(event.seat)
        if event.capture:
            pile = self._pile_spot(event.seat)
            flights = [(c, card_spot(table, c), pile, "captured") for c in event.capture]
            self._fly([(event.card, start, pile, "played"), *flights])
        else:  # where the card lands is known once the table is drawn again
            self._fly_when_drawn(event.card, start, "", lambda: card_spot(table, event.card))

    def _fly_when_drawn(self, card, start: Offset | None, mark: str, spot) -> None:
        """Fly ``card`` from ``start`` to ``spot()``, its place on the table as drawn after
        this update (the table lays its cards out at once when it has not drawn yet)."""
        def fly() -> None:
            target = spot()
            if target is None:
                self.query_one(TableView).render()  # lays the cards out (and their places)
                target = spot()
            self._fly([(card, start, target, mark)])

        self.call_after_refresh(fly)

    def _fly(self, flights: list[tuple[int, Offset | None, Offset | None, str]]) -> None:
        """Start the flights (card, start, target, mark) on the screen's top layer.  A card
        still flying is taken off first (its newer flight starts where it is drawn now);
        other flights end on their own (the player's card still lands while an AI's comes)."""
        cards = {flight[0] for flight in flights}
        self._skip_flights(cards)
        if not self._motion_on():
            return
        size = self.query_one(TableView).card_size
        duration = flight_time(self.ai_delay)
        self.mount_all([FlyingCard(card, self.deck, size, start, target, duration, mark)
                        for card, start, target, mark in flights
                        if start is not None and target is not None and start != target])

    def _skip_flights(self, cards=None) -> None:
        """End the flights under way at once (only those of ``cards`` when given)."""
        for flying in self.query(FlyingCard):
            if cards is None or flying.card in cards:
                flying.land()

    def _card_box(self) -> tuple[int, int]:
        return SIZES.get(self.query_one(TableView).card_size, SIZES["medium"])

    def _preview_spot(self) -> Offset | None:
        """Where the table draws an AI's card being played: after the table's cards."""
        table = self.query_one(TableView)
        return card_spot(table, table.played[0]) if table.played is not None else None

    def _seat_spot(self, seat: int) -> Offset | None:
        """A card at an AI's seat: over its name, centred."""
        region = self.query_one(f"#seat-{seat}", SeatView).region
        width, _height = self._card_box()
        return Offset(region.x + max(0, (region.width - width) // 2), region.y) if region.width else None

    def _pile_spot(self, seat: int) -> Offset | None:
        """Where a seat's captures go: its seat, or the pile count on the player's hand border."""
        if seat != self.me:
            return self._seat_spot(seat)
        region = self.query_one(HandView).region
        width, height = self._card_box()
        return Offset(max(region.x, region.right - width - 2), max(region.y, region.bottom - height))

    # --- the player's selection ------------------------------------------------------
    def _my_turn(self) -> bool:
        return (self.table.phase == "play" and self.table.turn == self.me and self.preview is None
                and self.redeal is None and self.table.let_go is None)

    def _card_keys(self, sep: str = "") -> str:
        """The keys that pick a hand card now: "←/→ or 1–3" (``sep`` ", ": "←/→, 1–3", in a
        list), or just "1" for a last card."""
        n = len(self.pic.my_hand)
        numbers = "1–9, 0" if n == 10 else f"1–{n}"
        if n == 1:
            return "1"
        # TRANSLATORS: the keys that choose a hand card: "←/→ or 1–3".
        return f"←/→{sep}{numbers}" if sep else _("←/→ or {numbers}").format(numbers=numbers)

    def _number_keys(self) -> str:
        """The number keys of the hand's cards: "1–3", "1" for a last card, "1–9 0" for
        Scopone's ten; "" with no card in hand."""
        n = len(self.pic.my_hand)
        return "" if not n else "1" if n == 1 else "1–9 0" if n == 10 else f"1–{n}"

    def _letter_keys(self) -> str:
        """The letters of the table's cards, as under the table: "a–d" for a run with no gap,
        else each ("a c d": a card keeps its letter while it stays); "" for an empty table."""
        labels = self.table_labels()
        letters = [labels[card] for card in self.table_order()]
        if len(letters) > 2 and letters == TABLE_LETTERS[TABLE_LETTERS.index(letters[0]):][:len(letters)]:
            return f"{letters[0]}–{letters[-1]}"  # a run with no gap
        return " ".join(letters)  # cards keep their letters, so there may be gaps: name them

    @property
    def active_bindings(self):
        """The keys panel's (Ctrl+P → Keys) view of the keys: ← and → on one row as the footer
        names them ("←→ card"), the number keys of the cards in hand on one ("1–3 card 1…"
        was a row for each of ten keys) and the letters of the table's cards on one ("a–d
        table card"). The others still answer, with a line that says which keys there are;
        the footer shows none of them."""
        bindings = super().active_bindings
        numbers, letters = self._number_keys(), self._letter_keys()
        out = {}
        for key, active in bindings.items():
            b = active.binding
            if b.id == "game.right":
                continue  # the row of ← says "←→"
            if b.id is not None and b.id.startswith(("game.card", "game.table_")):
                first, keys = ("game.card1", numbers) if b.id.startswith("game.card") else \
                    (f"game.table_{TABLE_LETTERS[0]}", letters)
                if b.id != first or not keys:
                    continue
                # the words of the row of ← ("card") and of a table card's letter
                words = _("card") if b.id == "game.card1" else b.description
                active = active._replace(binding=replace(b, key_display=keys, description=words))
            out[key] = active
        return out

    # A card (and table cards) chosen while an AI plays stays chosen for the player's turn.
    def _resume_early_choice(self) -> bool:
        """At the player's turn: take up a choice made during the AIs' turns, if any is left."""
        if self.selected is None or not 0 <= self.selected < len(self.pic.my_hand):
            return False
        early = self.capture & frozenset(self.pic.table)  # table cards the AIs have not taken
        self._select(self.selected)
        if early:
            self._toggle_to(early)
        return True

    def _choose_early(self, index: int | None = None, card: int | None = None) -> None:
        """A hand card (``index``) or table card (``card``) chosen while an AI is playing."""
        hand = self.pic.my_hand
        if index is not None:
            if not 0 <= index < len(hand):
                return self._not_your_turn()
            if index != self.selected:
                self.selected, self.capture = index, frozenset()
        elif card is not None and self.selected is not None:
            self.capture = self.capture ^ {card}
        self._not_your_turn()
        self._refresh_choice()

    def _not_your_turn(self) -> None:
        """The line under the table, for a key pressed while an AI plays."""
        self._set_message(self._not_your_turn_text)

    def _not_your_turn_text(self) -> Text:
        out = Text(_("Not your turn: {name} is playing.").format(name=self.names[self.table.turn])
                   if self.table.turn is not None else "", style="bold")
        if self.selected is not None and self.selected < len(self.pic.my_hand):
            chosen = [str(self.pic.my_hand[self.selected])] + [str(c) for c in sorted(self.capture)]
            # TRANSLATORS: {cards} is what the player chose while an AI plays: "7d + 3c + 4s".
            said = _("{cards} stays chosen for your turn.").format(cards=" + ".join(chosen))
            out.append_text(styled_text(" " + said, self.deck, self._card_style))
        return out

    def _hand_done(self) -> bool:
        """The hand is over (its last card played, its scoring or the game's end to come or
        shown): the next deal, if any, is the next card to play."""
        return self.table.phase in ("hand_over", "game_over")

    def _off_turn(self) -> bool:
        """An AI is playing (thinking or showing its play): keys choose ahead or are answered."""
        return (self.table.phase == "play" and self.table.turn is not None and not self._my_turn()
                and self.is_mounted)

    def _chosen(self) -> bool:
        """Whether a card of the hand as drawn is chosen.  A table on a server may be a few
        messages ahead of the screen (the next round's turn while the screen still draws the
        last play): a choice made meanwhile may point past the hand drawn."""
        return self.selected is not None and 0 <= self.selected < len(self.pic.my_hand)

    def _clear_selection(self) -> None:
        self.selected = None
        self.capture = frozenset()
        self.sets = []
        self.set_index = 0

    def _select(self, index: int) -> None:
        hand = self.pic.my_hand
        if not 0 <= index < len(hand):
            self._set_message(lambda: Text(ngettext("You have {n} card: press 1", "You have {n} cards: press 1–{n}",
                                                    len(hand)).format(n=len(hand)), style="bold"))
            return
        self.selected = index
        card = hand[index]
        self.sets = [tuple(s) for s in self.table.captures_for(card)]
        self.set_index = 0
        self.capture = frozenset(self.sets[0])
        self._validate()

    def _validate(self, alone: bool = False) -> None:
        """Say whether the chosen card and capture make a legal play; ``alone``: Tab was
        pressed for a card that can be played only this way, which the line says."""
        if not self._chosen():
            return
        card = self.pic.my_hand[self.selected]
        reason = self.table.explain(card, self.capture)
        out = Text()
        if reason is None:
            out.append("✓ ", style="bold")
            said = self.table.describe(card, self.capture)  # the variant's own words: "3 + 5 + 7 = 15"
            if self.capture:
                cards = " + ".join(map(str, sorted(self.capture)))
                # TRANSLATORS: the chosen capture: "7d takes 3c + 4s"; with {said}, the variant's
                # own words for it ("7d takes 3c + 5s: 7 + 3 + 5 = 15").
                text = (_("{card} takes {cards}: {said}") if said
                        else pgettext("choice", "{card} takes {cards}")).format(
                    card=card, cards=cards, said=said)
                # a sweep scores, but with the hand's last card only under last-play-scopa
                scores = sum(self.pic.hand_sizes) + self.pic.stock > 1 or self.table.rules.last_play_scopa
                if len(self.capture) == len(self.pic.table) and scores and not self._ace_takes_all(card):
                    # TRANSLATORS: after a capture that sweeps the table; "scopa" and "escoba" stay as they are.
                    text = (_("{capture} — an escoba!") if self._sweep() == "escoba" else
                            _("{capture} — a scopa!")).format(capture=text)
            else:
                text = said or _("{card} goes on the table: it takes nothing").format(card=card)
            out.append_text(styled_text(text, self.deck, self._card_style))
            plays = "  " + _("Enter plays")
            hint = plays
            if alone:  # Tab changed nothing: said, not left looking like a key that does nothing
                # TRANSLATORS: Tab (other capture) pressed where the chosen card takes nothing, or
                # can take only the cards it takes now.
                hint = "  " + (_("Tab: no capture with this card") if self.sets == [()]
                               else _("Tab: the only capture with this card"))
                self._append_fitting(out, hint, hint, style="bold")
            else:
                if len(self.sets) > 1 and tuple(sorted(self.capture)) in [tuple(sorted(s)) for s in self.sets]:
                    hint = "  " + _("Enter plays, Tab: other capture ({i}/{n})").format(i=self.set_index + 1,
                                                                                        n=len(self.sets))
                self._append_fitting(out, hint, plays)
            self._prompt_state("legal")
        else:
            out.append("✗ ", style="bold")
            out.append_text(styled_text(reason, self.deck, self._card_style))
            # Tab said only where it finds a legal play: Scopa d'Assi's Ace that may not be laid
            # on an empty table has none (ace-no-empty-sweep: README.md, Variants and house rules).
            if any(self.table.explain(card, s) is None for s in self.sets):
                # TRANSLATORS: after why a capture is refused, where the card can take nothing:
                # Tab chooses to lay it on the table (the hint's word: "lays 3c").
                legal = _("Tab: lay it") if self.sets == [()] else _("Tab: a legal capture")
                self._append_fitting(out, "  " + legal, "  (Tab)")
            self._prompt_state("illegal")
        self._set_message(out, keep_state=True)
        self._refresh_choice()

    def _ace_takes_all(self, card: int) -> bool:
        """Scopa d'Assi: an Ace taking the whole table with no Ace on it, which is no scopa
        (the engine's ``describe_capture``)."""
        return (self.table.rules.variant_info.capture == "assi" and CARDS[card].rank == 1
                and not any(CARDS[c].rank == 1 for c in self.capture))

    def _append_fitting(self, out: Text, hint: str, short: str, style: str = "dim") -> None:
        """Add a key hint (dim, or in ``style``) to the prompt without breaking it across lines or making the
        prompt grow: after the text's last line when it fits there whole (the second line of
        a text of two too: "… is laid on the table  Tab: lay it", where it said "(Tab)"),
        else on its own second line, else the short form."""
        prompt = self.query_one("#prompt", Prompt) if self.is_mounted else None
        width = prompt.content_size.width if prompt is not None else 0
        if not width:
            out.append(hint, style=style)
            return
        lines = prompt.lines_for(out)
        # (the hint after the last line: as many lines as before; on a line of its own: two)
        for extra, most in ((hint, lines), ("\n" + hint.strip(), 2)):
            trial = out.copy()
            trial.append(extra, style=style)
            if prompt.lines_for(trial) <= most:
                out.append(extra, style=style)
                return
        out.append(short, style=style)

    def _set_message(self, text: Text | Callable[[], Text], keep_state: bool = False) -> None:
        """The line under the table; given as a function, it is written again in a new language."""
        self._message_source = text if callable(text) else None
        if callable(text):
            text = text()
        self.message = text
        if self.is_mounted:
            self.query_one("#prompt", Static).update(text, layout=False)
            if not keep_state:
                self._prompt_state("")

    def _prompt_state(self, state: str) -> None:
        """Mark the prompt as showing a legal (``legal``) or illegal (``illegal``) choice."""
        if self.is_mounted:
            self.query_one("#prompt", Prompt).show_state(state)

    def _card_style(self, card: int, on: str = "#prompt"):
        """A card's suit colour, readable where it is drawn (``on``: the line under the table,
        or the banner), as the log's and the scoring's are (widgets/legible.py)."""
        return legible(self.query_one(TableView).get_component_rich_style(f"card--{suit_role(card)}", partial=True),
                       self.query_one(on).background_colors[1])

    def table_labels(self) -> dict[int, str]:
        """Each table card's letter: its slot's (see ``_update_slots``)."""
        letters = TABLE_LETTERS + list(string.ascii_uppercase)
        return {c: letters[i] for i, c in enumerate(self.slots) if c is not None}

    def table_order(self) -> tuple[int, ...]:
        """The table cards in slot order, as drawn."""
        return tuple(c for c in self.slots if c is not None)

    # --- actions ---------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        # Play keys are dimmed in the footer while it is not the player's turn; during the
        # turn they always act (with a message when there is nothing to act on), so that
        # a quick "1 Enter" is never lost between a key and the footer's refresh.
        # Choosing a card also works while an AI plays (kept for the player's turn).
        if self.table.let_go is not None and action in (*PLAY_ACTIONS, "start_table", "chat"):
            return False  # another window plays the seat now: nothing to play from this one
        if self.table.phase == "waiting":  # an online table before its game: no card yet
            if action == "start_table":  # the creator's key (the others are told who starts it)
                return self.table.starter() is None
            if action in PLAY_ACTIONS:
                return False
        elif action == "start_table":
            return False
        if self._hand_done() and action in PLAY_ACTIONS and action != "result":
            return False  # no card to choose or play until the next deal: not in the footer
        if action in ("select_step", "select", "toggle", "clear"):
            return True if self._my_turn() or self.table.phase == "play" else None
        if action in ("play", "result"):  # Enter after the game's end shows its result again
            if (self.table.phase == "game_over") != (action == "result"):
                return False
        if action in ("hint", "cycle", "play"):
            return True if self._my_turn() else None
        if action == "chat":  # a table with somebody to talk to (on a server); hidden elsewhere
            return self.table.can_chat
        return True

    def action_select_step(self, step: int) -> None:
        if not self.pic.my_hand or not (self._my_turn() or self._off_turn()):
            return
        n = len(self.pic.my_hand)
        index = (step - 1 if step > 0 else n - 1) if self.selected is None else (self.selected + step) % n
        self.action_select(index % n)

    def action_select(self, index: int) -> None:
        if self._my_turn():
            self._select(index)
        elif self._off_turn():
            self._choose_early(index=index)

    def action_toggle(self, letter: str) -> None:
        if not (self._my_turn() or self._off_turn()):
            return
        card = next((c for c, ch in self.table_labels().items() if ch == letter), None)
        if card is None:  # said with the letters there are, as a number past the hand is
            def said() -> Text:
                keys = self._letter_keys()
                # TRANSLATORS: {keys} are the letters of the table's cards, "a–d" or "b d", as under the table.
                text = (_("No table card has the letter {letter}: the table's letters are {keys}") if keys
                        else _("No table card has the letter {letter}: the table is empty"))
                return Text(text.format(letter=letter, keys=keys), style="bold")

            self._set_message(said)
        elif self._my_turn():
            self._toggle(card)
        else:
            self._choose_early(card=card)

    def _toggle(self, card: int) -> None:
        if self.selected is None:
            self._set_message(lambda: Text(_("Choose a card from your hand first ({keys})").format(
                keys=self._card_keys()), style="bold"))
            return
        self._toggle_to(self.capture ^ {card})

    def _toggle_to(self, capture: frozenset[int]) -> None:
        self.capture = capture
        as_set = tuple(sorted(self.capture))
        for i, s in enumerate(self.sets):
            if tuple(sorted(s)) == as_set:
                self.set_index = i
        self._validate()

    def action_cycle(self, step: int = 1) -> None:
        """Tab: the chosen card's next capture; Shift+Tab (``step`` -1) the one before."""
        if not self._my_turn():
            return
        if not self._chosen():  # as Enter says: Tab steps through the chosen card's captures
            self._choose_first()
            return
        alone = len(self.sets) == 1 and self.capture == frozenset(self.sets[0])  # Tab has nothing to change
        self.set_index = (self.set_index + step) % len(self.sets) if self.sets else 0
        self.capture = frozenset(self.sets[self.set_index]) if self.sets else frozenset()
        self._validate(alone)

    def action_clear(self) -> None:
        if not (self._my_turn() or self._off_turn()):
            return
        self._clear_selection()
        self._set_message(lambda: Text(_("Selection cleared: pick a card."), style="bold"))
        self._refresh_choice()

    def action_start_table(self) -> None:
        """Enter at an online table waiting for players: its creator starts it, the AI in the
        empty seats; another player is told who starts it (the server would refuse it)."""
        if self.table.phase != "waiting":
            return
        if self.table.starter() is None:
            self.table.start()
        else:
            self._set_message(self._waiting_text)

    def action_play(self) -> None:
        if self.table.phase == "waiting":  # the Play button, clicked before the game
            self.action_start_table()
            return
        if not self._my_turn():
            return
        if not self._chosen():
            if len(self.pic.my_hand) != 1:
                self._choose_first()
                return
            # the last card: Enter chooses it, and plays it when it can go only one way
            self._select(0)
            if len(self.sets) > 1:
                return
        card = self.pic.my_hand[self.selected]
        reason = self.table.explain(card, self.capture)
        if reason is not None:
            self.app.bell()
            self._validate()
            return
        move = Move(card, self.capture)
        self._clear_selection()
        self.token += 1
        self.table.play(move)

    def _choose_first(self) -> None:
        """Enter or Tab with no card chosen: say which keys choose one."""
        self._set_message(lambda: Text(_("Choose a card first: {keys}").format(keys=self._card_keys()), style="bold"))

    def action_result(self) -> None:
        """The game-over screen again (an online table whose people are asked to play again).
        Pressed while the last cards go to their side, the last hand's scoring comes first, at
        once: it went straight to the result, the hand's scoring never shown."""
        if self._scoring_soon is not None:
            timer, scoring = self._scoring_soon
            timer.stop()
            scoring()
            return
        if self.table.phase == "game_over":
            self.app.show_game_over(self)

    def action_chat(self) -> None:
        """A one-line input; Enter sends the line to the table (it comes back in the log)."""
        from .chat import ChatScreen

        def send(text: str | None) -> None:
            if text:
                self.table.chat(text)

        self.app.push_screen(ChatScreen(), send)

    def action_quit_game(self) -> None:
        self.app.action_quit_game()

    def action_hint(self) -> None:
        if not self._my_turn() or self.hint_pending:
            return
        self.hint_pending = True
        self._set_message(lambda: Text(_("Looking for a good move…")))
        self._hint_worker(self.table.view(), self.token)

    @work(thread=True, exclusive=True, group="hint")
    def _hint_worker(self, view, token: int) -> None:
        from ...ai import hint

        try:
            with quick_switches():
                searcher = getattr(self.app, "searcher", None)  # the search in a process (ai/searchproc.py)
                found = hint.suggest(view, rank_name=self.deck.rank_name, run=searcher and searcher.run,
                                     seat_name=self.names.__getitem__,  # as the seats are named
                                     **getattr(self.app, "hint_options", {}))
            move, reason = found.move, found.reason
        except Exception as exc:  # a hint failing must not end the game
            move, reason = None, _("no hint this time ({error})").format(error=exc)
        self.post_message(HintReady(move, reason, token))

    def _prompt_lines(self, lines: int) -> None:
        """The line under the table grew or shrank back: with two seats in a side column (six
        players), the seats above the table take a line fewer while it is taller than two
        lines, so that the table's row keeps the room for every side seat's pile count."""
        fold = lines > 2 and any(len(column.children) > 1 for column in self.query(".seat-column"))
        for seat in self.query("#top-seats SeatView"):
            seat.folded = fold

    @on(HintReady)
    def _hint_ready(self, message: HintReady) -> None:
        self.hint_pending = False
        if message.token != self.token or not self._my_turn():
            return
        if message.move is None or message.move.card not in self.pic.my_hand:
            self._set_message(Text(message.reason, style="bold"))
            return
        self._select(self.pic.my_hand.index(message.move.card))
        self.capture = frozenset(message.move.capture)
        self._validate()

        def said() -> Text:
            # TRANSLATORS: the hint as a sentence: {reason} is the move and why ("7d takes 3c
            # and 4s and leaves 9c: no single card can sweep it").
            head, _field, tail = _("Hint: {reason}.").partition("{reason}")
            out = Text(head, style="bold")
            out.append_text(styled_text(message.reason, self.deck, self._card_style))
            out.append(tail)
            # no-break spaces: the words go to the next line together, not "Enter" alone at
            # the end of one (wrapping.py)
            keys = out + Text(" " + glued(_("Enter plays it.")), style="dim")
            # The keys only where they cost no line of their own beyond the prompt's two: a
            # long hint keeps its reason whole (widgets/prompt.py), and the footer says ⏎.
            prompt = self.query_one("#prompt", Prompt)
            return keys if prompt.lines_for(keys) <= max(2, prompt.lines_for(out)) else out

        self._set_message(said)

    @on(HandCardClicked)
    def _hand_clicked(self, message: HandCardClicked) -> None:
        if self._my_turn() and message.index == self.selected:  # a second click on the chosen card plays it
            self.action_play()
        else:
            self.action_select(message.index)  # off turn: chosen for the player's turn

    @on(PlayButton.Pressed, "#play-button")
    def _play_pressed(self, event: PlayButton.Pressed) -> None:
        event.stop()
        if self._my_turn():
            self.action_play()

    @on(TableCardClicked)
    def _table_clicked(self, message: TableCardClicked) -> None:
        if self._my_turn():
            self._toggle(message.card)
        elif self._off_turn():
            self._choose_early(card=message.card)

    # --- drawing ---------------------------------------------------------------------
    def _refresh_widgets(self) -> None:
        if not self.is_mounted:
            return
        pic, game = self.pic, self.table
        rules = game.rules
        turn = game.turn
        self._refresh_table()
        hand = self.query_one(HandView)
        hand.cards = () if self.redeal is not None else pic.my_hand  # the new deal's hand after the void one
        hand.selected = self.selected
        hand.active = self._my_turn()
        parts = [_("Your hand")]  # labels side by side: "Your hand · You & Carla · you deal · your turn"
        if pic.dealer == self.me and pic.hand_no:  # no dealer before the first deal (a table waiting)
            parts.append(_("you deal"))
        if turn == self.me and game.phase == "play" and self.redeal is None:
            parts.append(_("your turn"))
        if rules.players > 2 and len(rules.sides[0]) > 1:
            # The side's name where the title has room for it (the score panel names it too):
            # a border shows its title in its width less the corners and a dash and a space
            # each side, and cuts what is longer.
            with_side = [parts[0], self.side_names[rules.side_of(self.me)], *parts[1:]]
            if not hand.outer_size.width or cell_len(" · ".join(with_side)) <= hand.outer_size.width - 6:
                parts = with_side
        set_border(hand, " · ".join(parts), self._my_pile_text())
        if hand.has_class("-turn") != self._my_turn():
            hand.set_class(self._my_turn(), "-turn")
        self._refresh_play_button()
        for seat in range(rules.players):
            if seat != self.me:
                self.query_one(f"#seat-{seat}", SeatView).info = self._seat_info(seat)
        sides = []
        for i, seats_ in enumerate(rules.sides):
            sides.append(SideInfo(
                name=self.side_names[i], total=pic.totals[i] if pic.totals else 0,
                pile=pic.pile[i] if pic.pile else 0, coins=pic.coins[i] if pic.coins else 0,
                scope_cards=tuple(pic.scope_cards[i]) if pic.scope_cards else (),
                deal_sweeps=pic.deal_sweeps[i] if pic.deal_sweeps else 0,
                settebello=pic.settebello[i] if pic.settebello else False, mine=self.me in seats_,
                side=i))
        self.query_one(ScoreBoard).sides = tuple(sides)
        self._refresh_topbar()
        # The footer dims the play keys off-turn and leaves them out once the hand is over, and
        # Enter is the result's after the game's end;
        # before an online table's game, only its creator's Enter (start) is there.
        waiting = self.table.phase == "waiting"
        footer = (self._my_turn(), self.table.phase == "game_over", self._hand_done(), waiting,
                  waiting and self.table.starter() is None)
        if self.query(HelpPanel):  # the keys panel names the hand's and the table's keys now
            footer += (self._number_keys(), self._letter_keys())
        if self._footer_turn != footer:
            self._footer_turn = footer
            self.refresh_bindings()

    def _refresh_choice(self) -> None:
        """What choosing a card or a capture changes, and only that (a key's redraw: README,
        Benchmark): the hand's lifted card, the capture marked on the table and the Play
        button.  The table marks the choice only when it shows nothing else (_refresh_table)."""
        if not self.is_mounted:
            return
        if self.redeal is None and self.leftover is None and self.preview is None:
            self._mark_choice(self.query_one(TableView))
        self.query_one(HandView).selected = self.selected
        self._refresh_play_button()

    def _mark_choice(self, table: TableView) -> None:
        """The capture chosen marked on the table: as a good choice, or in the error colour
        where the card chosen may not take it (the line under the table says why)."""
        table.selected = self.capture if self.selected is not None else frozenset()
        table.illegal = self._legal_choice() is False

    def _refresh_table(self) -> None:
        table = self.query_one(TableView)
        pic = self.pic
        table.labels = self.table_labels()
        if self.redeal is not None:  # the void deal: its kings, no letters
            table.cards, table.labels = tuple(self.redeal.table), {}
            table.selected, table.captured, table.played = frozenset(), frozenset(), None
        elif self.leftover is not None:  # the last cards going to the last capturer
            table.cards = self.leftover[0]
            table.selected, table.captured, table.played = frozenset(), frozenset(self.leftover[0]), None
        elif self.preview is not None:
            seat, move = self.preview
            table.cards = self.table_order()
            table.selected = frozenset()
            table.captured = frozenset(move.capture)
            table.played = (move.card, self.names[seat])
        else:
            table.cards = self.table_order()
            table.captured = frozenset()
            table.played = None
            self._mark_choice(table)
        if self.table.phase == "waiting" or not self.table.rules.variant_info.redeal_cards:
            # An online table before its game (nothing dealt yet), or Scopone's, which deals the
            # whole deck at once: no stock to count, ever.
            # TRANSLATORS: the table's border before the first deal (an online table waiting for
            # players), and in Scopone, where every card is dealt at once.
            title = pgettext("the table's border", "Table")
        else:
            # TRANSLATORS: the table's border: how many cards are still to be dealt.
            title = _("Table · stock {n}").format(n=pic.stock) if pic.stock else _("Table · stock empty")
        forms: tuple[str, ...] = ("",)
        if self._my_turn() and self.table_order():
            keys = self._letter_keys()
            # TRANSLATORS: under the table: the letter keys that add a table card to the capture.
            forms = (_("{keys}: take a card").format(keys=keys), keys)  # the letters alone where cut
        set_border(table, _("Table · void deal") if self.redeal is not None else title, None)
        table.set_subtitles(*forms)  # the first that fits the border whole

    def _refresh_play_button(self) -> None:
        button = self.query_one("#play-button", PlayButton)
        shown = bool(self.pic.my_hand) and not self._hand_done()  # nothing to play: no button
        if button.display != shown:
            button.display = shown
        legal = self._legal_choice() is True
        if button.disabled == legal:
            button.disabled = not legal

    def _legal_choice(self) -> bool | None:
        """Whether the card and the capture chosen make a legal play; None: nothing chosen, or
        not the player's turn."""
        if not (self._my_turn() and self._chosen()):
            return None
        return self.table.explain(self.pic.my_hand[self.selected], self.capture) is None

    def _my_pile_text(self) -> str:
        """The player's own captures this hand, for the hand's border."""
        pic = self.pic
        if not pic.seat_pile:
            return ""
        # TRANSLATORS: how many cards a player took this hand (a short label).
        parts = [_("pile {n}").format(n=pic.seat_pile[self.me])]
        if pic.seat_coins[self.me]:
            parts.append(f"{self.deck.suit('d')} {pic.seat_coins[self.me]}")
        dealt = self._seat_deal_sweeps(self.me)
        if pic.seat_scope[self.me] or dealt:
            words = ([deal_sweeps_word(dealt)] if dealt else []) + [self.deck.short(c) for c in pic.seat_scope[self.me]]
            parts.append(labelled(sweep_count(self._sweep(), len(pic.seat_scope[self.me]) + dealt)) + " "
                         + " ".join(words))
        return " · ".join(parts)

    def _seat_deal_sweeps(self, seat: int) -> int:
        """Escoba: the escobas ``seat`` made on the deal, as the dealer (they have no card)."""
        pic = self.pic
        if seat != pic.dealer or not pic.deal_sweeps:
            return 0
        return pic.deal_sweeps[self.table.rules.side_of(seat)]

    def _seat_info(self, seat: int) -> SeatInfo:
        pic, rules = self.pic, self.table.rules
        side = rules.side_of(seat)
        partners = [s for s in rules.sides[side] if s != seat]
        # the partners named: not an open seat of a table waiting for players ("open seat with
        # open seat" under a seat that is no one's either said nothing)
        named = [p for p in partners if self.table.seats[p].kind != "open"]
        team = ""
        if self.me in partners:
            # TRANSLATORS: under a seat's name: the player's partner, or whom this seat plays with.
            team = _("partner")
        elif named:
            team = _("with {names}").format(names=", ".join(self.names[p] for p in named))
        return SeatInfo(
            seat, self.names[seat], self._level_label(seat),
            pic.hand_sizes[seat] if seat < len(pic.hand_sizes) else 0,
            self.table.turn == seat and self.table.phase == "play", pic.dealer == seat and pic.hand_no > 0,
            self.thinking == seat and not self._offline(seat),
            team, side,
            pile=pic.seat_pile[seat] if pic.seat_pile else 0, coins=pic.seat_coins[seat] if pic.seat_coins else 0,
            scope=tuple(pic.seat_scope[seat]) if pic.seat_scope else (), sweeps=self._sweep(),
            deal_sweeps=self._seat_deal_sweeps(seat), most=self.table.rules.variant_info.hand_cards,
            # TRANSLATORS: beside the cards of a person whose connection is down, where "person ·
            # offline" does not fit.
            short_level=_("offline") if self._offline(seat) else "")

    def _refresh_topbar(self) -> None:
        pic, game, rules = self.pic, self.table, self.table.rules
        title = f" {_(rules.variant_info.title).upper()} "  # the game: SCOPA, ESCOBA, ...
        # "you deal" rather than "dealer You": a language conjugates the verb for the player.
        dealer = _("you deal") if pic.dealer == self.me else _("dealer {name}").format(name=self.names[pic.dealer])
        parts = [_("Hand {n}").format(n=pic.hand_no), dealer,
                 ngettext("to {n} point", "to {n} points", rules.target).format(n=rules.target),
                 preset_word(rules.preset)]
        if rules.options:  # the house rules played: "re bello, napola", "no primiera-all-suits"
            parts.append(", ".join(_(OPTIONS[o].title_in(rules.variant)).lower() if o in OPTIONS else o.replace("-", " ")
                                   for o in rules.options))
        # Where the bar is short the parts give way, the game's own last: the dealer (its seat
        # is marked "(D)", the hand's border says "you deal"), the hand (the log heads each
        # hand), the house rules, the preset, the target. So at 80×24 the bar says what game
        # it is and to how many points: Scopone's "to 11 points" and Tagalog's "karaniwan"
        # were left out, the hand and its dealer kept.
        order = [1, 0, 4, 3, 2]
        if not pic.hand_no:  # a table waiting for its players: no hand, no dealer yet
            parts[:2] = [self.table.title or _("New game")]
            order = [3, 2, 1]  # its title stays (the target went cut in its word: "hanggang 1 punt")
        order = [index for index in order if index < len(parts)]
        shown: list[str | None] = list(parts)

        def game_half() -> Text:
            half = Text()
            half.append(title, style="bold reverse")
            half.append("  " + " · ".join(part for part in shown if part is not None))
            return half

        top = game_half()
        state = ""
        if game.phase == "play":
            if self.redeal is not None:
                state = _("New deal")
            elif self.preview is not None:
                state = _("{name} plays").format(name=self.names[self.preview[0]])
            elif game.turn == self.me:
                state = _("Your turn")
            elif self.thinking is not None and self._offline(self.thinking):
                state = _("{name} is offline").format(name=self.names[self.thinking])
            elif self.thinking is not None:
                state = _("{name} is thinking…").format(name=self.names[self.thinking])
        elif game.phase == "hand_over":
            state = _("Hand over")
        elif game.phase == "game_over":
            state = _("Game over")
        width = self.size.width
        moment = state
        seconds = self.table.seconds_left()
        counting = 0  # the room the seconds keep beyond their digits now
        if state and seconds is not None:
            state += f" · {seconds:.0f} s"
            # as wide as three digits (a turn limit is at most 600 s: docs/online-protocol.md), so
            # that a part left out at 120 s does not come back for the last 9 s, and go again
            counting = max(0, 3 - len(f"{seconds:.0f}"))
        status = self.table.status
        if game.phase == "waiting":  # how many seats the start still waits for (README.md, Online in the app)
            free = sum(1 for s in self.table.seats if s.kind == "open")
            # TRANSLATORS: the top bar of an online table before its start: {n} seats are still free.
            state = (ngettext("Waiting for {n} player", "Waiting for {n} players", free).format(n=free) if free
                     else _("Waiting for players"))
        if self.table.let_go is not None:  # this window's game is over: only its connection is news
            state = ""
        # The rules give way for the widest moment this game's bar says, not for the one now, so
        # that they stay put from turn to turn: at 80×24 "re bello" went each time an AI played
        # ("Carla plays", "Carla is thinking…") and came back on the player's turn.
        more = (max(0, max(cell_len(m) for m in self._moments()) - cell_len(moment)) + counting
                if moment and state else 0)
        right = Text()
        if status:  # "Your turn · 42 s · reconnecting…": a connection that is not up, marked
            right.append(state + " · " if state else "", style="bold")
            # the table says its status in the player's language (net/remote.py STATUS_LINES)
            right.append(status, style="bold reverse")
            right.append(" ")
        elif state:
            right.append(state + " ", style="bold")
        # what the game is and what happens now stay apart, as the title and the hand are:
        # one space ran them into one sentence ("hanggang 2 puntos Naghihintay ng manlalaro")
        gap = TOP_GAP if right.cell_len else 0

        def fits() -> bool:
            return top.cell_len + right.cell_len + more + gap <= width

        gone: list[int] = []
        for index in order:
            if fits():
                break
            shown[index] = None
            gone.append(index)
            top = game_half()
        # A part that gave way for a longer one comes back where it fits once that one has gone
        # too: at 120 columns Escoba's four house rules left the hand and its dealer out with them.
        for index in reversed(gone[:-1]):
            shown[index] = parts[index]
            top = game_half()
            if not fits():
                shown[index] = None
                top = game_half()
        if right.cell_len:
            top.truncate(max(0, width - right.cell_len - gap))
            top.append(" " * max(gap, width - top.cell_len - right.cell_len))
            top.append_text(right)
        top.truncate(width)
        if top != self._topbar:  # unchanged (most keys): not redrawn
            self._topbar = top
            self.query_one("#topbar", Static).update(top, layout=False)

    def _moments(self) -> list[str]:
        """What the top bar's right half can say while a game is on (``_refresh_topbar``)."""
        others = [name for seat, name in enumerate(self.names) if seat != self.me]
        people = [name for seat, name in enumerate(self.names)
                  if seat != self.me and self.table.seats[seat].kind == "person"]
        return [_("Your turn"), _("New deal"), _("Hand over"), _("Game over"),
                *(_("{name} plays").format(name=name) for name in others),
                *(_("{name} is thinking…").format(name=name) for name in others),
                *(_("{name} is offline").format(name=name) for name in people)]  # a table on a server

    def _level_label(self, seat: int) -> str:
        """The line under a seat's name: the table's (an AI's level, a bot's name, ...)."""
        return self.table.seat_label(seat)

    def _apply_size_class(self, width: int, height: int) -> None:
        """Pick the card size for this terminal: compact, normal, large, xlarge or xxlarge (see card_render)."""
        self.size_class = screen_class(width, height)
        for name in SCREEN_CLASSES:
            if self.has_class(f"-{name}") != (name == self.size_class):
                self.set_class(name == self.size_class, f"-{name}")
        largest = SCREEN_CARD_SIZES[self.size_class]
        for seat in self.query(SeatView):  # how the seats lay themselves out (SeatView)
            seat.size_class = self.size_class
        self.query_one(TableView).largest = largest
        self.query_one(HandView).largest = largest

    def on_resize(self, event: Resize) -> None:
        self._skip_flights()  # their places have moved
        self._apply_size_class(*event.size)
        self._refresh_widgets()
