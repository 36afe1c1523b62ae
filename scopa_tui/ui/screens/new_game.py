"""The new-game screen: the game (Scopa or another of its family, with its house rules),
players, AI level of each opponent, preset, target and deck style."""

from __future__ import annotations

from functools import partial
from typing import Callable

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.css.scalar import Unit
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from ...ai.registry import canonical, check_runnable
from ...engine import OPTIONS, PRESETS, VARIANTS, RulesError
from ...engine.rules import DECK_STYLES, TARGET_MAX
from ...engine.text import N_, _, ngettext
from ...engine.variants import OPTION_DEFAULTS
from ...store.words import level_word, preset_word
from ..config import NAMES, TARGETS, GameConfig, ai_levels
from ..helpkeys import help_bindings
from ..translate import Translated
from ..widgets.choice import Choice
from ..widgets.footer import FitFooter
from ..widgets.levels import LevelGuide
from ..widgets.press import Press
from ..widgets.toggle import Toggle
from ..card_render import DeckStyle
from .fresh import StyledOnMount
from .help_variants import summary

EXTERNAL = "cmd"  # the AI select's value for "external bot…"
# How each AI level plays, in a few words, under the new-game form's Opponents box.
LEVEL_LINES = {
    # TRANSLATORS: the new-game form's AI levels box: how easy plays (at most 43 letters).
    "easy": N_("takes the best capture in sight"),
    # TRANSLATORS: the new-game form's AI levels box: how medium plays (at most 43 letters).
    "medium": N_("counts the cards and leaves few sweeps"),
    # TRANSLATORS: the new-game form's AI levels box: how hard plays (at most 43 letters).
    "hard": N_("reads the play, plans to the deal's end"),
    # TRANSLATORS: the new-game form's AI levels box: random plays any legal move (at most 43 letters).
    "random": N_("any legal move, for learning the game"),
    # TRANSLATORS: the new-game form's AI levels box: an external bot (at most 43 letters).
    EXTERNAL: N_("your own program, run by its command"),
}


