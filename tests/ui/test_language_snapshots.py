"""Snapshots of the game and scoring screens in each language at 80x24 (README.md,
Languages): the longest words of each language still fit."""

from __future__ import annotations

import pytest

from scopa_tui import languages
from scopa_tui.engine.text import _
from scopa_tui.table.base import YOU

from .helpers import stacked_app
from .scoring_data import NAMES, first_hand, game_over_app, hand_over_app, played

SIZE = (80, 24)
LANGS = ("it", "fr", "es", "tl")


@pytest.mark.parametrize("lang", LANGS)
def test_game_screen_with_a_selection(snap_compare, lang):
    languages.use(lang)
    app = stacked_app([["7c", "7d", "1s"], ["9b", "9c", "10s"]], ["3c", "4s", "2b", "5d"])
    assert snap_compare(app, terminal_size=SIZE, press=["1"])


@pytest.mark.parametrize("lang", LANGS)
def test_scoring_screen(snap_compare, lang, monkeypatch):
    languages.use(lang)
    monkeypatch.setitem(NAMES, 2, [_(YOU), "Anna"])  # the app names the player in the language
    assert snap_compare(hand_over_app(first_hand(2), 2), terminal_size=SIZE)


@pytest.mark.parametrize("lang", LANGS)
def test_game_over_screen(snap_compare, lang, monkeypatch):
    languages.use(lang)
    monkeypatch.setitem(NAMES, 2, [_(YOU), "Anna"])
    assert snap_compare(game_over_app(played(2), 2), terminal_size=SIZE)
