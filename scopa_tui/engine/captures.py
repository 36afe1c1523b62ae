"""Capture enumeration (README.md, Rules engine) on card masks.

``capture_masks(card, table)`` returns every legal capture of ``card`` against the
``table`` mask, as a tuple of masks; an empty tuple means the card is laid on the table.
Sum captures are cached per rank on the part of the table that can take part in a sum
(cards of lower rank), so the inner loop of a playout is a dict look-up.
"""

from __future__ import annotations

from .cards import CARDS, cards_of, mask_of
from .text import _
from .words import either

# Bits of the table below rank r (1-based): the cards that can make up a sum to r.
LOW_MASK = tuple((1 << (4 * (r - 1))) - 1 if r >= 1 else 0 for r in range(11))
# Single-card captures for each nibble of one rank: NIBBLE_BITS[nib] = bits set in nib.
NIBBLE_BITS = tuple(tuple(1 << b for b in range(4) if nib >> b & 1) for nib in range(16))

# Subsets adding up to each target (up to 14, for Escoba's 15 less an Ace), keyed by the
# part of the table searched.
_SUM_CACHE: list[dict[int, tuple[int, ...]]] = [dict() for _unused in range(15)]
_CACHE_LIMIT = 400_000


def _sum_subsets(target: int, low: int) -> tuple[int, ...]:
    """All subsets of the cards in ``low`` whose ranks add up to ``target``.

    In the order a recursive search from the lowest card lists them, which the order of
    legal moves (and so a seeded game) depends on (tests/engine/test_engine_captures_order.py):
    for each card from the lowest, the subsets with it (the card alone when its rank is
    the target, else the card with each subset of the later cards adding up to the rest,
    looked up in the cache like any sum), then those without it.  The subsets of the
    rest are small tables, mostly found in the cache: a miss costs a few look-ups.
    """
    out: tuple[int, ...] = ()
    while low:
        b = low & -low
        value = ((b.bit_length() - 1) >> 2) + 1
        if value > target:  # the cards are in rank order: none after it fits either
            break
        low ^= b
        if value == target:
            out += (b,)
            continue
        rest = target - value
        later = low & _UP_TO[rest]
        found = _SUM_CACHE[rest].get(later)
        if found is None:
            found = _fill(rest, later)
        if found:
            out += tuple([b | m for m in found])
    return out


def _fill(target: int, low: int) -> tuple[int, ...]:
    """Compute and cache the subsets of ``low`` adding up to ``target`` (a cache miss)."""
    cache = _SUM_CACHE[target]
    if len(cache) > _CACHE_LIMIT:
        cache.clear()
    found = cache[low] = _sum_subsets(target, low)
    return found


def sum_captures(rank: int, table: int) -> tuple[int, ...]:
    """Sum captures of a card of ``rank`` (assuming no table card matches it)."""
    low = table & LOW_MASK[rank]
    found = _SUM_CACHE[rank].get(low)  # the hit, inline: this is the playouts' inner loop
    return _fill(rank, low) if found is None else found


# The table cards that may take part in a sum to each target: those of rank <= target.
_UP_TO = tuple(LOW_MASK[t + 1] if t < 10 else (1 << 40) - 1 for t in range(15))


def escoba_captures(rank: int, table: int) -> tuple[int, ...]:
    """Escoba's captures of a card of ``rank``: every set of table cards that with the card
    adds up to 15 (a Jack counts 8, a Horse 9, a King 10: their rank)."""
    target = 15 - rank
    low = table & _UP_TO[target]
    found = _SUM_CACHE[target].get(low)
    return _fill(target, low) if found is None else found


def capture_masks(card: int, table: int) -> tuple[int, ...]:
    """Every legal capture of ``card`` on ``table`` (masks); ``()`` when it must be laid."""
    shift = card & ~3
    nib = (table >> shift) & 15
    if nib:
        return tuple(b << shift for b in NIBBLE_BITS[nib])
    return sum_captures((card >> 2) + 1, table)


def _plus(cards) -> str:
    return " + ".join(str(c.rank) for c in cards)


def _sum_line(cards) -> str:
    """``"3 + 5 + 7 = 15"``."""
    return f"{_plus(cards)} = {sum(x.rank for x in cards)}"


def _laid(reason: str, rank: int, card) -> str:
    """``reason``, and that the card has nothing to take, so it is laid on the table."""
    # TRANSLATORS: {reason} is a first clause saying why a capture is wrong ("a 7 cannot
    # take a 3"); {card} is the card played, e.g. "7d" (drawn as the deck's card).
    return _("{reason}; nothing adds up to {rank}, so {card} is laid on the table").format(
        reason=reason, rank=rank, card=card)


def _explain_escoba(c, capture: int, table: int) -> str | None:
    """Escoba: the card and what it takes must add up to 15; laying is always allowed."""
    if capture == 0:
        return None
    taken = [c, *cards_of(capture)]
    if sum(x.rank for x in taken) == 15:
        return None
    if not escoba_captures(c.rank, table):
        # TRANSLATORS: Escoba; {sum} is an addition such as "9 + 7 = 16", {card} e.g. "9b".
        return _("{sum}, not 15; nothing on the table makes 15 with {card}, so it is laid on the "
                 "table").format(sum=_sum_line(taken), card=c)
    # TRANSLATORS: Escoba; {sum} is an addition such as "3 + 5 = 8".
    return _("{sum}, not 15").format(sum=_sum_line(taken))


