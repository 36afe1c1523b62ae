"""The lobby's list of open tables from a server of another make: as many as a server may
hold (5,000) are listed 200 at most, a line saying how many there are, and a table whose
entry leaves fields out shows empty cells. A list of 130,000 tables (4 MB) kept the lobby
from drawing anything, or taking a key, for half a minute, and again at each resize."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from helpers import settle  # noqa: E402

from scopa_tui.net.messages import check_lobby  # noqa: E402
from scopa_tui.ui.app import ScopaApp  # noqa: E402
from scopa_tui.ui.screens.lobby import LOBBY_ROWS, LobbyScreen  # noqa: E402

URL = "ws://127.0.0.1:7654/"
MANY = 5000  # the tables one scopa-tui server keeps at most (net/server.py, MAX_TABLES)


def lobby_listing(monkeypatch, listed):
    """The app on its lobby, which lists ``listed`` (a server's lobby message as checked) at
    each refresh, with no server."""
    monkeypatch.setattr(LobbyScreen, "action_refresh", lambda self: self.show_tables(listed, URL))
    return ScopaApp(online={"server": URL, "name": "Anna"}, ai_delay=0)


async def test_a_title_of_markup_is_shown_as_it_is(monkeypatch):
    # The list read "[/]" as markup (DataTable does so with a str): the app stopped with
    # "closing tag '[/]' at position 0 has nothing to close" (docs/online-protocol.md, Plain text).
    listed = check_lobby({"type": "lobby", "tables": [{"code": "K7XQ93PA", "title": "[/]"},
                                                       {"code": "M4RT2ZQX", "title": "[bold]Sunday[/bold]"}]})
    app = lobby_listing(monkeypatch, listed)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.is_running and isinstance(app.screen, LobbyScreen)
        table = app.screen.query_one("#tables")
        assert [table.get_row_at(n)[1] for n in (0, 1)] == ["\\[/]", "\\[bold]Sunday\\[/bold]"]  # escaped
        assert "[bold]Sunday[/bold]" in "".join(table.render_line(y).text for y in range(table.size.height))


async def test_a_lobby_of_thousands_of_tables_lists_the_first_and_says_how_many(monkeypatch):
    listed = check_lobby({"type": "lobby", "tables": [{"code": f"K{n:07d}", "title": "t"} for n in range(MANY)]})
    app = lobby_listing(monkeypatch, listed)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen
        table = lobby.query_one("#tables")
        assert table.row_count == LOBBY_ROWS < MANY and lobby.codes == [t["code"] for t in listed[:LOBBY_ROWS]]
        assert str(lobby.query_one("#lobby-error").render()) == f"the first {LOBBY_ROWS} of {MANY} open tables on {URL}"
        cells = table.get_row_at(0)
        assert cells[0] == "K0000000" and "None" not in cells  # the fields the entry leaves out: empty
        table.focus()
        await pilot.press("down")
        assert table.cursor_row == 1


async def test_a_title_of_wide_characters_is_fitted_by_columns_and_cut_with_an_ellipsis(monkeypatch):
    # The list measured titles in characters: "漢字" x 20 (80 columns wide) was cut at 80x24
    # to the column's width in characters and then by the list, with no "…", and a short
    # "漢字漢字" was given 4 columns, so half of it was lost though the screen had room. And
    # the title had two fifths of what the other columns left, the game the rest, cut or not:
    # at 80 columns 12 for the title and 19 for "Scopa".
    from rich.cells import cell_len

    listed = check_lobby({"type": "lobby", "tables": [
        {"code": "K7XQ93PA", "title": "漢字" * 20, "variant": "scopa", "players": 4, "seats_free": 3},
        {"code": "M4RT2ZQX", "title": "漢字漢字", "variant": "scopa", "players": 2, "seats_free": 1}]})
    app = lobby_listing(monkeypatch, listed)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen.query_one("#tables")
        room = table.columns["title"].width
        long, short = (table.get_row_at(n)[1] for n in (0, 1))
        assert long.endswith("…") and room - 1 <= cell_len(long) <= room, (long, room)
        assert short == "漢字漢字"
        assert table.columns["game"].width == len("Scopa") and room > 20  # the room the game leaves
        drawn = "".join(table.render_line(y).text for y in range(table.size.height))
        assert "漢字漢字 " in drawn and long in drawn
