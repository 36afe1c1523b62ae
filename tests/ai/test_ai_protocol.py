"""The scopa-bot/1 protocol: the bot side (run_bot), the host side (CmdPlayer) and its faults."""

from __future__ import annotations

import io
import json
import sys
import textwrap
from pathlib import Path

import pytest

from scopa_tui import simulate
from scopa_tui.ai.protocol import CmdPlayer, run_bot
from scopa_tui.ai.registry import make_player
from scopa_tui.engine import Game, Move, PlayerView, Rules

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable


def _view(seed: int = 5) -> PlayerView:
    """A real first view with at least two legal moves."""
    while True:
        game = Game(Rules(), seed=seed)
        game.start()
        view = game.view(game.turn)
        if len(view.legal) >= 2:
            return view
        seed += 1


# --- bot side -------------------------------------------------------------------------

def _serve(lines: list[str], level: str = "medium") -> tuple[list[dict], str]:
    out, err = io.StringIO(), io.StringIO()
    run_bot(make_player(level, seed=1), io.StringIO("".join(line + "\n" for line in lines)), out, err,
            name="test bot")
    return [json.loads(line) for line in out.getvalue().splitlines()], err.getvalue()


def test_bot_answers_hello_and_moves_with_a_legal_move():
    view = _view()
    request = view.to_protocol(17)
    request["future_field"] = {"anything": [1, 2]}  # unknown fields are ignored
    answers, _ = _serve([json.dumps({"type": "hello", "protocol": "scopa-bot/1"}), json.dumps(request)])
    assert answers[0] == {"type": "hello", "protocol": "scopa-bot/1", "name": "test bot",
                          "variants": ["scopa", "scopone-scientifico", "scopone-classico", "escoba", "scopa-d-assi"]}
    assert answers[1]["type"] == "move" and answers[1]["id"] == 17
    assert Move(answers[1]["card"], answers[1]["capture"]) in view.legal


def test_bot_ignores_garbage_and_unknown_messages_and_stops_at_quit():
    view = _view()
    answers, err = _serve(["not json", "[1, 2]", "[" * 100_000, json.dumps({"type": "surprise", "x": 1}),
                           json.dumps({"type": "hand_end", "hand": 1, "totals": [3, 1]}),
                           json.dumps({"type": "quit"}), json.dumps(view.to_protocol(3))])
    assert answers == []  # nothing to answer before quit; the move after quit is never read
    assert "not JSON: 'not json'" in err


def test_bot_with_an_unreadable_request_still_answers_the_first_legal_move():
    answers, err = _serve([json.dumps({"type": "move", "id": 4, "legal": [{"card": "7d", "capture": ["7c"]}]})])
    assert answers == [{"type": "move", "id": 4, "card": "7d", "capture": ["7c"]}]
    assert "move request 4 is not consistent (rules must be an object with players, not None)" in err


@pytest.mark.parametrize("seed", [9, 10, 11])
def test_view_survives_the_protocol_round_trip(seed):
    from scopa_tui.ai.request import read_legal, read_view

    view = _view(seed)
    message = json.loads(json.dumps(view.to_protocol(1)))
    assert read_view(message, read_legal(message)) == view  # what the bot side rebuilds


# --- host side: misbehaving bots ---------------------------------------------------------

BOT_TEMPLATE = '''
import json, sys
MODE = {mode!r}
count = 0
held = None  # an answer kept back until the next request: late, whatever the machine's speed
if MODE == "log_first":  # a message of a type the host does not know, before the hello
    print(json.dumps({{"type": "log", "text": "starting"}}), flush=True)
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({{"type": "hello", "protocol": "scopa-bot/1", "name": "TestBot"}}), flush=True)
    elif msg["type"] == "move":
        count += 1
        if held:
            print(held, flush=True)
            held = None
        legal = msg["legal"][-1]
        answer = {{"type": "move", "id": msg["id"], "card": legal["card"], "capture": legal["capture"]}}
        if MODE == "late" and count == 1 or MODE == "slow":  # slow: every answer late
            held = json.dumps(answer)
            continue
        elif MODE == "notjson":
            print("I play the seven", flush=True)
            continue
        elif MODE == "deep":
            print("[" * 100000, flush=True)
            continue
        elif MODE == "notype":
            del answer["type"]
        elif MODE == "upper":
            answer["type"] = "MOVE"
        elif MODE == "chatter":
            print(json.dumps({{"type": "log", "text": "thinking"}}), flush=True)
            continue
        elif MODE == "wrongid":
            answer["id"] = msg["id"] + 100
        elif MODE == "hugeid":  # read as infinity, it was said 'Infinity'
            print(json.dumps(answer).replace(str(msg["id"]), "9" * 5000, 1), flush=True)
            continue
        elif MODE == "illegal":
            answer = {{"type": "move", "id": msg["id"], "card": "not-a-card", "capture": []}}
            free = [c for c in ("1d", "2d", "3d", "4d") if c not in msg["hand"]][0]
            answer["card"] = free
        elif MODE == "exit":
            sys.exit(3)
        print(json.dumps(answer), flush=True)
    elif msg["type"] == "quit":
        break
'''


