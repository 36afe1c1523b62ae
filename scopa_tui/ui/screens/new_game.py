"""The new-game screen: the game (Scopa or another of its family, with its house rules),
players, AI level of each opponent, preset, target and deck style."""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from ...ai.registry import canonical, check_runnable
from ...engine import OPTIONS, PRESETS, VARIANTS, RulesError
from ...engine.rules import DECK_STYLES
from ...engine.text import N_, _, ngettext
from ...engine.variants import OPTION_DEFAULTS
from ...store.words import level_word
from ..config import NAMES, TARGETS, GameConfig, ai_levels
from .fresh import StyledOnMount
from ..translate import Translated

EXTERNAL = "cmd"  # the AI select's value for "external bot…"

PLAYER_CHOICES = [(N_("2: you and one AI"), 2), (N_("3: each for self"), 3),
                  (N_("4: with a partner"), 4), (N_("6: three pairs"), 6)]
# TRANSLATORS: the deck styles of the new-game screen (how the cards and suits are named).
DECK_WORDS = {"italian": N_("italian"), "spanish": N_("spanish"), "french": N_("french"),
              "french-numeric": N_("french-numeric")}


def variant_target(variant: str, preset: str) -> int:
    """The target a game starts with: the preset's in Scopa, the variant's otherwise (21 in Escoba)."""
    return PRESETS[preset].target if variant == "scopa" else VARIANTS[variant].target


def variant_deck(variant: str, preset: str) -> str:
    """Escoba is played with the Spanish deck's names; the others with the preset's deck."""
    return "spanish" if VARIANTS[variant].scoring == "escoba" else PRESETS[preset].deck_style


def option_choices(variant: str, on: dict[str, bool]) -> list[str]:
    """The variant's house rules that differ from their defaults, as ``--option`` takes them
    (``re-bello``, ``no-primiera-all-suits``), from ``on`` (option name: ticked)."""
    out = []
    for name in VARIANTS[variant].options:
        value, default = on.get(name, False), OPTION_DEFAULTS[OPTIONS[name].field]
        if value != default:
            out.append(name if value else f"no-{name}")
    return out


