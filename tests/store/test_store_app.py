"""The app with a data directory: autosave, resume offer, history and statistics at the
end of a game, remembered theme, the statistics command, SIGTERM."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from conftest import file_game, play, setup_for

from scopa_tui.engine import Game, make_rules
from scopa_tui.engine import record as records
from scopa_tui.store import GameSetup, Store
from scopa_tui.ui.app import ScopaApp
from scopa_tui.ui.config import GameConfig
from scopa_tui.ui.screens.dialogs import ConfirmScreen
from scopa_tui.ui.screens.game import GameScreen
from scopa_tui.ui.screens.history import HistoryScreen
from scopa_tui.ui.screens.new_game import NewGameScreen
from scopa_tui.ui.screens.resume import ResumeScreen, ago
from scopa_tui.ui.screens.scoring import GameOverScreen, HandOverScreen
from scopa_tui.ui.screens.stats import StatsScreen


def make_app(data_dir, start=True, target=None, seed=7):
    config = GameConfig(players=2, ai=["greedy"], seed=seed, target=target)
    return ScopaApp(config, start=start, ai_delay=0, data_dir=str(data_dir))


async def settle(pilot):
    for _ in range(3):
        await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    if pilot.app.store is not None:  # database work runs on the store's own thread
        assert pilot.app.store.background.wait(10)
    for _ in range(2):
        await pilot.pause()


async def my_turn(pilot) -> bool:
    app = pilot.app
    for _ in range(200):
        if isinstance(app.screen, (HandOverScreen, GameOverScreen)):
            return False
        if isinstance(app.screen, GameScreen) and app.screen._my_turn():
            return True
        await settle(pilot)
    raise AssertionError("never my turn")


async def play_one(pilot) -> None:
    """Play the first legal move by keys: its card's number, its capture's letters, Enter."""
    screen = pilot.app.screen
    move = pilot.app.game.legal_moves()[0]
    await pilot.press(str(screen.pic.my_hand.index(move.card) + 1))
    labels = screen.table_labels()
    toggles = [labels[c] for c in set(screen.capture) ^ set(move.capture)]
    if toggles:
        await pilot.press(*toggles)
    await pilot.press("enter")
    await settle(pilot)

async def play_to_game_over(pilot) -> None:
    """Play first legal moves by keys, going on from each scoring, up to the game-over screen."""
    app = pilot.app
    for _ in range(400):
        if isinstance(app.screen, GameOverScreen):
            return
        if isinstance(app.screen, HandOverScreen):
            await pilot.press("enter")
            await settle(pilot)
        elif await my_turn(pilot):
            await play_one(pilot)


async def leave_a_game_unfinished(data_dir) -> None:
    """Play one move of a new game, then quit (confirming): a save is left to resume."""
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert await my_turn(pilot)
        await play_one(pilot)
        await pilot.press("q", "y")


def plays(game) -> int:
    return sum(1 for e in game.events if type(e).__name__ == "Played")


async def test_the_game_is_saved_after_every_move_and_resumed_exactly(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(3):
            assert await my_turn(pilot)
            await play_one(pilot)
            (save,) = (tmp_path / "saves").glob("*.json")
            saved = json.loads(save.read_text())["record"]
            assert saved == [e.to_record() for e in app.game.events]
        first_game = app.game
        first_record = records.dumps(first_game)
        await pilot.press("q", "y")  # quit, confirming
    assert plays(first_game) >= 3

    again = make_app(tmp_path, start=False)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, ResumeScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(again.screen, GameScreen)
        game = again.game
        assert records.dumps(game).startswith(first_record)  # + the AI's reply if it was thinking
        assert game.table == first_game.table or plays(game) > plays(first_game)
        if plays(game) == plays(first_game):
            assert [game.hand_of(s) for s in range(2)] == [first_game.hand_of(s) for s in range(2)]
        assert game.totals == first_game.totals
        assert again.screen.pic.my_hand == tuple(game.hand_of(0))
        # The same game goes on, under the same save.
        assert await my_turn(pilot)
        await play_one(pilot)
        (save,) = (tmp_path / "saves").glob("*.json")
        assert json.loads(save.read_text())["record"] == [e.to_record() for e in game.events]
        await pilot.press("q", "y")


async def test_a_resumed_game_keeps_the_table_cards_letters(tmp_path):
    """A card keeps its letter while it stays on the table (README, Keys), through a save
    too: a card taken from between others leaves its letter free, and after resuming the
    cards after it kept theirs ("c" stayed "c", where it became "b")."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(30):  # until a card between others has been taken
            assert await my_turn(pilot)
            if None in app.screen.slots:
                break
            await play_one(pilot)
        labels = app.screen.table_labels()
        assert None in app.screen.slots and len(labels) >= 2
        await pilot.press("q", "y")

    again = make_app(tmp_path, start=False)
    async with again.run_test(size=(80, 24)) as pilot:
        await answer_offer(pilot, "enter")
        assert isinstance(again.screen, GameScreen) and again.screen._my_turn()
        assert again.screen.table_labels() == labels


