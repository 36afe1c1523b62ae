"""Hints: a legal move of the seat and one line saying why."""

from __future__ import annotations

import random
import re

import pytest

from scopa_tui.ai.hint import Hint, explain, suggest
from scopa_tui.engine import Game, Move, make_rules, mask_of
from scopa_tui.engine.cards import SETTEBELLO
from scopa_tui.engine.core import card_captures, rule_of

from ai_helpers import make_view


def test_hint_takes_the_settebello_and_says_so():
    # (with 5s, taking 2b 3s and leaving the settebello for later scores better: 17% that
    # the next player holds a 7 against a 25% sweep of 2b 3s by a 5; the 4s takes nothing)
    view = make_view("7c 4s", "7d 2b 6s", hand_sizes=(2, 3), stock=20)
    hint = suggest(view, iters=40, seed=1)
    assert isinstance(hint, Hint)
    assert hint.move == Move("7c", ["7d"])
    assert "settebello" in hint.reason and "\n" not in hint.reason


def test_hint_names_a_scopa():
    view = make_view("7b 1d 9c", "3c 4s", hand_sizes=(3, 3), stock=24)
    hint = suggest(view, iters=30, seed=2)
    assert hint.move == Move("7b", ["3c", "4s"])
    assert "scopa" in hint.reason


def test_hint_is_deterministic_with_a_seed_and_iterations():
    view = make_view("2d 6s 9b", "1c 5b 8d", hand_sizes=(3, 3), stock=24)
    assert suggest(view, iters=30, seed=4) == suggest(view, iters=30, seed=4)
    assert suggest(view, iters=30, seed=4).move in view.legal


def test_explain_uses_the_cards_counted():
    # Laying 6b on 4c leaves 10; every King has been seen, so nothing sweeps it.
    view = make_view("5s 6b", "4c", captured=["10d 10c 10s 10b", ""], hand_sizes=(2, 3), stock=20)
    assert explain(view, Move("6b")) == "6b goes on the table (nothing can be taken) and leaves 4c and 6b: no unseen card sweeps it"
    line = explain(view, Move("5s"))
    assert line.startswith("5s goes on the table (nothing can be taken) and leaves 4c and 5s: only a Horse sweeps it (4 still unseen")
    # A UI names the rank in its deck's words.
    words = {9: "Cavallo", 1: "Asso"}
    italian = explain(view, Move("5s"), rank_name=lambda r: words.get(r, str(r)))
    assert "only a Cavallo sweeps it (4 still unseen" in italian and "Horse" not in italian


def test_hint_refuses_a_view_without_moves():
    view = make_view("", "4c", hand_sizes=(0, 3), stock=20)
    try:
        suggest(view, iters=10)
    except ValueError as e:
        assert "not this seat's turn" in str(e)
    else:
        raise AssertionError("a view with no legal move has no hint")


def test_a_hint_of_so_many_worlds_is_never_cut_short_by_the_clock(monkeypatch):
    # A loaded machine must not change a counted hint: with ``iters`` no clock is read.
    view = make_view("2d 6s 9b", "1c 5b 8d", hand_sizes=(3, 3), stock=24)
    unhurried = suggest(view, iters=30, seed=4)
    import scopa_tui.ai.search as search

    monkeypatch.setattr(search, "perf_counter", lambda: 1e12)  # every deadline long past
    assert suggest(view, iters=30, seed=4) == unhurried


def test_a_settebello_left_where_a_7_can_take_it_is_said():
    # 7d laid on 8s 8b: no single card sweeps 23, but any of the three 7s not seen takes it
    view = make_view("8c 7d", "8s 8b", hand_sizes=(2, 2), stock=18)
    assert explain(view, Move("7d")) == "the settebello goes on the table and leaves 7d, 8s and 8b: a 7 can take it (3 still unseen)"
    # every other 7 already taken: nothing to add
    seen = make_view("8c 7d", "8s 8b", captured=["7c 7s", "7b"], hand_sizes=(2, 2), stock=15)
    assert explain(seen, Move("7d")) == "the settebello goes on the table and leaves 7d, 8s and 8b: no single card can sweep it"
    # a table the settebello is not on says nothing of it
    assert "7 takes" not in explain(view, Move("8c", ["8s"]))
    # left on the table by another play: said after what the play leaves
    there = make_view("4c 9b", "7d 1s 3b 9c", hand_sizes=(2, 2), stock=16)
    assert explain(there, Move("4c", ["1s", "3b"])) == (
        "4c takes 1s and 3b and leaves 7d and 9c: no single card can sweep it, but a 7 takes the settebello "
        "(3 still unseen)")


def test_a_settebello_a_sum_can_take_is_said_with_every_card_that_takes_it():
    # 2d laid on 1d 7d 9s: no 7 only, an 8 takes 1d + 7d and a King 1d + 2d + 7d (a 9 must
    # take 9s: a match beats a sum)
    view = make_view("2d", "1d 7d 9s", hand_sizes=(1, 3), stock=30)
    assert explain(view, Move("2d")) == (
        "2d goes on the table (nothing can be taken) and leaves 1d, 2d, 7d and 9s: no single card can sweep it, "
        "but a 7, a Jack or a King can take the settebello (11 still unseen)")
    # the settebello laid by the hint's move: the Jack that sums to it counts too
    laid = make_view("7d 9c", "1s 9b", hand_sizes=(2, 2), stock=18)
    assert explain(laid, Move("7d")) == (
        "the settebello goes on the table and leaves 1s, 7d and 9b: a 7 or a Jack can take it (7 still unseen)")
    # every Jack and King already seen: only the 7s are left to say
    seen = make_view("2d", "1d 7d 9s", captured=["8c 8s 8b 8d 10c 10s", "10b 10d"], hand_sizes=(1, 3),
                     stock=22)
    assert explain(seen, Move("2d")).endswith("but a 7 takes the settebello (3 still unseen)")


