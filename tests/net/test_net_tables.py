"""Tables: the lobby, private tables, joining until full, starting, leaving, chat."""

from __future__ import annotations

import asyncio

from net_helpers import Raw, running_server

from scopa_tui.net.messages import CHAT_BURST


async def test_the_lobby_lists_open_public_tables_and_a_full_table_starts_by_itself():
    async with running_server(None) as (server, url):
        anna = await Raw.open(url, "Anna")
        await anna.send({"type": "create", "players": 3, "target": 5, "title": "Anna's game", "turn_limit": 30})
        joined = await anna.expect("joined")
        assert joined["seat"] == 0 and len(joined["token"]) >= 32
        state = await anna.expect("state")
        assert state["view"] is None and state["table"]["phase"] == "waiting"
        carla = await Raw.open(url, "Carla")
        await carla.send({"type": "create", "players": 2, "public": False})
        await carla.expect("joined")

        bruno = await Raw.open(url, "Bruno")
        await bruno.send({"type": "lobby"})
        lobby = (await bruno.expect("lobby"))["tables"]
        assert lobby == [{"code": joined["code"], "title": "Anna's game", "players": 3, "seats_free": 2,
                          "preset": "standard", "target": 5, "variant": "scopa", "options": [],
                          "turn_limit": 30.0, "started": False}]

        await bruno.send({"type": "start"})  # not seated
        assert (await bruno.expect("error"))["code"] == "wrong_state"
        await bruno.send({"type": "join", "code": joined["code"].lower()})  # codes read in any case
        assert (await bruno.expect("joined"))["seat"] == 1
        seat = await anna.expect("seat")
        assert (seat["seat"], seat["name"], seat["status"]) == (1, "Bruno", "joined")
        await bruno.send({"type": "start"})
        error = await bruno.expect("error")
        assert error["code"] == "not_creator" and "Anna" in error["message"]

        dario = await Raw.open(url, "Dario")
        await dario.send({"type": "join", "code": joined["code"]})
        await dario.expect("joined")
        # Every seat taken by a person: the game starts by itself.
        table = (await anna.expect("table"))["table"]
        while not table["started"]:
            table = (await anna.expect("table"))["table"]
        assert [s["name"] for s in table["seats"]] == ["Anna", "Bruno", "Dario"]
        assert all(s["kind"] == "person" and s["connected"] for s in table["seats"])
        await bruno.send({"type": "lobby"})
        assert (await bruno.expect("lobby"))["tables"] == []  # started, and Carla's is private
        for raw in (anna, bruno, carla, dario):
            await raw.close()


async def test_leaving_before_the_game_opens_the_seat_and_after_it_gives_it_to_the_ai():
    async with running_server(None) as (server, url):
        anna = await Raw.open(url, "Anna")
        await anna.send({"type": "create", "players": 4, "ai": ["easy", "hard", "random", "medium"]})
        code = (await anna.expect("joined"))["code"]
        bruno = await Raw.open(url, "Bruno")
        await bruno.send({"type": "join", "code": code})
        await bruno.expect("joined")

        await anna.send({"type": "leave"})  # the creator leaves before the start: Bruno creates now
        left = await bruno.expect("seat")
        while left["status"] == "joined":  # his own arrival first
            left = await bruno.expect("seat")
        assert (left["seat"], left["status"]) == (0, "left")
        info = (await bruno.expect("table"))["table"]
        assert info["creator"] == 1 and info["seats"][0]["kind"] == "open"
        await anna.send({"type": "join", "code": code})  # she may sit down again: the first open seat
        again = await anna.expect("joined")
        assert again["seat"] == 0

        await bruno.send({"type": "start"})
        table = (await bruno.expect("table"))["table"]
        while not table["started"]:
            table = (await bruno.expect("table"))["table"]
        assert [(s["kind"], s["level"]) for s in table["seats"]] == [
            ("person", None), ("person", None), ("ai", "random"), ("ai", "medium")]

        await bruno.send({"type": "leave"})  # after the start: the AI has the seat for good
        seat = await anna.expect("seat")
        while seat["seat"] != 1:
            seat = await anna.expect("seat")
        assert seat["status"] == "ai"
        assert server.tables[code].seats[1].kind == "ai"
        token = next(s.token for s in server.tables[code].seats if s.name == "Anna")
        other = await Raw.open(url, "Bruno")
        forged = ("y" if token.startswith("x") else "x") + token[1:]  # "x" + token[1:] was hers 1 time in 64
        await other.send({"type": "resume", "code": code, "token": forged})
        assert (await other.expect("error"))["code"] == "bad_token"
        for raw in (anna, bruno, other):
            await raw.close()


