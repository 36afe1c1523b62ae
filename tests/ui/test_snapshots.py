"""Snapshot tests of the screens at 80x24, fixed seeds (the scoring screens: test_scoring_snapshots.py)."""

from __future__ import annotations

from .helpers import make_app, stacked_app, variant_app, wait_for_my_turn

SIZE = (80, 24)


def test_new_game_screen(snap_compare):
    assert snap_compare(make_app(start=False), terminal_size=SIZE)


def test_new_game_screen_four_players(snap_compare):
    async def choose(pilot):
        app = pilot.app
        app.screen.query_one("#players").value = 4
        await pilot.pause()

    assert snap_compare(make_app(start=False), terminal_size=SIZE, run_before=choose)


def test_new_game_screen_external_bot(snap_compare):
    async def choose(pilot):
        app = pilot.app
        app.screen.query_one("#ai-1").value = "cmd"
        await pilot.pause()  # the command's row is made when shown
        app.screen.query_one("#ai-cmd-1").focus()
        await pilot.pause()
        app.screen.query_one("#ai-cmd-1").value = "python my_bot.py"
        await pilot.pause()

    assert snap_compare(make_app(start=False), terminal_size=SIZE, run_before=choose)


def test_new_game_screen_escoba_chosen(snap_compare):
    """Escoba with its house rules in view (the Napola box focused: its explanation below)."""
    async def choose(pilot):
        screen = pilot.app.screen
        screen.query_one("#variant").value = "escoba"
        await pilot.pause()
        screen.query_one("#opt-napola").focus()
        await pilot.pause()

    assert snap_compare(make_app(start=False), terminal_size=(100, 30), run_before=choose)


def test_game_screen_with_a_selection(snap_compare):
    app = stacked_app([["7c", "7d", "1s"], ["9b", "9c", "10s"]], ["3c", "4s", "2b", "5d"])
    assert snap_compare(app, terminal_size=SIZE, press=["1"])


def test_game_screen_illegal_choice(snap_compare):
    app = stacked_app([["7c", "7d", "1s"], ["9b", "9c", "10s"]], ["3c", "4s", "2b", "5d", "6b"][:4])
    assert snap_compare(app, terminal_size=SIZE, press=["1", "a"])


def test_game_screen_french_four_players(snap_compare):
    assert snap_compare(make_app(players=4, ai=["greedy"], seed=9, deck="french"), terminal_size=SIZE)


def test_game_screen_large_terminal(snap_compare):
    assert snap_compare(make_app(seed=12), terminal_size=(120, 40), press=["2"])


def test_help_screen(snap_compare):
    assert snap_compare(make_app(), terminal_size=SIZE, press=["question_mark"])


def test_help_screen_escoba(snap_compare):
    """An Escoba game's help explains Escoba (help_variants.py), in the Spanish deck's words."""
    from scopa_tui.ui.app import ScopaApp
    from scopa_tui.ui.config import GameConfig

    config = GameConfig(players=2, ai=["greedy"], seed=7, variant="escoba", deck="spanish")
    assert snap_compare(ScopaApp(config, start=True, ai_delay=0), terminal_size=SIZE,
                        press=["question_mark", "pagedown"])


def test_too_small_screen(snap_compare):
    assert snap_compare(make_app(), terminal_size=(60, 18))


def test_game_screen_ansi_dark_ascii(snap_compare):
    app = make_app(seed=12, theme="ansi-dark", ascii=True)
    assert snap_compare(app, terminal_size=SIZE, press=["1"])


def test_game_screen_ansi_light(snap_compare, light_terminal):
    """Drawn on a light terminal, as the theme is meant for: the coins in its magenta, apart
    from Coppe's red (they were its bright red), the settebello's border and star too."""
    app = light_terminal(make_app(seed=12, theme="ansi-light"))
    assert snap_compare(app, terminal_size=SIZE, press=["1"])


def test_game_screen_showing_an_ai_play(snap_compare):
    app = stacked_app([["2c", "8d", "1s"], ["7b", "9c", "10s"]], ["3c", "4s", "6b", "5d"])
    app.ai_delay = 60  # the AI's play stays on screen while the snapshot is taken

    async def play(pilot):
        await pilot.press("1", "enter")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=play)


def test_resume_dialog(snap_compare):
    from scopa_tui.ui.screens.resume import ResumeScreen

    async def offer(pilot):
        pilot.app.push_screen(ResumeScreen("hand 2 of a game to 11 against medium: You 3, Anna 5", 0))
        await pilot.pause()

    assert snap_compare(make_app(start=False), terminal_size=SIZE, run_before=offer)


