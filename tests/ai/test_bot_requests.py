"""Bot side against absurd requests (docs/bot-protocol.md, "Requests that do not add up").

Every example request of the protocol gets a legal answer from every level.  A request
that cannot be used gets an answer without the AI being asked — an ``error`` when its
``legal`` has no first move, else that first move — plus a line on standard error, and
the bot goes on serving the next request.
"""

from __future__ import annotations

import copy
import pathlib
import io
import json
import os
import subprocess
import sys

import pytest

from scopa_tui.ai import protocol
from scopa_tui.ai.protocol import run_bot
from scopa_tui.ai.registry import make_player
from scopa_tui.ai.request import MAX_LEGAL
from scopa_tui.engine import Game, Move, Rules

LEVELS = ["random", "greedy", "easy", "medium", "hard:iters=50"]

# The example request of the protocol (seat 1 leads; 7d must take 3c + 4s).
SPEC_EXAMPLE = {
    "type": "move", "id": 17,
    "rules": {"players": 2, "target": 11, "sides": [[0], [1]], "primiera_chart": "standard",
              "redeal_three_kings": True, "last_play_scopa": False, "primiera_requires_all_suits": True},
    "seat": 1, "hand_no": 2, "dealer": 0,
    "hand": ["7d", "10b"],
    "table": ["3c", "4s"],
    "hand_start_table": ["3c", "4s", "9d", "2b"],
    "history": [{"seat": 1, "card": "2s", "capture": ["2b"], "scopa": False},
                {"seat": 0, "card": "9b", "capture": ["9d"], "scopa": False}],
    "hand_sizes": [2, 2], "stock": 30,
    "captured": [["9b", "9d"], ["2s", "2b"]],
    "scope": [0, 0], "scores": [3, 1],
    "legal": [{"card": "7d", "capture": ["3c", "4s"]},
              {"card": "10b", "capture": []}],
}

_RULES = {"players": 2, "target": 1, "sides": [[0], [1]], "primiera_chart": "standard", "redeal_three_kings": True,
          "last_play_scopa": False, "primiera_requires_all_suits": True, "preset": "standard",
          "deck_style": "italian"}

# The first two requests and the last one of the example exchange in docs/bot-protocol.md.
DOC_EXAMPLES = [
    {"type": "move", "id": 1, "rules": _RULES, "seat": 0, "hand_no": 1, "dealer": 1,
     "hand": ["10b", "9c", "8d"], "table": ["4s", "5c", "6c", "7d"], "hand_start_table": ["4s", "5c", "6c", "7d"],
     "history": [], "hand_sizes": [3, 3], "stock": 30, "captured": [[], []], "scope": [0, 0], "scores": [0, 0],
     "legal": [{"card": "10b", "capture": ["4s", "6c"]}, {"card": "9c", "capture": ["4s", "5c"]},
               {"card": "8d", "capture": []}]},
    {"type": "move", "id": 2, "rules": _RULES, "seat": 0, "hand_no": 1, "dealer": 1,
     "hand": ["9c", "8d"], "table": ["2c", "5c", "7d"], "hand_start_table": ["4s", "5c", "6c", "7d"],
     "history": [{"seat": 0, "card": "10b", "capture": ["4s", "6c"], "scopa": False},
                 {"seat": 1, "card": "2c", "capture": [], "scopa": False}],
     "hand_sizes": [2, 2], "stock": 30, "captured": [["4s", "6c", "10b"], []], "scope": [0, 0], "scores": [0, 0],
     "legal": [{"card": "9c", "capture": ["2c", "7d"]}, {"card": "8d", "capture": []}]},
    {"type": "move", "id": 18, "rules": _RULES, "seat": 0, "hand_no": 1, "dealer": 1,
     "hand": ["7b"], "table": ["3b", "7s"], "hand_start_table": ["4s", "5c", "6c", "7d"],
     "history": [{"seat": s, "card": c, "capture": cap, "scopa": sc} for s, c, cap, sc in [
         (0, "10b", ["4s", "6c"], False), (1, "2c", [], False), (0, "9c", ["2c", "7d"], False),
         (1, "8c", [], False), (0, "8d", ["8c"], False), (1, "8b", [], False), (0, "3c", [], False),
         (1, "3d", ["3c"], False), (0, "6s", [], False), (1, "3s", [], False), (0, "4b", [], False),
         (1, "9b", ["3s", "6s"], False), (0, "5s", ["5c"], False), (1, "8s", ["8b"], False),
         (0, "4c", ["4b"], True), (1, "2d", [], False), (0, "2b", ["2d"], True), (1, "6d", [], False),
         (0, "7c", [], False), (1, "6b", ["6d"], False), (0, "4d", [], False), (1, "2s", [], False),
         (0, "1s", [], False), (1, "10c", ["1s", "2s", "7c"], False), (0, "10d", [], False),
         (1, "1b", [], False), (0, "5b", ["1b", "4d"], False), (1, "9s", [], False), (0, "1c", [], False),
         (1, "1d", ["1c"], False), (0, "3b", [], False), (1, "10s", ["10d"], False), (0, "7s", [], False),
         (1, "9d", ["9s"], False)]],
     "hand_sizes": [1, 1], "stock": 0,
     "captured": [["1b", "2d", "2c", "2b", "4d", "4c", "4s", "4b", "5c", "5s", "5b", "6c", "7d", "8d", "8c", "9c",
                   "10b"],
                  ["1d", "1c", "1s", "2s", "3d", "3c", "3s", "6d", "6s", "6b", "7c", "8s", "8b", "9d", "9s", "9b",
                   "10d", "10c", "10s"]],
     "scope": [2, 0], "scores": [0, 0], "legal": [{"card": "7b", "capture": ["7s"]}]},
]

