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


@pytest.mark.parametrize("games", [1, 2])
@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_replays_keys_all_fit_80_columns(lang, games):
    # ? help and PgUp were left out at 80 columns, and in Italian Esc ran under "^p comandi";
    # [ and ] (another game of the file) were in no footer, and are in it only with games to go to
    languages.use(lang)
    text = "".join(records.dumps(finished_game(seed)) for seed in range(4, 4 + games))
    app = ReplayApp(load_text(text, names=["You", "Anna"]), "Replay")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = keys_in_view(app.screen)
        assert {"left", "right", "pageup", "pagedown", "home", "end", "escape", "question_mark"} <= set(shown)
        brackets = {"left_square_bracket", "right_square_bracket"}
        assert brackets <= set(shown) if games > 1 else not brackets & set(shown)
        if games == 1:  # ^p too; with [ and ] it gives way, as it does for any key (widgets/footer.py)
            assert app.screen.query(FooterKey).filter(".-command-palette")
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


def key_labels(screen) -> set[str]:
    """The keys as the footer draws them ("Esc", not the binding's "escape")."""
    return {str(k.key_display) for k in screen.query_one(Footer).query(FooterKey)}


# Textual's own names, which some screens showed beside the app's ("esc" here, "Esc" there).
TEXTUAL_NAMES = {"esc", "tab", "enter", "pgup", "pgdn", "home", "end", "^s", "^o", "^p", "f1", "f2", "f5"}


async def test_every_screen_names_its_keys_one_way(tmp_path, monkeypatch):
    # The game said "esc clear" and "tab next capture", the history and the statistics "Esc
    # back", the new-game screen "^s start" and "f2 statistics", the lobby "f5 refresh".
    from scopa_tui.ui.translate import key_label

    assert [key_label(k) for k in ("escape", "enter", "tab", "shift+tab", "ctrl+s", "f12", "pageup", "question_mark",
                                   "ctrl+shift+left", "shift+ctrl+right")] \
        == ["Esc", "⏎", "Tab", "Shift+Tab", "^S", "F12", "PgUp", "?", "^Shift+←", "^Shift+→"]
    monkeypatch.setattr(LobbyScreen, "action_refresh", lambda self: None)  # no server
    app = ScopaApp(ai_delay=0, data_dir=str(tmp_path))
    seen = {}
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        seen["new game"] = key_labels(app.screen)
        await pilot.press("question_mark")
        await settle(pilot)
        seen["help"] = key_labels(app.screen)
        await pilot.press("escape", "f2")
        await settle(pilot)
        seen["statistics"] = key_labels(app.screen)
        await pilot.press("escape", "ctrl+s")
        await settle(pilot)
        seen["game"] = key_labels(app.screen)
    app = ScopaApp(online={"server": "ws://127.0.0.1:7654/", "name": "Anna"}, ai_delay=0,
                   data_dir=str(tmp_path / "lobby"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        seen["lobby"] = key_labels(app.screen)
    replay = ReplayApp(load_text(records.dumps(finished_game()), names=["You", "Anna"]), "Replay")
    async with replay.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        seen["replay"] = key_labels(replay.screen)
    assert {"^S", "?", "F2", "^O", "^P"} <= seen["new game"], seen
    assert {"Esc"} <= seen["help"] and {"Esc", "?"} <= seen["statistics"], seen
    assert {"Tab", "⏎", "Esc", "h"} <= seen["game"], seen
    assert {"F5", "Esc", "F1"} <= seen["lobby"], seen
    assert {"Home", "End", "PgUp", "PgDn", "Esc", "?"} <= seen["replay"], seen
    assert not set().union(*seen.values()) & TEXTUAL_NAMES, seen


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_an_online_games_keys_stay_apart_at_80_columns(lang):
    # With "! chat" the keys of an online game did not fit 80 columns in Italian, French,
    # Spanish or Tagalog: drawn compact they ran into one another ("Tab ibang kuha ←→ baraha").
    from .test_online_snapshots import online_game_app

    languages.use(lang)
    try:
        app = online_game_app()
        async with app.run_test(size=(80, 24)) as pilot:
            app.show_table(app.table_for_test)
            for _ in range(12):  # the footer is drawn again once the turn is known
                await pilot.pause()
            for size, arrows in (((80, 24), lang == "en"), ((100, 30), True), ((80, 24), lang == "en")):
                await pilot.resize_terminal(*size)
                for _ in range(3):
                    await pilot.pause()
                footer = app.screen.query_one(Footer)
                keys = footer.query(FooterKey)
                assert not footer.compact  # a key's words two columns from the next key
                assert all(0 < key.region.right <= size[0] for key in keys), [key.region for key in keys]
                shown = {key.key for key in keys}
                assert shown >= {"tab", "enter", "escape", "h", "question_mark", "exclamation_mark", "q"}, shown
                assert ("left" in shown) == arrows, (size, shown)  # ←→ card: left out first
    finally:
        languages.use("en")
