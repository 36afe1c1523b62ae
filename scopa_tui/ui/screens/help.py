"""Help: the rules in short (as the engine plays them), the deck in use, the other games
of the Scopa family and the house rules, then the key map.

The text follows the game on screen: the rules of its variant (Escoba's sums of 15,
Scopone's deal, Scopa d'Assi's Ace: help_variants.py; Scopa's outside a game) as its house
rules make them (a sweep with the last card counting, the re bello's points: help_house.py), the suit
names and symbols of its deck (and the ASCII letters when they are on), its primiera
chart marked among the two, and its variant marked among the family.  It is in the player's language (README.md,
Languages): one message per paragraph, list or heading, Markdown and all, with the
deck's words and the charts' figures as named fields; it is built each time it is shown,
so a change of language rewrites it in place, at the paragraph the player was reading.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from ...engine import OPTIONS, VARIANTS, Rules, make_rules, parse_card
from ...engine.rules import PRIMIERA_CHARTS
from ...engine.text import N_, _
from ..card_render import DeckStyle
from ..styles import DIALOGS_TCSS
from ..translate import Translated
from ..widgets.footer import FitFooter
from ..wrapping import NO_BREAK, glued
from .help_house import scoring_fields, house_paragraphs
from .help_variants import summary, variant_paragraphs

# The palette's commands (statistics, history, settings): the end of the game's keys, the
# statistics' and the history's.
COMMANDS = N_("**Ctrl+P** opens the command palette; type a few letters to find:")
PALETTE = (
    COMMANDS,
    # TRANSLATORS: the names in bold are the commands of the palette (Ctrl+P): write them as
    # the palette shows them in your language (Theme is Textual's command, translated as
    # "Theme" is); ansi-dark and ansi-light are theme names.
    N_("- **Statistics**: games won per opponent and player count, streaks, points per hand\n"
       "- **History**: past games; open one to replay it move by move (← →, Home, End)\n"
       "- **AI pace**: instant, quick, normal or slow: how long each AI play stays in view\n"
       "- **ASCII suits**: letters instead of suit symbols, at once\n"
       "- **Reduce motion**: on, the played and captured cards no longer fly over the table\n"
       "- **Theme**: the colours (ansi-dark and ansi-light follow your terminal's own)\n"
       "- **Language**: Italiano, English, Français, Español or Tagalog, at once"),
    N_("Settings chosen there are remembered for the next time."),
)
# The key map, one message per section (translated when the help is shown).
KEYS = (
    N_("# Keys"),
    # TRANSLATORS: keep the key names (← →, Tab, Enter, Space, Esc, h, ?, F1, q, F2, F12) as they are.
    N_("- **← →** or **1–3** (1–9 and 0 for the tenth card in Scopone): choose a card from your "
       "hand (or click it), also while an AI is playing: the card stays chosen for your turn\n"
       "- **a, b, c, …**: add or remove that table card from your capture (or click it)\n"
       "- **Tab**: show the next legal capture for your card (**Shift+Tab**: the one "
       "before)\n"
       "- **Enter** or **Space**: play the card with the chosen capture\n"
       "- **Esc**: clear your choice\n"
       "- **h**: hint, a suggested move and why\n"
       "- **?** or **F1**: this help\n"
       "- **q**: quit (asks first during a game; the game is saved and offered again next time)\n"
       "- **F2**: your statistics\n"
       "- **F12**: save a screenshot (SVG) in the current folder, on any screen"),
    N_("The line under the table says at once whether your choice can be played, and why not. "
       "Letters h and q are never used for table cards."),
    *PALETTE,
    # TRANSLATORS: easy, medium, hard, random and greedy are the words of --ai on the command
    # line: give them in English beside your words for the levels.
    N_("**Opponents.** easy, medium, hard or random AIs, or an *external bot*: any program "
       "that speaks the scopa-bot/1 protocol (docs/bot-protocol.md), e.g. "
       "`scopa-tui bot --level hard`. On the command line `greedy` is another name of easy."),
)
# The replay viewer's keys (screens/replay.py), in place of the game's: it has no card to
# choose, no hint, and its q goes back; (D) marks the dealer there.
REPLAY_KEYS = (
    KEYS[0],
    # TRANSLATORS: the replay viewer's keys; keep the key names (→ ←, Home, End, PgDn, PgUp, ] [,
    # ?, F1, Esc, q, F12) as they are; scopa-tui replay is typed as it is.
    N_("- **→** / **←**: the next step of the game, or the one before\n"
       "- **Home** / **End**: the first step, or the last\n"
       "- **PgDn** / **PgUp**: the next hand, or the start of this one (or of the one before)\n"
       "- **]** / **[**: the next game of a file of several, or the one before\n"
       "- **?** or **F1**: this help\n"
       "- **Esc** or **q**: back (in `scopa-tui replay`: quit)\n"
       "- **F12**: save a screenshot (SVG) in the current folder"),
    # TRANSLATORS: (D) as the replay writes it after a name (the message " (D)").
    N_("**(D)** after a name marks the player who deals the hand."),
)
# The statistics' and the history's keys (screens/stats.py, screens/history.py), in place of
# the game's, then the palette's commands (the screen's HELP_KEYS names them: SCREEN_KEYS).
STATS_KEYS = (
    KEYS[0],
    # TRANSLATORS: the statistics screen's keys; keep the key names (← →, Tab, Shift+Tab, ↓ ↑,
    # h, ?, F1, Esc, q, F12) as they are.
    N_("- **← →**: choose the games counted, in the row at the top: a game, a number of players\n"
       "- **Tab** or **↓**: from the game to the number of players (**Shift+Tab** or **↑**: back)\n"
       "- **h**: the history of the games chosen\n"
       "- **?** or **F1**: this help\n"
       "- **Esc** or **q**: back\n"
       "- **F12**: save a screenshot (SVG) in the current folder"),
    *PALETTE,
)
HISTORY_KEYS = (
    KEYS[0],
    # TRANSLATORS: the history screen's keys; keep the key names (↑ ↓, PgUp, PgDn, Home, End,
    # Enter, ?, F1, Esc, q, F12) as they are.
    N_("- **↑ ↓**: choose a game (**PgUp** / **PgDn**: a page at a time)\n"
       "- **Home** / **End**: the newest game, or the oldest\n"
       "- **Enter**: replay the game chosen, step by step (its help says the replay's keys)\n"
       "- **?** or **F1**: this help\n"
       "- **Esc** or **q**: back\n"
       "- **F12**: save a screenshot (SVG) in the current folder"),
    *PALETTE,
)
SCREEN_KEYS = {"stats": STATS_KEYS, "history": HISTORY_KEYS}
# The parts a screen's help opens at (helpkeys.py): the message that begins each ("keys":
# the statistics' and the history's own).  The scoring screen's, "scoring", is the rules'
# paragraph on a hand's points, in the words of the game played (HelpScreen.opening).
HELP_PARTS = {"keys": KEYS[0]}


def _charts(deck: DeckStyle, in_use: str) -> str:
    """Both primiera charts, best card first, the game's in bold: ``- **standard** (this game): 7=21, …``."""
    lines = []
    for name, values in PRIMIERA_CHARTS.items():
        ranks = sorted(range(1, 8), key=lambda r: -values[r])
        cards = ", ".join(f"{deck.rank(r)}={values[r]}" for r in ranks)
        if name == in_use:
            # TRANSLATORS: a primiera chart's line in the help; {chart} is its name (standard,
            # ludoteka), {cards} its values ("7=21, 6=18, …"), {figures} the face cards' value.
            line = _("- **{chart}** (this game): {cards}, figures={figures}")
        else:
            line = _("- {chart}: {cards}, figures={figures}")
        lines.append(line.format(chart=name, cards=cards, figures=values[8]))
    return "\n".join(lines)


