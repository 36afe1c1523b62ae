"""Settings persist between runs; bad values and bad files are reported, never fatal."""

from __future__ import annotations

import json
import os

import pytest

from scopa_tui.store import Store
from scopa_tui.store.settings import SETTINGS_VERSION


def test_settings_round_trip(tmp_path):
    store = Store(tmp_path)
    s = store.settings
    assert (s.theme, s.reduce_motion, s.ascii) == (None, False, False)
    s.theme, s.reduce_motion, s.ascii, s.ai_delay = "nord", True, True, 0.25
    s.new_game = {"players": 4, "ai": ["greedy", "random", "greedy"], "target": 16}
    assert store.save_settings()
    again = Store(tmp_path).settings
    assert (again.theme, again.reduce_motion, again.ascii, again.ai_delay) == ("nord", True, True, 0.25)
    assert again.new_game == {"players": 4, "ai": ["greedy", "random", "greedy"], "target": 16}
    assert json.loads((tmp_path / "settings.json").read_text())["version"] == SETTINGS_VERSION


def test_update_settings_writes_only_on_change(tmp_path):
    store = Store(tmp_path)
    assert store.update_settings(theme="dracula")
    mtime = (tmp_path / "settings.json").stat().st_mtime_ns
    (tmp_path / "settings.json").write_text((tmp_path / "settings.json").read_text())  # same text
    import os
    os.utime(tmp_path / "settings.json", ns=(1, 1))
    store.update_settings(theme="dracula")
    assert (tmp_path / "settings.json").stat().st_mtime_ns == 1 != mtime
    assert Store(tmp_path).settings.theme == "dracula"


def test_two_copies_on_one_data_directory_keep_each_others_settings(tmp_path):
    # Each copy wrote its settings as they were read at its start: a language chosen in one
    # copy went back at the other's next change of pace, and a seat kept at an online table
    # (its token) was lost when the other copy kept one of its own.
    from scopa_tui.ui.persistence import StoreMixin

    first, second = Store(tmp_path), Store(tmp_path)
    assert first.settings.language is None and second.settings.language is None  # both read at start
    assert first.update_settings(language="fr")
    assert second.update_settings(ai_delay=1.5)
    again = Store(tmp_path).settings
    assert (again.language, again.ai_delay) == ("fr", 1.5)

    class Copy(StoreMixin):
        def __init__(self, store):
            self.store = store

        def show_store_notices(self):
            pass

    Copy(first).keep_seat("ws://h/", "AAAA", "token-a")
    Copy(second).keep_seat("ws://h/", "BBBB", "token-b")
    assert Store(tmp_path).settings.online_seats == {"ws://h/ AAAA": "token-a", "ws://h/ BBBB": "token-b"}
    Copy(first).keep_seat("ws://h/", "BBBB", None)  # left for good in the first copy
    assert Store(tmp_path).settings.online_seats == {"ws://h/ AAAA": "token-a"}
    assert Store(tmp_path).settings.language == "fr"


def test_a_change_of_the_settings_is_read_changed_and_saved_under_a_lock(tmp_path, monkeypatch):
    # Two copies (twelve headless seats keeping their tokens at once) each read the file again,
    # changed it and saved it: one that saved between another's reading and saving was lost
    # (seven of twelve tokens kept). No other copy may take the lock meanwhile.
    from scopa_tui.store.settings import SettingsFile
    from scopa_tui.store.store import LOCK_TAKEN, acquire_lock

    reread, held = SettingsFile.reread, []

    def reread_while_another_tries(self):
        other = acquire_lock(tmp_path / "settings.lock")
        held.append(other is LOCK_TAKEN)
        if other is not LOCK_TAKEN and other is not None:
            other.close()
        return reread(self)

    monkeypatch.setattr(SettingsFile, "reread", reread_while_another_tries)
    assert Store(tmp_path).update_settings(language="fr")
    assert held == [True]
    assert Store(tmp_path).update_settings(language="it")  # the lock let go after each change
    assert held == [True, True]


