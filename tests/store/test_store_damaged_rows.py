"""Damaged rows in the statistics database: every value read is checked, a bad row is
skipped with one notice naming the file, and the history screen, the statistics and
``export`` go on with the good rows (never a traceback)."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from conftest import file_game, play, setup_for
from test_store_badfiles import one_notice
from test_store_screens import ScreensApp
from textual.widgets import DataTable

from scopa_tui.cli import main
from scopa_tui.engine import Game, make_rules
from scopa_tui.store import Store
from scopa_tui.ui.screens.history import HistoryScreen
from scopa_tui.ui.screens.stats import StatsScreen

class NotUtf8(bytes):
    """Stored as TEXT that is not UTF-8 (a bit flipped in the file, another program's
    encoding): sqlite3 failed the whole read on it, every game of the history gone."""


# (column, value) pairs that no version of the app writes; each is found by a hostile test
# or is its close kin.
DAMAGE = [
    ("totals", "null"),  # valid JSON, not a list
    ("totals", None),
    ("totals", '["a", 1]'),
    ("finished_at", "yesterday"),
    ("finished_at", 1e300),  # time.gmtime: OverflowError
    ("finished_at", float("nan")),
    ("finished_at", -5.0),
    ("names", "[1, 2]"),
    ("names", '["only one"]'),
    ("ai", "{}"),
    ("players", 5),
    ("players", "two"),
    ("won", 7),
    ("won", "yes"),
    ("winner", 9),
    ("human_seat", -1),
    ("human_seat", None),  # the player's side won or lost, and the player had no seat
    ("hands", "many"),
    ("opponents", None),
    ("game_id", None),
    ("names", b"[]"),  # a blob, not text
    ("names", NotUtf8(b'["\xff", "x"]')),
    ("game_id", NotUtf8(b"g\xe9")),  # Latin-1's é
    ("opponents", NotUtf8(b"\xc3")),  # UTF-8 cut in the middle of a letter
]


def two_games(tmp_path) -> Store:
    store = Store(tmp_path)
    for seed in (1, 2):
        file_game(store, play(Game(make_rules(players=2), seed=seed), seed=seed), setup_for(),
                  f"g{seed}", when=1000.0 + seed)
    return store


def damage(tmp_path, game_id: str, column: str, value) -> None:
    """Write ``value`` into ``column`` of a game's row, as another program could."""
    con = sqlite3.connect(tmp_path / "scopa.sqlite3")
    # The columns are NOT NULL (and NaN is stored as NULL): drop the constraint first, as
    # a program rebuilding the table could; writable_schema is the short way there.
    (sql,) = con.execute("SELECT sql FROM sqlite_master WHERE name = 'games'").fetchone()
    con.execute("PRAGMA writable_schema = ON")
    con.execute("UPDATE sqlite_master SET sql = ? WHERE name = 'games'",
                (re.sub(rf"\b({column} \w+) NOT NULL", r"\1", sql),))
    con.commit()
    con.close()
    con = sqlite3.connect(tmp_path / "scopa.sqlite3")
    cell = "CAST(? AS TEXT)" if isinstance(value, NotUtf8) else "?"
    con.execute(f"UPDATE games SET {column} = {cell} WHERE game_id = ?", (value, game_id))
    con.commit()
    con.close()


@pytest.mark.parametrize("column,value", DAMAGE, ids=[f"{c}={v!r}" for c, v in DAMAGE])
def test_history_skips_a_damaged_row_with_one_notice(tmp_path, column, value):
    two_games(tmp_path)
    damage(tmp_path, "g1", column, value)
    store = Store(tmp_path)
    entries = store.history()
    assert [e.game_id for e in entries] == ["g2"]
    message = one_notice(store, tmp_path / "scopa.sqlite3")
    assert "skipped 1 damaged game" in message
    for e in entries:  # what the history screen shows works for every entry kept
        assert e.date and e.result


@pytest.mark.parametrize("column,value", [("totals", "null"), ("finished_at", "yesterday"),
                                          ("finished_at", 1e300)])
async def test_history_screen_shows_the_good_games(tmp_path, column, value):
    two_games(tmp_path)
    damage(tmp_path, "g2", column, value)
    store = Store(tmp_path)
    app = ScreensApp(HistoryScreen(store.history(), store.history_record))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.row_count == 1
        await pilot.press("enter")  # the good game still replays
        await pilot.pause()
        assert type(app.screen).__name__ == "ReplayScreen"
    assert "damaged game" in one_notice(store, tmp_path / "scopa.sqlite3")


@pytest.mark.parametrize("record", [b"\x00\x01", NotUtf8(b'{"event":"game_start"\xff}')], ids=["blob", "not-utf8"])
async def test_history_screen_with_a_record_that_is_not_text(tmp_path, record):
    two_games(tmp_path)
    damage(tmp_path, "g2", "record", record)
    store = Store(tmp_path)
    app = ScreensApp(HistoryScreen(store.history(), store.history_record))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the newest game, g2: its record cannot be read
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        assert any("could not be read" in n.message for n in app._notifications)