def _bot(tmp_path: Path, mode: str, **kw) -> tuple[CmdPlayer, list[str]]:
    script = tmp_path / f"bot_{mode}.py"
    script.write_text(textwrap.dedent(BOT_TEMPLATE.format(mode=mode)))
    reports: list[str] = []
    kw.setdefault("time_limit", 5.0)
    player = CmdPlayer(f"{PY} {script}", seed=1, on_fault=reports.append, **kw)
    # Its hello, which has the move's time limit, comes once Python has started: up to a second
    # or more on a loaded machine, past the short limits of these tests.  The bot says it at
    # once; the tests are of its moves.
    player.time_limit = 30.0
    player.greet()
    player.time_limit = kw["time_limit"]
    return player, reports


# "log_first": a message of another type before the hello is skipped; it was a fault
# ("answered hello with ..."), and the hello after it was never read.
@pytest.mark.parametrize("kind", ["good", "log_first"])
def test_a_well_behaved_bot_plays_its_move(tmp_path, kind):
    view = _view()
    player, reports = _bot(tmp_path, kind)
    try:
        assert player.choose(view) == view.legal[-1]
    finally:
        player.close()
    assert player.faults == [] and reports == []
    assert player.bot_name == "TestBot"


@pytest.mark.parametrize("mode,quoted", [
    ("notjson", "'I play the seven'"),
    ("deep", "'[[[["),
    ("wrongid", '"id": 101'),
    ("hugeid", "answered with id a number too large to read instead of 1: '{\"type\": \"move\", \"id\": 999"),
    ("illegal", '"card": "'),
])
def test_a_bad_answer_is_one_fault_reported_with_the_bot_name_and_what_it_sent(tmp_path, mode, quoted):
    view = _view()
    player, reports = _bot(tmp_path, mode)
    try:
        move = player.choose(view)
    finally:
        player.close()
    assert move in view.legal
    assert len(player.faults) == 1 and len(reports) == 1
    assert "TestBot" in reports[0] and quoted in reports[0]
    assert "\n" not in reports[0]


def test_a_line_that_is_not_an_answer_is_quoted_when_the_time_runs_out(tmp_path):
    view = _view()
    player, reports = _bot(tmp_path, "chatter", time_limit=5.0)
    try:
        assert player.choose(view) in view.legal
    finally:
        player.close()
    assert len(player.faults) == 1
    assert "did not answer move 1 within 5 s (it sent '{\"type\": \"log\"" in reports[0]
    assert "which is not a move answer" in reports[0] and "\n" not in reports[0]


@pytest.mark.parametrize("mode, kind", [("upper", '"MOVE"'), ("notype", "null")])
def test_an_answer_with_the_id_but_another_type_is_a_fault_at_once(tmp_path, mode, kind):
    # It waited out the time limit, 10 s a move for ever: the bot did send lines, so it was
    # never given up as silent.
    view = _view()
    player, reports = _bot(tmp_path, mode, time_limit=60.0)
    try:
        for _ in range(2):
            assert player.choose(view) in view.legal
    finally:
        player.close()
    assert len(player.faults) == 2
    assert f"answered move 1 with type {kind}, not \"move\": '{{" in reports[0], reports[0]
    assert "within" not in reports[0] and "\n" not in reports[0]


