"""Game records (scopa-record/1): writing, reading, malformed records, resuming."""

from __future__ import annotations

import json
import random

import pytest
from scopa_helpers import play_random_game

from scopa_tui.engine import Game, Move, RecordError, make_rules
from scopa_tui.engine.record import cut_line, dumps, load, parse, replay

REQUIRED = {
    "game_start": {"event", "format", "rules", "seed"},
    "deal": {"event", "hand", "dealer", "table", "hands"},
    "redeal": {"event", "hand", "table"},
    "play": {"event", "hand", "seat", "card", "capture", "scopa"},
    "hand_end": {"event", "hand", "leftover", "leftover_to", "sides", "totals"},
    "game_end": {"event", "totals", "winner"},
}
RULES_FIELDS = {"players", "target", "sides", "primiera_chart", "redeal_three_kings", "last_play_scopa",
                "primiera_requires_all_suits"}
SIDE_FIELDS = {"cards", "coins", "settebello", "primiera", "scope", "points"}


def record_of(seed=11, players=2, preset="standard", **options) -> str:
    return dumps(play_random_game(Game(make_rules(preset, players=players, **options), seed=seed), seed))


def lines_of(text: str) -> list[dict]:
    return [json.loads(x) for x in text.splitlines()]


def text_of(objs: list[dict]) -> str:
    return "".join(json.dumps(o) + "\n" for o in objs)


def redeal_seed() -> int:
    for s in range(5000):
        g = Game(make_rules(), seed=s)
        g.start()
        if g.events[1].to_record()["event"] == "redeal":
            return s
    raise AssertionError("no seed below 5000 redeals")


# --- the format, field by field ----------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_line_has_the_fields_of_section_9(players):
    objs = lines_of(record_of(players=players))
    assert objs[0]["event"] == "game_start" and objs[-1]["event"] == "game_end"
    for o in objs:
        assert REQUIRED[o["event"]] <= set(o)
    start = objs[0]
    assert start["format"] == "scopa-record/1"
    assert RULES_FIELDS <= set(start["rules"])
    assert start["rules"]["players"] == players
    assert start["rules"]["sides"] == {2: [[0], [1]], 3: [[0], [1], [2]], 4: [[0, 2], [1, 3]],
                                       6: [[0, 3], [1, 4], [2, 5]]}[players]
    for o in objs:
        if o["event"] == "deal":
            assert len(o["hands"]) == players and all(len(h) == 3 for h in o["hands"])
            assert len(o["table"]) in (0, 4)
        if o["event"] == "play":
            assert isinstance(o["capture"], list) and isinstance(o["scopa"], bool)
        if o["event"] == "hand_end":
            assert len(o["sides"]) == len(start["rules"]["sides"]) == len(o["totals"])
            for side in o["sides"]:
                assert set(side) == SIDE_FIELDS
    hands = [o["hand"] for o in objs if "hand" in o]
    assert hands[0] == 1 and sorted(set(hands)) == list(range(1, max(hands) + 1))


def test_the_redeal_line():
    seed = redeal_seed()
    text = dumps(play_random_game(Game(make_rules(), seed=seed), seed))
    objs = lines_of(text)
    redeal = objs[1]
    assert redeal["event"] == "redeal" and redeal["hand"] == 1
    assert sum(1 for c in redeal["table"] if c.startswith("10")) >= 3
    assert redeal["dealer"] == objs[2]["dealer"]  # the same dealer deals again
    assert objs[2]["event"] == "deal" and objs[2]["hand"] == 1
    again = load(text)[0]
    assert dumps(again) == text
    redeal["dealer"] = 5  # an extra field, but when present it must be a seat
    with pytest.raises(RecordError, match=r"^line 2: 'dealer' is 5, but this game's seats are numbered 0 to 1"):
        parse(text_of(objs))


def test_leftover_to_is_null_when_nobody_gets_leftovers():
    objs = lines_of(record_of(seed=4))
    for o in objs:
        if o["event"] == "hand_end":
            assert (o["leftover_to"] is None) == (o["leftover"] == [])


# --- reading ------------------------------------------------------------------------------

