"""With partners ``hard`` searches the end of a hand by information-set MCTS (ai/hard.py
``late``): the last two deals of 4 players, the last deal of 6."""

from __future__ import annotations

from scopa_tui.ai.hard import LATE_MCTS, LATE_PLAYS, HardPlayer
from scopa_tui.engine import Move

from ai_helpers import make_view


def last_deal():
    """Scopa for 4, the last deal half played (a position from a reviewer's game, 5 to 3,
    the other side one scopa up): seat 0 holds 5d 10c, 4c 6c 8b lie on the table, and the
    unseen 1b 2c 2s 7c 9b 10d are in the three other hands, two each.  The King takes 4 + 6
    before the 10d can; the 5 of coins laid would offer 4 + 5 to the 9b."""
    return make_view("5d 10c", "4c 6c 8b", players=4, hand_sizes=(2, 2, 2, 2), stock=0,
                     captured=["1d 1c 2d 2b 3b 4s 6d 7s 7b 8d 9s 10b",
                               "1s 3d 3c 3s 4d 4b 5c 5s 5b 6s 6b 7d 8c 8s 9d 9c 10s"],
                     history=[(0, "4c", "", False), (1, "6c", "", False), (2, "8b", "", False),
                              (3, "9d", "9c", False)],
                     hand_start_table="9c", scores=(5, 3), scope=(0, 1))


def test_the_last_deal_of_four_players_is_searched_by_ismcts():
    view = last_deal()
    assert view.plays_left <= LATE_PLAYS[4]
    player = HardPlayer(1)
    player.evaluate(view)
    assert player.last_stats["worlds"] == LATE_MCTS  # iterations of the tree search
    off = HardPlayer(1, late=0)
    off.evaluate(view)
    assert off.last_stats["worlds"] == 16  # alpha-beta over 4 players' worlds


def test_the_second_deal_of_four_players_is_searched_by_ismcts_and_the_first_is_not():
    # Four players: three deals of 12 plays a hand.  The second (a stock of 12 still to deal)
    # is searched by the tree too; the first keeps alpha-beta over 16 worlds.
    second = make_view("2c 7b 2d", "3b 5d", players=4, hand_sizes=(3, 3, 3, 3), stock=12)
    assert second.plays_left == 24 <= LATE_PLAYS[4]
    player = HardPlayer(1)
    player.evaluate(second)
    assert player.last_stats["worlds"] == LATE_MCTS
    first = make_view("2c 7b 2d", "3b 5d 9s 4c", players=4, hand_sizes=(3, 3, 3, 3), stock=24)
    assert first.plays_left == 36 > LATE_PLAYS[4]
    player.evaluate(first)
    assert player.last_stats["worlds"] == 16


def test_two_players_keep_the_alpha_beta():
    player = HardPlayer(1)
    two = make_view("2c 7b 2d", "3b 5d", hand_sizes=(3, 3), stock=28)
    player.evaluate(two)
    assert player.last_stats["worlds"] == 40


def test_the_last_deal_takes_four_and_six_with_the_king_before_the_other_king_does():
    # Alpha-beta over worlds in which every seat sees every hand laid the 5d in half of
    # these seeds; the tree of information sets takes, every time.
    take = Move("10c", ("4c", "6c"))
    assert [HardPlayer(seed).choose(last_deal()) for seed in range(1, 9)] == [take] * 8


def test_the_last_deal_of_six_players_is_searched_by_ismcts_and_the_first_is_not():
    # Six players: two deals of 18 plays a hand.  The second is the last deal (no stock);
    # a position of a game of hard with pimc.
    last = make_view("5b 2b 10s", "4c 6b 9c", seat=3, players=6, hand_sizes=(2, 2, 2, 3, 3, 2), stock=0,
                     captured=["1d 1s 3d 3c 4b 5d 7c 8d 9d 9b", "2c 2s 5c 5s 6d 6s 7d 7b", "1b 7s 8c 8s 8b"],
                     history=[(1, "2s", "2c", False), (2, "7d", "", False), (3, "4c", "", False),
                              (4, "3c", "", False), (5, "8c", "8b", False), (0, "8d", "3c 5d", False),
                              (1, "7b", "7d", False), (2, "9c", "", False)])
    assert last.plays_left == 14 <= LATE_PLAYS[6]
    player = HardPlayer(1)
    player.evaluate(last)
    assert player.last_stats["worlds"] == LATE_MCTS
    first = make_view("5b 2b 10s", "4c 6b 9c 1d", players=6, hand_sizes=(3,) * 6, stock=18)
    assert first.plays_left == 36 > LATE_PLAYS[6]
    player.evaluate(first)
    assert player.last_stats["worlds"] == 10  # alpha-beta over 6 players' worlds
