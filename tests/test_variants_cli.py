"""``--variant`` and ``--option`` on the command line and in ``simulate``; bots that do not
announce a variant are refused for it (issue 11)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from scopa_tui.ai.protocol import CmdPlayer, check_bot_variant
from scopa_tui.cli import main
from scopa_tui.engine import VARIANTS, Game, make_rules
from scopa_tui.engine.record import load

# A bot of before the variants: its hello names no variants, so it plays Scopa only.
OLD_BOT = '''
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": "scopa-bot/1", "name": "old"}), flush=True)
    elif m["type"] == "move":
        print(json.dumps({"type": "move", "id": m["id"], **m["legal"][0]}), flush=True)
    elif m["type"] == "quit":
        break
'''


@pytest.mark.parametrize("argv,says", [
    (["simulate", "--variant", "briscola"],
     "unknown variant 'briscola': choose one of scopa, scopone-scientifico, scopone-classico, escoba, scopa-d-assi"),
    (["--variant", "Escobaa"], "unknown variant 'Escobaa'"),
    (["simulate", "--option", "rebello"], "unknown option 'rebello': choose from re-bello, napola, last-play-scopa, "
                                          "primiera-all-suits, ace-no-empty-sweep, setenta-primiera"),
    (["simulate", "--variant", "escoba", "--option", "ace-no-empty-sweep"],
     "the option ace-no-empty-sweep is not played in Escoba: it is for scopa-d-assi"),
    (["simulate", "--variant", "scopone-scientifico", "--players", "2"],
     "Scopone scientifico is played by 4 players, not 2"),
    (["--variant", "scopone-classico", "--ai", "easy,easy,easy,easy"],
     "--ai names 4 AIs, but a 4-player game has 3 seats besides yours"),
])
def test_bad_variants_and_options_one_line_exit_2(argv, says, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err and "Traceback" not in err


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_simulate_plays_each_variant_at_each_player_count(variant, tmp_path, capsys):
    for players in VARIANTS[variant].players:
        record = tmp_path / f"{variant}-{players}.jsonl"
        argv = ["simulate", "--variant", variant, "--players", str(players), "--games", "2", "--target", "3",
                "--json", "--record", str(record)]
        assert main(argv) == 0
        summary = json.loads(capsys.readouterr().out)
        assert summary["variant"] == variant and summary["players"] == players
        games = load(record.read_text())
        assert len(games) == 2 and all(g.rules.variant == variant for g in games)


def test_scopone_defaults_to_four_players_escoba_to_21_and_options_reach_the_rules(tmp_path, capsys):
    record = tmp_path / "r.jsonl"
    assert main(["--variant", "scopone-scientifico", "--option", "napola", "--option", "re-bello", "simulate",
                 "--games", "1", "--json", "--record", str(record)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["players"] == 4 and summary["target"] == 11 and summary["options"] == ["re-bello", "napola"]
    (game,) = load(record.read_text())
    assert game.rules.napola and game.rules.re_bello
    assert main(["simulate", "--variant", "escoba", "--games", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["target"] == 21
    assert main(["simulate", "--games", "1"]) == 0
    assert "escoba" not in capsys.readouterr().out  # plain Scopa says no variant


def test_a_bot_that_does_not_announce_a_variant_is_refused_for_it(tmp_path, capsys):
    bot = tmp_path / "old_bot.py"
    bot.write_text(OLD_BOT)
    command = f"{sys.executable} {bot}"
    check_bot_variant(command, "scopa")  # no question asked for Scopa
    with pytest.raises(ValueError, match=r"^bot 'old' .* plays only Scopa, not Escoba \(its hello lists"):
        check_bot_variant(command, "escoba")
    assert main(["simulate", "--variant", "escoba", "--ai", f"cmd:{command},easy", "--games", "1"]) == 2
    assert "plays only Scopa, not Escoba" in capsys.readouterr().err
    assert main(["simulate", "--ai", f"cmd:{command},easy", "--games", "1", "--target", "1"]) == 0


def test_our_bot_announces_every_variant_and_plays_one():
    command = f"{sys.executable} -m scopa_tui bot --level easy"
    check_bot_variant(command, "scopa-d-assi")
    faults: list[str] = []
    player = CmdPlayer(command, seed=1, on_fault=faults.append, time_limit=30)
    try:
        game = Game(make_rules(players=2, variant="scopa-d-assi", target=1), seed=3)
        game.start()
        view = game.view(game.turn)
        assert player.choose(view) in view.legal
    finally:
        player.close()
    assert faults == [] and "scopa-d-assi" in player.variants


def test_a_bot_refused_in_game_is_played_for_with_one_line(tmp_path):
    bot = tmp_path / "old_bot.py"
    bot.write_text(OLD_BOT)
    faults: list[str] = []
    player = CmdPlayer(f"{sys.executable} {bot}", seed=1, on_fault=faults.append, time_limit=30)
    try:
        game = Game(make_rules(players=2, variant="escoba", target=1), seed=3)
        game.start()
        for _ in range(2):
            view = game.view(game.turn)
            assert player.choose(view) in view.legal
    finally:
        player.close()
    assert len(faults) == 2  # once when refused, once at the end counting the moves played for it
    assert "plays only Scopa, not Escoba" in faults[0] and "for each of its turns from now on" in faults[0]


def test_the_minimal_bot_example_announces_every_variant():
    text = (Path(__file__).resolve().parents[1] / "examples" / "minimal_bot.py").read_text()
    assert all(f'"{name}"' in text for name in VARIANTS)
