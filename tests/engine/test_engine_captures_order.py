"""Sum captures come in the order of a plain recursive search: the order of the legal
moves, and so every seeded game and record, depends on it."""

from __future__ import annotations

import random

from scopa_tui.engine import captures


def recursive_subsets(target: int, low: int) -> tuple[int, ...]:
    """The reference: try each card from the lowest, then the cards after it."""
    cards = [i for i in range(40) if low >> i & 1]
    out: list[int] = []

    def search(start: int, remaining: int, acc: int) -> None:
        for j in range(start, len(cards)):
            value = (cards[j] >> 2) + 1
            if value > remaining:
                break
            if value == remaining:
                out.append(acc | 1 << cards[j])
            else:
                search(j + 1, remaining - value, acc | 1 << cards[j])

    search(0, target, 0)
    return tuple(out)


def test_sum_subsets_match_the_recursive_search_in_order():
    rng = random.Random(5)
    found = 0
    for _ in range(4000):
        target = rng.randrange(2, 15)
        low = sum(1 << c for c in rng.sample(range(40), rng.randrange(0, 12)))
        got = captures._sum_subsets(target, low)
        assert got == recursive_subsets(target, low), (target, low)
        found += len(got) > 1
    assert found > 500  # many positions with several captures, whose order counts
