"""``scopa-tui server`` and ``scopa-tui online``: bad arguments are one line and exit status 2."""

from __future__ import annotations

import socket
import sys

import pytest

from scopa_tui.cli import main


@pytest.mark.parametrize("argv", [["online", "--name", "Anna"], ["online", "--name", "Anna", "--join", "ABCDEFGH"]])
def test_without_a_bot_online_opens_the_app_through_its_hook(argv, monkeypatch, capsys):
    from scopa_tui.net import commands

    monkeypatch.setitem(sys.modules, "scopa_tui.ui.online", None)  # a build without the online screens
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot open the app online yet: add --bot CMD or --ai LEVEL" in err
    seen = []
    monkeypatch.setattr(commands, "APP_HOOK", lambda args: seen.append((args.name, args.join)) or 0)
    assert main(argv) == 0 and seen == [("Anna", argv[-1] if "--join" in argv else None)]


def test_create_without_a_bot_opens_the_app_on_the_table_the_flags_describe(monkeypatch):
    """``online --create --players 3 --target 2`` in the app creates that table and seats the
    player at it, as the lobby's Create does; it opened the lobby with its own defaults (2
    players to 11), every flag left unsaid."""
    import scopa_tui.ui.app as app_module
    import scopa_tui.ui.crash as crash
    import scopa_tui.ui.terminal as terminal

    built = []
    monkeypatch.setattr(app_module, "ScopaApp", lambda **kw: built.append(kw) or kw)
    monkeypatch.setattr(crash, "run_app_reporting", lambda app, data_dir: 0)
    monkeypatch.setattr(terminal, "terminal_problem", lambda: None)  # a terminal to run in
    argv = ["online", "--name", "Anna", "--create", "--players", "3", "--target", "2", "--ai-seats", "easy",
            "--variant", "escoba", "--option", "setenta-primiera", "--private", "--turn-limit", "30",
            "--title", "Sera"]
    assert main(argv) == 0
    (online,) = [kw["online"] for kw in built]
    assert online["name"] == "Anna" and online["join"] is None
    assert online["create"] == {"players": 3, "preset": "standard", "variant": "escoba",
                                "options": ["setenta-primiera"], "ai": "easy", "turn_limit": 30,
                                "public": False, "target": 2, "title": "Sera"}
    built.clear()
    assert main(["online", "--name", "Anna"]) == 0  # without --create: the lobby, as before
    assert built[0]["online"]["create"] is None


def test_the_app_opens_online_without_a_name_on_the_name_its_lobby_last_used(monkeypatch, tmp_path):
    """``scopa-tui online`` (or ``--join``, ``--create``) without ``--name``: the lobby opens on
    the name it last reached a server with, as on the server; a table created so is titled
    by the lobby with that name, not with none."""
    import scopa_tui.ui.app as app_module
    import scopa_tui.ui.crash as crash
    import scopa_tui.ui.terminal as terminal
    from scopa_tui.store import Store
    from scopa_tui.ui.app import ScopaApp

    Store(tmp_path).update_settings(online_server="ws://127.0.0.1:1/", online_name="Bruno")
    built = []
    monkeypatch.setattr(app_module, "ScopaApp", lambda **kw: built.append(kw) or kw)
    monkeypatch.setattr(crash, "run_app_reporting", lambda app, data_dir: 0)
    monkeypatch.setattr(terminal, "terminal_problem", lambda: None)  # a terminal to run in
    assert main(["online", "--data-dir", str(tmp_path), "--create", "--players", "3"]) == 0
    assert main(["online", "--data-dir", str(tmp_path), "--join", "ABCDEFGH"]) == 0
    (created, joined) = [kw["online"] for kw in built]
    assert created["name"] is None and "title" not in created["create"] and created["create"]["players"] == 3
    assert joined["name"] is None and joined["join"] == "ABCDEFGH"
    monkeypatch.undo()
    app = ScopaApp(online=joined, data_dir=str(tmp_path))  # the app as run_online makes it
    app.init_store(str(tmp_path))
    monkeypatch.setattr(app, "push_screen", lambda screen, *a, **k: built.append(screen))
    monkeypatch.setattr(app, "_check_size", lambda *a: None)
    app.action_play_online()
    lobby = built[-1]
    assert (lobby.server, lobby.name_, lobby.join_code) == ("ws://127.0.0.1:1/", "Bruno", "ABCDEFGH")


