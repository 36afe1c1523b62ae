"""Autosave and resume: the resumed game stands exactly where the saved one stood."""

from __future__ import annotations

import json
import random

import pytest
from conftest import play, setup_for, snapshot

from scopa_tui.engine import Game, make_rules
from scopa_tui.store import GameSetup, Store
from scopa_tui.store.files import atomic_write_text
from scopa_tui.store.saves import save_text


@pytest.mark.parametrize("players,moves", [(2, 1), (2, 17), (2, 36), (3, 50), (4, 23), (6, 41)])
def test_resume_rebuilds_the_same_game(tmp_path, players, moves):
    game = Game(make_rules(players=players), seed=players * 100 + moves)
    first = Store(tmp_path)
    session = first.track(game, setup_for(players))
    play(game, moves, seed=moves)
    session.close()

    saved = Store(tmp_path).resumable()
    assert saved is not None and saved.game_id == session.game_id
    assert snapshot(saved.game) == snapshot(game)
    assert saved.setup == setup_for(players)

    # The same future deals: both games go on identically to the end.
    play(game, seed=99)
    play(saved.game, seed=99)
    assert snapshot(saved.game) == snapshot(game)


def test_save_between_hands_resumes_at_the_scoring(tmp_path):
    game = Game(make_rules(players=2), seed=3)
    session = Store(tmp_path).track(game, setup_for())
    play(game, 36, seed=1)  # 2 players: 36 plays make a hand
    assert game.phase == "hand_over"
    session.close()
    saved = Store(tmp_path).resumable()
    assert saved.game.phase == "hand_over"
    assert saved.game.totals == game.totals
    saved.game.next_hand()
    game.next_hand()
    assert snapshot(saved.game) == snapshot(game)


def test_every_move_is_saved(tmp_path):
    game = Game(make_rules(players=2), seed=11)
    store = Store(tmp_path)
    session = store.track(game, setup_for())
    rng = random.Random(4)
    game.start()
    for _ in range(30):
        if game.phase == "hand_over":
            game.next_hand()
        game.play(rng.choice(game.legal_moves()))
        on_disk = json.loads(store.saves.path(session.game_id).read_text())
        assert on_disk["record"] == [e.to_record() for e in game.events]


def test_one_save_per_move(tmp_path):
    game = Game(make_rules(players=2), seed=12)
    session = Store(tmp_path).track(game, setup_for())
    play(game, 36, seed=2)  # one whole hand of 2 players: 36 moves, 5 deals, its end
    assert game.phase == "hand_over"
    assert session.saves == 1 + 36  # the hand's first deal, then one per move
    game.next_hand()
    assert session.saves == 38


def test_finished_game_goes_to_history_and_the_save_is_removed(tmp_path):
    store = Store(tmp_path)
    game = Game(make_rules(players=2), seed=8)
    session = store.track(game, setup_for())
    play(game, seed=2)
    assert session.finished
    assert store.saves.ids() == []
    assert Store(tmp_path).resumable() is None
    history = store.history()
    assert len(history) == 1 and history[0].game_id == session.game_id
    assert history[0].totals == list(game.totals)


def test_a_save_left_by_a_game_that_ended_is_filed_on_start(tmp_path):
    store = Store(tmp_path)
    game = play(Game(make_rules(players=2), seed=21), seed=5)
    store.saves.save(game, setup_for(), "g1")  # as if the app died before filing it
    again = Store(tmp_path)
    assert again.resumable() is None
    assert [h.game_id for h in again.history()] == ["g1"]
    assert again.saves.ids() == []


def test_a_save_cut_at_the_last_hand_end_is_filed_as_finished(tmp_path):
    store = Store(tmp_path)
    game = play(Game(make_rules(players=2), seed=21), seed=5)
    events = [e.to_record() for e in game.events]
    assert events[-1]["event"] == "game_end"
    store.saves.save(game, setup_for(), "g1")
    path = store.saves.path("g1")
    doc = json.loads(path.read_text())
    doc["record"] = doc["record"][:-1]  # killed after the hand_end save, before game_end
    path.write_text(json.dumps(doc))
    again = Store(tmp_path)
    assert again.resumable() is None
    assert again.notices.take() == []
    (entry,) = again.history()
    assert entry.totals == list(game.totals)
    from scopa_tui.engine import record
    assert again.history_record(entry.id) == record.dumps(game)


