"""The command line: `scopa-tui bot` and `--ai` lists with external commands."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from scopa_tui import cli
from scopa_tui.engine import Game, Move, Rules

ROOT = Path(__file__).resolve().parents[2]


def test_ai_lists_keep_commas_and_spaces_inside_a_command():
    assert cli._split_specs("cmd:python my_bot.py,hard") == ["cmd:python my_bot.py", "hard"]
    assert cli._split_specs("cmd:python b.py --weights=1,2,3,hard:time=0.3,iters=50,easy") == [
        "cmd:python b.py --weights=1,2,3", "hard:time=0.3,iters=50", "easy"]
    assert cli._split_specs("medium,cmd:./a --x,cmd:./b") == ["medium", "cmd:./a --x", "cmd:./b"]


def test_bot_subcommand_speaks_the_protocol(monkeypatch, capsys):
    game = Game(Rules(), seed=3)
    game.start()
    view = game.view(game.turn)
    lines = [{"type": "hello", "protocol": "scopa-bot/1"}, view.to_protocol(1), {"type": "quit"}]
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(json.dumps(x) + "\n" for x in lines)))
    assert cli.main(["bot", "--level", "hard:iters=20", "--seed", "1", "--name", "Tester"]) == 0
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert out[0]["name"] == "Tester"
    assert out[1]["id"] == 1 and Move(out[1]["card"], out[1]["capture"]) in view.legal


def test_bot_subcommand_refuses_a_bad_level_in_one_line(capsys):
    assert cli.main(["bot", "--level", "expert"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown AI 'expert'" in err
    # It offered "or cmd:COMMAND", which the bot refuses: it plays a built-in AI.
    assert err.endswith(": choose one of easy, greedy, hard, medium, pimc, random\n"), err


@pytest.mark.parametrize("terminal", [True, False])
def test_the_bot_started_by_hand_in_a_terminal_says_what_it_waits_for(terminal, capsys, monkeypatch):
    # It waited in silence for JSON that a person at the keyboard does not know to type.
    class Keyboard(io.StringIO):
        def isatty(self) -> bool:
            return terminal

    monkeypatch.setattr(sys, "stdin", Keyboard(""))
    assert cli.main(["bot", "--level", "easy"]) == 0
    err = capsys.readouterr().err
    said = ("scopa-tui bot: waiting for a host's JSON lines (scopa-bot/1, docs/bot-protocol.md) on standard input, "
            "as a game sends them to it with --ai \"cmd:scopa-tui bot\"; Ctrl+D ends\n")
    assert err == (said if terminal else "")  # a host's pipe is not a terminal: nothing on its standard error


def test_a_bot_script_that_is_not_executable_is_one_line_at_once(tmp_path, capsys):
    # cmd:./my_bot.py without chmod +x passed the check, and the game went on with the bot
    # "could not be started: Permission denied" and every move played for it.
    bot = tmp_path / "my_bot.py"
    bot.write_text("print('hello')\n")
    assert cli.main(["simulate", "--games", "1", "--ai", f"cmd:{bot}"]) == 2
    assert capsys.readouterr().err == (f"scopa-tui: error: argument --ai: {bot} is not executable: chmod +x it, or "
                                       f"put the program that runs it first in the bot command, e.g. 'python {bot}'\n")
    bot.chmod(0o755)  # executable, it starts (and is no bot: its faults are counted)
    assert cli.main(["simulate", "--games", "1", "--target", "1", "--ai", f"cmd:{bot}", "--json"]) == 0


def test_simulate_plays_an_external_bot(capsys):
    spec = f"cmd:{sys.executable} {ROOT / 'examples' / 'minimal_bot.py'},easy"
    assert cli.main(["simulate", "--games", "2", "--target", "3", "--ai", spec, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert [a["games"] for a in summary["ai"]] == [2, 2]
    assert summary["ai"][0]["faults"] == 0
