"""A play the AI makes for a person who is away says so (``"away": true`` on its ``play``
line, docs/online-protocol.md): as it is made, in the whole state a resume brings, and
after the server is stopped and started again."""

from __future__ import annotations

import asyncio

from net_helpers import TIMEOUT, Raw, running_server

from scopa_tui.net.client import NetClient


async def silent_until(client: NetClient, stop) -> list[dict]:
    """Read without answering anything (the person is away) until ``stop(msg)``."""
    async def loop() -> list[dict]:
        seen = []
        async for msg in client:
            seen.append(msg)
            if stop(msg):
                return seen
        raise AssertionError("the connection ended first")
    return await asyncio.wait_for(loop(), 4 * TIMEOUT)


def plays(lines: list[dict]) -> list[tuple[int, bool]]:
    return [(line["seat"], line.get("away", False)) for line in lines if line["event"] == "play"]


async def test_the_ai_plays_for_an_away_person_are_marked_as_made_and_in_the_state():
    async with running_server(None) as (server, url):
        anna = NetClient(url, "Anna")
        await anna.connect()
        joined = await anna.create(players=2, ai="easy", target=1, turn_limit=1)
        await anna.start()
        seen = await silent_until(anna, lambda m: m["type"] == "event" and m["event"]["event"] == "game_end")
        made = plays([m["event"] for m in seen if m["type"] == "event"])
        assert (0, True) in made and (1, True) not in made  # the AI seat's own plays are not "away"
        assert all(away for seat, away in made if seat == 0)  # Anna never played: the AI did, each time
        assert all("away" not in m["event"] for m in seen if m["type"] == "event" and m["event"]["event"] != "play")

        raw = await Raw.open(url, "Anna")  # the whole state, as a resume brings it
        await raw.send({"type": "resume", "code": joined["code"], "token": joined["token"]})
        state = await raw.expect("state")
        assert plays(state["events"]) == made
        await raw.close()
        await anna.close()


async def test_the_marks_survive_a_restart_of_the_server(tmp_path):
    async with running_server(tmp_path, ai_pace=0.3) as (server, url):
        anna = NetClient(url, "Anna", reconnect=False)
        await anna.connect()
        joined = await anna.create(players=2, ai="easy", target=11, turn_limit=1)
        await anna.start()
        await silent_until(anna, lambda m: m["type"] == "event" and m["event"]["event"] == "play"
                           and m["event"]["seat"] == 0)
        await anna.close()
    async with running_server(tmp_path, ai_pace=0.3) as (server, url):
        raw = await Raw.open(url, "Anna")
        await raw.send({"type": "resume", "code": joined["code"], "token": joined["token"]})
        state = await raw.expect("state")
        made = plays(state["events"])
        assert (0, True) in made and all(away == (seat == 0) for seat, away in made[:made.index((0, True)) + 1])
        await raw.close()
