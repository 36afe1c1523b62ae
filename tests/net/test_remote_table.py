"""RemoteTable reads the record lines a seat receives (its own hand only) into the same
events, views and scoring as the engine's own game; a newer hand's scoring replaces an
older one still on screen."""

from __future__ import annotations

import asyncio
import sys

import pytest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from helpers import settle  # noqa: E402

from scopa_tui.engine import Dealt, Game, HandEnded, Played, make_rules  # noqa: E402
from scopa_tui.net.remote import RemoteTable  # noqa: E402
from scopa_tui.ui.app import ScopaApp  # noqa: E402
from scopa_tui.ui.screens.scoring import HandOverScreen  # noqa: E402

SEATS = [{"name": "Anna", "kind": "person", "level": None, "connected": True, "away": False},
         {"name": "AI 2", "kind": "ai", "level": "easy", "connected": True, "away": False}]


def as_seen_by(seat: int, line: dict) -> dict:
    """A record line as the server sends it to ``seat``: other hands null, no seed."""
    line = dict(line)
    if line["event"] == "deal":
        line["hands"] = [h if i == seat else None for i, h in enumerate(line["hands"])]
    line.pop("seed", None)
    return line


def engine_game(hands: int, seed: int = 4, side_names=None) -> Game:
    game = Game(make_rules("standard", players=2), seed=seed, side_names=side_names)
    game.start()
    while len(game.hand_scores) < hands and not game.is_over:
        if game.phase == "hand_over":
            game.next_hand()
        game.play(game.legal_moves()[-1])
    return game


class ScriptedClient:
    def __init__(self, messages):
        self.messages = list(messages)

    def __aiter__(self):
        return self

    async def __anext__(self):
        if self.messages:
            await asyncio.sleep(0)
            return self.messages.pop(0)
        await asyncio.Event().wait()

    async def ready(self, hand):
        pass

    async def close(self):
        pass


def joined(seat: int) -> dict:
    info = {"code": "K7XQ93PA", "players": 2, "preset": "standard", "target": 11, "seats": SEATS,
            "phase": "waiting", "started": False}
    return {"code": "K7XQ93PA", "seat": seat, "token": "t", "table": info}


def server_messages(game: Game, seat: int) -> list[dict]:
    """What the server sends ``seat`` for ``game``: an empty state, then each record line."""
    messages = [{"type": "state", "table": joined(seat)["table"], "view": None, "turn": None, "deadline": None,
                 "events": [], "totals": [0, 0]}]
    return messages + [{"type": "event", "event": as_seen_by(seat, e.to_record())} for e in game.events]


def test_the_lines_a_seat_receives_give_the_engine_s_events_views_and_scores():
    for seat in (0, 1):
        table = RemoteTable(ScriptedClient([]), joined(seat))
        game = engine_game(hands=2, side_names=table.side_names)  # the reasons name the sides
        events = [table._line(as_seen_by(seat, e.to_record())) for e in game.events]
        for mine, theirs in zip(events, game.events):
            assert type(mine) is type(theirs)
            if isinstance(theirs, Played):
                assert (mine.card, mine.capture, mine.scopa, mine.last, mine.table) == \
                    (theirs.card, theirs.capture, theirs.scopa, theirs.last, theirs.table)
            if isinstance(theirs, Dealt):
                assert mine.hands[seat] == theirs.hands[seat] and mine.stock == theirs.stock
                assert all(h == (None,) * 3 for i, h in enumerate(mine.hands) if i != seat)
            if isinstance(theirs, HandEnded):
                assert mine.score == theirs.score  # every point, and why, as the engine scores it
        assert table.totals == game.totals and table.phase == game.phase


def test_the_view_mid_hand_is_the_engine_s_view():
    game = Game(make_rules("standard", players=2), seed=9)
    game.start()
    for _ in range(7):
        game.play(game.legal_moves()[0])
    for seat in (0, 1):
        table = RemoteTable(ScriptedClient([]), joined(seat))
        for e in game.events:
            table._line(as_seen_by(seat, e.to_record()))
        assert table.view() == game.view(seat)  # hand, table, piles, history, legal moves ...
        assert table.turn == game.turn


