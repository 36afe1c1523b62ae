"""A player whose turn limit ran out while connected is away, the AI playing their seat: any
key on the game screen takes it back (docs/online-protocol.md, *Seats*)."""

from __future__ import annotations

import sys
from pathlib import Path

from net_helpers import running_server
from test_net_app import online_app, until

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from helpers import settle  # noqa: E402

from scopa_tui.table.notices import SeatChanged  # noqa: E402
from scopa_tui.ui.screens.game import GameScreen  # noqa: E402


async def test_a_key_takes_back_the_seat_the_ai_plays_while_its_player_was_away(tmp_path):
    # The player who let one turn run out was played by the AI turn after turn until the
    # hand's end: the app sent the server nothing for a key, and the log said "until you are
    # back" with no way to be.
    async with running_server(tmp_path) as (server, url):
        app = online_app(url, create={"players": 2, "preset": "standard", "variant": "scopa", "options": [],
                                      "ai": "easy", "turn_limit": 1, "public": False, "target": 21,
                                      "title": "Sera"})
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the waiting table")
            screen = app.screen
            table = screen.table
            news = []
            table.subscribe(lambda item: news.append(item.status) if isinstance(item, SeatChanged)
                            and item.seat == table.my_seat else None)
            await settle(pilot)
            await pilot.press("enter")  # start: the AI takes the other seat
            await until(pilot, lambda: table.phase == "play" and table.seats[table.my_seat].away,
                        "the turn limit to run out")
            assert "you_away" not in news and "away" in news
            await until(pilot, lambda: app.screen is screen, "the game screen on top")
            await pilot.press("right")
            await until(pilot, lambda: "taken_back" in news, "the seat taken back")
            assert any("until you press a key" in text for text, _kind, _again in screen.log_entries)