async def _anna_and_bruno(url: str) -> tuple[Raw, Raw]:
    """Anna creates a table for 2 and Bruno takes its other seat (the game starts)."""
    anna = await Raw.open(url, "Anna")
    await anna.send({"type": "create", "players": 2})
    code = (await anna.expect("joined"))["code"]
    bruno = await Raw.open(url, "Bruno")
    await bruno.send({"type": "join", "code": code})
    await bruno.expect("joined")
    return anna, bruno


async def test_chat_reaches_the_table_as_plain_text():
    async with running_server(None) as (server, url):
        anna, bruno = await _anna_and_bruno(url)
        await bruno.send({"type": "chat", "text": "buona\tfortuna\u202e!"})
        chat = await anna.expect("chat")
        assert chat == {"type": "chat", "seat": 1, "name": "Bruno", "text": "buona fortuna!"}
        await bruno.send({"type": "chat", "text": "[link=https://x]click[/link]"})
        error = await bruno.expect("error")
        assert error["code"] == "bad_message" and error["ref"] == "chat"
        await anna.close()
        await bruno.close()


async def test_a_chat_flood_is_cut_to_a_few_lines_and_the_rest_of_the_table_goes_on():
    # Each line is a line in the log and a notice on every screen at the table: 20 a second
    # (the message rate) buried the other players' game under them.
    async with running_server(None) as (server, url):
        anna, bruno = await _anna_and_bruno(url)
        for n in range(CHAT_BURST + 10):
            await bruno.send({"type": "chat", "text": f"flood {n}"})
        await bruno.send({"type": "ping"})  # other messages are not held up
        answers = []
        while not answers or answers[-1]["type"] != "pong":
            answers.append(await bruno.expect("error", "pong"))
        refused = [a for a in answers if a["type"] == "error"]
        assert len(refused) >= 10 and {(a["code"], a.get("ref")) for a in refused} == {("rate_limited", "chat")}
        await anna.send({"type": "ping"})
        seen = []
        while not seen or seen[-1]["type"] != "pong":
            seen.append(await anna.expect("chat", "pong"))
        assert [m["text"] for m in seen[:-1]] == [f"flood {n}" for n in range(len(seen) - 1)]
        assert len(seen) - 1 <= CHAT_BURST + 1  # a burst, and what a second refills at most
        await asyncio.sleep(1.1)  # the budget refills: a line goes through again
        await bruno.send({"type": "chat", "text": "scusate"})
        assert (await anna.expect("chat"))["text"] == "scusate"
        await anna.close()
        await bruno.close()


async def test_a_full_server_refuses_new_tables_in_one_line():
    async with running_server(None) as (server, url):
        server.max_tables = 1
        anna = await Raw.open(url, "Anna")
        await anna.send({"type": "create"})
        await anna.expect("joined")
        bruno = await Raw.open(url, "Bruno")
        await bruno.send({"type": "create"})
        error = await bruno.expect("error")
        assert error["code"] == "wrong_state" and "as many tables as it can (1)" in error["message"]
        await anna.send({"type": "leave"})  # the only person leaves: the table closes
        await anna.send({"type": "ping"})
        await anna.expect("pong")  # (the leave is done)
        await bruno.send({"type": "create"})
        assert (await bruno.expect("joined"))["seat"] == 0
        await anna.close()
        await bruno.close()


