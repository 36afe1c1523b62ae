"""The command line holds Python's garbage collector off until the app's first frame and
turns it on again in every other path (scopa_tui/collector.py)."""

from __future__ import annotations

import gc

import pytest

from scopa_tui import cli, collector


@pytest.fixture(autouse=True)
def collector_on_after():
    yield
    collector.release(freeze=False)
    gc.enable()


def _recording(seen: list, code: int = 0):
    def run(args) -> int:
        seen.append(gc.isenabled())
        return code
    return run


def test_a_subcommand_runs_with_the_collector_on(monkeypatch, tmp_path):
    seen: list = []
    monkeypatch.setitem(cli.COMMANDS, "simulate", _recording(seen))
    assert cli.main(["simulate", "--games", "1"]) == 0
    assert seen == [True] and gc.isenabled() and not collector.held()


def test_the_game_starts_with_the_collector_off_and_the_command_turns_it_on_after(monkeypatch, tmp_path):
    seen: list = []
    monkeypatch.setitem(cli.COMMANDS, None, _recording(seen))  # an app that never drew
    assert cli.main(["--data-dir", str(tmp_path)]) == 0
    assert seen == [False] and gc.isenabled() and not collector.held()


def test_bad_input_leaves_the_collector_on(capsys):
    assert cli.main(["--players", "5"]) == 2
    assert "not 5" in capsys.readouterr().err
    assert gc.isenabled() and not collector.held()


def test_an_error_in_the_app_leaves_the_collector_on(monkeypatch, tmp_path):
    def crash(args):
        raise RuntimeError("boom")
    monkeypatch.setitem(cli.COMMANDS, None, crash)
    with pytest.raises(RuntimeError):
        cli.main(["--data-dir", str(tmp_path)])
    assert gc.isenabled() and not collector.held()


def test_a_collector_someone_else_turned_off_stays_off(monkeypatch):
    gc.disable()
    monkeypatch.setitem(cli.COMMANDS, "simulate", _recording([]))
    cli.main(["simulate", "--games", "1"])
    assert not gc.isenabled()
