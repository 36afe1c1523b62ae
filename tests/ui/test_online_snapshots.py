"""Snapshots of the online screens at 80x24: the lobby, and a game at a table on a server
(names, the turn timer, the connection, a seat that dropped, a chat line), fed by scripted
server messages (no network)."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets._toast import Toast, ToastRack

from scopa_tui.engine import make_rules
from scopa_tui.net.remote import RemoteTable
from scopa_tui.ui.app import ScopaApp
from scopa_tui.ui.card_render import DeckStyle
from scopa_tui.ui.screens.lobby import LobbyScreen
from scopa_tui.ui.widgets.play_button import PlayButton

SIZE = (80, 24)
SEATS = [{"name": "Anna", "kind": "person", "level": None, "connected": True, "away": False},
         {"name": "Bruno", "kind": "person", "level": None, "connected": False, "away": False},
         {"name": "AI 3", "kind": "ai", "level": "medium", "connected": True, "away": False}]
INFO = {"code": "K7XQ93PA", "title": "Anna's table", "players": 3, "preset": "standard", "target": 11,
        "turn_limit": 60.0, "public": True, "creator": 0, "seats": SEATS, "phase": "play", "started": True}
EVENTS = [  # Bruno deals, I (seat 2) lay 4c, Anna is to play; the deal line holds only my hand
    {"event": "game_start", "format": "scopa-record/1", "rules": make_rules("standard", players=3).to_dict()},
    {"event": "deal", "hand": 1, "dealer": 1, "table": ["1d", "5s", "9c", "10b"],
     "hands": [None, None, ["7d", "4c", "6s"]]},
    {"event": "play", "hand": 1, "seat": 2, "card": "4c", "capture": [], "scopa": False},
]


class ScriptedClient:
    """A NetClient that gives the scripted messages, then nothing more."""

    url, name = "ws://127.0.0.1:7654/", "Carla"

    def __init__(self, messages):
        self.messages = list(messages)
        self.sent = []

    def __aiter__(self):
        return self

    async def __anext__(self):
        if self.messages:
            return self.messages.pop(0)
        await asyncio.Event().wait()

    async def play(self, card, capture=()):
        self.sent.append(("play", card, list(capture)))

    async def close(self):
        pass


class FixedClock(RemoteTable):
    def seconds_left(self):
        return 42.0 if self.turn is not None else None


def online_game_app() -> ScopaApp:
    events = EVENTS
    messages = [
        {"type": "state", "table": INFO, "view": None, "turn": 0, "deadline": 42.0, "events": events,
         "totals": [0, 0, 0]},
        {"type": "seat", "seat": 1, "name": "Bruno", "status": "left"},
        {"type": "chat", "seat": 1, "name": "Bruno", "text": "back in a minute"},
        {"type": "turn", "seat": 0, "deadline": 42.0, "view": None},
    ]
    app = ScopaApp(ai_delay=0)
    joined = {"code": "K7XQ93PA", "seat": 2, "token": "t", "table": INFO}
    app.table_for_test = FixedClock(ScriptedClient(messages), joined)
    return app


def test_online_game_screen(snap_compare):
    async def sit(pilot):
        pilot.app.show_table(pilot.app.table_for_test)
        for _ in range(12):  # the footer is drawn again once the turn is known
            await pilot.pause()

    assert snap_compare(online_game_app(), terminal_size=SIZE, run_before=sit)


@pytest.mark.parametrize("size", [SIZE, (100, 30), (160, 45)])
async def test_notices_lie_over_the_side_panel_not_the_hand_or_the_play_button(size):
    # The notices of a dropped seat and of a chat line were 40 columns wide at 80x24, over
    # the hand's last card and the Play button.
    app = online_game_app()
    async with app.run_test(size=size, notifications=True) as pilot:
        app.show_table(app.table_for_test)
        for _ in range(12):
            await pilot.pause()
        screen = app.screen
        toasts = list(screen.get_child_by_type(ToastRack).walk_children(Toast))
        assert len(toasts) == 2  # Bruno's connection, Bruno's chat line
        side, play = screen.query_one("#side").region, screen.query_one("#play").region
        button = screen.query_one(PlayButton).region
        for toast in toasts:
            assert side.contains_region(toast.region), (toast.region, side)
            assert not toast.region.overlaps(play) and not toast.region.overlaps(button)


def test_lobby(snap_compare, monkeypatch):
    def listed(self):
        self.show_tables([
            {"code": "K7XQ93PA", "title": "Anna's table", "variant": "scopa", "players": 2, "seats_free": 1,
             "preset": "standard", "target": 11, "turn_limit": 60.0},
            {"code": "M4RT2ZQX", "title": "Sunday escoba", "variant": "escoba", "options": ["napola"], "players": 4,
             "seats_free": 2, "preset": "ludoteka", "target": 21, "turn_limit": 120.0}], "ws://127.0.0.1:7654/")

    async def steady(pilot):  # the cursor drawn whatever the time the lobby took to appear
        await pilot.pause()
        for box in pilot.app.screen.query("Input"):
            box.cursor_blink = False
        await pilot.pause()

    monkeypatch.setattr(LobbyScreen, "action_refresh", listed)
    app = ScopaApp(online={"server": "ws://127.0.0.1:7654/", "name": "Anna"}, ai_delay=0)
    assert snap_compare(app, terminal_size=SIZE, run_before=steady)



@pytest.mark.parametrize("size", [SIZE, (100, 30), (160, 50)])
async def test_the_lobbys_name_field_lines_up_with_the_fields_under_it(size, monkeypatch):
    """The name ran to the screen's edge, the server's label at the other: the line of both is
    inside the boxes' borders as their fields are, and the name as wide as a name may be."""
    monkeypatch.setattr(LobbyScreen, "action_refresh", lambda self: None)
    app = ScopaApp(online={"server": "ws://127.0.0.1:7654/", "name": "Anna"}, ai_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LobbyScreen)
        name = screen.query_one("#name")
        assert name.region.right == screen.query_one("#target").region.right == size[0] - 1
        assert screen.query_one("#l-server").region.x == screen.query_one("#l-game").region.x
        assert name.region.width == name.max_length + 1  # the longest name whole, the cursor after it


