"""The statistics of one variant or one number of players (Stats.only), and the schema
upgrade that stores each finished game's variant (db._v2)."""

from __future__ import annotations

import json
import sqlite3

from conftest import file_game, play, setup_for

from scopa_tui.engine import Game, make_rules
from scopa_tui.engine import record as records
from scopa_tui.store import Store
from scopa_tui.store import db as dbmod

# Fixed games: (seed, variant, players), filed oldest first.
GAMES = [(1, "scopa", 2), (2, "escoba", 2), (3, "scopa", 4), (4, "escoba", 2), (5, "scopa", 2),
         (6, "scopa-d-assi", 3), (7, "escoba", 4)]


def game_of(seed: int, variant: str, players: int) -> Game:
    return play(Game(make_rules(players=players, variant=variant), seed=seed), seed=seed)


def expected(games: list[Game]) -> dict:
    """The human side's (side 0) record of ``games`` as the engine scored it."""
    out = dict(games=len(games), won=0, hands=0, points=0, scope=0, settebello=0, primiera=0, sevens=0,
               cards=0, coins=0, primiera_hands=0, sevens_hands=0)
    for g in games:
        out["won"] += g.winner == 0
        escoba = g.rules.variant == "escoba"
        for score in g.hand_scores:
            me = score.sides[0]
            out["hands"] += 1
            out["sevens_hands" if escoba else "primiera_hands"] += 1
            out["points"] += me.points
            out["scope"] += me.scope
            out["settebello"] += me.settebello
            for point in ("cards", "coins", "sevens" if escoba else "primiera"):
                out[point] += score.award(point).side == 0
    return out


def record_of(st) -> dict:
    return {k: getattr(st, k) for k in expected([])}


def filed(store: Store) -> list[Game]:
    games = []
    for seed, variant, players in GAMES:
        games.append(file_game(store, game_of(seed, variant, players), setup_for(players), f"g{seed}",
                               when=1000.0 + seed))
    return games


def test_the_record_of_one_variant_counts_its_games_only(tmp_path):
    store = Store(tmp_path)
    games = filed(store)
    st = store.stats()
    assert record_of(st) == expected(games)
    for variant in ("scopa", "escoba", "scopa-d-assi"):
        mine = [g for g in games if g.rules.variant == variant]
        assert record_of(st.only(variant)) == expected(mine), variant
    escoba = st.only("escoba")
    assert escoba.primiera == escoba.primiera_hands == 0 and escoba.sevens_hands == escoba.hands > 0
    assert {(r.players, r.played) for r in escoba.by_level} == {(2, 2), (4, 1)}


def test_the_record_of_a_number_of_players_and_of_both(tmp_path):
    store = Store(tmp_path)
    games = filed(store)
    st = store.stats()
    two = [g for g in games if g.rules.players == 2]
    assert record_of(st.only(players=2)) == expected(two) and st.only(players=2).games == 4
    assert record_of(st.only("escoba", 2)) == expected([g for g in two if g.rules.variant == "escoba"])
    assert st.only("scopone-scientifico").games == 0 and st.only("scopa", 6).games == 0


def test_only_the_variants_and_counts_played_are_offered(tmp_path):
    store = Store(tmp_path)
    filed(store)
    st = store.stats()
    assert st.variants == ["scopa", "escoba", "scopa-d-assi"]  # the new-game screen's order
    assert st.player_counts() == [2, 3, 4]
    assert st.player_counts("escoba") == [2, 4] and st.player_counts("scopa-d-assi") == [3]


def test_streaks_follow_the_choice(tmp_path):
    store = Store(tmp_path)
    games = filed(store)
    for variant in ("scopa", "escoba"):
        run = best = 0
        for g in games:
            if g.rules.variant == variant:
                run = run + 1 if g.winner == 0 else 0
                best = max(best, run)
        mine = store.stats().only(variant)
        assert (mine.current_streak, mine.best_streak) == (run, best), variant


def test_setenta_tied_goes_to_the_better_primiera_with_the_option(tmp_path):
    store = Store(tmp_path)
    games = []
    for seed in range(1, 9):
        rules = make_rules(players=2, variant="escoba", options=("setenta-primiera",))
        games.append(file_game(store, play(Game(rules, seed=seed), seed=seed), setup_for(), f"s{seed}"))
    tie_broken = [s for g in games for s in g.hand_scores
                  if s.award("sevens").why.kind == "setenta_tie" and s.award("sevens").side is not None]
    assert tie_broken  # the seeds play some tied setenta decided by the primiera
    assert record_of(store.stats()) == expected(games)