EXAMPLES = [SPEC_EXAMPLE, *DOC_EXAMPLES]


def _serve(requests: list, level: str = "medium", asked: list | None = None) -> tuple[list[dict], list[str]]:
    """Run the bot side on ``requests`` (dicts, or raw lines); its answers and stderr lines.
    ``asked``, if given, receives each view the AI is asked to play."""
    lines = [r if isinstance(r, str) else json.dumps(r) for r in requests]
    out, err = io.StringIO(), io.StringIO()
    player = make_player(level, seed=1)
    if asked is not None:
        choose = player.choose
        player.choose = lambda view: asked.append(view) or choose(view)
    run_bot(player, io.StringIO("".join(line + "\n" for line in lines)), out, err, name="t")
    return [json.loads(line) for line in out.getvalue().splitlines()], err.getvalue().splitlines()


def _legal(request: dict) -> list[Move]:
    return [Move(m["card"], m["capture"]) for m in request["legal"]]


def _first(request: dict) -> dict:
    move = request["legal"][0]
    return {"type": "move", "id": request["id"], "card": move["card"], "capture": move["capture"]}


def _with(request: dict, **changes) -> dict:
    changed = copy.deepcopy(request)
    changed.update(changes)
    return changed


@pytest.mark.parametrize("level", LEVELS)
def test_every_example_request_gets_a_legal_answer_from_every_level(level):
    answers, err = _serve(EXAMPLES, level)
    assert err == []
    assert [a["id"] for a in answers] == [r["id"] for r in EXAMPLES]
    for answer, request in zip(answers, EXAMPLES):
        assert answer["type"] == "move"
        assert Move(answer["card"], answer["capture"]) in _legal(request)


def test_every_request_of_real_games_is_read_as_consistent():
    """The checks never refuse what the host sends, with any number of players."""
    from scopa_tui.ai.request import read_legal, read_view

    for players in (2, 3, 4, 6):
        game = Game(Rules(players=players, target=1), seed=players)
        game.start()
        while game.phase == "playing":
            view = game.view(game.turn)
            msg = json.loads(json.dumps(view.to_protocol(1)))
            assert read_view(msg, read_legal(msg)) == view
            game.play(view.legal[-1])


