"""``scopa-tui web``: its arguments, the command it serves, the page, and a port in use."""

from __future__ import annotations

import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from scopa_tui.cli import build_parser, main
from scopa_tui.net.address import network_addresses
from scopa_tui.web import app_command

ROOT = Path(__file__).resolve().parents[2]

BAD = [
    (["web", "--port", "0"], "must be at least 1, not 0"),
    (["web", "--port", "65536"], "must be from 1 to 65535, not 65536"),
    (["web", "--port", "http"], "'http' is not a whole number"),
    (["web", "--players", "5"], "not 5"),
    (["web", "--ai", "easy,hard"], "--ai names 2 AIs, but a 2-player game has 1 seat besides yours"),
    (["web", "--host", "no-such-host.invalid"], "cannot listen on no-such-host.invalid"),
    (["web", "--host", "bad..host"], "argument --host: 'bad..host' is not a host name or address"),
    (["web", "--public-url", "myhost:8000"], "'myhost:8000' is not a web address such as http://myhost:8000"),
    # these served a page whose game could not be reached, without a word
    (["web", "--public-url", "http://my host:8000"], "'http://my host:8000' is not a web address such as"),
    (["web", "--public-url", "http://myhost:99999"], "'http://myhost:99999' is not a web address such as"),
    (["web", "--public-url", "http://[::1:8000"], "'http://[::1:8000' is not a web address such as"),
    (["web", "--public-url", "https://:8000/x"], "'https://:8000/x' is not a web address such as"),
]


