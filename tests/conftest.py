"""Every test starts in English, whatever the machine's locale (README.md, Languages):
the tests that check another language choose it themselves."""

from __future__ import annotations

import pytest

from scopa_tui import languages


@pytest.fixture(autouse=True)
def english(monkeypatch):
    for key in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    languages.use("en")
    yield
    languages.use("en")