def _finished_game(players: int = 2):
    from scopa_tui.engine import Game

    game = Game(make_rules("standard", players=players, target=1), seed=3)
    game.start()
    while not game.is_over:
        game.next_hand() if game.phase == "hand_over" else game.play(game.legal_moves()[0])
    return game


@pytest.mark.parametrize("size", [SIZE, (100, 30), (160, 45)])
@pytest.mark.parametrize("over", ["scoring", "game_over", "chat"])
async def test_notices_over_the_scoring_the_game_over_and_the_chat_leave_their_buttons_and_text(size, over):
    # Over the game-over screen a notice ("Carla left the table") lay on its buttons (at
    # 80x24 in Tagalog on "Lobby" and "Quit"), and over the chat line on what was being typed:
    # these screens had Textual's notices, 40 columns wide at the bottom right.
    from scopa_tui.ui.screens.chat import ChatScreen
    from scopa_tui.ui.screens.scoring import GameOverScreen, HandOverScreen

    game = _finished_game()
    app = ScopaApp(ai_delay=0)
    async with app.run_test(size=size, notifications=True) as pilot:
        if over == "scoring":
            app.push_screen(HandOverScreen(game.hand_scores[-1], ["Anna", "Bruno"], DeckStyle(), 1, False))
            keep = ["#continue", "#breakdown"]
        elif over == "game_over":
            app.push_screen(GameOverScreen(list(game.hand_scores), ["Anna", "Bruno"], game.winner, False, 1,
                                           rematch=lambda: "Umalis si Carla sa mesa; gusto nina Anna, Bruno na "
                                                           "maglaro ulit sa mesang ito."))
            keep = ["#over-buttons", "#rematch", "#banner", "#hands-table"]
        else:
            app.push_screen(ChatScreen())
            keep = ["#chat-box"]
        for _ in range(4):
            await pilot.pause()
        app.notify("Carla left the table", timeout=30)
        app.notify("a line said at the table while you type yours", title="Bruno", timeout=30)
        for _ in range(4):
            await pilot.pause()
        screen = app.screen
        toasts = list(screen.get_child_by_type(ToastRack).walk_children(Toast))
        assert len(toasts) == 2
        for toast in toasts:
            assert toast.region.width <= 42
            for part in keep:
                region = screen.query_one(part).region
                if part == "#banner":  # its text: the middle of its three rows
                    region = region._replace(y=region.y + 1, height=1)
                assert not toast.region.overlaps(region), (part, region, toast.region)


OPEN_SEAT = {"name": None, "kind": "open", "level": None, "connected": False, "away": False}
PERSON = {"name": "Carla", "kind": "person", "level": None, "connected": True, "away": False}


def waiting_table(info: dict, seat: int, *later: dict, totals: list[int] | None = None) -> FixedClock:
    """The table ``info`` as the server shows it to ``seat`` (waiting for players), then the ``later`` messages."""
    state = {"type": "state", "table": info, "view": None, "turn": None, "deadline": None, "events": [],
             "totals": totals or [0, 0]}
    return FixedClock(ScriptedClient([state, *later]), {"code": "K7XQ93PA", "seat": seat, "token": "t", "table": info})


async def show(app: ScopaApp, pilot, table: FixedClock) -> None:
    app.show_table(table)
    for _ in range(12):
        await pilot.pause()