def _explain_ace(c, capture: int, table: int, no_empty_sweep: bool) -> str | None:
    """Scopa d'Assi: an Ace takes the whole table, or an Ace on it by match."""
    aces = table & 15
    if not table:
        if no_empty_sweep:
            return _("{card} may not be played on an empty table: play another card").format(card=c)
        return None if capture == 0 else _("{card} is not on the table").format(card=cards_of(capture)[0])
    if aces:
        if capture and not capture & ~aces and capture.bit_count() == 1:
            return None
        found = cards_of(aces)
        if len(found) == 1:
            return _("{card} must capture {ace}: an Ace on the table is taken by match").format(
                card=c, ace=found[0])
        return _("{card} must capture one Ace ({aces}): an Ace on the table is taken by match").format(
            card=c, aces=either(found))
    if capture == table:
        return None
    return _("{card} takes the whole table: an Ace takes everything when no Ace is on it").format(card=c)


def describe_capture(card: int, capture: int, table: int, rules=None) -> str | None:
    """What a *legal* play does, in the variant's own words, or None when there is nothing
    to say beyond Scopa's usual match or sum: ``"3 + 5 + 7 = 15"``, ``"an Ace takes the
    whole table (no scopa)"``, ``"capturing is not compulsory in Escoba: 7d is laid"``."""
    rule = rules.variant_info.capture if rules is not None else "scopa"
    c = CARDS[card]
    if rule == "escoba":
        if capture:
            return _sum_line([c, *cards_of(capture)])
        if escoba_captures(c.rank, table):
            return _("capturing is not compulsory in Escoba: {card} is laid on the table").format(card=c)
        return None
    if rule == "assi" and c.rank == 1 and capture and not capture & 15:
        return _("an Ace takes the whole table (no scopa)")
    return None


def _cannot_take(rank: int, other: int) -> str:
    """``"a 7 cannot take a 3"``: English says "an 8"; other languages need one sentence."""
    if rank == 8:
        return _("an {rank} cannot take a {other}").format(rank=rank, other=other)
    if other == 8:
        return _("a {rank} cannot take an {other}").format(rank=rank, other=other)
    return _("a {rank} cannot take a {other}").format(rank=rank, other=other)


def _wrong_sum(taken, total: int, rank: int) -> str:
    """``"3 + 5 = 8, your card is a 7"``."""
    if rank == 8:
        return _("{sum}, your card is an {rank}").format(sum=f"{_plus(taken)} = {total}", rank=rank)
    return _("{sum}, your card is a {rank}").format(sum=f"{_plus(taken)} = {total}", rank=rank)


def explain_capture(card: int, capture: int, table: int, rules=None, hand=()) -> str | None:
    """Why playing ``card`` taking ``capture`` (a mask) is illegal on ``table``, or None if legal.

    The message speaks to the player, e.g. ``"7d must capture 7b: a match beats a sum"``,
    in the player's language (the cards stay in notation: the screen draws them in the
    deck's style).  Membership of the card in the hand is checked by the caller.
    ``rules`` (Scopa when None) chooses the variant's capture rule; ``hand`` (the
    player's cards) matters only to Scopa d'Assi's ``ace-no-empty-sweep``.
    """
    c = CARDS[card]
    r = c.rank
    if capture & ~table:
        missing = cards_of(capture & ~table)
        return _("{card} is not on the table").format(card=missing[0])
    rule = rules.variant_info.capture if rules is not None else "scopa"
    if rule == "escoba":
        return _explain_escoba(c, capture, table)
    if rule == "assi" and r == 1:
        return _explain_ace(c, capture, table, rules.ace_no_empty_sweep and any(x >= 4 for x in hand))
    legal = capture_masks(card, table)
    if capture in legal or (not legal and capture == 0):
        return None
    matches = cards_of((table >> (card & ~3) & 15) << (card & ~3))
    if matches:
        if len(matches) > 1 and capture and not (capture & ~mask_of(matches)):
            # TRANSLATORS: {cards} are the cards of that rank on the table ("6c or 6s").
            return _("take just one {rank}: {cards}").format(rank=r, cards=either(matches))
        # "a match beats a sum" where the player chose a sum, or nothing where the table has
        # one; cards that make no sum of the card's rank ("1d" taking "6s"), or nothing where
        # no sum is there, are told only the match they must take
        if capture:
            no_sum = sum(t.rank for t in cards_of(capture)) != r
        else:
            no_sum = not sum_captures(r, table & ~mask_of(matches))
        if len(matches) == 1:
            return (_("{card} must capture {match}") if no_sum else
                    _("{card} must capture {match}: a match beats a sum")).format(card=c, match=matches[0])
        return (_("{card} must capture one {rank} ({cards})") if no_sum else
                _("{card} must capture one {rank} ({cards}): a match beats a sum")).format(
            card=c, rank=r, cards=either(matches))
    # No match on the table.
    if capture == 0:
        example = cards_of(legal[0])
        # TRANSLATORS: {sum} is an addition on the table, e.g. "3 + 4 = 7".
        return _("you must capture: {sum} is on the table").format(sum=f"{_plus(example)} = {r}")
    taken = cards_of(capture)
    total = sum(t.rank for t in taken)
    if len(taken) == 1:
        reason = _cannot_take(r, taken[0].rank)
    elif total != r:
        reason = _wrong_sum(taken, total, r)
    else:  # right total but not legal: cannot happen, kept for safety
        reason = _("{cards} cannot be taken").format(cards=_plus(taken))
    if not legal:
        reason = _laid(reason, r, c)
    return reason