async def test_a_newer_hand_s_scoring_replaces_the_older_one_on_screen():
    seat = 0
    messages = server_messages(engine_game(hands=2), seat)
    app = ScopaApp(ai_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        app.show_table(RemoteTable(ScriptedClient(messages), joined(seat)))
        for _ in range(40):
            await settle(pilot, 1)
            if any(isinstance(s, HandOverScreen) and s.score.hand == 2 for s in app.screen_stack):
                break
        scoring = [s for s in app.screen_stack if isinstance(s, HandOverScreen)]
        assert [s.score.hand for s in scoring] == [2]  # hand 1's went when hand 2's came


def variant_joined(seat: int, rules) -> dict:
    seats = [dict(SEATS[0], name=f"P{i}") for i in range(rules.players)]
    info = {"code": "K7XQ93PA", "players": rules.players, "preset": "standard", "target": rules.target,
            "variant": rules.variant, "options": list(rules.options), "seats": seats, "phase": "waiting",
            "started": False}
    return {"code": "K7XQ93PA", "seat": seat, "token": "t", "table": info}


def test_escoba_and_scopone_lines_give_the_engine_s_views_legal_moves_and_scores():
    # Escoba: any set adding up to 15 with the card, laying always allowed, the dealer's
    # escobas of a deal (seed 12 deals the table 15 at once); Scopone: 10 cards, no table.
    cases = [("escoba", 2, 12, ()), ("scopone-scientifico", 4, 3, ("napola",)), ("scopa-d-assi", 3, 2, ())]
    for variant, players, seed, options in cases:
        rules = make_rules("standard", players=players, variant=variant, options=options)
        tables = [RemoteTable(ScriptedClient([]), variant_joined(seat, rules)) for seat in range(players)]
        assert tables[0].rules.variant == variant  # from the table info, before the game_start line
        game = Game(rules, seed=seed, side_names=tables[0].side_names)  # the reasons name the sides
        game.start()
        seen_deal_escoba = False
        done = 0
        while not game.is_over and len(game.hand_scores) < 3:
            if game.phase == "hand_over":
                game.next_hand()
            for e in game.events[done:]:
                seen_deal_escoba |= bool(getattr(e, "escobas", 0))
                for seat, table in enumerate(tables):
                    mine = table._line(as_seen_by(seat, e.to_record()))
                    if isinstance(e, HandEnded):
                        assert mine.score == e.score if seat == 0 else mine.score.sides == e.score.sides, variant
                    if isinstance(e, Dealt):
                        assert (mine.first, mine.stock, mine.escobas) == (e.first, e.stock, e.escobas), variant
            done = len(game.events)
            if game.phase == "play":
                for seat, table in enumerate(tables):
                    assert table.view() == game.view(seat), variant
                    assert table.turn == game.turn
                mover = tables[game.turn]
                for move in game.legal_moves():
                    assert mover.explain(move.card, move.capture) is None
                    assert tuple(move.capture) in mover.captures_for(move.card)
                moves = game.legal_moves()
                game.play(moves[len(game.history) % len(moves)])  # captures and lays
        if variant == "escoba":
            assert seen_deal_escoba


async def test_a_choice_past_the_hand_drawn_is_no_crash_when_the_table_runs_ahead():
    # The table on a server is ahead of the screen (its turn already the player's next one)
    # while the screen still draws a hand that has just lost its last card.
    seat = 0
    messages = server_messages(engine_game(hands=0), seat)
    app = ScopaApp(ai_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        table = RemoteTable(ScriptedClient(messages), joined(seat))
        app.show_table(table)
        await settle(pilot, 5)
        screen = app.screen
        screen.pic.my_hand = ()  # as drawn: the last card played
        screen.selected = 0  # "1" pressed meanwhile
        table.phase, table._turn = "play", seat  # the table: the next round, the player's turn
        screen._refresh_widgets()
        screen.action_play()
        await settle(pilot)
        assert app.screen is screen and "Choose a card first" in str(screen.message)


def _after_the_deal(messages: list[dict], bad: dict) -> list[dict]:
    """The messages of a game with ``bad`` slipped in after the first deal."""
    return messages[:3] + [bad] + messages[3:]


def _bad_messages(messages: list[dict]) -> dict[str, dict]:
    deal = messages[2]["event"]
    mine, table = deal["hands"][0], deal["table"]
    unseen = [f"{rank}{suit}" for suit in "dcsb" for rank in range(1, 11) if f"{rank}{suit}" not in mine + table]
    # a card the other seat may hold that takes a table card of its rank, the others staying
    taken, taker = next((t, u) for t in table for u in unseen if u[:-1] == t[:-1])

    def play(seat, card, capture=(), scopa=False):
        return {"type": "event", "event": {"event": "play", "hand": 1, "seat": seat, "card": card,
                                           "capture": list(capture), "scopa": scopa}}

    # Lines of the right form that do not fit the game so far: a server of another make drew
    # a hand of 13 cards and a stock of -120 with them, and this seat's plays were refused.
    return {
        "the first deal again": {"type": "event", "event": dict(deal)},
        "a deal of 13 cards": {"type": "event", "event": {**deal, "hand": 2, "hands": [mine + unseen[:10], None]}},
        "a deal of a table card": {"type": "event", "event": {**deal, "hand": 2, "hands": [[table[0]] + mine[1:], None]}},
        "a play of a card this seat does not hold": play(0, unseen[0]),
        "a play of a table card": play(1, table[0]),
        "a capture of a card this seat holds": play(1, unseen[0], [mine[0]]),
        "a scopa that leaves cards on the table": play(1, taker, [taken], True),
        "a state whose deal deals a card twice": {**messages[0], "events": [
            messages[1]["event"], {**deal, "hands": [[table[0]] + mine[1:], None]}]},
        "a turn of seat 99": {"type": "turn", "seat": 99, "deadline": 5, "view": None},
        "a deadline that is a word": {"type": "turn", "seat": 1, "deadline": "soon", "view": None},
        "a table of no seats": {"type": "table", "table": {**messages[0]["table"], "seats": []}},
        "a table that is a number": {"type": "table", "table": 5},
        "a state of garbage": {"type": "state", "table": {}, "events": 7, "totals": "x", "turn": 9},
        "a state whose turn is seat 99": {**messages[0], "turn": 99, "events": [m["event"] for m in messages[1:3]]},
        "an event that is a number": {"type": "event", "event": 5},
        "a deal by seat 9": {"type": "event", "event": {**deal, "hand": 2, "dealer": 9}},
        "a deal without this seat's hand": {"type": "event", "event": {**deal, "hand": 2, "hands": [None, None]}},
        "a play by seat 9": {"type": "event", "event": {"event": "play", "hand": 1, "seat": 9, "card": "1d",
                                                        "capture": [], "scopa": False}},
        "a play of no card": {"type": "event", "event": {"event": "play", "hand": 1, "seat": 1, "card": "99z",
                                                         "capture": [], "scopa": False}},
        "a game of 4 at a table of 2": {"type": "event", "event": {**messages[1]["event"], "rules": {
            **messages[1]["event"]["rules"], "players": 4, "sides": [[0, 2], [1, 3]]}}},
        "a game_end of garbage": {"type": "event", "event": {"event": "game_end", "totals": None, "winner": 9}},
        # Of the right form, mid-hand: the app showed a win and filed the game in the history.
        "a game's end mid-hand": {"type": "event", "event": {"event": "game_end", "totals": [11, 0], "winner": 0}},
        "a hand's end mid-hand": next(m for m in messages if m["type"] == "event"
                                      and m["event"]["event"] == "hand_end"),
    }


async def test_a_server_message_that_does_not_add_up_is_left_out_in_one_line_and_the_game_goes_on():
    # A broken server (or one that is not scopa-tui's) crashed the app (a seat the table has
    # not, drawn), or stopped the table's reading as if the connection had failed.
    from scopa_tui.table.notices import TableError

    game = engine_game(hands=1)
    good = server_messages(game, 0)
    for what, bad in _bad_messages(good).items():
        app = ScopaApp(ai_delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            table = RemoteTable(ScriptedClient(_after_the_deal(good, bad)), joined(0))
            said = []
            emit = table._emit
            table._emit = lambda notice: (said.append(notice.text) if isinstance(notice, TableError) else None,
                                          emit(notice))
            app.show_table(table)
            for _ in range(20):
                await settle(pilot, 1)
                if table.phase == "hand_over":
                    break
            assert app.is_running and app.return_code is None, what
            assert table.phase == "hand_over" and not table._pump.done(), what  # the rest was read
            lines = [t for t in said if "cannot use" in t]
            assert len(lines) == 1 and "\n" not in lines[0] and len(lines[0]) < 200, (what, said)
            assert table.totals == list(game.totals), what  # scored as the engine did


async def test_a_seat_is_not_told_that_it_came_back_but_is_told_that_it_went_away():
    # A player coming back read "Anna is back." about herself.
    from scopa_tui.table.notices import SeatChanged

    table = RemoteTable(ScriptedClient([]), joined(0))
    said = []
    table._emit = said.append
    for seat, status in ((0, "returned"), (0, "joined"), (0, "away"), (1, "returned"), (1, "joined")):
        table.take({"type": "seat", "seat": seat, "name": SEATS[seat]["name"], "status": status})
    assert [(n.seat, n.status) for n in said if isinstance(n, SeatChanged)] == [
        (0, "away"), (1, "returned"), (1, "joined")]


async def test_a_seat_given_up_before_the_start_is_told_as_gone_and_a_lost_one_as_lost():
    # A creator who left the waiting table read "Carla lost the connection" on the others'
    # screens, as for a dropped connection: the server says "left" for both before the start.
    from scopa_tui.table.notices import SeatChanged

    table = RemoteTable(ScriptedClient([]), joined(1))
    said = []
    table._emit = said.append
    info = joined(1)["table"]
    for status_seat0, name in (("person", "Anna"), ("open", None)):
        seats = [{**SEATS[0], "kind": status_seat0, "name": name, "connected": False}, SEATS[1]]
        table.take({"type": "seat", "seat": 0, "name": "Anna", "status": "left"})
        table.take({"type": "table", "table": {**info, "seats": seats}})
    assert [(n.seat, n.name, n.status) for n in said if isinstance(n, SeatChanged)] == [
        (0, "Anna", "left"), (0, "Anna", "gone")]


def test_an_answer_that_is_no_seat_at_a_table_is_one_line_not_a_table():
    # a code no server makes: the app keeps it in settings.json (1.5 MB went past the file's limit)
    for broken in ({**joined(0), "seat": 2}, {**joined(0), "table": None}, {**joined(0), "code": 5},
                   {**joined(0), "code": "K" * 1_500_000}, {**joined(0), "code": "K7XQ 93P"},
                   {**joined(0), "table": {**joined(0)["table"], "players": 3}}):
        with pytest.raises(ValueError) as caught:
            RemoteTable(ScriptedClient([]), broken)
        assert "\n" not in str(caught.value)


async def test_ready_is_said_again_on_a_new_connection_between_hands():
    # The server forgets who was ready when a connection drops; the app had said it and did
    # not say it again, so the next hand waited for the time limit.
    game = engine_game(hands=1)
    said = []

    class Client(ScriptedClient):
        async def ready(self, hand):
            said.append(hand)

    table = RemoteTable(Client([]), joined(0))
    for line in server_messages(game, 0):
        table.take(line)
    assert table.phase == "hand_over"
    table.ready_next_hand()
    await asyncio.sleep(0)
    assert said == [1]
    info = {**joined(0)["table"], "phase": "hand_over", "started": True, "hand": 1}
    table.take({"type": "state", "table": info, "view": None, "turn": None, "deadline": 30,
                "events": [as_seen_by(0, e.to_record()) for e in game.events], "totals": list(game.totals)})
    await asyncio.sleep(0)
    assert said == [1, 1] and table.phase == "hand_over"
    table.ready_next_hand()  # Enter on the scoring shown again: said once is enough
    await asyncio.sleep(0)
    assert said == [1, 1]


async def test_a_play_a_chat_line_or_a_start_the_connection_could_not_send_is_said():
    # While the client reconnected, a play, a chat line or Enter to start went nowhere
    # without a word: the card stayed in the hand, the typed line was gone.
    from scopa_tui.engine import Move
    from scopa_tui.net.client import NetClient
    from scopa_tui.table.notices import TableError

    game = engine_game(hands=0)
    table = RemoteTable(NetClient("ws://127.0.0.1:9/", "Anna"), joined(0))  # not connected
    for line in server_messages(game, 0):
        table.take(line)
    said = []
    table._emit = said.append
    card = table.view().hand[0]  # legal or not: the screen checks, this table only sends
    table.play(Move(card))
    table.chat("ciao a tutti")
    table.start()
    for _ in range(5):
        await asyncio.sleep(0)
    lines = [n.text for n in said if isinstance(n, TableError)]
    assert len(lines) == 3 and all(line.startswith("not connected to the server") for line in lines)
    assert "play" in lines[0] and lines[1].endswith(": ciao a tutti") and "start" in lines[2]
    assert card in table.view().hand  # nothing was played

    # The seat taken up from another window: this one never connects again, and says why
    # rather than "once connected".
    table.take({"type": "error", "code": "replaced", "message": "the seat was resumed from another connection"})
    said.clear()
    table.play(Move(card))
    table.chat("ciao")
    for _ in range(5):
        await asyncio.sleep(0)
    lines = [n.text for n in said if isinstance(n, TableError)]
    assert lines == ["your seat is played from another window or computer now: this one let it go"] * 2

    class Connected(ScriptedClient):
        async def play(self, card, capture=()):
            return True

    table = RemoteTable(Connected([]), joined(0))
    for line in server_messages(game, 0):
        table.take(line)
    said.clear()
    table._emit = said.append
    table.play(Move(card))
    for _ in range(5):
        await asyncio.sleep(0)
    assert not [n for n in said if isinstance(n, TableError)]


async def test_after_ready_the_line_names_who_the_next_hand_waits_for():
    # Enter on a hand's scoring took the player back to the table with the hand's last line
    # under it and "Hand over" on the top bar: nothing said the next hand waited for Bruno.
    from scopa_tui.ui.screens.game import GameScreen

    game = engine_game(hands=1)
    bruno = {"name": "Bruno", "kind": "person", "level": None, "connected": True, "away": False}
    seated = joined(0)
    seated["table"] = {**seated["table"], "seats": [SEATS[0], bruno]}
    messages = server_messages(game, 0)
    messages[0]["table"] = seated["table"]
    said = []

    class Client(ScriptedClient):
        async def ready(self, hand):
            said.append(hand)

    app = ScopaApp(ai_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        table = RemoteTable(Client(messages), seated)
        app.show_table(table)
        for _ in range(40):
            await settle(pilot, 1)
            if isinstance(app.screen, HandOverScreen):
                break
        await pilot.press("enter")  # ready
        await settle(pilot)
        assert said == [1] and isinstance(app.screen, GameScreen)
        info = {**seated["table"], "phase": "hand_over", "started": True, "hand": 1}
        table.take({"type": "table", "table": {**info, "ready": [0]}})
        await settle(pilot)
        line = str(app.screen.message)
        assert "Waiting for Bruno" in line and "next hand" in line
        assert table.waiting_for() == ["Bruno"]
        away = {**info, "ready": [0], "seats": [SEATS[0], {**bruno, "away": True}]}
        table.take({"type": "table", "table": away})  # played by the AI: not waited for
        assert table.waiting_for() == []


async def test_a_player_back_from_away_is_told_the_ai_played_for_them():
    # A client stalled (or cut off) past the turn limit came back to a game the AI had played
    # for it, a hand's scoring gone by, without a word.
    from scopa_tui.table.notices import SeatChanged

    table = RemoteTable(ScriptedClient([]), joined(0))
    said = []
    table._emit = said.append
    info = joined(0)["table"]
    table.take({"type": "table", "table": {**info, "seats": [dict(SEATS[0], away=True), SEATS[1]]}})
    table.take({"type": "seat", "seat": 0, "name": "Anna", "status": "returned"})
    assert [(n.seat, n.status) for n in said if isinstance(n, SeatChanged)] == [(0, "taken_back")]
    said.clear()
    table.take({"type": "table", "table": info})  # not away: a connection back is no news
    table.take({"type": "seat", "seat": 0, "name": "Anna", "status": "returned"})
    assert not [n for n in said if isinstance(n, SeatChanged)]


async def test_the_turn_timer_stops_once_the_connection_is_gone_for_good():
    # A window whose seat was taken up elsewhere went on counting "Your turn · 48 s" to 0.
    game = engine_game(hands=0)
    table = RemoteTable(ScriptedClient([]), joined(0))
    for line in server_messages(game, 0):
        table.take(line)
    table.take({"type": "turn", "seat": 0, "deadline": 50.0, "view": None})
    assert 0 < table.seconds_left() <= 50
    table.take({"type": "connection", "status": "lost", "message": "lost"})
    assert table.seconds_left() is not None  # reconnecting: the server's clock still runs
    table.take({"type": "connection", "status": "failed", "message": "gone"})
    assert table.seconds_left() is None


async def test_a_play_the_ai_made_for_a_person_away_is_an_away_play_live_and_in_the_state():
    from scopa_tui.table.base import AwayPlay

    game = engine_game(hands=1)
    lines = [as_seen_by(0, e.to_record()) for e in game.events]
    away = next(i for i, line in enumerate(lines) if line["event"] == "play" and line["seat"] == 0)
    lines[away] = {**lines[away], "away": True}
    live = RemoteTable(ScriptedClient([]), joined(0))
    events = [live._line(line) for line in lines]
    assert [i for i, e in enumerate(events) if isinstance(e, AwayPlay)] == [away]
    assert isinstance(events[away], Played) and events[away].card == game.events[away].card  # drawn as any play
    info = {**joined(0)["table"], "phase": "hand_over", "started": True, "hand": 1}
    resumed = RemoteTable(ScriptedClient([]), joined(0))
    resumed.take({"type": "state", "table": info, "view": None, "turn": None, "deadline": 30, "events": lines,
                  "totals": list(game.totals)})
    assert [i for i, e in enumerate(resumed.events) if isinstance(e, AwayPlay)] == [away]


async def test_a_new_game_at_the_table_is_news_and_what_was_said_for_the_last_is_forgotten():
    from scopa_tui.table.notices import NewGame, SeatChanged

    game = engine_game(hands=20, seed=5)  # to its end (a game to 11)
    assert game.is_over
    said: list = []
    sent: list = []

    class Client(ScriptedClient):
        async def rematch(self, number):
            sent.append(number)
            return True

    table = RemoteTable(Client([]), joined(0))
    for line in server_messages(game, 0):
        table.take(line)
    table._emit = said.append
    over = {**joined(0)["table"], "phase": "game_over", "started": True, "hand": game.hand_no, "game": 1}
    table.take({"type": "table", "table": {**over, "rematch": [1]}})  # the other seat asks
    assert [(n.seat, n.status) for n in said if isinstance(n, SeatChanged)] == [(1, "rematch")]
    assert table.rematch_asked() == ["AI 2"] and not table.asked_rematch()
    table.rematch()
    table.rematch()  # twice: sent once
    await asyncio.sleep(0)
    assert sent == [1] and table.asked_rematch()
    table.filed, table._ready_sent = True, 9
    table.take({"type": "seat", "seat": 1, "name": "AI 2", "status": "left"})
    assert said[-1] == SeatChanged(1, "AI 2", "gone")  # after the end, a seat left is gone for good
    said.clear()
    table.take({"type": "table", "table": {**over, "game": 2, "phase": "waiting", "started": False}})
    assert said[0] == NewGame(2, True) and table.phase == "waiting" and table.game_number == 2
    assert not table.filed and table._ready_sent == 0 and not table.asked_rematch()


async def test_a_server_that_counts_no_games_is_one_game_for_ever():
    # An older server sends neither "game" nor "rematch": nothing is news, nothing breaks.
    from scopa_tui.table.notices import NewGame

    table = RemoteTable(ScriptedClient([]), joined(0))
    said: list = []
    table._emit = said.append
    for info in ({**joined(0)["table"], "phase": "play"}, {**joined(0)["table"], "game": "x", "rematch": 5}):
        table.take({"type": "table", "table": info})
    assert table.game_number == 1 and table.rematch_asked() == [] and not any(isinstance(n, NewGame) for n in said)


async def test_the_record_filed_leaves_out_the_away_marks():
    game = engine_game(hands=20, seed=5)
    table = RemoteTable(ScriptedClient([]), joined(0))
    for line in server_messages(game, 0):
        if line["type"] == "event" and line["event"]["event"] == "play":
            line = {**line, "event": {**line["event"], "away": True}}
        table.take(line)
    text = table.record_text()
    assert text is not None and '"away"' not in text


async def test_a_servers_names_are_shown_at_most_as_long_as_a_name_at_a_table():
    # The server refuses names over 24 characters; a server of another make need not, and
    # a name of thousands filled the seats, the score and the log.
    info = joined(1)
    info["table"]["seats"] = [dict(SEATS[0], name="E" * 3000), SEATS[1]]
    table = RemoteTable(ScriptedClient([]), info)
    assert [s.name for s in table.seats] == ["E" * 23 + "…", "AI 2"]
    said = []
    table._emit = said.append
    table.take({"type": "chat", "seat": 0, "name": "E" * 3000, "text": "x" * 1_000_000})  # one line in the log
    table.take({"type": "seat", "seat": 0, "name": "E" * 3000, "status": "away"})
    assert [len(n.name) for n in said] == [24, 24] and len(said[0].text) == 200


async def test_a_flood_of_chat_from_a_server_is_cut_to_what_a_table_of_six_may_say(monkeypatch):
    # A server of another make sent 200,000 chat lines at full speed: the log redrew for each,
    # the screen at 100% of a core and keys answered seconds late.
    from scopa_tui.net import remote
    from scopa_tui.table.notices import ChatLine, TableError

    clock = [1000.0]
    monkeypatch.setattr(remote.time, "monotonic", lambda: clock[0])
    table = RemoteTable(ScriptedClient([]), joined(1))
    said = []
    table._emit = said.append
    for i in range(5000):
        table.take({"type": "chat", "seat": 0, "name": "Eve", "text": f"line {i}"})
    chats = [e for e in said if isinstance(e, ChatLine)]
    errors = [e for e in said if isinstance(e, TableError)]
    assert len(chats) == remote.CHAT_FLOOD_BURST and chats[0].text == "line 0"
    assert len(errors) == 1 and "too fast" in errors[0].text  # said once, not per line left out
    clock[0] += 2.0  # two seconds later the table may talk again, at its pace
    said.clear()
    for i in range(100):
        table.take({"type": "chat", "seat": 0, "name": "Eve", "text": f"later {i}"})
    assert len([e for e in said if isinstance(e, ChatLine)]) == int(2.0 * remote.CHAT_FLOOD_RATE)
    assert len([e for e in said if isinstance(e, TableError)]) == 1  # a new flood, said again


async def test_a_seat_back_at_a_table_whose_game_is_over_sees_the_last_hand_s_piles_and_one_result():
    """A new window at the table after its last hand (the lobby gives the seat back): the
    piles of the hand scored, as the engine has them, and the game-over screen once, though
    the screen is drawn from the state both when it opens and when the state is news."""
    from scopa_tui.ui.screens.game import GameScreen
    from scopa_tui.ui.screens.scoring import GameOverScreen

    game = engine_game(hands=20, seed=5)
    assert game.is_over
    seat = 0
    over = {**joined(seat)["table"], "phase": "game_over", "started": True, "hand": game.hand_no, "game": 1}
    state = {"type": "state", "table": over, "view": None, "turn": None, "deadline": None,
             "events": [as_seen_by(seat, e.to_record()) for e in game.events], "totals": list(game.totals)}

    class Client(ScriptedClient):
        url = "ws://127.0.0.1:1"

    app = ScopaApp(ai_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        app.show_table(RemoteTable(Client([state]), joined(seat)))
        for _ in range(20):
            await settle(pilot, 1)
            if isinstance(app.screen, GameOverScreen):
                break
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        piles = [len(p) for p in game.view(seat).captured]
        assert sum(piles) == 40 and screen.pic.pile == piles
        coins = [sum(1 for c in p if c.suit == "d") for p in game.view(seat).captured]
        assert screen.pic.coins == coins
        assert [type(s) for s in app.screen_stack].count(GameOverScreen) == 1


async def _at_my_turn(pilot):
    """The game screen of an online table, once it is the player's turn and the play is offered."""
    from textual.widgets._footer import FooterKey

    from scopa_tui.ui.screens.game import GameScreen

    screen = None
    for _ in range(40):
        await settle(pilot, 1)
        screen = next((s for s in pilot.app.screen_stack if isinstance(s, GameScreen)), None)
        if screen is not None and screen._my_turn():
            break
    assert screen._my_turn() and "play" in {k.action for k in screen.query(FooterKey)}
    return screen


async def test_a_window_whose_seat_another_window_took_offers_no_play_and_says_why():
    """After ``replaced`` (the seat taken up from another window) this window's game is over:
    the line under the table says so for good, no play key is offered, and the top bar no
    longer says "Your turn" with a clock running down."""
    from textual.widgets._footer import FooterKey

    seat = 0
    game = engine_game(hands=0)
    while game.turn != seat:
        game.play(game.legal_moves()[0])
    messages = server_messages(game, seat)
    gone = {"type": "error", "code": "replaced", "message": "the seat was resumed from another connection"}

    class Client(ScriptedClient):
        url = "ws://127.0.0.1:1"

        async def __anext__(self):
            if self.messages == [gone] and not release.is_set():
                await release.wait()
            if not self.messages:
                raise StopAsyncIteration  # the server closed the connection: this one is let go
            return await super().__anext__()

    release = asyncio.Event()
    app = ScopaApp(ai_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        app.show_table(RemoteTable(Client(messages + [gone]), joined(seat)))
        screen = await _at_my_turn(pilot)
        await pilot.press("1")
        release.set()
        for _ in range(20):
            await settle(pilot, 1)
        line = "your seat is played from another window or computer now: this one let it go"
        assert str(screen.message) == line and not screen._my_turn() and screen.selected is None
        assert not {k.action for k in screen.query(FooterKey)} & {"play", "select_step(-1)", "cycle", "hint"}
        await pilot.press("2")  # a card key: nothing to choose any more, the line stays
        await settle(pilot, 1)
        assert str(screen.message) == line
        top = str(screen.query_one("#topbar").content)
        assert "Your turn" not in top and "disconnected" in top


async def test_a_window_whose_seat_is_gone_for_good_offers_no_play_and_says_why():
    """The server restarted without the table (or the client gave up coming back): the line
    under the table said "the seat is gone: there is no table with this code" while the top
    bar said "Your turn · disconnected" and the footer offered the play, which could never go."""
    from textual.widgets._footer import FooterKey

    seat = 0
    game = engine_game(hands=0)
    while game.turn != seat:
        game.play(game.legal_moves()[0])
    line = "the seat is gone: there is no table with this code"
    gone = [{"type": "connection", "status": "lost", "message": "connection to ws://127.0.0.1:1 lost; reconnecting"},
            {"type": "connection", "status": "failed", "message": line}]

    class Client(ScriptedClient):
        async def __anext__(self):
            if self.messages == gone and not release.is_set():
                await release.wait()
            if not self.messages:
                raise StopAsyncIteration  # NetClient's end after it gave up
            return await super().__anext__()

    release = asyncio.Event()
    app = ScopaApp(ai_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        app.show_table(RemoteTable(Client(server_messages(game, seat) + gone), joined(seat)))
        screen = await _at_my_turn(pilot)
        release.set()
        for _ in range(40):
            await settle(pilot, 1)
            if str(screen.message) == line:
                break
        assert str(screen.message) == line and not screen._my_turn()
        assert not {k.action for k in screen.query(FooterKey)} & {"play", "select_step(-1)", "cycle", "hint"}
        top = str(screen.query_one("#topbar").content)
        assert "Your turn" not in top and top.rstrip().endswith("disconnected"), top


async def test_names_from_a_server_are_shown_as_plain_text_not_markup():
    # docs/online-protocol.md, Plain text: a server of another make may send "[" and "]". A
    # partner's "[/]P2[b]" in the hand's border, and the winners' in the game-over banner,
    # were read as markup and stopped the app ("auto closing tag ('[/]') has nothing to close").
    from textual.content import Content

    from scopa_tui.ui.screens.scoring import GameOverScreen

    rules = make_rules("standard", players=4, target=1)
    joined4 = variant_joined(0, rules)
    for i, seat in enumerate(joined4["table"]["seats"]):
        seat["name"] = f"[/]P{i}[b]"
    game = Game(rules, seed=4)
    game.start()
    while not game.is_over:
        if game.phase == "hand_over":
            game.next_hand()
        else:
            game.play(game.legal_moves()[-1])
    messages = [{"type": "state", "table": joined4["table"], "view": None, "turn": None, "deadline": None,
                 "events": [], "totals": [0, 0]}]
    messages += [{"type": "event", "event": as_seen_by(0, e.to_record())} for e in game.events]
    class Client(ScriptedClient):
        url = "ws://127.0.0.1:1"

    app = ScopaApp(ai_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        app.show_table(RemoteTable(Client(messages), joined4))
        for _ in range(40):
            await settle(pilot, 1)
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.press("enter")
        assert app.is_running and app.return_code is None
        assert isinstance(app.screen, GameOverScreen)
        assert "[/]P" in str(app.screen.query_one("#banner").render())
        hand = app.screen_stack[1].query_one("HandView")
        assert "You & [/]P2[b]" in Content.from_markup(hand.border_title).plain  # read back as plain text


async def test_a_game_s_end_is_taken_only_on_the_totals_of_the_hand_that_decided_it():
    from scopa_tui.table.notices import TableError

    game = engine_game(hands=99)  # to the end
    lines = [as_seen_by(0, e.to_record()) for e in game.events]
    end = lines[-1]
    assert end["event"] == "game_end" and lines[-2]["event"] == "hand_end"
    totals = end["totals"]
    loser = 1 - end["winner"]
    forged = {"other totals": {**end, "totals": [totals[0] + 1, totals[1]]},
              "the loser named": {**end, "winner": loser},
              "a tie at the top": {**end, "totals": [max(totals)] * 2}}
    for what, bad in [*forged.items(), ("the real end", end)]:
        table = RemoteTable(ScriptedClient([]), joined(0))
        said = []
        table._emit = said.append
        for line in lines[:-1]:
            table.take({"type": "event", "event": line})
        assert table.phase == "hand_over" and not [n for n in said if isinstance(n, TableError)], what
        table.take({"type": "event", "event": bad})
        refused = [n for n in said if isinstance(n, TableError)]
        if bad is end:
            assert not refused and table.phase == "game_over" and table.record_text() is not None
        else:
            assert len(refused) == 1 and table.phase == "hand_over", what
            assert table.record_text() is None and table.winner is None, what  # nothing to file


async def test_a_line_left_out_asks_the_server_for_the_state_once_and_not_again_of_one_that_cannot_answer():
    # A server of an older make answers the question with an error: nothing more is said of
    # it (the line left out was said), and it is not asked again at every line.
    from scopa_tui.table.notices import TableError

    game = engine_game(hands=1)
    good = server_messages(game, 0)
    garbled = {"type": "event", "event": {**good[3]["event"], "card": "the seven of coins"}}

    class OldServer(ScriptedClient):
        asked = 0

        async def sync(self):
            OldServer.asked += 1
            self.messages.insert(0, {"type": "error", "code": "bad_message", "ref": "state",
                                     "message": "unknown message type 'state'"})
            return True

    app = ScopaApp(ai_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        table = RemoteTable(OldServer(good[:3] + [garbled, dict(garbled)] + good[4:]), joined(0))
        said = []
        table.subscribe(lambda notice: said.append(notice.text) if isinstance(notice, TableError) else None)
        app.show_table(table)
        for _ in range(20):
            await settle(pilot, 1)
            if not table.client.messages:
                break
        assert OldServer.asked == 1
        assert said and all("cannot use" in line for line in said), said


async def test_a_hand_dealt_by_the_ai_in_a_seat_nobody_took_is_headed_with_its_name():
    # Started with the AI in the free seat, which dealt: the log read "— Hand 1: open seat
    # deals —", the table info that seats the AI coming after the first deal.
    from scopa_tui.ui.screens.game import GameScreen

    waiting = {"code": "K7XQ93PA", "players": 2, "preset": "standard", "target": 11, "phase": "waiting",
               "started": False, "creator": 0, "seats": [SEATS[0], {"name": None, "kind": "open", "level": None,
                                                                   "connected": False, "away": False}]}
    started = {**waiting, "phase": "play", "started": True, "seats": SEATS}
    messages = [
        {"type": "state", "table": waiting, "view": None, "turn": None, "deadline": None, "events": [],
         "totals": [0, 0]},
        {"type": "event", "event": {"event": "game_start", "format": "scopa-record/1",
                                    "rules": make_rules("standard", players=2).to_dict()}},
        {"type": "event", "event": {"event": "deal", "hand": 1, "dealer": 1, "table": ["1d", "5s", "9c", "10b"],
                                    "hands": [["7d", "4c", "6s"], None]}},
        {"type": "table", "table": started},
        {"type": "turn", "seat": 0, "deadline": 60.0, "view": None},
    ]

    class Client(ScriptedClient):
        async def __anext__(self):
            if self.messages and self.messages[0]["type"] == "table":
                await release.wait()  # the first deal drawn before the table info comes
            return await super().__anext__()

    release = asyncio.Event()
    app = ScopaApp(ai_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        app.show_table(RemoteTable(Client(messages), {**joined(0), "table": waiting}))
        for _ in range(40):
            await settle(pilot, 1)
            screen = next((s for s in app.screen_stack if isinstance(s, GameScreen)), None)
            if screen is not None and any(text.startswith("— Hand 1") for text, _k, _a in screen.log_entries):
                break
        release.set()
        for _ in range(40):
            await settle(pilot, 1)
            if screen._my_turn():
                break
        said = [text for text, _kind, _again in screen.log_entries]
        assert "— Hand 1: AI 2 deals —" in said and not any("open seat" in text for text in said), said
        assert "AI 2 takes the free seat: the AI plays it" in said  # the news of the seat, still told


@pytest.mark.parametrize("lang, you, shown", [("en", "You", "You (seat 2)"), ("it", "tu", "tu (posto 2)")])
async def test_a_player_whose_name_reads_as_you_is_told_apart_by_the_seat(lang, you, shown):
    # A player called "You" (or "Tu" to an Italian): the log read "You played 7d" and "You:
    # hello" of that player, as of this one; and a person called "IA 3" beside the AI seat
    # the Italian screen names so.
    from scopa_tui import languages
    from scopa_tui.table.notices import ChatLine, SeatChanged

    person = {"kind": "person", "level": None, "connected": True, "away": False}
    seats = [{**person, "name": "Anna"}, {**person, "name": you}, {**person, "name": "IA 4"},
             {"name": "AI 4", "kind": "ai", "level": "easy", "connected": True, "away": False}]
    info = {"code": "K7XQ93PA", "players": 4, "preset": "standard", "target": 11, "seats": seats,
            "phase": "waiting", "started": False}
    languages.use(lang)
    try:
        table = RemoteTable(ScriptedClient([]), {"code": "K7XQ93PA", "seat": 0, "token": "t", "table": info})
        assert table.names[1] == shown
        assert table.names[2] == ("IA 4 (posto 3)" if lang == "it" else "IA 4")  # the AI seat is "IA 4" in Italian
        said = []
        table._emit = said.append
        table.take({"type": "seat", "seat": 1, "name": you, "status": "returned"})
        table.take({"type": "chat", "seat": 1, "name": you, "text": "hello"})
        table.take({"type": "chat", "seat": 0, "name": "Anna", "text": "hi"})
        assert [n.name for n in said if isinstance(n, SeatChanged)] == [shown]
        assert [(n.seat, n.name) for n in said if isinstance(n, ChatLine)] == [(1, shown), (0, "Anna")]
    finally:
        languages.use("en")
