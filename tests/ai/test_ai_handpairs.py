"""Paired single hands (``python -m scopa_tui.ai.handpairs``): the breakdown adds up."""

from __future__ import annotations

import json

import pytest

from scopa_tui.ai import handpairs


def test_a_pair_breaks_down_into_its_categories_and_its_deals():
    result = handpairs.run("easy", "random", 4, seed=5)
    rows = result["rows"]
    assert len(rows) == 4 and len(result["times"]) == 4 * 36  # the first player's decisions
    assert any(r["lead"] for r in rows)
    for r in rows:
        # plain Scopa: the points are the categories' points, and the deals' moves end in them
        assert sum(r["categories"].values()) == pytest.approx(r["lead"])
        assert len(r["deals"]) == 6 and sum(r["deals"]) == pytest.approx(r["lead"])
        assert r["last_capture"] in (0.0, 0.5, 1.0)


def test_a_seed_repeats_its_pairs():
    a = handpairs.run("easy", "random", 3, seed=11)["rows"]
    assert handpairs.run("easy", "random", 3, seed=11)["rows"] == a
    assert handpairs.run("easy", "random", 3, seed=12)["rows"] != a


def test_the_command_prints_the_breakdown_and_writes_a_line_a_pair(tmp_path, capsys):
    out = tmp_path / "pairs.jsonl"
    assert handpairs.main(["easy", "random", "--pairs", "2", "--seed", "3", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "easy vs random, seed 3: 2 pairs" in text and "by category: cards" in text and "by deal: 1:" in text
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x["pair"] for x in lines] == [0, 1]


def test_a_bad_spec_is_refused_in_one_line(capsys):
    with pytest.raises(SystemExit) as e:
        handpairs.main(["hard", "expert"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "unknown AI 'expert'" in err.splitlines()[-1]


def test_four_players_are_two_pairs_of_partners():
    from scopa_tui.engine import make_rules

    rules = make_rules(players=4)
    first = handpairs._seated(rules, ("easy", "random"), (1, 2), 0)
    second = handpairs._seated(rules, ("easy", "random"), (1, 2), 1)
    assert first[0].name == first[2].name == second[1].name == second[3].name != first[1].name
    assert first[1].name == first[3].name == second[0].name == second[2].name
    result = handpairs.run("easy", "random", 3, seed=5, players=4)
    rows = result["rows"]
    # the first AI's decisions: its two seats play 9 cards each in each of the pair's hands
    assert len(rows) == 3 and len(result["times"]) == 3 * 2 * 2 * 9
    for r in rows:
        assert sum(r["categories"].values()) == pytest.approx(r["lead"])
        assert len(r["deals"]) == 3 and sum(r["deals"]) == pytest.approx(r["lead"])
    assert "(pairs of partners, 4 players)" in handpairs.format_summary(result)


def test_six_players_rotate_the_first_ai_over_the_three_sides():
    from scopa_tui.engine import make_rules

    rules = make_rules(players=6)
    seated = [handpairs._seated(rules, ("easy", "random"), (1, 2), side) for side in range(3)]
    for side, players in enumerate(seated):
        assert [p.name for p in players] == ["easy" if seat % 3 == side else "random" for seat in range(6)]
    result = handpairs.run("easy", "random", 3, seed=5, players=6)
    rows = result["rows"]
    # the first AI's decisions: its two seats play 6 cards each in each of the three hands
    assert len(rows) == 3 and len(result["times"]) == 3 * 3 * 2 * 6
    assert any(r["lead"] for r in rows)
    for r in rows:
        assert sum(r["categories"].values()) == pytest.approx(r["lead"])  # plain Scopa's points
        assert r["deals"] == [] and r["last_capture"] in (0, 1 / 3, 2 / 3, 1)
    text = handpairs.format_summary(result)
    assert "(a side of two against two, 6 players)" in text and "by deal" not in text


def test_most_is_a_single_best_among_any_number_of_sides():
    assert handpairs._most([3, 5, 4]) == [0, 1, 0]
    assert handpairs._most([5, 5, 4]) == [0, 0, 0]
    assert handpairs._most([None, 2, None]) == [0, 1, 0]
    assert handpairs._most([7, None]) == [1, 0]


def test_a_scopone_is_played_by_its_four_players_its_hand_one_deal():
    # Scopone scientifico deals all 40 cards at once: ten plays a seat, and the evaluation's
    # move over the hand is one deal that ends in the exact points.
    result = handpairs.run("easy", "random", 2, seed=5, players=4, variant="scopone-scientifico")
    assert result["variant"] == "scopone-scientifico"
    assert len(result["times"]) == 2 * 2 * 2 * 10  # the first AI's two seats, ten cards each, two hands
    for r in result["rows"]:
        assert sum(r["categories"].values()) == pytest.approx(r["lead"])
        assert r["deals"] == [pytest.approx(r["lead"])]
    with pytest.raises(ValueError, match="not scored as Scopa"):
        handpairs.run("easy", "random", 1, seed=5, players=4, variant="escoba")


def test_the_command_takes_a_variant_and_its_players(capsys):
    assert handpairs.main(["easy", "random", "--pairs", "1", "--seed", "3", "--variant", "scopone-classico"]) == 0
    assert "easy vs random (pairs of partners, 4 players) in Scopone classico, seed 3: 1 pairs" in capsys.readouterr().out
    with pytest.raises(SystemExit) as e:
        handpairs.main(["easy", "random", "--variant", "scopone-scientifico", "--players", "2"])
    assert e.value.code == 2
    assert "scopone-scientifico is played by 4" in capsys.readouterr().err.splitlines()[-1]
