"""The new-game screen: players, AI level of each opponent, preset, target and deck style."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from ...ai.registry import canonical, check_runnable
from ...engine import PRESETS, RulesError
from ...engine.rules import DECK_STYLES
from ..config import NAMES, TARGETS, GameConfig, ai_levels
from .fresh import StyledOnMount

EXTERNAL = "cmd"  # the AI select's value for "external bot…"

PLAYER_CHOICES = [("2: you and one AI", 2), ("3: each for self", 3),
                  ("4: with a partner", 4), ("6: three pairs", 6)]


class NewGameScreen(StyledOnMount, Screen):
    """Choose the game; Start (or Ctrl+S) begins it with the app's ``new_game``."""

    AUTO_FOCUS = "#start"  # not the first Select, restyled twice before the first frame
    BINDINGS = [
        Binding("ctrl+s", "start", "start", id="new.start"),
        Binding("question_mark", "app.show_help", "help", id="new.help", key_display="?"),
        Binding("f1", "app.show_help", "help", id="new.help_f1", show=False),
        Binding("q", "app.quit", "quit", id="new.quit"),
        Binding("f2", "app.show_stats", "statistics", id="new.stats"),
        Binding("ctrl+o", "app.play_online", "play online…", id="new.online"),
    ]

    def __init__(self, config: GameConfig) -> None:
        super().__init__()
        self.config = config
        self.levels = ai_levels()
        # The rows of seats that do not play (and of an "other…" target) are mounted empty and
        # filled after the first paint or when shown: a Select is several widgets, and the
        # screen's first frame comes sooner without them (docs: README, Benchmark).
        self._later: dict[Horizontal, list] = {}

    def compose(self) -> ComposeResult:
        c = self.config
        target = c.target if c.target is not None else PRESETS[c.preset].target
        deck = c.deck or PRESETS[c.preset].deck_style
        yield Static("SCOPA  ·  new game  ·  choose, then Start (Enter) or Ctrl+S", id="title")
        with Horizontal(id="form"):
            with Vertical(id="rules-col", classes="form-col"):
                with Horizontal(classes="row"):
                    yield Label("Players", classes="field")
                    yield Select(PLAYER_CHOICES, value=c.players, allow_blank=False, id="players")
                with Horizontal(classes="row"):
                    yield Label("Rules", classes="field")
                    yield Select([(f"{name}", name) for name in PRESETS], value=c.preset,
                                 allow_blank=False, id="preset")
                with Horizontal(classes="row"):
                    yield Label("Target", classes="field")
                    choices = [(f"{t} points", t) for t in TARGETS] + [("other…", 0)]
                    yield Select(choices, value=target if target in TARGETS else 0, allow_blank=False,
                                 id="target")
                yield self._row([Label("Points", classes="field"),
                                 Input(str(target), id="other-target", type="integer", max_length=3)],
                                target not in TARGETS, classes="row", id="other-row")
                with Horizontal(classes="row"):
                    yield Label("Deck", classes="field")
                    yield Select([(d, d) for d in DECK_STYLES], value=deck, allow_blank=False, id="deck")
            with Vertical(id="ai-col", classes="form-col"):
                for seat in range(1, 6):
                    yield from self._seat_rows(seat)
        yield Static(id="preset-info")
        with Horizontal(id="start-row"):
            yield Static(id="error")
            yield Button("Start game", id="start", variant="primary")
        yield Footer()

    def _row(self, children: list, now: bool, **kwargs) -> Horizontal:
        """A form row; its ``children`` are mounted ``now`` or wait for :meth:`_fill_rows`."""
        if now:
            return Horizontal(*children, **kwargs)
        row = Horizontal(**kwargs)
        self._later[row] = children
        return row

    def _seat_rows(self, seat: int) -> list[Horizontal]:
        """Seat ``seat``'s AI choice and, under it, the command of an external bot (both
        filled at once for the seats that play)."""
        spec = canonical(self.config.ai_for(seat))  # greedy is shown as easy
        external = spec.startswith("cmd:")
        names = list(self.levels)
        if not external and spec not in names:  # e.g. hard:time=0.5 from the command line
            names.append(spec)
        playing = seat < self.config.players
        choice = [Label(NAMES[seat], classes="field", id=f"ai-label-{seat}"),
                  Select([(name, name) for name in names] + [("external bot…", EXTERNAL)],
                         value=EXTERNAL if external else spec, allow_blank=False, id=f"ai-{seat}")]
        command = [Label("  command", classes="field"),
                   Input(spec[4:].strip() if external else "", id=f"ai-cmd-{seat}",
                         placeholder="e.g. python my_bot.py")]
        return [self._row(choice, playing, classes="row ai-row", id=f"ai-row-{seat}"),
                self._row(command, playing, classes="row cmd-row", id=f"ai-cmd-row-{seat}")]

    def _fill_rows(self) -> None:
        """Mount the fields of the rows hidden at first (after the first paint)."""
        later, self._later = self._later, {}
        for row, children in later.items():
            if row.is_attached:
                row.mount(*children)

    def _show(self, row: Horizontal, shown: bool) -> None:
        """Show or hide a form row; one shown gets its fields first if they still wait."""
        if shown and row in self._later:
            row.mount(*self._later.pop(row))
        row.display = shown

    def on_mount(self) -> None:
        self.query_one("#rules-col").border_title = "Game"
        self.query_one("#ai-col").border_title = "Opponents"
        self._update()
        self.query_one("#start", Button).focus()
        self.call_after_refresh(self._fill_rows)

    def _update(self) -> None:
        players = self.query_one("#players", Select).value
        preset = self.query_one("#preset", Select).value
        for seat in range(1, 6):
            self._show(self.query_one(f"#ai-row-{seat}", Horizontal), seat < players)
            external = seat < players and self.query_one(f"#ai-{seat}", Select).value == EXTERNAL
            self._show(self.query_one(f"#ai-cmd-row-{seat}", Horizontal), external)
        partner = {4: 2, 6: 3}.get(players)
        col = self.query_one("#ai-col")
        col.border_subtitle = f"{NAMES[partner]} is your partner" if partner else ""
        self._show(self.query_one("#other-row", Horizontal), self.query_one("#target", Select).value == 0)
        p = PRESETS.get(preset)
        info = f"{preset}: {p.description}." if p else ""
        focused = self.focused
        if focused is not None and (focused.id or "").startswith("ai-") and isinstance(focused, Select):
            level = focused.value
            info = f"{level}: {self.levels.get(level, '')}"
            if level == EXTERNAL:
                info = ("external bot: a program that speaks the scopa-bot/1 protocol "
                        "(docs/bot-protocol.md), e.g. scopa-tui bot --level hard")
        self.query_one("#preset-info", Static).update(info)

    def on_descendant_focus(self, event) -> None:
        self._update()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "preset" and event.value in PRESETS:
            self.query_one("#deck", Select).value = PRESETS[event.value].deck_style
        self._update()
        self.query_one("#error", Static).update("")
        seat_id = event.select.id or ""
        if seat_id.startswith("ai-") and event.value == EXTERNAL:  # straight on to typing the command
            command = self.query_one(f"#ai-cmd-{seat_id[3:]}", Input)
            if not command.value:
                self.call_after_refresh(command.focus)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def read_config(self) -> GameConfig:
        """The choices on screen; raises ValueError with a one-line message when they do not fit."""
        players = self.query_one("#players", Select).value
        preset = self.query_one("#preset", Select).value
        target = self.query_one("#target", Select).value
        if target == 0:
            text = self.query_one("#other-target", Input).value.strip()
            if not text.isdigit() or not 1 <= int(text) <= 999:
                raise ValueError("the target must be a whole number of points from 1 to 999")
            target = int(text)
        deck = self.query_one("#deck", Select).value
        ai = [self._ai_spec(seat) for seat in range(1, players)]
        config = GameConfig(players=players, preset=preset, target=target, deck=deck, ai=ai,
                            seed=self.config.seed)
        config.rules()  # RulesError for a preset that does not allow this many players
        return config

    def _ai_spec(self, seat: int) -> str:
        value = self.query_one(f"#ai-{seat}", Select).value
        if value != EXTERNAL:
            return value
        command = self.query_one(f"#ai-cmd-{seat}", Input).value.strip()
        if not command:
            raise ValueError(f"{NAMES[seat]}: type the command that runs the bot, e.g. python my_bot.py")
        try:
            return check_runnable(f"cmd:{command}")
        except ValueError as e:
            raise ValueError(f"{NAMES[seat]}: {e}") from None

    def action_start(self) -> None:
        try:
            config = self.read_config()
        except (ValueError, RulesError) as e:
            self.query_one("#error", Static).update(f"✗ {e}")
            self.app.bell()
            return
        self.app.new_game(config)
