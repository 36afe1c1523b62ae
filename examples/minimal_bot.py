#!/usr/bin/env python3
"""A minimal Scopa bot for the scopa-bot/1 protocol (docs/bot-protocol.md).

Standard library only.  Run it against the game with:

    scopa-tui simulate --ai "cmd:python examples/minimal_bot.py",easy --games 10

Strategy: take the capture with the most cards (a sweep first); with nothing to take,
lay the lowest card.  Every decision comes from the move request alone.
"""

import json
import sys


def rank(card):
    return int(card[:-1])  # "10b" -> 10


def choose(request):
    table_size = len(request["table"])
    best, best_score = None, None
    for move in request["legal"]:
        taken = len(move["capture"])
        if taken:
            score = 100 * (taken == table_size) + 10 * taken + ("7d" in move["capture"] + [move["card"]])
        else:
            score = -rank(move["card"])
        if best_score is None or score > best_score:
            best, best_score = move, score
    return best


def adds_up(request):
    """The seat is one of the table's, and the 40 cards are all somewhere."""
    seen = len(request["table"]) + sum(len(pile) for pile in request["captured"])
    held = sum(request["hand_sizes"]) + request["stock"]  # the hands (this seat's too), the stock
    return 0 <= request["seat"] < request["rules"]["players"] and seen + held == 40


def answer_move(request):
    """The answer to a move request.  A bot never dies on a request (docs/bot-protocol.md):
    on one that does not add up it answers the first legal move, or an error when there is none."""
    try:
        if adds_up(request):
            move = choose(request)
        else:
            sys.stderr.write(f"minimal_bot: move request {request.get('id')!r} does not add up\n")
            move = None
    except Exception as e:
        sys.stderr.write(f"minimal_bot: cannot use move request {request.get('id')!r}: {e!r}\n")
        move = None
    try:
        move = move or request["legal"][0]
        return {"type": "move", "id": request.get("id"), "card": move["card"], "capture": move.get("capture", [])}
    except Exception as e:
        return {"type": "error", "id": request.get("id"), "message": f"no legal move to answer: {e!r}"}


def main():
    for line in sys.stdin.buffer:  # bytes: a line that is not UTF-8 is no JSON either
        try:
            message = json.loads(line)
        except ValueError:
            continue  # not JSON: ignore it
        if not isinstance(message, dict):
            continue
        kind = message.get("type")
        if kind == "hello":
            # It picks from the request's legal moves, so it plays every variant.
            answer = {"type": "hello", "protocol": "scopa-bot/1", "name": "minimal_bot 1.0",
                      "variants": ["scopa", "scopone-scientifico", "scopone-classico", "escoba", "scopa-d-assi"]}
        elif kind == "move":
            answer = answer_move(message)
        elif kind == "quit":
            break
        else:
            continue  # hand_end, game_end and anything new: nothing to say
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
