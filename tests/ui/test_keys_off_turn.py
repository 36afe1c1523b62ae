"""Keys pressed while an AI is playing are not lost: a hand card (and table cards) chosen
then stays chosen for the player's turn; other play keys say whose turn it is."""

from __future__ import annotations

from scopa_tui.ui.widgets.cards import HandView

from .helpers import game_screen, settle, stacked_app


async def _during_the_ai_play(pilot):
    """Play 2c (it takes nothing); the AI's answer then stays on screen (a long AI delay)."""
    app = pilot.app
    await settle(pilot)
    await pilot.press("1", "enter")
    await app.workers.wait_for_complete()
    await pilot.pause()
    screen = game_screen(app)
    assert screen.preview is not None and not screen._my_turn()
    return screen


def _prompt(screen) -> str:
    return str(screen.message)


async def test_a_card_chosen_during_the_ai_turn_stays_chosen_for_mine():
    app = stacked_app([["2c", "8d", "1s"], ["7b", "9c", "10s"]], ["3c", "4s", "6b", "5d"])
    app.ai_delay = 60
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _during_the_ai_play(pilot)
        seat, ai_move = screen.preview
        kept = next(c for c in screen.pic.table if c not in ai_move.capture)  # still there after the AI
        await pilot.press("1", screen.table_labels()[kept])  # 8d (2c has been played)
        await pilot.pause()
        assert screen.selected == 0 and screen.query_one(HandView).selected == 0
        assert _prompt(screen).startswith("Not your turn: Anna is playing.") and "stays chosen" in _prompt(screen)
        screen._apply_ai(screen.token)  # the AI's play goes through
        await settle(pilot)
        assert screen._my_turn()
        assert screen.pic.my_hand[screen.selected].rank == 8  # 8d, chosen early
        assert kept in screen.capture
        assert _prompt(screen)[:1] in "✓✗"  # the choice is checked at once, as on the player's own turn


async def test_play_keys_during_the_ai_turn_say_whose_turn_it_is():
    app = stacked_app([["2c", "8d", "1s"], ["7b", "9c", "10s"]], ["3c", "4s", "6b", "5d"])
    app.ai_delay = 60
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _during_the_ai_play(pilot)
        screen._set_message(screen.message.__class__("Anna plays"))
        await pilot.press("enter")
        await pilot.pause()
        assert _prompt(screen) == "Not your turn: Anna is playing."
        assert screen.preview is not None  # nothing was played


def _footer_actions(screen) -> set[str]:
    """The actions of the keys the game screen's footer shows ("select", not "select(0)")."""
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    return {key.action.split("(")[0] for key in screen.query_one(Footer).query(FooterKey)}


async def test_no_play_key_nor_play_button_between_the_hands_last_card_and_its_scoring():
    from scopa_tui.ui.screens.game import PLAY_ACTIONS
    from scopa_tui.ui.screens.scoring import HandOverScreen

    from .helpers import make_app, play_by_keys, wait_for_my_turn

    app = make_app(seed=7)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        button = screen.query_one("#play-button")
        assert button.display and {"play", "select_step"} <= _footer_actions(screen)  # during the hand
        while screen.leftover is None:  # until the last cards wait on the table for their capturer
            if app.game.phase == "play" and screen.pic.stock == 0 and sum(screen.pic.hand_sizes) <= 2:
                screen.ai_delay = 1.0  # the last plays at a pace: the leftovers stay in view
            if screen._my_turn():
                await play_by_keys(pilot, app.game.legal_moves()[0])
            await pilot.pause()
        await pilot.pause()
        assert not screen.pic.my_hand and app.game.phase == "hand_over"
        assert not button.display
        assert not _footer_actions(screen) & set(PLAY_ACTIONS)
        for action in PLAY_ACTIONS:
            assert screen.check_action(action, ()) is False  # left out, not dimmed
        while not isinstance(app.screen, HandOverScreen):
            await pilot.pause(0.05)
        screen.ai_delay = 0
        await pilot.press("enter")  # the next hand
        assert await wait_for_my_turn(pilot)
        await settle(pilot)
        assert button.display and {"play", "select_step"} <= _footer_actions(screen)


async def test_enter_while_the_last_cards_go_shows_the_last_hands_scoring_before_the_result():
    # At the game's end the footer says "⏎ result" while the leftovers go to their side; Enter
    # then went straight to the game over, and the last hand's scoring was never shown.
    from scopa_tui.ui.screens.scoring import GameOverScreen, HandOverScreen

    from .helpers import make_app, play_by_keys

    app = make_app(seed=7, target=1)  # the first hand ends the game, cards left on the table
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        while screen.leftover is None:
            if app.game.phase == "play" and screen.pic.stock == 0 and sum(screen.pic.hand_sizes) <= 2:
                screen.ai_delay = 5.0  # the leftovers stay in view for 10 s: Enter comes first
            if screen._my_turn():
                await play_by_keys(pilot, app.game.legal_moves()[0])
            await pilot.pause()
        assert app.game.phase == "game_over" and screen.check_action("result", ()) is True
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)  # at once, not after the wait
        assert not any(isinstance(s, GameOverScreen) for s in app.screen_stack)
        assert screen.leftover is None and screen._scoring_soon is None
        app.screen.pause = 0  # its keys answer at once
        await pilot.press("enter")
        for _ in range(50):
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.pause(0.05)
        assert isinstance(app.screen, GameOverScreen)
        assert sum(isinstance(s, HandOverScreen) for s in app.screen_stack) == 0
