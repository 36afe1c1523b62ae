"""Chat from the app: ``!`` opens a one-line input, Enter sends it to the table on the
server, and the lines come back in the log as plain text; a local game has no chat."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from net_helpers import Raw, running_server
from rich.cells import cell_len
from test_net_app import created_in_lobby, online_app, until

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from helpers import make_app, settle  # noqa: E402
from test_online_snapshots import online_game_app  # noqa: E402 - a table fed by scripted messages

from scopa_tui.net.remote import RemoteTable  # noqa: E402
from scopa_tui.ui.screens.chat import ChatScreen  # noqa: E402
from scopa_tui.ui.screens.game import GameScreen  # noqa: E402
from scopa_tui.ui.screens.lobby import LobbyScreen  # noqa: E402
from scopa_tui.ui.widgets.scoreboard import PlayLog  # noqa: E402


async def logged(pilot, check, pauses: int = 40) -> PlayLog:
    """The game screen's log once ``check(its lines)`` holds (the scripted messages drawn)."""
    for _ in range(pauses):
        await pilot.pause()
        logs = pilot.app.screen.query(PlayLog)
        if logs and check(logs.first().texts):
            return logs.first()
    raise AssertionError("the log never showed the lines")


def bindings_shown(screen) -> set[str]:
    return {b.binding.action for b in screen.active_bindings.values() if b.enabled}


async def test_bang_opens_the_chat_and_enter_sends_it_to_the_table(tmp_path):
    async with running_server(tmp_path) as (server, url):
        app = online_app(url)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await created_in_lobby(pilot)
            assert "chat" in bindings_shown(screen)
            bruno = await Raw.open(url, "Bruno")
            await bruno.send({"type": "join", "code": screen.table.code})
            await bruno.expect("joined")
            await pilot.press("exclamation_mark")
            await until(pilot, lambda: isinstance(app.screen, ChatScreen), "the chat input")
            await pilot.press(*"ciao a tutti")
            await pilot.press("enter")
            said = await bruno.expect("chat")
            assert (said["name"], said["text"]) == ("Anna", "ciao a tutti")
            assert app.screen is screen
            log = screen.query_one(PlayLog)
            await until(pilot, lambda: "You: ciao a tutti" in log.texts, "my line in the log")
            await bruno.send({"type": "chat", "text": "ciao Anna <b>"})
            await until(pilot, lambda: "Bruno: ciao Anna <b>" in log.texts, "Bruno's line in the log")
            await pilot.press("exclamation_mark")
            await until(pilot, lambda: isinstance(app.screen, ChatScreen), "the chat input again")
            await pilot.press(*"[b]", "enter")  # refused here, with a line, not sent
            assert "cannot be sent" in str(app.screen.query_one("#chat-hint").content)
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen, "the chat closed")
            await asyncio.sleep(0.2)
            assert [t for t in log.texts if "[b]" in t] == []
            await bruno.close()


async def test_chat_lines_are_shown_as_plain_text_and_a_local_game_has_no_chat():
    app = online_game_app()
    table: RemoteTable = app.table_for_test
    table.client.messages.append({"type": "chat", "seat": 0, "name": "Anna", "text": "[bold red]hi[/] :)"})
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_table(table)
        log = await logged(pilot, lambda texts: any("hi[/]" in t for t in texts))
        line = next(t for t in log.texts if "hi[/]" in t)
        assert line == "Anna: [bold red]hi[/] :)"
        await pilot.pause()
        drawn = "".join(seg.text for strip in log.lines for seg in strip)
        assert "Anna: [bold red]hi[/] :)" in drawn  # on screen as typed, not taken as markup
    local = make_app()
    async with local.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = local.screen
        assert isinstance(screen, GameScreen) and not screen.table.can_chat
        assert "chat" not in bindings_shown(screen)
        await pilot.press("exclamation_mark")
        await settle(pilot)
        assert not isinstance(local.screen, ChatScreen)


async def test_keys_typed_faster_than_the_chat_goes_never_close_the_game():
    # "! ox Enter ! oy Enter" at once (a paste, keys sent by a script): each Enter reached the
    # chat's input before it went, and each dismissed it again, closing the game screen
    # under it and then the app (a crash).
    from textual import events

    app = online_game_app()
    table: RemoteTable = app.table_for_test
    sent = []

    async def chat(text):
        sent.append(text)
    table.client.chat = chat
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_table(table)
        await settle(pilot, 5)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for letter in "xyz":  # no key of the game screen's but table letters (no hint, no play)
            for key, char in (("exclamation_mark", "!"), ("o", "o"), (letter, letter), ("enter", "\r")):
                app.post_message(events.Key(key, char))
        await settle(pilot, 5)
        assert app.is_running and app.screen is screen
        assert len(sent) <= 1 and all(t.startswith("o") for t in sent)


async def test_a_chat_flood_is_one_short_notice_and_every_line_in_the_log():
    # Five lines of 200 wide characters at once stacked five notices of eleven rows each,
    # covering the table of an 80x24 terminal; at a line a second it stayed covered.
    app = online_game_app()
    table: RemoteTable = app.table_for_test
    wide = "Ｗ" * 200
    table.client.messages[:] = [m for m in table.client.messages if m["type"] != "chat"]  # Eve's only
    for n in range(5):
        table.client.messages.append({"type": "chat", "seat": 1, "name": "Eve", "text": f"{n} {wide}"})
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_table(table)
        log = await logged(pilot, lambda texts: sum(t.startswith("Eve: ") for t in texts) == 5)
        assert [t[:7] for t in log.texts if t.startswith("Eve: ")] == [f"Eve: {n} " for n in range(5)]
        shown = [n for n in app._notifications if n.title == "Eve"]
        assert len(shown) == 1 and shown[0].message.startswith("0 ") and shown[0].message.endswith("…")
        assert 50 < cell_len(shown[0].message) <= 60  # one line of 60 columns, wide characters as two
