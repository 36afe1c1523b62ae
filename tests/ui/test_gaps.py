"""External bots as opponents, the scoring screen's pause, the log after a resume, the AI pace."""

from __future__ import annotations

import os
import sys
import textwrap

import pytest

from textual import events
from textual.widgets import Input

from scopa_tui.ai import protocol
from scopa_tui.engine import Game, make_rules
from scopa_tui.store import GameSetup, Store
from scopa_tui.ui.app import ScopaApp
from scopa_tui.ui.config import GameConfig
from scopa_tui.ui.screens.game import GameScreen
from scopa_tui.ui.screens.new_game import NewGameScreen
from scopa_tui.ui.screens.scoring import HandOverScreen
from scopa_tui.ui.widgets.choice import Choice
from scopa_tui.ui.widgets.scoreboard import PlayLog

from .helpers import game_screen, play_by_keys, seat_infos, settle, stacked_app, text_of, wait_for_my_turn

FIRST_LEGAL_BOT = textwrap.dedent("""
    import json, os, sys
    open(sys.argv[1], "w").write(str(os.getpid()))
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "hello":
            print(json.dumps({"type": "hello", "protocol": "scopa-bot/1", "name": "firsty"}), flush=True)
        elif msg["type"] == "move":
            legal = msg["legal"][0]
            print(json.dumps({"type": "move", "id": msg["id"], "card": legal["card"],
                              "capture": legal["capture"]}), flush=True)
        elif msg["type"] == "quit":
            break
""")

GARBAGE_BOT = textwrap.dedent("""
    import json, sys
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "hello":
            print(json.dumps({"type": "hello", "protocol": "scopa-bot/1", "name": "junk"}), flush=True)
        elif msg["type"] == "move":
            sys.stderr.write("this must not reach the screen\\n")
            print("[bold]not json", flush=True)
""")


def bot_spec(tmp_path, source: str, *args: str) -> str:
    path = tmp_path / "bot.py"
    path.write_text(source)
    return "cmd:" + " ".join([sys.executable, str(path), *map(str, args)])


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is not alive
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


async def play_my_turns(pilot, count: int) -> None:
    for _ in range(count):
        if not await wait_for_my_turn(pilot):
            return
        await play_by_keys(pilot, pilot.app.game.legal_moves()[0])
        await settle(pilot)


