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