def test_newest_save_is_offered_first(tmp_path):
    store = Store(tmp_path)
    import os
    for i, gid in enumerate(["old", "new"]):
        game = play(Game(make_rules(players=2), seed=i), 5, seed=i)
        store.saves.save(game, setup_for(), gid)
        os.utime(store.saves.path(gid), (1000 + i, 1000 + i))
    assert Store(tmp_path).resumable().game_id == "new"


def test_the_last_saved_game_is_offered_first_whatever_the_clock_said(tmp_path):
    """Saves were offered by modification time: with the clock set back, the game saved last
    (here in a later run, "back") came after the others.  Saves of an older version, which
    carry no sequence number, come after those that do, newest first as before; a damaged
    file before them all, as it is reported at start."""
    import os
    for i, gid in enumerate(["old1", "old2"]):  # an older version's saves
        game = play(Game(make_rules(players=2), seed=i), 5, seed=i)
        path = Store(tmp_path).saves.path(gid)
        path.write_text(save_text(game, setup_for(), gid).replace('"seq":0,', "", 1))
        os.utime(path, (5000 + i, 5000 + i))
    for i, gid in enumerate(["first", "second", "back"]):  # each in a run of its own
        store = Store(tmp_path)
        game = play(Game(make_rules(players=2), seed=i), 5, seed=i)
        store.saves.save(game, setup_for(), gid)
        os.utime(store.saves.path(gid), (3000 - 1000 * i, 3000 - 1000 * i))  # the clock goes back
    (tmp_path / "saves" / "cut.json").write_text('{"format":"scopa-t')  # damaged: read first, said at start
    os.utime(tmp_path / "saves" / "cut.json", (1, 1))
    assert Store(tmp_path).saves.ids() == ["cut", "back", "second", "first", "old2", "old1"]
    store = Store(tmp_path)
    assert store.resumable().game_id == "back"
    assert "cut.json is not valid JSON" in store.notices.take()[0]
    assert store.resumable(skip=["back"]).game_id == "second"


def test_of_two_copies_playing_at_once_the_game_saved_last_is_offered_first(tmp_path):
    """Each copy numbered its saves on from the highest it had read at its first save: a copy
    that saved once, then again after another copy's many saves, gave its last save a lower
    number than theirs, and its game, saved last, was offered after the other's (with the
    clock set back; by the files' times it came first only by chance)."""
    import os
    game = play(Game(make_rules(players=2), seed=1), 5, seed=1)
    mine, other = Store(tmp_path).saves, Store(tmp_path).saves
    mine.save(game, setup_for(), "mine")
    for _ in range(5):
        other.save(game, setup_for(), "other")
    mine.save(game, setup_for(), "mine")  # saved last
    os.utime(mine.path("mine"), (1000, 1000))  # the clock set back meanwhile
    assert Store(tmp_path).saves.ids() == ["mine", "other"]


@pytest.mark.parametrize("seq", ['-5', '"7"', '1e3', '9' * 19, 'null'])
def test_a_save_with_a_sequence_number_this_version_does_not_write_is_not_offered_first(tmp_path, seq):
    """A save whose seq was edited to no number of this version's (negative, a string, too
    long) was put with the damaged files, first, and as it loads well it was offered before
    the game saved last, every start. It comes after the numbered saves, as an older
    version's does."""
    store = Store(tmp_path)
    game = play(Game(make_rules(players=2), seed=1), 5, seed=1)
    store.saves.save(game, setup_for(), "edited")
    store.saves.save(game, setup_for(), "last")
    path = store.saves.path("edited")
    path.write_text(path.read_text().replace('"seq":1,', f'"seq":{seq},', 1))
    assert Store(tmp_path).saves.ids() == ["last", "edited"]
    assert Store(tmp_path).resumable().game_id == "last"


def test_a_game_open_in_another_copy_is_not_offered(tmp_path):
    game = Game(make_rules(players=2), seed=2)
    session = Store(tmp_path).track(game, setup_for())
    play(game, 5)
    assert Store(tmp_path).resumable() is None  # the session holds the save's lock
    session.close()
    assert Store(tmp_path).resumable().game_id == session.game_id


