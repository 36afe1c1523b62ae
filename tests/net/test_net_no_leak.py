"""No message to a seat ever holds a card it may not know: other hands, the stock, the seed.

Every message each seat receives during whole games (2 and 4 players, one connection
dropped and resumed mid-game) is checked against the truth: the game replayed from the
server's full record, which says at each moment which cards are in the other hands and
in the stock.
"""

from __future__ import annotations

import asyncio
import copy
import json
import re

import pytest
from net_helpers import TIMEOUT, first_line, headless, running_server
from test_net_reconnect import DropOnce

from scopa_tui.engine import Dealt, Game, Played, Redealt, Rules
from scopa_tui.engine import record as records
from scopa_tui.engine.cards import CARDS
from scopa_tui.net.table import seat_line, view_message

CARD = re.compile(r"^(10|[1-9])[dcsb]$")


def truth(record_text: str) -> dict[tuple[int, int], list[set[str]]]:
    """(plays so far, hand being played) -> per seat, the cards it may not know then."""
    (game_record,) = records.parse(record_text)
    game = records.new_game(game_record, use_seed=True)
    out: dict[tuple[int, int], list[set[str]]] = {}
    plays = 0

    def on_event(event) -> None:
        nonlocal plays
        if type(event) is Played:
            plays += 1
        if type(event) in (Played, Dealt, Redealt):
            s = game.state
            hands = [{str(CARDS[c]) for c in h} for h in s.hands] if s else []
            stock = {str(CARDS[c]) for c in s.stock} if s else set()
            out[(plays, game.hand_no)] = [stock.union(*(h for j, h in enumerate(hands) if j != i))
                                          for i in range(len(hands))]

    game.subscribe(on_event)
    records.replay(game_record, use_seed=True, game=game)
    return out


def cards_in(value) -> set[str]:
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*map(cards_in, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(cards_in, value)) if value else set()
    return set()


def check_seat(seat: int, messages: list[dict], known: dict, tokens: dict[int, str]) -> int:
    """Assert that no message to ``seat`` leaks; returns how many messages carried cards."""
    plays, hand, checked = 0, 0, 0
    for msg in messages:
        text = json.dumps(msg)
        assert '"seed"' not in text, msg
        for other, token in tokens.items():
            assert other == seat or token not in text, f"seat {seat} got seat {other}'s token"
        current: list = []
        if msg["type"] == "event":
            event = msg["event"]
            if event["event"] == "play":
                plays += 1
            if event["event"] == "deal":
                hand = event["hand"]
            current.append(event)
        elif msg["type"] == "state":
            plays = sum(1 for e in msg["events"] if e["event"] == "play")
            hand = max([e["hand"] for e in msg["events"] if e["event"] == "deal"], default=0)
            current += [e for e in msg["events"] if e.get("hand") == hand]
            current.append(msg.get("view"))
        else:
            current.append(msg)
        for event in current:
            if isinstance(event, dict) and event.get("event") == "deal":
                assert all(h is None for i, h in enumerate(event["hands"]) if i != seat), event
        # A three-kings redeal's voided table was face up for all to see: public, though its
        # cards are back in the stock and the hands of the deal that follows.  Nothing else
        # of that deal may ride on the line.
        for event in current:
            if isinstance(event, dict) and event.get("event") == "redeal":
                assert set(event) == {"event", "hand", "table", "dealer"}, event
        seen = cards_in([e for e in current if not (isinstance(e, dict) and e.get("event") == "redeal")])
        if not seen or hand == 0:
            continue
        checked += 1
        leaked = seen & known[(plays, hand)][seat]
        assert not leaked, f"seat {seat} was sent {sorted(leaked)} in {msg['type']}: {text[:300]}"
    return checked


