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


def _on_a_light_terminal(app):
    """``app`` whose snapshots are drawn as a light terminal draws them: the ANSI colours of
    the ansi-light theme (the terminal's own) and its default background and text in a light
    palette, Textual's own for light themes, where a snapshot draws them on a dark one."""
    import io

    from rich.console import Console
    from textual._ansi_theme import ALABASTER

    def export_screenshot(*, title: str | None = None, simplify: bool = False) -> str:
        width, height = app.size
        console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                          color_system="truecolor", record=True, legacy_windows=False, safe_box=False)
        console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens,
                                                           simplify=simplify))
        return console.export_svg(title=title or app.title, theme=ALABASTER)

    app.export_screenshot = export_screenshot
    return app


@pytest.fixture
def light_terminal():
    """``light_terminal(app)``: the app, its snapshots drawn on a light terminal."""
    return _on_a_light_terminal
