"""Messages are encoded with orjson: the very text ``json.dumps`` would write, compact."""

from __future__ import annotations

import json

from scopa_tui.engine import Game, Move, make_rules
from scopa_tui.net.messages import encode, frame
from scopa_tui.net.table import seat_line, view_message


def test_frames_are_the_text_json_dumps_writes():
    game = Game(make_rules("standard", players=4, variant="scopone-scientifico", options=("napola",)), 7)
    game.start()
    for _ in range(5):
        move = game.view(game.turn).legal[-1]
        game.play(Move(str(move.card), [str(c) for c in move.capture]))
    messages = [
        {"type": "turn", "seat": game.turn, "deadline": 59.9, "view": view_message(game, game.turn)},
        {"type": "state", "events": [seat_line(e.to_record(), 1) for e in game.events], "totals": [0, 0]},
        {"type": "chat", "seat": 2, "name": "Ànna ☃ 李", "text": "ciao \"tutti\" \\ ok", "deadline": None},
    ]
    for msg in messages:
        expected = json.dumps(msg, separators=(",", ":"), ensure_ascii=False)
        assert frame(msg) == expected.encode() and encode(msg) == expected
        assert json.loads(frame(msg)) == msg
