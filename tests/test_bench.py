"""The whole-process benchmarks' yardsticks and measurement helpers work (nothing timed)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections import Counter

from scopa_tui import bench


def test_plain_simulate_plays_whole_games_and_writes_their_records():
    out = io.StringIO()
    bench.plain_simulate(5, 3, out)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    games = [i for i, line in enumerate(lines) if line["event"] == "game_start"]
    assert len(games) == 5
    for start, end in zip(games, games[1:] + [len(lines)]):
        game = lines[start:end]
        assert game[-1]["event"] == "game_end"
        totals = game[-1]["totals"]
        assert max(totals) >= 11 and totals[0] != totals[1] and totals[game[-1]["winner"]] == max(totals)
        hands = Counter(line["hand"] for line in game if line["event"] == "play")
        assert set(hands.values()) == {36}  # every card of the deck but the 4 on the table, once
        ends = [line for line in game if line["event"] == "hand_end"]
        assert len(ends) == len(hands) and ends[-1]["totals"] == totals


def test_plain_points_score_cards_coins_settebello_and_primiera():
    piles = [["7d", "7c", "7s", "7b", "6d", "1d"], ["2c", "3c", "4s", "5b", "8d"]]
    assert bench.plain_points(piles, [1, 0]) == [5, 0]  # a scopa, cards, coins, settebello, primiera
    assert bench.plain_points([["1d", "1c"], ["2d", "2c"]], [0, 0]) == [0, 0]  # ties, no primiera


def test_frame_detection_sees_text_through_colours_and_cursor_moves():
    drawn = (b"\x1b[?1049h\x1b[1;1H\x1b[1;7;38;5;253;48;5;23m SCOPA \x1b[0m\x1b[38;5;253mnew \x1b[0m"
             b"\x1b[1mgame\x1b[0m\x1b]0;title\x07\x1bP=1s\x1b\\")
    assert bench.screen_text(drawn) == " SCOPA new game"
    assert bench.frame_contains(drawn, bench.NEW_GAME_TEXT)
    assert not bench.frame_contains(drawn[:-40], bench.NEW_GAME_TEXT)  # "game" not drawn yet
    assert not bench.frame_contains(b"\x1b[16;1H Your turn", bench.TURN_TEXT)


def test_a_program_in_the_pseudo_terminal_is_read_until_its_text_appears(tmp_path):
    program = ("import os, sys, time, tty; tty.setraw(0); c, r = os.get_terminal_size(); "
               "sys.stdout.write(f'\\x1b[2J\\x1b[5;1H\\x1b[1m{c}x{r}\\x1b[0m ready'); sys.stdout.flush(); "
               "sys.stdin.read(1); print('\\x1b[1;1HSelection \\x1b[2mcleared: pick a card'); time.sleep(30)")
    app = bench.PtyApp([sys.executable, "-c", program], bench._ui_env(str(tmp_path)))
    try:
        assert app.wait_for("100x30 ready", timeout=20) >= app.start
        assert app.key(b"1", bench.CLEARED_TEXT) >= 0
    finally:
        app.close()
    assert app.proc.returncode is not None


def test_the_yardstick_app_and_the_game_screen_share_the_measured_texts():
    assert bench.TURN_TEXT in bench.MINIMAL_APP and bench.CHOSEN_TEXT in bench.MINIMAL_APP
    assert bench.CLEARED_TEXT in bench.MINIMAL_APP
    compile(bench.MINIMAL_APP, "minimal_app", "exec")


def test_measured_processes_read_the_package_compiled_once(tmp_path):
    # As from an installed package: no start compiles scopa_tui again, whatever
    # PYTHONDONTWRITEBYTECODE the environment has; the cache goes with the block.
    program = ("import importlib.util, os, sys, scopa_tui.engine as e; "
               "print(sys.dont_write_bytecode, os.path.exists(importlib.util.cache_from_source(e.__file__)))")
    with bench.installed_bytecode():
        env = bench._ui_env(str(tmp_path))
        run = subprocess.run([sys.executable, "-c", program], env=env, capture_output=True, text=True, timeout=60)
        assert run.stdout.split() == ["False", "True"], run.stderr
    assert not os.path.exists(env["PYTHONPYCACHEPREFIX"])


def test_the_cpu_time_of_a_program_in_the_pseudo_terminal_is_read(tmp_path):
    program = ("import time; t = time.process_time()\nwhile time.process_time() - t < 0.3: pass\n"
               "print('spun', flush=True); time.sleep(30)")
    app = bench.PtyApp([sys.executable, "-c", program], bench._ui_env(str(tmp_path)))
    try:
        app.wait_for("spun", timeout=30)
        assert 0.3 <= app.cpu_seconds() < 10
    finally:
        app.close()


def test_the_budget_positions_are_the_seats_choices_in_each_game():
    from scopa_tui import bench_budget

    for players, variant in bench_budget.GAMES.values():
        views = bench_budget.positions(players, variant, 4)
        assert len(views) == 4
        assert all(v.seat == 0 and len(v.legal) > 1 and v.rules.variant == variant
                   and v.rules.players == players for v in views)


def test_the_memory_and_budget_benchmarks_refuse_nonsense_in_one_line(capsys):
    import pytest

    for argv, said in ((["--budget", "0"], "--budget needs at least 1 decision"),
                       (["--memory", "0"], "--memory and --memory-target must be at least 1")):
        with pytest.raises(SystemExit) as exit_:
            bench.main(argv)
        assert exit_.value.code == 2 and said in capsys.readouterr().err


def test_ui_and_simulate_together_measure_both_in_one_run(monkeypatch, capsys):
    """``--ui --simulate`` prints the issue's four ratios in one run (README, Benchmark)."""
    import pytest

    calls = []
    monkeypatch.setattr(bench, "_print_ui", lambda starts, presses: calls.append(("ui", starts, presses)) or 0)
    monkeypatch.setattr(bench, "_print_simulate", lambda games, repeat: calls.append(("sim", games, repeat)) or 0)
    assert bench.main(["--ui", "--simulate", "--starts", "3", "--repeat", "2"]) == 0
    assert calls == [("ui", 3, 30), ("sim", 1000, 2)]
    calls.clear()
    assert bench.main(["--simulate", "50"]) == 0 and calls == [("sim", 50, 3)]
    with pytest.raises(SystemExit) as exit_:
        bench.main(["--ui", "--simulate", "0"])
    assert exit_.value.code == 2 and "--simulate needs at least 1 game" in capsys.readouterr().err
    assert calls == [("sim", 50, 3)]
