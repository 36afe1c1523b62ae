"""Starting the app: the remembered new-game choices, and what the command line changes."""

from __future__ import annotations

from scopa_tui import cli
from scopa_tui.store.store import Store
from scopa_tui.ui import app as app_module
from scopa_tui.ui import crash


def as_in_a_terminal(monkeypatch) -> list:
    """run_app as in a terminal (the tests may have none), the app it would run kept, not run."""
    started: list = []
    monkeypatch.setattr(crash, "refuse_without_terminal", lambda: None)
    monkeypatch.setattr(app_module, "run_app_reporting", lambda app, data_dir: started.append(app) or 0)
    return started


def test_a_deck_given_on_the_command_line_wins_over_the_remembered_choices(tmp_path, monkeypatch):
    store = Store(str(tmp_path))
    store.update_settings(new_game={"players": 4, "preset": "standard", "deck": "italian", "ai": ["easy"]})
    started = as_in_a_terminal(monkeypatch)
    args = cli.build_parser().parse_args(["--data-dir", str(tmp_path), "--deck", "french"])
    assert app_module.run_app(args) == 0
    config = started[0].config
    assert config.players == 4  # the remembered choice, for the new-game screen
    assert config.deck == "french"  # what the command line says now


def test_escoba_from_the_command_line_deals_the_spanish_deck_unless_told(tmp_path, monkeypatch):
    started = as_in_a_terminal(monkeypatch)
    for extra, deck in (([], "spanish"), (["--deck", "french"], "french")):
        args = cli.build_parser().parse_args(["--data-dir", str(tmp_path), "--variant", "escoba", *extra])
        assert app_module.run_app(args) == 0
        assert started[-1].config.deck == deck
    args = cli.build_parser().parse_args(["--data-dir", str(tmp_path), "--variant", "scopa-d-assi"])
    assert app_module.run_app(args) == 0
    assert started[-1].config.deck is None  # the preset's deck