@pytest.mark.parametrize("column,value", [("finished_at", 1e300), ("finished_at", "soon"), ("names", "{"),
                                          ("record", 12), ("record", None), ("record", b"{}"),
                                          ("record", '{"event": "deal"}'), ("record", NotUtf8(b'{"\xff"}')),
                                          ("names", NotUtf8(b'["\xff", "x"]'))])
def test_export_skips_or_trims_a_damaged_row(tmp_path, capsys, column, value):
    two_games(tmp_path)
    damage(tmp_path, "g1", column, value)
    assert main(["--data-dir", str(tmp_path), "export"]) == 0
    out, err = capsys.readouterr()
    starts = [json.loads(line)["scopa_tui"] for line in out.splitlines() if '"game_start"' in line]
    assert "Traceback" not in err
    if column == "record":  # no record: the game is left out, and that is said in one line
        assert [m["game_id"] for m in starts] == ["g2"]
        assert err.count("\n") == 1 and "g1" in err and "damaged" in err
    else:  # the record is good: exported without the damaged details
        by_id = {m["game_id"]: m for m in starts}
        assert sorted(by_id) == ["g1", "g2"]
        assert by_id["g1"] == {"game_id": "g1"} and "finished_at" in by_id["g2"]


@pytest.mark.parametrize("column,value", DAMAGE, ids=[f"{c}={v!r}" for c, v in DAMAGE])
def test_statistics_and_history_skip_the_same_damaged_rows(tmp_path, column, value):
    # A winner of seat 9 (no such seat), a list of totals that is no list, ... hid the game
    # from the history but counted it in the statistics: both read a row by one check now,
    # and say the same one line (shown once).
    two_games(tmp_path)
    damage(tmp_path, "g1", column, value)
    store = Store(tmp_path)
    assert [e.game_id for e in store.history()] == ["g2"]
    said = one_notice(store, tmp_path / "scopa.sqlite3")
    st = store.stats()
    assert st.games == 1 and [r.played for r in st.by_level] == [1]
    assert one_notice(store, tmp_path / "scopa.sqlite3") == said


@pytest.mark.parametrize("column,value", [("won", "yes"), ("players", 5), ("finished_at", "x"),
                                          ("opponents", None), ("opponents", NotUtf8(b"\xc3")),
                                          ("variant", NotUtf8(b"scopa\xff"))])
async def test_statistics_skip_damaged_games(tmp_path, column, value):
    store = two_games(tmp_path)
    good = store.stats()
    damage(tmp_path, "g1", column, value)
    store = Store(tmp_path)
    st = store.stats()
    g2_hands = sqlite3.connect(tmp_path / "scopa.sqlite3").execute(
        "SELECT COUNT(*) FROM hands JOIN games ON hands.game = games.id WHERE game_id = 'g2'").fetchone()[0]
    assert st.games == 1 and st.won in (0, 1) and st.hands == g2_hands < good.hands  # g1's hands left out
    assert [(r.players, r.opponents, r.played) for r in st.by_level] == [(2, "greedy", 1)]
    assert "skipped 1 damaged game (g1)" in one_notice(store, tmp_path / "scopa.sqlite3")
    app = ScreensApp(StatsScreen(st))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#stats-summary")


def test_statistics_skip_damaged_hand_rows(tmp_path):
    store = two_games(tmp_path)
    good = store.stats()
    con = sqlite3.connect(tmp_path / "scopa.sqlite3")
    con.execute("UPDATE hands SET points = 'lots' WHERE hand = 1")
    con.execute("UPDATE hands SET settebello = 3 WHERE hand = 2")
    con.commit()
    con.close()
    store = Store(tmp_path)
    st = store.stats()
    assert st.games == good.games and 0 < st.hands < good.hands
    assert isinstance(st.points, int) and st.points <= good.points
    assert "damaged hand rows" in one_notice(store, tmp_path / "scopa.sqlite3")


async def test_statistics_show_opponents_of_markup_as_plain_text(tmp_path):
    # The opponents are what the file says (at an online table, the AI level its server
    # named): "[/]" was read as markup and stopped the app when the statistics opened.
    two_games(tmp_path)
    damage(tmp_path, "g1", "opponents", "[/]")
    st = Store(tmp_path).stats()
    assert sorted(r.opponents for r in st.by_level) == ["[/]", "greedy"]
    app = ScreensApp(StatsScreen(st))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, StatsScreen)
        shown = "".join(app.screen.query_one("#stats-levels").render_line(y).text for y in range(20))
        assert "[/]" in shown and "greedy" in shown