async def first_lines_waiting_again(first: dict, seats: list, me: int, languages: list[str]) -> list[str]:
    """The log's first line, in each of ``languages``, once the table of game 1 (``first``, at
    its end) waits for players for game 2 in ``seats`` (the seats freed open)."""
    info = {**first, "seats": seats, "phase": "waiting", "started": False, "game": 2, "rematch": []}
    messages = [{"type": "state", "table": {**first, "phase": "waiting", "started": False}, "view": None,
                 "turn": None, "deadline": None, "events": [], "totals": [0] * first["players"]},
                {"type": "table", "table": info}]
    app = ScopaApp(ai_delay=0)
    table = FixedClock(ScriptedClient(messages), {"code": "K7XQ93PA", "seat": me, "token": "t", "table": first})
    lines = []
    async with app.run_test(size=SIZE) as pilot:
        await show(app, pilot, table)
        assert table.phase == "waiting" and table.game_number == 2
        for lang in languages:  # said again in each language
            app.set_language(lang)
            for _ in range(12):
                await pilot.pause()
            lines.append(app.screen.log_entries[0][0])
    return lines


async def test_a_table_waiting_again_with_two_seats_free_says_two():
    # Two of four players went at a game's end: the log's first line said "a seat is free,
    # the table waits for a player".
    anna = {**PERSON, "name": "Anna"}
    first = {**INFO, "players": 4, "seats": [anna, {**anna, "name": "Bruno"}, PERSON, {**anna, "name": "Dario"}],
             "phase": "game_over", "started": True, "game": 1, "rematch": [0, 2]}
    assert await first_lines_waiting_again(first, [anna, OPEN_SEAT, PERSON, OPEN_SEAT], 2, ["en", "it"]) == [
        "Game 2 at this table: 2 seats are free, the table waits for players",
        "Partita 2 a questo tavolo: ci sono 2 posti liberi, il tavolo aspetta giocatori"]


@pytest.mark.parametrize("gone,lang,line", [
    ("Bruno", "en", "Game 2 at this table: Bruno's seat is free, the table waits for a player"),
    ("Bruno", "fr", "Partie 2 à cette table\u00a0: la place de Bruno est libre, la table attend un joueur"),
    ("Anna", "fr", "Partie 2 à cette table\u00a0: la place d'Anna est libre, la table attend un joueur"),
    ("Anna", "it", "Partita 2 a questo tavolo: il posto di Anna è libero, il tavolo aspetta un giocatore"),
    ("Anna", "tl", "Laro 2 sa mesang ito: bakante ang upuan ni Anna, naghihintay ang mesa ng manlalaro")])
async def test_a_table_waiting_again_with_one_seat_free_says_whose(gone, lang, line):
    # One player went at a game's end: the log's first line said "a seat is free" without
    # saying whose it was.
    other = {**PERSON, "name": gone, "connected": False}
    ai = {"name": "AI 3", "kind": "ai", "level": "medium", "connected": True, "away": False}
    first = {**INFO, "seats": [PERSON, other, ai], "phase": "game_over", "started": True, "game": 1, "rematch": [0]}
    assert await first_lines_waiting_again(first, [PERSON, OPEN_SEAT, ai], 0, [lang]) == [line]


@pytest.mark.parametrize("name", ["Massimiliano", "山田太郎さん"])
async def test_a_name_too_long_for_its_seat_or_the_score_panel_ends_with_an_ellipsis(name):
    # At 80x24 a side column is 10 wide: "Massimiliano" read "Massimilia", and in the score
    # panel "Bruno e posto liber 0/11" (Italian, an open seat): cut with no mark. A name of
    # wide characters was cut by characters, not columns: the panel's line ran past its
    # width and lost the score.
    from rich.cells import cell_len

    from scopa_tui.ui.widgets.cards import SeatView
    from scopa_tui.ui.widgets.scoreboard import ScoreBoard

    person = {"kind": "person", "level": None, "connected": True, "away": False}
    seats = [{**person, "name": name}, {**person, "name": "Bruno"}, {**person, "name": "Carla"},
             {**person, "name": "Dario"}]
    info = {**INFO, "players": 4, "seats": seats, "phase": "waiting", "started": False, "game": 1, "rematch": []}
    app = ScopaApp(ai_delay=0)
    table = waiting_table(info, 1)
    async with app.run_test(size=SIZE) as pilot:
        await show(app, pilot, table)
        seat = next(s for s in app.screen.query(SeatView) if s.info is not None and s.info.name == name)
        width = seat.content_size.width
        assert width < cell_len(name)  # a side column, too narrow for the name
        first = seat.render().plain.splitlines()[0]
        assert first.endswith("…") and cell_len(first) <= width, (first, width)
        board = app.screen.query_one(ScoreBoard)
        head = next(line for line in board.render().plain.splitlines() if line.startswith(name[:3]))
        assert head.endswith(" 0/11") and cell_len(head) <= board.content_size.width, head
        assert "…" in head, head


