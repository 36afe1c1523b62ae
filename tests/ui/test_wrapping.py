"""A wrapped line never begins with a sign that French sets after a space (: ; ? ! »): Rich's
line breaks keep a no-break space's words together, and a space before these signs
(scopa_tui/ui/wrapping.py), in the help at 80 and 100 columns and in any text Textual wraps."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.text import Text
from textual.content import Content
from textual.geometry import Region
from textual.widgets import Markdown
from textual.widgets._markdown import MarkdownBlock

from scopa_tui import languages
from scopa_tui.engine import make_rules
from scopa_tui.ui.card_render import DeckStyle
from scopa_tui.ui.screens.help import HelpScreen

from .helpers import make_app, settle

SIGNS = tuple(":;?!»")


def test_a_no_break_space_keeps_its_words_on_one_line():
    text = "Le premier à atteindre les points pour gagner\u00a0: à la fin"
    assert [line.plain for line in Content(text).wrap(46)] == [
        "Le premier à atteindre les points pour", "gagner\u00a0: à la fin"]
    assert [line.plain.rstrip() for line in Text(text).wrap(Console(), 46)] == [
        "Le premier à atteindre les points pour", "gagner\u00a0: à la fin"]
    # An ordinary space still breaks, and a word too long for a line is still folded.
    assert [line.plain for line in Content("aaaa\u00a0bbbbbbbb cc").wrap(8)] == ["aaaa\u00a0bbb", "bbbbb cc"]


@pytest.mark.parametrize("sign", SIGNS)
def test_a_line_does_not_break_before_a_closing_sign_even_after_an_ordinary_space(sign):
    """Textual's Markdown makes every space an ordinary one: the sign still stays on its line."""
    assert [line.plain for line in Content(f"un deux trois {sign} quatre").wrap(13)] == [
        "un deux", f"trois {sign}", "quatre"]
    assert [line.plain for line in Content("un deux « trois » quatre").wrap(9)] == ["un deux", "« trois »", "quatre"]


def _wrapped_lines(markdown: Markdown) -> list[str]:
    """Every line the help's paragraphs, list items and headings show after their first (a
    list item's first line may begin with a key: "? ou F1 : cette aide")."""
    lines = []
    for block in markdown.query(MarkdownBlock):
        if block.children:
            continue  # a list or a list item: its paragraphs are drawn by themselves
        width, height = block.size
        lines += [strip.text for strip in block.render_lines(Region(0, 0, width, height))][1:]
    return lines


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
@pytest.mark.parametrize("variant", ["scopa", "escoba"])
async def test_no_line_of_the_french_help_begins_with_a_sign(size, variant):
    languages.use("fr")
    app = make_app(start=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        rules = make_rules(variant=variant, options=("setenta-primiera",) if variant == "escoba" else ())
        app.push_screen(HelpScreen(DeckStyle("italian"), rules=rules))
        await settle(pilot)
        lines = _wrapped_lines(app.screen.query_one(Markdown))
        # the French no-break space before ":" (the help's Markdown keeps it: screens/help.py)
        assert len(lines) > 50 and any("\u00a0: " in line for line in lines)
        starts = [line for line in lines if line.strip().startswith(SIGNS)]
        assert not starts, starts
