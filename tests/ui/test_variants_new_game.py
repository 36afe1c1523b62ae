"""The new-game screen chooses any game of the Scopa family: the variant, its house rules
as boxes to tick with their explanations, players and target following the variant, and an
external bot that does not play the variant refused before the game starts."""

from __future__ import annotations

import sys

from textual.widgets import Static

from scopa_tui.engine import OPTIONS, VARIANTS
from scopa_tui.ui.widgets.choice import Choice
from scopa_tui.ui.widgets.toggle import Toggle

from .helpers import game_screen, make_app, settle, text_of

# A bot whose hello lists no variants: it plays plain Scopa only (docs/bot-protocol.md).
SCOPA_ONLY_BOT = """
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg.get("type") == "hello":
        print(json.dumps({"type": "hello", "protocol": "scopa-bot/1", "name": "old bot"}), flush=True)
    elif msg.get("type") == "quit":
        break
"""


def shown_options(screen) -> list[str]:
    """The house rules in view (a box not in view may not be made yet)."""
    return [name for name in OPTIONS if any(box.display for box in screen.query(f"#opt-{name}"))]


async def test_scopone_is_for_four_and_escoba_goes_to_21_with_the_spanish_deck():
    app = make_app(start=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.query_one("#variant", Choice).value == "scopa"
        assert shown_options(screen) == list(VARIANTS["scopa"].options)
        screen.query_one("#variant", Choice).value = "scopone-scientifico"
        await settle(pilot)
        players = screen.query_one("#players", Choice)
        assert players.value == 4 and [v for _, v in players.options] == [4]
        screen.query_one("#variant", Choice).value = "escoba"
        await settle(pilot)
        assert players.value == 2  # the player's 2 again: passing Scopone did not choose 4
        assert screen.query_one("#target", Choice).value == 21
        assert screen.query_one("#deck", Choice).value == "spanish"
        assert shown_options(screen) == list(VARIANTS["escoba"].options)
        assert "setenta-primiera" in shown_options(screen)
        info = text_of(screen.query_one("#preset-info"))
        # The deck's figures (the Spanish deck's), the summary begun as Scopa's after the colon.
        assert info.startswith("Escoba: 3 cards each and 4 on the table. Take any set of table cards")
        assert "(Sota 8, Caballo 9, Rey 10)" in " ".join(info.split())
        last = screen.query_one("#opt-last-play-scopa", Toggle)
        assert (last.label, last.summary) == ("Escoba on the last play",
                                              "a sweep with the last card of a hand counts as an escoba")
        screen.query_one("#opt-setenta-primiera", Toggle).focus()
        await settle(pilot)
        assert OPTIONS["setenta-primiera"].summary[:30] in " ".join(text_of(screen.query_one("#preset-info")).split())


async def test_the_players_chosen_come_back_after_a_game_for_four():
    """Stepping through the games with ← and → (Scopa, Scopone, ..., Escoba) sets the players
    the player chose again where the game allows them, not Scopone's 4; a count the player
    chose stays where it is allowed."""
    app = make_app(start=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        variant, players = screen.query_one("#variant", Choice), screen.query_one("#players", Choice)
        variant.focus()
        for key in ("right", "left"):  # Scopone scientifico and back to Scopa
            await pilot.press(key)
            await settle(pilot)
        assert variant.value == "scopa" and players.value == 2
        players.focus()
        await pilot.press("right")  # 3 players
        await settle(pilot)
        variant.focus()
        for key in ("right", "right", "right"):  # Scopone scientifico, classico, Escoba
            await pilot.press(key)
            await settle(pilot)
        assert variant.value == "escoba" and players.value == 3
        assert screen.read_config().players == 3


async def test_the_chosen_variant_and_house_rules_are_played():
    app = make_app(start=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.query_one("#variant", Choice).value = "scopone-scientifico"
        await settle(pilot)
        screen.query_one("#opt-napola", Toggle).value = True
        screen.query_one("#opt-primiera-all-suits", Toggle).value = False  # on by default
        config = screen.read_config()
        assert config.variant == "scopone-scientifico" and config.players == 4
        assert config.options == ["napola", "no-primiera-all-suits"]
        screen.action_start()
        await settle(pilot)
        rules = app.game.rules
        assert rules.variant == "scopone-scientifico" and rules.napola and not rules.primiera_requires_all_suits
        assert len(game_screen(app).pic.my_hand) == 10


async def test_an_external_bot_that_does_not_play_the_variant_is_refused(tmp_path):
    bot = tmp_path / "old_bot.py"
    bot.write_text(SCOPA_ONLY_BOT)
    app = make_app(start=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.query_one("#variant", Choice).value = "escoba"
        screen.query_one("#ai-1", Choice).value = "cmd"
        await settle(pilot)
        screen.query_one("#ai-cmd-1").value = f"{sys.executable} {bot}"
        screen.action_start()
        for _ in range(100):
            await pilot.pause(0.05)
            if "✗" in text_of(screen.query_one("#error", Static)):
                break
        error = " ".join(text_of(screen.query_one("#error", Static)).split())
        assert "✗" in error and "Escoba" in error and "plays only Scopa" in error, error
        assert app.screen is screen and app.game is None  # no game started


async def test_at_80_columns_the_line_under_the_form_says_what_sets_the_game_apart():
    """At 80×24 the two lines under the form hold as many of the summary's words as fit, then
    the pointer to the help: Escoba's sums of 15 are in view.  They said only "Escoba: 3
    cards each and 4 on the table. (? for the rules)", which is every game's deal."""
    from .helpers import shown

    app = make_app(start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.query_one("#variant", Choice).focus()
        screen.query_one("#variant", Choice).value = "escoba"
        await settle(pilot)
        lines = shown(screen.query_one("#preset-info")).strip().splitlines()
        assert len(lines) == 2, lines
        said = " ".join(line.strip() for line in lines)
        assert said.startswith("Escoba: 3 cards each and 4 on the table. Take any set of table cards")
        assert "adds up to 15" in said and said.endswith("… (? for the rules)"), said


def test_the_line_under_the_form_is_cut_after_a_word_not_after_a_sign():
    """Cut short, the summary ends with its last whole word and "…", without the comma,
    colon or French no-break space before the cut."""
    from types import SimpleNamespace

    from scopa_tui.ui.screens.new_game import NewGameScreen

    screen = SimpleNamespace(size=SimpleNamespace(width=80))
    said = NewGameScreen._fit(screen, "mot " * 20 + "Règle\u00a0: " + "x" * 100)
    assert said.endswith(" Règle… (? for the rules)"), said
    said = NewGameScreen._fit(screen, "mot " * 20 + "règle, " + "x" * 100)
    assert said.endswith(" règle… (? for the rules)"), said
