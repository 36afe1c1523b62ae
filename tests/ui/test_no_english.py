"""No English on the screens of another language (issue 12; README.md, Languages).

Every screen a player meets is drawn in Italian, French, Spanish and Tagalog, and its text
is searched for English words that none of those languages uses: a message the code shows
without passing it through the catalogs shows up here.  Names (the seats' names, the deck
words that stay Italian or Spanish) and key names are not English words in this sense.
"""

from __future__ import annotations

import html
import re

import pytest

from scopa_tui import languages
from scopa_tui.engine import OPTIONS
from scopa_tui.engine.text import _
from scopa_tui.table.base import YOU
from scopa_tui.ui.app import ScopaApp
from scopa_tui.ui.config import GameConfig

from .helpers import make_app, settle, wait_for_my_turn
from .scoring_data import NAMES, first_hand, game_over_app, hand_over_app, played

LANGS = ("it", "fr", "es", "tl")
# Words that are English and nothing else in the four languages (each language below
# takes out the ones it shares).
ENGLISH = set("""
the and your you with take takes took taken cards card turn play plays played hand hands new game
games quit help hint hints nobody of to is are for from this that not on or all each points point
table deck players player win wins won against sweep sweeps coins cups swords clubs press choose
start resume later yes back close next statistics history replay settings language level easy
medium hard seat seats opponent opponents partner partners team teams dealer deal deals round tie
none only what when who which have has will can cannot must its by at as an be score scores
more most less than then there here left right top bottom shown show see same
""".split())
SHARED = {
    "it": set(),
    "fr": {"table", "score", "points", "point", "on", "as", "an", "tie", "ace"},
    "es": {"no", "as"},
    "tl": {"at", "is"},
}
WORD = re.compile(r"[A-Za-zÀ-ÿ']+")


def screen_lines(app) -> list[str]:
    """The screen's text, line by line, as the terminal shows it (from the SVG screenshot:
    each run of text at its column)."""
    svg = app.export_screenshot()
    rows: dict[float, dict[int, str]] = {}
    for x, y, length, body in re.findall(
            r'<text[^>]* x="([\d.]+)" y="([\d.]+)" textLength="([\d.]+)"[^>]*>([^<]*)</text>', svg):
        chars = html.unescape(body).replace("\xa0", " ")
        if not chars:
            continue
        cell = float(length) / len(chars)
        start = round(float(x) / cell)
        row = rows.setdefault(float(y), {})
        for i, ch in enumerate(chars):
            row[start + i] = ch
    return ["".join(row.get(c, " ") for c in range(max(row) + 1)) for _y, row in sorted(rows.items())]


# A word cut by a frame drawn over it (a dialog over the game) or cut short (…) is not a word.
FRAGMENT = re.compile(r"[\u2500-\u259f…]")


# What machines read stays English: a command-line option and a house rule's name as
# ``--option`` takes it ("--option no-primiera-all-suits", in a house rule's explanation).
MACHINE = re.compile(r"--[a-z][a-z-]*|\b(?:no-)?(?:" + "|".join(map(re.escape, OPTIONS)) + r")\b")


def screen_words(app) -> list[str]:
    words = []
    for line in screen_lines(app):
        line = MACHINE.sub(lambda m: " " * len(m.group(0)), line)
        for m in WORD.finditer(line):
            before = line[m.start() - 1] if m.start() else " "
            after = line[m.end()] if m.end() < len(line) else " "
            if not (FRAGMENT.match(before) or FRAGMENT.match(after)):
                words.append(m.group(0).lower())
    return words


def english_in(app, lang: str) -> list[str]:
    tells = ENGLISH - SHARED[lang]
    return sorted({w for w in screen_words(app) if w in tells})


async def _look(app, lang, size=(80, 24), before=None, label=""):
    languages.use(lang)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        if before is not None:
            await before(pilot)
            await settle(pilot)
        found = english_in(pilot.app, lang)
    assert not found, f"{label} in {lang}: English words on screen: {found}"


@pytest.mark.parametrize("lang", LANGS)
async def test_the_new_game_screen(lang):
    await _look(make_app(start=False), lang, size=(100, 30), label="new game")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key, label", [("1", "game with a card chosen"), ("q", "quit question")])
async def test_the_game_screen_after_a_key(lang, key, label):
    async def press(pilot):
        assert await wait_for_my_turn(pilot)
        await pilot.press(key)

    await _look(make_app(seed=12), lang, before=press, label=label)


@pytest.mark.parametrize("lang", LANGS)
async def test_the_scopone_game_screen(lang):
    await _look(make_app(players=4, ai=["greedy"] * 3, seed=9), lang, label="Scopone")


@pytest.mark.parametrize("lang", LANGS)
async def test_the_help_screen(lang):
    async def help(pilot):
        await pilot.press("question_mark")

    await _look(make_app(seed=12), lang, size=(100, 40), before=help, label="help")


@pytest.mark.parametrize("lang", LANGS)
async def test_the_scoring_screen(lang, monkeypatch):
    languages.use(lang)  # the app names the player in the language: so do the test's names
    monkeypatch.setitem(NAMES, 2, [_(YOU), "Anna"])
    await _look(hand_over_app(first_hand(2), 2), lang, label="scoring")


@pytest.mark.parametrize("lang", LANGS)
async def test_the_game_over_screen(lang, monkeypatch):
    languages.use(lang)
    monkeypatch.setitem(NAMES, 2, [_(YOU), "Anna"])
    await _look(game_over_app(played(2), 2), lang, label="game over")


@pytest.mark.parametrize("lang", LANGS)
async def test_the_too_small_screen(lang):
    await _look(make_app(), lang, size=(60, 18), label="too small")


@pytest.mark.parametrize("lang", LANGS)
async def test_statistics_and_history(lang, tmp_path):
    async def stats(pilot):
        pilot.app.action_show_stats()

    async def history(pilot):
        pilot.app.action_show_history()

    for before, label in ((stats, "statistics"), (history, "history")):
        app = ScopaApp(GameConfig(ai=["greedy"], seed=7), start=False, ai_delay=0, data_dir=str(tmp_path))
        await _look(app, lang, size=(100, 30), before=before, label=label)


@pytest.mark.parametrize("lang", LANGS)
async def test_the_resume_offer(lang, tmp_path):
    from .helpers import play_by_keys

    first = ScopaApp(GameConfig(ai=["greedy"], seed=7), start=True, ai_delay=0, data_dir=str(tmp_path))
    async with first.run_test(size=(80, 24)) as pilot:  # one move, saved at once
        assert await wait_for_my_turn(pilot)
        await play_by_keys(pilot, first.game.legal_moves()[0])
        await settle(pilot)
    await _look(ScopaApp(GameConfig(ai=["greedy"], seed=7), start=False, ai_delay=0, data_dir=str(tmp_path)),
                lang, label="resume offer")


@pytest.mark.parametrize("lang", LANGS)
async def test_the_replay(lang):
    from scopa_tui.engine import record
    from scopa_tui.store.frames import load_text
    from scopa_tui.ui.screens.replay import ReplayScreen

    from .scoring_data import played

    async def replay(pilot):
        (game,) = load_text(record.dumps(played(2)), names=[_(YOU), "Anna"])
        await pilot.app.push_screen(ReplayScreen([game], "2026-11-30.jsonl"))
        await settle(pilot)
        await pilot.press("right", "right", "right")

    languages.use(lang)
    await _look(make_app(start=False), lang, before=replay, label="replay")