def test_several_games_in_one_file():
    texts = [record_of(seed=s, players=p) for s, p in ((1, 2), (2, 4), (3, 6))]
    games = parse("".join(texts))
    assert len(games) == 3
    assert [g.rules.players for g in games] == [2, 4, 6]
    replayed = load("".join(texts))
    assert [dumps(g) for g in replayed] == texts
    assert games[1].lines[0][0] == texts[0].count("\n") + 1  # line numbers count the whole file


def test_blank_lines_are_skipped_but_counted():
    text = record_of()
    lines = text.splitlines()
    spaced = "\n".join([lines[0], "", "   "] + lines[1:]) + "\n"
    assert dumps(load(spaced)[0]) == text
    bad = lines_of(text)
    bad[3]["seat"] = 1 - bad[3]["seat"]
    broken = text_of(bad).splitlines()
    with pytest.raises(RecordError, match=r"^line 6: "):
        parse_and_replay("\n".join([broken[0], "", ""] + broken[1:]))


def parse_and_replay(text: str):
    return [replay(g) for g in parse(text)]


def _malformed(mutate) -> str:
    objs = lines_of(record_of())
    mutate(objs)
    return text_of(objs)


def _first(objs, event, pred=lambda o: True) -> int:
    return next(i for i, o in enumerate(objs) if o["event"] == event and pred(o))


def _illegal_capture(objs):
    i = _first(objs, "play", lambda o: o["capture"])
    objs[i]["capture"] = []


def _out_of_turn(objs):
    i = _first(objs, "play")
    objs[i]["seat"] = 1 - objs[i]["seat"]


def _wrong_totals(objs):
    i = _first(objs, "hand_end")
    objs[i]["totals"][0] += 1


def _wrong_game_end(objs):
    objs[-1]["totals"] = [0, 0]


def _wrong_winner(objs):
    objs[-1]["winner"] = 1 - objs[-1]["winner"]


def _wrong_points(objs):
    i = _first(objs, "hand_end")
    objs[i]["sides"][0]["points"] += 5


def _missing_side_field(objs):
    i = _first(objs, "hand_end")
    del objs[i]["sides"][1]["coins"]


def _missing_rules_field(objs):
    del objs[0]["rules"]["players"]


def _bad_card(objs):
    objs[_first(objs, "play")]["card"] = "11d"


def _bad_card_in_deal(objs):
    objs[_first(objs, "deal")]["hands"][0][1] = "7x"


def _card_not_in_hand(objs):
    i = _first(objs, "play", lambda o: not o["capture"])
    hand = next(h for o in objs[:i] if o["event"] == "deal" for h in o["hands"])
    objs[i]["card"] = next(f"{r}{s}" for r in range(1, 11) for s in "dcsb"
                           if f"{r}{s}" not in hand and all(f"{r}{s}" not in h for h in objs[1]["hands"])
                           and f"{r}{s}" not in objs[1]["table"])


def _missing_field(objs):
    del objs[_first(objs, "play")]["capture"]


def _unknown_event(objs):
    objs.insert(2, {"event": "shuffle", "hand": 1})


def _play_before_deal(objs):
    objs.insert(1, objs[2])


def _deal_wrong_size(objs):
    objs[1]["hands"][0] = objs[1]["hands"][0][:2]


def _same_card_twice(objs):
    objs[1]["hands"][1][0] = objs[1]["hands"][0][0]


def _wrong_dealer(objs):
    i = _first(objs, "deal", lambda o: o["hand"] == 2)
    objs[i]["dealer"] = objs[1]["dealer"]


def _dealer_not_a_seat(objs):
    objs[1]["dealer"] = 9


def _seat_not_a_seat(objs):
    objs[_first(objs, "play")]["seat"] = 2


def _winner_not_a_side(objs):
    objs[-1]["winner"] = 2


def _wrong_format(objs):
    objs[0]["format"] = "scopa-record/2"


def _five_players(objs):
    objs[0]["rules"]["players"] = 5


def _preset_not_a_name(objs):
    objs[0]["rules"]["preset"] = 5  # was taken, then stopped the app resuming such a save


def _chart_a_list(objs):
    objs[0]["rules"]["primiera_chart"] = ["standard"]  # was "unhashable type: 'list'"


def _line_after_end(objs):
    objs.append(objs[2])


def _bad_scopa(objs):
    objs[_first(objs, "play")]["scopa"] = "no"


