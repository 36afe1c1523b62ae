"""``kill -9`` of a real server process mid-game, and a restart: the table goes on where it was."""

from __future__ import annotations

import ipaddress
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from websockets.sync.client import connect

from scopa_tui.engine import record as records
from scopa_tui.net import address as addresses
from scopa_tui.net.address import every_network, inet6_addresses, interface_addresses, network_addresses
from scopa_tui.net.server import _join_at

ROOT = Path(__file__).resolve().parents[2]


def start_server(data_dir: Path, port: int = 0) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([sys.executable, "-m", "scopa_tui", "server", "--port", str(port),
                             "--data-dir", str(data_dir), "--ai-pace", "0.1"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()  # "scopa-tui server: listening on ws://127.0.0.1:PORT/ ..."
    assert "listening on ws://127.0.0.1:" in line, line + proc.stderr.read()
    return proc, int(line.split("127.0.0.1:")[1].split("/")[0])


def stored_actions(data_dir: Path) -> list:
    con = sqlite3.connect(data_dir / "online.sqlite3")
    try:
        return [json.loads(a) for (a,) in con.execute("SELECT action FROM actions ORDER BY n")]
    finally:
        con.close()


def wait_for(condition, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


def test_kill_9_and_restart_continues_the_table(tmp_path):
    server, port = start_server(tmp_path)
    seat = subprocess.Popen([sys.executable, "-m", "scopa_tui", "online", "--server", f"ws://127.0.0.1:{port}/",
                             "--name", "Anna", "--create", "--players", "2", "--target", "4",
                             "--ai-seats", "easy", "--start-after", "0", "--ai", "easy"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        code = seat.stdout.readline().split()
        assert code[0] == "table" and len(code[1]) == 8
        wait_for(lambda: len(stored_actions(tmp_path)) >= 6)
        os.kill(server.pid, signal.SIGKILL)
        server.wait(10)
        before = stored_actions(tmp_path)
        assert 6 <= len(before) and seat.poll() is None  # the seat waits for the server

        server, _ = start_server(tmp_path, port)
        out, err = seat.communicate(timeout=60)
        assert seat.returncode == 0, err
        lines = out.splitlines()
        assert lines[0].startswith("Anna") and lines[1].startswith("AI 2") and lines[2].startswith("winner: ")
        assert "lost; reconnecting" in err and "connected to" in err

        # The game went on from where it was: its record starts with the plays made before the kill.
        export = subprocess.run([sys.executable, "-m", "scopa_tui", "export", "--data-dir", str(tmp_path)],
                                cwd=ROOT, capture_output=True, text=True, timeout=30)
        (game,) = records.parse(export.stdout)
        assert records.replay(game, use_seed=True).is_over
        plays = [[obj["card"], sorted(obj["capture"])] for _, obj in game.lines if obj["event"] == "play"]
        assert plays[:len([a for a in before if a[0] == "play"])] == [
            [a[1], sorted(a[2])] for a in before if a[0] == "play"]
        assert stored_actions(tmp_path) == []  # finished: no longer a table in progress
    finally:
        for proc in (seat, server):
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)


def headless_seats(data_dir: Path) -> dict:
    return json.loads((data_dir / "settings.json").read_text())["headless_seats"]


def test_a_headless_seat_killed_takes_its_seat_back_with_the_same_join(tmp_path):
    # A headless seat killed could not come back: it kept no token, unlike the app, and its
    # --join CODE was refused at the started table. It keeps its token in the settings of its
    # data directory, as the app does, and the same command with --join CODE takes it back.
    server, port = start_server(tmp_path / "server")
    url, mine = f"ws://127.0.0.1:{port}/", tmp_path / "mine"
    seat = subprocess.Popen([sys.executable, "-m", "scopa_tui", "online", "--server", url, "--name", "Anna",
                             "--create", "--players", "2", "--target", "11", "--ai-seats", "easy",
                             "--start-after", "0", "--ai", "easy", "--data-dir", str(mine)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        code = seat.stdout.readline().split()[1]
        assert headless_seats(mine).keys() == {f"{url} {code} Anna"}  # kept before the first play
        wait_for(lambda: len(stored_actions(tmp_path / "server")) >= 2)
        seat.kill()
        seat.wait(10)
        again = subprocess.run([sys.executable, "-m", "scopa_tui", "online", "--server", url, "--name", "Anna",
                                "--join", code.lower(), "--ai", "easy", "--data-dir", str(mine), "--lang", "en"],
                               cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert again.returncode == 0, again.stderr
        assert again.stdout.splitlines()[0] == f"table {code}" and again.stdout.splitlines()[-1].startswith("winner")
        assert again.stderr == f"scopa-tui: seat 1 at table {code} taken back\n"
        assert headless_seats(mine) == {}  # its game over: no seat to come back to
    finally:
        for proc in (seat, server):
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)


def test_a_second_headless_seat_of_the_same_name_takes_no_seat_from_the_first(tmp_path):
    # Two headless seats named Bot on one data directory, the second run while the first
    # played: the second took the first's kept seat back ("seat 2 taken back"), the first
    # was put out of it ("replaced") and ended, and the table waited for a seat still free.
    # The seat a run plays is its own until it ends: the second is refused the name.
    server, port = start_server(tmp_path / "server")
    url, mine = f"ws://127.0.0.1:{port}/", tmp_path / "mine"
    seat = ["online", "--server", url, "--ai", "easy", "--lang", "en"]
    host = subprocess.Popen([sys.executable, "-m", "scopa_tui", *seat, "--name", "Anna", "--create", "--players",
                             "3", "--data-dir", str(tmp_path / "host")],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = None
    try:
        code = host.stdout.readline().split()[1]
        bot = [sys.executable, "-m", "scopa_tui", *seat, "--name", "Bot", "--join", code, "--data-dir", str(mine)]
        first = subprocess.Popen(bot, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert first.stdout.readline() == f"table {code}\n"
        second = subprocess.run(bot, cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert second.returncode == 1
        assert second.stderr == ("scopa-tui: error: a player at this table has that name already, or one that "
                                 "looks the same: choose another name\n")
        assert first.poll() is None  # still at its seat
    finally:
        for proc in (first, host, server):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait(10)


def test_a_damaged_table_file_is_moved_aside_and_the_server_starts_empty(tmp_path):
    (tmp_path / "online.sqlite3").write_bytes(b"this is not a database" * 100)
    server, port = start_server(tmp_path)
    try:
        assert port > 0
        aside = list(tmp_path.glob("online.sqlite3.corrupt-*"))
        assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not")
        assert stored_actions(tmp_path) == []
    finally:
        server.terminate()
        assert server.wait(10) == 0  # SIGTERM: a clean stop
    err = server.stderr.read()
    assert "is damaged" in err and "moved aside" in err and "Traceback" not in err


def tables_left_by_a_kill(tmp_path: Path) -> Path:
    """A data directory as ``kill -9`` leaves it: the moves made since the last checkpoint
    are in ``online.sqlite3-wal`` alone."""
    live, left = tmp_path / "live", tmp_path / "left"
    live.mkdir()
    left.mkdir()
    con = sqlite3.connect(live / "online.sqlite3")
    con.execute("PRAGMA journal_mode = WAL")
    con.execute("PRAGMA wal_autocheckpoint = 0")
    con.execute("CREATE TABLE moves (n INTEGER)")
    con.executemany("INSERT INTO moves VALUES (?)", [(n,) for n in range(500)])
    con.commit()
    for name in ("online.sqlite3", "online.sqlite3-wal"):
        (left / name).write_bytes((live / name).read_bytes())
    con.close()
    assert (left / "online.sqlite3-wal").stat().st_size > 4096
    return left


def test_a_table_file_that_cannot_be_written_now_is_left_as_it_is(tmp_path, monkeypatch, capsys):
    # A full disk (here: a file SQLite may not write) made the server call its intact file
    # "damaged", move it aside and delete its WAL, and with it every move since the last
    # checkpoint: it started with no tables, and they could not be had back.
    from scopa_tui.cli import main

    left = tables_left_by_a_kill(tmp_path)
    real = sqlite3.connect

    def read_only(*args, **kwargs):
        con = real(*args, **kwargs)
        con.execute("PRAGMA query_only = 1")
        return con

    monkeypatch.setattr(sqlite3, "connect", read_only)
    assert main(["server", "--port", "0", "--data-dir", str(left)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot be opened" in err and "left as it is" in err
    monkeypatch.undo()
    assert sorted(p.name for p in left.iterdir() if "corrupt" in p.name) == []
    con = sqlite3.connect(left / "online.sqlite3")
    assert con.execute("SELECT count(*) FROM moves").fetchone() == (500,)  # every move still there
    con.close()


def test_a_data_directory_that_is_a_file_is_said_so(tmp_path, monkeypatch, capsys):
    # SCOPA_TUI_DATA_DIR naming a file got "[Errno 17] File exists: '…'", as if all were well.
    from scopa_tui.cli import main

    blocker = tmp_path / "data"
    blocker.write_text("mine")
    monkeypatch.setenv("SCOPA_TUI_DATA_DIR", str(blocker))
    assert main(["server", "--port", "0"]) == 2
    assert capsys.readouterr().err == f"scopa-tui: error: SCOPA_TUI_DATA_DIR {blocker} is a file, not a directory\n"
    assert main(["server", "--port", "0", "--data-dir", str(blocker / "tables")]) == 2
    assert capsys.readouterr().err == (f"scopa-tui: error: --data-dir {blocker / 'tables'} cannot be made: "
                                       f"{blocker} is a file\n")
    assert blocker.read_text() == "mine"


def test_a_table_file_from_a_newer_version_is_one_line_and_exit_2(tmp_path, capsys):
    from scopa_tui.cli import main

    con = sqlite3.connect(tmp_path / "online.sqlite3")
    con.execute("PRAGMA user_version = 99")
    con.close()
    assert main(["server", "--port", "0", "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "newer scopa-tui (schema 99)" in err


def test_a_second_server_on_the_same_directory_is_one_line_and_exit_2(tmp_path):
    # It used to start and continue the first one's tables a second time, both writing
    # their moves into the one file (WAL mode let it open the database).
    first, _ = start_server(tmp_path)
    try:
        second = subprocess.run([sys.executable, "-m", "scopa_tui", "server", "--port", "0",
                                 "--data-dir", str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                                timeout=20)
        assert second.returncode == 2 and second.stdout == ""
        (line,) = second.stderr.splitlines()
        assert "in use by another server" in line and "Traceback" not in second.stderr
        assert first.poll() is None
        os.kill(first.pid, signal.SIGKILL)  # the lock goes with the process
        first.wait(10)
        first, _ = start_server(tmp_path)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait(10)


def test_sighup_stops_the_server_as_sigterm_does(tmp_path):
    # Its terminal closed: SIGHUP ended the server outright (status -1), its table file left
    # open, with its write-ahead log beside it; now it stops cleanly, as at SIGTERM or Ctrl+C.
    server, _ = start_server(tmp_path)
    try:
        assert (tmp_path / "online.sqlite3-wal").exists()
        server.send_signal(signal.SIGHUP)
        assert server.wait(10) == 0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(10)
    assert not (tmp_path / "online.sqlite3-wal").exists()  # the table file closed
    assert "Traceback" not in server.stderr.read()


def test_a_server_on_every_network_says_the_address_to_join_at(tmp_path):
    # --host 0.0.0.0 said "listening on ws://0.0.0.0:PORT/" alone: no address to join at from
    # another machine. The next line says this machine's address on its network, asking no
    # name server.
    server = subprocess.Popen([sys.executable, "-m", "scopa_tui", "server", "--host", "0.0.0.0", "--port", "0",
                               "--data-dir", str(tmp_path), "--lang", "en"],
                              cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = server.stdout.readline()
        port = int(first.split("0.0.0.0:")[1].split("/")[0])
        for address in network_addresses():
            with connect(f"ws://{address}:{port}/", open_timeout=10):  # a player can open each
                pass
        server.terminate()
        assert server.wait(10) == 0, server.stderr.read()
        out = server.stdout.read()  # the line after the first: read with it, it may be in the buffer already
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(10)
    assert out == _join_at("ws", network_addresses(), port) + "\n"


def test_every_network_is_an_unspecified_address():
    assert not every_network("127.0.0.1") and not every_network("myhost") and not every_network("::1")
    assert every_network("0.0.0.0") and every_network("::")
    assert _join_at("ws", [], 7654) == ("Players on other machines join at this machine's address on its "
                                           "network, port 7654.")  # a machine with no network
    assert _join_at("wss", ["fd00::2"], 7654) == ("Players on other machines join at wss://[fd00::2]:7654/ "
                                                "(this machine's address on its network).")


def test_a_machine_on_several_networks_is_named_at_each_address(monkeypatch):
    # A server on every network named one address, that of the route out: the machines of
    # another network of it (a second card, a VPN) were not told where to join. Loopback and
    # link-local addresses are no use from another machine; an address is named once.
    monkeypatch.setattr(addresses, "network_address", lambda ipv6=False: "192.168.1.20")
    monkeypatch.setattr(addresses, "interface_addresses",
                        lambda ipv6=False: ["127.0.0.1", "192.168.1.20", "10.8.0.3", "169.254.7.7"])
    assert network_addresses() == ["192.168.1.20", "10.8.0.3"]
    assert _join_at("ws", network_addresses(), 7654) == (
        "Players on other machines join at this machine's address on their network:\n"
        "  ws://192.168.1.20:7654/\n  ws://10.8.0.3:7654/")
    monkeypatch.setattr(addresses, "network_address", lambda ipv6=False: "10.8.0.3")  # the route out first
    assert network_addresses() == ["10.8.0.3", "192.168.1.20"]
    monkeypatch.setattr(addresses, "interface_addresses", lambda ipv6=False: [])  # not Linux: the route out's
    assert network_addresses() == ["10.8.0.3"]
    monkeypatch.setattr(addresses, "network_address", lambda ipv6=False: None)  # no network at all
    assert network_addresses() == []


def test_the_ipv6_addresses_are_read_from_the_systems_table():
    # a temporary (privacy) address changes within the day, and a tentative or deprecated one
    # is not usable: none is given out
    table = ("fe8000000000000000fc00fffe000001 04 40 20 80     eth0\n"
             "00000000000000000000000000000001 01 80 10 80       lo\n"
             "fd000000000000000000000000000002 04 40 00 82     eth0\n"
             "20010db8000000000000000000000003 04 40 00 01     eth0\n"
             "20010db8000000000000000000000004 04 40 00 20     eth0\n"
             "20010db8000000000000000000000005 05 40 00 40    wlan0\n"
             "20010db8000000000000000000000006 05 40 00 00    wlan0\n")
    assert inet6_addresses(table) == [("fe80::fc:ff:fe00:1", "eth0"), ("::1", "lo"), ("fd00::2", "eth0"),
                                      ("2001:db8::6", "wlan0")]


def test_an_interface_down_or_without_a_network_is_not_named(monkeypatch):
    # A bridge with nothing on it (docker0 with no container) or a card without its cable kept
    # an address no machine could join at.
    import fcntl

    interfaces = {"lo": ("127.0.0.1", 0x49), "eth0": ("192.168.1.20", 0x1043), "docker0": ("172.17.0.1", 0x1003),
                  "wlan0": ("10.0.0.7", 0x1002), "wg0": (None, 0x41)}

    def ioctl(fd, request, arg):
        address, flags = interfaces[arg[:16].rstrip(b"\0").decode()]
        if request == addresses.SIOCGIFFLAGS:
            return arg[:16] + flags.to_bytes(2, sys.byteorder) + arg[18:]
        if address is None:
            raise OSError(99, "Cannot assign requested address")
        return arg[:20] + socket.inet_aton(address) + arg[24:]

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(socket, "if_nameindex", lambda: list(enumerate(interfaces, 1)))
    monkeypatch.setattr(fcntl, "ioctl", ioctl)
    assert interface_addresses() == ["127.0.0.1", "192.168.1.20"]


def test_each_interface_address_is_this_machines():
    for ipv6 in (False, True):
        for address in interface_addresses(ipv6):  # whatever this machine's networks are
            with socket.socket(socket.AF_INET6 if ipv6 else socket.AF_INET, socket.SOCK_DGRAM) as s:
                if ipv6 and ipaddress.ip_address(address).is_link_local:
                    continue  # bound only with its interface named
                s.bind((address, 0))  # only an address of this machine's can be bound
