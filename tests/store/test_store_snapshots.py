"""Snapshots of the replay viewer and the statistics screen at 80x24, the replay larger too (fixed seeds)."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from scopa_tui.engine import Game, make_rules
from scopa_tui.engine import record as records
from scopa_tui.store.db import Database
from scopa_tui.store.files import Notices
from scopa_tui.store.frames import load_text
from scopa_tui.store.saves import GameSetup
from scopa_tui.ui.screens.replay import ReplayApp
from scopa_tui.ui.screens.stats import StatsScreen
from scopa_tui.ui.translate import TranslatedApp

SIZE = (80, 24)
UI = Path(__file__).resolve().parents[2] / "scopa_tui" / "ui"


def game(seed: int, players: int = 2, pick: int = -1, variant: str = "scopa") -> Game:
    g = Game(make_rules(players=players, variant=variant), seed=seed)
    g.start()
    while not g.is_over:
        if g.phase == "hand_over":
            g.next_hand()
        else:
            moves = g.legal_moves()
            g.play(moves[pick % len(moves)])
    return g


def replay_app() -> ReplayApp:
    return ReplayApp(load_text(records.dumps(game(4)), names=["You", "Anna"]), "Replay")


def test_replay_viewer_on_a_capture(snap_compare):
    assert snap_compare(replay_app(), terminal_size=SIZE, press=["right"] * 6)


def test_replay_viewer_at_100x30_draws_the_hands_as_cards(snap_compare):
    assert snap_compare(replay_app(), terminal_size=(100, 30), press=["right"] * 6)


def test_replay_viewer_of_scopone_at_120x40_draws_the_hands_as_cards(snap_compare):
    app = ReplayApp(load_text(records.dumps(game(6, players=4, variant="scopone-scientifico"))), "Replay")
    assert snap_compare(app, terminal_size=(120, 40), press=["right"] * 3)


def test_replay_viewer_of_six_players_at_80x24_shows_each_sides_pile_once(snap_compare):
    """Each side's name, its pile under it, beside the seats' lines of cards."""
    names = ["You", "Anna", "Bruno", "Carla", "Dario", "Elena"]
    app = ReplayApp(load_text(records.dumps(game(5, players=6)), names=names), "Replay")
    assert snap_compare(app, terminal_size=SIZE, press=["right"] * 9)


def test_replay_viewer_in_ansi_light(snap_compare, light_terminal):
    """``scopa-tui replay`` in ansi-light on a light terminal: the played card marked by its
    border, as in the game, where the terminal's blue filled it under its cyan suit."""
    app = ReplayApp(load_text(records.dumps(game(4)), names=["You", "Anna"]), "Replay", theme="ansi-light")
    assert snap_compare(light_terminal(app), terminal_size=SIZE, press=["right"] * 6)


def test_replay_viewer_on_a_hands_scoring(snap_compare):
    assert snap_compare(replay_app(), terminal_size=SIZE, press=["pagedown", "left"])


class StatsApp(TranslatedApp, App):  # the keys named as the game's app names them (Esc, ^P)
    CSS_PATH = [UI / "app.tcss", UI / "game.tcss", UI / "store.tcss"]

    def __init__(self, stats):
        super().__init__()
        self.stats = stats

    def on_mount(self):
        self.push_screen(StatsScreen(self.stats))


def test_statistics_screen(snap_compare, tmp_path):
    db = Database(tmp_path / "s.sqlite3", Notices())
    for i, (seed, players, ai) in enumerate([(1, 2, "greedy"), (2, 2, "greedy"), (3, 2, "random"),
                                             (4, 4, "medium"), (5, 3, "greedy")]):
        names = ["You", "Anna", "Bruno", "Carla"][:players]
        setup = GameSetup(names, [None] + [ai] * (players - 1), 0)
        db.add_game(f"g{i}", records.dumps(game(seed, players, pick=i)), setup, finished_at=1000.0 + i)
    assert snap_compare(StatsApp(db.stats()), terminal_size=SIZE)


def test_statistics_screen_of_escoba(snap_compare, tmp_path):
    """Escoba chosen: its escobas, velo and setenta, no primiera; Players offers its counts."""
    db = Database(tmp_path / "s.sqlite3", Notices())
    for i, (seed, players, variant) in enumerate([(1, 2, "scopa"), (2, 2, "escoba"), (3, 4, "escoba"),
                                                  (4, 2, "escoba"), (5, 3, "scopa")]):
        names = ["You", "Anna", "Bruno", "Carla"][:players]
        setup = GameSetup(names, [None] + ["medium"] * (players - 1), 0)
        db.add_game(f"g{i}", records.dumps(game(seed, players, pick=i, variant=variant)), setup,
                    finished_at=1000.0 + i)
    assert snap_compare(StatsApp(db.stats()), terminal_size=SIZE, press=["right", "right"])


def test_statistics_screen_of_scopone(snap_compare, tmp_path):
    """Scopone chosen: its players, always 4, shown greyed and as wide as "4", not offered."""
    db = Database(tmp_path / "s.sqlite3", Notices())
    for i, (seed, players, variant) in enumerate([(1, 2, "scopa"), (2, 4, "scopone-scientifico"),
                                                  (3, 4, "scopone-scientifico")]):
        names = ["You", "Anna", "Bruno", "Carla"][:players]
        setup = GameSetup(names, [None] + ["medium"] * (players - 1), 0)
        db.add_game(f"g{i}", records.dumps(game(seed, players, pick=i, variant=variant)), setup,
                    finished_at=1000.0 + i)
    assert snap_compare(StatsApp(db.stats()), terminal_size=SIZE, press=["right", "right"])  # Scopa, Scopone
