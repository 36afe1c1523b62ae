"""Changing the language from the command palette (README.md, Languages)."""

from __future__ import annotations

from scopa_tui import languages
from scopa_tui.engine import text
from scopa_tui.ui.app import ScopaApp


async def test_the_palette_offers_every_language_and_a_choice_is_remembered(tmp_path):
    app = ScopaApp(data_dir=str(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for name in languages.LANGUAGES.values():
            assert f"Language: {name}" in titles or f"Language: {name} (now)" in titles
        app.set_language("it")
        await pilot.pause()
        assert text.language() == "it"
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Lingua: Italiano (attuale)" in titles and "Lingua: Français" in titles
        assert app.store.settings.language == "it"
    assert languages.choose(None, app.store.settings.language, {"LANG": "fr_FR"}) == "it"