@pytest.mark.parametrize("lang", ["tl", "it", "en"])
async def test_the_top_bar_of_a_waiting_table_leaves_out_what_does_not_fit_rather_than_cut_it(lang):
    # At 80 columns in Tagalog a table waiting for players read "mesa K7XQ93PA · hanggang 1
    # punt   Naghihintay ng manlalaro · konektado": the target cut in its word, where the
    # top bar leaves out a part that does not fit (as it does the rules in a game).
    from scopa_tui import languages

    open_seat = {"name": None, "kind": "open", "level": None, "connected": False, "away": False}
    me = {"name": "Anna", "kind": "person", "level": None, "connected": True, "away": False}
    info = {**INFO, "target": 1, "seats": [me, open_seat, open_seat], "phase": "waiting", "started": False,
            "game": 1, "rematch": []}
    app = ScopaApp(ai_delay=0)
    table = waiting_table(info, 0, totals=[0, 0, 0])
    languages.use(lang)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await show(app, pilot, table)
            top = str(app.screen._topbar)
            target = {"tl": "hanggang 1 puntos", "it": "a 1 punto", "en": "to 1 point"}[lang]
            words = target.split()
            assert target in top or words[0] + " " not in top, top  # whole, or left out
            assert "K7XQ93PA" in top and len(top) <= SIZE[0]
    finally:
        languages.use("en")


@pytest.mark.parametrize("lang,seated,said", [("en", 2, "Waiting for 2 players"), ("it", 2, "In attesa di 2 giocatori"),
                                              ("en", 3, "Waiting for 1 player")])
async def test_the_top_bar_of_a_waiting_table_says_how_many_players_it_waits_for(lang, seated, said):
    # The top bar read "Waiting for players" whether one seat was free or five: how many the
    # start still waits for was only in the line under the table, two rows of bold at 80×24.
    # It counts the free seats, and counts again as people sit down.
    from scopa_tui import languages

    me = {**PERSON, "name": "Anna"}
    alone = [me, OPEN_SEAT, OPEN_SEAT, OPEN_SEAT]
    now = [me, PERSON, {**PERSON, "name": "Dario"}][:seated] + [OPEN_SEAT] * (4 - seated)
    info = {**INFO, "players": 4, "seats": alone, "phase": "waiting", "started": False, "game": 1, "rematch": []}
    app = ScopaApp(ai_delay=0)
    table = waiting_table(info, 0, {"type": "table", "table": {**info, "seats": now}})
    languages.use(lang)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await show(app, pilot, table)
            top = str(app.screen._topbar)
            assert top.rstrip().endswith(said) and "K7XQ93PA" in top and len(top) <= SIZE[0], top
    finally:
        languages.use("en")


async def test_a_seat_at_a_waiting_table_is_not_said_to_play_with_an_open_seat():
    # At a table of four waiting for players, the seats read "open seat / with open seat" and
    # "Anna / with open seat" (at 80×24 "with open…"): a partner who is no one yet is not named.
    anna = {**PERSON, "name": "Anna"}
    info = {**INFO, "players": 4, "seats": [anna, {**PERSON, "name": "Bruno"}, OPEN_SEAT, OPEN_SEAT],
            "phase": "waiting", "started": False, "game": 1, "rematch": []}
    app = ScopaApp(ai_delay=0)
    table = waiting_table(info, 1)
    async with app.run_test(size=SIZE) as pilot:
        await show(app, pilot, table)
        teams = {seat: app.screen._seat_info(seat).team for seat in (0, 2, 3)}
        assert teams == {0: "", 2: "with Anna", 3: "partner"}, teams


async def test_the_lobbys_line_is_in_the_warning_colour_for_a_failure_only(monkeypatch):
    # "2 open tables on ws://…" was in the warning colour, as "✗ cannot reach …" is: the
    # count of the tables listed looked like something gone wrong, and a failure did not stand out.
    from textual.color import Color

    monkeypatch.setattr(LobbyScreen, "action_refresh", lambda self: self.show_tables([], "ws://127.0.0.1:7654/"))
    app = ScopaApp(online={"server": "ws://127.0.0.1:7654/", "name": "Anna"}, ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        line = screen.query_one("#lobby-error")
        warning = Color.parse(app.get_css_variables()["warning"])
        assert str(line.content).startswith("no open table") and line.styles.color != warning
        screen.query_one("#code").focus()
        await pilot.press("enter")  # no code typed: refused
        await pilot.pause()
        assert str(line.content).startswith("✗") and line.styles.color == warning
        app.set_language("it")  # said again in another language, still a failure
        for _ in range(4):
            await pilot.pause()
        assert str(line.content).startswith("✗") and line.styles.color == warning
        screen.action_refresh()
        await pilot.pause()
        assert line.styles.color != warning
