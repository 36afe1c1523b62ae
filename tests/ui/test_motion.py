"""Motion: a played card flies to the table and captured cards to the capturer's pile, at the
AI pace; nothing flies at pace 0 or with *reduce motion* on (remembered, from the palette);
keys and the game never wait for a flight."""

from __future__ import annotations

import asyncio

from scopa_tui.engine import parse_card
from scopa_tui.store import Store
from scopa_tui.ui.app import ScopaApp
from scopa_tui.ui.config import GameConfig
from scopa_tui.ui.widgets import motion
from scopa_tui.ui.widgets.cards import TableView
from scopa_tui.ui.widgets.motion import FlyingCard, card_spot, flight_time

from .helpers import (game_screen, make_app, palette_command, play_game_by_keys, settle, stacked_app,
                      workers_done)

HANDS = [["2c", "8d", "1s"], ["7b", "9c", "10s"]]
TABLE = ["3c", "4s", "6b", "5d"]


def _flying(screen, card: str) -> FlyingCard | None:
    return next((f for f in screen.query(FlyingCard) if f.card == parse_card(card)), None)


async def _wait_for_flight(pilot, screen, card: str) -> FlyingCard | None:
    for _ in range(50):
        flying = _flying(screen, card)
        if flying is not None:
            return flying
        await pilot.pause()
    return None


def _count_flights(monkeypatch, cards=None) -> list[int]:
    """Record every FlyingCard made: its card (and the card itself in ``cards``)."""
    made: list[int] = []
    init = FlyingCard.__init__

    def spy(self, card, *args, **kwargs):
        made.append(card)
        init(self, card, *args, **kwargs)
        if cards is not None:
            cards.append(self)

    monkeypatch.setattr(FlyingCard, "__init__", spy)
    return made


async def _play_2c(pilot):
    """The player plays 2c (it takes nothing) without waiting for animations, as keys do."""
    screen = game_screen(pilot.app)
    await settle(pilot)
    screen.action_select(0)
    screen.action_play()
    return screen


def test_a_flight_takes_a_fraction_of_the_ai_pace():
    assert flight_time(0) == 0
    assert flight_time(0.4) == 0.2
    assert flight_time(1.5) == motion.FLIGHT_MAX == 0.35


async def test_a_played_card_flies_from_the_hand_to_its_place_on_the_table_and_goes(monkeypatch):
    monkeypatch.setattr(motion, "FLIGHT_MAX", 3.0)  # a slow flight, to watch it on a busy machine
    app = stacked_app(HANDS, TABLE)
    app.ai_delay = 60  # the AI's answer waits: only the player's card flies
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _play_2c(pilot)
        flying = await _wait_for_flight(pilot, screen, "2c")
        assert flying is not None and flying.is_attached
        table = screen.query_one(TableView)
        # where the table draws it (the AI's play shown next to it may since have moved it sideways)
        assert flying.target.y == card_spot(table, parse_card("2c")).y
        assert table.content_region.contains_point(flying.target)
        assert flying.start.y > flying.target.y  # from the hand, below the table
        assert flying.duration == 3.0  # the longest flight (the pace is 60 s)
        assert parse_card("2c") in table.cards  # the game did not wait for the flight
        first = flying.region.offset
        await asyncio.sleep(0.3)
        await pilot.pause()
        moved = flying.region.offset
        assert moved != first and moved.y < first.y  # on its way up
        await pilot.wait_for_animation()
        await pilot.pause()
        assert not flying.is_attached and not screen.query(FlyingCard)


async def test_an_ai_play_flies_from_its_seat_and_its_capture_to_its_pile(monkeypatch):
    cards: list[FlyingCard] = []
    _count_flights(monkeypatch, cards)
    app = stacked_app(HANDS, TABLE)
    app.ai_delay = 60
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _play_2c(pilot)
        await pilot.wait_for_animation()
        await workers_done(app)
        await pilot.pause()
        await pilot.pause()
        seat, move = screen.preview  # the AI's play is shown: its card came from its seat
        assert move.capture
        await pilot.pause()
        seat_spot = screen._seat_spot(seat)
        assert seat_spot is not None
        await pilot.wait_for_animation()
        cards.clear()
        screen._apply_ai(screen.token)  # the play goes through: the capture goes to the seat
        for _ in range(50):
            if cards:
                break
            await pilot.pause()
        flights = {f.card: f for f in cards}
        assert set(flights) == {move.card, *move.capture}
        assert all(f.target == seat_spot for f in flights.values())
        assert {flights[c].state for c in move.capture} == {"captured"}
        await pilot.wait_for_animation()
        await pilot.pause()
        assert not screen.query(FlyingCard)


async def test_the_ai_card_flies_from_the_seat_when_it_is_shown(monkeypatch):
    made = _count_flights(monkeypatch)
    app = stacked_app(HANDS, TABLE)
    app.ai_delay = 60
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _play_2c(pilot)
        for _ in range(50):
            await workers_done(app)
            await pilot.pause()
            if screen.preview is not None and len(made) == 2:
                break
        seat, move = screen.preview
        assert made == [parse_card("2c"), move.card]


