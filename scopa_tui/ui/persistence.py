"""The app's link to :mod:`scopa_tui.store`: autosave and resume, settings, statistics,
history and the replay viewer.

:class:`StoreMixin` is mixed into the app (``class ScopaApp(StoreMixin, App)``); the app
calls, one line each:

* ``self.init_store(data_dir)`` in ``__init__`` (``data_dir=None``: nothing is stored,
  which is what tests that build the app directly want),
* ``self.store_on_mount(then)`` in ``on_mount``: offers to resume an unfinished game,
  then calls ``then()`` (the normal first screen) unless a game was resumed,
* ``self.store_track(game, config)`` in ``new_game``: autosave from now on,
* ``self.store_close()`` in ``on_unmount``.

It adds the ``show_stats`` and ``show_history`` actions and their command-palette
entries, remembers theme changes (Textual's theme picker included), and saves and exits
on SIGTERM/SIGHUP.  :func:`launch_options` gives ``run_app`` the remembered settings.

The database is only used from the store's background thread (``store.background``):
a statistics file that another program holds is reported as busy within about a second
while the game goes on, and the app can always exit.
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
from dataclasses import asdict, dataclass, replace
from typing import Any

from textual.app import SystemCommand
from textual.message import Message

from ..engine import PRESETS, Game, GameEnded
from ..engine.rules import TARGET_MAX
from ..engine.text import N_, _
from ..store import GameSetup, Session, Store
from ..store.paths import resolve_data_dir
from ..store.store import BUSY_WAIT
from .config import HUMAN_SEAT, GameConfig
from .terminal import in_browser

EXIT_GRACE = 3.0  # seconds after SIGTERM/SIGHUP before the process ends even if something is stuck
CLOSE_WAIT = 2.0  # seconds the app waits at exit for database work (a finished game being filed)


@dataclass
class LaunchOptions:
    """The app's start-up options: the command line's, else the remembered settings."""

    data_dir: str
    theme: str | None
    ascii: bool
    ai_delay: float
    reduce_motion: bool
    config: GameConfig | None  # the last new-game choices, when the command line gives none
    notices: list[str]


def launch_options(args) -> LaunchOptions:
    """Settings remembered from earlier runs, overridden by what the command line gives.

    What the command line sets (``--ascii`` or ``--no-ascii``, ``--ai-delay``) is remembered;
    ``--deck`` is remembered with the new-game choices, as the game started with it.
    """
    data_dir = str(resolve_data_dir(getattr(args, "data_dir", None)))
    store = Store(data_dir)
    s = store.settings
    changes: dict[str, Any] = {}
    if getattr(args, "ascii", None) is not None:  # None: neither --ascii nor --no-ascii
        changes["ascii"] = bool(args.ascii)
    delay = getattr(args, "ai_delay", None)
    if delay is not None:
        changes["ai_delay"] = float(delay)
    if getattr(args, "lang", None):  # chosen at start-up by cli.main; remembered here
        changes["language"] = args.lang
    if changes:
        store.update_settings(**changes)
    config = remembered_config(store)
    theme = settings_theme(store)
    return LaunchOptions(data_dir, theme, s.ascii, s.ai_delay, s.reduce_motion, config, store.notices.take())


def away_game_line(code: str, game: dict[str, Any]) -> str:
    """The notice for an online game filed after its end, which the player was away for:
    its table, and how it went for their side when the lines say so."""
    events = game["events"]
    try:
        sides = events[0]["rules"]["sides"]
        mine = next(i for i, side in enumerate(sides) if game["seat"] in side)
        end = events[-1]
        totals, winner = end["totals"], end["winner"]
        theirs = max(t for i, t in enumerate(totals) if i != mine) if winner == mine else totals[winner]
        points = {"mine": totals[mine], "theirs": theirs, "n": game["game"], "code": code}
    except (KeyError, TypeError, IndexError, StopIteration, ValueError):
        # TRANSLATORS: an online game that ended while the player's app was closed, filed now.
        return _("Game {n} at table {code} ended while you were away; it is in your history now.").format(
            n=game["game"], code=code)
    if winner == mine:
        # TRANSLATORS: {mine} and {theirs} are points: "you won, 11 to 7".
        return _("Game {n} at table {code} ended while you were away: you won, {mine} to {theirs}. "
                 "It is in your history now.").format(**points)
    return _("Game {n} at table {code} ended while you were away: you lost, {mine} to {theirs}. "
             "It is in your history now.").format(**points)


def settings_theme(store) -> str | None:
    """The theme the settings file remembers, None for the default; one it names that Textual
    does not know (a typo, another version's) is a notice, and the default is used."""
    theme = store.settings.theme
    if theme is not None:
        from textual.theme import BUILTIN_THEMES

        if theme not in BUILTIN_THEMES and theme != "scopa-felt":
            store.notices.add(_("settings file {path}: unknown theme {theme}; using the default")
                              .format(path=store.dir / "settings.json", theme=repr(theme)))
            theme = None
    return theme


def remembered_config(store) -> GameConfig | None:
    """The new-game choices the settings file remembers (None: none).  Choices the new-game
    screen cannot start are a notice, as any bad value of the file is: the whole block when
    none can be used (the form's defaults then), else its target (the game's own then).  The
    file is left as it is until the next choices are remembered."""
    remembered = store.settings.new_game
    config = config_from_settings(remembered)
    if config is None and remembered:
        bad = "new_game"
    elif config is not None and config.target is None and remembered.get("target") is not None:
        bad = "new_game.target"
    else:
        return config
    store.notices.add(_("settings file {path}: ignored bad value of {keys}; using the default")
                      .format(path=store.dir / "settings.json", keys=bad))
    return config


CONFIG_FIELDS = ("players", "preset", "target", "deck", "ai", "variant", "options")


def config_from_settings(data: Any) -> GameConfig | None:
    """A GameConfig from remembered choices; None when they are missing or no longer valid.
    A target the new-game screen cannot start (0, 10**9, "11") is left out: the game's own."""
    if not isinstance(data, dict) or not data:
        return None
    try:
        kwargs = {k: data[k] for k in CONFIG_FIELDS if k in data}
        target = kwargs.get("target")
        if target is not None and (isinstance(target, bool) or not isinstance(target, int)
                                   or not 1 <= target <= TARGET_MAX):
            del kwargs["target"]
        for key in ("ai", "options"):
            if key in kwargs and not (isinstance(kwargs[key], list) and all(isinstance(a, str) for a in kwargs[key])):
                return None
        config = GameConfig(**kwargs)
        config.rules()  # still valid rules?
        from ..ai.registry import check_spec

        for spec in config.ai:
            check_spec(spec)
        return config
    except (TypeError, ValueError):
        return None


def config_to_settings(config: GameConfig) -> dict[str, Any]:
    data = asdict(config)
    return {k: data[k] for k in CONFIG_FIELDS}


def setup_for(config: GameConfig, players: int) -> GameSetup:
    names = config.names()
    ai = [None if seat == HUMAN_SEAT else config.ai_for(seat) for seat in range(players)]
    return GameSetup(names, ai, HUMAN_SEAT, {"config": config_to_settings(config)})


class BackgroundDone(Message):
    """Database work finished on the store's thread: ``call`` runs in the app."""

    def __init__(self, call) -> None:
        super().__init__()
        self.call = call


class StoreMixin:
    """Autosave, resume, settings, statistics and history for the Textual app."""

    store: Store | None = None
    store_session: Session | None = None
    _resuming: tuple[Game, str] | None = None
    _remove_signals = None

    # --- wiring ---------------------------------------------------------------------
    def init_store(self, data_dir: str | None) -> None:
        self.store = Store(data_dir, background=True, browser=in_browser()) if data_dir else None

    def store_on_mount(self, then) -> None:
        """Offer to resume an unfinished game; otherwise (or when declined) ``then()``.

        The save offered is claimed by this copy (another copy started meanwhile does not
        offer it); Esc keeps it for later, ``n`` sets it aside after a confirmation.
        """
        if self.store is None:
            then()
            return
        self._watch_theme_and_signals()
        saved = self.store.resumable()
        if saved is not None and getattr(self, "initial_game", None) is not None:
            self.store.release(saved)
            saved = None
        if saved is None:
            self.show_store_notices()
            then()
            return
        from .screens.dialogs import ConfirmScreen, set_aside_question
        from .screens.resume import ResumeScreen

        # Every unfinished game can be reached: Later shows the next one (the newest came
        # first, and would be first again at every start), the new-game screen after the last.
        offered = [saved.game_id]
        queue = [saved, self.store.resumable(skip=offered)]  # the one on offer, and the next or None

        def offer() -> None:
            current, following = queue
            if following is not None and following.game_id not in offered:
                offered.append(following.game_id)
            # the game as it will be resumed: its AIs and names are the config's, not the save's setup
            shown = replace(current, setup=setup_for(self._resume_config(current), current.game.rules.players))
            self.push_screen(ResumeScreen(shown.summary, current.saved_at, more=following is not None), answer)

        def go_on() -> None:
            """The next unfinished game, or the normal first screen after the last."""
            following = queue[1]
            if following is None:
                self.show_store_notices()
                then()
                return
            queue[:] = [following, self.store.resumable(skip=offered)]
            offer()

        def answer(resume: bool | None) -> None:
            # The notices of the start (a bad settings file, saves set aside) wait for the
            # answer: shown with the question, they covered its buttons.
            current, following = queue
            if resume:
                self.show_store_notices()
                if following is not None:
                    self.store.release(following)
                config = self._resume_config(current)
                current.game.side_names = config.side_names()
                self._resuming = (current.game, current.game_id)
                self.new_game(config, game=current.game)
            elif resume is None:  # Esc: keep it for later
                self.store.release(current)
                go_on()
            else:
                self.push_screen(ConfirmScreen(lambda: set_aside_question(str(self.store.saves.dir)), N_("Set aside"),
                                               N_("Back"), (N_("set aside"), N_("back"))),
                                 set_aside)

        def set_aside(yes: bool | None) -> None:
            if not yes:
                offer()
                return
            self.store.discard(queue[0])
            go_on()

        offer()

    def store_track(self, game: Game, config: GameConfig) -> None:
        """Autosave ``game`` after every move; remember the new-game choices."""
        if self.store is None:
            return
        if self.store_session is not None:  # saved once more, as on quitting (Session.save)
            self.store_session.save()
            self.store_session.close()
        game_id = None
        if self._resuming is not None and self._resuming[0] is game:
            game_id = self._resuming[1]
        self._resuming = None
        self.store_session = self.store.track(game, setup_for(config, game.rules.players), game_id)
        game.subscribe(self._after_event)
        self.store.update_settings(new_game=config_to_settings(config))
        self.show_store_notices()

    def store_close(self) -> None:
        if self._remove_signals is not None:
            self._remove_signals()
            self._remove_signals = None
        if self.store_session is not None:
            self.store_session.save()
            self.store_session.close()
            self.store_session = None
        if self.store is not None:  # bounded: a finished game not filed by then is filed next start
            self.store.close(CLOSE_WAIT)

    # --- events ---------------------------------------------------------------------
    def _after_event(self, event) -> None:
        if isinstance(event, GameEnded) or (self.store is not None and len(self.store.notices)):
            self.show_store_notices()

    def show_store_notices(self) -> None:
        if self.store is None:
            return
        shown = self.__dict__.setdefault("_shown_notices", set())
        new = [m for m in dict.fromkeys(self.store.notices.take()) if m not in shown]  # once per run
        shown.update(new)
        if new:  # one notice for those that come together: a stack of them covered the dialogs
            self.notify("\n".join(new), title=_("Saved data"), severity="warning", timeout=12 + 4 * (len(new) - 1))

    def _watch_theme_and_signals(self) -> None:
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        from ..store.signals import on_termination_async

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # pragma: no cover
            return
        self._remove_signals = on_termination_async(loop, self._terminated)
        # From the database thread: run the job's ``done`` in the app (post_message is thread-safe).
        self.store.background.deliver = lambda call: self.post_message(BackgroundDone(call))

    def on_background_done(self, message: BackgroundDone) -> None:
        message.call()
        self.show_store_notices()

    def _theme_changed(self, theme) -> None:
        if self.store is not None:
            self.store.update_settings(theme=getattr(theme, "name", theme))
            self.show_store_notices()

    def _terminated(self, signum: int) -> None:
        """SIGTERM or SIGHUP: the game is saved after every move; save once more and exit.

        The exit is bounded: if it has not happened :data:`EXIT_GRACE` seconds later
        (the terminal is gone, something is stuck) the process ends anyway.
        """
        if self.store_session is not None:
            self.store_session.save()
        if not self.is_headless:
            watchdog = threading.Timer(EXIT_GRACE, os._exit, (0,))
            watchdog.daemon = True
            watchdog.start()
        self.exit(return_code=0)

    @classmethod
    def _resume_config(cls, saved) -> GameConfig:
        """The choices a save is resumed with (and the resume question describes): those it
        remembers, else what its game and setup say."""
        return config_from_settings(saved.setup.extra.get("config")) or cls._config_from_game(saved)

    @staticmethod
    def _config_from_game(saved) -> GameConfig:
        from ..ai.registry import check_spec
        from .config import default_level

        def usable(spec: str | None) -> str:
            try:
                return check_spec(spec or "")
            except ValueError:  # an AI this version does not have: the default level plays it
                return default_level()

        rules = saved.game.rules
        ai = [usable(a) for s, a in enumerate(saved.setup.ai) if s != HUMAN_SEAT]
        # "custom" (a record's own rules) and a preset this version lacks: the standard's choices
        return GameConfig(players=rules.players, preset=rules.preset if rules.preset in PRESETS else "standard",
                          target=rules.target, deck=rules.deck_style, ai=ai, variant=rules.variant,
                          options=list(rules.options))

    # --- seats at tables on servers ---------------------------------------------------
    # A seat is kept under its server's address as server_key has it (ws://h:8810 and
    # ws://h:8810/ one server), as the headless seats' are; one kept under the address as
    # it was typed, before, is found too (kept_token).

    def kept_seat(self, server: str, code: str) -> str | None:
        """The token of this player's seat at table ``code`` of ``server``, if one is kept."""
        if self.store is None:
            return None
        from ..net.messages import kept_token, server_key

        return kept_token(self.store.settings.online_seats, f"{server_key(server)} {code}")

    def kept_codes(self, server: str) -> list[str]:
        """The tables of ``server`` where this player keeps a seat, the newest last."""
        if self.store is None:
            return []
        from ..net.messages import kept_seat_key, server_key

        prefix = f"{server_key(server)} "
        keys = [kept_seat_key(key) for key in self.store.settings.online_seats]
        return list(dict.fromkeys(key[len(prefix):] for key in keys if key.startswith(prefix)))

    def keep_seat(self, server: str, code: str, token: str | None) -> None:
        """Remember (``token``) or forget (None) the seat, so ``--join CODE`` comes back to it."""
        if self.store is None:
            return
        from ..net.messages import is_seat_token, server_key, with_kept

        # A token the server's resume would refuse takes no seat back, and one of a server of
        # another make could be megabytes: settings.json past its limit was moved aside whole.
        token = token if is_seat_token(token) else None
        key = f"{server_key(server)} {code}"
        self.store.update_settings(online_seats=lambda now: with_kept(now, key, token))
        self.show_store_notices()

    def remembered_online(self) -> tuple[str | None, str | None]:
        """The server and name the lobby last connected with (None, None: never, or no store)."""
        if self.store is None:
            return None, None
        return self.store.settings.online_server, self.store.settings.online_name

    def remember_online(self, server: str, name: str) -> None:
        """The lobby connected to ``server`` as ``name``: the next lobby opens on them."""
        if self.online is not None:
            self.online.update(server=server, name=name)
        if self.store is not None:
            self.store.update_settings(online_server=server, online_name=name)
            self.show_store_notices()

    def file_online_game(self, table) -> None:
        """A game finished at a table on a server goes into the history and statistics like a
        local one (its record rebuilt from what this seat received: ``RemoteTable.record_text``)."""
        text = table.record_text()
        if self.store is None or text is None or getattr(table, "filed", False):
            return
        from ..net.messages import game_record_id, game_record_key

        table.filed = True
        names, ai = table.setup()
        setup = GameSetup(names, ai, table.my_seat, {"online": table.code, "server": table.server})
        # a rematch is a game of its own: its number in the id (two games of a table never share one);
        # the result seen again by a new app (the seat taken back at the end) is the game filed already
        self.store.file_finished(game_record_id(table.code, table.game_number), text, setup, time.time(),
                                 same_game="%" + game_record_key(table.code, table.game_number))

    def file_away_games(self, server: str, code: str, games: list[dict[str, Any]], seat_now: int | None,
                        after=None) -> None:
        """The finished games the server kept for this player's seat at table ``code`` (its
        ``games`` answer, docs/online-protocol.md: one that ended while the player was away,
        the seat then freed by a rematch or the table closed) go into the history as a game
        seen to its end does, and a notice says each one filed now.  The seat kept for the
        table is forgotten once they are all in, when the token holds no seat there any more
        (``seat_now`` None); until then the lobby asks again.  ``after()`` is called then."""
        if self.store is None:
            return
        from ..net.messages import game_record_id, game_record_key
        from ..net.remote import info_seats, seat_record, seats_setup

        entries, shown = [], []
        for g in games:
            try:
                text = seat_record(g["events"])
            except (KeyError, TypeError, IndexError, AttributeError):
                continue  # not lines a record is made of: the history could not take it either
            names, ai = seats_setup(info_seats(g["table"], g["seat"]))
            setup = GameSetup(names, ai, g["seat"], {"online": code, "server": server})
            entries.append((game_record_id(code, g["game"], g["finished"]), text, setup, g["finished"],
                            "%" + game_record_key(code, g["game"])))
            shown.append(g)

        def then(result: tuple[list[int], bool]) -> None:
            added, done = result
            for i in added:
                self.notify(away_game_line(code, shown[i]), timeout=10)
            if done and seat_now is None:
                self.keep_seat(server, code, None)
            self.show_store_notices()
            if after is not None:
                after()

        self.store.file_played_elsewhere(entries, then)

    # --- screens and commands -------------------------------------------------------
    def action_show_stats(self) -> None:
        from .screens.stats import StatsScreen

        if self.store is None:
            self.notify(_("Statistics are not kept in this run."), severity="warning")
            return
        if isinstance(self.screen, StatsScreen):  # F2 on the statistics: they are open
            return
        # TRANSLATORS: completes "{what} cannot be read now: ... is busy".
        self._read_db(N_("Statistics"), self.store.stats,
                      lambda stats: self._show_once(StatsScreen, lambda: StatsScreen(
                          stats, history=self.action_show_history, deck=self._deck_and_chart()[0])))

    def action_show_history(self, variant: str | None = None, players: int | None = None) -> None:
        """The history; from the statistics screen, of the variant and number of players
        chosen there (None: any)."""
        from .screens.history import HistoryScreen

        if self.store is None:
            self.notify(_("The history is not kept in this run."), severity="warning")
            return
        self._read_db(N_("The history"), self.store.history, lambda entries: self._show_once(
            HistoryScreen, lambda: HistoryScreen(entries, self._history_record, ascii=getattr(self, "ascii", False),
                                                 variant=variant, players=players)))

    def _show_once(self, kind: type, make) -> None:
        """Push ``make()`` unless a screen of ``kind`` is already on top: F2 typed ahead while
        the statistics were read (or pressed on them) stacked another copy each time."""
        if not isinstance(self.screen, kind):
            self.push_screen(make())

    def _read_db(self, what: str, read, show) -> None:
        """Run ``read()`` on the database thread, then ``show(result)`` here; a busy file
        gets one line instead."""
        def done(result) -> None:
            value, busy = result
            if busy:
                self._say_busy(what)
            else:
                show(value)

        self.store.background.submit(lambda: self.store.quietly_busy(read), done)

    def _history_record(self, entry_id: int) -> str | None:
        """One game's record for the replay viewer (waits at most about a second)."""
        future = self.store.background.submit(
            lambda: self.store.quietly_busy(lambda: self.store.history_record(entry_id)))
        try:
            text, busy = future.result(timeout=BUSY_WAIT + 0.5)
        except Exception:  # timed out or cancelled
            text, busy = None, True
        if busy:
            self._say_busy(N_("That game"))
        return None if busy else text

    def _say_busy(self, what: str) -> None:
        """``what`` (Statistics, The history, That game: marked with ``N_``) cannot be read now."""
        # TRANSLATORS: {what} is "Statistics", "The history" or "That game"; {path} a file.
        self.notify(_("{what} cannot be read now: {path} is busy (another program is using it). "
                      "Try again in a moment.").format(what=_(what), path=self.store.db.path),
                    title=_("Saved data"), severity="warning", timeout=8)

    def action_toggle_ascii(self) -> None:
        self.ascii = not getattr(self, "ascii", False)
        if self.store is not None:
            self.store.update_settings(ascii=self.ascii)
            self.show_store_notices()
        self.restyle_cards()  # the game on screen redraws at once
        self.notify(_("ASCII suits on.") if self.ascii else _("ASCII suits off."))

    def get_system_commands(self, screen):
        yield from super().get_system_commands(screen)
        yield SystemCommand(_("Statistics"), _("Your record: games won per opponent, streaks, points per hand"),
                            self.action_show_stats)
        yield SystemCommand(_("History"), _("Past games; replay any of them move by move"),
                            self.action_show_history)
        yield SystemCommand(_("ASCII suits"), _("Draw suits with letters instead of symbols (remembered)"),
                            self.action_toggle_ascii)
