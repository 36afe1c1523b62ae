"""What the game screen says fits a terminal of 80×24 in every language (README.md,
Languages): a hand's heading in the play log takes one row, and a long hint shows whole in
the prompt, which grows for it (widgets/prompt.py) and gives the table its rows back after."""

from __future__ import annotations

import pytest

from scopa_tui import languages
from scopa_tui.ai.hint import explain
from scopa_tui.engine import Move
from scopa_tui.engine.text import _
from scopa_tui.ui.config import NAMES
from scopa_tui.ui.messages import HintReady
from scopa_tui.ui.widgets.cards import TableView
from scopa_tui.ui.widgets.prompt import Prompt
from scopa_tui.ui.widgets.scoreboard import PlayLog

from .helpers import game_screen, make_app, settle, shown, stacked_app, wait_for_my_turn

SIZE = (80, 24)
LANGS = ("en", "it", "fr", "es", "tl")


def _words(text: str) -> list[str]:
    return [word for word in text.split() if word != "—"]


@pytest.mark.parametrize("lang", LANGS)
async def test_a_hands_heading_in_the_log_takes_one_row(lang):
    languages.use(lang)
    app = make_app(seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_my_turn(pilot)
        await settle(pilot)
        screen = game_screen(app)
        log = screen.query_one(PlayLog)
        heading = log.texts[0]
        rows = [strip.text.strip() for strip in log.lines]
        assert rows[0] in (heading, heading.strip("— ")), rows  # all of it on its first row
        # Every dealer the game names, in a game of up to nine hands, has a heading of one row.
        for n in range(1, 10):
            for name in NAMES:
                head = (_("— Hand {n}: You deal —") if name == "You"
                        else _("— Hand {n}: {name} deals —")).format(n=n, name=name)
                before = len(log.lines)
                log.add(head, screen.deck, "hand")
                assert len(log.lines) == before + 1, (head, [s.text for s in log.lines[before:]])
        # A heading that fits keeps its dashes.
        log.add("— 1 —", screen.deck, "hand")
        assert log.lines[-1].text.strip() == "— 1 —"


# The player's first hand and the table it is dealt, and the hinted move: one that lays the
# settebello where a 7 can take it, one that leaves it there after a capture.
HINTS = {
    "settebello laid": ([["7d", "8c", "2c"], ["5c", "5s", "10b"]], ["8s", "8b", "9c", "10d"], Move("7d")),
    "settebello left": ([["4c", "2b", "6b"], ["5c", "5s", "10b"]], ["1s", "3b", "7d", "9c"],
                        Move("4c", ["1s", "3b"])),
}


@pytest.mark.parametrize("case", sorted(HINTS))
@pytest.mark.parametrize("lang", LANGS)
async def test_a_long_hint_shows_whole_and_the_prompt_shrinks_back(lang, case):
    languages.use(lang)
    hands, table, move = HINTS[case]
    app = stacked_app(hands, table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        prompt = screen.query_one(Prompt)
        felt = screen.query_one(TableView)
        before = (prompt.region.height, felt.card_size)
        view = screen.table.view()
        reason = explain(view, move, rank_name=screen.deck.rank_name)
        assert "settebello" in reason and len(reason) > 70  # a long one in every language
        screen.post_message(HintReady(move, reason, screen.token))
        await settle(pilot)
        said = screen.message.plain  # cards in the deck's style
        rows = shown(prompt).splitlines()
        assert said.startswith(_("Hint: {reason}.").partition("{reason}")[0]) and _words(" ".join(rows)) == _words(said), (rows, said)  # nothing cut
        # its last words, how many 7s are unseen (across a line's end too)
        assert " ".join(_words(reason)[-3:]) in " ".join(" ".join(rows).split())
        assert prompt.region.height == len(rows) == max(2, sum(1 for row in rows if row.strip()))
        if case == "settebello left":
            assert len(rows) in (3, 4)  # two lines could not say it (Tagalog's list of cards takes four)
        # kept where they take no line of their own beyond two, their words together
        keys = _("Enter plays it.").replace(" ", "\u00a0")
        bare = said.removesuffix(f" {keys}")
        assert (keys in said) == (prompt.lines_for(f"{bare} {keys}") <= max(2, prompt.lines_for(bare)))
        assert felt.card_size == before[1]  # the table keeps its cards
        await pilot.press("escape")
        await settle(pilot)
        assert (prompt.region.height, felt.card_size) == before  # two lines again


async def test_a_wider_terminal_gives_a_long_hint_two_lines_again():
    languages.use("fr")
    hands, table, move = HINTS["settebello left"]
    app = stacked_app(hands, table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        prompt = screen.query_one(Prompt)
        reason = explain(screen.table.view(), move, rank_name=screen.deck.rank_name)
        screen.post_message(HintReady(move, reason, screen.token))
        await settle(pilot)
        assert prompt.region.height == 3
        await pilot.resize_terminal(130, 40)
        await settle(pilot)
        assert prompt.region.height == 2 and _words(shown(prompt)) == _words(screen.message.plain)
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert prompt.region.height == 3
