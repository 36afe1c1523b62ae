"""A damaged row of the server's table file costs that table only (docs/online-protocol.md,
*Guarantees*: every table kept): it is said in the log and left in the file, and the
server starts with the others. A value that is not JSON, or not UTF-8 text, kept the server
from starting at all ("scopa-tui: error: Expecting value: line 1 column 1 (char 0)")."""

from __future__ import annotations

import sqlite3

import pytest
from net_helpers import Raw, running_server

from scopa_tui.net.server import Server

DAMAGE = {
    "config not JSON": "UPDATE tables SET config = '{\"players\": 2' WHERE code = :code",
    "config a blob": "UPDATE tables SET config = x'7b7d' WHERE code = :code",
    "seats not UTF-8": "UPDATE tables SET seats = CAST(x'5bff5d' AS TEXT) WHERE code = :code",
    "an action not JSON": "UPDATE actions SET action = 'play 7d' WHERE code = :code AND n = 0",
    "an action not UTF-8": "UPDATE actions SET action = CAST(x'ff' AS TEXT) WHERE code = :code AND n = 0",
    "code not UTF-8": "UPDATE tables SET code = CAST(x'41ff' AS TEXT) WHERE code = :code",
}


async def _two_tables(data_dir) -> list[str]:
    """Two started tables, each with a play of Anna's in the file: their codes."""
    codes = []
    async with running_server(data_dir) as (_server, url):
        for name in ("Anna", "Bruno"):
            raw = await Raw.open(url, name)
            await raw.send({"type": "create", "players": 2, "ai": "easy", "turn_limit": 600})
            codes.append((await raw.expect("joined"))["code"])
            await raw.send({"type": "start"})
            while not ((msg := await raw.expect("turn", "state"))["view"] or {}).get("legal"):
                pass
            move = msg["view"]["legal"][0]
            await raw.send({"type": "play", "card": move["card"], "capture": move["capture"]})
            await raw.expect("event")
            await raw.close()
    return codes


def _damage(data_dir, sql: str, code: str) -> None:
    con = sqlite3.connect(data_dir / "online.sqlite3")
    con.execute(sql, {"code": code})
    con.commit()
    con.close()


def _rows(data_dir) -> int:
    con = sqlite3.connect(data_dir / "online.sqlite3")
    con.text_factory = bytes
    try:
        return con.execute("SELECT count(*) FROM tables").fetchone()[0]
    finally:
        con.close()


@pytest.mark.parametrize("sql", DAMAGE.values(), ids=DAMAGE.keys())
async def test_a_damaged_row_costs_its_table_only(tmp_path, sql):
    damaged, good = await _two_tables(tmp_path)
    _damage(tmp_path, sql, damaged)
    lines: list[str] = []
    server = Server(tmp_path, ai_pace=0, log=lines.append)
    try:
        server._restore()
        assert sorted(server.tables) == [good]  # the other table goes on
        said = [line for line in lines if "cannot be read" in line]
        assert len(said) == 1 and "left in the file" in said[0] and "online.sqlite3" in said[0]
        assert "Traceback" not in "".join(lines)
    finally:
        await server.close()
    assert _rows(tmp_path) == 2  # nothing deleted


async def test_the_server_starts_with_a_damaged_row(tmp_path):
    damaged, good = await _two_tables(tmp_path)
    _damage(tmp_path, DAMAGE["an action not JSON"], damaged)
    server = Server(tmp_path, ai_pace=0)
    try:
        port = await server.start("127.0.0.1", 0)  # before: the error ended the command, exit status 2
        assert port > 0 and good in server.tables and damaged not in server.tables
    finally:
        await server.close()


@pytest.mark.parametrize("dropped, said", [
    ("actions", "start again from their deal"),
    ("seat_games", "what it held is lost"),
])
async def test_a_dropped_table_of_the_file_is_said_in_the_log(tmp_path, dropped, said):
    """A table of the file dropped by hand was made again empty without a word: with
    ``actions`` gone, every started table began again from its deal and nobody knew why."""
    codes = await _two_tables(tmp_path)
    con = sqlite3.connect(tmp_path / "online.sqlite3")
    con.execute(f"DROP TABLE {dropped}")
    con.commit()
    con.close()
    lines: list[str] = []
    server = Server(tmp_path, ai_pace=0, log=lines.append)
    try:
        server._restore()
        assert sorted(server.tables) == sorted(codes)  # the tables themselves are there
        told = [line for line in lines if f"had lost its {dropped} table" in line]
        assert len(told) == 1 and said in told[0] and "online.sqlite3" in told[0]
    finally:
        await server.close()
    server = Server(tmp_path, ai_pace=0, log=lines.append)  # made again: said once, not at every start
    try:
        server._restore()
        assert len([line for line in lines if "had lost" in line]) == 1
    finally:
        await server.close()


async def test_a_new_file_is_not_said_to_have_lost_anything(tmp_path):
    lines: list[str] = []
    server = Server(tmp_path, ai_pace=0, log=lines.append)
    try:
        server._restore()
        assert not [line for line in lines if "had lost" in line]
    finally:
        await server.close()


@pytest.mark.parametrize("made", [
    "CREATE TABLE tables (x)",  # another program's file, of the first schema
    "CREATE TABLE seat_games (token TEXT)",
])
async def test_a_file_of_tables_of_another_shape_is_moved_aside_and_the_server_starts(tmp_path, made):
    # Its tables were kept and altered; the first read then failed (no such column: code) and
    # the server stopped at its start with a traceback.
    con = sqlite3.connect(tmp_path / "online.sqlite3")
    con.execute(made)
    con.execute("PRAGMA user_version = 1")
    con.commit()
    con.close()
    lines: list[str] = []
    server = Server(tmp_path, ai_pace=0, log=lines.append)
    try:
        server._restore()
        port = await server.start("127.0.0.1", 0)
        assert port > 0 and server.tables == {}
        [said] = [line for line in lines if "moved aside" in line]
        assert said.startswith(f"{tmp_path / 'online.sqlite3'} is damaged (it has tables of another shape (no column ")
        assert said.endswith(", starting with no tables")
        assert len(list(tmp_path.glob("online.sqlite3.corrupt-*"))) == 1
    finally:
        await server.close()
