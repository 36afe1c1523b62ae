"""RecordingGame, the headless path of ``simulate``: the same game as :class:`Game`, its
record written line by line from ints, byte for byte what ``record.dumps`` writes."""

from __future__ import annotations

import random

import pytest

from scopa_tui.engine import Game, make_rules
from scopa_tui.engine.events import Played
from scopa_tui.engine.record import dumps, load
from scopa_tui.engine.recording import RecordingGame

RULES = [
    dict(players=2), dict(players=3), dict(players=4), dict(players=6, preset="ludoteka"),
    dict(players=2, preset="gamerules", options=("re-bello", "napola", "last-play-scopa")),
    dict(players=2, variant="escoba"), dict(players=4, variant="escoba", options=("setenta-primiera",)),
    dict(players=2, variant="scopa-d-assi", options=("ace-no-empty-sweep",)),
    dict(players=4, variant="scopone-scientifico"), dict(players=4, variant="scopone-classico"),
    dict(players=2, options=("no-primiera-all-suits",)),
]


def play(game: Game, seed: int) -> Game:
    """``game`` to its end, each play a random pair of the engine's legal moves."""
    rng = random.Random(seed)
    game.start()
    while not game.is_over:
        if game.phase == "hand_over":
            game.next_hand()
        pairs = game.state.legal_moves()
        game.play_listed(*pairs[rng.randrange(len(pairs))])
    return game


@pytest.mark.parametrize("kwargs", RULES, ids=lambda k: "-".join(str(v) for v in k.values()))
def test_a_recording_game_writes_the_record_of_the_same_game(kwargs):
    rules = make_rules(**kwargs)
    texts = []
    for seed in range(4):
        plain = play(Game(rules, seed), seed)
        recording = play(RecordingGame(rules, seed), seed)
        text = recording.record_text()
        assert text == dumps(plain), seed
        assert (recording.totals, recording.winner, recording.hand_no) == (plain.totals, plain.winner, plain.hand_no)
        unrecorded = play(RecordingGame(rules, seed, record=False), seed)
        assert unrecorded.record_text() == "" and unrecorded.totals == plain.totals
        texts.append(text)
    games = load("".join(texts))  # and the records replay
    assert len(games) == 4 and all(g.is_over for g in games)


def first_deal_redeals(seed: int) -> bool:
    game = Game(make_rules(), seed)
    game.start()
    return game.events[1].to_record()["event"] == "redeal"


def test_records_with_redeals_dealer_escobas_and_sweeps_are_written_the_same():
    """The lines that are rare in a game: a redeal (three Kings), Escoba's deal escobas, scope."""
    redeal = next(s for s in range(5000) if first_deal_redeals(s))
    seen = set()
    for variant, seeds in (("scopa", [redeal, *range(10)]), ("escoba", range(30))):
        rules = make_rules(variant=variant)
        for seed in seeds:
            text = play(RecordingGame(rules, seed), seed).record_text()
            assert text == dumps(play(Game(rules, seed), seed))
            seen |= {key for key in ('"event":"redeal"', '"dealer_escobas"', '"scopa":true') if key in text}
    assert len(seen) == 3


def test_a_recording_game_makes_no_play_events(monkeypatch):
    def no_event(*args, **kwargs):
        raise AssertionError("a Played event was built")

    monkeypatch.setattr(Played, "__init__", no_event)
    game = play(RecordingGame(make_rules(), 3), 3)
    assert game.is_over and game.events == [] and game.history == [] and game.hand_scores == []
    with pytest.raises(TypeError):
        game.view(0)
    with pytest.raises(TypeError):
        game.subscribe(print)