def test_the_last_card_names_who_takes_the_cards_left():
    # Laying the hand's last card: Bruno (seat 1) captured last, so what is left is his. The
    # line said "goes to the side that captured last" where the game knew it was Bruno.
    view = make_view("5s", "4b 9c", hand_sizes=(1, 0), stock=0, history=[(1, "7d", "7c", False)])
    names = ["You", "Bruno"].__getitem__
    assert explain(view, Move("5s"), seat_name=names) == \
        "5s goes on the table (nothing can be taken): last card of the hand, the 4b, 5s and 9c left on the table go to Bruno"
    # without names (a bot, a test of the engine's words) the side is still not named
    assert explain(view, Move("5s")).endswith("go to the side that captured last")
    # a capture now takes the rest: "you", names or not
    taking = make_view("4s", "4b 9c", hand_sizes=(1, 0), stock=0, history=[(1, "7d", "7c", False)])
    assert explain(taking, Move("4s", ["4b"]), seat_name=names).endswith("the 9c left on the table goes to you")


def test_the_last_card_names_a_partner_who_captured_last():
    # Four players: Carla (seat 2, the partner opposite) captured last, then Dario laid a card.
    view = make_view("5s", "4b 9c", players=4, hand_sizes=(1, 0, 0, 0), stock=0,
                     history=[(2, "7d", "7c", False), (3, "2d", "", False)])
    names = ["You", "Bruno", "Carla", "Dario"].__getitem__
    assert explain(view, Move("5s"), seat_name=names).endswith("left on the table go to Carla")
    assert explain(view, Move("5s")).endswith("left on the table go to you")  # the side's, unnamed


def test_suggest_passes_the_names_on():
    view = make_view("5s", "4b 9c", hand_sizes=(1, 0), stock=0, history=[(1, "7d", "7c", False)])
    hint = suggest(view, iters=10, seed=1, seat_name=["You", "Bruno"].__getitem__)
    assert hint.reason.endswith("go to Bruno")


# A warning of the 7 of coins: "…, but a 7 or a Jack can take the settebello (7 still unseen)"
# or, the move laying it, "…: a 7 or a Jack can take it (7 still unseen)"; of more than three
# ranks, or after the line's card that sweeps, counted: "…, but 19 unseen cards can take the velo".
WARNING = re.compile(r"(?:, but |: )((?:an? \d+(?:, | or )?)+) (?:can take (?:the velo|the settebello|it)"
                     r"|takes the settebello) \((\d+) still unseen\)$")
COUNTED = re.compile(r"(?:, but |: )(\d+) unseen cards? can take (?:the velo|the settebello|it)$")


@pytest.mark.parametrize("variant, players", [("escoba", 2), ("escoba", 4), ("scopa", 2), ("scopa-d-assi", 2)])
def test_the_7_of_coins_left_for_an_unseen_card_is_said_when_and_only_when_true(variant, players):
    # Over every legal move of played positions: a hint whose move leaves the 7 of coins
    # (Escoba's velo, Scopa's settebello) where cards nobody has seen can take it names every
    # rank of them and counts them (more than three ranks, or after the card that sweeps the
    # table, only counted); a hint says nothing of it where none can. Who takes it is asked of
    # the engine's capture rule, card by card (in Escoba a set of 15 with it).
    rules = make_rules(players=players, variant=variant)
    rule = rule_of(rules)
    said = 0
    for seed in range(3):
        game, chooser = Game(rules, seed=seed), random.Random(seed)
        game.start()
        while not game.is_over:
            if game.phase == "hand_over":
                game.next_hand()
                continue
            view = game.view(game.turn)
            table = mask_of(view.table)
            for move in view.legal:
                line = explain(view, move, rank_name=str)
                after = table ^ move.mask if move.mask else table | 1 << int(move.card)
                takers = [c for c in range(40) if view.unseen_mask >> c & 1
                          and any(cap >> SETTEBELLO & 1 for cap in card_captures(rule, c, after))]
                ranks = sorted({(c >> 2) + 1 for c in takers})
                warning, counted = WARNING.search(line), COUNTED.search(line)
                only = re.search(r": only an? (\d+) sweeps it \((\d+) still unseen", line)
                if warning or counted:
                    said += 1
                    assert after >> SETTEBELLO & 1 and not view.plays_left == 1, line
                    if warning:
                        assert [int(r) for r in re.findall(r"\d+", warning[1])] == ranks and len(ranks) <= 3, line
                        assert int(warning[2]) == len(takers) and not only, line
                    else:
                        assert int(counted[1]) == len(takers) and (len(ranks) > 3 or only), line
                    assert ("the velo" if variant == "escoba" else "the settebello") in line, line
                elif takers and view.plays_left > 1:
                    # only the card that sweeps the table takes it: the line names it (and its
                    # count), or the next player surely sweeps it
                    assert (only and [int(only[1])] == ranks and int(only[2]) == len(takers)
                            or ": the next player sweeps it with" in line), line
            game.play(chooser.choice(view.legal))
    assert said > 20  # the positions held the case
