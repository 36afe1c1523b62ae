"""A seated player sends seeded random junk all game long: every message is answered or
refused, the server logs no internal error, and the game ends as usual."""

from __future__ import annotations

import asyncio
import json
import random

from net_helpers import TIMEOUT, Raw, first_line, headless, running_server

from scopa_tui.net.messages import CLIENT_TYPES, ERROR_CODES

VALUES = [None, True, False, -1, 0, 1, 3, 10**20, 1.5, float("inf"), "", "7d", "10b", "11d", "x" * 30,
          "[b]Eve[/b]", "\u202eevE", "\x1b[31m", [], ["7d"], ["7d", "7d"], [1, 2], {}, {"a": [[]]},
          "K7XQ93PA", "scopa-net/1"]
FIELDS = ["type", "name", "protocol", "code", "token", "card", "capture", "hand", "text", "players",
          "preset", "target", "ai", "turn_limit", "public", "title"]


def junk(rng: random.Random):
    """A frame: mostly objects of a real type with random fields, sometimes garbage."""
    roll = rng.random()
    if roll < 0.1:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
    if roll < 0.2:
        return "".join(rng.choice("{}[]\":,0123456789abc \\") for _ in range(rng.randrange(1, 60)))
    msg = {"type": rng.choice(CLIENT_TYPES + ("explode", 5))}
    for key in rng.sample(FIELDS[1:], rng.randrange(0, 4)):
        msg[key] = rng.choice(VALUES)
    if msg["type"] == "leave":  # leaving ends her part in the game: played separately
        msg["type"] = "ping"
    return json.dumps(msg, allow_nan=True)


async def test_random_junk_from_a_seated_player_never_breaks_the_table():
    rng = random.Random(20261130)
    logged: list[str] = []
    async with running_server(None, log=logged.append) as (server, url):
        anna = headless(url, "Anna", "easy")
        a = asyncio.create_task(anna.run(create={"players": 3, "target": 2, "turn_limit": 1}))
        code = (await first_line(anna)).split()[1]
        mallory = await Raw.open(url, "Mallory")
        await mallory.send({"type": "join", "code": code})
        await mallory.expect("joined")
        bruno = headless(url, "Bruno", "medium")
        b = asyncio.create_task(bruno.run(join=code))

        await mallory.expect("turn")  # the game is on
        errors, answered, sent = set(), 0, 30
        for _ in range(sent):  # a burst first (the same for every run), then one every 40 ms
            await mallory.send(junk(rng))
        loop = asyncio.get_running_loop()
        end = loop.time() + TIMEOUT
        while not (a.done() and b.done()):
            assert loop.time() < end, "the game did not end"
            await mallory.send(junk(rng))
            sent += 1
            await asyncio.sleep(0.04)  # about half the rate limit
            while True:  # read all that came meanwhile
                try:
                    msg = await mallory.recv(timeout=0.001)
                except asyncio.TimeoutError:
                    break
                if msg["type"] == "error":
                    assert msg["code"] in ERROR_CODES and msg["code"] != "internal", msg
                    assert "\n" not in msg["message"]
                    errors.add(msg["code"])
                if msg["type"] == "turn" and msg["view"] and rng.random() < 0.8:
                    await mallory.send({"type": "play", **rng.choice(msg["view"]["legal"])})
                    answered += 1
        assert a.result() == 0 and b.result() == 0
        await mallory.close()
    assert sent > 30 and answered > 0
    assert {"bad_json", "bad_message", "wrong_state"} <= errors
    assert not [line for line in logged if "internal error" in line or "Traceback" in line]
