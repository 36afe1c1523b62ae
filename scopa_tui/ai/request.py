"""Reading a ``move`` request on the bot side, trusting nothing (docs/bot-protocol.md).

A bot never dies and never searches for long on a request, whatever the host sends, so a
request is read in two steps before any AI sees it:

* :func:`first_legal` reads the first move of ``legal``.  When there is none (``legal``
  missing, not a list, empty, or its first entry not a move) the bot answers
  ``{"type": "error", ...}``.
* :func:`read_legal` reads all of ``legal`` (a move twice, or more moves than any position
  has, do not add up), and :func:`read_view` everything else into a
  :class:`~scopa_tui.engine.PlayerView`, checking that it adds up (types, ranges, each card
  in one place, the hands and the stock holding exactly the cards this seat cannot see).
  When it does not, the bot answers the first move of ``legal`` without searching.

Both raise :class:`RequestError` with a one-line reason, which the bot writes on its
standard error (and in the ``message`` of an ``error`` answer).
"""

from __future__ import annotations

from typing import Any

from ..engine import Move, PlayerView, PlayRecord, Rules, mask_of, parse_card
from ..engine.cards import Card

# The most legal moves a position can have, in any variant: in Escoba, three Aces against
# a table of the other 37 cards, each Ace taking any of the (at most 10,596) sets of them
# that add up to 14, or laid.  (Scopa: three 10s, 1,698 sets adding up to 10 each.)
MAX_LEGAL = 3 * (10_596 + 1)
DECK_SIZE = 40
MAX_NUMBER = 10**9  # for scores and hand numbers: far above any real game


class RequestError(ValueError):
    """A move request that cannot be used as it is; the message says why, in one line."""


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "..."


def _int(msg: dict[str, Any], key: str, low: int, high: int, default: int | None = None) -> int:
    if key not in msg and default is not None:
        return default
    value = msg.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"{key} must be a whole number, not {_short(value)}")
    if not low <= value <= high:
        raise RequestError(f"{key} {value} is outside {low}-{high}")
    return value


def _list(value: Any, what: str, length: int | None = None, most: int = DECK_SIZE) -> list[Any]:
    if not isinstance(value, list):
        raise RequestError(f"{what} must be a list, not {_short(value)}")
    if length is not None and len(value) != length:
        raise RequestError(f"{what} has {len(value)} entries instead of {length}")
    if len(value) > most:
        raise RequestError(f"{what} has {len(value)} entries; there can be at most {most}")
    return value


def _cards(value: Any, what: str) -> tuple[Card, ...]:
    cards = []
    for text in _list(value, what):
        try:
            cards.append(parse_card(text))
        except ValueError as e:
            raise RequestError(f"{what}: {e}") from None
    if len(set(cards)) != len(cards):
        raise RequestError(f"{what} names a card twice")
    return tuple(cards)


def _numbers(msg: dict[str, Any], key: str, length: int, high: int) -> tuple[int, ...]:
    values = _list(msg.get(key), key, length)
    return tuple(_int({key: v}, key, 0, high) for v in values)


def first_legal(msg: dict[str, Any]) -> Move:
    """The first move of the request's ``legal``, the answer to a request that does not add
    up.  Raises :class:`RequestError` when there is none."""
    legal = msg.get("legal")
    if not isinstance(legal, list):
        raise RequestError(f"legal must be a list of moves, not {_short(legal)}")
    if not legal:
        raise RequestError("legal is empty: there is no move to choose")
    return Move(*_card_and_capture(legal[0], "legal", "a move"))


def read_legal(msg: dict[str, Any]) -> tuple[Move, ...]:
    """The request's ``legal`` moves.  Raises :class:`RequestError` when they cannot be used."""
    first_legal(msg)  # a list with a move first
    legal = msg["legal"]
    if len(legal) > MAX_LEGAL:
        raise RequestError(f"legal lists {len(legal)} moves; no position has more than {MAX_LEGAL}")
    moves = [Move(*_card_and_capture(entry, "legal", "a move")) for entry in legal]
    if len(set(moves)) != len(moves):
        raise RequestError("legal lists the same move twice")
    return tuple(moves)


