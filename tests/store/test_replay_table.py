"""The replay's table keeps the cards where the game laid them (README.md, History and replay)."""

from __future__ import annotations

import pytest

from scopa_tui.engine import Dealt, Game, Played, make_rules
from scopa_tui.engine import record as records
from scopa_tui.store.frames import load_text
from scopa_tui.ui.screens.game import GameScreen


class LiveTable:
    """The game screen's table (its letter places), fed the same events as in play."""

    _update_slots = GameScreen._update_slots
    table_order = GameScreen.table_order

    def __init__(self) -> None:
        self.slots: list[int | None] = []
        self.before_plays: list[tuple[int, ...]] = []  # the table as each play was made on it

    def on_event(self, event) -> None:
        if isinstance(event, Dealt) and event.first:
            self.slots = [] if event.escobas else list(event.table)  # as GameScreen on a first deal
        elif isinstance(event, Played):
            self.before_plays.append(self.table_order())
            self._update_slots(event.table)


@pytest.mark.parametrize("variant, players, seed", [("scopa", 2, 4), ("scopa", 3, 9), ("escoba", 2, 11),
                                                    ("scopone-scientifico", 4, 3)])
def test_each_play_shows_the_table_in_the_order_the_game_showed_it(variant, players, seed):
    # The replay drew every step's table sorted afresh: a card laid on the table went in among
    # the others by its rank and they moved along, where the game keeps each in its place.
    game = Game(make_rules(players=players, variant=variant), seed=seed)
    live = LiveTable()
    game.subscribe(live.on_event)
    game.start()
    while not game.is_over:
        if game.phase == "hand_over":
            game.next_hand()
        else:
            game.play(game.legal_moves()[0])
    (replay,) = load_text(records.dumps(game))
    shown = [frame.table for frame in replay.frames if frame.kind == "play"]
    assert shown == live.before_plays
    assert any(list(table) != sorted(table) for table in shown)  # a table not in the cards' order