def _extra_hand_end(objs):
    objs.insert(3, objs[_first(objs, "hand_end")])


MALFORMED = [
    # (mutation, the line it is on (None: find it), what the message says)
    (_illegal_capture, None, "illegal play of"),
    (_out_of_turn, None, "but it is seat"),
    (_wrong_totals, None, "'totals'"),
    (_wrong_game_end, None, "game_end 'totals'"),
    (_wrong_winner, None, "'winner'"),
    (_wrong_points, None, "'sides'"),
    (_missing_side_field, None, "'coins'"),
    (_missing_rules_field, 1, "'players'"),
    (_bad_card, None, "'11d' is not a card"),
    (_bad_card_in_deal, 2, "'7x' is not a card"),
    (_card_not_in_hand, None, "is not in your hand"),
    (_missing_field, None, "play line lacks 'capture'"),
    (_unknown_event, 3, "unknown event 'shuffle'"),
    (_play_before_deal, 2, "play"),
    (_deal_wrong_size, 2, "3 cards"),
    (_same_card_twice, 2, "twice"),
    (_wrong_dealer, None, "'dealer'"),
    (_dealer_not_a_seat, 2, "'dealer' is 9, but this game's seats are numbered 0 to 1"),
    (_seat_not_a_seat, None, "'seat' is 2, but this game's seats are numbered 0 to 1"),
    (_winner_not_a_side, None, "'winner' is 2, but this game's sides are numbered 0 to 1"),
    (_wrong_format, 1, "scopa-record/2"),
    (_five_players, 1, "not 5"),
    (_preset_not_a_name, 1, "bad rules: the preset must be a name, not 5"),
    (_chart_a_list, 1, "bad rules: unknown primiera chart ['standard']"),
    (_line_after_end, None, "after game_end"),
    (_bad_scopa, None, "'scopa' must be true or false"),
    (_extra_hand_end, 4, "hand_end"),
]


@pytest.mark.parametrize("mutate,line,says", MALFORMED, ids=[m[0].__name__.strip("_") for m in MALFORMED])
def test_malformed_records_name_the_line_and_the_fault(mutate, line, says):
    good = lines_of(record_of())
    objs = lines_of(record_of())
    mutate(objs)
    if line is None:  # the first line that differs from the good record
        line = next((i + 1 for i, (a, b) in enumerate(zip(objs, good)) if a != b), len(objs))
    with pytest.raises(RecordError) as info:
        parse_and_replay(text_of(objs))
    message = str(info.value)
    assert message.startswith(f"line {line}: "), message
    assert info.value.line == line
    assert says in message
    assert "\n" not in message


def test_not_json_names_the_line():
    text = record_of()
    lines = text.splitlines()
    lines[4] = lines[4][:-3]
    with pytest.raises(RecordError, match=r"^line 5: not valid JSON"):
        parse("\n".join(lines))
    with pytest.raises(RecordError, match=r"^line 2: each line must be a JSON object"):
        parse(lines[0] + "\n[1, 2]\n")
    with pytest.raises(RecordError, match=r"^line 2: not valid JSON \(nested too deeply\)"):
        parse(lines[0] + "\n" + "[" * 100_000 + "\n")
    # json's own words end with "at": "Unterminated string starting at at column 2"
    with pytest.raises(RecordError, match=r"^line 2: not valid JSON \(Unterminated string starting at column 2\)$"):
        parse(lines[0] + '\n{"event\n')
    with pytest.raises(RecordError, match=r"^line 2: not valid JSON \(Invalid control character at column 3\)$"):
        parse(lines[0] + '\n{"\x00": 1}\n')


def test_a_line_before_game_start():
    text = record_of()
    lines = text.splitlines()
    with pytest.raises(RecordError, match=r"^line 1: deal line before any game_start line"):
        parse("\n".join(lines[1:]))


def test_an_empty_record():
    with pytest.raises(RecordError, match="no game"):
        parse("\n\n")


def test_line_numbers_count_only_newlines():
    # A JSON string may hold a line separator (U+2028) that is not a line break in JSON Lines.
    text = record_of()
    lines = text.splitlines()
    odd = json.dumps({"event": "shuffle", "note": "a\u2028b"}, ensure_ascii=False)
    with pytest.raises(RecordError, match=r"^line 3: unknown event 'shuffle'"):
        parse("\n".join(lines[:2] + [odd] + lines[2:]))


