"""Settings persist between runs; bad values and bad files are reported, never fatal."""

from __future__ import annotations

import json

from scopa_tui.store import Store
from scopa_tui.store.settings import SETTINGS_VERSION


def test_settings_round_trip(tmp_path):
    store = Store(tmp_path)
    s = store.settings
    assert (s.theme, s.deck_style, s.ascii) == (None, "italian", False)
    s.theme, s.deck_style, s.ascii, s.ai_delay = "nord", "french", True, 0.25
    s.new_game = {"players": 4, "ai": ["greedy", "random", "greedy"], "target": 16}
    assert store.save_settings()
    again = Store(tmp_path).settings
    assert (again.theme, again.deck_style, again.ascii, again.ai_delay) == ("nord", "french", True, 0.25)
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


def test_unknown_keys_survive_a_save(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"version": 1, "sound": "on", "theme": "nord"}))
    store = Store(tmp_path)
    store.update_settings(ascii=True)
    data = json.loads((tmp_path / "settings.json").read_text())
    assert data["sound"] == "on" and data["ascii"] is True and data["theme"] == "nord"


def test_bad_values_fall_back_to_defaults_with_a_message(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps(
        {"version": 1, "deck_style": "tarot", "ai_delay": -3, "ascii": "yes", "theme": "nord",
         "reduce_motion": 1}))
    store = Store(tmp_path)
    s = store.settings
    assert (s.deck_style, s.ai_delay, s.ascii, s.theme, s.reduce_motion) == ("italian", 0.8, False, "nord", False)
    (message,) = store.notices.take()
    assert str(tmp_path / "settings.json") in message
    assert "deck_style" in message and "ai_delay" in message and "ascii" in message and "reduce_motion" in message