# Requests that do not add up: the first legal move, at once, and a line saying why.
INCONSISTENT = {
    "hand sizes and stock": (_with(SPEC_EXAMPLE, hand_sizes=[3, 2]), "do not add up to 40"),
    "stock too big": (_with(SPEC_EXAMPLE, stock=34), "do not add up to 40"),
    "unseen cards": (_with(SPEC_EXAMPLE, captured=[[], []]), "do not add up to 40"),
    "short hand_sizes": (_with(SPEC_EXAMPLE, hand_sizes=[2]), "hand_sizes has 1 entries instead of 2"),
    "hand vs hand_sizes": (_with(SPEC_EXAMPLE, hand_sizes=[2, 3], stock=29), "its hand has 2"),
    "a card twice in the hand": (_with(SPEC_EXAMPLE, hand=["7d", "7d"]), "hand names a card twice"),
    "a card in two places": (_with(SPEC_EXAMPLE, table=["3c", "7d"]), "a card is in two places"),
    "seat out of range": (_with(SPEC_EXAMPLE, seat=2), "seat 2 is outside 0-1"),
    "dealer out of range": (_with(SPEC_EXAMPLE, dealer=-1), "dealer -1 is outside 0-1"),
    "a hand of 4": (_with(SPEC_EXAMPLE, hand=["7d", "10b", "1d", "1c"], hand_sizes=[4, 2], stock=26),
                    "hand_sizes 4 is outside 0-3"),
    "a legal card not in the hand": (_with(SPEC_EXAMPLE, legal=[{"card": "1d", "capture": []}]),
                                     "is not a card of the hand"),
    "5 players": (_with(SPEC_EXAMPLE, rules={**SPEC_EXAMPLE["rules"], "players": 5}), "not 5"),
    "a history seat out of range": (
        _with(SPEC_EXAMPLE, history=[{"seat": 7, "card": "2s", "capture": ["2b"], "scopa": False}]), "seat 7"),
    # legal has a first move, so that is the answer, whatever follows it
    "a move listed twice": (_with(SPEC_EXAMPLE, legal=[SPEC_EXAMPLE["legal"][1]] * 2),
                            "legal lists the same move twice"),
    "more moves than any position has": (_with(SPEC_EXAMPLE, legal=[SPEC_EXAMPLE["legal"][1]] * (MAX_LEGAL + 1)),
                                         f"no position has more than {MAX_LEGAL}"),
    "a later move that is not a move": (_with(SPEC_EXAMPLE, legal=[SPEC_EXAMPLE["legal"][1], "7d"]),
                                        "is not a move"),
}


@pytest.mark.parametrize("level", LEVELS)
def test_an_inconsistent_request_gets_its_first_legal_move_at_once_and_the_bot_goes_on(level):
    requests = [request for request, _ in INCONSISTENT.values()] + [SPEC_EXAMPLE]
    asked: list = []
    answers, err = _serve(requests, level, asked)
    assert len(asked) == 1  # the AI searched the last request only
    assert answers[:-1] == [_first(r) for r in requests[:-1]]
    assert Move(answers[-1]["card"], answers[-1]["capture"]) in _legal(SPEC_EXAMPLE)  # still serving
    assert len(err) == len(INCONSISTENT)
    for line, (_, why) in zip(err, INCONSISTENT.values()):
        assert "move request 17 is not consistent" in line and why in line


# Requests whose legal has no first move: an error answer.
UNUSABLE = {
    "empty legal": ([], "legal is empty"),
    "not a list": ({"card": "7d"}, "legal must be a list of moves"),
    "a move that is not an object": (["7d"], "is not a move"),
    "a card that is not a card": ([{"card": 7, "capture": []}], "7 is not a card"),
    "a capture that is not a list": ([{"card": "7d", "capture": "3c 4s"}], "must be a list"),
    "a capture of no card": ([{"card": "7d", "capture": ["3x"]}], "'3x' is not a card"),
}


