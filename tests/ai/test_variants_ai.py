"""Every AI level plays every variant of the family without an illegal move (issue 11),
and the variant-aware parts of the AIs follow the variant's own capture rule."""

from __future__ import annotations

import pytest

from scopa_tui.ai.common import sweep_rank
from scopa_tui.ai.medium import MediumPlayer, follow_up
from scopa_tui.ai.registry import FACTORIES, OPTIONS, make_player
from scopa_tui.engine import VARIANTS, Game, make_rules, mask_of, parse_cards
from scopa_tui.engine.core import ESCOBA

# Small budgets: the point is legality, not strength.
BUDGET = {"hard": "hard:worlds=4", "pimc": "pimc:worlds=4"}
LEVELS = [n for n in FACTORIES if n != "cmd"]


def spec_of(level: str) -> str:
    if level in BUDGET:
        return BUDGET[level]
    if "iters" in OPTIONS.get(level, {}):  # a search level added later: a small budget too
        return f"{level}:iters=24"
    if "time" in OPTIONS.get(level, {}):
        return f"{level}:time=0.01"
    return level


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_every_variant_legally(level, variant):
    v = VARIANTS[variant]
    for k, players in enumerate(sorted({v.default_players, v.players[-1]})):
        rules = make_rules(players=players, variant=variant, target=1, options=v.options[:2])
        game = Game(rules, seed=11 + k)
        ai = make_player(spec_of(level), seed=5)
        others = make_player("random", seed=6)
        game.start()
        while not game.is_over:
            if game.phase == "hand_over":
                game.next_hand()
            view = game.view(game.turn)
            player = ai if game.turn % 2 == 0 else others
            move = player.choose(view)
            assert move in view.legal, f"{level} played {move} in {variant}: not legal"
            game.play(move)


def test_escoba_sweep_rank_is_the_card_making_15_with_the_table():
    table = mask_of(parse_cards(["3c", "4s"]))
    assert sweep_rank(table) == 7  # Scopa: 3 + 4 = 7
    assert sweep_rank(table, ESCOBA) == 8  # Escoba: 8 + 3 + 4 = 15
    assert sweep_rank(mask_of(parse_cards(["10c", "9s"])), ESCOBA) == 0  # 19: no single card


def test_medium_counts_escoba_set_ups_not_scopa_ones():
    # Holding 8d with 5s 2c on the table: in Scopa 8d takes nothing (5 + 2 = 7); in
    # Escoba 8 + 5 + 2 = 15.  Laying 9b first must be valued by the variant's rule.
    scopa, escoba = make_rules(), make_rules(variant="escoba")
    table = mask_of(parse_cards(["5s", "2c"]))

    class View:
        hand = tuple(parse_cards(["8d", "9b"]))

    assert follow_up(View, parse_cards(["9b"])[0], table, 0) == 0.0
    assert follow_up(View, parse_cards(["9b"])[0], table, ESCOBA) > 0.0
    assert scopa.variant_info.capture == "scopa" and escoba.variant_info.capture == "escoba"


def test_medium_sees_an_assi_ace_sweep_is_no_scopa():
    from dataclasses import replace

    from ai_helpers import make_view
    from scopa_tui.ai.medium import assess
    from scopa_tui.engine import Move
    from scopa_tui.engine.core import ASSI, card_captures

    rules = make_rules(variant="scopa-d-assi")
    view = make_view("1d 7b", "3c 5s 10b", rules=rules, stock=20)
    table = mask_of(view.table)
    view = replace(view, legal=tuple(Move(c, cap) for c in view.hand for cap in card_captures(ASSI, int(c), table)))
    sweep = Move("1d", parse_cards(["3c", "5s", "10b"]))
    assert view.legal[0] == sweep
    assert not assess(view, sweep).scopa
    assert MediumPlayer(seed=1).choose(view) in view.legal


def test_the_hint_calls_an_escoba_sweep_an_escoba():
    from dataclasses import replace

    from ai_helpers import make_view
    from scopa_tui.ai.hint import explain
    from scopa_tui.engine import Move
    from scopa_tui.engine.core import card_captures

    view = make_view("3d 9b", "5s 7b", rules=make_rules(variant="escoba"), stock=20)
    table = mask_of(view.table)
    view = replace(view, legal=tuple(Move(c, cap) for c in view.hand for cap in card_captures(ESCOBA, int(c), table)))
    assert explain(view, Move("3d", parse_cards(["5s", "7b"]))).startswith("3d sweeps the table (an escoba)")