@pytest.mark.parametrize("argv,says", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_arguments_one_line_exit_2(argv, says, capsys):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("scopa-tui: error: ") and err.count("\n") == 1
    assert says in err


def test_a_port_in_use_is_one_line(capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["web", "--port", str(port)]) == 2
    out, err = capsys.readouterr()
    assert err == f"scopa-tui: error: cannot listen on 127.0.0.1 port {port}: Address already in use\n"


def test_game_options_are_passed_to_the_served_app(tmp_path):
    args = build_parser().parse_args(
        ["--data-dir", str(tmp_path / "my data"), "web", "--players", "4", "--ai", "hard,easy,medium",
         "--seed", "3", "--ascii", "--ai-delay", "0", "--port", "9000"])
    argv = shlex.split(app_command(args))
    assert argv[:3] == [sys.executable, "-m", "scopa_tui"]
    assert argv[3:] == ["--players", "4", "--seed", "3", "--ai-delay", "0.0",
                        "--data-dir", str(tmp_path / "my data"), "--ai", "hard,easy,medium", "--ascii"]
    assert build_parser().parse_args(argv[3:]).ai == ["hard", "easy", "medium"]  # the app takes them


def test_the_variant_and_its_house_rules_are_passed_to_the_served_app():
    # web took --variant and --option and served Scopa without them
    args = build_parser().parse_args(["web", "--variant", "escoba", "--option", "napola", "--option", "setenta-primiera"])
    argv = shlex.split(app_command(args))
    assert argv[3:] == ["--variant", "escoba", "--option", "napola", "--option", "setenta-primiera"]
    served = build_parser().parse_args(argv[3:])  # the app takes them
    assert (served.variant, served.option) == ("escoba", ["napola", "setenta-primiera"])


def test_the_language_is_passed_to_the_served_app():
    args = build_parser().parse_args(["--lang", "it", "web", "--players", "3"])
    argv = shlex.split(app_command(args))
    assert argv[3:] == ["--players", "3", "--lang", "it"]
    assert build_parser().parse_args(argv[3:]).lang == "it"  # the app takes it


def test_the_page_speaks_the_language_of_lang(tmp_path):
    page, _port = _page(tmp_path, [], top=["--lang", "it"])
    assert '<html lang="it">' in page
    assert "Scopa: distribuisco le carte…" in page and "Gioca ancora" in page and "La partita è chiusa." in page
    assert "Play again" not in page and "dealing" not in page


def test_defaults_pass_nothing_on_and_listen_on_loopback():
    args = build_parser().parse_args(["web"])
    assert (args.host, args.port) == ("127.0.0.1", 8000)
    assert shlex.split(app_command(args)) == [sys.executable, "-m", "scopa_tui"]


def _page(tmp_path, options: list[str], top: list[str] = (), stdout=subprocess.DEVNULL,
          stderr=subprocess.DEVNULL) -> tuple[str, int]:
    """The page ``scopa-tui TOP web OPTIONS`` serves on a free loopback port, and the port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "scopa_tui", "--data-dir", str(tmp_path), *top, "web",
                               "--port", str(port), *options], cwd=ROOT, stdout=stdout,
                              stderr=stderr, start_new_session=True)
    try:
        end = time.monotonic() + 30
        while time.monotonic() < end:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
                    return response.read().decode(), port
            except OSError:
                assert server.poll() is None, "scopa-tui web exited"
                time.sleep(0.1)
        raise AssertionError("no page within 30 s")
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)


def test_a_standard_output_that_cannot_be_written_is_said_and_the_game_served(tmp_path):
    # > /dev/full: the start-up line's failure stopped the server, said as 'cannot listen on
    # 127.0.0.1 port PORT: No space left on device'. It serves on, its console on standard error.
    with open("/dev/full", "w") as full, open(tmp_path / "err", "w+") as err:
        page, port = _page(tmp_path, [], stdout=full, stderr=err)
        err.seek(0)
        said = [" ".join(line.split()) for line in err.read().splitlines()]
    assert "<title>Scopa</title>" in page
    assert said[:2] == [f"Scopa in a browser: open http://127.0.0.1:{port} (Ctrl+C stops the server)",
                        "WARNING cannot write to standard output: No space left on device"]


def test_the_page_names_the_public_url_for_its_game(tmp_path):
    """Served on every address, the page must send browsers to the address they can reach."""
    page, _port = _page(tmp_path, ["--public-url", "http://scopa.example:8123/"])
    assert 'data-session-websocket-url="ws://scopa.example:8123/ws"' in page


def test_on_every_network_the_page_names_this_machines_address(tmp_path, monkeypatch):
    # --host 0.0.0.0 said "open http://0.0.0.0:8000", and a page opened from another machine at
    # this one's address reached for its game at ws://0.0.0.0:8000/ws, which is no machine's.
    import scopa_tui.web as web

    page, port = _page(tmp_path, ["--host", "0.0.0.0"])
    found = network_addresses()
    wanted = f"ws://{found[0]}:{port}/ws" if found else f"ws://0.0.0.0:{port}/ws"
    assert f'data-session-websocket-url="{wanted}"' in page
    monkeypatch.setattr(web, "network_addresses",
                        lambda ipv6=False: ["fd00::2"] if ipv6 else ["192.168.1.20", "10.8.0.3"])
    assert web.public_url("0.0.0.0", 8000, None) == "http://192.168.1.20:8000"  # the route out's, the first
    assert web.public_url("::", 8000, None) == "http://[fd00::2]:8000"
    assert web.public_url("0.0.0.0", 8000, "http://scopa.example:8000") == "http://scopa.example:8000"  # as given
    assert web.public_url("127.0.0.1", 8000, None) is None  # textual-serve's: the host's
    monkeypatch.setattr(web, "network_addresses", lambda ipv6=False: [])  # no network
    assert web.public_url("0.0.0.0", 8000, None) is None


def test_the_page_loads_nothing_from_other_sites(tmp_path):
    page, port = _page(tmp_path, [])
    assert "<title>Scopa</title>" in page
    assert 'src="http://127.0.0.1:%d/static/js/textual.js"' % port in page
    assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in page
    others = [u for u in re.findall(r"""(?:https?|wss?)://[^"'\s)]+""", page)
              if not re.match(rf"(?:https?|wss?)://127\.0\.0\.1:{port}/", u)]
    assert others == ["http://www.w3.org/2000/svg"]  # the inline icon's namespace: a name, nothing fetched
