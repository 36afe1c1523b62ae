"""The Scopa app: screens, themes, the minimum-size guard, and the one place where local games
are created (:meth:`ScopaApp.new_game`) and put on a table (``table/local.py``) for the game
screen."""

from __future__ import annotations

import random
import threading
from typing import TYPE_CHECKING

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.theme import Theme

from .. import collector, languages
from ..ai.registry import make_player
from ..ai.searchproc import SearchProcess
from ..engine import VARIANTS, Game, RulesError
from ..engine.text import N_, _, decimal, language
from .card_render import DeckStyle
from .config import HUMAN_SEAT, GameConfig
from .colours import ThemeColours
from .crash import CrashLog, run_app_reporting
from .persistence import StoreMixin, launch_options
from .styles import APP_TCSS, GAME_TCSS
from .translate import (KEYS_PANEL_ESC, PALETTE_KEY, QUIT_CTRL_C_KEY, QUIT_KEY, SCREENSHOT_KEY, Translated,
                        TranslatedApp)

if TYPE_CHECKING:
    from ..engine import HandScore
    from ..table.base import Table
    from .screens.dialogs import TooSmallScreen
    from .screens.game import GameScreen

# Imported when first needed, not at start-up (the first frame waits for every import):
# the new-game, game, scoring, help and dialog screens (a game started from the command line
# never loads the form's widgets), the tables, and the bot protocol (subprocess).

MIN_SIZE = (80, 24)
DEFAULT_SERVER = "ws://127.0.0.1:7654/"
DEFAULT_AI_DELAY = 0.8
SCORING_PAUSE = 0.6  # seconds the scoring screen ignores Enter after it appears (run_app)
BOT_FAULTS_SHOWN = 3  # per game; the rest are counted by the bot, not shown
# TRANSLATORS: the AI pace names of the command palette (how long each AI play stays in view).
AI_PACES = ((0.0, N_("instant")), (0.4, N_("quick")), (0.8, N_("normal")), (1.5, N_("slow")))

# A green-felt theme for the table; the built-in themes (ansi-dark, ansi-light, ...) work too.
FELT = Theme(
    name="scopa-felt",
    primary="#E8C15A",
    secondary="#7FB2E5",
    accent="#F2A541",
    warning="#E8C15A",
    error="#F0686B",
    success="#8BD17C",
    foreground="#EDEBE4",
    background="#0F2A1D",
    surface="#163826",
    panel="#1F4A33",
    dark=True,
    # A focused button's label underlined, not reversed: reversed, the label of a one-line
    # button (the scoring's "Next hand") read as a dark box cut out of the button.
    variables={"footer-key-foreground": "#E8C15A", "block-cursor-background": "#E8C15A",
               "block-cursor-foreground": "#0F2A1D", "button-focus-text-style": "bold underline"},
)


class Players(dict):
    """Seat -> AI player of a local game, each made when first asked for (its turn, a test):
    the level's module (the medium AI's tables, say) loads after the game's first frame
    when the player leads.  The seeds are those of players made at once."""

    def __init__(self, specs: dict[int, str], seed: int) -> None:
        super().__init__()
        self.specs, self.seed = specs, seed

    def __missing__(self, seat: int):
        if seat not in self.specs:
            raise KeyError(seat)
        player = self[seat] = make_player(self.specs[seat], seed=self.seed * 10 + seat)
        return player