async def test_nothing_flies_at_pace_0_or_with_reduce_motion(monkeypatch):
    made = _count_flights(monkeypatch)
    for delay, reduce in ((0, False), (0.8, True)):
        app = stacked_app(HANDS, TABLE)
        app.ai_delay, app.reduce_motion = delay, reduce
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await _play_2c(pilot)
            await settle(pilot)
            await pilot.pause(0.1)
            assert parse_card("2c") not in screen.pic.my_hand  # played
            assert app.game.turn == 0 or screen.preview is not None  # and the AI answered
    assert made == []
    app = stacked_app(HANDS, TABLE)  # the same play with motion on: it flies
    app.ai_delay = 0.8
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _play_2c(pilot)
        await _wait_for_flight(pilot, screen, "2c")
    assert made[:1] == [parse_card("2c")]


async def test_reduce_motion_is_chosen_in_the_palette_and_remembered(tmp_path):
    from scopa_tui.cli import build_parser
    from scopa_tui.ui.persistence import launch_options

    app = ScopaApp(GameConfig(players=2, ai=["greedy"], seed=2), start=True, ai_delay=0.8,
                   data_dir=str(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Reduce motion: off (now)" in titles and "Reduce motion: on" in titles
        await palette_command(pilot, "Reduce motion: on")
        assert app.reduce_motion is True
        assert "Reduce motion: on (now)" in [c.title for c in app.get_system_commands(app.screen)]
        await pilot.press("q", "y")
    assert Store(tmp_path).settings.reduce_motion is True
    assert launch_options(build_parser().parse_args(["--data-dir", str(tmp_path)])).reduce_motion is True


async def test_keys_pressed_while_cards_fly_are_handled(monkeypatch):
    monkeypatch.setattr(motion, "FLIGHT_MAX", 3.0)  # a slow flight: still in the air on a busy machine
    app = stacked_app(HANDS, TABLE)
    app.ai_delay = 8  # the flight takes FLIGHT_MAX
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _play_2c(pilot)
        assert await _wait_for_flight(pilot, screen, "2c")  # the card is in the air
        await pilot.press("1")  # the AI is playing: the card is chosen for the player's turn
        assert screen.selected == 0


async def test_a_game_by_keys_with_motion_on_finishes(monkeypatch):
    made = _count_flights(monkeypatch)
    app = make_app(seed=3, target=1)
    app.ai_delay = 0.04
    async with app.run_test(size=(100, 30)) as pilot:
        await play_game_by_keys(pilot)
    assert len(made) > 10  # cards flew all along


async def test_the_leftovers_fly_to_the_last_capturers_pile(monkeypatch):
    """At the end of a hand the cards left on the table fly, marked as captured, to the pile
    of the last player to capture, and the table is empty under them; not with reduce motion."""
    from scopa_tui.engine import Played

    from .helpers import play_by_keys

    from scopa_tui.ui.screens.game import GameScreen

    # what the table showed as the hand ended: read there, as a slow machine may reach the
    # loop's next check only after the cards have flown (a third of the pause)
    ended: list[tuple] = []
    cards: list[FlyingCard] = []
    hand_ended = GameScreen._hand_ended

    def seen(screen, event) -> None:
        hand_ended(screen, event)
        ended.append((screen.leftover, screen.query_one(TableView).captured, len(cards)))

    monkeypatch.setattr(GameScreen, "_hand_ended", seen)
    _count_flights(monkeypatch, cards)
    for reduce in (False, True):
        cards.clear()
        ended.clear()
        app = make_app(seed=7)
        app.reduce_motion = reduce
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            screen = game_screen(app)
            while not ended:
                if app.game.phase == "play" and screen.pic.stock == 0 and sum(screen.pic.hand_sizes) <= 2:
                    screen.ai_delay = 1.0  # the last plays at a pace: the leftovers stay in view
                if screen._my_turn():
                    await play_by_keys(pilot, app.game.legal_moves()[0])
                await pilot.pause()
            leftover, captured, before = ended[0]  # the flights before the hand's end: its captures
            left = set(leftover[0])
            seat = next(e.seat for e in reversed(app.game.events) if isinstance(e, Played) and e.capture)
            pile = screen._pile_spot(seat)
            assert left and captured == frozenset(left)  # seen on the table first
            for _ in range(100):
                if not screen.leftover or not screen.leftover[0]:
                    break
                await pilot.pause(0.02)
            flights = {f.card: f for f in cards[before:]}
            if reduce:
                assert flights == {}
                continue
            assert set(flights) == left
            assert all(f.target == pile and f.state == "captured" for f in flights.values())
            assert screen.query_one(TableView).cards == ()  # they left the table
            assert "the last cards" in str(screen.query_one("#prompt").render())