async def play_and_record(tmp_path, players: int, target: int, drop_seat: int | None = None,
                          variant: str = "scopa"):
    loop = asyncio.get_running_loop()
    async with running_server(tmp_path) as (server, url):
        logs = [[] for _ in range(players)]
        seats = [headless(url, f"P{i}", "medium" if i % 2 else "easy", seed=i, record=logs[i])
                 for i in range(players)]
        if drop_seat is not None:
            victim = seats[drop_seat]
            victim.player = DropOnce(victim.player, 4, lambda: loop.call_soon_threadsafe(
                lambda: victim.client._ws.transport.abort()))
        tasks = [asyncio.create_task(seats[0].run(create={"players": players, "target": target,
                                                              "variant": variant}))]
        code = (await first_line(seats[0])).split()[1]
        for s in seats[1:]:
            tasks.append(asyncio.create_task(s.run(join=code)))
            await first_line(s)  # seats in order
        assert await asyncio.wait_for(asyncio.gather(*tasks), TIMEOUT) == [0] * players
        text = server.tables[code].record_text()
    tokens = {i: next(m["token"] for m in log if m["type"] == "joined") for i, log in enumerate(logs)}
    seat_of = {i: next(m["seat"] for m in log if m["type"] == "joined") for i, log in enumerate(logs)}
    return text, logs, tokens, seat_of


@pytest.mark.parametrize("players, target, drop_seat, variant", [
    (2, 4, 1, "scopa"), (4, 3, 2, "scopa"),
    (4, 3, 3, "scopone-scientifico"),  # 10-card hands, the whole deck dealt at once
    (2, 6, 0, "escoba"),  # the dealer's escoba of the first table cards
])
async def test_no_message_holds_a_card_the_seat_may_not_know(tmp_path, players, target, drop_seat, variant):
    text, logs, tokens, seat_of = await play_and_record(tmp_path, players, target, drop_seat, variant)
    assert f'"variant":"{variant}"' in text
    known = truth(text)
    tokens = {seat_of[i]: t for i, t in tokens.items()}
    for i, log in enumerate(logs):
        assert check_seat(seat_of[i], log, known, tokens) > 20
    dropped = logs[drop_seat]
    assert any(m["type"] == "connection" and m["status"] == "restored" for m in dropped)

    # The check finds a leak when there is one: the first deal as the full record has it.
    seat = seat_of[0]
    doctored = copy.deepcopy(logs[0])
    full_deal = next(json.loads(line) for line in text.splitlines() if '"event":"deal"' in line)
    for msg in doctored:
        if msg["type"] == "event" and msg["event"]["event"] == "deal":
            msg["event"]["hands"] = full_deal["hands"]
            break
    with pytest.raises(AssertionError):
        check_seat(seat, doctored, known, tokens)
    peeking = copy.deepcopy(logs[0])
    at = next(i for i, m in enumerate(peeking) if m["type"] == "turn" and m["view"])
    events = [m["event"] for m in peeking[:at] if m["type"] == "event"]
    plays = sum(1 for e in events if e["event"] == "play")
    hand = max(e["hand"] for e in events if e["event"] == "deal")
    hidden = sorted(known[(plays, hand)][seat])  # unseen by the seat at that turn
    peeking[at]["view"]["table"].append(hidden[0])  # a card of the stock or another hand shown
    with pytest.raises(AssertionError, match="was sent"):
        check_seat(seat, peeking, known, tokens)


def test_a_state_in_a_redealt_hand_is_checked_without_a_false_alarm():
    """A state sent in a hand dealt again for three Kings holds the voided table (public, as at
    a real table) while those cards lie in the stock and in other hands: the check lets that
    line pass and still finds a card of another hand in the same state (a failure seen in CI)."""
    game = Game(Rules(players=4), seed=876)  # hand 1 is dealt again: three Kings on the table
    game.start()
    for _ in range(2):
        game.play(game.legal_moves()[0])
    seat = 2
    state = {"type": "state", "events": [seat_line(e.to_record(), seat) for e in game.events],
             "view": view_message(game, seat)}
    (voided,) = [e for e in state["events"] if e["event"] == "redeal"]
    known = truth(records.dumps(game))
    hidden = known[(2, 1)][seat]
    assert set(voided["table"]) & hidden  # the voided table's cards are dealt out again, unseen
    assert check_seat(seat, [state], known, {}) == 1
    state["view"]["table"].append(sorted(hidden)[0])
    with pytest.raises(AssertionError, match="was sent"):
        check_seat(seat, [state], known, {})
    carried = copy.deepcopy(state)
    carried["view"]["table"].pop()
    next(e for e in carried["events"] if e["event"] == "redeal")["hands"] = [[], [], [], []]
    with pytest.raises(AssertionError):
        check_seat(seat, [carried], known, {})
