"""Every test starts in English, whatever the machine's locale (README.md, Languages), and
with a data directory of its own: the player's settings (a remembered language, theme or
deck) never reach a test.  The tests that check another language choose it themselves."""

from __future__ import annotations

import pytest

from scopa_tui import languages


@pytest.fixture(autouse=True)
def english(monkeypatch, tmp_path_factory):
    for key in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv("SCOPA_TUI_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    languages.use("en")
    yield
    languages.use("en")