async def answer_offer(pilot, *keys) -> None:
    """At the resume offer (asserted), press ``keys`` and let the app settle."""
    await settle(pilot)
    assert isinstance(pilot.app.screen, ResumeScreen)
    await pilot.press(*keys)
    await settle(pilot)


def save_names(data_dir) -> list[str]:
    return sorted(p.name for p in (data_dir / "saves").iterdir() if ".json" in p.name)


async def test_a_game_resumed_on_its_scoring_shows_the_piles_of_the_hand_scored(tmp_path):
    """Quit on a hand's scoring, resume: behind the scoring every pile line (each seat's,
    the side panel's) showed 0 where it had shown the hand's cards."""
    app = make_app(tmp_path, target=21)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        while await my_turn(pilot):
            await play_one(pilot)
        assert isinstance(app.screen, HandOverScreen)
        before = piles(app)
        assert sum(before[0]) == 40
        await pilot.press("q", "y")
    again = make_app(tmp_path, start=False)
    async with again.run_test(size=(80, 24)) as pilot:
        await answer_offer(pilot, "enter")
        assert isinstance(again.screen, HandOverScreen)
        assert piles(again) == before


async def test_the_dealers_seat_counts_the_table_it_took_on_an_escoba_deal_live_and_resumed(tmp_path):
    """Escoba, seed 12: the table dealt adds up to 30 and goes to the dealer, Anna (two
    escobas). Her seat's pile line left those cards out ("pile 0" while her side had 4, and
    8 against the scoring's 21 at 6 players), live, resumed and resumed on the scoring."""
    def escoba(start=True):
        config = GameConfig(players=2, ai=["greedy"], seed=12, variant="escoba")
        return ScopaApp(config, start=start, ai_delay=0, data_dir=str(tmp_path))

    app = escoba()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert await my_turn(pilot)
        pic = app._game_screen.pic
        assert app.game.deal_escobas == 2 and app.game.dealer == 1 and pic.pile[1] >= 4
        assert pic.seat_pile == pic.pile and pic.seat_coins == pic.coins and pic.deal_sweeps == [0, 2]
        live = piles(app)
        await pilot.press("q", "y")
    again = escoba(start=False)
    async with again.run_test(size=(80, 24)) as pilot:
        await answer_offer(pilot, "enter")
        assert piles(again) == live
        while await my_turn(pilot):
            await play_one(pilot)
        assert isinstance(again.screen, HandOverScreen)
        score = again.game.hand_scores[0]
        pic = again._game_screen.pic
        assert pic.seat_pile == [side.cards for side in score.sides]  # what the scoring says
        assert pic.seat_coins == [side.coins for side in score.sides]
        scored = piles(again)
        await pilot.press("q", "y")
    third = escoba(start=False)
    async with third.run_test(size=(80, 24)) as pilot:
        await answer_offer(pilot, "enter")
        assert isinstance(third.screen, HandOverScreen)
        assert piles(third) == scored


def piles(app) -> tuple:
    """What the pile lines of the game screen count: per side, then per seat."""
    pic = app._game_screen.pic
    return pic.pile, pic.coins, pic.settebello, pic.seat_pile, pic.seat_coins, pic.scope_cards, pic.deal_sweeps


def footer_words(screen) -> list[str]:
    from textual.widgets._footer import FooterKey

    return [f"{key.key_display} {key.description}" for key in screen.query(FooterKey)]


async def test_the_set_aside_question_says_its_buttons_words_in_the_footer(tmp_path):
    # the footer said "y yes  n no" under "Set aside (y)" and "Back (n)"
    await leave_a_game_unfinished(tmp_path)
    again = make_app(tmp_path, start=False)
    async with again.run_test(size=(80, 24)) as pilot:
        await answer_offer(pilot, "n")
        assert isinstance(again.screen, ConfirmScreen)
        assert footer_words(again.screen) == ["y set aside", "n back"]


async def test_a_change_of_language_on_the_resume_and_set_aside_questions_keeps_their_keys(tmp_path):
    # each lost its focus and its footer's keys (an empty line), and the set-aside question
    # stayed in the language it was asked in; its buttons, translated twice, in Italian
    await leave_a_game_unfinished(tmp_path)
    again = make_app(tmp_path, start=False)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, ResumeScreen)
        again.set_language("it")
        await settle(pilot)
        assert again.screen.focused.id == "yes"
        assert footer_words(again.screen)[0].startswith("⏎ ")
        await pilot.press("n")
        await settle(pilot)
        again.set_language("es")
        await settle(pilot)
        dialog = again.screen
        assert isinstance(dialog, ConfirmScreen) and dialog.question.startswith("¿Apartar esta partida?")
        assert dialog.focused.id == "no"
        assert footer_words(dialog) == ["s apartar", "n atrás"]
        again.set_language("en")
        await settle(pilot)
        assert [str(dialog.query_one(f"#{b}").label) for b in ("yes", "no")] == ["Set aside (y)", "Back (n)"]
        assert footer_words(dialog) == ["y set aside", "n back"]


