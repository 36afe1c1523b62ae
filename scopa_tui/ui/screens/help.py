"""Help: the rules in short (as the engine plays them), the deck in use, the other games
of the Scopa family and the house rules, then the key map.

The text follows the game on screen: the suit names and symbols of its deck (and the
ASCII letters when they are on), its primiera chart marked among the two, and its
variant marked among the family.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

from ...engine import OPTIONS, VARIANTS, parse_card
from ...engine.rules import PRIMIERA_CHARTS
from ..card_render import DeckStyle
from ..translate import Translated


KEYS_TEXT = """\
# Keys

- **← →** or **1–3** (1–9 and 0 for the tenth card in Scopone): choose a card from your
  hand (or click it), also while an AI is playing: the card stays chosen for your turn
- **a, b, c, …**: add or remove that table card from your capture (or click it)
- **Tab**: show the next legal capture for your card
- **Enter**: play the card with the chosen capture
- **Esc**: clear your choice
- **h**: hint, a suggested move and why
- **?** or **F1**: this help
- **q**: quit (asks first during a game; the game is saved and offered again next time)
- **F2**: your statistics
- **F12**: save a screenshot (SVG) in the current folder, on any screen

The line under the table says at once whether your choice can be played, and why not.
Letters h and q are never used for table cards.

**Ctrl+P** opens the command palette; type a few letters to find:

- **Statistics**: games won per opponent and player count, streaks, points per hand
- **History**: past games; open one to replay it move by move (← →, Home, End)
- **AI pace**: instant, quick, normal or slow: how long each AI play stays in view
- **ASCII suits**: letters instead of suit symbols, at once
- **Reduce motion**: on, the played and captured cards no longer fly over the table
- **Change theme**: the colours (ansi-dark and ansi-light follow your terminal's own)

Settings chosen there are remembered for the next time.

**Opponents.** easy, medium, hard or random AIs, or an *external bot…*: any program
that speaks the scopa-bot/1 protocol (docs/bot-protocol.md), e.g.
`scopa-tui bot --level hard`. On the command line `greedy` is another name of easy.
"""


def _ranks(deck: DeckStyle) -> str:
    """``1 Asso (A), 2 to 7, 8 Fante (F), …``: the ranks with a name in this deck."""
    named = [f"{r} {deck.rank_word(r)} ({deck.rank(r)})" for r in (8, 9, 10) if deck.rank_word(r)]
    return ", ".join([f"1 {deck.rank_name(1)} ({deck.rank(1)})", "2 to 7" if named else "2 to 10", *named])


def _charts(deck: DeckStyle, in_use: str) -> str:
    """Both primiera charts, best card first, the game's in bold: ``- **standard** (this game): 7=21, …``."""
    lines = []
    for name, values in PRIMIERA_CHARTS.items():
        ranks = sorted(range(1, 8), key=lambda r: -values[r])
        cards = ", ".join(f"{deck.rank(r)}={values[r]}" for r in ranks) + f", figures={values[8]}"
        lines.append(f"- **{name}** (this game): {cards}" if name == in_use else f"- {name}: {cards}")
    return "\n".join(lines)


def family_text(variant: str = "scopa") -> str:
    """The games of the Scopa family and the house rules in short, the one played marked."""
    lines = ["# The Scopa family", "",
             "Choose the game on the new-game screen (or `--variant NAME`), and its house rules "
             "(`--option NAME`):", ""]
    for v in VARIANTS.values():
        played = " (this game)" if v.name == variant else ""
        *most, last = map(str, v.players)
        players = f"{', '.join(most)} or {last}" if most else last
        lines.append(f"- **{v.title}**{played} — `{v.name}`, {players} players, to {v.target}: {v.summary}")
    lines += ["", "**House rules**, where the game allows them:", ""]
    for opt in OPTIONS.values():
        lines.append(f"- **{opt.title}** (`{opt.name}`): {opt.summary}.")
    return "\n".join(lines) + "\n\n"


def help_text(deck: DeckStyle | None = None, chart: str = "standard", variant: str = "scopa") -> str:
    """The help in Markdown for a deck style, the primiera chart and the variant in use: rules
    first, then the family of games, then keys."""
    deck = deck or DeckStyle()
    suits = ", ".join(f"{deck.suit_gloss(s)} `{deck.suit(s)}`" for s in "dcsb")
    coins = deck.suit_word("d")
    settebello = deck.card_name(parse_card("7d"))
    star = "a star" if deck.ascii else "★"
    letters = DeckStyle(deck.name, ascii=True)
    example = parse_card("9c")
    rules = f"""\
# Scopa in short

**Cards.** 40 cards in four suits: {suits}. Ranks {_ranks(deck)}.
A card is worth its rank when capturing.

**Deal.** Each player gets 3 cards and 4 go face up on the table. When everyone has
played their 3 cards, 3 more are dealt (no new table cards) until the deck is used up.
A table with three or more {deck.kings()} is dealt again (standard and gamerules presets).

**Your turn.** Play one card. If a table card has the **same rank** you must take
exactly one of them (a match beats a sum). Otherwise, if **two or more** table cards
**add up** to your card's rank you must take one such set. Otherwise your card stays
on the table. Capturing is never optional.

**Scopa.** Taking every card on the table is a *scopa*: 1 point (not on the very last
play of the hand). At the end of a hand the cards left on the table go to whoever
captured last.

**Scoring each hand.** 1 point each for: most **cards**; most **{coins}**; the
**settebello** (the {settebello}, drawn with a double border and {star}); the best
**primiera**: your best card of each suit, added up by the chart of the game (you need
all four suits). Sevens, sixes and aces have a heavy border. A tie scores nothing.
Plus 1 per scopa. The two primiera charts:

{_charts(deck, chart)}

**Winning.** First to the target (11 unless chosen otherwise) at the end of a hand;
if the top is tied, another hand is played. With 4 players the partners sit
opposite (you and the player across); with 6, three pairs.

**ASCII letters** (`--ascii`, or Ctrl+P → *ASCII suits*): {letters.ascii_scheme()}.
Ranks are upper case and suits lower case: `{letters.short(example)}` is the {letters.card_name(example)}.

"""
    return rules + family_text(variant) + KEYS_TEXT


class HelpScreen(Translated, ModalScreen[None]):
    BINDINGS = [
        Binding("escape", "dismiss", "close", id="help.close"),
        Binding("question_mark", "dismiss", "close", id="help.close_q", show=False, key_display="?"),
        Binding("f1", "dismiss", "close", id="help.close_f1", show=False),
        Binding("q", "dismiss", "close", id="help.close_quit", show=False),
    ]

    def __init__(self, deck: DeckStyle | None = None, chart: str = "standard", variant: str = "scopa") -> None:
        super().__init__()
        self.text = help_text(deck, chart, variant)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Markdown(self.text)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-body").border_title = "Help — Esc closes, ↑/↓ scroll"
        self.query_one("#help-body").focus()

    async def action_dismiss(self, result=None) -> None:
        self.dismiss()
