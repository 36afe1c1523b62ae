"""Statistics and history in SQLite: sums, streaks, levels, migrations, two app copies."""

from __future__ import annotations

import json
import sqlite3
import threading

from conftest import file_game, play, setup_for

from scopa_tui.engine import Game, make_rules
from scopa_tui.store import GameSetup, Store
from scopa_tui.store import db as dbmod


def finished(store, seed, players=2, human=0, ai="greedy", when=None):
    game = play(Game(make_rules(players=players), seed=seed), seed=seed)
    return file_game(store, game, setup_for(players, human, ai), f"g{seed}-{players}", when)


def test_stats_agree_with_the_engine_scoring(tmp_path):
    store = Store(tmp_path)
    games = [finished(store, seed, players=p) for seed, p in [(1, 2), (2, 2), (3, 4), (4, 3), (5, 6)]]
    expect = dict(hands=0, points=0, scope=0, settebello=0, primiera=0, cards=0, coins=0, won=0)
    for g in games:
        expect["won"] += g.winner == 0  # the human is seat 0, side 0
        for score in g.hand_scores:
            me = score.sides[0]
            expect["hands"] += 1
            expect["points"] += me.points
            expect["scope"] += me.scope
            expect["settebello"] += me.settebello
            for point in ("primiera", "cards", "coins"):
                expect[point] += score.award(point).side == 0
    st = store.stats()
    assert st.games == 5
    assert {k: getattr(st, k) for k in expect} == expect
    assert abs(st.per_hand(st.points) - expect["points"] / expect["hands"]) < 1e-9


def test_games_and_wins_per_level_and_player_count(tmp_path):
    store = Store(tmp_path)
    played = [finished(store, s, players=2, ai="greedy") for s in range(1, 5)]
    played += [finished(store, s, players=2, ai="random") for s in range(5, 7)]
    played += [finished(store, s, players=4, ai="random") for s in range(7, 9)]
    by = {(r.players, r.opponents): (r.played, r.won) for r in store.stats().by_level}
    assert by == {
        (2, "greedy"): (4, sum(g.winner == 0 for g in played[:4])),
        (2, "random"): (2, sum(g.winner == 0 for g in played[4:6])),
        (4, "random"): (2, sum(g.winner == 0 for g in played[6:])),
    }


def test_win_streaks(tmp_path):
    store = Store(tmp_path)
    results = []
    seed = 0
    while len(results) < 8:  # find games with a known sequence of results
        seed += 1
        g = finished(store, seed, when=1000 + seed)
        results.append(g.winner == 0)
    best = current = 0
    for won in results:
        current = current + 1 if won else 0
        best = max(best, current)
    st = store.stats()
    assert (st.best_streak, st.current_streak, st.won) == (best, current, sum(results))


def test_all_ai_games_are_history_but_not_the_players_record(tmp_path):
    store = Store(tmp_path)
    finished(store, 3, human=None)
    assert store.stats().games == 0
    (entry,) = store.history()
    assert entry.won is None and entry.human_seat is None and "won" in entry.result


def test_a_clock_moved_backwards_keeps_the_order_the_games_were_played_in(tmp_path):
    """The clock set back (a computer without a clock battery starts in the past): the game
    just finished, dated before the others, was last in the history, and its result was left
    out of the current streak."""
    store = Store(tmp_path)
    seeds = {}
    seed = 0
    while len(seeds) < 2:  # a game won and a game lost
        seed += 1
        seeds.setdefault(play(Game(make_rules(players=2), seed=seed), seed=seed).winner == 0, seed)
    finished(store, seeds[True], when=2_000_000_000.0)
    finished(store, seeds[False], when=1_000_000_000.0)  # played after it, by a clock set back
    assert [e.game_id for e in store.history()] == [f"g{seeds[False]}-2", f"g{seeds[True]}-2"]
    st = store.stats()
    assert (st.current_streak, st.best_streak) == (0, 1)
    exported = [json.loads(line)["scopa_tui"]["game_id"] for line in store.export_lines() if '"game_start"' in line]
    assert exported == [f"g{seeds[True]}-2", f"g{seeds[False]}-2"]  # oldest first: as played


def test_history_newest_first_with_record(tmp_path):
    from scopa_tui.engine import record
    store = Store(tmp_path)
    g1 = finished(store, 1, when=100.0)
    g2 = finished(store, 2, when=200.0)
    h = store.history()
    assert [e.game_id for e in h] == ["g2-2", "g1-2"]
    assert h[0].totals == list(g2.totals) and h[1].totals == list(g1.totals)
    assert store.history_record(h[1].id) == record.dumps(g1)
    assert h[0].result.startswith("won" if g2.winner == 0 else "lost")