@pytest.mark.parametrize("argv, words", [
    (["online", "--name", "[b]Anna", "--create", "--ai", "easy"], "may not contain [ or ]"),
    (["online", "--name", "", "--create", "--ai", "easy"], "the name is empty"),
    (["online", "--name", "\u3164", "--create", "--ai", "easy"], "the name is empty"),  # a blank letter
    # 25 accented letters, each an e and a combining accent: 25 characters, not 50
    (["online", "--name", "e\u0301" * 25, "--create", "--ai", "easy"], "the name is 25 characters long"),
    (["online", "--name", "Anna", "--ai", "easy"], "say --create or --join CODE"),
    (["online", "--name", "Anna", "--join", " ", "--ai", "easy"], "--join needs the table's code"),
    # a table joined has its own rules and settings: these were taken and ignored
    (["online", "--name", "Anna", "--join", "ABCDEFGH", "--players", "4", "--ai", "easy"],
     "--players goes with --create: a table you join has its own rules and settings"),
    (["online", "--name", "Anna", "--join", "ABCDEFGH", "--start-after", "5"],
     "--start-after goes with --create"),  # the app: its creator starts with Enter
    (["--option", "napola", "online", "--join", "ABCDEFGH"], "--option goes with --create"),
    (["online", "--join", "ABCDEFGH", "--games", "3"], "--games goes with --bot or --ai"),
    (["online", "--name", "Anna", "--create", "--bot", ""], "--bot needs the command that runs the bot"),
    (["online", "--create", "--ai", "easy"], "say --name NAME"),  # a headless seat has no lobby to name it
    (["online", "--join", "ABCDEFGH", "--bot", "python bot.py"], "say --name NAME"),
    (["online", "--name", "Anna", "--create", "--ai-seats", "genius", "--ai", "easy"], "'genius' is not an AI level"),
    (["online", "--name", "Anna", "--create", "--players", "4", "--ai-seats", "easy,hard", "--ai", "easy"],
     "lists 2 levels for 4 seats"),
    (["online", "--name", "Anna", "--create", "--turn-limit", "0", "--ai", "easy"], "between 1 and 600 seconds"),
    (["online", "--name", "Anna", "--create", "--title", "[red]x", "--ai", "easy"], "may not contain [ or ]"),
    (["online", "--server", "http://x/", "--name", "Anna", "--create", "--ai", "easy"], "not a server address"),
    # urllib's English words at the connection ("Invalid IPv6 URL", "Port out of range 0-65535")
    (["online", "--server", "ws://[::1", "--name", "Anna", "--create", "--ai", "easy"], "not a server address"),
    (["online", "--server", "ws://127.0.0.1:99999/", "--name", "Anna", "--create", "--ai", "easy"],
     "not a server address"),
    # two addresses typed one after the other: the second was taken for a path and ignored
    (["online", "--server", "ws://127.0.0.1:7830/ws://127.0.0.1:7654/", "--name", "Anna", "--create", "--ai",
      "easy"], "not a server address"),
    (["online", "--name", "Anna", "--create", "--ai", "cmd:python bot.py"], "--ai takes a built-in AI"),
    # the registry's words offered cmd:COMMAND, which --ai refuses
    (["online", "--name", "Anna", "--create", "--ai", "genius"],
     "unknown AI 'genius': choose one of easy, greedy, hard, medium, pimc, random (a program goes with --bot CMD)"),
    (["online", "--name", "Anna", "--create", "--ai", " "], "--ai needs a level, e.g. --ai hard"),
    (["online", "--name", "Anna", "--create", "--bot", "no-such-program-xyz"], "no program 'no-such-program-xyz'"),
    (["online", "--name", "Anna", "--create", "--bot", "x", "--ai", "easy"], "not allowed with argument"),
    (["online", "--name", "Anna", "--create", "--join", "ABCDEFGH", "--ai", "easy"], "not allowed with argument"),
    (["online", "--name", "Anna", "--create", "--preset", "gamerules", "--players", "3", "--ai", "easy"],
     "gamerules preset is for 2 or 4 players"),
    (["online", "--name", "Anna", "--create", "--variant", "scopone-scientifico", "--players", "2", "--ai", "easy"],
     "Scopone scientifico is played by 4 players, not 2"),
    (["online", "--name", "Anna", "--create", "--variant", "escoba", "--option", "ace-no-empty-sweep",
      "--ai", "easy"], "not played in Escoba"),
    (["server", "--port", "70000"], "not a port number"),
    (["server", "--host", ""], "an empty address: say 127.0.0.1"),  # it listened on every network
    (["web", "--host", " "], "an empty address: say 127.0.0.1"),
    (["server", "--certfile", "cert.pem"], "--certfile and --keyfile go together"),
    (["server", "--ai-pace", "-1"], "between 0 and 10 seconds"),
    # a name the resolver cannot encode: "encoding with 'idna' codec failed (UnicodeError: ...)"
    (["server", "--host", "bad..host", "--port", "0"], "argument --host: 'bad..host' is not a host name or address"),
    (["server", "--host", "x" * 64, "--port", "0"], "is not a host name or address"),
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
        # It said asyncio's "error while attempting to bind on address ('127.0.0.1', PORT): address
        # already in use", in English whatever the language, where web says it in the player's words.
        assert main(["--lang", "it", "server", "--port", str(port), "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err == (f"scopa-tui: error: cannot listen on 127.0.0.1:{port}: Address already in use\n"
                   f"scopa-tui: errore: impossibile ascoltare su 127.0.0.1:{port}: indirizzo già in uso\n")


def test_an_unknown_host_name_is_said_in_the_players_words(capsys, tmp_path, monkeypatch):
    # server and web said getaddrinfo's "Name or service not known" in English in every language.
    real = socket.getaddrinfo

    def getaddrinfo(host, *args, **kwargs):
        if host == "nowhere.example":
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    assert main(["--lang", "fr", "server", "--host", "nowhere.example", "--port", "0", "--data-dir", str(tmp_path)]) == 2
    assert main(["--lang", "es", "web", "--host", "nowhere.example"]) == 2
    assert capsys.readouterr().err == (
        "scopa-tui: erreur\u00a0: impossible d'écouter sur nowhere.example:0\u00a0: aucun ordinateur de ce nom n'est connu\n"
        "scopa-tui: error: no se puede escuchar en nowhere.example: no se conoce ningún ordenador con ese nombre\n")


@pytest.mark.parametrize("lang, title, given", [("it", "Tavolo di Anna", None), ("fr", "Table d'Anna", None),
                                                ("en", "Anna's table", None), ("it", "Domenica", "Domenica")])
async def test_a_table_created_on_the_command_line_is_titled_in_the_players_language(lang, title, given, capsys):
    # Without --title the server's English default ("Anna's table") was used, where the lobby
    # titles a new table in its creator's language ("Tavolo di Anna").
    import asyncio

    from net_helpers import running_server

    async with running_server(None) as (server, url):
        argv = ["--lang", lang, "online", "--server", url, "--name", "Anna", "--create", "--target", "1",
                "--ai-seats", "easy", "--start-after", "0", "--ai", "easy", "--private"]
        assert await asyncio.to_thread(main, argv + (["--title", given] if given else [])) == 0
        (table,) = server.tables.values()
        assert table.config["title"] == title
    assert capsys.readouterr().out.startswith(f"table {table.code}\n")


def test_every_ai_level_the_help_of_ai_seats_names_is_taken(capsys):
    # The help named pimc, which --ai-seats (and the server) refuse: tables seat no pimc.
    from scopa_tui.cli import build_parser

    help_ = " ".join(build_parser(["online"])._subparsers._group_actions[0].choices["online"].format_help().split())
    named = help_.split("no person takes: ")[1].split(" (or one per seat)")[0].split(", ")
    assert named == ["easy", "medium", "hard", "random"]
    for level in named:
        args = build_parser(["online"]).parse_args(["online", "--ai-seats", level, "--create"])
        assert args.ai_seats == level