def _players(counts: tuple[int, ...]) -> str:
    """``2, 3, 4 or 6``."""
    *most, last = map(str, counts)
    # TRANSLATORS: the last of a list of player counts: "2, 3, 4 or 6".
    return _("{most} or {last}").format(most=", ".join(most), last=last) if most else last


def family_text(variant: str = "scopa", deck: DeckStyle | None = None) -> str:
    """The games of the Scopa family and the house rules in short, the one played marked."""
    lines = [_("# The Scopa family"), "",
             _("Choose the game on the new-game screen (or `--variant NAME`), and its house rules "
               "(`--option NAME`):"), ""]
    for v in VARIANTS.values():
        # TRANSLATORS: one game of the family: {title} its name, {name} the word for --variant,
        # {players} "2, 3, 4 or 6", {target} the points to win, {summary} its rules in short.
        line = (_("- **{title}** (this game) — `{name}`, {players} players, to {target}: {summary}")
                if v.name == variant else
                _("- **{title}** — `{name}`, {players} players, to {target}: {summary}"))
        lines.append(line.format(title=_(v.title), name=v.name, players=_players(v.players),
                                 target=v.target, summary=summary(v, deck or DeckStyle())))
    lines += ["", _("**House rules**, where the game allows them:"), ""]
    for opt in OPTIONS.values():  # in the words of the game played, as its new-game screen names them
        # TRANSLATORS: one house rule: {title} its name, {name} the word for --option, {summary} what it does.
        lines.append(_("- **{title}** (`{name}`): {summary}.").format(
            title=_(opt.title_in(variant)), name=opt.name, summary=_(opt.summary_in(variant))))
    return "\n".join(lines) + "\n\n"


