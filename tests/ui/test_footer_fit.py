"""Every screen's footer keeps every key in view at 80 columns, in every language: drawn
closer together where they would not fit (widgets/footer.py), the palette's ``^p`` last."""

from __future__ import annotations

import pytest
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel

from scopa_tui import languages
from scopa_tui.engine import Game, make_rules
from scopa_tui.engine import record as records
from scopa_tui.store.frames import load_text
from scopa_tui.ui.app import ScopaApp
from scopa_tui.ui.screens.lobby import LobbyScreen
from scopa_tui.ui.screens.replay import ReplayApp

LANGUAGES = ["en", "it", "es", "fr", "tl"]


def finished_game(seed: int = 4) -> Game:
    g = Game(make_rules(players=2), seed=seed)
    g.start()
    while not g.is_over:
        if g.phase == "hand_over":
            g.next_hand()
        else:
            g.play(g.legal_moves()[-1])
    return g


async def settle(pilot) -> None:
    for _ in range(3):
        await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    store = getattr(pilot.app, "store", None)
    if store is not None:  # the statistics are read on the store's own thread
        assert store.background.wait(10)
    for _ in range(3):
        await pilot.pause()


def keys_in_view(screen, width: int = 80) -> list[str]:
    """The footer's keys, each checked to lie whole before the palette's key (and the edge)."""
    footer = screen.query_one(Footer)
    palette = [k for k in footer.query(FooterKey) if k.has_class("-command-palette")]
    end = palette[0].region.x if palette else width
    assert not palette or palette[0].region.right <= width
    shown = []
    for widget in footer.query("FooterKey, FooterLabel"):
        if widget in palette:
            continue
        assert widget.region.width > 0 and widget.region.right <= end, (widget, widget.region, end)
        if isinstance(widget, FooterKey):
            shown.append(widget.key)
    labels = [str(w.render()) for w in footer.query(FooterLabel)]
    actions = {b.binding.action for b in screen.active_bindings.values() if b.binding.show}
    assert len(set(shown)) >= len(actions) - len(labels), shown  # no key left out
    return shown


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_replays_keys_all_fit_80_columns(lang):
    # ? help and PgUp were left out at 80 columns, and in Italian Esc ran under "^p comandi"
    languages.use(lang)
    app = ReplayApp(load_text(records.dumps(finished_game()), names=["You", "Anna"]), "Replay")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = keys_in_view(app.screen)
        assert {"left", "right", "pageup", "pagedown", "home", "end", "escape", "question_mark"} <= set(shown)
        assert app.screen.query(FooterKey).filter(".-command-palette")  # ^p too
        await pilot.press("pagedown", "left")  # a hand's scoring, which scrolls: the same keys
        await settle(pilot)
        assert keys_in_view(app.screen) == shown
    languages.use("en")


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_new_game_statistics_and_history_keys_all_fit_80_columns(lang, tmp_path):
    # Tagalog's "^o maglaro online…" ran under "^p mga utos" on the new-game screen
    languages.use(lang)
    app = ScopaApp(ai_delay=0, data_dir=str(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert {"ctrl+s", "question_mark", "q", "f2", "ctrl+o"} <= set(keys_in_view(app.screen))
        await pilot.press("f2")
        await settle(pilot)
        assert type(app.screen).__name__ == "StatsScreen"
        assert {"escape", "h", "question_mark"} <= set(keys_in_view(app.screen))  # ? help said
        await pilot.press("h")
        await settle(pilot)
        assert type(app.screen).__name__ == "HistoryScreen"
        assert {"escape", "question_mark"} <= set(keys_in_view(app.screen))
    languages.use("en")


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_lobby_says_f1_for_its_help(lang, tmp_path, monkeypatch):
    monkeypatch.setattr(LobbyScreen, "action_refresh", lambda self: None)  # no server
    languages.use(lang)
    app = ScopaApp(online={"server": "ws://127.0.0.1:7654/", "name": "Anna"}, ai_delay=0, data_dir=str(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LobbyScreen)
        assert {"f5", "escape", "f1"} <= set(keys_in_view(app.screen))  # ? types itself in its fields
    languages.use("en")