def read_view(msg: dict[str, Any], legal: tuple[Move, ...]) -> PlayerView:
    """Everything else in the request, checked to add up.  Raises :class:`RequestError`."""
    if not isinstance(msg.get("rules"), dict) or "players" not in msg["rules"]:
        raise RequestError(f"rules must be an object with players, not {_short(msg.get('rules'))}")
    try:
        rules = Rules.from_dict(msg["rules"])
    except (ValueError, TypeError) as e:  # TypeError: e.g. a list where a name belongs
        raise RequestError(f"rules: {e}") from None
    players, sides = rules.players, rules.n_sides
    seat = _int(msg, "seat", 0, players - 1)
    hand = _cards(msg.get("hand"), "hand")
    table = _cards(msg.get("table"), "table")
    captured = tuple(_cards(pile, "captured") for pile in _list(msg.get("captured"), "captured", sides))
    # A hand never holds more than the variant's first deal (3; 10 in Scopone scientifico).
    hand_sizes = _numbers(msg, "hand_sizes", players, rules.variant_info.hand_cards)
    stock = _int(msg, "stock", 0, DECK_SIZE)
    history = tuple(_play(entry, players) for entry in _list(msg.get("history", []), "history"))
    view = PlayerView(
        rules=rules, seat=seat, hand_no=_int(msg, "hand_no", 1, MAX_NUMBER, default=1),
        dealer=_int(msg, "dealer", 0, players - 1, default=0), hand=hand, table=table,
        hand_start_table=_cards(msg.get("hand_start_table", []), "hand_start_table"), history=history,
        hand_sizes=hand_sizes, stock=stock, captured=captured,
        scope=_numbers(msg, "scope", sides, DECK_SIZE), scores=_numbers(msg, "scores", sides, MAX_NUMBER),
        legal=legal,
    )
    _check_counts(view)
    return view


def _card_and_capture(entry: Any, where: str, what: str) -> tuple[Card, tuple[Card, ...]]:
    """The ``card`` and ``capture`` of a ``legal`` or ``history`` entry."""
    if not isinstance(entry, dict):
        raise RequestError(f"{where} entry {_short(entry)} is not {what} {{\"card\", \"capture\"}}")
    try:
        card = parse_card(entry.get("card"))
    except ValueError as e:
        raise RequestError(f"{where}: {e}") from None
    return card, _cards(entry.get("capture", []), f"a capture in {where}")


def _play(entry: Any, players: int) -> PlayRecord:
    card, capture = _card_and_capture(entry, "history", "a play")
    scopa = entry.get("scopa", False)
    if not isinstance(scopa, bool):
        raise RequestError(f"history: scopa must be true or false, not {_short(scopa)}")
    return PlayRecord(_int(entry, "seat", 0, players - 1), card, capture, scopa)


def _check_counts(view: PlayerView) -> None:
    """Each card in one place; the seat's hand, the hands and the stock adding up to 40."""
    if view.hand_sizes[view.seat] != len(view.hand):
        raise RequestError(f"hand_sizes gives seat {view.seat} {view.hand_sizes[view.seat]} cards "
                           f"but its hand has {len(view.hand)}")
    if not view.hand:
        raise RequestError("the hand is empty: the seat has nothing to play")
    seen = view.hand + view.table + tuple(card for pile in view.captured for card in pile)
    if len(set(seen)) != len(seen):
        raise RequestError("a card is in two places (hand, table, captured)")
    hidden = sum(view.hand_sizes) - len(view.hand) + view.stock
    if len(seen) + hidden != DECK_SIZE:
        raise RequestError(f"the cards do not add up to {DECK_SIZE}: {len(seen)} seen, {hidden} in the other "
                           f"hands and the stock")
    hand, table = mask_of(view.hand), mask_of(view.table)
    for move in view.legal:
        if not hand >> move.card & 1 or move.mask & ~table:
            raise RequestError(f"legal move {move} is not a card of the hand taking cards of the table")
