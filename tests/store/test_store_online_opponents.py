"""Games played at a server's table in the history and the statistics: the opponents by the
names their table showed and the table's code ("online, table K7XQ93PA: Anna"), where every
person was "human" (README, History and replay)."""

from __future__ import annotations

import sqlite3

from conftest import file_game, play
from test_history_fit import screen_text
from test_store_badfiles import one_notice
from test_store_damaged_rows import damage
from test_store_screens import ScreensApp
from textual.widgets import DataTable

from scopa_tui.engine import Game, make_rules
from scopa_tui.store import Store
from scopa_tui.store.db import online_code
from scopa_tui.store.saves import GameSetup
from scopa_tui.ui.screens.history import HistoryScreen
from scopa_tui.ui.screens.stats import StatsScreen, against_text


def online(store: Store, seed: int, code: str, names: list[str], ai=None, game_id: str | None = None,
           players: int = 2) -> Game:
    """A game at table ``code``, the player at seat 0 as ``names[0]``, the people in ``names``."""
    setup = GameSetup(names, ai or [None] * players, 0, {"online": code, "server": "ws://127.0.0.1:7810/"})
    game = play(Game(make_rules(players=players), seed=seed), seed=seed)
    return file_game(store, game, setup, game_id or f"20261202-19000{seed}-online-{code}", when=1000.0 + seed)


def test_an_online_game_keeps_its_table_and_its_people(tmp_path):
    store = Store(tmp_path)
    online(store, 1, "K7XQ93PA", ["Carla", "Anna"])
    file_game(store, play(Game(make_rules(players=2), seed=2), seed=2), None, "local", when=1002.0)
    here, there = store.history()
    assert (here.online, here.people, here.opponents) == (None, [], "greedy")
    assert (there.online, there.people, there.opponents) == ("K7XQ93PA", ["Anna"], "human")
    assert against_text(there.opponents, there.people, True, there.online) == "online, table K7XQ93PA: Anna"
    assert against_text(here.opponents) == "greedy"


def test_statistics_tell_online_opponents_apart(tmp_path):
    store = Store(tmp_path)
    online(store, 1, "K7XQ93PA", ["Carla", "Anna"])
    online(store, 2, "ZZ22XX33", ["Carla", "Anna"])  # Anna again, at another table: the same opponent
    online(store, 3, "K7XQ93PA", ["Carla", "Bruno"])
    online(store, 4, "K7XQ93PA", ["Carla", "AI 2"], ai=[None, "medium"])  # the server's AI
    file_game(store, play(Game(make_rules(players=2), seed=5), seed=5), None, "local", when=1005.0)
    rows = [(r.online, r.people, r.opponents, r.played) for r in store.stats().by_level]
    assert rows == [(False, (), "greedy", 1), (True, ("Anna",), "human", 2), (True, ("Bruno",), "human", 1),
                    (True, (), "medium", 1)]
    shown = {against_text(r.opponents, r.people, r.online) for r in store.stats().by_level}
    assert shown == {"greedy", "online: Anna", "online: Bruno", "online: medium"}


def test_partners_are_not_opponents_and_people_are_sorted_in_the_statistics(tmp_path):
    store = Store(tmp_path)
    # 4 players: seats 0 and 2 one side; Dario is the player's partner
    online(store, 1, "K7XQ93PA", ["Carla", "Bruno", "Dario", "Anna"], players=4)
    online(store, 2, "K7XQ93PA", ["Carla", "Anna", "Dario", "Bruno"], players=4)
    entries = store.history()
    assert sorted(e.people for e in entries) == [["Anna", "Bruno"], ["Bruno", "Anna"]]
    (row,) = store.stats().by_level
    assert (row.people, row.played) == (("Anna", "Bruno"), 2)


def test_an_older_database_learns_which_games_were_online(tmp_path):
    store = Store(tmp_path)
    online(store, 1, "K7XQ93PA", ["Carla", "Anna"], game_id="20261202-190001-online-K7XQ93PA-2")
    file_game(store, play(Game(make_rules(players=2), seed=2), seed=2), None, "20261202-190002-1a2b3c4d",
              when=1002.0)
    con = sqlite3.connect(tmp_path / "scopa.sqlite3")  # as schema 2 left it: no online column
    con.execute("ALTER TABLE games DROP COLUMN online")
    con.execute("PRAGMA user_version = 2")
    con.commit()
    con.close()
    store = Store(tmp_path)
    assert [(e.online, e.people) for e in store.history()] == [(None, []), ("K7XQ93PA", ["Anna"])]
    assert not store.notices.take()
    (version,) = sqlite3.connect(tmp_path / "scopa.sqlite3").execute("PRAGMA user_version").fetchone()
    assert version == 3


def test_online_code_of_a_game_id():
    assert online_code("20261202-190001-online-K7XQ93PA") == "K7XQ93PA"
    assert online_code("20261202-190001-online-K7XQ93PA-12") == "K7XQ93PA"
    assert online_code("20261202-190001-1a2b3c4d") is None
    assert online_code("x-online-K7XQ93PA-2-extra") is None


def test_a_damaged_table_code_costs_its_row(tmp_path):
    store = Store(tmp_path)
    online(store, 1, "K7XQ93PA", ["Carla", "Anna"], game_id="g1")
    online(store, 2, "K7XQ93PA", ["Carla", "Bruno"], game_id="g2")
    damage(tmp_path, "g1", "online", b"K7XQ93PA")  # a blob, not text
    store = Store(tmp_path)
    assert [e.game_id for e in store.history()] == ["g2"]
    assert "skipped 1 damaged game (g1)" in one_notice(store, tmp_path / "scopa.sqlite3")
    assert [r.people for r in store.stats().by_level] == [("Bruno",)]


def test_a_name_from_the_file_is_shown_as_plain_text(tmp_path):
    store = Store(tmp_path)
    online(store, 1, "K7XQ93PA", ["Carla", "Anna"], game_id="g1")
    damage(tmp_path, "g1", "names", '["Carla", "\\u001b[2JAnna [b]"]')
    (entry,) = Store(tmp_path).history()
    assert entry.people == ["[2JAnna [b]"]  # no ESC for the terminal; the screens take no markup either


async def test_the_history_names_an_online_opponent_and_the_table(tmp_path):
    store = Store(tmp_path)
    online(store, 1, "K7XQ93PA", ["Carla", "Anna [/]"])
    file_game(store, play(Game(make_rules(players=2), seed=2), seed=2), None, "local", when=1002.0)
    app = ScreensApp(HistoryScreen(store.history(), store.history_record))
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app.screen.query_one(DataTable))
        assert "online, table K7XQ93PA: Anna [/]" in text
        assert "human" not in text


async def test_the_statistics_name_an_online_opponent(tmp_path):
    store = Store(tmp_path)
    online(store, 1, "K7XQ93PA", ["Carla", "Anna"])
    app = ScreensApp(StatsScreen(store.stats()))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        levels = app.screen.query_one("#stats-levels")
        shown = "".join(levels.render_line(y).text for y in range(levels.region.height))
        assert "online: Anna" in shown and "human" not in shown
