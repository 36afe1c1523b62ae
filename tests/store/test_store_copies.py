"""Two copies of the app on one data directory: a save is claimed before it is offered,
so the second copy never offers (and never resumes) the game the first is offering or
playing, and no move of either copy is lost."""

from __future__ import annotations

import json

import pytest
from test_store_app import leave_a_game_unfinished, make_app, my_turn, play_one, plays, settle

from scopa_tui.store import Store
from scopa_tui.ui.screens.new_game import NewGameScreen
from scopa_tui.ui.screens.resume import ResumeScreen


def saves(data_dir) -> dict[str, list]:
    """game id -> the events its save holds."""
    return {p.stem: json.loads(p.read_text())["record"] for p in (data_dir / "saves").glob("*.json")}


async def move(pilot) -> None:
    assert await my_turn(pilot)
    await play_one(pilot)


@pytest.mark.parametrize("a_when_b_starts", ["offer", "playing"])
@pytest.mark.parametrize("first_to_quit", ["a", "b"])
async def test_two_copies_never_share_a_save_and_lose_no_move(tmp_path, a_when_b_starts, first_to_quit):
    await leave_a_game_unfinished(tmp_path)
    (old_id,) = saves(tmp_path)
    a = make_app(tmp_path, start=False)
    b = make_app(tmp_path, start=False, seed=11)
    async with a.run_test(size=(80, 24)) as pa:
        await settle(pa)
        assert isinstance(a.screen, ResumeScreen)
        if a_when_b_starts == "playing":
            await pa.press("enter")
            await move(pa)
        async with b.run_test(size=(80, 24)) as pb:
            await settle(pb)
            # B does not offer the game A holds; it says a game is open in another copy.
            assert isinstance(b.screen, NewGameScreen)
            assert any("open in another copy" in n.message for n in b._notifications)
            b.new_game(b.config)
            await settle(pb)
            if a_when_b_starts == "offer":
                await pa.press("enter")  # A resumes after B started
                await settle(pa)
            for _ in range(3):  # the two copies take turns
                await move(pa)
                await move(pb)
            a_game, b_game = a.game, b.game
            on_disk = saves(tmp_path)
            assert on_disk[old_id] == [e.to_record() for e in a_game.events]
            (b_id,) = set(on_disk) - {old_id}
            assert on_disk[b_id] == [e.to_record() for e in b_game.events]
            # A third copy sees both games open elsewhere and offers neither.
            third = Store(tmp_path)
            assert third.resumable() is None
            assert third.notices.take() == ["2 unfinished games are open in other copies of scopa-tui"]
            if first_to_quit == "b":
                await pb.press("q", "y")
        if first_to_quit == "a":
            await pa.press("q", "y")
    assert plays(a_game) >= 4 and plays(b_game) >= 3
    on_disk = saves(tmp_path)
    assert on_disk == {old_id: [e.to_record() for e in a_game.events],
                       b_id: [e.to_record() for e in b_game.events]}
    # Both are offered again later, one per start, each exactly as it was left.
    store = Store(tmp_path)
    first = store.resumable()
    second = Store(tmp_path).resumable()
    assert {first.game_id, second.game_id} == {old_id, b_id}


@pytest.mark.parametrize("name", ["saves/g1.lock", "online.lock"])
def test_a_named_pipe_in_a_locks_place_is_no_lock_and_no_wait(tmp_path, name):
    # open(path, "a") of a named pipe waits for a reader: the resume offer and the server's
    # start waited for ever. Now such a lock is as none to be had (the game plays on).
    import os
    import threading

    from scopa_tui.store.store import acquire_lock

    path = tmp_path / name
    path.parent.mkdir(exist_ok=True)
    os.mkfifo(path)
    got = []
    worker = threading.Thread(target=lambda: got.append(acquire_lock(path)), daemon=True)
    worker.start()
    worker.join(5)
    if worker.is_alive():  # let it go: a reader opens the pipe
        os.close(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
        worker.join(5)
    assert got == [None] and path.is_fifo()


async def test_a_second_tab_of_scopa_tui_web_says_the_game_is_open_in_another_tab(tmp_path, monkeypatch):
    """In a browser (scopa-tui web: Textual's web driver) a game another tab holds is said to
    be open in another browser tab; it said "in another copy of scopa-tui"."""
    from textual import constants

    from scopa_tui.ui.terminal import WEB_DRIVER

    await leave_a_game_unfinished(tmp_path)
    first = make_app(tmp_path, start=False)
    async with first.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(first.screen, ResumeScreen)  # the first tab holds the game
        monkeypatch.setattr(constants, "DRIVER", WEB_DRIVER)
        second = make_app(tmp_path, start=False, seed=11)
        async with second.run_test(size=(80, 24)) as pilot2:
            await settle(pilot2)
            assert isinstance(second.screen, NewGameScreen)
            said = [n.message for n in second._notifications]
            assert "an unfinished game is open in another browser tab" in said, said
            assert not any("copy" in line for line in said)