def test_the_hint_calls_escobas_7_of_coins_the_velo():
    # Escoba scores the 7 of coins as the velo (its score panel and scoring say so): a hint
    # there names it so, never the settebello of Scopa
    from dataclasses import replace

    from ai_helpers import make_view
    from scopa_tui.ai.hint import explain
    from scopa_tui.engine import Move
    from scopa_tui.engine.core import card_captures

    view = make_view("7d 2b", "8s 3c", rules=make_rules(variant="escoba"), stock=20)
    table = mask_of(view.table)
    view = replace(view, legal=tuple(Move(c, cap) for c in view.hand for cap in card_captures(ESCOBA, int(c), table)))
    assert explain(view, Move("7d", parse_cards(["8s"]))).startswith("the velo takes 8s and leaves 3c")
    sweep = make_view("6b 2b", "2s 7d", rules=make_rules(variant="escoba"), stock=20)
    line = explain(sweep, Move("6b", parse_cards(["2s", "7d"])))
    assert line == "6b sweeps the table (an escoba) and takes the velo"
    laid = make_view("7d", "5s 9c", rules=make_rules(variant="escoba"), stock=20)
    assert explain(laid, Move("7d")).startswith("the velo goes on the table")
    # Scopa's stays the settebello
    assert explain(make_view("7d 2b", "7s 3c", stock=20), Move("7d", parse_cards(["7s"]))).startswith(
        "the settebello takes 7s")


def test_the_strength_benchmark_runs_a_variant():
    from scopa_tui.ai.strength import run_matches

    (row,) = run_matches([("easy", "random", 2)], seed=3, jobs=1, variant="scopone-classico")
    assert row["games"] == 2
    assert sum(a["wins"] for a in row["ai"]) == 2


def test_easy_does_not_count_an_assi_ace_sweep_as_a_scopa():
    from dataclasses import replace

    from ai_helpers import make_view
    from scopa_tui.ai.simple import GreedyPlayer
    from scopa_tui.engine import Move
    from scopa_tui.engine.core import ASSI, card_captures

    # 1d sweeps 2c 3s (no scopa); 5b takes 2c 3s and sweeps them for a scopa.
    view = make_view("1d 5b", "2c 3s", rules=make_rules(variant="scopa-d-assi"), stock=20)
    table = mask_of(view.table)
    view = replace(view, legal=tuple(Move(c, cap) for c in view.hand for cap in card_captures(ASSI, int(c), table)))
    easy = GreedyPlayer(seed=1)
    assert easy.choose(view) == Move("5b", parse_cards(["2c", "3s"]))


def _escoba_line(hand: str, table: str, play: str, **kw) -> str:
    """The hint's line for laying ``play`` in Escoba."""
    from ai_helpers import make_view
    from scopa_tui.ai.hint import explain
    from scopa_tui.engine import Move

    return explain(make_view(hand, table, rules=make_rules(variant="escoba"), **kw), Move(play))


def _all_but(*held: str) -> str:
    """Every card of the deck but ``held`` (cards in notation, several to a string)."""
    out = {f"{r}{s}" for r in range(1, 11) for s in "dcsb"}
    for h in held:
        out -= set(h.split())
    return " ".join(sorted(out))


@pytest.mark.parametrize("lang", ["it", "fr"])
def test_the_hint_says_who_sweeps_in_escobas_words(lang):
    # Escoba's sweep is an escoba in every line of a hint, the ones on what a move leaves
    # too: Italian and French said "fa scopa", "fait scopa" there (README.md, Variants)
    from scopa_tui import languages

    languages.use(lang)
    lines = [
        _escoba_line("2d 5b", "9c 10b", "2d", stock=20),  # 2 + 9 + 10 = 21: no single card
        _escoba_line("2d 9b", "4c", "2d", stock=20, captured=["9d 9c 9s", ""]),  # no 9 unseen
        _escoba_line("2d 5b", "4c", "2d", stock=20),  # only a 9 sweeps 2 + 4
        # the next player holds the last three cards unseen, one of them a 9
        _escoba_line("2d", "4c", "2d", hand_sizes=(1, 3), captured=[_all_but("2d 4c 9d 1s 1b"), ""]),
    ]
    for line in lines:
        assert "escoba" in line and "scopa" not in line, line
    # Scopa's lines keep the scopa
    from ai_helpers import make_view
    from scopa_tui.ai.hint import explain
    from scopa_tui.engine import Move

    assert "scopa" in explain(make_view("2d 5b", "4c", stock=20), Move("2d"))