@pytest.mark.parametrize("make", ["directory", "fifo", "proc"])
def test_a_settings_lock_that_is_no_file_changes_the_settings_without_it(tmp_path, make):
    # settings.lock a folder, a named pipe, or a link to a file of /proc that takes no seek:
    # the last stopped the change of a setting with a traceback ("OSError: Invalid argument").
    lock = tmp_path / "settings.lock"
    if make == "directory":
        lock.mkdir()
    elif make == "fifo":
        os.mkfifo(lock)
    else:
        lock.symlink_to("/proc/self/comm")
    assert Store(tmp_path).update_settings(language="fr")
    assert Store(tmp_path).settings.language == "fr"


def test_a_seat_token_no_server_makes_is_not_kept(tmp_path):
    # A server of another make answered a join with a token of 1.5 MB: the app kept it in
    # settings.json, past the file's 1 MiB limit, and the next start moved the whole file
    # aside, the language and every other setting with it.
    from scopa_tui.ui.persistence import StoreMixin

    class Copy(StoreMixin):
        def __init__(self, store):
            self.store = store

        def show_store_notices(self):
            pass

    store = Store(tmp_path)
    store.update_settings(language="it")
    copy = Copy(store)
    copy.keep_seat("ws://h/", "AAAABBBB", "good_token-32")
    for bad in ("A" * 1_500_000, "a token", "t\u00e9", "", 5):
        copy.keep_seat("ws://h/", "CCCCDDDD", bad)
    assert (tmp_path / "settings.json").stat().st_size < 4096
    again = Store(tmp_path)
    assert again.notices.take() == []
    assert again.settings.language == "it"
    assert again.settings.online_seats == {"ws://h/ AAAABBBB": "good_token-32"}


def test_a_value_the_file_would_refuse_is_not_written(tmp_path):
    # The lobby remembered a server address of any length (from --server or its box); one
    # over the file's 300 characters was written, then refused at the next start with a notice.
    store = Store(tmp_path)
    assert store.update_settings(online_server="ws://h/", online_name="Anna")
    store.update_settings(online_server="ws://" + "h" * 400 + "/", online_name="Bruno")
    again = Store(tmp_path)
    assert again.notices.take() == []
    assert (again.settings.online_server, again.settings.online_name) == ("ws://h/", "Bruno")


def test_a_settings_file_damaged_since_the_start_is_written_as_this_copy_has_it(tmp_path):
    store = Store(tmp_path)
    store.update_settings(theme="nord")
    (tmp_path / "settings.json").write_text("{not json")
    assert store.update_settings(ascii=True)
    again = Store(tmp_path).settings
    assert (again.theme, again.ascii) == ("nord", True)


def test_unknown_keys_survive_a_save(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"version": 1, "sound": "on", "theme": "nord"}))
    store = Store(tmp_path)
    store.update_settings(ascii=True)
    data = json.loads((tmp_path / "settings.json").read_text())
    assert data["sound"] == "on" and data["ascii"] is True and data["theme"] == "nord"


def test_bad_values_fall_back_to_defaults_with_a_message(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps(
        {"version": 1, "language": "tarot", "ai_delay": -3, "ascii": "yes", "theme": "nord",
         "reduce_motion": 1}))
    store = Store(tmp_path)
    s = store.settings
    assert (s.language, s.ai_delay, s.ascii, s.theme, s.reduce_motion) == (None, 0.8, False, "nord", False)
    (message,) = store.notices.take()
    assert str(tmp_path / "settings.json") in message
    assert "language" in message and "ai_delay" in message and "ascii" in message and "reduce_motion" in message


def test_the_seats_kept_at_online_tables_stay_in_the_order_they_were_kept(tmp_path):
    # settings.json was written with its keys sorted, the seats' too: read again, the seats
    # were in order of code, not of when they were kept. The lobby offered back the seat of
    # a table left long ago (its code later in the alphabet) rather than the one just left,
    # and a seat kept past the 20 remembered pushed out the first code in the alphabet, which
    # could be the newest.
    from scopa_tui.net.messages import SEATS_KEPT
    from scopa_tui.ui.persistence import StoreMixin

    class Copy(StoreMixin):
        def __init__(self, store):
            self.store = store

        def show_store_notices(self):
            pass

    url = "ws://h/"
    Copy(Store(tmp_path)).keep_seat(url, "XBY8Z3FW", "token-old")
    Copy(Store(tmp_path)).keep_seat(url, "HKB887PG", "token-new")
    assert Copy(Store(tmp_path)).kept_codes(url) == ["XBY8Z3FW", "HKB887PG"]  # the newest last

    codes = [f"Z{n:07d}" for n in range(SEATS_KEPT)]
    for code in codes:  # one run each: the order as read from the file
        Copy(Store(tmp_path)).keep_seat(url, code, "token")
    Copy(Store(tmp_path)).keep_seat(url, "AAAAAAAA", "token-newest")
    assert Copy(Store(tmp_path)).kept_codes(url) == codes[1:] + ["AAAAAAAA"]  # the oldest forgotten