@pytest.mark.parametrize("level", ["medium", "hard:iters=50"])
def test_a_request_with_unusable_legal_moves_gets_an_error_answer_at_once(level):
    requests = [_with(SPEC_EXAMPLE, id=i, legal=legal) for i, (legal, _) in enumerate(UNUSABLE.values())]
    asked: list = []
    answers, err = _serve(requests + [SPEC_EXAMPLE], level, asked)
    assert len(asked) == 1  # the AI searched the last request only
    for i, (answer, (_, why)) in enumerate(zip(answers, UNUSABLE.values())):
        assert answer["type"] == "error" and answer["id"] == i and why in answer["message"], answer
        assert f"refusing move request {i}: " in err[i] and why in err[i]
    assert answers[-1]["type"] == "move" and answers[-1]["id"] == 17


WRONG_TYPES = [[1], {"a": 1}, 1.5, True, None, "x", -1]


@pytest.mark.parametrize("field", [k for k in SPEC_EXAMPLE if k not in ("type", "id")])
def test_a_field_of_the_wrong_type_is_answered_never_fatal(field):
    requests = [_with(SPEC_EXAMPLE, **{field: bad}) for bad in WRONG_TYPES]
    answers, err = _serve(requests + [SPEC_EXAMPLE], "hard:iters=50")
    assert len(answers) == len(requests) + 1 and len(err) == len(requests)
    for answer in answers[:-1]:
        if field == "legal":
            assert answer["type"] == "error" and answer["id"] == 17
        else:
            assert answer == _first(SPEC_EXAMPLE)
    assert Move(answers[-1]["card"], answers[-1]["capture"]) in _legal(SPEC_EXAMPLE)


@pytest.mark.parametrize("bad_id", WRONG_TYPES)
def test_the_id_is_echoed_whatever_its_type(bad_id):
    answers, _ = _serve([_with(SPEC_EXAMPLE, id=bad_id)], "greedy")
    assert answers[0]["type"] == "move" and answers[0]["id"] == bad_id


@pytest.mark.parametrize("raw_id", ["1e400", "NaN", "-Infinity", "9" * 5000, "-" + "9" * 5000])
def test_an_id_json_cannot_carry_is_answered_null_in_strict_json(raw_id):
    # Python reads these as inf and nan, and wrote them back as Infinity and NaN: no JSON.
    # An id of 5,000 digits Python refuses to read: the line was "not JSON", and unanswered.
    line = json.dumps(SPEC_EXAMPLE).replace(f'"id": {SPEC_EXAMPLE["id"]}', f'"id": {raw_id}')
    out, err = io.StringIO(), io.StringIO()
    run_bot(make_player("greedy", seed=1), io.StringIO(line + "\n"), out, err, name="t")
    answer = json.loads(out.getvalue(), parse_constant=lambda c: pytest.fail(f"{c} in {out.getvalue()!r}"))
    assert answer["type"] == "move" and answer["id"] is None


def test_an_error_inside_the_ai_is_answered_with_the_first_legal_move():
    class Broken:
        name = "broken"

        def choose(self, view):
            raise IndexError("pop from empty list")

    out, err = io.StringIO(), io.StringIO()
    requests = [SPEC_EXAMPLE, _with(SPEC_EXAMPLE, id=18)]
    run_bot(Broken(), io.StringIO("".join(json.dumps(r) + "\n" for r in requests)), out, err, name="t")
    assert [json.loads(line) for line in out.getvalue().splitlines()] == [_first(r) for r in requests]
    assert "internal error on move request 17 (IndexError: pop from empty list)" in err.getvalue()


def test_a_line_over_the_bound_is_skipped_and_the_bot_goes_on(monkeypatch):
    monkeypatch.setattr(protocol, "MAX_REQUEST", 1000)
    answers, err = _serve(['{"type": "move", "pad": "' + "x" * 5000 + '"}', SPEC_EXAMPLE], "greedy")
    assert [a["id"] for a in answers] == [17]
    assert err == ["t: ignoring a line longer than 1000 characters"]