class FieldError(ValueError):
    """A choice that does not fit, made in the typed field ``field`` (its id)."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field

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


def shares(needs: list[int], room: int) -> list[int]:
    """Lines for texts that need ``needs`` lines in ``room`` lines in all: each what it needs
    when they all fit, else each up to the same number, the longest first cut, and what is
    left a line more each to the first that need it; at least one line each."""
    if sum(needs) <= room:
        return list(needs)
    most = 1
    while sum(min(n, most + 1) for n in needs) <= room:
        most += 1
    out = [min(n, most) for n in needs]
    left = room - sum(out)
    for i, n in enumerate(needs):
        if left > 0 and n > most:
            out[i] += 1
            left -= 1
    return out


def _rows(widget: Widget) -> int:
    """The rows ``widget`` takes in its column: its height in cells (as laid out when not fixed)
    and its margins."""
    height = widget.styles.height
    cells = int(height.value) if height is not None and height.unit == Unit.CELLS else widget.outer_size.height
    return cells + widget.styles.margin.height


class NewGameScreen(Translated, StyledOnMount, Screen):
    """Choose the game; Start (or Ctrl+S) begins it with the app's ``new_game``."""

    AUTO_FOCUS = "#start"  # Enter starts the game at once
    BINDINGS = [
        Binding("ctrl+s", "start", N_("start"), id="new.start"),
        *help_bindings("new", show=True),
        Binding("q", "app.quit", N_("quit"), id="new.quit"),
        # priority, as the app's own F2 (which would take its place in the footer otherwise)
        Binding("f2", "app.show_stats", N_("statistics"), id="new.stats", priority=True),
        Binding("ctrl+o", "app.play_online", N_("play online…"), id="new.online"),
    ]

    def __init__(self, config: GameConfig) -> None:
        super().__init__()
        self.config = config
        self.levels = ai_levels()
        # Rows not in view (the seats that do not play, the other variants' house rules, the
        # typed fields of an "other…" target and of an external bot's command) are made and
        # mounted in their place when first shown: the screen's first frame comes sooner
        # without them (docs: README, Benchmark).  Until then their values are kept here.
        self._order: list[str] = []  # the ids of the form's rows, in order (both columns)
        self._later: dict[str, Callable[[], Widget]] = {}  # id: how to make a row not made yet
        self._start: dict[str, object] = {}  # id: the value of a choice or box not made yet
        self._texts: dict[str, str] = {}  # field id: the text of a typed field not made yet
        self._fields: dict[str, Widget] = {}  # field id: its Input, once made
        self._mounting: list = []  # the mounts of rows made, not yet awaited (see on_choice_row)
        self._other_text: str | None = None  # the "other…" target as typed, kept over a language change
        self._chosen: dict[str, object] = {}  # the variant and preset whose players, target and deck are set
        # The number of players the player chose (or started with): a variant that allows it
        # gets it back, so that passing Scopone (for 4) on the way to Escoba leaves 2 as it was.
        self._players_wanted = config.players
        self._recomposing = False  # the form is being composed anew (retranslate): events wait

    def compose(self) -> ComposeResult:
        c = self.config
        variant = VARIANTS.get(c.variant, VARIANTS["scopa"])
        target = c.target if c.target is not None else variant_target(variant.name, c.preset)
        deck = c.deck or variant_deck(variant.name, c.preset)
        players = c.players if c.players in variant.players else variant.default_players
        self._order, self._later, self._start, self._fields = [], {}, {}, {}
        self._texts = {"other-target": self._other_text if self._other_text is not None else str(target)}
        # TRANSLATORS: the new-game form's field names: keep them short (8 letters).
        names = (N_("Game"), N_("Players"), N_("Rules"), N_("Target"), N_("Deck"), N_("Points"))
        fields = {name: _(name) for name in names}
        self._label_width = width = min(14, max(9, *(cell_len(words) + 1 for words in fields.values())))
        yield Static(_("SCOPA  ·  new game  ·  choose, then Start (Enter) or Ctrl+S"), id="title")
        with Horizontal(id="form"):
            with VerticalScroll(id="rules-col", classes="form-col") as rules:
                rules.can_focus = False  # Tab goes from row to row; the focused one scrolls into view
                yield self._row(Choice(fields["Game"], [(_(v.title), v.name) for v in VARIANTS.values()],
                                       variant.name, label_width=width, id="variant"))
                yield self._row(Choice(fields["Players"], self._player_choices(variant.name), players,
                                       label_width=width, id="players"))
                yield self._row(Choice(fields["Rules"], [(preset_word(name), name) for name in PRESETS], c.preset,
                                       label_width=width, id="preset"))
                choices = [(ngettext("{n} point", "{n} points", t).format(n=t), t) for t in TARGETS]
                choices.append((_("other…"), 0))
                yield self._row(Choice(fields["Target"], choices, target if target in TARGETS else 0,
                                       label_width=width, id="target"))
                self._row_later("other-target-row", partial(self._field_row, "other-target"))
                yield self._row(Choice(fields["Deck"], [(_(DECK_WORDS.get(d, d)), d) for d in DECK_STYLES], deck,
                                       label_width=width, id="deck"))
                yield Static(_("House rules"), id="options-title")
                ticked = self._ticked(variant.name, c.options)
                for opt in OPTIONS.values():  # the variant's own are shown (see _update)
                    toggle = partial(Toggle, _(opt.title_in(variant.name)), ticked[opt.name], _(opt.summary_in(variant.name)), id=f"opt-{opt.name}",
                                     classes="option", room=self._summary_room)
                    if opt.name in variant.options:
                        yield self._row(toggle())
                    else:
                        self._row_later(f"opt-{opt.name}", toggle, ticked[opt.name])
            with Vertical(id="ai-side"):
                with Vertical(id="ai-col", classes="form-col"):
                    for seat in range(1, 6):
                        yield from self._seat_rows(seat, seat < players)
                # What each level plays like, and who plays it (_update), in the room the seats leave
                levels = [(level_word(name), _(LEVEL_LINES.get(name, described)))
                          for name, described in self.levels.items()]
                levels.append((_("external bot…"), _(LEVEL_LINES[EXTERNAL])))
                yield LevelGuide(levels, id="levels", classes="form-col")
        yield Static(id="preset-info")
        with Horizontal(id="start-row"):
            yield Static(id="error")
            yield Press(_("Start game"), id="start")
        yield FitFooter()

    def _row(self, widget: Widget) -> Widget:
        """``widget``, a row of the form made now."""
        self._order.append(widget.id)
        return widget

    def _row_later(self, name: str, make: Callable[[], Widget], value: object = None) -> None:
        """The row ``name``, made by ``make`` when first shown (:meth:`_show`); ``value`` is
        its choice's or box's value until then."""
        self._order.append(name)
        self._later[name] = make
        if value is not None:
            self._start[name] = value

    def _seat_rows(self, seat: int, playing: bool) -> list[Widget]:
        """Seat ``seat``'s AI choice (made now if the seat plays) and, under it, the row of an
        external bot's command (made when shown)."""
        spec = canonical(self.config.ai_for(seat))  # greedy is shown as easy
        external = spec.startswith("cmd:")
        names = list(self.levels)
        if not external and spec not in names:  # e.g. hard:time=0.5 from the command line
            names.append(spec)
        self._texts[f"ai-cmd-{seat}"] = spec[4:].strip() if external else ""
        value = EXTERNAL if external else spec
        choice = partial(Choice, NAMES[seat], [(level_word(name), name) for name in names]
                         + [(_("external bot…"), EXTERNAL)], value, label_width=10, id=f"ai-{seat}")
        rows = []
        if playing:
            rows.append(self._row(choice()))
        else:
            self._row_later(f"ai-{seat}", choice, value)
        self._row_later(f"ai-cmd-{seat}-row", partial(self._field_row, f"ai-cmd-{seat}"))
        return rows

    def _field_row(self, key: str) -> Widget:
        """The row of the typed field ``key`` (``other-target``, ``ai-cmd-N``): its label and Input."""
        from textual.widgets import Label

        from ..widgets.field import FieldInput

        text = self._texts[key]
        if key == "other-target":
            field = FieldInput(text, id=key, type="integer", max_length=3, compact=True)
            label = Label(_("Points"), classes="field")
            label.styles.width = self._label_width  # as the choices' labels above it
        else:
            field = FieldInput(text, id=key, placeholder=_("e.g. python my_bot.py"), compact=True)
            # TRANSLATORS: the new-game form: the command line of an external bot, under its seat.
            label = Label("  " + _("command"), classes="field")
        self._fields[key] = field
        return Horizontal(label, field, classes="row cmd-row" if key != "other-target" else "row",
                          id=f"{key}-row")

    def _summary_room(self, toggle: Toggle, rows: int, width: int) -> int:
        """The lines ``toggle``'s summary may take in a terminal ``rows`` high (the toggle ``width``
        cells wide): every house rule's whole where they all fit the form with the rows above
        them, else each as many as it needs up to a share of the room left (at least one)."""
        col = self.query_one("#rules-col")
        toggles = [w for w in col.children if isinstance(w, Toggle) and w.display]
        if toggle not in toggles:
            return 1
        outside = sum(_rows(w) for w in self.query_children("#title, #preset-info, #start-row, Footer"))
        above = sum(_rows(w) for w in col.children if w.display and not isinstance(w, Toggle))
        room = rows - outside - col.styles.gutter.height - above - len(toggles)
        return shares([len(t.summary_lines(width)) for t in toggles], room)[toggles.index(toggle)]

    def _show(self, name: str, shown: bool) -> None:
        """Show or hide the form's row ``name``; one not made yet is made when first shown, and
        mounted in its place (after the row before it that is made)."""
        make = self._later.get(name)
        if make is None:
            self.query_one(f"#{name}").display = shown
        elif shown:
            del self._later[name]
            self._start.pop(name, None)
            at = self._order.index(name)
            before = next(n for n in reversed(self._order[:at]) if n not in self._later)
            anchor = self.query_one(f"#{before}")
            self._mounting.append(anchor.parent.mount(make(), after=anchor))

    def _value(self, name: str):
        """The value of the form's choice or box ``name`` (``players``, ``ai-2``, ``opt-napola``),
        made or not."""
        if name in self._start:
            return self._start[name]
        return self.query_one(f"#{name}", (Choice, Toggle)).value

    def _typed(self, key: str) -> str:
        """What the typed field ``key`` holds, made or not."""
        field = self._fields.get(key)
        return field.value if field is not None else self._texts[key]

    def _set_typed(self, key: str, text: str) -> None:
        self._texts[key] = text
        if key in self._fields:
            self._fields[key].value = text

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
        players = self.query_one("#players", Choice)
        current = players.value
        players.set_options(self._player_choices(variant))
        wanted = self._players_wanted
        players.value = wanted if wanted in v.players else current if current in v.players else v.default_players
        preset = self.query_one("#preset", Choice).value
        target = variant_target(variant, preset)
        self.query_one("#target", Choice).value = target if target in TARGETS else 0
        self._set_typed("other-target", str(target))  # its field may not be made yet
        self.query_one("#deck", Choice).value = variant_deck(variant, preset)

    def on_mount(self) -> None:
        self._remember_chosen()
        self._titles()
        self._watch_fold()
        self.screen_layout_refresh_signal.subscribe(self, self._more_below)
        self._update()
        self.query_one("#start", Press).focus()

    def _titles(self) -> None:
        """The words on the Game box's border (set again after a change of language; the other
        box's follow the players: :meth:`_update`)."""
        self.query_one("#rules-col").border_title = _("New game")
        # TRANSLATORS: the new-game form: the box under the Opponents box that says how each AI level plays.
        self.query_one("#levels").border_title = _("AI levels")

    def choices(self) -> GameConfig:
        """Everything chosen on screen so far, checked or not (kept over a change of
        language: :meth:`retranslate`).  An "other…" target is kept as typed."""
        target = self._value("target")
        self._other_text = self._typed("other-target") if target == 0 else None
        ai = []
        for seat in range(1, 6):
            value = self._value(f"ai-{seat}")
            ai.append("cmd:" + self._typed(f"ai-cmd-{seat}") if value == EXTERNAL else value)
        options = []
        for name, opt in OPTIONS.items():  # every box, also those of the other variants
            value = self._value(f"opt-{name}")
            if value != OPTION_DEFAULTS[opt.field]:
                options.append(name if value else f"no-{name}")
        return GameConfig(players=self._value("players"), preset=self._value("preset"), target=target,
                          deck=self._value("deck"), ai=ai, seed=self.config.seed, variant=self._value("variant"),
                          options=options)

    async def retranslate(self) -> None:
        """Every word in the language now in use; every choice, the focus and the scroll stay."""
        self.config = self.choices()
        focused = self.focused.id if self.focused is not None else None
        scroll = self.query_one("#rules-col").scroll_y
        self._recomposing = True
        try:
            await self.recompose()
        finally:
            self._recomposing = False
        self._remember_chosen()
        self._titles()
        self._watch_fold()
        self._update()
        self.query_one("#rules-col").scroll_to(y=scroll, animate=False)
        if focused:
            try:
                self.query_one(f"#{focused}").focus()
            except NoMatches:
                pass

    def _update(self) -> None:
        players = self._value("players")
        preset = self._value("preset")
        variant = VARIANTS[self._value("variant")]
        for name, opt in OPTIONS.items():
            self._show(f"opt-{name}", name in variant.options)
            for box in self.query(f"#opt-{name}").results(Toggle):  # Escoba's own words for a rule
                box.reword(_(opt.title_in(variant.name)), _(opt.summary_in(variant.name)))
        for seat in range(1, 6):
            self._show(f"ai-{seat}", seat < players)
            self._show(f"ai-cmd-{seat}-row", seat < players and self._value(f"ai-{seat}") == EXTERNAL)
        partner = {4: 2, 6: 3}.get(players)
        col = self.query_one("#ai-col")
        # The partner is no opponent: the box of the other seats says so where there is one.
        col.border_title = _("Partner and opponents") if partner else _("Opponents")
        col.border_subtitle = _("{name} is your partner").format(name=NAMES[partner]) if partner else ""
        chosen = [self._value(f"ai-{seat}") for seat in range(1, players)]
        self.query_one(LevelGuide).show([", ".join(NAMES[seat] for seat, value in enumerate(chosen, 1) if value == level)
                                         for level in [*self.levels, EXTERNAL]])
        self._show("other-target-row", self._value("target") == 0)
        p = PRESETS.get(preset)
        # "{rule}: {what}": French puts a space before the colon.
        info = _("{rule}: {what}").format(rule=preset_word(preset), what=_(p.description) + ".") if p else ""
        focused = self.focused
        what = focused.id or "" if focused is not None else ""
        if isinstance(focused, Toggle) and what.startswith("opt-"):
            opt = OPTIONS[what[4:]]
            info = _("{rule}: {what}").format(rule=_(opt.title_in(variant.name)), what=_(opt.summary_in(variant.name)))
        elif what == "deck":  # its suits and the ranks it names: "french-numeric" alone says little
            # (what the suits are, "Denari (coins)", is the help's: with it the line did not fit 80 columns)
            deck = DeckStyle(self._value("deck"), self.app.ascii)
            suits = ", ".join(f"{deck.suit_word(s)}\u00a0{deck.suit(s)}" for s in "dcsb")
            # TRANSLATORS: the line under the new-game form for its Deck: {suits} "Denari ◉, Coppe Ʊ,
            # …", {ranks} "1 Asso (A), 2 to 7, 8 Fante (F), …", as the help's Cards paragraph says them.
            info = _("{rule}: {what}").format(rule=_(DECK_WORDS[deck.name]),
                                              what=_("{suits}. Ranks {ranks}.").format(suits=suits, ranks=deck.ranks()))
        elif what == "variant" or variant.name != "scopa" and what != "preset":
            info = _("{rule}: {what}").format(rule=_(variant.title), what=summary(variant, DeckStyle(self._value("deck"))))
        elif what == "start":  # where the screen opens: someone who never played is told where the rules are
            info += " " + _("New to Scopa? Press ? for the rules in short and the keys.")
        if focused is not None and (focused.id or "").startswith("ai-") and isinstance(focused, Choice):
            level = focused.value
            described = self.levels.get(level, "")
            info = _("{rule}: {what}").format(rule=level_word(level),
                                               what=_(described) if described else "")
            if level == EXTERNAL:
                info = _("external bot: a program that speaks the scopa-bot/1 protocol "
                         "(docs/bot-protocol.md), e.g. scopa-tui bot --level hard")
        self.query_one("#preset-info", Static).update(self._fit(info))

    def _fit(self, info: str) -> str:
        """``info`` in the two lines under the form: whole while it fits, else as many of its
        words as fit with a pointer to the help (which has every variant's rules in full), so
        that what sets the game apart is in view (Escoba's 15 at 80 columns, after the
        "3 cards each and 4 on the table." every game shares)."""
        width = max(20, min(self.size.width, 150) - 6)  # the lines' room: max-width 150, padding 2

        console = Console(width=width)  # only to measure: Text.wrap asks for one

        def rows(text: str) -> int:
            return len(Text(text).wrap(console, width, overflow="fold"))

        if rows(info) <= 2:
            return info
        more = " " + _("(? for the rules)")
        words = info.split(" ")
        while len(words) > 1 and rows(" ".join(words) + "…" + more) > 2:
            words.pop()
        return " ".join(words).rstrip(".,;:( \u00a0") + "…" + more

    def on_resize(self, event) -> None:
        self._fit_form()
        if not self._recomposing:
            self._update()

    def _fit_form(self) -> None:
        """The form takes what it needs, up to the rows the title, the lines under it, Start
        and the footer leave (its columns scroll beyond that); it is in the middle of the screen
        when it needs less."""
        outside = sum(_rows(w) for w in self.query_children("#title, #preset-info, #start-row, Footer"))
        self.query_one("#form").styles.max_height = max(1, self.size.height - outside)

    def on_descendant_focus(self, event) -> None:
        if self._recomposing:
            return
        self._update()

    def _watch_fold(self) -> None:
        """The Game box's hint follows its scroll (the focused row scrolls into view after the
        focus has moved: the hint set then was a step late) and every new layout of the screen
        (a row shown or hidden, the box's height, a language's words; see :meth:`on_mount`)."""
        self.watch(self.query_one("#rules-col"), "scroll_y", self._more_below)

    def _more_below(self, *_changed) -> None:
        """Say so on the Game box's border when the house rules are scrolled out of view."""
        for col in self.query("#rules-col"):  # none for a moment while the form is composed anew
            col.border_subtitle = _("↓ house rules (Tab)") if col.scroll_y < col.max_scroll_y else ""

    def _remember_chosen(self) -> None:
        self._chosen = {name: self._value(name) for name in ("variant", "preset")}

    def on_choice_changed(self, event: Choice.Changed) -> None:
        if self._recomposing:
            return
        name = event.choice.id or ""
        if name == "players" and event.by_player:
            self._players_wanted = event.value
        # A variant or preset chosen now sets the players, target and deck; one shown again
        # (the form composed anew in another language) leaves the player's choices alone.
        new = name in self._chosen and self._chosen[name] != event.value
        if name in self._chosen:  # only this one: another's event may still be queued
            self._chosen[name] = event.value
        if new and name == "preset" and event.value in PRESETS:
            self.query_one("#deck", Choice).value = variant_deck(self._value("variant"), event.value)
        if new and name == "variant" and event.value in VARIANTS:
            self._variant_changed(event.value)
        self._update()
        self.query_one("#error", Static).update("")
        # An external bot's command row shows under its seat; the focus stays on the seat's
        # row, so that ← steps back from "external bot…" (↓ or Tab goes on to the command).

    async def on_choice_row(self, event: Choice.Row) -> None:
        """↑/↓ on a choice: a row its change has just made (an external bot's command, the
        target's points) is whole and laid out before the focus moves on (the focus goes in
        the order of the rows on screen), so that a ↓ typed with the → lands on it.  The app
        moves the focus (and hands on the keys typed since: ``ScopaApp.on_choice_row``)."""
        pending, self._mounting = self._mounting, []
        if not pending:
            return  # on to the app, which moves the focus at once
        event.stop()
        for mount in pending:
            await mount
        self.call_after_refresh(self.app.post_message, Choice.Row(event.choice, event.by))

    def on_press_pressed(self, event: Press.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def on_input_submitted(self, event) -> None:
        self.action_start()

    def read_config(self) -> GameConfig:
        """The choices on screen; raises ValueError with a one-line message when they do not fit."""
        players = self._value("players")
        preset = self._value("preset")
        target = self._value("target")
        if target == 0:
            text = self._typed("other-target").strip().removeprefix("+")
            if not text.isdecimal() or not 1 <= int(text) <= TARGET_MAX:  # "+5" is 5; "²" is no number
                # TRANSLATORS: beside Start game: keep it within 53 characters (one line at 80 columns).
                raise FieldError(_("the target must be a whole number from 1 to 999"), "other-target")
            target = int(text)
        deck = self._value("deck")
        variant = self._value("variant")
        ai = [self._ai_spec(seat) for seat in range(1, players)]
        ticked = {name: self._value(f"opt-{name}") for name in OPTIONS}
        config = GameConfig(players=players, preset=preset, target=target, deck=deck, ai=ai,
                            seed=self.config.seed, variant=variant, options=option_choices(variant, ticked))
        config.rules()  # RulesError for a preset that does not allow this many players
        return config

    def _ai_spec(self, seat: int) -> str:
        value = self._value(f"ai-{seat}")
        if value != EXTERNAL:
            return value
        command = self._typed(f"ai-cmd-{seat}").strip()
        if not command:
            raise FieldError(_("{name}: type the command that runs the bot, e.g. python my_bot.py").format(
                name=NAMES[seat]), f"ai-cmd-{seat}")
        try:
            return check_runnable(f"cmd:{command}")
        except ValueError as e:
            raise FieldError(f"{NAMES[seat]}: {e}", f"ai-cmd-{seat}") from None

    def action_start(self) -> None:
        try:
            config = self.read_config()
        except (ValueError, RulesError) as e:
            self._refuse(str(e))
            field = self._fields.get(e.field) if isinstance(e, FieldError) else None
            if field is not None:  # on to the field to put right
                field.focus()
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