class NewGameScreen(Translated, StyledOnMount, Screen):
    """Choose the game; Start (or Ctrl+S) begins it with the app's ``new_game``."""

    AUTO_FOCUS = "#start"  # not the first Select, restyled twice before the first frame
    BINDINGS = [
        Binding("ctrl+s", "start", N_("start"), id="new.start"),
        Binding("question_mark", "app.show_help", N_("help"), id="new.help", key_display="?"),
        Binding("f1", "app.show_help", N_("help"), id="new.help_f1", show=False),
        Binding("q", "app.quit", N_("quit"), id="new.quit"),
        Binding("f2", "app.show_stats", N_("statistics"), id="new.stats"),
        Binding("ctrl+o", "app.play_online", N_("play online…"), id="new.online"),
    ]

    def __init__(self, config: GameConfig) -> None:
        super().__init__()
        self.config = config
        self.levels = ai_levels()
        # The rows of seats that do not play (and of an "other…" target) are mounted empty and
        # filled after the first paint or when shown: a Select is several widgets, and the
        # screen's first frame comes sooner without them (docs: README, Benchmark).
        self._later: dict[Horizontal, list] = {}
        self._other_text: str | None = None  # the "other…" target as typed, kept over a language change
        self._chosen: dict[str, object] = {}  # the variant and preset whose players, target and deck are set
        self._recomposing = False  # the form is being composed anew (retranslate): events wait

    def compose(self) -> ComposeResult:
        c = self.config
        variant = VARIANTS.get(c.variant, VARIANTS["scopa"])
        target = c.target if c.target is not None else variant_target(variant.name, c.preset)
        deck = c.deck or variant_deck(variant.name, c.preset)
        players = c.players if c.players in variant.players else variant.default_players
        yield Static(_("SCOPA  ·  new game  ·  choose, then Start (Enter) or Ctrl+S"), id="title")
        with Horizontal(id="form"):
            with VerticalScroll(id="rules-col", classes="form-col"):
                with Horizontal(classes="row"):
                    # TRANSLATORS: the new-game form's field names: keep them short (8 letters).
                    yield Label(_("Game"), classes="field")
                    yield Select([(_(v.title), v.name) for v in VARIANTS.values()], value=variant.name,
                                 allow_blank=False, id="variant")
                with Horizontal(classes="row"):
                    yield Label(_("Players"), classes="field")
                    yield Select(self._player_choices(variant.name), value=players, allow_blank=False,
                                 id="players")
                with Horizontal(classes="row"):
                    yield Label(_("Rules"), classes="field")
                    yield Select([(f"{name}", name) for name in PRESETS], value=c.preset,
                                 allow_blank=False, id="preset")
                with Horizontal(classes="row"):
                    yield Label(_("Target"), classes="field")
                    choices = [(ngettext("{n} point", "{n} points", t).format(n=t), t) for t in TARGETS]
                    choices.append((_("other…"), 0))
                    yield Select(choices, value=target if target in TARGETS else 0, allow_blank=False,
                                 id="target")
                other = self._other_text if self._other_text is not None else str(target)
                self._other_target = Input(other, id="other-target", type="integer", max_length=3)
                yield self._row([Label(_("Points"), classes="field"), self._other_target],
                                target not in TARGETS, classes="row", id="other-row")
                with Horizontal(classes="row"):
                    yield Label(_("Deck"), classes="field")
                    yield Select([(_(DECK_WORDS.get(d, d)), d) for d in DECK_STYLES], value=deck,
                                 allow_blank=False, id="deck")
                yield Static(_("House rules"), id="options-title")
                ticked = self._ticked(variant.name, c.options)
                for opt in OPTIONS.values():  # the variant's own are shown (see _update)
                    yield Checkbox(_(opt.title), ticked[opt.name], compact=True, id=f"opt-{opt.name}",
                                   classes="option")
                    yield Static(_(opt.summary), id=f"opt-info-{opt.name}", classes="option-info")
            with Vertical(id="ai-col", classes="form-col"):
                for seat in range(1, 6):
                    yield from self._seat_rows(seat)
        yield Static(id="preset-info")
        with Horizontal(id="start-row"):
            yield Static(id="error")
            yield Button(_("Start game"), id="start", variant="primary")
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
                  Select([(level_word(name), name) for name in names] + [(_("external bot…"), EXTERNAL)],
                         value=EXTERNAL if external else spec, allow_blank=False, id=f"ai-{seat}")]
        # TRANSLATORS: the new-game form: the command line of an external bot, under its seat.
        command = [Label("  " + _("command"), classes="field"),
                   Input(spec[4:].strip() if external else "", id=f"ai-cmd-{seat}",
                         placeholder=_("e.g. python my_bot.py"))]
        return [self._row(choice, playing, classes="row ai-row", id=f"ai-row-{seat}"),
                self._row(command, playing, classes="row cmd-row", id=f"ai-cmd-row-{seat}")]

    async def _fill_rows(self) -> None:
        """Mount the fields of the rows hidden at first (after the first paint); done when
        they are mounted, so that no key or test finds a row half filled."""
        later, self._later = self._later, {}
        for row, children in later.items():
            if row.is_attached:
                await row.mount(*children)

    def _show(self, row: Horizontal, shown: bool) -> None:
        """Show or hide a form row; one shown gets its fields first if they still wait."""
        if shown and row in self._later:
            row.mount(*self._later.pop(row))
        row.display = shown

    @staticmethod
    def _player_choices(variant: str) -> list[tuple[str, int]]:
        return [(_(label), n) for label, n in PLAYER_CHOICES if n in VARIANTS[variant].players]

    @staticmethod
    def _ticked(variant: str, options: list[str]) -> dict[str, bool]:
        """Each option's box: its default, then ``options`` (``re-bello``, ``no-napola``)."""
        ticked = {name: OPTION_DEFAULTS[opt.field] for name, opt in OPTIONS.items()}
        for raw in options:
            name = raw.removeprefix("no-")
            if name in ticked:
                ticked[name] = not raw.startswith("no-")
        return ticked

    def _variant_changed(self, variant: str) -> None:
        """Players, target and deck follow the variant: Scopone is for 4, Escoba goes to 21
        with the Spanish deck's names."""
        v = VARIANTS[variant]
        players = self.query_one("#players", Select)
        current = players.value
        players.set_options(self._player_choices(variant))
        players.value = current if current in v.players else v.default_players
        preset = self.query_one("#preset", Select).value
        target = variant_target(variant, preset)
        self.query_one("#target", Select).value = target if target in TARGETS else 0
        self._other_target.value = str(target)  # its row may still wait to be mounted
        self.query_one("#deck", Select).value = variant_deck(variant, preset)

    def on_mount(self) -> None:
        self._remember_chosen()
        self._titles()
        self.call_after_refresh(self._more_below)
        self._update()
        self.query_one("#start", Button).focus()
        self.call_after_refresh(self._fill_rows)

    def _titles(self) -> None:
        """The words on the two boxes' borders (set again after a change of language)."""
        self.query_one("#rules-col").border_title = _("New game")
        self.query_one("#ai-col").border_title = _("Opponents")

    def choices(self) -> GameConfig:
        """Everything chosen on screen so far, checked or not (kept over a change of
        language: :meth:`retranslate`).  An "other…" target is kept as typed."""
        players = self.query_one("#players", Select).value
        variant = self.query_one("#variant", Select).value
        target = self.query_one("#target", Select).value
        self._other_text = self._other_target.value if target == 0 else None
        ai = []
        for seat in range(1, 6):
            try:
                value = self.query_one(f"#ai-{seat}", Select).value
            except NoMatches:  # a row not filled yet: as it was
                ai.append(self.config.ai_for(seat))
                continue
            if value == EXTERNAL:
                value = "cmd:" + self.query_one(f"#ai-cmd-{seat}", Input).value
            ai.append(value)
        options = []
        for name, opt in OPTIONS.items():  # every box, also those of the other variants
            value = self.query_one(f"#opt-{name}", Checkbox).value
            if value != OPTION_DEFAULTS[opt.field]:
                options.append(name if value else f"no-{name}")
        return GameConfig(players=players, preset=self.query_one("#preset", Select).value, target=target,
                          deck=self.query_one("#deck", Select).value, ai=ai, seed=self.config.seed,
                          variant=variant, options=options)

    async def retranslate(self) -> None:
        """Every word in the language now in use; every choice, the focus and the scroll stay."""
        self.config = self.choices()
        focused = self.focused.id if self.focused is not None else None
        scroll = self.query_one("#rules-col").scroll_y
        self._later = {}
        self._recomposing = True
        try:
            await self.recompose()
        finally:
            self._recomposing = False
        self._remember_chosen()
        self._titles()
        await self._fill_rows()
        self._update()
        self.query_one("#rules-col").scroll_to(y=scroll, animate=False)
        if focused:
            try:
                self.query_one(f"#{focused}").focus()
            except NoMatches:
                pass
        self.call_after_refresh(self._more_below)

    def _update(self) -> None:
        players = self.query_one("#players", Select).value
        preset = self.query_one("#preset", Select).value
        variant = VARIANTS[self.query_one("#variant", Select).value]
        for name in OPTIONS:
            allowed = name in variant.options
            self.query_one(f"#opt-{name}").display = allowed
            self.query_one(f"#opt-info-{name}").display = allowed
        for seat in range(1, 6):
            self._show(self.query_one(f"#ai-row-{seat}", Horizontal), seat < players)
            external = seat < players and self.query_one(f"#ai-{seat}", Select).value == EXTERNAL
            self._show(self.query_one(f"#ai-cmd-row-{seat}", Horizontal), external)
        partner = {4: 2, 6: 3}.get(players)
        col = self.query_one("#ai-col")
        col.border_subtitle = _("{name} is your partner").format(name=NAMES[partner]) if partner else ""
        self._show(self.query_one("#other-row", Horizontal), self.query_one("#target", Select).value == 0)
        p = PRESETS.get(preset)
        # "{rule}: {what}": French puts a space before the colon.
        info = _("{rule}: {what}").format(rule=preset, what=_(p.description) + ".") if p else ""
        focused = self.focused
        what = focused.id or "" if focused is not None else ""
        if isinstance(focused, Checkbox) and what.startswith("opt-"):
            opt = OPTIONS[what[4:]]
            info = _("{rule}: {what}").format(rule=_(opt.title), what=_(opt.summary))
        elif what == "variant" or variant.name != "scopa" and what != "preset":
            info = _("{rule}: {what}").format(rule=_(variant.title), what=_(variant.summary))
        if focused is not None and (focused.id or "").startswith("ai-") and isinstance(focused, Select):
            level = focused.value
            described = self.levels.get(level, "")
            info = _("{rule}: {what}").format(rule=level_word(level),
                                               what=_(described) if described else "")
            if level == EXTERNAL:
                info = _("external bot: a program that speaks the scopa-bot/1 protocol "
                         "(docs/bot-protocol.md), e.g. scopa-tui bot --level hard")
        self.query_one("#preset-info", Static).update(self._fit(info))

    def _fit(self, info: str) -> str:
        """``info`` in the two lines under the form: whole sentences while they fit, then
        a pointer to the help (which has every variant's rules in full)."""
        room = 2 * max(20, self.size.width - 6)
        if len(info) <= room:
            return info
        more = " " + _("(? for the rules)")
        words = info.split(". ")
        out = words[0]
        for sentence in words[1:]:
            if len(out) + len(sentence) + 2 + len(more) > room:
                break
            out += ". " + sentence
        if len(out) + len(more) > room:
            out = out[: room - len(more) - 1].rsplit(" ", 1)[0] + "…"
        return out.rstrip(".") + "." + more if not out.endswith("…") else out + more

    def on_resize(self, event) -> None:
        if not self._recomposing:
            self._update()

    def on_descendant_focus(self, event) -> None:
        if self._recomposing:
            return
        self._update()
        self._more_below()

    def _more_below(self) -> None:
        """Say so on the Game box's border when the house rules are scrolled out of view."""
        col = self.query_one("#rules-col")
        col.border_subtitle = _("↓ house rules (Tab)") if col.scroll_y < col.max_scroll_y else ""

    def _remember_chosen(self) -> None:
        self._chosen = {name: self.query_one(f"#{name}", Select).value for name in ("variant", "preset")}

    def on_select_changed(self, event: Select.Changed) -> None:
        if self._recomposing:
            return
        variant = self.query_one("#variant", Select).value
        # A variant or preset chosen now sets the players, target and deck; one shown again
        # (the form composed anew in another language) leaves the player's choices alone.
        new = event.select.id in self._chosen and self._chosen[event.select.id] != event.value
        if event.select.id in self._chosen:  # only this one: another's event may still be queued
            self._chosen[event.select.id] = event.value
        if new and event.select.id == "preset" and event.value in PRESETS:
            self.query_one("#deck", Select).value = variant_deck(variant, event.value)
        if new and event.select.id == "variant" and event.value in VARIANTS:
            self._variant_changed(event.value)
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
            text = self._other_target.value.strip()
            if not text.isdigit() or not 1 <= int(text) <= 999:
                raise ValueError(_("the target must be a whole number of points from 1 to 999"))
            target = int(text)
        deck = self.query_one("#deck", Select).value
        variant = self.query_one("#variant", Select).value
        ai = [self._ai_spec(seat) for seat in range(1, players)]
        ticked = {name: self.query_one(f"#opt-{name}", Checkbox).value for name in OPTIONS}
        config = GameConfig(players=players, preset=preset, target=target, deck=deck, ai=ai,
                            seed=self.config.seed, variant=variant, options=option_choices(variant, ticked))
        config.rules()  # RulesError for a preset that does not allow this many players
        return config

    def _ai_spec(self, seat: int) -> str:
        value = self.query_one(f"#ai-{seat}", Select).value
        if value != EXTERNAL:
            return value
        command = self.query_one(f"#ai-cmd-{seat}", Input).value.strip()
        if not command:
            raise ValueError(_("{name}: type the command that runs the bot, e.g. python my_bot.py").format(
                name=NAMES[seat]))
        try:
            return check_runnable(f"cmd:{command}")
        except ValueError as e:
            raise ValueError(f"{NAMES[seat]}: {e}") from None

    def action_start(self) -> None:
        try:
            config = self.read_config()
        except (ValueError, RulesError) as e:
            self._refuse(str(e))
            return
        bots = [spec[4:] for spec in config.ai if spec.startswith("cmd:")]
        if config.variant != "scopa" and bots:  # a bot plays another variant only if its hello says so
            self.query_one("#error", Static).update(_("checking that the bot plays {game}…").format(
                game=_(VARIANTS[config.variant].title)))
            self._check_bots(config, bots)
            return
        self.app.new_game(config)

    def _refuse(self, why: str) -> None:
        self.query_one("#error", Static).update(f"✗ {why}")
        self.app.bell()

    @work(thread=True, exclusive=True, group="bot-check")
    def _check_bots(self, config: GameConfig, commands: list[str]) -> None:
        """Ask each external bot for its hello (docs/bot-protocol.md): one that does not list
        the variant is refused with its reason; otherwise the game starts."""
        from ...ai.protocol import check_bot_variant

        for command in dict.fromkeys(commands):
            try:
                check_bot_variant(command, config.variant)
            except ValueError as e:
                self.app.call_from_thread(self._refuse, str(e))
                return
        self.app.call_from_thread(self._bots_ok, config)

    def _bots_ok(self, config: GameConfig) -> None:
        if self.app.screen is self:  # not left meanwhile
            self.query_one("#error", Static).update("")
            self.app.new_game(config)