# The paragraphs of the rules in their order: Scopa's, and where a variant adds one
# (Scopa d'Assi's Ace, help_variants.py) or the house rules do (the re bello's and the
# napola's points, help_house.py).  The three-Kings redeal, who plays first and the partners
# are sentences that go on the paragraph before them (the deal, the winning), so that a
# variant or a game can say them its own way (or drop them) and keep the rest.
SCOPA_PARAGRAPHS = ("heading", "cards", "deal", "redeal", "first", "turn", "sweep", "scoring", "charts",
                    "winning", "partners", "letters")
PARAGRAPHS = (*SCOPA_PARAGRAPHS[:6], "ace", *SCOPA_PARAGRAPHS[6:9], "house_points", *SCOPA_PARAGRAPHS[9:])
CONTINUED = ("redeal", "first", "partners")


def rule_paragraphs(deck: DeckStyle, chart: str, variant: str = "scopa",
                    rules: Rules | None = None) -> dict[str, str | None]:
    """The paragraphs of :func:`rules_text` by their key (PARAGRAPHS), None for one dropped."""
    letters = DeckStyle(deck.name, ascii=True)
    example = parse_card("9c")
    scopa = dict(zip(SCOPA_PARAGRAPHS, [
        _("# Scopa in short"),
        # TRANSLATORS: {suits} is the deck's four suits with their symbols, {ranks} "1 Asso (A), 2 to 7, …".
        _("**Cards.** 40 cards in four suits: {suits}. Ranks {ranks}. "
          "A card is worth its rank when capturing.").format(
            # a suit's name, what it is and its symbol on one row: not "Coppe" over "(cups) Ʊ"
            suits=", ".join(glued(f"{deck.suit_gloss(s)} `{deck.suit(s)}`") for s in "dcsb"),
            ranks=deck.ranks()),
        _("**Deal.** Each player gets 3 cards and 4 go face up on the table. When everyone has "
          "played their 3 cards, 3 more are dealt (no new table cards) until the deck is used up."),
        # TRANSLATORS: {kings} is the 10s of the deck in the plural (Re, Reyes, Kings).
        _("A table with three or more {kings} is dealt again (standard and gamerules "
          "presets).").format(kings=deck.kings()),
        # the game's first play is someone else's when you deal: the table has fewer than 4 cards
        _("The player after the dealer plays first, and the deal passes to the next player each hand."),
        _("**Your turn.** Play one card. If a table card has the **same rank** you must take "
          "exactly one of them (a match beats a sum). Otherwise, if **two or more** table cards "
          "**add up** to your card's rank you must take one such set. Otherwise your card stays "
          "on the table. Capturing is never optional."),
        # TRANSLATORS: scopa (plural scope) keeps its Italian name in every language; the
        # scoring's row and the score panel say "scope", which the plural here explains.
        _("**Scopa.** Taking every card on the table is a *scopa* (plural *scope*): 1 point (not "
          "on the very last play of the hand). At the end of a hand the cards left on the table "
          "go to whoever captured last."),
        # TRANSLATORS: settebello and primiera keep their Italian names. {most_coins} is the
        # point of the most coins ("most **Denari**", "most **Oros**"), {settebello} the seven of
        # coins ("7 di Denari"), {star} a star symbol or the words "a star".
        _("**Scoring each hand.** 1 point each for: most **cards**; {most_coins}; the "
          "**settebello** (the {settebello}, drawn with a double border and {star}); the best "
          "**primiera**: your best card of each suit, added up by the chart of the game (you need "
          "all four suits). Sevens, sixes and aces have a heavy border. A tie scores nothing. "
          "Plus 1 per scopa. The two primiera charts:").format(
            **scoring_fields(deck)),
        _charts(deck, chart),
        _("**Winning.** First to the target ({target} unless chosen otherwise) at the end of a "
          "hand; if the top is tied, another hand is played.").format(target=VARIANTS[variant].target),
        _("With 4 players the partners sit opposite (you and the player across); with 6, "
          "three pairs."),
        # TRANSLATORS: "ASCII suits" is the palette's command; {scheme} lists the letters,
        # {example} is a card in letters (Cc), {card} its name (Cavallo di Coppe).
        _("**ASCII letters** (`--ascii`, or Ctrl+P → *ASCII suits*): {scheme}. "
          "Ranks are upper case and suits lower case: `{example}` is the {card}.").format(
            scheme=letters.ascii_scheme(), example=letters.short(example), card=glued(letters.card_name(example))),
    ], strict=True))
    return {**scopa, **variant_paragraphs(VARIANTS[variant]),
            **(house_paragraphs(rules, deck) if rules is not None else {})}