def test_a_late_answer_is_a_fault_and_is_not_taken_for_the_next_move(tmp_path):
    view = _view()
    player, reports = _bot(tmp_path, "late", time_limit=5.0)
    try:
        first = player.choose(view)
        second = player.choose(view)  # the late answer to move 1 arrives first and is dropped
    finally:
        player.close()
    assert first in view.legal
    assert second == view.legal[-1]
    assert len(player.faults) == 1
    assert "did not answer move 1 within 5 s" in reports[0] and "TestBot" in reports[0]


def test_a_bot_that_exits_is_a_fault_for_every_remaining_move(tmp_path):
    view = _view()
    player, reports = _bot(tmp_path, "exit")
    try:
        moves = [player.choose(view) for _ in range(3)]
    finally:
        player.close()
    assert all(m in view.legal for m in moves)
    assert len(player.faults) == 3
    assert "has exited (status 3)" in reports[0]
    assert "3 moves in all" in reports[-1]


def test_a_command_that_cannot_start_is_reported_not_raised(tmp_path):
    view = _view()
    reports: list[str] = []
    player = CmdPlayer(str(tmp_path / "no-such-bot"), on_fault=reports.append)
    assert player.choose(view) in view.legal
    player.close()
    assert len(player.faults) == 1 and "could not be started" in reports[0] and "no-such-bot" in reports[0]


def test_simulator_counts_faults_of_a_misbehaving_bot(tmp_path, capsys):
    script = tmp_path / "bot_wrongid.py"
    script.write_text(textwrap.dedent(BOT_TEMPLATE.format(mode="wrongid")))
    summary = simulate.run(Rules(target=1), 1, 3, [f"cmd:{PY} {script}", "easy"])
    bot = summary["ai"][0]
    assert bot["faults"] == bot["decisions"] > 0
    assert "answered with id" in capsys.readouterr().err


# --- whole games ------------------------------------------------------------------------

def test_the_minimal_example_bot_plays_a_full_game_in_the_simulator():
    summary = simulate.run(Rules(), 2, 7, [f"cmd:{PY} {ROOT / 'examples' / 'minimal_bot.py'}", "easy"])
    bot = summary["ai"][0]
    assert bot["games"] == 2 and bot["decisions"] > 30 and bot["faults"] == 0
    assert summary["hands"] >= 2


