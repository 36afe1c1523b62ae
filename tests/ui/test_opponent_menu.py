"""The new-game screen offers each player once: easy, medium, hard, random, external bot.

``greedy`` is the same player as ``easy``: the command line still takes it, the menu
shows it as easy.
"""

from __future__ import annotations

import pytest

from scopa_tui.ai.registry import canonical, make_player
from scopa_tui.cli import build_parser
from scopa_tui.ui.screens.new_game import NewGameScreen
from scopa_tui.ui.widgets.choice import Choice

from .helpers import make_app, settle


def _options(choice: Choice) -> list[tuple[str, str]]:
    return [(str(words), value) for words, value in choice.options]


async def test_the_opponent_menu_lists_each_level_once():
    app = make_app(start=False, ai=["medium"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        options = _options(app.screen.query_one("#ai-1", Choice))
        assert options == [("easy", "easy"), ("medium", "medium"), ("hard", "hard"), ("random", "random"),
                           ("external bot…", "cmd")]


async def test_greedy_from_the_command_line_is_shown_as_easy():
    app = make_app(start=False, ai=["greedy"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        choice = app.screen.query_one("#ai-1", Choice)
        assert choice.value == "easy"
        assert "greedy" not in [value for _, value in _options(choice)]


def test_greedy_stays_an_alias_of_easy_on_the_command_line():
    assert build_parser().parse_args(["--ai", "greedy,hard"]).ai == ["greedy", "hard"]
    assert canonical("greedy") == canonical("Greedy") == "easy" and canonical("hard:iters=5") == "hard:iters=5"
    assert type(make_player("greedy", seed=1)) is type(make_player("easy", seed=1))


async def test_the_partner_is_not_listed_among_the_opponents():
    """With 4 or 6 players the box of the other seats was "Opponents", the partner in it."""
    app = make_app(start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        col = screen.query_one("#ai-col")
        assert col.border_title == "Opponents" and not col.border_subtitle
        for players, partner in ((4, "Bruno"), (6, "Carla")):
            screen.query_one("#players", Choice).value = players
            await settle(pilot)
            assert (col.border_title, col.border_subtitle) == ("Partner and opponents", f"{partner} is your partner")
        app.set_language("it")
        await settle(pilot)
        col = screen.query_one("#ai-col")
        assert (col.border_title, col.border_subtitle) == ("Compagno e avversari", "Carla gioca in coppia con te")
        screen.query_one("#players", Choice).value = 3
        await settle(pilot)
        assert (col.border_title, col.border_subtitle) == ("Avversari", "")


@pytest.mark.parametrize("lang, said", [("it", "Carla gioca in coppia con te"), ("fr", "Carla fait équipe avec toi"),
                                        ("es", "Carla es tu pareja"), ("tl", "Kakampi mo si Carla")])
async def test_the_partner_of_six_players_is_named_in_words_of_either_gender(lang, said):
    # At six players the partner is Carla: French read "Carla est ton partenaire" (masculine).
    app = make_app(start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.set_language(lang)
        await settle(pilot)
        app.screen.query_one("#players", Choice).value = 6
        await settle(pilot)
        assert app.screen.query_one("#ai-col").border_subtitle == said