def rules_text(deck: DeckStyle, chart: str, variant: str = "scopa", rules: Rules | None = None) -> str:
    """The rules of ``variant`` in short (Scopa's, where the variant says nothing else:
    help_variants.py) for a deck style and a primiera chart, one message per paragraph;
    with the ``rules`` of a game, as its house rules make them (help_house.py)."""
    paragraphs = rule_paragraphs(deck, chart, variant, rules)
    blocks: list[str] = []
    for key in PARAGRAPHS:
        text = paragraphs.get(key)
        if text is not None:
            if key in CONTINUED:
                blocks[-1] += " " + text
            else:
                blocks.append(text)
    return "\n\n".join(blocks) + "\n\n"


def help_text(deck: DeckStyle | None = None, chart: str = "standard", variant: str = "scopa",
              playing: bool = False, rules: Rules | None = None, keys: tuple[str, ...] = KEYS) -> str:
    """The help in Markdown for a deck style, the primiera chart and the variant in use, in the
    player's language: rules first (the variant's while it is ``playing``, else Scopa's), then
    the family of games with the variant marked, then the ``keys`` (the game's, or a screen's own:
    REPLAY_KEYS, SCREEN_KEYS).  The ``rules`` of a game (played
    or replayed) give its variant, its chart, its house rules, its target and its three-Kings
    redeal, which the rules then say (help_house.py)."""
    chart, said, marked, rules = _game(chart, variant, playing, rules)
    text = rules_text(deck or DeckStyle(), chart, said, rules)
    return text + family_text(marked, deck) + "\n\n".join(_(k) for k in keys) + "\n"


def _game(chart: str, variant: str, playing: bool, rules: Rules | None) -> tuple[str, str, str, Rules | None]:
    """What :func:`help_text` says: the primiera chart, the variant whose rules it says, the
    variant it marks among the family, and the rules of the game (made for a variant
    ``playing`` with no house rule on)."""
    if rules is None and playing:  # the variant with no house rule on
        rules = make_rules(variant=variant, players=VARIANTS[variant].default_players, primiera_chart=chart)
    if rules is not None:
        return rules.primiera_chart, rules.variant, rules.variant, rules
    return chart, variant if playing else "scopa", variant, None


# The no-break spaces while Textual's Markdown reads a paragraph, which makes every space an
# ordinary one (ui/wrapping.py): characters of private use that it keeps, then put back.
_HIDDEN = str.maketrans({space: chr(0xE000 + i) for i, space in enumerate(NO_BREAK)})
_SHOWN = str.maketrans({chr(0xE000 + i): space for i, space in enumerate(NO_BREAK)})


class _Paragraph(Markdown.BLOCKS["paragraph_open"]):
    """A paragraph of the help whose no-break spaces stay no-break: words the help glues
    (a suit's name, what it is and its symbol) on one row."""

    def build_from_token(self, token) -> None:
        for child in token.children or ():
            if child.type == "text":
                child.content = child.content.translate(_HIDDEN)
        super().build_from_token(token)

    def set_content(self, content: Content) -> None:
        super().set_content(Content(content.plain.translate(_SHOWN), spans=content.spans))