async def test_declining_the_resume_sets_the_save_aside_after_asking(tmp_path):
    await leave_a_game_unfinished(tmp_path)
    (kept,) = save_names(tmp_path)
    again = make_app(tmp_path, start=False)
    async with again.run_test(size=(80, 24)) as pilot:
        await answer_offer(pilot, "n")
        assert isinstance(again.screen, ConfirmScreen)  # nothing is moved before the answer
        question = str(again.screen.question)
        assert question.startswith("Set this game aside?") and "not be offered again" in question
        assert str(tmp_path / "saves") in question
        assert save_names(tmp_path) == [kept]
        await pilot.press("n")  # no: back to the offer
        await settle(pilot)
        assert isinstance(again.screen, ResumeScreen) and save_names(tmp_path) == [kept]
        await pilot.press("n", "y")
        await settle(pilot)
        assert isinstance(again.screen, NewGameScreen)
    names = save_names(tmp_path)
    assert not any(n.endswith(".json") for n in names)
    assert any(n.startswith(kept + ".abandoned-") for n in names)
    assert Store(tmp_path).resumable() is None


async def test_escape_on_the_resume_offer_keeps_the_save_for_later(tmp_path):
    await leave_a_game_unfinished(tmp_path)
    (kept,) = save_names(tmp_path)
    before = (tmp_path / "saves" / kept).read_text()
    again = make_app(tmp_path, start=False)
    async with again.run_test(size=(80, 24)) as pilot:
        await answer_offer(pilot, "escape")
        assert isinstance(again.screen, NewGameScreen)
        assert save_names(tmp_path) == [kept]
        # Not claimed any more: another copy may take it at once.
        assert Store(tmp_path).resumable().game_id == kept.removesuffix(".json")
    assert (tmp_path / "saves" / kept).read_text() == before
    third = make_app(tmp_path, start=False)
    async with third.run_test(size=(80, 24)) as pilot:  # offered again on the next start
        await settle(pilot)
        assert isinstance(third.screen, ResumeScreen)
        await pilot.click("#later")  # the button does the same
        await settle(pilot)
        assert isinstance(third.screen, NewGameScreen)
    assert save_names(tmp_path) == [kept]