def test_a_settings_file_spoilt_while_the_app_runs_is_not_written_over(tmp_path):
    # A newer scopa-tui started on the same data directory wrote its own settings: this
    # copy's next change wrote over them, where a start leaves such a file for it (and moves
    # a damaged one aside).
    path = tmp_path / "settings.json"
    store = Store(tmp_path)
    assert store.update_settings(theme="nord")
    for delay, text in ((0.5, "{not json"), (0.6, "null")):  # JSON's null is no missing file
        path.write_text(text)
        assert store.update_settings(ai_delay=delay)
        (aside,) = tmp_path.glob("settings.json.corrupt-*")
        assert aside.read_text() == text
        aside.unlink()
        (notice,) = store.notices.take()
        assert notice.startswith(f"settings file {path} ") and "moved it to" in notice
        again = Store(tmp_path).settings  # this copy's settings in its place
        assert (again.theme, again.ai_delay) == ("nord", delay)
    newer = '{"version": %d, "theme": "gruvbox", "new_thing": 1}\n' % (SETTINGS_VERSION + 1)
    path.write_text(newer)
    assert not store.update_settings(ai_delay=1.0)
    (notice,) = store.notices.take()
    assert notice.endswith("it is left where it is and not written to in this run")
    assert path.read_text() == newer and list(tmp_path.glob("settings.json.newer-*")) == []


def test_a_big_settings_file_is_never_written_bigger_than_a_start_reads(tmp_path):
    """A file just under 1 MB written compactly (by hand, by a script) was saved indented, over
    1 MB: the next start moved it aside as too big, and every setting in it was forgotten."""
    from scopa_tui.store.files import SETTINGS_LIMIT

    path = tmp_path / "settings.json"
    lists = {"version": SETTINGS_VERSION, "theme": "nord", "mine": [[1, 2, 3]] * 60000}
    path.write_text(json.dumps(lists, separators=(",", ":")))
    assert path.stat().st_size < SETTINGS_LIMIT < len(json.dumps(lists, indent=2))
    store = Store(tmp_path)
    assert store.update_settings(ascii=True)
    assert path.stat().st_size <= SETTINGS_LIMIT
    again = Store(tmp_path)
    assert (again.settings.theme, again.settings.ascii, again.notices.take()) == ("nord", True, [])
    assert again.settings.unknown["mine"] == lists["mine"]
    # 800 kB of letters that are not ASCII, and a lone surrogate, which only the escaped form
    # (2.4 MB) can write: over 1 MB however it is written, so not saved, and said so; the file
    # stays as it was.
    text = '{"version":%d,"mine":"\\ud800%s"}' % (SETTINGS_VERSION, "é" * 400_000)
    path.write_text(text, encoding="utf-8")
    store = Store(tmp_path)
    assert store.settings.unknown["mine"].startswith("\ud800")
    assert store.update_settings(ascii=True) is False
    assert store.notices.take() == [f"settings were not saved: {path} would be over 1 MB, more than scopa-tui reads"]
    assert path.read_text(encoding="utf-8") == text
    # A lone surrogate in a file that fits only compact: written compact with its letters
    # escaped, where it was not saved, said to be "over 1 MB" that it was not.
    lists["odd"] = "\ud800"
    path.write_text(json.dumps(lists, separators=(",", ":")))
    assert Store(tmp_path).update_settings(ascii=True)
    again = Store(tmp_path)
    assert (again.settings.ascii, again.settings.unknown["odd"], again.notices.take()) == (True, "\ud800", [])