def test_the_result_says_the_players_sides_points_first_at_any_seat(tmp_path):
    # At an online table's second seat, a game won 11 to 7 read "won 7-11".
    store = Store(tmp_path)
    for seed, players, human in ((1, 2, 1), (3, 4, 1), (3, 4, 3), (5, 6, 2), (5, 6, 0)):
        game = play(Game(make_rules(players=players), seed=seed), seed=seed)
        file_game(store, game, setup_for(players, human), f"g{seed}-{players}-{human}")
        entry = next(e for e in store.history() if e.game_id == f"g{seed}-{players}-{human}")
        mine = game.rules.side_of(human)
        others = [t for side, t in enumerate(game.totals) if side != mine]
        said = "-".join(map(str, [game.totals[mine], *others]))
        assert entry.result == ("won " if game.winner == mine else "lost ") + said


def test_adding_the_same_game_twice_keeps_one(tmp_path):
    from scopa_tui.engine import record
    store = Store(tmp_path)
    g = finished(store, 1)
    assert store.db.add_game("g1-2", record.dumps(g), setup_for())
    assert len(store.history()) == 1


def test_migration_from_an_older_schema_keeps_the_data(tmp_path, monkeypatch):
    store = Store(tmp_path)
    finished(store, 1)
    finished(store, 2)
    before = store.stats()
    steps = []

    def v2(con):
        steps.append("v2")
        con.execute("ALTER TABLE games ADD COLUMN note TEXT DEFAULT ''")

    current = dbmod.schema_version()
    monkeypatch.setattr(dbmod, "MIGRATIONS", dbmod.MIGRATIONS + [v2])
    store = Store(tmp_path)
    assert store.stats() == before
    assert steps == ["v2"]
    con = sqlite3.connect(tmp_path / "scopa.sqlite3")
    assert con.execute("PRAGMA user_version").fetchone()[0] == current + 1
    assert con.execute("SELECT COUNT(note) FROM games").fetchone()[0] == 2
    con.close()
    Store(tmp_path).stats()
    assert steps == ["v2"]  # runs once
    assert store.notices.take() == []


def test_failed_migration_leaves_the_old_database(tmp_path, monkeypatch):
    store = Store(tmp_path)
    finished(store, 1)

    def broken(con):
        con.execute("ALTER TABLE games ADD COLUMN x TEXT")
        raise sqlite3.OperationalError("disk I/O error")

    current = dbmod.schema_version()
    monkeypatch.setattr(dbmod, "MIGRATIONS", dbmod.MIGRATIONS + [broken])
    store = Store(tmp_path)
    assert store.stats().games == 0
    assert "disk I/O error" in store.notices.take()[0]
    monkeypatch.undo()
    con = sqlite3.connect(tmp_path / "scopa.sqlite3")
    assert con.execute("PRAGMA user_version").fetchone()[0] == current
    assert "x" not in [r[1] for r in con.execute("PRAGMA table_info(games)")]
    con.close()
    assert Store(tmp_path).stats().games == 1


def test_two_app_copies_write_at_once(tmp_path):
    from scopa_tui.engine import record
    games = [play(Game(make_rules(players=2), seed=s), seed=s) for s in range(40)]
    texts = [record.dumps(g) for g in games]
    errors = []

    def copy(part):
        store = Store(tmp_path)  # each thread is a separate copy with its own connections
        for i in range(part, 40, 2):
            if not store.db.add_game(f"g{i}", texts[i], setup_for()):
                errors.append(store.notices.take())

    threads = [threading.Thread(target=copy, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    store = Store(tmp_path)
    assert len(store.history()) == 40
    assert store.stats().hands == sum(len(g.hand_scores) for g in games)
    con = sqlite3.connect(tmp_path / "scopa.sqlite3")
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    con.close()


def test_opponents_label():
    setup = GameSetup(["You", "A", "P", "B"], [None, "greedy", "random", "hard:time=0.5"], 0)
    assert dbmod.opponents_label(setup, 4) == "greedy + hard"


WRITER = """
import sys
sys.path[:0] = {path!r}
from scopa_tui.engine import Game, make_rules, record
from scopa_tui.store import GameSetup, Store
import random
store = Store(sys.argv[1])
setup = GameSetup(["You", "AI"], [None, "greedy"], 0)
for i in range(int(sys.argv[3])):
    g = Game(make_rules(players=2), seed=int(sys.argv[2]) * 1000 + i)
    g.start()
    rng = random.Random(i)
    while not g.is_over:
        if g.phase == "hand_over":
            g.next_hand()
        g.play(rng.choice(g.legal_moves()))
    assert store.db.add_game(f"p{{sys.argv[2]}}-{{i}}", record.dumps(g), setup), store.notices.take()
    store.stats()
print("ok")
"""


def test_two_processes_share_the_database(tmp_path):
    import subprocess
    import sys
    script = tmp_path / "writer.py"
    script.write_text(WRITER.format(path=sys.path))
    procs = [subprocess.Popen([sys.executable, str(script), str(tmp_path / "d"), str(k), "15"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for k in range(2)]
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0 and out == "ok\n", err
    store = Store(tmp_path / "d")
    assert len(store.history()) == 30 and store.stats().games == 30
    assert store.notices.take() == []
    con = sqlite3.connect(tmp_path / "d" / "scopa.sqlite3")
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    con.close()
