"""Helpers for the UI tests: an app with no AI delay and a way to play legal moves by keys."""

from __future__ import annotations

from contextlib import asynccontextmanager

from scopa_tui.engine import Move
from scopa_tui.ui.app import ScopaApp
from scopa_tui.ui.config import GameConfig
from scopa_tui.ui.screens.game import GameScreen
from scopa_tui.ui.screens.scoring import GameOverScreen, HandOverScreen


def make_app(players: int = 2, ai: list[str] | None = None, seed: int = 7, target: int | None = None,
             start: bool = True, deck: str | None = None, ascii: bool = False,
             theme: str | None = None) -> ScopaApp:
    config = GameConfig(players=players, ai=ai or ["greedy"], seed=seed, target=target, deck=deck)
    app = ScopaApp(config, start=start, ai_delay=0, ascii=ascii, theme=theme)
    app.hint_options = {"iters": 30, "seed": 1}  # worlds of the hard search
    return app


def variant_app(variant: str, players: int = 2, seed: int = 5, options=()) -> ScopaApp:
    """A game of ``variant`` against easy AIs, started at once."""
    config = GameConfig(players=players, ai=["easy"], seed=seed, variant=variant, options=list(options))
    app = ScopaApp(config, start=True, ai_delay=0)
    app.hint_options = {"iters": 150, "seed": 1}
    return app


async def my_turn(pilot) -> None:
    """Wait for the player's turn, and for the screen to settle on it."""
    await wait_for_my_turn(pilot)
    await settle(pilot)


@asynccontextmanager
async def on_my_turn(app: ScopaApp, size: tuple[int, int]):
    """``app`` run at ``size`` until the player's first turn: the pilot and the game screen."""
    async with app.run_test(size=size) as pilot:
        await my_turn(pilot)
        yield pilot, game_screen(app)


@asynccontextmanager
async def scopone_hand(size: tuple[int, int]):
    """Scopone scientifico for four (seed 5) at ``size`` on the player's first turn, ten cards
    in hand: the pilot, the game screen and its hand."""
    async with on_my_turn(variant_app("scopone-scientifico", players=4), size) as (pilot, screen):
        yield pilot, screen, screen.query_one("#hand")


async def workers_done(app) -> None:
    """Wait for the app's workers.  An AI worker that has posted its move may be cancelled by
    the next turn's (they are exclusive) before it is marked finished: that is not a failure."""
    from textual.worker import WorkerCancelled

    try:
        await app.workers.wait_for_complete()
    except WorkerCancelled:
        pass


async def settle(pilot, rounds: int = 3) -> None:
    """Let queued messages, workers and timers run."""
    for _ in range(rounds):
        await pilot.pause()
    await workers_done(pilot.app)
    await pilot.pause()


async def palette_command(pilot, title: str) -> None:
    """Run a command-palette entry by typing its title, as a player would."""
    await pilot.press("ctrl+p")
    await settle(pilot)
    await pilot.press(*title)
    await settle(pilot, 6)
    await pilot.press("enter")
    await settle(pilot)


def game_screen(app) -> GameScreen:
    for screen in app.screen_stack:
        if isinstance(screen, GameScreen):
            return screen
    raise AssertionError("no game screen")


async def wait_for_my_turn(pilot, limit: int = 200) -> bool:
    """Wait until the player may act; False when a hand-over or game-over screen shows instead."""
    app = pilot.app
    for _ in range(limit):
        if isinstance(app.screen, (HandOverScreen, GameOverScreen)):
            return False
        screen = app.screen
        if isinstance(screen, GameScreen) and screen._my_turn():
            return True
        await workers_done(pilot.app)
        await pilot.pause()
    raise AssertionError(f"the player never got the turn (screen {app.screen})")


async def play_by_keys(pilot, move: Move, key: str = "enter") -> None:
    """Select ``move``'s card with its number key and its capture with the table letters, then
    Enter (or ``key``)."""
    screen = game_screen(pilot.app)
    index = screen.pic.my_hand.index(move.card)
    await pilot.press(str(index + 1))
    labels = screen.table_labels()
    toggles = [labels[card] for card in set(screen.capture) ^ set(move.capture)]
    if toggles:
        await pilot.press(*toggles)
    assert screen.capture == frozenset(move.capture)
    await pilot.press(key)


async def play_game_by_keys(pilot, pick=lambda moves: moves[-1], max_steps: int = 2000) -> int:
    """Play until the game-over screen, answering every hand-over with Enter; returns hands seen."""
    app = pilot.app
    hands = 0
    for _ in range(max_steps):
        if isinstance(app.screen, GameOverScreen):
            return hands
        if isinstance(app.screen, HandOverScreen):
            hands += 1
            await pilot.press("enter")
            await settle(pilot)
            continue
        if await wait_for_my_turn(pilot):
            await play_by_keys(pilot, pick(app.game.legal_moves()))
    raise AssertionError("the game did not end")


class StackedDecks:
    """Deals chosen cards: seat 1 deals, so seat 0 (the player) leads in a 2-player game."""

    def __init__(self, hands: list[list[str]], table: list[str]):
        from scopa_tui.engine import parse_card

        self.hands = [[parse_card(c) for c in h] for h in hands]
        self.table = [parse_card(c) for c in table]

    def first_dealer(self, players: int) -> int:
        return players - 1

    def deck(self, hand: int, attempt: int) -> list[int]:
        n = len(self.hands)
        pops = [self.hands[(i % n)][i // n] for i in range(3 * n)] + self.table
        rest = [c for c in range(40) if c not in pops]
        return rest + list(reversed(pops))


def stacked_app(hands: list[list[str]], table: list[str], ai: str = "greedy", variant: str = "scopa",
                options=()) -> ScopaApp:
    """An app whose first deal is fixed (the rest of the deck in order)."""
    from scopa_tui.engine import Game, make_rules

    config = GameConfig(players=len(hands), ai=[ai], seed=1, variant=variant, options=list(options))
    game = Game(make_rules("standard", players=len(hands), variant=variant, options=options), seed=1,
                decks=StackedDecks(hands, table), side_names=config.side_names())
    app = ScopaApp(config, ai_delay=0, game=game)
    app.hint_options = {"iters": 30, "seed": 1}  # worlds of the hard search
    return app


def shown(widget) -> str:
    """The text a widget shows on screen now, line by line."""
    from textual.geometry import Region

    lines = widget.render_lines(Region(0, 0, widget.region.width, widget.region.height))
    return "\n".join(strip.text.rstrip() for strip in lines)


def text_of(widget, width: int = 120) -> str:
    """The plain text a Static shows (Rich tables included)."""
    from rich.console import Console

    console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(widget.content)
    return console.export_text()


def card_offset(widget, index: int) -> tuple[int, int]:
    """Where to click card ``index`` of a card widget (hand or table): inside its drawn box."""
    x0, _y0, _x1, y1, _ = next(hit for hit in widget._hits if hit[4] == index)
    gutter = widget.styles.gutter
    return gutter.left + x0 + 1, gutter.top + y1 - 3


def seat_infos(screen) -> list:
    """What the seats around the table show of the other players, in seat order."""
    from scopa_tui.ui.widgets.cards import SeatView

    return [screen.query_one(f"#seat-{seat}", SeatView).info for seat in range(1, screen.table.rules.players)]


async def help_in_game(config) -> str:
    """The help's Markdown as ``?`` shows it in a new game of ``config`` (80x24)."""
    from textual.widgets import Markdown

    from scopa_tui.ui.screens.help import HelpScreen

    app = make_app()
    app.config = config
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.new_game(config)
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        return app.screen.query_one(Markdown).source