async def test_an_external_bot_plays_and_is_closed_when_the_app_quits_mid_game(tmp_path):
    pidfile = tmp_path / "pid"
    spec = bot_spec(tmp_path, FIRST_LEGAL_BOT, pidfile)
    app = ScopaApp(GameConfig(players=2, ai=[spec], seed=4), start=True, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert protocol.BOT_STDERR is not None and protocol.ON_FAULT == app.bot_fault
        await play_my_turns(pilot, 3)
        bot_moves = [e for e in app.game.history if e.seat == 1]
        assert bot_moves and not app.players[1].faults
        assert app.game.phase == "play"
        pid = int(pidfile.read_text())
        assert alive(pid)
        await pilot.press("q", "y")
        await pilot.pause()
    assert not alive(pid)
    assert protocol.ON_FAULT is None  # the hooks are put back


async def test_a_new_game_closes_the_bots_of_the_game_it_replaces(tmp_path):
    pidfile = tmp_path / "pid"
    spec = bot_spec(tmp_path, FIRST_LEGAL_BOT, pidfile)
    app = ScopaApp(GameConfig(players=2, ai=[spec], seed=4), start=True, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play_my_turns(pilot, 1)
        first = int(pidfile.read_text())
        app.new_game(GameConfig(players=2, ai=["greedy"], seed=5))
        await settle(pilot)
        assert not alive(first)
        await pilot.press("q", "y")


async def test_a_bot_that_answers_garbage_is_named_in_a_notice_and_the_game_goes_on(tmp_path):
    spec = bot_spec(tmp_path, GARBAGE_BOT)
    app = ScopaApp(GameConfig(players=2, ai=[spec], seed=4), start=True, ai_delay=0)
    shown: list[tuple[str, str]] = []
    notify = app.notify

    def record(message, **kwargs):
        shown.append((kwargs.get("title", ""), message))
        notify(message, **kwargs)

    app.notify = record
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play_my_turns(pilot, 8)
        await settle(pilot)
        assert len([e for e in app.game.history if e.seat == 1]) >= 6  # the game went on
        assert len(app.players[1].faults) >= 6
        messages = [m for title, m in shown if title == "Bot"]
        assert any("junk" in m and "not JSON" in m and "[bold]not json" in m for m in messages), messages
        assert len(messages) == 4 and "not shown" in messages[-1]  # a failing bot does not bury the table
        first = [e for e in app.game.history if e.seat == 1][0].card
        deck = game_screen(app).deck
        assert deck.short(first) != str(first)  # the screen's "AƱ", not the record's "1c"
        assert messages[0].endswith(f"; played {deck.short(first)} for it"), messages[0]
        assert seat_infos(game_screen(app))[0].level == "bot junk"
        await pilot.press("q", "y")


async def test_the_new_game_screen_sets_an_opponent_to_an_external_command(tmp_path):
    pidfile = tmp_path / "pid"
    spec = bot_spec(tmp_path, FIRST_LEGAL_BOT, pidfile)
    app = ScopaApp(GameConfig(players=2, ai=["greedy"], seed=4), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert not screen.query("#ai-cmd-1")  # no command row until it is wanted
        row = screen.query_one("#ai-1", Choice)
        row.focus()
        await pilot.press(*["right"] * len(row.options))  # stepped on to its last choice
        await settle(pilot)
        assert row.value == "cmd"
        command = screen.query_one("#ai-cmd-1", Input)
        assert command.parent.display
        assert screen.focused is row  # still on the row: ← steps back from "external bot…"
        await pilot.press("left")
        assert row.value != "cmd" and not command.parent.display
        await pilot.press("right", "down")  # on to its command
        assert screen.focused is command
        await pilot.press("up")  # and back to the row, as from one choice to another
        assert screen.focused is row
        screen.action_start()  # no command yet: refused with a message, on to the command
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert "command" in str(screen.query_one("#error").render())
        assert screen.focused is command
        command.value = "no-such-program-xyz --level hard"
        screen.action_start()
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert "no-such-program-xyz" in str(screen.query_one("#error").render())
        command.value = spec[len("cmd:"):]
        screen.action_start()
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.config.ai == [spec]
        await play_my_turns(pilot, 2)
        assert pidfile.exists() and [e for e in app.game.history if e.seat == 1]
        await pilot.press("q", "y")


async def keys_at_once(pilot, *keys: str) -> None:
    """Keys sent in one instant, as a fast typist or a terminal's paste sends them: no wait
    for the app between them (``pilot.press`` lets each settle first)."""
    app = pilot.app
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app._driver.send_message(event)
    await settle(pilot, rounds=6)


async def test_a_down_typed_with_the_step_lands_on_the_row_the_step_makes():
    # → on to "external bot…" makes its command row; ↓ sent in the same instant went past it
    # (to Start), the row not yet made when the focus moved. Likewise the target's "other…".
    app = ScopaApp(GameConfig(players=2, ai=["greedy"], seed=4), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        row = screen.query_one("#ai-1", Choice)
        row.focus()
        await pilot.press(*["right"] * (len(row.options) - 2))  # one short of "external bot…"
        assert not screen.query("#ai-cmd-1")
        await keys_at_once(pilot, "right", "down")
        assert row.value == "cmd"
        assert screen.focused is screen.query_one("#ai-cmd-1", Input)
        await keys_at_once(pilot, "up", "left", "down")  # back, off it, and down: past the hidden row
        assert row.value != "cmd" and screen.focused is not row
        assert not isinstance(screen.focused, Input)
        target = screen.query_one("#target", Choice)
        target.focus()
        await settle(pilot)
        values = [value for _, value in target.options]
        await pilot.press(*["right"] * (values.index(0) - values.index(target.value) - 1))
        await keys_at_once(pilot, "right", "down")
        assert target.value == 0
        assert screen.focused is screen.query_one("#other-target", Input)


async def test_keys_typed_with_a_down_act_on_the_row_below_as_if_typed_slowly():
    # ↓ on a choice moves the focus only once its Row message is handled: the → sent in the
    # same instant went to the row left (Game became Scopone, Players stayed as it was).
    app = ScopaApp(GameConfig(players=2, ai=["greedy"], seed=4), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        game, players, rules = (screen.query_one(f"#{n}", Choice) for n in ("variant", "players", "preset"))
        game.focus()
        await settle(pilot)
        was = game.value, players.value, rules.value
        await keys_at_once(pilot, "down", "right")
        assert (game.value, screen.focused) == (was[0], players)
        assert players.value != was[1]
        await keys_at_once(pilot, "up", "up", "down", "down", "down", "right")  # ↑↑: round to Start
        assert (game.value, screen.focused) == (was[0], rules) and rules.value != was[2]
        await keys_at_once(pilot, "shift+tab", "left", "tab", "left")  # the app's bindings between
        assert screen.focused is rules and (players.value, rules.value) == was[1:]
        await keys_at_once(pilot, "up", "space", "left")
        assert screen.focused is players and (game.value, players.value, rules.value) == was
        # The row below is a typed field: the keys after ↓ are typed in it, Enter starts.
        seat = screen.query_one("#ai-1", Choice)
        seat.focus()
        await pilot.press(*["right"] * (len(seat.options) - 1))  # on to "external bot…"
        field = screen.query_one("#ai-cmd-1", Input)
        await keys_at_once(pilot, "down", *"bot.py")
        assert screen.focused is field and field.value == "bot.py"
        # (a field selects its text when it gets the focus: what is typed then replaces it)
        await pilot.press("up")
        await keys_at_once(pilot, "left", "right", "down", *"go")  # off "external bot…", back, down
        assert screen.focused is field and field.value == "go"
        await pilot.press("up")
        await keys_at_once(pilot, "tab", *"my")  # Tab as ↓
        assert screen.focused is field and field.value == "my"
        await pilot.press("down")  # on to Start, whose ↑ comes back
        await keys_at_once(pilot, "up", *"bot")
        assert screen.focused is field and field.value == "bot"
        await pilot.press("up")
        await keys_at_once(pilot, "left")  # the command row hides: Start is below
        await keys_at_once(pilot, "down", "enter")
        assert seat.value != "cmd" and isinstance(app.screen, GameScreen)


async def test_a_remembered_external_bot_shows_on_the_new_game_screen(tmp_path):
    app = ScopaApp(GameConfig(players=3, ai=["medium", "cmd:python my_bot.py"]), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.query_one("#ai-2", Choice).value == "cmd"
        assert screen.query_one("#ai-cmd-2", Input).value == "python my_bot.py"
        assert screen.query_one("#ai-1", Choice).value == "medium"


async def test_a_quick_second_enter_does_not_skip_the_scoring():
    # One card each: the player's play ends the hand... after the AI's last card.
    app = stacked_app([["1d", "2d", "3d"], ["4c", "5c", "6c"]], ["7s", "8s", "9s", "10s"])
    app.scoring_pause = 30  # far longer than the test
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        while app.game.phase == "play":
            assert await wait_for_my_turn(pilot) or app.game.phase != "play"
            if app.game.phase != "play":
                break
            move = app.game.legal_moves()[0]
            screen = game_screen(app)
            await pilot.press(str(screen.pic.my_hand.index(move.card) + 1), "enter", "enter")
            await settle(pilot)
        if not isinstance(app.screen, HandOverScreen):
            await settle(pilot)
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter", "escape", "enter")
        await settle(pilot)
        assert isinstance(app.screen, HandOverScreen)  # still there: the scoring is seen
        app.screen.ready()
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, HandOverScreen)


def saved_after(tmp_path, plays: int) -> tuple[Game, ScopaApp]:
    """A 2-player game against greedy (seed 5) saved after its first ``plays`` plays (each
    the first legal move), and an app that offers to resume it."""
    game = Game(make_rules(players=2), seed=5)
    game.start()
    for _ in range(plays):
        game.play(game.legal_moves()[0])
    Store(tmp_path).saves.save(game, GameSetup(["You", "Anna"], [None, "greedy"], 0), "g1")
    return game, ScopaApp(GameConfig(players=2, ai=["greedy"]), ai_delay=0, data_dir=str(tmp_path))


async def resume(pilot) -> None:
    await settle(pilot)
    await pilot.press("enter")  # resume
    await settle(pilot)


async def test_a_resumed_game_shows_the_plays_of_its_hand_in_the_log(tmp_path):
    game, app = saved_after(tmp_path, 4)
    played = [e for e in game.history]
    async with app.run_test(size=(80, 24)) as pilot:
        await resume(pilot)
        log = game_screen(app).query_one(PlayLog)
        lines = log.texts
        assert any("Hand 1" in line for line in lines)
        names = ["You", "Anna"]
        for play in played:
            assert any(line.startswith(f"{names[play.seat]} played {play.card}") for line in lines), lines
        assert app.game.turn == 0 and len(app.game.view(0).hand) == 1
        assert "Your turn: pick a card (1 or a click)" in text_of(game_screen(app).query_one("#prompt"))
        # nothing chosen yet, and one card left that can go only one way: Enter plays it
        plays = len(app.game.history)
        await pilot.press("enter")
        await settle(pilot)
        assert len(app.game.history) > plays and app.game.history[plays].seat == 0
        assert str(app.game.history[plays].card) == "4b"
        await pilot.press("q", "y")


async def test_the_ai_pace_is_chosen_in_the_palette_and_remembered(tmp_path):
    app = ScopaApp(GameConfig(players=2, ai=["greedy"], seed=2), start=True, ai_delay=0.8,
                   data_dir=str(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "AI pace: normal (now)" in titles and "AI pace: slow" in titles
        command = next(c for c in app.get_system_commands(app.screen) if c.title == "AI pace: slow")
        command.callback()
        await pilot.pause()
        assert app.ai_delay == 1.5 and game_screen(app).ai_delay == 1.5
        await pilot.press("q", "y")
    assert Store(tmp_path).settings.ai_delay == 1.5


def test_the_help_names_every_screen_and_command():
    from scopa_tui.ui.screens.help import help_text

    HELP_TEXT = help_text()
    for words in ("F2", "History", "Statistics", "Ctrl+P", "AI pace", "ASCII suits", "Theme",
                  "external bot"):
        assert words in HELP_TEXT, words


async def test_enter_with_one_card_that_can_take_two_ways_chooses_it_and_shows_the_ways(tmp_path):
    game, app = saved_after(tmp_path, 10)
    assert game.turn == 0 and len(game.view(0).hand) == 1 and len(game.legal_moves()) == 2
    async with app.run_test(size=(80, 24)) as pilot:
        await resume(pilot)
        plays = len(app.game.history)
        await pilot.press("enter")  # 9s takes 2b + 7b or 4d + 5c: chosen, not played
        await settle(pilot)
        screen = game_screen(app)
        assert len(app.game.history) == plays and screen.selected == 0 and len(screen.sets) == 2
        assert "other capture (1/2)" in text_of(screen.query_one("#prompt"))
        await pilot.press("tab", "enter")  # the other way, played
        await settle(pilot)
        mine = app.game.history[plays]  # (Anna may have answered since)
        assert mine.seat == 0 and {str(c) for c in mine.capture} == {"4d", "5c"}
        await pilot.press("q", "y")


async def test_a_quick_extra_enter_does_not_skip_the_game_over_screen():
    from scopa_tui.ui.screens.scoring import GameOverScreen

    game = Game(make_rules(players=2, target=1), seed=5)
    game.start()
    while game.phase == "play":
        game.play(game.legal_moves()[0])
    assert game.phase == "game_over"
    app = ScopaApp(GameConfig(players=2, ai=["greedy"]), ai_delay=0, game=game)
    app.scoring_pause = 30
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("enter", "enter")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen) and app.game is game
        app.screen.ready()
        await pilot.press("enter")
        await settle(pilot)
        assert app.game is not game  # played again


@pytest.mark.parametrize("seed, winner", [(4, "You won the game."), (1, "Anna won the game.")])
async def test_the_line_under_the_table_says_who_won_once_the_game_is_over(seed, winner):
    # After the last hand it said "Hand 1 is over." as after any hand, under the game-over
    # screen and once that was closed at an online table.
    game = Game(make_rules(players=2, target=1), seed=seed)
    game.start()
    while not (game.turn == 0 and len(game.hand_of(0)) + len(game.hand_of(1)) == 1 and game.view(0).stock == 0):
        game.play(game.legal_moves()[0])
    app = ScopaApp(GameConfig(players=2, ai=["greedy"]), ai_delay=0, game=game)
    app.scoring_pause = 30
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("1", "tab", "enter")  # the last card of the game, and what it takes
        await settle(pilot)
        assert game.phase == "game_over" and app.screen is not screen  # the last hand's scoring on top
        said = text_of(screen.query_one("#prompt"), width=76)
        assert said.startswith("Hand 1 is over.") and winner in said, said


async def test_the_prompt_keeps_its_key_hint_whole_at_80_columns():
    app = stacked_app([["10s", "2s", "7s"], ["4c", "5b", "6b"]], ["5c", "6c", "4s", "10d"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1", "d")  # the King without the King on the table (6 + 4 is): a match beats a sum
        await settle(pilot)
        prompt = game_screen(app).query_one("#prompt")
        lines = text_of(prompt, width=prompt.content_size.width).splitlines()
        assert "match beats a sum" in lines[0]
        assert any(line.strip() in ("Tab: a legal capture",) or line.rstrip().endswith("Tab: a legal capture")
                   or line.rstrip().endswith("(Tab)") for line in lines), lines


async def test_a_card_that_takes_nothing_says_tab_lays_it_whole_on_the_reasons_second_line():
    # 3c with a 6 chosen: the reason takes two lines at 80 columns, and the key said only
    # "(Tab)" after them, where the second line had room; and "a legal capture" it is not.
    app = stacked_app([["3c", "7s", "2c"], ["4c", "5b", "1b"]], ["6d", "6b", "8s", "9b"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1", "a")
        await settle(pilot)
        prompt = game_screen(app).query_one("#prompt")
        lines = text_of(prompt, width=prompt.content_size.width).splitlines()
        assert len(lines) == 2 and "nothing adds up to 3" in lines[0], lines
        assert lines[1].rstrip().endswith("is laid on the table  Tab: lay it"), lines
        await pilot.press("tab")  # and so it does
        await settle(pilot)
        assert "goes on the table" in text_of(prompt, width=prompt.content_size.width)


async def test_a_winning_partnership_is_named_in_the_plural():
    from scopa_tui.ui.screens.scoring import GameOverScreen

    game = Game(make_rules(players=4, target=1), seed=8)
    game.start()
    while game.phase == "play":
        game.play(game.legal_moves()[0])
    config = GameConfig(players=4, ai=["greedy"])
    app = ScopaApp(config, ai_delay=0, game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        banner = str(app.screen.query_one("#banner").render()).replace("\u00a0", " ")  # the pair kept together
        winner = config.side_names()[game.winner]
        assert banner.startswith(f"{winner} win the game, "), banner  # "win", not "wins"


async def test_an_external_bot_is_ended_when_its_game_is_over(tmp_path):
    from scopa_tui.ui.screens.scoring import GameOverScreen

    from .helpers import play_game_by_keys

    pidfile = tmp_path / "pid"
    spec = bot_spec(tmp_path, FIRST_LEGAL_BOT, pidfile)
    app = ScopaApp(GameConfig(players=2, ai=[spec], seed=4, target=1), start=True, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play_game_by_keys(pilot, pick=lambda moves: moves[0])
        assert isinstance(app.screen, GameOverScreen)
        assert not alive(int(pidfile.read_text()))
        await pilot.press("q")


SLOW_BOT = textwrap.dedent("""
    import json, os, sys, time
    open(sys.argv[1], "w").write(str(os.getpid()))
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "hello":
            print(json.dumps({"type": "hello", "protocol": "scopa-bot/1", "name": "slow"}), flush=True)
        elif msg["type"] == "move":
            time.sleep(60)
""")


async def test_quitting_while_a_bot_thinks_ends_the_bot_and_the_app(tmp_path):
    pidfile = tmp_path / "pid"
    spec = bot_spec(tmp_path, SLOW_BOT, pidfile)
    app = ScopaApp(GameConfig(players=2, ai=[spec], seed=4), start=True, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause()
        screen = game_screen(app)
        if app.game.turn == 0:
            await play_by_keys(pilot, app.game.legal_moves()[0])
            for _ in range(5):
                await pilot.pause()
        assert app.game.turn == 1 and screen.thinking == 1  # the bot has the move and sleeps on it
        await pilot.press("q", "y")
        await pilot.pause()
    assert not alive(int(pidfile.read_text()))


async def test_typing_a_bot_command_with_q_and_a_question_mark_types_them():
    app = ScopaApp(GameConfig(players=2, ai=["greedy"], seed=4), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.query_one("#ai-1", Choice).value = "cmd"
        await settle(pilot)
        screen.query_one("#ai-cmd-1", Input).focus()
        await pilot.press("q", "?", "f", "1")
        await settle(pilot)
        assert app.screen is screen and app.is_running
        assert screen.query_one("#ai-cmd-1", Input).value == "q?f1"


@pytest.mark.parametrize("first_out", [0, 1])
def test_two_apps_in_one_process_put_the_bot_hooks_back_whatever_the_order(tmp_path, first_out):
    # e.g. two copies' apps in one test process, the second starting its game first
    before = (protocol.BOT_STDERR, protocol.ON_FAULT, protocol.CARD_TEXT)
    apps = [ScopaApp(GameConfig(players=2, seed=s), start=False, data_dir=str(tmp_path / str(s)))
            for s in (1, 2)]
    apps[1]._install_bot_hooks()
    apps[0]._install_bot_hooks()
    assert protocol.ON_FAULT == apps[0].bot_fault and protocol.CARD_TEXT == apps[0].bot_card_text
    apps[first_out]._remove_bot_hooks()
    assert protocol.ON_FAULT == apps[1 - first_out].bot_fault  # the one still running
    assert protocol.CARD_TEXT == apps[1 - first_out].bot_card_text
    apps[1 - first_out]._remove_bot_hooks()
    assert (protocol.BOT_STDERR, protocol.ON_FAULT, protocol.CARD_TEXT) == before


async def test_a_pace_that_is_no_preset_is_shown_as_the_current_one():
    app = ScopaApp(GameConfig(players=2, ai=["greedy"], seed=2), start=True, ai_delay=1.2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        titles = [c.title for c in app.get_system_commands(app.screen) if c.title.startswith("AI pace")]
        assert "AI pace: 1.2 s (now)" in titles
        assert not any(t.endswith("(now)") for t in titles if t != "AI pace: 1.2 s (now)")
        app.set_ai_pace(0.4)
        titles = [c.title for c in app.get_system_commands(app.screen) if c.title.startswith("AI pace")]
        assert "AI pace: quick (now)" in titles and not any(" s (now)" in t for t in titles)
        await pilot.press("q", "y")