def test_the_minimal_bot_in_the_docs_is_the_example_file():
    docs = (ROOT / "docs" / "bot-protocol.md").read_text(encoding="utf-8")
    listing = docs.split("## A minimal bot", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    assert listing == (ROOT / "examples" / "minimal_bot.py").read_text(encoding="utf-8")


def test_scopa_tui_bot_plays_a_game_and_receives_hand_and_game_ends(tmp_path):
    """Our own bot behind a logging relay: it sees hello, moves, hand_end, game_end and quit."""
    log = tmp_path / "seen.txt"
    relay = tmp_path / "relay.py"
    relay.write_text(textwrap.dedent(f'''
        import json, subprocess, sys
        bot = subprocess.Popen([{PY!r}, "-m", "scopa_tui", "bot", "--level", "hard:iters=30", "--seed", "2"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        with open({str(log)!r}, "a") as seen:
            for line in sys.stdin:
                seen.write(json.loads(line)["type"] + "\\n")
                bot.stdin.write(line)
                bot.stdin.flush()
                if json.loads(line)["type"] in ("hello", "move"):
                    sys.stdout.write(bot.stdout.readline())
                    sys.stdout.flush()
        bot.stdin.close()
        bot.wait()
    '''))
    summary = simulate.run(Rules(target=4), 1, 11, [f"cmd:{PY} {relay}", "easy"])
    assert summary["ai"][0]["faults"] == 0
    seen = log.read_text().split()
    assert seen[0] == "hello" and seen[-1] == "quit"
    assert seen.count("move") == summary["ai"][0]["decisions"]
    assert seen.count("hand_end") == summary["hands"] and seen.count("game_end") == 1


def test_a_bot_that_ignores_everything_is_killed_at_close(tmp_path):
    script = tmp_path / "deaf.py"
    script.write_text("import time\ntime.sleep(60)\n")  # never reads, never answers, never exits
    reports: list[str] = []
    player = CmdPlayer(f"{PY} {script}", on_fault=reports.append, time_limit=0.3, quit_grace=0.3)
    proc = player._bot.proc
    view = _view()
    assert player.choose(view) in view.legal  # the hello goes unanswered, then the move
    player.close()
    assert proc.returncode is not None  # ended, not left running
    assert any("did not answer hello" in r for r in reports)
    assert any("did not answer move 1" in r for r in reports)


def test_a_bot_that_sends_nothing_is_given_up_on_after_three_requests(tmp_path):
    # A command that is no bot (``sleep 100``) cost the time limit at every one of its turns,
    # a whole game at 10 s a move: after its hello and two moves unanswered, a legal move is
    # played for it at once, said once.
    script = tmp_path / "deaf.py"
    script.write_text("import time\ntime.sleep(60)\n")
    reports: list[str] = []
    player = CmdPlayer(f"{PY} {script}", on_fault=reports.append, time_limit=0.3, quit_grace=0.3)
    view = _view()
    try:
        moves = [player.choose(view) for _ in range(5)]
        lines_sent = player._bot.lines.qsize()
    finally:
        player.close()
    assert all(m in view.legal for m in moves)
    assert lines_sent == 0
    assert "did not answer hello" in reports[0] and "did not answer move 1" in reports[1]
    assert reports[2] == (f"bot {PY + ' ' + str(script)!r} has sent nothing for 3 requests in a row: "
                          f"playing {moves[1].card} for it, and for each of its turns from now on")
    assert reports[3] == (f"bot {PY + ' ' + str(script)!r} has sent nothing for 3 requests in a row; "
                          "4 moves in all were played for it")
    assert len(reports) == 4 and len(player.faults) == 6  # hello, move 1, then 4 played for it
    assert player._next_id == 2  # no request after the second


def test_a_bot_that_answers_late_each_time_is_not_taken_for_a_silent_one(tmp_path):
    # Its late answers are lines: each turn is a fault of its own, but it keeps being asked.
    player, reports = _bot(tmp_path, "slow", time_limit=1.0, quit_grace=0.3)
    view = _view()
    try:
        for _ in range(5):
            player.choose(view)
    finally:
        player.close()
    assert player._next_id == 5  # asked every time
    assert not any("has sent nothing" in r for r in reports)
    assert all("did not answer move" in r for r in reports)


def test_the_card_played_for_a_bot_is_named_as_the_host_writes_cards(tmp_path):
    view = _view()
    player, reports = _bot(tmp_path, "illegal", card_text=lambda card: f"<{card}>")
    try:
        move = player.choose(view)
    finally:
        player.close()
    assert reports[0].endswith(f"; played <{move.card}> for it")


def test_registry_bots_report_faults_where_the_app_says(tmp_path, monkeypatch):
    """A full-screen UI routes fault lines and the bot's stderr away from the terminal."""
    import subprocess

    from scopa_tui.ai import protocol

    script = tmp_path / "noisy.py"
    script.write_text("import sys\nsys.stderr.write('debug output\\n')\nsys.exit(1)\n")
    seen: list[str] = []
    monkeypatch.setattr(protocol, "ON_FAULT", seen.append)
    monkeypatch.setattr(protocol, "BOT_STDERR", subprocess.DEVNULL)
    player = make_player(f"cmd:{PY} {script}")
    view = _view()
    assert player.choose(view) in view.legal
    player.close()
    assert len(seen) == 1 and "has exited (status 1)" in seen[0]


def test_a_fault_line_is_written_in_one_piece(monkeypatch):
    """``simulate --jobs`` workers share standard error: a line written as its text and
    then its newline (``print``) could be split by another worker's line."""
    from scopa_tui.ai import protocol

    class Recorder(io.StringIO):
        writes: list[str] = []

        def write(self, text):
            self.writes.append(text)
            return super().write(text)

    stream = Recorder()
    monkeypatch.setattr(sys, "stderr", stream)
    protocol.print_fault("the bot 'x' answered with id 7 instead of 6")
    assert stream.writes == ["the bot 'x' answered with id 7 instead of 6\n"]


def test_a_bots_fault_goes_to_standard_error_by_default(tmp_path, capfd):
    player = CmdPlayer(str(tmp_path / "no-such-bot"))
    view = _view()
    assert player.choose(view) in view.legal
    player.close()
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and "no-such-bot" in err