# --- a database written before the variants were stored (schema 1) --------------------

def old_row(con: sqlite3.Connection, game_id: str, game: Game, human_side: int | None, text: str) -> None:
    """A finished game as schema 1 stored it: no variant; each hand's primiera flag from
    the primiera values, whatever the variant (as it was written then)."""
    cur = con.execute(
        "INSERT INTO games (game_id, finished_at, players, preset, target, names, ai, human_seat, human_side,"
        " opponents, winner, won, totals, hands, record) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (game_id, 1000.0 + len(game_id), game.rules.players, "standard", game.rules.target,
         json.dumps(["You", "AI"]), json.dumps([None, "greedy"]), human_side, human_side, "greedy",
         game.winner, None if human_side is None else int(game.winner == human_side),
         json.dumps(list(game.totals)), len(game.hand_scores), text))
    if human_side is None:
        return
    for s in game.hand_scores:
        prim = [side.primiera for side in s.sides]
        best = prim[0] is not None and (prim[1] is None or prim[0] > prim[1])
        me = s.sides[0]
        con.execute("INSERT INTO hands VALUES (?,?,?,?,?,?,?,?)",
                    (cur.lastrowid, s.hand, me.points, me.scope, int(me.settebello), int(best),
                     int(s.award("cards").side == 0), int(s.award("coins").side == 0)))


def test_an_old_database_counts_each_game_as_what_it_was(tmp_path):
    scopa, escoba, assi, ai_only = (game_of(1, "scopa", 2), game_of(2, "escoba", 2), game_of(3, "scopa-d-assi", 2),
                                    game_of(4, "escoba", 2))
    before_variants = game_of(5, "scopa", 2)
    start, rest = records.dumps(before_variants).split("\n", 1)
    first = json.loads(start)
    for key in ("variant", "re_bello", "napola", "ace_no_empty_sweep", "setenta_primiera"):
        del first["rules"][key]  # a record written before the variants existed
    path = tmp_path / "scopa.sqlite3"
    con = sqlite3.connect(path)
    dbmod._v1(con)
    old_row(con, "scopa", scopa, 0, records.dumps(scopa))
    old_row(con, "escoba", escoba, 0, records.dumps(escoba))
    old_row(con, "assi", assi, 0, records.dumps(assi))
    old_row(con, "ai", ai_only, None, records.dumps(ai_only))
    old_row(con, "old", before_variants, 0, json.dumps(first) + "\n" + rest)
    old_row(con, "bad", scopa, 0, "not a record\n")  # unreadable: counted as plain Scopa
    con.execute("PRAGMA user_version = 1")
    con.commit()
    con.close()

    store = Store(tmp_path)
    st = store.stats()
    assert store.notices.take() == []
    assert st.variants == ["scopa", "escoba", "scopa-d-assi"]
    assert record_of(st.only("escoba")) == expected([escoba])  # the setenta, no primiera
    assert record_of(st.only("scopa-d-assi")) == expected([assi])
    # "bad" holds the hands of "scopa"; it and the record from before the variants are Scopa
    assert record_of(st.only("scopa")) == expected([scopa, before_variants, scopa])
    assert {e.game_id for e in store.history()} == {"scopa", "escoba", "assi", "ai", "old", "bad"}
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == dbmod.schema_version()
    assert dict(con.execute("SELECT game_id, variant FROM games")) == {
        "scopa": "scopa", "escoba": "escoba", "assi": "scopa-d-assi", "ai": "escoba", "old": "scopa",
        "bad": "scopa"}
    con.close()


def test_a_damaged_variant_skips_that_game_with_one_notice(tmp_path):
    store = Store(tmp_path)
    filed(store)
    con = sqlite3.connect(tmp_path / "scopa.sqlite3")
    con.execute("UPDATE games SET variant = 'tressette' WHERE game_id = 'g2'")
    con.commit()
    con.close()
    store = Store(tmp_path)
    st = store.stats()
    assert st.games == len(GAMES) - 1 and st.only("escoba").games == 2
    (notice,) = store.notices.take()
    assert "1 damaged game (g2)" in notice
    assert "g2" not in {e.game_id for e in store.history()} and len(store.history()) == len(GAMES) - 1