def test_the_bot_command_survives_a_stream_of_bad_requests():
    """``scopa-tui bot`` itself: no traceback, an answer to each request, exit status 0."""
    requests = ([{"type": "hello", "protocol": "scopa-bot/1"}]
                + [r for r, _ in INCONSISTENT.values()]
                + [_with(SPEC_EXAMPLE, legal=legal) for legal, _ in UNUSABLE.values()]
                + EXAMPLES + [{"type": "quit"}])
    done = subprocess.run([sys.executable, "-m", "scopa_tui", "bot", "--level", "hard:iters=50"],
                          input="".join(json.dumps(r) + "\n" for r in requests), capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(requests) - 1  # everything but quit
    assert [a["type"] for a in answers[-len(EXAMPLES):]] == ["move"] * len(EXAMPLES)


def test_the_minimal_example_bot_never_dies_on_a_request():
    root = pathlib.Path(__file__).resolve().parents[2]
    requests = [_with(SPEC_EXAMPLE, legal=[]), {"type": "move", "id": 5, "legal": SPEC_EXAMPLE["legal"]},
                SPEC_EXAMPLE]
    done = subprocess.run([sys.executable, str(root / "examples" / "minimal_bot.py")], capture_output=True,
                          input="".join(json.dumps(r) + "\n" for r in requests), text=True, timeout=30)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert answers[0]["type"] == "error" and answers[0]["id"] == 17
    assert answers[1] == _first(requests[1])
    assert answers[2]["type"] == "move" and Move(answers[2]["card"], answers[2]["capture"]) in _legal(SPEC_EXAMPLE)


def test_the_minimal_example_bot_answers_a_request_that_does_not_add_up_with_its_first_legal_move():
    # Its own choice would be 7d taking 3c + 4s; it answered that to any request.
    root = pathlib.Path(__file__).resolve().parents[2]
    legal = SPEC_EXAMPLE["legal"][::-1]  # 10b laid first
    requests = [_with(SPEC_EXAMPLE, legal=legal, stock=34), _with(SPEC_EXAMPLE, legal=legal, seat=2),
                _with(SPEC_EXAMPLE, legal=legal)]
    done = subprocess.run([sys.executable, str(root / "examples" / "minimal_bot.py")], capture_output=True,
                          input="".join(json.dumps(r) + "\n" for r in requests), text=True, timeout=60)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert answers[:2] == [_first(requests[0]), _first(requests[1])]
    assert answers[2] == {"type": "move", "id": 17, "card": "7d", "capture": ["3c", "4s"]}
    assert done.stderr.count("does not add up") == 2


def test_the_bot_command_skips_bytes_that_are_not_utf8_whatever_the_locale():
    # In a UTF-8 locale Python reads standard input strictly: the first such byte stopped the
    # bot ("scopa-tui: error: 'utf-8' codec can't decode byte 0xff"), exit status 2.
    bad_card = json.dumps(_with(SPEC_EXAMPLE, hand=["7d", "10bX"])).encode().replace(b"10bX", b"10b\xff")
    lines = [json.dumps({"type": "hello", "protocol": "scopa-bot/1"}).encode(), b"\xff\xfe not json", bad_card,
             json.dumps(SPEC_EXAMPLE).encode(), b'{"type": "quit"}']
    done = subprocess.run([sys.executable, "-m", "scopa_tui", "bot", "--level", "greedy"],
                          input=b"\n".join(lines) + b"\n", capture_output=True, timeout=300,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"})
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["type"] for a in answers] == ["hello", "move", "move"]
    assert answers[1] == _first(SPEC_EXAMPLE)  # a card that is no card: the request does not add up
    assert Move(answers[2]["card"], answers[2]["capture"]) in _legal(SPEC_EXAMPLE)


def test_the_minimal_example_bot_skips_bytes_that_are_not_utf8_whatever_the_locale():
    root = pathlib.Path(__file__).resolve().parents[2]
    lines = [b"\xff\xfe not json", json.dumps(SPEC_EXAMPLE).encode()]
    done = subprocess.run([sys.executable, str(root / "examples" / "minimal_bot.py")], capture_output=True,
                          input=b"\n".join(lines) + b"\n", timeout=60,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"})
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert [json.loads(line) for line in done.stdout.splitlines()] == [
        {"type": "move", "id": 17, "card": "7d", "capture": ["3c", "4s"]}]