async def test_the_quit_dialog_says_the_game_is_saved(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert str(app.screen.question) == ("Quit the game in progress?\n"
                                            "It is saved and will be offered when you start scopa-tui again.")
        await pilot.press("n")
    unsaved = ScopaApp(GameConfig(players=2, ai=["greedy"], seed=7), start=True, ai_delay=0)
    async with unsaved.run_test(size=(80, 24)) as pilot:  # no data directory: nothing is saved
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        assert "It is not saved" in str(unsaved.screen.question)


async def test_the_quit_dialog_does_not_say_saved_when_the_last_save_failed(tmp_path, monkeypatch):
    """A full disk: the move was not saved, so the question must not promise it is."""
    import scopa_tui.store.saves as saves
    from scopa_tui.store.files import StoreError

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert await my_turn(pilot)

        def full(path, text):
            raise StoreError(f"could not write {path}: No space left on device")

        monkeypatch.setattr(saves, "atomic_write_text", full)
        await play_one(pilot)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        question = str(app.screen.question)
        assert "It is saved" not in question
        assert question == ("Quit the game in progress?\nIt could not be saved just now: quitting loses the moves"
                            " since its last save.")
        await pilot.press("n")
        await settle(pilot)
        monkeypatch.undo()  # space again: the question tries once more and says it is saved
        await pilot.press("q")
        await settle(pilot)
        assert str(app.screen.question).startswith("Quit the game in progress?\nIt is saved")
        await pilot.press("n")


async def test_a_finished_game_goes_to_history_and_statistics(tmp_path):
    app = make_app(tmp_path, target=1)  # over after the first hand (or a tie-break hand)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play_to_game_over(pilot)
        assert isinstance(app.screen, GameOverScreen)
        game = app.game
    store = Store(tmp_path)
    (entry,) = store.history()
    assert store.history_record(entry.id) == records.dumps(game)
    assert entry.won == (game.winner == 0) and entry.opponents == "greedy"
    assert store.stats().games == 1
    assert list((tmp_path / "saves").glob("*.json")) == []
    assert store.resumable() is None
    # The choices are remembered for the next run.
    assert store.settings.new_game["ai"] == ["greedy"] and store.settings.new_game["target"] == 1


@pytest.mark.parametrize("end", ["space again", "new game anyway"])
async def test_leaving_a_finished_game_that_could_not_be_saved_asks_first(tmp_path, monkeypatch, end):
    """A full disk: neither the history nor its save took the finished game, and the notice
    said quitting tries once more.  q, Ctrl+Q and n on the game-over screen left at once,
    and the game was lost.  They try the save again first and ask when it fails again."""
    import scopa_tui.store.saves as saves
    from scopa_tui.store.files import StoreError

    def full(path, text):
        raise StoreError(f"could not write {path}: No space left on device")

    app = make_app(tmp_path, target=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        monkeypatch.setattr(saves, "atomic_write_text", full)
        monkeypatch.setattr(app.store.db, "add_game", lambda *args: False)  # on that disk too
        await play_to_game_over(pilot)
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        for key, question in (("q", "Quit?\nThe finished game could not be added to the history or saved: "
                                    "quitting loses it."),
                              ("ctrl+q", "Quit?"),
                              ("n", "Start another game?\nThe finished game could not be added to the history "
                                    "or saved: starting another loses it.")):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen) and str(app.screen.question).startswith(question)
            await pilot.press("n")  # back
            await settle(pilot)
            assert isinstance(app.screen, GameOverScreen) and app.is_running
        if end == "new game anyway":
            await pilot.press("n", "y")
            await settle(pilot)
            assert isinstance(app.screen, NewGameScreen)
            return
        monkeypatch.undo()  # space again: q saves it and quits without asking
        await pilot.press("q")
        await settle(pilot)
        assert not app.is_running
        game = app.game
    store = Store(tmp_path)
    assert store.resumable() is None  # filed at this start, from the save q made
    (entry,) = store.history()
    assert store.history_record(entry.id) == records.dumps(game)


async def test_theme_changes_are_remembered(tmp_path):
    app = make_app(tmp_path, start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.theme = "nord"
        await settle(pilot)
    assert json.loads((tmp_path / "settings.json").read_text())["theme"] == "nord"


async def test_statistics_and_history_from_the_palette_and_the_new_game_screen(tmp_path):
    app = make_app(tmp_path, start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Statistics" in titles and "History" in titles
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("f2")
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)
        assert app.screen.query_one("#stats-title").styles.text_style.bold  # store.tcss is loaded
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("escape", "escape")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)


async def test_f2_typed_ahead_or_pressed_on_the_statistics_opens_them_once(tmp_path):
    # Each F2 stacked another statistics screen (one Esc each to get back); keys spammed
    # at the game stacked hundreds, the app busy drawing them for minutes.
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f2", "f2", "f2")  # before the statistics are read
        await settle(pilot)
        await pilot.press("f2")  # on them
        await settle(pilot)
        assert [type(s) for s in app.screen_stack].count(StatsScreen) == 1
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


async def test_f2_opens_the_statistics_over_the_scoring_and_the_game_over(tmp_path):
    """F2 is the app's: a modal screen (the scoring, the game over, a dialog) stopped it, and
    it did nothing where the player most wants the statistics, at the end of a game."""
    app = make_app(tmp_path, target=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        seen = set()
        for _ in range(400):
            if isinstance(app.screen, (HandOverScreen, GameOverScreen)):
                over = app.screen
                await pilot.press("f2")
                await settle(pilot)
                assert isinstance(app.screen, StatsScreen) and app.screen_stack[-2] is over
                await pilot.press("escape")
                await settle(pilot)
                assert app.screen is over
                seen.add(type(over))
                if isinstance(over, GameOverScreen):
                    break
                await pilot.press("enter")
                await settle(pilot)
            elif await my_turn(pilot):
                await play_one(pilot)
        assert seen == {HandOverScreen, GameOverScreen}


async def test_the_new_game_footer_still_says_f2(tmp_path):
    app = make_app(tmp_path, start=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        shown = {key: b.binding.description for key, b in app.screen.active_bindings.items() if b.binding.show}
        assert shown.get("f2") == "statistics"


async def test_sigterm_saves_and_exits(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert await my_turn(pilot)
        await play_one(pilot)
        game = app.game
        import signal
        app._terminated(signal.SIGTERM)
        await pilot.pause()
    assert app.return_code == 0
    saved = Store(tmp_path).resumable()
    assert records.dumps(saved.game) == records.dumps(game)


async def test_a_bad_save_is_reported_in_the_app(tmp_path):
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "x.json").write_text('{"format": "scopa-tui-save", "version": 1, "rec')
    app = make_app(tmp_path, start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        messages = [n.message for n in app._notifications]
        assert any(str(tmp_path / "saves" / "x.json") in m and "moved it to" in m for m in messages)
        assert isinstance(app.screen, NewGameScreen)


async def test_thirty_damaged_saves_are_one_notice_in_the_app(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    for i in range(30):
        (saves / f"g{i:02}.json").write_text("{")
    app = make_app(tmp_path, start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        (message,) = [n.message for n in app._notifications]  # one toast, not thirty stacked
        assert message.startswith(f"30 saved games in {saves} could not be resumed: 30 damaged, moved aside")
        assert isinstance(app.screen, NewGameScreen)


async def test_a_notice_quoting_square_brackets_is_shown_as_it_is(tmp_path):
    # The notice quotes the data directory's path and the save's bad event: Textual read
    # "[/]" as markup it could not parse and stopped the app before its first screen.
    data_dir = tmp_path / "a[/]b"
    path = Store(data_dir).saves.path("x")
    path.write_text(json.dumps({"format": "scopa-tui-save", "version": 1, "setup": {},
                                "record": [{"event": "[/]"}]}))
    app = make_app(data_dir, start=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:  # the toasts drawn
        await settle(pilot)
        messages = [n.message for n in app._notifications]
        assert any(str(path) in m and "'[/]'" in m and "moved it to" in m for m in messages)
        assert isinstance(app.screen, NewGameScreen) and app.return_code is None
        assert "'[/]'" in str(app.screen.query_one("Toast").render())

def test_app_without_a_data_dir_stores_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOPA_TUI_DATA_DIR", str(tmp_path / "never"))
    app = ScopaApp(GameConfig(), ai_delay=0)
    assert app.store is None
    assert not (tmp_path / "never").exists()


def test_ago():
    assert ago(1000, now=1030) == "just now"
    assert ago(1000, now=1000 + 5 * 60) == "5 minutes ago"
    assert ago(1000, now=1000 + 3600) == "1 hour ago"
    assert ago(0, now=3 * 86400) == "3 days ago"


async def test_resume_between_hands_shows_the_scoring_then_deals_the_next_hand(tmp_path):
    from scopa_tui.engine import Game, make_rules
    from scopa_tui.store import GameSetup

    game = Game(make_rules(players=2), seed=5)
    game.start()
    while game.phase == "play":
        game.play(game.legal_moves()[0])
    assert game.phase == "hand_over"
    store = Store(tmp_path)
    store.saves.save(game, GameSetup(["You", "Anna"], [None, "random"], 0), "between")
    app = make_app(tmp_path, start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # resume
        await settle(pilot)
        assert isinstance(app.screen, HandOverScreen)
        assert app.game.totals == game.totals and app.config.ai == ["random"]
        await pilot.press("enter")  # next hand
        await settle(pilot)
        assert app.game.hand_no == 2 and app.game.phase == "play"
        saved = json.loads((tmp_path / "saves" / "between.json").read_text())["record"]
        assert saved == [e.to_record() for e in app.game.events]
        await pilot.press("q", "y")


def test_launch_options_remember_the_command_line(tmp_path):
    from argparse import Namespace

    from scopa_tui.ui.persistence import launch_options

    def args(**kw):
        base = dict(data_dir=str(tmp_path), ascii=None, ai_delay=None, deck=None)
        base.update(kw)
        return Namespace(**base)

    first = launch_options(args())
    assert (first.ascii, first.ai_delay, first.theme, first.config) == (False, 0.8, None, None)
    launch_options(args(ascii=True, ai_delay=0.3, deck="french"))
    again = launch_options(args())
    assert (again.ascii, again.ai_delay) == (True, 0.3)
    assert launch_options(args(ascii=False)).ascii is False  # --no-ascii after --ascii
    assert launch_options(args()).ascii is False


def test_remembered_new_game_choices_are_checked(tmp_path):
    from scopa_tui.ui.persistence import config_from_settings, launch_options

    assert config_from_settings({"players": 4, "preset": "standard", "target": 16, "deck": None,
                                 "ai": ["greedy", "random", "greedy"]}).target == 16
    assert config_from_settings({"players": 5}) is None
    assert config_from_settings({"players": 3, "preset": "gamerules"}) is None  # no longer valid
    assert config_from_settings({"ai": ["wizard"]}) is None
    assert config_from_settings({"ai": "greedy"}) is None
    (tmp_path / "settings.json").write_text('{"version": 1, "theme": "no-such-theme"}')
    from argparse import Namespace
    opts = launch_options(Namespace(data_dir=str(tmp_path), ascii=False, ai_delay=None, deck=None))
    assert opts.theme is None
    assert len(opts.notices) == 1 and "unknown theme 'no-such-theme'" in opts.notices[0]


@pytest.mark.parametrize("block,bad", [
    ({"players": 5, "ai": ["greedy"]}, "new_game"),
    ({"players": 2, "ai": ["wizard"]}, "new_game"),
    ({"players": 3, "preset": "gamerules"}, "new_game"),
    ({"players": 2, "preset": "standard", "target": 10**9, "ai": ["greedy"]}, "new_game.target"),
])
def test_remembered_new_game_choices_that_cannot_start_are_one_line(tmp_path, block, bad):
    # They were dropped without a word (the form's defaults, or the game's target, instead).
    # The rest of the file is used, and the file is left as it was.
    from argparse import Namespace

    from scopa_tui.ui.persistence import launch_options

    text = json.dumps({"version": 1, "theme": "nord", "ai_delay": 0.2, "new_game": block})
    (tmp_path / "settings.json").write_text(text)
    opts = launch_options(Namespace(data_dir=str(tmp_path), ascii=None, ai_delay=None, deck=None))
    path = tmp_path / "settings.json"
    assert opts.notices == [f"settings file {path}: ignored bad value of {bad}; using the default"]
    assert (opts.theme, opts.ai_delay) == ("nord", 0.2)
    assert (opts.config is None) == (bad == "new_game") and path.read_text() == text
    good = {"players": 2, "preset": "standard", "target": 21, "ai": ["greedy"]}
    path.write_text(json.dumps({"version": 1, "new_game": good}))
    opts = launch_options(Namespace(data_dir=str(tmp_path), ascii=None, ai_delay=None, deck=None))
    assert opts.notices == [] and opts.config.target == 21


@pytest.mark.parametrize("target", [0, -3, 10**9, 1000, "11", True, 1.5])
def test_a_remembered_target_the_form_cannot_start_is_left_out(target):
    # A target of 10**9 was taken: the form showed "1000000" in its three-digit field and
    # Start refused it; 0 dropped every other remembered choice with it.
    from scopa_tui.ui.persistence import config_from_settings

    config = config_from_settings({"players": 4, "preset": "standard", "target": target, "ai": ["hard"]})
    assert config is not None and config.target is None and config.players == 4 and config.ai == ["hard"]


async def test_a_remembered_target_of_a_billion_starts_the_game_to_the_presets(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps(
        {"version": 1, "new_game": {"players": 2, "preset": "standard", "target": 10**9, "ai": ["greedy"]}}))
    from argparse import Namespace

    from scopa_tui.ui.persistence import launch_options

    config = launch_options(Namespace(data_dir=str(tmp_path), ascii=False, ai_delay=None, deck=None)).config
    app = ScopaApp(config, start=False, ai_delay=0, data_dir=str(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.game.rules.target == 11


async def test_resume_of_a_game_against_an_ai_this_version_lacks(tmp_path):
    from scopa_tui.engine import Game, make_rules
    from scopa_tui.store import GameSetup

    game = Game(make_rules(players=2), seed=5)
    game.start()
    game.play(game.legal_moves()[0])
    Store(tmp_path).saves.save(game, GameSetup(["You", "Anna"], [None, "wizard:level=9"], 0), "w")
    app = make_app(tmp_path, start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.config.ai != ["wizard:level=9"] and len(app.game.events) >= len(game.events)
        await pilot.press("q", "y")


@pytest.mark.parametrize("players,kept,remembered,said", [
    (2, ["easy"], ["hard"], "against hard:"),
    (4, ["easy"] * 3, ["hard", "random", "medium"], "(partner: random; opponents: hard and medium):"),
])
async def test_the_resume_question_names_the_ais_the_game_is_resumed_with(tmp_path, players, kept, remembered,
                                                                          said):
    # The question named the AIs of the save's setup ("easy") while the game was resumed with
    # the save's remembered choices ("hard"): it says what is resumed now.
    from scopa_tui.ui.persistence import config_to_settings

    game = play(Game(make_rules(players=players), seed=5), 3, seed=5)
    remembered_config = config_to_settings(GameConfig(players=players, ai=remembered))
    setup = GameSetup(["You", "Anna", "Bruno", "Carla"][:players], [None, *kept], 0, {"config": remembered_config})
    Store(tmp_path).saves.save(game, setup, "g")
    app = make_app(tmp_path, start=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        assert said in str(app.screen.query_one("#question").render())
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.config.ai == remembered
        await pilot.press("q", "y")


def app_with_files_of(data_dir, setup: GameSetup) -> ScopaApp:
    """An app over a data directory holding a finished game and a save, both of ``setup``."""
    store = Store(data_dir)
    file_game(store, play(Game(make_rules(players=2), seed=3), seed=3), setup, "done")
    store.saves.save(play(Game(make_rules(players=2), seed=5), 3, seed=5), setup, "open")
    return make_app(data_dir, start=False)


async def test_names_and_ais_from_the_files_are_shown_as_they_are(tmp_path):
    # A save's or the history's names and AIs are the file's: "[/]" in them stopped the app
    # (Textual read them as markup) on the resume offer, the history and the replay.
    from scopa_tui.ui.screens.replay import ReplayScreen

    app = app_with_files_of(tmp_path, GameSetup(["You", "[/]Anna"], [None, "cmd:bot [/]"], 0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)  # the game as it is resumed: the app's names for its seats
        assert "against bot: You:\u00a00, Anna:\u00a00." in str(app.screen.query_one("#question").render())
        await pilot.press("escape")
        await settle(pilot)
        app.action_show_history()
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen) and app.return_code is None
        assert "[/]Anna" in str(app.screen.query_one("#replay-totals").render())


def screen_text(app) -> str:
    """Every character the screen shows, as the terminal would be sent it (styles aside)."""
    return "\n".join("".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips())


async def test_names_from_the_files_send_the_terminal_no_control_characters(tmp_path):
    # A name in a save, the history or a record holding ESC or BEL went to the terminal as
    # it was: "\x1b[2J" cleared the screen under the resume offer, "\x1b]0;...\x07" set the
    # terminal's title, on the resume offer, the history and the replay.
    from scopa_tui.ui.screens.replay import ReplayScreen

    app = app_with_files_of(tmp_path, GameSetup(["You", "\x1b[2J\x1b]0;pwned\x07Anna\r\n"], [None, "greedy\x1b[41m"], 0))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        shown = screen_text(app)
        assert "Anna" in shown and not any(ch in shown for ch in "\x1b\x07\r")
        await pilot.press("escape")
        await settle(pilot)
        app.action_show_history()
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        shown = screen_text(app)
        assert "greedy" in shown and "\x1b" not in shown
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("right")
        await settle(pilot)
        shown = screen_text(app)
        assert "Anna" in shown and not any(ch in shown for ch in "\x1b\x07\r")


async def test_resume_of_a_game_of_a_preset_this_version_lacks(tmp_path):
    # The record's rules say every rule; its preset is only a name (docs/record-format.md).
    # A name this version lacks stopped the app as the game was resumed.
    from scopa_tui.engine import Game, make_rules

    game = Game(replace(make_rules("ludoteka", players=2), preset="a newer one"), seed=5)
    game.start()
    game.play(game.legal_moves()[0])
    Store(tmp_path).saves.save(game, setup_for(), "w")
    app = make_app(tmp_path, start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.return_code is None
        assert app.game.rules.preset == "a newer one" and app.game.rules.primiera_chart == "ludoteka"
        assert app.config.preset == "standard"
        await pilot.press("q", "y")


async def test_q_on_the_resume_offer_quits_and_keeps_the_save(tmp_path):
    # The first screen of a start with a game unfinished: q did nothing there, where every
    # other screen quits with it.
    await leave_a_game_unfinished(tmp_path)
    (kept,) = save_names(tmp_path)
    before = (tmp_path / "saves" / kept).read_text()
    again = make_app(tmp_path, start=False)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, ResumeScreen)
        await pilot.press("q")
        await settle(pilot)
        assert not again.is_running
    assert (tmp_path / "saves" / kept).read_text() == before
    assert Store(tmp_path).resumable().game_id == kept.removesuffix(".json")  # offered again


async def test_y_answers_the_resume_question_like_enter(tmp_path):
    await leave_a_game_unfinished(tmp_path)
    again = make_app(tmp_path, start=False)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, ResumeScreen)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(again.screen, GameScreen)
        assert plays(again.game) >= 1
        await pilot.press("q", "y")


async def test_f2_then_right_chooses_a_game_and_h_shows_its_history(tmp_path):
    store = Store(tmp_path)
    for seed, variant in ((1, "scopa"), (2, "escoba")):
        file_game(store, play(Game(make_rules(variant=variant), seed=seed), seed=seed), setup_for(), f"g{seed}",
                  when=1000.0 + seed)
    app = make_app(tmp_path, start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f2")
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("right", "right")  # the game's choice has the keys at once
        assert app.screen.variant == "escoba" and app.screen.shown.games == 1
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        assert [e.game_id for e in app.screen.entries] == ["g2"]
        await pilot.press("escape", "left")  # back, and the keys go on choosing
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen) and app.screen.variant == "scopa"


async def test_ctrl_p_over_statistics_that_opened_over_the_palette_does_not_crash(tmp_path, monkeypatch):
    """F2 then Ctrl+P at once: the statistics, read in the background, open over the palette;
    Ctrl+P there opened a second palette with the same id (DuplicateIds) and the game crashed."""
    import time

    from textual.command import CommandPalette

    read = Store.stats
    monkeypatch.setattr(Store, "stats", lambda self, *a, **k: (time.sleep(0.3), read(self, *a, **k))[1])
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f2", "ctrl+p")
        await settle(pilot)
        assert [type(s).__name__ for s in app.screen_stack][-2:] == ["Palette", "StatsScreen"]
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert sum(isinstance(s, CommandPalette) for s in app.screen_stack) == 1
        await pilot.press("escape", "escape")  # back to the palette left open under them
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)


@pytest.mark.parametrize("key", ["ctrl+c", "ctrl+q"])
async def test_ctrl_c_and_ctrl_q_ask_before_losing_an_unsaved_game_and_quit_a_saved_one(tmp_path, key):
    """They quit a game not saved in this run (a data directory that cannot be used) at once,
    without a word: now they ask q's question, and a second press on it quits."""
    unsaved = ScopaApp(GameConfig(players=2, ai=["greedy"], seed=7), start=True, ai_delay=0)
    async with unsaved.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await settle(pilot)
        assert isinstance(unsaved.screen, ConfirmScreen) and "It is not saved" in str(unsaved.screen.question)
        await pilot.press("n")  # keep playing
        await settle(pilot)
        assert isinstance(unsaved.screen, GameScreen) and unsaved.is_running
        await pilot.press(key, key)
        await settle(pilot)
        assert not unsaved.is_running
    saved = make_app(tmp_path)
    async with saved.run_test(size=(80, 24)) as pilot:  # saved after every move: quits at once
        await settle(pilot)
        await pilot.press(key)
        await settle(pilot)
        assert not saved.is_running
    assert Store(tmp_path).resumable() is not None  # and offered next time


async def test_q_on_the_too_small_notice_asks_before_losing_an_unsaved_game():
    """Below 80×24 the notice's q quit an unsaved game at once; now the notice asks in its own
    words (a dialog over it would be cut), wrapped to the terminal's width."""
    from textual.widgets import Static

    from scopa_tui.ui.screens.dialogs import TooSmallScreen

    app = ScopaApp(GameConfig(players=2, ai=["greedy"], seed=7), start=True, ai_delay=0)
    async with app.run_test(size=(40, 15)) as pilot:
        await settle(pilot)
        notice = app.screen
        assert isinstance(notice, TooSmallScreen)
        box = notice.query_one("#too-small", Static)
        from textual.geometry import Region

        drawn = " ".join(strip.text.strip() for strip in box.render_lines(Region(0, 0, *box.region.size)))
        assert box.region.width <= 40 and "(q quits)" in drawn and "80×24." in drawn, drawn  # wrapped, not cut
        await pilot.press("q")
        await settle(pilot)
        assert app.is_running and notice.asking
        assert "Quitting now loses" in str(box.render()) or "loses its moves" in str(box.render())
        await pilot.press("n")  # goes on: the notice again
        await settle(pilot)
        assert app.is_running and not notice.asking and "80×24" in str(box.render())
        await pilot.press("ctrl+c")  # Ctrl+C asks the same
        await settle(pilot)
        assert app.is_running and notice.asking
        await pilot.press("y")
        await settle(pilot)
        assert not app.is_running


@pytest.mark.parametrize("key", ["escape", "enter"])
async def test_the_notices_of_the_start_wait_for_the_resume_answer_and_come_as_one(tmp_path, key):
    # A bad settings file gave two notices at once, stacked over the resume offer's buttons.
    await leave_a_game_unfinished(tmp_path)
    settings = json.loads((tmp_path / "settings.json").read_text())
    settings.update(theme="no-such-theme", ai_delay="fast")
    (tmp_path / "settings.json").write_text(json.dumps(settings))
    again = make_app(tmp_path, start=False)
    from scopa_tui.ui.persistence import settings_theme
    assert settings_theme(again.store) is None  # as the launch does: its notice joins the store's
    async with again.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, ResumeScreen)
        assert list(again._notifications) == []  # nothing over the question
        await answer_offer(pilot, key)
        assert isinstance(again.screen, NewGameScreen if key == "escape" else GameScreen)
        (notice,) = again._notifications
        assert "ai_delay" in notice.message and "no-such-theme" in notice.message
        assert notice.message.count("\n") == 1  # one line each, in one notice


async def test_later_offers_each_unfinished_game_in_turn_and_resuming_one_keeps_the_others(tmp_path):
    # Only the newest unfinished game was offered: Later kept it, and it came first again at
    # every start, so an older one could be reached only by finishing or setting aside the newer.
    import os

    (tmp_path / "saves").mkdir()
    for n, target in enumerate((11, 16, 21)):  # oldest first: the game to 21 is the newest
        alone = tmp_path / f"alone-{n}"  # a start with a save would offer it first
        app = make_app(alone, target=target)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert await my_turn(pilot)
            await play_one(pilot)
            await pilot.press("q", "y")
        (path,) = (alone / "saves").glob("*.json")
        path = path.rename(tmp_path / "saves" / path.name)
        os.utime(path, (1_000_000 + n, 1_000_000 + n))  # the order of the saves: newest first
    by_target = {json.loads(p.read_text())["setup"]["extra"]["config"]["target"]: p.name
                 for p in (tmp_path / "saves").glob("*.json")}

    def offered(app) -> tuple[str, bool]:
        screen = app.screen
        assert isinstance(screen, ResumeScreen)
        summary = screen.summary() if callable(screen.summary) else screen.summary
        return summary, bool(screen.query("#more"))

    again = make_app(tmp_path, start=False)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        summary, more = offered(again)
        assert "game to 21" in summary and more
        assert "another unfinished game" in str(again.screen.query_one("#more").render())
        await pilot.press("escape")
        await settle(pilot)
        summary, more = offered(again)
        assert "game to 16" in summary and more
        await pilot.press("n", "y")  # set aside: the next one comes
        await settle(pilot)
        summary, more = offered(again)
        assert "game to 11" in summary and not more
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(again.screen, NewGameScreen)
        assert Store(tmp_path).resumable() is not None  # nothing left claimed by this copy
    assert sorted(p.name for p in (tmp_path / "saves").glob("*.json")) == sorted([by_target[11], by_target[21]])
    assert any(n.startswith(by_target[16] + ".abandoned-") for n in save_names(tmp_path))

    third = make_app(tmp_path, start=False)
    async with third.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        summary, more = offered(third)
        assert "game to 21" in summary and more  # the newest first again
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(third.screen, GameScreen) and third.game.rules.target == 21
        other = Store(tmp_path)  # the game to 11, looked at and not resumed, is free for another copy
        assert other.resumable().game_id == by_target[11].removesuffix(".json")