# --- resuming a partial record --------------------------------------------------------------

def _moves_and_states(seed: int, players: int):
    """The plays of a seeded game with the state after each one."""
    g = Game(make_rules(players=players), seed=seed)
    states = []
    rng = random.Random(seed)
    g.start()
    while not g.is_over:
        if g.phase == "hand_over":
            g.next_hand()
        g.play(rng.choice(g.legal_moves()))
        states.append(_state(g))
    return g, states


def _state(g: Game):
    return (g.phase, g.hand_no, g.dealer, g.turn, tuple(g.totals), g.table,
            tuple(g.hand_of(s) for s in range(g.rules.players)), g.state.piles[:], g.state.scope[:],
            len(g.state.stock))


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_resume_a_cut_record_from_its_seed(players):
    seed = 100 + players
    original, states = _moves_and_states(seed, players)
    text = dumps(original)
    lines = text.splitlines(keepends=True)
    play_lines = [i for i, x in enumerate(lines) if '"event":"play"' in x]
    for k in (0, 5, len(play_lines) // 2, len(play_lines) - 2):
        cut = "".join(lines[:play_lines[k] + 1])
        resumed = replay(parse(cut)[0], use_seed=True)
        assert _state(resumed) == states[k]
        # From the deal lines alone (no seed), the position is the same once the record
        # holds the deal that the cut play brought.
        end = play_lines[k] + 1
        if end < len(lines) and '"event":"deal"' in lines[end]:
            end += 1
        from_deals = replay(parse("".join(lines[:end]))[0])
        assert _state(from_deals)[:7] == states[k][:7]
        # Continue with the original's moves: the same deals come, the same record results.
        for x in lines[play_lines[k] + 1:]:
            obj = json.loads(x)
            if obj["event"] == "play":
                if resumed.phase == "hand_over":
                    resumed.next_hand()
                assert resumed.turn == obj["seat"]
                resumed.play(Move(obj["card"], obj["capture"]))
        assert dumps(resumed) == text


def test_resume_needs_a_seed():
    objs = lines_of(record_of())
    objs[0]["seed"] = None
    with pytest.raises(RecordError, match="^line 1: the record has no seed"):
        replay(parse(text_of(objs))[0], use_seed=True)
    assert dumps(replay(parse(text_of(objs))[0])).count("\n") == len(objs)


def test_a_record_replayed_from_the_wrong_seed_is_refused():
    objs = lines_of(record_of())
    objs[0]["seed"] += 1
    with pytest.raises(RecordError, match=r"^line 2: deal 'hands'|^line 2: deal 'dealer'|^line 2: deal 'table'"):
        replay(parse(text_of(objs))[0], use_seed=True)


@pytest.mark.parametrize("preset,players", [("standard", 2), ("gamerules", 4), ("ludoteka", 3), ("ludoteka", 6)])
def test_rules_come_back_from_the_record(preset, players):
    g = play_random_game(Game(make_rules(preset, players=players, target=5, last_play_scopa=True), seed=9), 9)
    back = parse(dumps(g))[0]
    assert back.rules == g.rules
    assert back.rules.preset == preset and back.rules.deck_style == g.rules.deck_style


def test_the_example_in_the_format_document_replays():
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "record-format.md").read_text(encoding="utf-8")
    example = doc.split("```jsonl\n", 1)[1].split("```", 1)[0]
    (game,) = load(example)
    assert dumps(game) == example
    assert game.rules.players == 6 and game.hand_no == 1
    assert game.totals == [0, 4, 1] and game.winner == 1
    assert game.hand_scores[0].leftover_to == 0


def test_a_last_line_cut_while_it_was_written_is_told_from_a_whole_one():
    # docs/record-format.md, The basics: a writer ends every line with a newline.
    game = Game(make_rules(players=2), seed=1)
    game.start()
    text = dumps(game)
    assert cut_line(text) is None and cut_line(text.removesuffix("\n")) is None
    assert cut_line(text + '{"event":"pl') == text.count("\n") + 1
    assert cut_line(text + '{"event":"pl\n') is None  # ended: a bad line, said as one
    assert cut_line("") is None and cut_line(text + "\n\n") is None
