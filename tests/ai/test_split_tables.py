"""The hard AI's "most of" tables (ai/evaluation.py), built at import with summed binomials,
hold the same values as counting every split of the cards still out one by one."""

from __future__ import annotations

from math import comb

import pytest

from scopa_tui.ai import evaluation


def _counted(total: int) -> list[list[float]]:
    out = []
    for left in range(total + 1):
        row = []
        for lead in range(-total, total + 1):
            win = sum(comb(left, x) for x in range(left + 1) if lead + 2 * x - left > 0)
            lose = sum(comb(left, x) for x in range(left + 1) if lead + 2 * x - left < 0)
            row.append((win - lose) / 2 ** left)
        out.append(row)
    return out


@pytest.mark.parametrize("total", [0, 1, 2, 3, 4, 7, 10])
def test_the_split_table_matches_counting_every_split(total):
    assert evaluation._split_table(total) == _counted(total)


def test_the_tables_the_evaluation_reads_match_counting_every_split():
    assert evaluation._CARDS_SPLIT == _counted(40)
    assert evaluation._COINS_SPLIT == _counted(10)
    assert evaluation._SEVENS_SPLIT == _counted(4)
    assert evaluation._CARDS_SPLIT[0][40] == 0.0 and evaluation._CARDS_SPLIT[2][41] == 0.5  # lose 1 way of 4, win 3
