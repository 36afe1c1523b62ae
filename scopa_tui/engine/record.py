"""Game records in JSON Lines (docs/record-format.md, ``scopa-record/1``).

Writing: every event has ``to_record()``; :func:`dumps` joins a game's events.
Reading: :func:`parse` checks every line (errors name the line), :func:`replay` plays a
parsed game again through the engine and checks that it reproduces every line.
The engine does no I/O: these functions take and return strings.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .cards import CARDS, NAMES, parse_card
from .errors import IllegalMove, RecordError, RulesError
from .events import Dealt, Played
from .game import Game
from .jsontext import TooManyDigits, json_loads
from .moves import Move
from .rules import Rules

FORMAT = "scopa-record/1"
EVENTS = ("game_start", "deal", "redeal", "play", "hand_end", "game_end")
_REQUIRED = {
    "game_start": ("format", "rules"),
    "deal": ("hand", "dealer", "table", "hands"),
    "redeal": ("hand", "table"),
    "play": ("hand", "seat", "card", "capture", "scopa"),
    "hand_end": ("hand", "leftover", "leftover_to", "sides", "totals"),
    "game_end": ("totals", "winner"),
}
# Fields docs/record-format.md requires in game_start's "rules" and in each hand_end side.
RULES_REQUIRED = ("players", "target", "sides", "primiera_chart", "redeal_three_kings", "last_play_scopa",
                  "primiera_requires_all_suits")
SIDE_REQUIRED = ("cards", "coins", "settebello", "primiera", "scope", "points")


# One compact encoder for every line (json.dumps with separators builds one per call).
_encode = json.JSONEncoder(separators=(",", ":")).encode


# Each card's name as a JSON string (``'"7d"'``), by index.
_QUOTED = tuple(f'"{name}"' for name in NAMES)


def _names(cards) -> str:
    """Card names as the inside of a JSON list: ``"7d","1c"``."""
    return ",".join([_QUOTED[c] for c in cards])


# The inside of a JSON list naming the cards of a mask, by mask: captures repeat (single
# cards, pairs adding up to a rank), so each is joined once.  Bounded: a Scopa d'Assi
# Ace takes whole tables.
_MASK_NAMES: dict[int, str] = {}
_MASK_NAMES_LIMIT = 20_000


def mask_names(mask: int) -> str:
    """:func:`_names` of the cards of ``mask``, lowest first (the order of ``card_tuple``)."""
    text = _MASK_NAMES.get(mask)
    if text is None:
        if len(_MASK_NAMES) > _MASK_NAMES_LIMIT:
            _MASK_NAMES.clear()
        text = _MASK_NAMES[mask] = _names(c for c in range(40) if mask >> c & 1)
    return text


def play_line(hand: int, seat: int, card: int, capture: str, scopa: bool) -> str:
    """A ``play`` line; ``capture`` is the inside of its list (:func:`_names`)."""
    return (f'{{"event":"play","hand":{hand},"seat":{seat},"card":"{NAMES[card]}",'
            f'"capture":[{capture}],"scopa":{"true" if scopa else "false"}}}\n')


def deal_line(hand: int, dealer: int, table: str, hands, escobas: int) -> str:
    """A ``deal`` line; ``table`` is the inside of its list, ``hands`` the cards of each seat."""
    hands_text = ",".join(["[" + _names(h) + "]" for h in hands])
    escobas_text = f',"dealer_escobas":{escobas}' if escobas else ""
    return (f'{{"event":"deal","hand":{hand},"dealer":{dealer},"table":[{table}],'
            f'"hands":[{hands_text}]{escobas_text}}}\n')


def _line(event) -> str:
    """One event as a compact JSON line.

    Plays and deals, most of a record's lines, are formatted directly: their fields are
    ints, card names and a bool, so the text is exactly what the encoder writes for
    ``to_record()`` (a test checks this), at a fraction of the cost.
    """
    kind = type(event)
    if kind is Played:
        return play_line(event.hand, event.seat, event.card, _names(event.capture), event.scopa)
    if kind is Dealt:
        return deal_line(event.hand, event.dealer, _names(event.table), event.hands, event.escobas)
    return _encode(event.to_record()) + "\n"


def dumps(game: Game) -> str:
    """The game so far as JSON Lines (one event a line, ending in a newline)."""
    return "".join([_line(e) for e in game.events])


@dataclass
class RecordGame:
    """One game of a record file: its lines as (line number, object)."""

    lines: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    @property
    def start(self) -> dict[str, Any]:
        return self.lines[0][1]

    @property
    def rules(self) -> Rules:
        return Rules.from_dict(self.start["rules"])

    @property
    def seed(self) -> int | None:
        return self.start.get("seed")

    @property
    def finished(self) -> bool:
        return self.lines[-1][1]["event"] == "game_end"


def _check_cards(no: int | None, obj: dict, key: str, hidden: bool = False) -> None:
    """``obj[key]`` names cards; ``hidden``: a ``hands`` list may hold null (a hand not shown)."""
    value = obj[key]
    cards = [value] if key == "card" else value
    if key == "hands":
        if not isinstance(value, list) or not all(isinstance(h, list) or (hidden and h is None) for h in value):
            raise RecordError(f"'hands' must be a list of lists of cards, not {value!r}", no)
        cards = [c for h in value if h is not None for c in h]
    elif key != "card" and not isinstance(value, list):
        raise RecordError(f"{key!r} must be a list of cards, not {value!r}", no)
    for c in cards:
        try:
            parse_card(c)
        except ValueError as e:
            raise RecordError(f"{key!r}: {e}", no) from None


def _check_int(no: int | None, obj: dict, key: str, nullable: bool = False, below: int | None = None,
               what: str = "") -> None:
    """A non-negative whole number (or null when ``nullable``), less than ``below`` if given."""
    value = obj[key]
    if value is None and nullable:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RecordError(f"{key!r} must be a non-negative whole number, not {value!r}", no)
    if below is not None and value >= below:
        raise RecordError(f"{key!r} is {value}, but this game's {what} are numbered 0 to {below - 1}", no)


def check_head(obj: Any, no: int | None = None) -> Rules | None:
    """One record line's form: an object, a known event, its required fields; the rules of a
    ``game_start`` line (checked), None for the other events.  Raises :class:`RecordError`."""
    if not isinstance(obj, dict):
        raise RecordError("each line must be a JSON object", no)
    ev = obj.get("event")
    if ev not in EVENTS:
        raise RecordError(f"unknown event {ev!r}: expected one of {', '.join(EVENTS)}", no)
    missing = [k for k in _REQUIRED[ev] if k not in obj]
    if missing:
        raise RecordError(f"{ev} line lacks {', '.join(repr(m) for m in missing)}", no)
    if ev != "game_start":
        return None
    if obj["format"] != FORMAT:
        raise RecordError(f"format {obj['format']!r} is not {FORMAT!r}", no)
    if not isinstance(obj["rules"], dict):
        raise RecordError("'rules' must be an object", no)
    lacking = [k for k in RULES_REQUIRED if k not in obj["rules"]]
    if lacking:
        raise RecordError(f"game_start rules lack {', '.join(repr(k) for k in lacking)}", no)
    try:
        rules = Rules.from_dict(obj["rules"])
    except (RulesError, TypeError) as e:
        raise RecordError(f"bad rules: {e}", no) from None
    return rules


def check_fields(obj: dict, players: int, sides: int, no: int | None = None, hidden: bool = False) -> None:
    """The fields of one record line (not ``game_start``) whose event and required fields
    are there: cards, seats below ``players``, sides below ``sides``.  Raises
    :class:`RecordError` (naming line ``no`` when given).  ``hidden``: a ``deal`` line as one
    seat receives it online, the other hands null (docs/online-protocol.md, *Events*).
    """
    ev = obj["event"]
    if ev in ("deal", "redeal"):
        _check_int(no, obj, "hand")
        _check_cards(no, obj, "table")
        if ev == "deal" or "dealer" in obj:  # optional on a redeal line
            _check_int(no, obj, "dealer", below=players, what="seats")
        if ev == "deal":
            _check_cards(no, obj, "hands", hidden)
    elif ev == "play":
        _check_int(no, obj, "hand")
        _check_int(no, obj, "seat", below=players, what="seats")
        _check_cards(no, obj, "card")
        _check_cards(no, obj, "capture")
        if not isinstance(obj["scopa"], bool):
            raise RecordError(f"'scopa' must be true or false, not {obj['scopa']!r}", no)
    elif ev == "hand_end":
        _check_cards(no, obj, "leftover")
        _check_int(no, obj, "leftover_to", nullable=True, below=sides, what="sides")
        _check_int(no, obj, "hand")
        if not isinstance(obj["sides"], list) or not isinstance(obj["totals"], list):
            raise RecordError("'sides' and 'totals' must be lists", no)
        for k, side in enumerate(obj["sides"]):
            if not isinstance(side, dict):
                raise RecordError(f"hand_end side {k} must be an object", no)
            lacking = [f for f in SIDE_REQUIRED if f not in side]
            if lacking:
                raise RecordError(f"hand_end side {k} lacks {', '.join(repr(f) for f in lacking)}", no)
    elif ev == "game_end":
        _check_int(no, obj, "winner", below=sides, what="sides")
        if not isinstance(obj["totals"], list):
            raise RecordError("'totals' must be a list", no)


def parse(text: str | Iterable[str]) -> list[RecordGame]:
    """Split a record file's text into games, checking each line's form.

    Raises :class:`RecordError` naming the line (1-based) and what is wrong.
    """
    return list(iter_games(text))


def iter_games(text: str | Iterable[str], first_line: int = 1) -> Iterator[RecordGame]:
    """:func:`parse`'s games one at a time, each given once its last line is read (a file of
    thousands of games need not be held as objects all at once).  ``first_line``: the
    number of the first line of ``text`` (a game's lines cut out of a file keep theirs)."""
    # Split on newlines only: str.splitlines() also breaks at characters such as U+2028
    # that JSON allows inside strings, which would shift the line numbers.
    lines = text.split("\n") if isinstance(text, str) else text
    game: RecordGame | None = None
    players = sides = 0  # of the game being read
    for no, raw in enumerate(lines, first_line):
        if not raw.strip():
            continue
        try:
            obj = json_loads(raw)
        except json.JSONDecodeError as e:
            raise RecordError(f"not valid JSON ({e.msg.removesuffix(' at')} at column {e.colno})", no) from None
        except TooManyDigits as e:
            raise RecordError(str(e), no) from None
        except RecursionError:  # e.g. "[[[[..." thousands deep: the decoder gives up
            raise RecordError("not valid JSON (nested too deeply)", no) from None
        rules = check_head(obj, no)
        ev = obj["event"]
        if rules is not None:
            players, sides = rules.players, rules.n_sides
            if game is not None:
                yield game
            game = RecordGame()
        elif game is None:
            raise RecordError(f"{ev} line before any game_start line", no)
        elif game.finished:
            raise RecordError(f"{ev} line after game_end: a new game must start with game_start", no)
        check_fields(obj, players, sides, no)
        game.lines.append((no, obj))
    if game is None:
        raise RecordError("the record holds no game (no game_start line)")
    yield game


class _RecordDecks:
    """Decks rebuilt from a record's deal lines, so that dealing reproduces them.

    The deal pattern is the variant's (docs/record-format.md "deal"): the first deal of a
    hand gives ``hand_cards`` each and then the table cards, later deals ``redeal_cards``.
    """

    def __init__(self, game: RecordGame, rules: Rules):
        self.players = rules.players
        self.variant = rules.variant_info
        self.deals: dict[int, list[tuple[int, dict]]] = {}  # hand -> its (line, redeal/deal) in order
        self.first = None
        for no, obj in game.lines:
            if obj["event"] in ("deal", "redeal"):
                self.deals.setdefault(obj["hand"], []).append((no, obj))
                if self.first is None and "dealer" in obj:
                    self.first = obj["dealer"]

    def first_dealer(self, players: int) -> int:
        return self.first if self.first is not None else 0

    def deck(self, hand: int, attempt: int) -> list[int]:
        lines = self.deals.get(hand, [])
        if attempt >= len(lines):
            raise RecordError(f"the record has no deal for hand {hand}")
        head_no, head = lines[attempt]
        table = [parse_card(c) for c in head["table"]]
        n = self.players
        v = self.variant
        dealer = head.get("dealer", 0)
        first = (dealer + 1) % n
        pops: list[int] = []
        if head["event"] == "redeal":
            rest = [c for c in range(40) if c not in table]
            pops = rest[: v.hand_cards * n] + table
            pops += [c for c in range(40) if c not in pops]
            return pops[::-1]
        if len(table) != v.table_cards:
            raise RecordError(f"the first deal of a hand of {v.title} lays {v.table_cards} cards on the table, "
                              f"not {len(table)}", head_no)
        rounds = [(head_no, head)] + [(no, x) for no, x in lines[attempt + 1:]
                                      if x["event"] == "deal" and not x["table"]]
        for i, (no, obj) in enumerate(rounds):
            hands = obj["hands"]
            size = v.hand_cards if i == 0 else v.redeal_cards
            if len(hands) != n or any(len(h) != size for h in hands):
                raise RecordError(f"a deal gives {size} cards to each of {n} players", no)
            for j in range(size):
                for k in range(n):
                    pops.append(parse_card(hands[(first + k) % n][j]))
            if i == 0:
                pops += table
            if len(set(pops)) != len(pops):
                twice = next(c for c in pops if pops.count(c) > 1)
                raise RecordError(f"{CARDS[twice]} is dealt twice in hand {hand}", no)
        pops += [c for c in range(40) if c not in set(pops)]
        return pops[::-1]


def _same(a: Any, b: Any) -> bool:
    """Record values compare equal; lists of cards compare as sets."""
    if isinstance(a, list) and isinstance(b, list):
        if all(isinstance(x, str) for x in a + b):
            return sorted(a) == sorted(b)
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return all(k not in b or _same(v, b[k]) for k, v in a.items())
    return a == b


def new_game(game_record: RecordGame, use_seed: bool = False, side_names: list[str] | None = None) -> Game:
    """The unstarted game a parsed record describes, for :func:`replay`.

    With ``use_seed`` the decks come from the record's seed (resuming a saved game: the
    seed also fixes the deals still to come); otherwise from the record's deal lines.
    """
    rules = game_record.rules
    seed = game_record.seed
    if use_seed:
        if not isinstance(seed, int):
            raise RecordError("the record has no seed to resume from", game_record.lines[0][0])
        return Game(rules, seed, side_names=side_names)
    return Game(rules, seed if isinstance(seed, int) else 0, decks=_RecordDecks(game_record, rules),
                side_names=side_names)


def replay(game_record: RecordGame, use_seed: bool = False, game: Game | None = None) -> Game:
    """Play a parsed record again and check that it reproduces every line.

    ``game`` is an unstarted game from :func:`new_game` (e.g. one a viewer already
    subscribes to); by default ``new_game(game_record, use_seed)``.  The returned game
    stands where the record ends.
    """
    if game is None:
        game = new_game(game_record, use_seed)
    produced: list[dict] = []
    game.subscribe(lambda e: produced.append(e.to_record()))
    cursor = 0

    def expect(no: int, obj: dict) -> None:
        nonlocal cursor
        if cursor >= len(produced):
            raise RecordError(f"the game does not produce this {obj['event']} line here", no)
        mine = produced[cursor]
        cursor += 1
        if mine["event"] != obj["event"]:
            raise RecordError(f"expected a {mine['event']} line here, found {obj['event']}", no)
        for key in _REQUIRED[obj["event"]]:
            if key in mine and not _same(mine[key], obj[key]):
                raise RecordError(f"{obj['event']} {key!r} is {obj[key]!r}, but the game gives {mine[key]!r}", no)

    for no, obj in game_record.lines:
        ev = obj["event"]
        try:
            if ev == "game_start":
                game.start()
            elif ev in ("deal", "redeal") and game.phase == "hand_over" and cursor == len(produced):
                game.next_hand()
            elif ev == "play":
                if game.phase != "play":
                    raise RecordError("a play when no hand is being played", no)
                if obj["seat"] != game.turn:
                    raise RecordError(f"seat {obj['seat']} plays, but it is seat {game.turn}'s turn", no)
                game.play(Move(obj["card"], obj["capture"]))
        except IllegalMove as e:
            raise RecordError(f"illegal play of {obj['card']}: {e}", no) from None
        except RecordError as e:
            if e.line is None:  # e.g. no deal in the record for this hand
                raise RecordError(str(e), no) from None
            raise
        if ev != "game_start":
            expect(no, obj)
        else:
            cursor += 1
    return game


def cut_line(text: str) -> int | None:
    """The number of the last line of a record file's ``text`` where it was cut while being
    written (a crash, a full disk): no newline ends it and it is not JSON, where a writer ends
    every line with one (docs/record-format.md, The basics); None where the text ends whole."""
    last = text.rpartition("\n")[2]
    if not last.strip():
        return None
    try:
        json_loads(last)
    except json.JSONDecodeError:
        return text.count("\n") + 1
    except (TooManyDigits, RecursionError):  # whole, if bad: said as a bad line
        pass
    return None


def load(text: str) -> list[Game]:
    """Parse and replay every game of a record file's text."""
    return [replay(g) for g in parse(text)]
