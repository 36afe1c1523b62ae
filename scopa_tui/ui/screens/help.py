"""Help: the rules in short (faithful to the project's RULES.md) and the key map."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

HELP_TEXT = """\
# Keys

- **← →** or **1–3**: choose a card from your hand (or click it)
- **a, b, c, …**: add or remove that table card from your capture (or click it)
- **Tab**: show the next legal capture for your card
- **Enter**: play the card with the chosen capture
- **Esc**: clear your choice
- **h**: hint, a suggested move and why
- **?** or **F1**: this help
- **q**: quit (asks first during a game; the game is saved and offered again next time)
- **F2**: your statistics
- **F12**: save a screenshot (SVG)

The line under the table says at once whether your choice can be played, and why not.
Letters h and q are never used for table cards.

**Ctrl+P** opens the command palette; type a few letters to find:

- **Statistics**: games won per opponent and player count, streaks, points per hand
- **History**: past games; open one to replay it move by move (← →, Home, End)
- **AI pace**: instant, quick, normal or slow: how long each AI play stays in view
- **ASCII suits**: letters instead of suit symbols (from the next game on)
- **Change theme**: the colours (ansi-dark and ansi-light follow your terminal's own)

Settings chosen there are remembered for the next time.

**Opponents.** easy, medium and hard AIs, or an *external bot…*: any program that
speaks the scopa-bot/1 protocol (docs/bot-protocol.md), e.g. `scopa-tui bot --level hard`.

# Scopa in short

**Cards.** 40 cards in four suits: Coins (Denari ◉ / ♦), Cups (Coppe Ʊ / ♥),
Swords (Spade † / ♠) and Clubs (Bastoni ♣). Ranks 1–7, then 8 Fante (Jack),
9 Cavallo (Queen), 10 Re (King). A card is worth its rank when capturing.

**Deal.** Each player gets 3 cards and 4 go face up on the table. When everyone has
played their 3 cards, 3 more are dealt (no new table cards) until the deck is used up.
A table with three or more Kings is dealt again (standard and gamerules presets).

**Your turn.** Play one card. If a table card has the **same rank** you must take
exactly one of them (a match beats a sum). Otherwise, if **two or more** table cards
**add up** to your card's rank you must take one such set. Otherwise your card stays
on the table. Capturing is never optional.

**Scopa.** Taking every card on the table is a *scopa*: 1 point (not on the very last
play of the hand). At the end of a hand the cards left on the table go to whoever
captured last.

**Scoring each hand.** 1 point each for: most **cards**; most **Coins**; the
**settebello** (7 of Coins, drawn with a double border and ★); the best **primiera**
(your best card of each suit: 7 = 21, 6 = 18, Ace = 16, 5 = 15, 4 = 14, 3 = 13,
2 = 12, figures = 10; you need all four suits). Sevens, sixes and aces have a heavy
border. A tie scores nothing. Plus 1 per scopa.

**Winning.** First to the target (11 unless chosen otherwise) at the end of a hand;
if the top is tied, another hand is played. With 4 players the partners sit
opposite (you and the player across); with 6, three pairs.
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape", "dismiss", "close", id="help.close"),
        Binding("question_mark", "dismiss", "close", id="help.close_q", show=False, key_display="?"),
        Binding("f1", "dismiss", "close", id="help.close_f1", show=False),
        Binding("q", "dismiss", "close", id="help.close_quit", show=False),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Markdown(HELP_TEXT)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-body").border_title = "Help — Esc closes, ↑/↓ scroll"
        self.query_one("#help-body").focus()

    async def action_dismiss(self, result=None) -> None:
        self.dismiss()
