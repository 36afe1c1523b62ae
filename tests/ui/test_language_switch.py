"""Changing the language from the command palette (README.md, Languages)."""

from __future__ import annotations

import pytest

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


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_changing_the_language_again_replaces_its_notice_and_start_stays_in_view(size):
    """Three changes stacked three notices, the lowest over the new-game form's Start."""
    from textual.widgets._toast import Toast

    from .helpers import palette_command, settle

    app = ScopaApp(ai_delay=0)
    async with app.run_test(size=size, notifications=True) as pilot:  # the toasts drawn
        await settle(pilot)
        for name in ("Italiano", "Français", "Español"):
            await palette_command(pilot, name)
            await settle(pilot)
        toasts = list(app.screen.query(Toast))
        assert [str(t.render()) for t in toasts] == ["Idioma: Español"]
        start = app.screen.query_one("#start").region
        assert not toasts[0].region.overlaps(start), (toasts[0].region, start)
        assert toasts[0].region.y == 0  # over the title's end, not a row lower for each notice gone
        app.notify("another notice")
        await settle(pilot)
        assert len(app.screen.query(Toast)) == 2  # only the language's notice replaces its own
        for delay in (0.4, 1.5, 0.0):  # so do the AI pace's
            app.set_ai_pace(delay)
            await settle(pilot)
        assert len(app.screen.query(Toast)) == 3