def test_declined_save_is_moved_aside_not_deleted(tmp_path):
    game = Game(make_rules(players=2), seed=2)
    store = Store(tmp_path)
    play(game, 4)
    store.saves.save(game, setup_for(), "g")
    saved = store.resumable()
    store.discard(saved)
    assert store.resumable() is None
    aside = [p.name for p in store.saves.dir.iterdir()]
    assert any(name.startswith("g.json.abandoned-") for name in aside)


def test_full_disk_keeps_the_previous_save_and_says_so_once(tmp_path, monkeypatch):
    import errno
    import os

    store = Store(tmp_path)
    game = Game(make_rules(players=2), seed=2)
    session = store.track(game, setup_for())
    play(game, 3)
    before = store.saves.path(session.game_id).read_text()

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    play(game, 2, seed=7)
    monkeypatch.undo()
    assert store.saves.path(session.game_id).read_text() == before
    messages = store.notices.take()
    assert len(messages) == 1
    assert "No space left on device" in messages[0] and str(store.saves.path(session.game_id)) in messages[0]
    assert [p.name for p in store.saves.dir.iterdir() if p.suffix == ".tmp"] == []
    play(game, 1, seed=8)  # space again: saving resumes
    assert json.loads(store.saves.path(session.game_id).read_text())["record"][-1] == game.events[-1].to_record()


def test_a_game_that_ends_on_a_full_disk_is_not_said_kept_and_is_saved_again_at_quit(tmp_path, monkeypatch):
    """The disk fills mid-game: neither the last saves nor the history take the finished
    game.  Its save held an early move of it, which the next start offered to resume as
    unfinished, while a notice said the finished game was kept in the saves."""
    import errno
    import os

    store = Store(tmp_path)
    game = Game(make_rules(players=2, target=1), seed=2)
    session = store.track(game, setup_for())
    play(game, 3)

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    monkeypatch.setattr(store.db, "add_game", lambda *args: False)  # the statistics file is on that disk too
    play(game, seed=7)
    assert game.is_over and not session.finished
    messages = store.notices.take()
    assert not any("kept in the saves" in m for m in messages)
    assert messages[-1] == ("the finished game could not be added to the history or saved; quitting tries "
                            "to save it once more")
    monkeypatch.undo()  # space again before quitting: the app's quit saves once more
    session.save()
    session.close()
    again = Store(tmp_path)
    assert again.resumable() is None  # not offered as unfinished: filed
    (entry,) = again.history()
    assert entry.game_id == session.game_id and entry.totals == list(game.totals)


def test_atomic_write_leaves_old_file_when_fsync_fails(tmp_path, monkeypatch):
    import errno
    import os

    from scopa_tui.store import StoreError

    target = tmp_path / "f.json"
    atomic_write_text(target, "old")

    def broken(fd):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(StoreError, match="could not write .*f.json: system error: Input/output error"):
        atomic_write_text(target, "new")
    monkeypatch.undo()
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.json"]


def test_setup_checks_its_fields():
    with pytest.raises(ValueError, match="human seat"):
        GameSetup.from_json({"names": ["a", "b"], "ai": [None, "greedy"], "human_seat": 5}, 2)
    with pytest.raises(ValueError, match="2-player"):
        GameSetup.from_json({"names": ["a"], "ai": [None], "human_seat": 0}, 2)


def test_opponents_and_partners():
    s = GameSetup(["You", "A", "P", "B"], [None, "greedy", "random", "hard:time=0.5"], 0)
    assert s.opponents() == ["greedy", "hard:time=0.5"]
    assert s.partners() == ["random"]


def test_summary_names_the_sides_and_the_score(tmp_path):
    from scopa_tui.store import GameSetup
    game = Game(make_rules(players=4, target=16), seed=9)
    setup = GameSetup(["You", "Anna", "Bruno", "Carla"], [None, "greedy", "random", "greedy"], 0)
    store = Store(tmp_path)
    store.track(game, setup).close()
    play(game, 40, seed=3)
    store.saves.save(game, setup, "g")
    text = Store(tmp_path).resumable().summary()
    t = game.totals
    assert text == (f"hand {game.hand_no} of a game to 16 (partner: random; opponents: greedy and greedy): "
                    f"You\u00a0&\u00a0Bruno:\u00a0{t[0]}, Anna\u00a0&\u00a0Carla:\u00a0{t[1]}")  # each side on one row