def test_the_settebello_or_the_velo_sweeping_is_named_not_said_to_take_itself():
    # the 7 of coins played sweeps: it said "7d sweeps the table (a scopa) and takes the
    # settebello", the card played taking itself
    from ai_helpers import make_view
    from scopa_tui.ai.hint import explain
    from scopa_tui.engine import Move

    assert explain(make_view("7d 2b", "3c 4s", stock=20), Move("7d", parse_cards(["3c", "4s"]))) == \
        "the settebello sweeps the table (a scopa)"
    escoba = make_view("7d 2b", "5s 3c", rules=make_rules(variant="escoba"), stock=20)
    assert explain(escoba, Move("7d", parse_cards(["5s", "3c"]))) == "the velo sweeps the table (an escoba)"


def test_the_hint_says_an_assi_ace_taking_the_table_is_no_scopa():
    # the table left empty, and no scopa said: the hint said only "the table is left empty"
    from ai_helpers import make_view
    from scopa_tui import languages
    from scopa_tui.ai.hint import explain
    from scopa_tui.engine import Move

    view = make_view("1d 7b", "3c 5s 10b", rules=make_rules(variant="scopa-d-assi"), stock=20)
    take = Move("1d", parse_cards(["3c", "5s", "10b"]))
    assert explain(view, take) == ("1d takes 3c, 5s and 10b: the table is left empty, but an Ace taking it all "
                                   "is no scopa")
    languages.use("it")
    assert explain(view, take).endswith("il tavolo resta vuoto, ma l'Asso che prende tutto non fa scopa")


def test_the_hint_says_which_unseen_cards_take_escobas_velo():
    # Escoba takes by sets of 15, not by rank: the velo on 9s is taken by a Jack (8 + 7) alone,
    # by a 4 with 9s; laid on 1c 9s, by a 7 with 1c. The hint said nothing of it.
    from dataclasses import replace

    from ai_helpers import make_view
    from scopa_tui.ai.hint import explain
    from scopa_tui.engine import Move
    from scopa_tui.engine.core import card_captures

    def escoba_view(hand, table, **kwargs):
        view = make_view(hand, table, rules=make_rules(variant="escoba"), **kwargs)
        on = mask_of(view.table)
        return replace(view, legal=tuple(Move(c, cap) for c in view.hand for cap in card_captures(ESCOBA, int(c), on)))

    view = escoba_view("4c 8b", "7d 9s", stock=20)
    assert explain(view, Move("4c")) == (
        "4c goes on the table and leaves 4c, 7d and 9s: no single card can sweep it, but a 4 or a Jack can "
        "take the velo (6 still unseen)")
    laid = escoba_view("7d 5b", "1c 9s", stock=20)
    assert explain(laid, Move("7d")) == (
        "the velo goes on the table and leaves 1c, 7d and 9s: a 7 or a Jack can take it (7 still unseen)")
    # a table one card sweeps: said after it, the cards that take the velo counted (a 5, a 6, a
    # 7 or a Jack: named, the line would not fit the prompt's four rows at 80×24)
    sweep = escoba_view("2b 3b", "7d 1c", stock=20)
    assert explain(sweep, Move("2b")).endswith(
        "leaves 1c, 2b and 7d: only a 5 sweeps it (4 still unseen, 21% the next player has one), but 15 unseen "
        "cards can take the velo")
    # every Jack and 4 seen: nothing takes it
    seen = escoba_view("4c 8b", "7d 9s", captured=["8c 8s 8d 4s 4b 4d", ""], stock=14)
    assert explain(seen, Move("4c")) == "4c goes on the table and leaves 4c, 7d and 9s: no single card can sweep it"