class ScopaApp(CrashLog, TranslatedApp, StoreMixin, ThemeColours, App):
    """Play Scopa against AI opponents."""

    # The game screen's stylesheet is read with the first game (show_table), or at start when
    # the app opens on a game, and each dialog screen loads dialogs.tcss itself when first
    # shown: the new-game screen's first frame parses neither (README, Benchmark).
    CSS_PATH = [APP_TCSS]
    TITLE = "Scopa"
    COMMAND_PALETTE_BINDING = "ctrl+p"  # the palette offers "Theme"
    BINDINGS = [
        QUIT_CTRL_C_KEY,
        # priority: modal screens (help, scoring, game over, dialogs) stop the app's own bindings
        SCREENSHOT_KEY,
        QUIT_KEY,
        KEYS_PANEL_ESC,
        PALETTE_KEY,
        Binding("f2", "show_stats", N_("statistics"), id="app.stats", show=False, priority=True),
    ]

    def __init__(self, config: GameConfig | None = None, start: bool = False, ascii: bool = False,
                 ai_delay: float = DEFAULT_AI_DELAY, data_dir: str | None = None,
                 theme: str | None = None, game: Game | None = None, scoring_pause: float = 0.0,
                 reduce_motion: bool = False, online: dict | None = None) -> None:
        super().__init__(css_path=[APP_TCSS, GAME_TCSS] if start or game is not None else None)
        self.online = online  # the lobby first (ui/online.py): server, name, and a table to join
        self.reduce_motion = reduce_motion  # no cards flying over the table (widgets/motion.py)
        self.scoring_pause = scoring_pause  # Enter on the scoring screen waits this long (no double skip)
        self.initial_game = game  # a game to show at once (e.g. a resumed one)
        self.config = config or GameConfig()  # the last choice, remembered within the run
        self.start_now = start
        self.ascii = ascii
        self.ai_delay = ai_delay
        self.data_dir = data_dir
        self.game: Game | None = None  # the local game being played (None online)
        self.table: Table | None = None  # the table the game screen shows, local or remote
        self.players: dict[int, object] = {}
        self._game_screen: GameScreen | None = None
        self._too_small: TooSmallScreen | None = None
        self._held_keys: list[events.Key] = []  # typed while a choice leaves its row (on_event)
        self.hint_options: dict = {}  # passed to ai.hint.suggest (tests fix iters and seed)
        # Hints and hard/pimc moves search in this process when set (run_app; tests: threads).
        self.searcher: SearchProcess | None = None
        self.register_theme(FELT)
        self._first_theme(theme or "scopa-felt")
        self.init_store(data_dir)  # autosave, settings, statistics (None: nothing is stored)

    def _first_theme(self, name: str) -> None:
        """Take the theme ``name`` before the app runs, the way Textual takes its default one.

        Setting ``App.theme`` handles a change on screen: it queues a restyle that parses
        every stylesheet again with the theme's colours, in a copy that is thrown away, so the
        first frame waited for the app's stylesheets to be parsed twice (README, Benchmark).
        Before the app runs nothing is styled yet: the stylesheet needs the theme's colours,
        the app the theme's classes, and the ANSI colours their dark or light palette.
        """
        if name not in self.available_themes:
            self.theme = name  # Textual's own error for a theme it does not know
        self.set_reactive(ScopaApp.theme, name)
        dark = self.current_theme.dark
        self.update_classes({**{c: False for c in self.classes if c.startswith("-theme-")},
                             f"-theme-{name}": True, "-dark-mode": dark, "-light-mode": not dark},
                            update=False)
        self._refresh_truecolor_filter(self.ansi_theme)  # what the theme's watcher does too
        self._refresh_no_color_filter()
        self.stylesheet.set_variables(self.get_css_variables())

    def on_mount(self) -> None:
        self.set_class(self.theme.startswith("ansi"), "-ansi")
        self.store_on_mount(self._first_screen)  # offers to resume an unfinished game first
        self._check_size()
        if self.searcher is not None:  # started after the first frame, in the background
            self.call_after_refresh(self.searcher.start)

    def on_ready(self) -> None:
        # The collector the command line held off since its start runs again after the first
        # frame (scopa_tui/collector.py): Textual's Ready comes with it, but a first screen
        # held back during the start-up batch draws later, and releases it then (fresh.py).
        if not getattr(self.screen, "_first_frame_due", False):
            collector.release()

    # The apps whose bot hooks are in place (tests run several in one process), and the
    # protocol's own values, put back when the last of them ends.
    _hook_owners: list[ScopaApp] = []
    _hooks_saved: tuple | None = None

    def _install_bot_hooks(self) -> None:
        """External bots (cmd:...) must not print over the screen: their stderr is dropped and
        their faults are shown as notifications.  Done before the first external bot exists."""
        owners = ScopaApp._hook_owners
        if self in owners:
            return
        import subprocess

        from ..ai import protocol as bot_protocol

        if not owners:
            ScopaApp._hooks_saved = (bot_protocol.BOT_STDERR, bot_protocol.ON_FAULT, bot_protocol.CARD_TEXT)
        owners.append(self)
        bot_protocol.BOT_STDERR = subprocess.DEVNULL
        bot_protocol.ON_FAULT, bot_protocol.CARD_TEXT = self.bot_fault, self.bot_card_text

    def _remove_bot_hooks(self) -> None:
        owners = ScopaApp._hook_owners
        if self not in owners:
            return
        from ..ai import protocol as bot_protocol

        owners.remove(self)
        if owners:  # another app still runs: its notifications get the faults
            bot_protocol.ON_FAULT, bot_protocol.CARD_TEXT = owners[-1].bot_fault, owners[-1].bot_card_text
        elif ScopaApp._hooks_saved is not None:
            bot_protocol.BOT_STDERR, bot_protocol.ON_FAULT, bot_protocol.CARD_TEXT = ScopaApp._hooks_saved

    def _first_screen(self) -> None:
        if self.online is not None:
            self.action_play_online()
        elif self.initial_game is not None:
            self.new_game(self.config, game=self.initial_game)
        elif self.start_now:
            self.new_game(self.config)
        else:
            from .screens.new_game import NewGameScreen

            self.push_screen(NewGameScreen(self.config))

    # --- games -----------------------------------------------------------------------
    def new_game(self, config: GameConfig, game: Game | None = None) -> Game:
        """Create the game (or take over a resumed ``game``) and show it: the one place games begin."""
        self.config = config
        self._end_game()
        self._bot_faults = 0
        if game is None:
            seed = config.seed if config.seed is not None else random.randrange(2**31)
            config.seed = None if config.seed is None else config.seed + 1  # a different next game
            game = Game(config.rules(), seed=seed, side_names=config.side_names())
        self.game = game
        self.store_track(game, config)  # autosave after every move
        specs = {seat: config.ai_for(seat) for seat in range(game.rules.players) if seat != HUMAN_SEAT}
        if any(spec.startswith("cmd:") for spec in specs.values()):  # the protocol loads with a first bot
            self._install_bot_hooks()
        self.players = Players(specs, game.seed)
        for seat, spec in specs.items():
            if spec.startswith("cmd:"):  # an external bot starts now: its name and faults show at once
                self.players[seat]
        from ..ai.registry import canonical

        from ..table.local import LocalTable

        levels = {seat: canonical(spec) for seat, spec in specs.items()}  # greedy shows as easy
        self.show_table(LocalTable(game, self.players, config.names(), levels, HUMAN_SEAT))
        return game

    def show_table(self, table: Table) -> None:
        """Show the game screen for ``table`` (local or remote), over the first screen."""
        self.table = table
        deck = DeckStyle(table.rules.deck_style, self.ascii)
        from .screens.game import GameScreen

        if not self.stylesheet.has_source(str(GAME_TCSS)):  # the first game since a new-game screen
            self.stylesheet.read(GAME_TCSS)  # parsed with the screen's styling; its rules are the game's
        screen = GameScreen(table, deck, self.ai_delay)
        self._game_screen = screen
        while len(self.screen_stack) > 1:
            self.pop_screen()
        # Pushed as the app: Textual keeps the message pump that pushes a screen as the
        # "requester" of its result, and "play again" runs in the last game's screen, so
        # each game's screen held the previous game (its screen, table and log) in memory.
        with self._context():
            self.push_screen(screen)
        self._check_size()  # the too-small notice, if needed, goes back on top

    def _end_game(self) -> None:
        """The game on screen is left: its table stops its AIs (and closes its connection)."""
        if self.table is not None:
            self.table.close()
            self.table = None
        self.players = {}

    def bot_fault(self, text: str) -> None:
        """A bot's one-line fault, shown as a notification (called from the AI worker threads too)."""
        if threading.get_ident() == self._thread_id:
            self._show_bot_fault(text)
            return
        # From a worker thread: hand the line to the event loop without waiting for it
        # (call_from_thread would wait, and could wait forever while the app is closing).
        loop = getattr(self, "_loop", None)
        if loop is not None and self.is_running:
            try:
                loop.call_soon_threadsafe(self._show_bot_fault, text)
            except RuntimeError:  # the loop has closed: the app is gone
                pass

    def bot_card_text(self, card: int) -> str:
        """The card a bot's fault line names, as the game on screen draws it (``AƱ``, ``Ac``
        in ASCII), not the record's ``1c``; from the AI worker threads too (it only reads)."""
        screen = self._game_screen
        deck = screen.deck if screen is not None else DeckStyle("italian", self.ascii)
        return deck.short(card)

    def _show_bot_fault(self, text: str) -> None:
        # The first few faults of a game are shown; a bot that keeps failing must not bury the table.
        self._bot_faults = getattr(self, "_bot_faults", 0) + 1
        if self._bot_faults <= BOT_FAULTS_SHOWN:
            self.notify(text, title=_("Bot"), severity="warning", timeout=8)
        elif self._bot_faults == BOT_FAULTS_SHOWN + 1:
            self.notify(_("More bot faults in this game are not shown; a safe move is played for each."),
                        title=_("Bot"), severity="warning", timeout=8)

    def show_hand_over(self, screen: GameScreen, score: HandScore) -> None:
        from .screens.scoring import HandOverScreen

        table = screen.table
        over = table.phase == "game_over"
        if over:  # a window closed on the last scoring loses no game
            self._online_game_over(table)

        def after(_result=None) -> None:
            if table is not self.table:
                return
            if table.phase == "game_over":
                self.show_game_over(screen)
            elif table.phase == "hand_over":
                table.ready_next_hand()

        if isinstance(self.screen, HandOverScreen):  # a table on a server went on meanwhile:
            self.pop_screen()  # the newer hand's scoring replaces the older one's
        self.push_screen(HandOverScreen(score, screen.side_names, screen.deck, table.rules.target, over,
                                        pause=self.scoring_pause, seat_names=screen.names), after)

    def _online_game_over(self, table) -> None:
        """An online game is over (its last scoring, or its result, is on screen): filed like a
        local game, and the seat is not needed any more, unless this player asked to play again."""
        from ..table.local import LocalTable

        if not isinstance(table, LocalTable) and not table.asked_rematch():
            self.file_online_game(table)
            if self.kept_seat(table.server, table.code) is not None:
                self.keep_seat(table.server, table.code, None)

    def show_game_over(self, screen: GameScreen) -> None:
        from ..table.local import LocalTable
        from .screens.scoring import GameOverScreen

        table = screen.table
        names = screen.side_names
        mine = table.rules.side_of(table.my_seat) == table.winner
        online = not isinstance(table, LocalTable)
        self._online_game_over(table)

        def after(choice: str | None) -> None:
            if choice == "again" and online:  # the same table again, once everyone at it says yes
                if table is self.table and table.phase == "game_over":
                    self.keep_seat(table.server, table.code, table.client.token)  # the seat goes on
                    table.rematch()
                    screen.rematch_asked_now()
            elif choice == "lobby":  # another table of the server
                self._end_game()
                while len(self.screen_stack) > 1:
                    self.pop_screen()
                self._game_screen = None
                self.action_play_online()
            elif choice == "again":
                self.new_game(self.config)
            elif choice == "new":
                self._end_game()
                while len(self.screen_stack) > 1:
                    self.pop_screen()
                self._game_screen = None
                from .screens.new_game import NewGameScreen

                self.push_screen(NewGameScreen(self.config))
                self._check_size()
            else:
                self.exit()

        if isinstance(self.screen, GameOverScreen):  # drawn afresh (a state from the server): once
            self.pop_screen()
        self.push_screen(GameOverScreen(list(table.hand_scores), names, table.winner, mine,
                                        table.rules.target, pause=self.scoring_pause, seat_names=screen.names,
                                        rematch=screen.rematch_note if online else None,
                                        rematch_forms=screen.rematch_forms if online else None,
                                        deck=screen.deck, leaving=None if online else self.leave_finished), after)

    def rematch_news(self, begun: bool = False) -> None:
        """Someone at the online table asked to play again: the game-over screen says so;
        ``begun``, the next game began: the last one's result, shown again, goes."""
        from .screens.scoring import GameOverScreen

        while begun and isinstance(self.screen, GameOverScreen):
            self.pop_screen()  # (not dismissed: its choice would be taken)
        for screen in self.screen_stack:
            if isinstance(screen, GameOverScreen):
                screen.show_rematch()

    # --- actions ---------------------------------------------------------------------
    def action_play_online(self) -> None:
        """The lobby of a table server (the new-game screen's Ctrl+O, ``scopa-tui online``)."""
        from .online import default_name
        from .screens.lobby import LobbyScreen

        options = dict(self.online or {})
        server, name = self.remembered_online()
        self.online = {"server": options.get("server") or server or DEFAULT_SERVER,
                       "name": options.get("name") or name or default_name()}
        self.push_screen(LobbyScreen(self.online["server"], self.online["name"], options.get("join"),
                                     options.get("create")))
        self._check_size()

    def action_show_help(self, at: str | None = None) -> None:
        """The help (``?``, F1: helpkeys.py); ``at``: the part it opens at (help.HELP_PARTS).
        Its keys are those of the screen it is opened on where that screen names its own
        (``HELP_KEYS``: help.SCREEN_KEYS), else the game's."""
        from .screens.help import KEYS, SCREEN_KEYS, HelpScreen

        if not isinstance(self.screen, HelpScreen):
            table = self._game_screen.table if self._game_screen is not None else None
            variant = table.rules.variant if table is not None else getattr(self.config, "variant", "scopa")
            keys = SCREEN_KEYS.get(getattr(self.screen, "HELP_KEYS", None), KEYS)
            # In a game the help explains its variant's rules, with its house rules; outside one, Scopa's.
            self.push_screen(HelpScreen(*self._deck_and_chart(), variant=variant,
                                        rules=table.rules if table is not None else None, at=at, keys=keys))

    def _deck_and_chart(self) -> tuple[DeckStyle, str]:
        """The deck style and primiera chart the help describes (the deck also names the coins in
        the statistics): the game's, else the chosen ones."""
        if self._game_screen is not None:
            return self._game_screen.deck, self._game_screen.table.rules.primiera_chart
        try:
            rules = self.config.rules()
        except RulesError:
            return DeckStyle("italian", self.ascii), "standard"
        return DeckStyle(rules.deck_style, self.ascii), rules.primiera_chart

    def action_quit_game(self) -> None:
        from ..table.local import LocalTable  # loaded with the first table

        table = self.table
        if table is not None and not isinstance(table, LocalTable) and table.phase != "game_over":
            from .screens.dialogs import OnlineQuitScreen, online_quit_question

            def choose(choice: str | None) -> None:
                if choice == "leave":
                    self.run_worker(self._leave_for_good(table), group="leave")
                elif choice == "quit":  # nothing is sent: the seat stays ours on the server
                    self.exit()
            kept = self.kept_seat(table.server, table.code) is not None
            question = lambda: online_quit_question(table.code, table.server, table.client.name, kept)  # noqa: E731
            self.push_screen(OnlineQuitScreen(question), choose)
        elif table is not None and table.phase == "game_over":
            self.leave_finished("quit", self.exit)
        elif table is not None and table.phase in ("play", "hand_over"):
            def answer(yes: bool | None) -> None:
                if yes:
                    self.exit()
            saved = self._saved_now()
            from .screens.dialogs import ConfirmScreen, quit_question  # not before the first frame

            dialog = ConfirmScreen(lambda: quit_question(saved), N_("Quit"), N_("Keep playing"),
                                   (N_("quit"), N_("keep playing")))
            dialog.quitting = True  # a second Ctrl+C or Ctrl+Q on it quits (action_quit_now)
            self.push_screen(dialog, answer)
        else:
            self.exit()

    def _saved_now(self) -> bool | None:
        """The game in progress saved now (True), nothing saved in this run (False), or its
        save failing just now (None: a full disk; the moves since its last save are lost)."""
        saved: bool | None = self.store is not None and self.store.usable
        if saved and self.store_session is not None and not self.store_session.save():
            saved = None
        return saved

    def quit_loses(self) -> bool:
        """Quitting now would lose a game played here: one in progress that is not saved in
        this run, or whose save has just failed, or one finished that is neither in the history
        nor saved (:meth:`finished_lost`)."""
        from ..table.local import LocalTable

        table = self.table
        return (isinstance(table, LocalTable) and table.phase in ("play", "hand_over")
                and not self._saved_now()) or self.finished_lost()

    def finished_lost(self) -> bool:
        """The game finished here is neither in the history nor in its save (a full disk:
        README.md, Where the files are), its save tried once more just now: leaving it loses it."""
        from ..table.local import LocalTable

        session = self.store_session
        return (isinstance(self.table, LocalTable) and self.table.phase == "game_over" and session is not None
                and not session.finished and not session.filing and self.store.usable and not session.save())

    def leave_finished(self, choice: str, go) -> None:
        """Leave the finished game (``choice``: "quit", "new" or "again") with ``go()``; where
        that loses it (:meth:`finished_lost`) ask first, as the quit question does in a game."""
        if not self.finished_lost():
            go()
            return
        from .screens.dialogs import ConfirmScreen, leave_finished_question

        quitting = choice == "quit"
        dialog = ConfirmScreen(lambda: leave_finished_question(quitting), N_("Quit") if quitting else N_("Yes"),
                               N_("Back"), (N_("quit") if quitting else N_("yes"), N_("back")))
        dialog.quitting = quitting  # a second Ctrl+C or Ctrl+Q on it quits (action_quit_now)
        self.push_screen(dialog, lambda yes: go() if yes else None)

    def action_quit_now(self) -> None:
        """Ctrl+C and Ctrl+Q: quit at once, the game in progress saved for next time (or kept
        on its server); where quitting would lose it (nothing saved in this run, or a save
        failing), the question ``q`` asks first, and a second Ctrl+C or Ctrl+Q on it quits.
        They quit an unsaved game without a word."""
        from .screens.dialogs import TooSmallScreen

        screen = self.screen
        if isinstance(screen, TooSmallScreen):
            screen.action_quit()
        elif getattr(screen, "quitting", False) or not self.quit_loses():
            self.exit()
        else:
            self.action_quit_game()

    async def _leave_for_good(self, table) -> None:
        """Give the seat up (the AI plays it from now on), then quit."""
        import asyncio

        try:
            await asyncio.wait_for(table.leave(), 3.0)
        except (asyncio.TimeoutError, OSError):
            pass  # the server will hand the seat to the AI after the turn limit all the same
        self.keep_seat(table.server, table.code, None)
        self.exit()

    def restyle_cards(self) -> None:
        """Redraw the game on screen in the current ASCII mode (the palette's *ASCII suits*)."""
        screen = self._game_screen
        if screen is not None:
            screen.set_deck(DeckStyle(screen.table.rules.deck_style, self.ascii))

    async def on_event(self, event) -> None:
        """A key that comes while the focused choice is leaving its row (↑/↓ posted a
        ``Choice.Row`` not yet handled) waits for the row the focus lands on: both a key not
        yet sent to the choice and one back from it unused (every key comes here twice).
        Keys and clicks that come after the app was told to quit (``return_code`` set) do
        nothing: a q typed just after the y that quit opened the quit question again as the
        app closed, and it crashed (its buttons were gone when it was shown)."""
        if isinstance(event, events.InputEvent) and self.return_code is not None:
            return
        if isinstance(event, events.Key) and getattr(self.focused, "leaving", False):
            self._held_keys.append(event)
            return
        await super().on_event(event)

    async def on_choice_row(self, event) -> None:
        """↑/↓ on a choice (``Choice.Row``, docs in widgets/choice.py): the row before or after
        it, once its screen has heard of the choice's last change; then the keys typed after
        the ↑/↓ (held by :meth:`on_event`) in order, as new ones, to the row now focused."""
        event.choice.leaving = False
        if event.by > 0:
            self.screen.focus_next()
        else:
            self.screen.focus_previous()
        held, self._held_keys = self._held_keys, []
        for key in held:
            await self.on_event(events.Key(key.key, key.character))

    def action_focus_next(self) -> None:
        self._next_row(1)

    def action_focus_previous(self) -> None:
        self._next_row(-1)

    def _next_row(self, by: int) -> None:
        """Tab and Shift+Tab on a row that goes on with a ``Choice.Row`` (a choice, the Start
        button) go as its ↓ and ↑, so that the keys typed with them follow the focus."""
        focused = self.focused
        if hasattr(focused, "leaving"):
            focused.action_row(by)
        elif by > 0:
            self.screen.focus_next()
        else:
            self.screen.focus_previous()

    # --- size guard ------------------------------------------------------------------
    def on_resize(self, event) -> None:
        self._check_size(event.size)

    def _check_size(self, size=None) -> None:
        w, h = size or self.size
        small = w < MIN_SIZE[0] or h < MIN_SIZE[1]
        showing = self._too_small is not None and self._too_small in self.screen_stack
        if small and not showing:
            from .screens.dialogs import TooSmallScreen  # not before the first frame

            self._too_small = TooSmallScreen(MIN_SIZE)
            super().push_screen(self._too_small)
        elif not small and showing:
            if self.screen is self._too_small:
                self.pop_screen()
            self._too_small = None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While the too-small notice shows, the keys that would open a screen do nothing.

        Such a screen would open unseen under the notice, and the command palette checks only
        the top screen before it opens: a second Ctrl+P pushed a second palette with the same
        id, and the app crashed (DuplicateIds).
        """
        if action in ("command_palette", "show_stats") and self._too_small_on_top():
            return False
        return super().check_action(action, parameters)

    def _too_small_on_top(self) -> bool:
        return self._too_small is not None and self.screen is self._too_small

    def push_screen(self, screen, *args, **kwargs):
        """Screens opened while the terminal is too small go under the too-small notice."""
        if self._too_small_on_top() and screen is not self._too_small:
            self.pop_screen()
            self._too_small = None
            result = super().push_screen(screen, *args, **kwargs)
            from .screens.dialogs import TooSmallScreen

            self._too_small = TooSmallScreen(MIN_SIZE)
            super().push_screen(self._too_small)
            return result
        return super().push_screen(screen, *args, **kwargs)

    def set_ai_pace(self, delay: float) -> None:
        """How long each AI play stays visible; remembered in the settings."""
        self.ai_delay = delay
        if self._game_screen is not None:
            self._game_screen.ai_delay = delay
        if self.store is not None:
            self.store.update_settings(ai_delay=delay)
            self.show_store_notices()
        name = dict(AI_PACES).get(delay, "")
        if name:
            # TRANSLATORS: {name} is an AI pace (instant, quick, normal, slow), {seconds} a number.
            self.notify(_("AI pace: {name} ({seconds} s per play)").format(name=_(name), seconds=decimal(f"{delay:g}")),
                        kind="pace")
        else:
            self.notify(_("AI pace: {seconds} s per play").format(seconds=decimal(f"{delay:g}")), kind="pace")

    def set_reduce_motion(self, on: bool) -> None:
        """Cards fly over the table (off) or not (on); remembered in the settings."""
        self.reduce_motion = on
        if on and self._game_screen is not None:
            self._game_screen._skip_flights()
        if self.store is not None:
            self.store.update_settings(reduce_motion=on)
            self.show_store_notices()
        self.notify(_("Reduce motion: on (cards no longer fly)") if on else _("Reduce motion: off (cards fly)"),
                    kind="motion")

    def set_language(self, code: str) -> None:
        """Every word in ``code`` from now on, on every screen at once; remembered."""
        code = languages.use(code)
        if self.store is not None:
            self.store.update_settings(language=code)
            self.show_store_notices()
        self.refresh_bindings()
        for screen in self.screen_stack:
            if isinstance(screen, Translated):
                self.call_later(screen._retranslate_now)
        self.notify(_("Language: {name}").format(name=languages.LANGUAGES[code]), kind="language")

    def get_system_commands(self, screen):
        yield from super().get_system_commands(screen)  # Textual's own in the language (TranslatedApp)
        # A search for "help" or "rules" found nothing: the help was on ? and F1 alone.
        yield SystemCommand(_("Help: rules and keys"), _("The rules in short, the family of games and the keys, "
                                                         "as ? and F1 show them"), self.action_show_help)
        for code, name in languages.LANGUAGES.items():
            title = (_("Language: {name} (now)") if code == language() else _("Language: {name}"))
            yield SystemCommand(title.format(name=name), _("Every word of the game in {name} (remembered)")
                                .format(name=name), lambda code=code: self.set_language(code))
        if not any(abs(delay - self.ai_delay) < 1e-9 for delay, _name in AI_PACES):  # e.g. --ai-delay 1.2
            yield SystemCommand(_("AI pace: {seconds} s (now)").format(seconds=decimal(f"{self.ai_delay:g}")),
                                _("Each AI play stays in view this long (set with --ai-delay); "
                                  "choose instant, quick, normal or slow to change it"),
                                lambda d=self.ai_delay: self.set_ai_pace(d))
        for delay, name in AI_PACES:
            now = abs(delay - self.ai_delay) < 1e-9
            title = _("AI pace: {name} (now)") if now else _("AI pace: {name}")
            help = (_("Each AI play stays in view {seconds} s (remembered)").format(seconds=decimal(f"{delay:g}")) if delay
                    else _("The AIs play at once (remembered)"))
            yield SystemCommand(title.format(name=_(name)), help, lambda d=delay: self.set_ai_pace(d))
        for on in (True, False):
            now = on == self.reduce_motion
            if on:
                title = _("Reduce motion: on (now)") if now else _("Reduce motion: on")
                help = _("Cards do not fly over the table (remembered)")
            else:
                title = _("Reduce motion: off (now)") if now else _("Reduce motion: off")
                help = _("Played and captured cards fly (AI pace above instant) (remembered)")
            yield SystemCommand(title, help, lambda on=on: self.set_reduce_motion(on))

    def crash_advice(self) -> str:
        if self.store is not None and self.game is not None and self.game.phase in ("play", "hand_over"):
            return _("The game is saved after every move: start scopa-tui again to resume it.")
        return ""

    def on_unmount(self) -> None:
        self.store_close()
        self._end_game()
        self._remove_bot_hooks()
        if self.searcher is not None:
            self.searcher.shutdown()


def run_app(args) -> int:
    """Entry point of ``scopa-tui`` with no subcommand (argparse args from the CLI)."""
    from .crash import refuse_without_terminal

    refused = refuse_without_terminal()  # before the command line's settings are remembered
    if refused is not None:
        return refused
    given = any(getattr(args, name, None) is not None
                for name in ("players", "ai", "target", "preset", "variant", "option"))
    variant = getattr(args, "variant", None) or "scopa"
    deck = getattr(args, "deck", None)
    if deck is None and VARIANTS[variant].scoring == "escoba":  # as on the new-game screen
        deck = "spanish"
    config = GameConfig(players=getattr(args, "players", None) or VARIANTS[variant].default_players,
                        preset=getattr(args, "preset", None) or "standard",
                        target=getattr(args, "target", None), deck=deck,
                        ai=list(getattr(args, "ai", None) or []), seed=getattr(args, "seed", None),
                        variant=variant, options=list(getattr(args, "option", None) or []))
    delay = getattr(args, "ai_delay", None)
    opts = launch_options(args)  # settings remembered from earlier runs; the command line wins
    if not given and opts.config is not None:  # the last new-game choices
        config = opts.config
        config.seed = getattr(args, "seed", None)
        if getattr(args, "deck", None):  # but a --deck given now wins
            config.deck = args.deck
    app = ScopaApp(config, start=given, ascii=opts.ascii,
                   ai_delay=opts.ai_delay if delay is None else delay,
                   data_dir=opts.data_dir, theme=opts.theme, scoring_pause=SCORING_PAUSE,
                   reduce_motion=opts.reduce_motion)
    app.searcher = SearchProcess()  # keys stay quick while the AI or a hint searches
    for message in opts.notices:
        app.store.notices.add(message)
    return run_app_reporting(app, opts.data_dir)  # non-zero after a crash (ui/crash.py)