def test_game_screen_ascii(snap_compare):
    # ASCII letters: ranks upper case, suits lower case (Cc is the Cavallo of Coppe)
    app = make_app(seed=12, ascii=True)
    assert snap_compare(app, terminal_size=SIZE, press=["1"])


def test_game_screen_french_log_after_a_hand(snap_compare):
    # The log's hand line names the points, the coins by the French name: Diamonds
    from scopa_tui.ui.screens.scoring import HandOverScreen as HandOver

    from .helpers import play_by_keys, settle

    async def first_hand(pilot):
        app = pilot.app
        while not isinstance(app.screen, HandOver):
            if await wait_for_my_turn(pilot):
                await play_by_keys(pilot, app.game.legal_moves()[-1])
        await pilot.press("enter")
        await settle(pilot)

    assert snap_compare(make_app(seed=5, deck="french"), terminal_size=SIZE, run_before=first_hand)


# The game screen at each player count, small and large (fixed seeds; the first card chosen).
LAYOUT_SEEDS = {2: 12, 3: 5, 4: 9, 6: 3}


def layout_app(players: int):
    return make_app(players=players, seed=LAYOUT_SEEDS[players])


async def choose_first_card(pilot):
    """Wait for the player's turn (the AIs before them play in workers), then choose card 1."""
    await wait_for_my_turn(pilot)
    await pilot.press("1")
    await pilot.pause()


def test_game_screen_2_players_80x24(snap_compare):
    assert snap_compare(layout_app(2), terminal_size=SIZE, run_before=choose_first_card)


def test_game_screen_3_players_80x24(snap_compare):
    assert snap_compare(layout_app(3), terminal_size=SIZE, run_before=choose_first_card)


def test_game_screen_4_players_80x24(snap_compare):
    assert snap_compare(layout_app(4), terminal_size=SIZE, run_before=choose_first_card)


def test_game_screen_6_players_80x24(snap_compare):
    assert snap_compare(layout_app(6), terminal_size=SIZE, run_before=choose_first_card)


def test_game_screen_6_players_80x24_under_a_four_line_hint(snap_compare):
    """The line under the table at its four lines: the seat above the table takes one fewer,
    and every side seat's pile count stays in view (a fixed text: the hint's search may change)."""
    from rich.text import Text

    from .helpers import game_screen, settle

    async def long_hint(pilot):
        await choose_first_card(pilot)
        game_screen(pilot.app)._set_message(Text(
            "Hint: lays 7d and leaves 6s 7c Cs Rc on the table, for no single card can sweep them "
            "and a 7 can still take the settebello (3 still unseen), while 6s alone gives a scopa."))
        await settle(pilot)

    assert snap_compare(layout_app(6), terminal_size=SIZE, run_before=long_hint)


def test_game_screen_2_players_160x50(snap_compare):
    assert snap_compare(layout_app(2), terminal_size=(160, 50), run_before=choose_first_card)


def test_game_screen_3_players_160x50(snap_compare):
    assert snap_compare(layout_app(3), terminal_size=(160, 50), run_before=choose_first_card)


def test_game_screen_4_players_160x50(snap_compare):
    assert snap_compare(layout_app(4), terminal_size=(160, 50), run_before=choose_first_card)


def test_game_screen_6_players_160x50(snap_compare):
    assert snap_compare(layout_app(6), terminal_size=(160, 50), run_before=choose_first_card)


def test_game_screen_6_players_200x60(snap_compare):
    assert snap_compare(layout_app(6), terminal_size=(200, 60), run_before=choose_first_card)


def test_game_screen_french_deck_large(snap_compare):
    app = make_app(players=2, seed=LAYOUT_SEEDS[2], deck="french")
    assert snap_compare(app, terminal_size=(160, 50), run_before=choose_first_card)


def test_game_screen_three_kings_redeal(snap_compare):
    app = make_app(seed=578)  # the first deal lays three Kings: the deal is void
    app.ai_delay = 60  # a pace above 0: the void table stays drawn while the snapshot is taken
    assert snap_compare(app, terminal_size=(100, 30))


def _scopone_app():
    return variant_app("scopone-scientifico", players=4)


def test_game_screen_scopone_100x30(snap_compare):
    """Scopone scientifico: ten cards held in a fan, the game's name in the top bar."""
    assert snap_compare(_scopone_app(), terminal_size=(100, 30), run_before=wait_for_my_turn)


def test_game_screen_scopone_80x24(snap_compare):
    assert snap_compare(_scopone_app(), terminal_size=(80, 24), run_before=wait_for_my_turn)