async def test_a_name_taken_at_the_table_is_refused_and_the_seat_stays_open():
    async with running_server(None) as (server, url):
        anna = await Raw.open(url, "Anna")
        await anna.send({"type": "create", "players": 3})
        code = (await anna.expect("joined"))["code"]
        # another Anna, or a name the AI seats take at the start; in full-width letters too, and
        # with Cyrillic or Greek letters that look like Latin ones ("Аnna" beside "Anna": nobody
        # could tell them apart)
        for name in ("anna", "AI 3", "ai 2", "Ａｎｎａ", "ＡＩ 2", "\u0410nna", "\u0391nn\u03b1", "\u0430nn\u0430",
                     "\u0410\u0406 2"):
            other = await Raw.open(url, name)
            await other.send({"type": "join", "code": code})
            error = await other.expect("error", "joined")
            assert error["type"] == "error" and error["code"] == "name_taken", error
            assert name in error["message"]
            await other.close()
        assert len(server.tables[code].open_seats) == 2  # nothing taken by the refusals
        bruno = await Raw.open(url, "Bruno")
        await bruno.send({"type": "join", "code": code})
        assert (await bruno.expect("joined"))["seat"] == 1
        robot = await Raw.open(url, "AI 1")  # a creator called as an AI seat: refused, nothing kept
        await robot.send({"type": "create", "players": 2})
        assert (await robot.expect("error", "joined"))["code"] == "name_taken"
        assert list(server.tables) == [code]
        for raw in (anna, bruno, robot):
            await raw.close()


async def test_a_look_alike_name_is_refused_saying_the_name_it_looks_like_and_other_scripts_sit():
    async with running_server(None) as (server, url):
        anna = await Raw.open(url, "Anna")
        await anna.send({"type": "create", "players": 4})
        code = (await anna.expect("joined"))["code"]
        cyrillic = await Raw.open(url, "\u0410nna")  # a Cyrillic А
        await cyrillic.send({"type": "join", "code": code})
        error = await cyrillic.expect("error", "joined")
        assert error["message"] == (f"someone at table {code} is called Anna already, a name that looks like "
                                    "'\u0410nna': choose another name")
        # a name in Cyrillic letters (Анна) reads as itself, and names that differ by a letter sit
        for name in ("\u0410\u043d\u043d\u0430", "Ana", "\u0395\u03bb\u03ad\u03bd\u03b7"):
            other = await Raw.open(url, name)
            await other.send({"type": "join", "code": code})
            assert (await other.expect("error", "joined"))["type"] == "joined", name
        for raw in (anna, cyrillic):
            await raw.close()


async def test_a_finished_game_is_said_to_be_over_not_started_to_a_late_join_and_start():
    # A join at a table whose game had ended read "the game at table K7XQ93PA has started",
    # and its creator's start "the game has started already".
    from net_helpers import is_event, play_until

    from scopa_tui.net.client import NetClient, error_line

    async with running_server(None) as (server, url):
        anna = NetClient(url, "Anna")
        await anna.connect()
        code = (await anna.create(players=2, target=1, ai="easy"))["code"]
        await anna.start()
        await play_until(anna, is_event("game_end"))
        carla = await Raw.open(url, "Carla")
        await carla.send({"type": "join", "code": code})
        error = await carla.expect("error", "joined")
        assert (error["code"], error["message"]) == ("table_full", f"the game at table {code} is over")
        # said so to the player (the lobby, a headless seat's --join), not "every seat at this
        # table is taken", which a table whose game ended has none of
        assert error_line(error["code"], error["message"]) == "the game at this table is over: there is no seat to take"
        assert error_line("table_full", f"every seat at table {code} is taken") == "every seat at this table is taken"
        await anna.start()
        msg = await play_until(anna, lambda m: m["type"] == "error" and m.get("ref") == "start")
        assert (msg["code"], msg["message"]) == ("wrong_state", "the game is over")
        await carla.close()
        await anna.close()
