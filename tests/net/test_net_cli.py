"""``scopa-tui server`` and ``scopa-tui online``: bad arguments are one line and exit status 2."""

from __future__ import annotations

import socket

import pytest

from scopa_tui.cli import main


@pytest.mark.parametrize("argv, words", [
    (["online", "--name", "Anna"], "cannot open the app online yet"),
    (["online", "--name", "Anna", "--join", "ABCDEFGH"], "cannot open the app online yet"),
    (["online", "--name", "[b]Anna", "--create", "--ai", "easy"], "may not contain [ or ]"),
    (["online", "--name", "", "--create", "--ai", "easy"], "the name is empty"),
    (["online", "--name", "Anna", "--ai", "easy"], "say --create or --join CODE"),
    (["online", "--name", "Anna", "--create", "--ai-seats", "genius", "--ai", "easy"], "'genius' is not an AI level"),
    (["online", "--name", "Anna", "--create", "--players", "4", "--ai-seats", "easy,hard", "--ai", "easy"],
     "lists 2 levels for 4 seats"),
    (["online", "--name", "Anna", "--create", "--turn-limit", "0", "--ai", "easy"], "from 1 to 600 seconds"),
    (["online", "--name", "Anna", "--create", "--title", "[red]x", "--ai", "easy"], "may not contain [ or ]"),
    (["online", "--server", "http://x/", "--name", "Anna", "--create", "--ai", "easy"], "not a server address"),
    (["online", "--name", "Anna", "--create", "--ai", "cmd:python bot.py"], "--ai takes a built-in AI"),
    (["online", "--name", "Anna", "--create", "--bot", "no-such-program-xyz"], "no program 'no-such-program-xyz'"),
    (["online", "--name", "Anna", "--create", "--bot", "x", "--ai", "easy"], "not allowed with argument"),
    (["online", "--name", "Anna", "--create", "--join", "ABCDEFGH", "--ai", "easy"], "not allowed with argument"),
    (["online", "--name", "Anna", "--create", "--preset", "gamerules", "--players", "3", "--ai", "easy"],
     "gamerules preset is for 2 or 4 players"),
    (["server", "--port", "70000"], "not a port number"),
    (["server", "--certfile", "cert.pem"], "--certfile and --keyfile go together"),
    (["server", "--ai-pace", "-1"], "between 0 and 10 seconds"),
])
def test_bad_arguments_are_one_line_and_exit_2(argv, words, capsys, tmp_path):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("scopa-tui: error: ") and words in err, err


def test_a_server_that_cannot_be_reached_is_one_line_and_a_failure(capsys):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert main(["online", "--server", f"ws://127.0.0.1:{port}/", "--name", "Anna", "--create",
                 "--ai", "easy"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "cannot reach" in captured.err


def test_a_port_in_use_is_one_line_and_exit_2(capsys, tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert main(["server", "--port", str(port), "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"cannot listen on 127.0.0.1:{port}" in err