class HelpMarkdown(Markdown):
    """The help's Markdown: its paragraphs keep their no-break spaces."""

    BLOCKS = {**Markdown.BLOCKS, "paragraph_open": _Paragraph}


class HelpScreen(Translated, ModalScreen[None]):
    CSS_PATH = DIALOGS_TCSS  # loaded with the first dialog, not before the first frame

    BINDINGS = [
        Binding("escape", "dismiss", N_("close"), id="help.close"),
        Binding("question_mark", "dismiss", N_("close"), id="help.close_q", show=False),
        Binding("f1", "dismiss", N_("close"), id="help.close_f1", show=False),
        Binding("q", "dismiss", N_("close"), id="help.close_quit", show=False),
    ]

    def __init__(self, deck: DeckStyle | None = None, chart: str = "standard", variant: str = "scopa",
                 playing: bool = False, rules: Rules | None = None, at: str | None = None,
                 keys: tuple[str, ...] = KEYS) -> None:
        """``rules``: those of the game played or replayed, whose rules the help says;
        ``at``: a part of the help (HELP_PARTS) to open at, else its top; ``keys``: the
        key map it ends with (a screen's own: REPLAY_KEYS, SCREEN_KEYS)."""
        super().__init__()
        self.deck, self.chart, self.variant, self.playing = deck, chart, variant, playing
        self.rules, self.at, self.keys = rules, at, keys

    @property
    def text(self) -> str:
        """The help as it is shown now, in the language in use."""
        return help_text(self.deck, self.chart, self.variant, self.playing, self.rules, self.keys)

    def opening(self, at: str) -> str:
        """The first line of the part ``at`` of the help as shown: a message of HELP_PARTS,
        or ``"scoring"``, the paragraph on a hand's points of the rules said."""
        if at == "scoring":
            chart, variant, _marked, rules = _game(self.chart, self.variant, self.playing, self.rules)
            text = rule_paragraphs(self.deck or DeckStyle(), chart, variant, rules)["scoring"]
        else:
            text = _(HELP_PARTS[at])
        return text.split("\n", 1)[0]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield HelpMarkdown(self.text)
        yield FitFooter()

    def on_mount(self) -> None:
        body = self.query_one("#help-body")
        body.border_title = _("Help — Esc closes, ↑/↓ scroll")
        body.focus()

    def on_markdown_table_of_contents_updated(self) -> None:
        """The help's paragraphs are mounted: open it at its part ``at``, once."""
        if self.at is not None:
            first = self.opening(self.at)
            blocks = self.query_one(Markdown).children
            index = next((i for i, b in enumerate(blocks) if first in (b.source or "")), 0)
            self.at = None
            self.call_after_refresh(self._open_at_block, index)

    def _open_at_block(self, index: int) -> None:
        """Scroll so that block ``index`` is the first line of the help, as the help's top
        is from any other screen: a part near the end (the palette's commands) gets blank
        lines after the help's last paragraph to let it go up that far."""
        blocks = self.query_one(Markdown).children
        if not 0 < index < len(blocks):
            return
        body = self.query_one("#help-body", VerticalScroll)
        short = blocks[index].virtual_region.y - body.max_scroll_y
        if short > 0:
            markdown = self.query_one(Markdown)
            top, right, bottom, left = markdown.styles.padding
            markdown.styles.padding = (top, right, bottom + short, left)
        self.call_after_refresh(self._scroll_to_block, index)

    async def retranslate(self) -> None:
        """Show the help in the new language at the same paragraph: every language has the
        same paragraphs, lists and headings, only their lengths differ."""
        body = self.query_one("#help-body", VerticalScroll)
        markdown = self.query_one(Markdown)
        top = body.scroll_y
        index = max((i for i, b in enumerate(markdown.children) if b.virtual_region.y <= top), default=0)
        body.border_title = _("Help — Esc closes, ↑/↓ scroll")
        await markdown.update(self.text)  # returns when the new paragraphs are mounted
        self.refresh_bindings()  # the footer, in the new language
        self.call_after_refresh(self._scroll_to_block, index)

    def _scroll_to_block(self, index: int) -> None:
        blocks = self.query_one(Markdown).children
        if 0 < index < len(blocks):
            self.query_one("#help-body", VerticalScroll).scroll_to(y=blocks[index].virtual_region.y, animate=False)

    async def action_dismiss(self, result=None) -> None:
        self.dismiss()
