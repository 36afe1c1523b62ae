"""The ``scopa-net/1`` message schema (docs/online-protocol.md): types, limits, error codes.

Every message a client sends is read here, trusting nothing: :func:`parse_client` turns
one WebSocket text frame into a checked, normalised dict, or raises :class:`NetError`
with an error code and one line saying why.  A refused message changes nothing.

Client and server both import the constants (limits, codes, the protocol name), so the
numbers in the documentation, the server and the clients are the same numbers.  No I/O
here and no Textual.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import math
import time
import unicodedata
from typing import Any

import orjson

from ..engine import PRESETS, RulesError, make_rules, parse_card
from ..engine.jsontext import TooManyDigits, json_loads
from ..engine.rules import PLAYER_COUNTS, TARGET_MAX
from ..engine.variants import VARIANTS
from ..engine.words import clean_text, shows_something
from .address import url_host

PROTOCOL = "scopa-net/1"
DEFAULT_PORT = 7654
DEFAULT_URL = f"ws://127.0.0.1:{DEFAULT_PORT}/"


def two_addresses(url: str) -> bool:
    """True for an address with a second one after it ("ws://a:7654/ws://b:7654/", typed
    after what a box held): its path would be ignored, and the player left at the first."""
    return "://" in url.partition("://")[2]


_DEFAULT_PORTS = {"ws": 80, "wss": 443}


def server_key(url: str) -> str:
    """A server's address as the seats kept at its tables are keyed by it (README.md, *Play
    online*), the app's and the headless seats' alike: the scheme and the host in lower
    case, without the scheme's own port and a host name's closing dot, an IPv6 address in
    its shortest form, the path "/" where none is given, so that ``ws://h:8810``,
    ``ws://h:8810/``, ``WS://H.:8810/`` are one server, and ``ws://[0:0:0:0:0:0:0:1]`` and
    ``ws://[::1]`` another.  An address it
    cannot read stays as it is (stripped)."""
    from urllib.parse import urlsplit, urlunsplit

    url = url.strip()
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:  # a port that is no number, a bracket not closed
        return url
    scheme, host = parts.scheme.lower(), parts.hostname
    if host and ":" not in host:
        host = host.removesuffix(".")  # h. is h: a name's root, typed or not
    if not host or "@" in parts.netloc:
        return url
    if ":" in host:  # an IPv6 address as it is written shortest ([0:0:0:0:0:0:0:1] is [::1])
        with contextlib.suppress(ValueError):
            host = ipaddress.ip_address(host).compressed
        host = url_host(host)
    netloc = host if port in (None, _DEFAULT_PORTS.get(scheme)) else f"{host}:{port}"
    return urlunsplit((scheme, netloc, parts.path or "/", parts.query, parts.fragment))


def kept_seat_key(key: str) -> str:
    """A kept seat's settings key ("SERVER CODE", a headless seat's "SERVER CODE NAME") with
    its server as :func:`server_key` has it: the keys of earlier versions have the address
    as it was typed."""
    server, space, rest = key.partition(" ")
    return server_key(server) + space + rest


SEATS_KEPT = 20  # the newest seats kept in the settings (the app's, the headless seats'); older ones are forgotten


def kept_token(seats: dict[str, str], key: str) -> str | None:
    """The token kept in ``seats`` (the settings' ``online_seats`` or ``headless_seats``)
    under ``key``, its server as :func:`server_key` has it; a key of an earlier version (the
    server as typed) is found too, the newest kept first."""
    tokens = [v for k, v in seats.items() if kept_seat_key(k) == key]
    return tokens[-1] if tokens and is_seat_token(tokens[-1]) else None


def with_kept(seats: dict[str, str], key: str, token: str | None) -> dict[str, str]:
    """``seats`` with ``token`` kept under ``key`` (None: the seat forgotten), the key's
    earlier spellings gone, the newest :data:`SEATS_KEPT` only."""
    kept = {k: v for k, v in seats.items() if kept_seat_key(k) != key}
    if token is not None:
        kept[key] = token
    return dict(list(kept.items())[-SEATS_KEPT:])

# --- limits (docs/online-protocol.md, "Limits") ---------------------------------------
MAX_MESSAGE = 16 * 1024  # bytes of one client frame; a longer one gets ``too_big``
MAX_FRAME = 64 * 1024  # a frame longer than this closes the connection (WebSocket 1009)
RATE = 20.0  # messages per second per connection, on average ...
BURST = 40  # ... with bursts of this many; more gets ``rate_limited``
IDLE_TIMEOUT = 120.0  # seconds a connection without a seat may stay silent
# Seconds a connection may take over its TLS handshake (with --certfile): until it is done
# the connection is not yet counted against its address (docs/online-protocol.md), so a
# client that never ends it is cut after this, not after asyncio's 60 s.
TLS_HANDSHAKE_TIMEOUT = 10.0
NAME_MAX = 24  # characters of a player's name
TITLE_MAX = 40  # characters of a table's title
CHAT_MAX = 200  # characters of a chat line
# Chat lines per connection, within RATE: each one is a line and a notice on every screen
# at the table, so a flood would bury the game under them.
CHAT_RATE = 1.0  # lines per second on average ...
CHAT_BURST = 5  # ... with bursts of this many; more gets ``rate_limited``
# A seat taken (``join``, ``resume``), per seat of a table: each taking is a line and a notice on
# every screen at the table ("Anna is back", after "Anna lost the connection"), so a client that
# took its seat and dropped it again and again buried the game under them.
SEAT_RATE = 0.2  # takings per second on average (one every 5 s) ...
SEAT_BURST = 5  # ... with bursts of this many; more gets ``rate_limited``
# Chat lines a table keeps of its game (the newest), for a ``state``'s ``chat``: a player who
# comes back sees them in the log again, in order with the plays.
CHAT_KEPT = 100
CODE_LENGTH = 8
# Table codes: no 0/O, 1/I/L, so a code read aloud or copied by hand is not mistaken.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
# Per remote address (0: no limit), so one machine cannot take the whole server:
ADDRESS_CONNECTIONS = 20  # open connections at once; one more is told ``too_many`` and closed
# Tables created from it that have not started, or that play on with no person connected
# (everyone left: a start must not free the place of a table nobody plays); one more
# ``create`` gets ``too_many``.
ADDRESS_WAITING = 10
TOKEN_MAX = 64  # characters of a seat token (the server makes 32)
# The characters of a seat token (``secrets.token_urlsafe``): anything else holds no seat.
TOKEN_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
TURN_LIMIT_DEFAULT = 60.0
TURN_LIMIT_MIN, TURN_LIMIT_MAX = 1.0, 600.0
OPTIONS_MAX = 10  # house rules named in one create (there are fewer)
AI_LEVELS = ("easy", "medium", "hard", "random")  # the AIs a table may seat (no commands)
AI_NAME = "AI {seat}"  # the name of a seat the AI plays from the start (seat counted from 1)

# --- error codes --------------------------------------------------------------------
ERROR_CODES = (
    "bad_json",  # the frame is not a JSON object
    "too_big",  # the frame is longer than MAX_MESSAGE
    "rate_limited",  # more than BURST messages at once (RATE per second on average)
    "bad_message",  # unknown type, a missing field, a field of the wrong type or range
    "bad_name",  # the name is empty, too long, or holds [ or ]
    "name_taken",  # a player at the table (or one of its AI seats, "AI 2") has that name
    "no_such_table",  # no table has this code
    "table_full",  # every seat of the table is taken
    "bad_token",  # the seat token does not belong to this table
    "replaced",  # the seat was taken up by another connection (a resume): this one is let go
    "not_creator",  # only the table's creator may start it
    "wrong_state",  # not now: no hello yet, no seat, the game over, already seated ...
    "not_your_turn",  # a play when another seat is to play
    "illegal_move",  # a play the rules refuse (the message says why)
    "protocol",  # the hello names another protocol
    "too_many",  # a per-address limit: too many connections, or waiting tables, from one address
    "no_rematch",  # a rematch asked for when there is none to have: the game not over, another game, closed
    "internal",  # the server failed on the message (a bug, logged on the server); nothing changed
)

CLIENT_TYPES = ("hello", "lobby", "create", "join", "resume", "start", "play", "ready", "chat",
                "leave", "ping", "rematch", "games", "state")
SERVER_TYPES = ("welcome", "lobby", "joined", "state", "event", "turn", "seat", "chat", "error",
                "pong", "table", "games")


def game_record_id(code: str, number: int = 1, when: float | None = None) -> str:
    """The history's id of a table's finished game (the server's and each player's app's):
    its time (``when``, or now) and table code, and from the table's second game on (a
    rematch) its number, so that two games of one table never share an id (the history
    keeps one game an id)."""
    return time.strftime("%Y%m%d-%H%M%S", time.localtime(when)) + game_record_key(code, number)


def game_record_key(code: str, number: int = 1) -> str:
    """The end of :func:`game_record_id`, the same whenever the game is filed: ``-online-CODE``
    (``-online-CODE-2`` ...)."""
    return "-online-" + code + (f"-{number}" if number > 1 else "")


class NetError(Exception):
    """A refused message: ``code`` (one of :data:`ERROR_CODES`) and a one-line ``message``."""

    def __init__(self, code: str, message: str, ref: str | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.ref = ref

    def to_message(self) -> dict[str, Any]:
        """The ``error`` message that tells the client."""
        return error_message(self.code, self.message, self.ref)


def error_message(code: str, message: str, ref: str | None = None) -> dict[str, Any]:
    msg: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ref is not None:
        msg["ref"] = ref
    return msg


# --- text fields --------------------------------------------------------------------
# Names, titles and chat are cleaned by clean_text (engine/words.py): no control or format
# characters, white space made single spaces.


def plain_text(value: Any, what: str, most: int, code: str = "bad_message", allow_empty: bool = False) -> str:
    """A plain-text field: cleaned, 1..``most`` characters, no square brackets.

    Square brackets are refused, not escaped: text from the server never holds one, so
    no client can mistake a name or a chat line for Rich markup (docs/online-protocol.md,
    "Plain text").
    """
    if not isinstance(value, str):
        raise NetError(code, f"{what} must be a string, not {_kind(value)}")
    if len(value) > 4 * most:  # far too long before cleaning: do not even look at it
        raise NetError(code, f"{what} is {len(value)} characters long (at most {most})")
    text = clean_text(value)
    if not shows_something(text) and not allow_empty:  # nothing, or nothing to see ("\u3164")
        raise NetError(code, f"{what} is empty")
    if len(text) > most:
        raise NetError(code, f"{what} is {len(text)} characters long (at most {most})")
    if "[" in text or "]" in text:
        raise NetError(code, f"{what} may not contain [ or ]")
    return text


# Cyrillic and Greek letters that look like Latin ones in capitals or in small letters (their
# small letters, as casefold leaves them): "Аnna" with a Cyrillic А is "Anna" to the eye. The
# joiner and the variation selectors of an emoji go: a terminal that draws 👩‍👧 as 👩👧, or 🏳️
# as 🏳, shows the two names alike.
_LOOKALIKES = str.maketrans(
    "авеіјкмнорстухѕһԁԛԝӏүѵ" "αβεζηικμνορτυχϲϳ",
    "abeijkmhopctyxshdqwlyv" "abezhikmnoptyxcj",
    "\u200d\ufe0e\ufe0f")


def same_name(name: str) -> str:
    """A name as two names that read alike compare: letter case aside, in Unicode's
    compatibility form, so that the full-width "ＡＩ 2" or "Ａｎｎａ" is "AI 2" or "Anna", and
    the Cyrillic or Greek letters that look like Latin ones read as those ("Аnna", "Αnna")."""
    return unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name).casefold()).translate(_LOOKALIKES)


def check_name(value: Any) -> str:
    """A player's name as the server keeps and shows it; :class:`NetError` ``bad_name`` if unusable.

    Its accented letters are one character each where Unicode has one (NFC): "Rene\\u0301e",
    as some keyboards and systems write it, is the "Renée" of 5 characters that it shows,
    counted so against :data:`NAME_MAX` (docs/online-protocol.md, Limits)."""
    if isinstance(value, str):
        value = unicodedata.normalize("NFC", value)
    return plain_text(value, "the name", NAME_MAX, code="bad_name")


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, float) and value != value:  # NaN: JSON has it not, Python's parser takes it
        return "NaN"
    return {int: "a number", float: "a number", str: "a string", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)


def _shown(value: Any, width: int = 30) -> str:
    """A value as a message of the server names it: a string quoted (cut to ``width``), a
    number as written, else its JSON kind (null, true or false, a list), never Python's."""
    if isinstance(value, str):
        return repr(value[:width])
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value == value:
        return f"{value:g}" if isinstance(value, float) else str(value)[:width]
    return _kind(value)


def _int(msg: dict, key: str, low: int, high: int, default: int | None = None) -> int:
    value = msg.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise NetError("bad_message", f"{key} must be a whole number, not {_kind(value)}")
    if not low <= value <= high:
        raise NetError("bad_message", f"{key} must be from {low} to {high}, not {value}")
    return value


def _number(msg: dict, key: str, low: float, high: float, default: float) -> float:
    value = msg.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise NetError("bad_message", f"{key} must be a number, not {_kind(value)}")
    if not low <= value <= high:
        raise NetError("bad_message", f"{key} must be from {low:g} to {high:g}, not {value:g}")
    return float(value)


def _bool(msg: dict, key: str, default: bool) -> bool:
    value = msg.get(key, default)
    if not isinstance(value, bool):
        raise NetError("bad_message", f"{key} must be true or false, not {_kind(value)}")
    return value


def _code(msg: dict) -> str:
    value = msg.get("code")
    if not isinstance(value, str):
        raise NetError("bad_message", f"code must be a table code such as 'K7XQ93PA', not {_kind(value)}")
    # A code far too long is no table's either (a person typed or pasted it: no_such_table
    # says so in their words, bad_message said the request was not one the server accepts).
    code = value[:4 * CODE_LENGTH].strip().upper()
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        raise NetError("no_such_table", f"there is no table {code[:CODE_LENGTH * 2]!r}")
    return code


def _level(value: Any) -> str:
    if not isinstance(value, str) or value.strip().lower() not in AI_LEVELS:
        shown = repr(value[:20]) if isinstance(value, str) else _kind(value)
        raise NetError("bad_message", f"ai must be one of {', '.join(AI_LEVELS)}, not {shown}")
    return value.strip().lower()


# --- one reader per client message type -----------------------------------------------
def _hello(msg: dict) -> dict:
    protocol = msg.get("protocol")
    if protocol != PROTOCOL:
        shown = repr(protocol[:30]) if isinstance(protocol, str) else _kind(protocol)
        raise NetError("protocol", f"this server speaks {PROTOCOL}, not {shown}")
    return {"type": "hello", "protocol": PROTOCOL, "name": check_name(msg.get("name"))}


def _create(msg: dict) -> dict:
    variant = msg.get("variant", "scopa")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise NetError("bad_message", f"variant must be one of {', '.join(VARIANTS)}, not {_shown(variant)}")
    options = msg.get("options", [])
    if (not isinstance(options, list) or len(options) > OPTIONS_MAX
            or not all(isinstance(o, str) and len(o) <= 40 for o in options)):
        raise NetError("bad_message", "options must be a list of house rules such as 're-bello'")
    players = msg.get("players", VARIANTS[variant].default_players)
    if type(players) is not int or players not in PLAYER_COUNTS:  # not 2.0, not true
        raise NetError("bad_message", f"players must be 2, 3, 4 or 6, not {_shown(players, 20)}")
    preset = msg.get("preset", "standard")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise NetError("bad_message", f"preset must be one of {', '.join(PRESETS)}, not {_shown(preset)}")
    target = None if msg.get("target") is None else _int(msg, "target", 1, TARGET_MAX)
    try:  # the engine's own checks: the players a variant allows, the options it plays
        rules = make_rules(preset, players=players, target=target, variant=variant, options=options)
    except RulesError as e:
        raise NetError("bad_message", str(e)) from None
    ai = msg.get("ai", "medium")
    if isinstance(ai, list):
        if len(ai) != players:
            raise NetError("bad_message", f"ai lists {len(ai)} levels for {players} seats")
        levels = [_level(a) for a in ai]
    else:
        levels = [_level(ai)] * players
    title = msg.get("title")
    return {"type": "create", "players": players, "preset": preset, "target": rules.target,
            "variant": rules.variant, "options": list(rules.options), "ai": levels,
            "turn_limit": _number(msg, "turn_limit", TURN_LIMIT_MIN, TURN_LIMIT_MAX, TURN_LIMIT_DEFAULT),
            "public": _bool(msg, "public", True),
            "title": None if title is None else plain_text(title, "the title", TITLE_MAX)}


def _join(msg: dict) -> dict:
    return {"type": "join", "code": _code(msg)}


def is_table_code(value: Any) -> bool:
    """A table's code as the server makes them: ``CODE_LENGTH`` characters of ``CODE_ALPHABET``."""
    return isinstance(value, str) and len(value) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in value)


def is_seat_token(value: Any) -> bool:
    """A seat token as ``resume`` takes it: at most ``TOKEN_MAX`` characters of ``TOKEN_ALPHABET``."""
    return isinstance(value, str) and 0 < len(value) <= TOKEN_MAX and TOKEN_ALPHABET.issuperset(value)


def _token(msg: dict) -> str:
    token = msg.get("token")
    if not is_seat_token(token):
        raise NetError("bad_token", "the seat token must be the string the server gave")
    return token


def _resume(msg: dict) -> dict:
    return {"type": "resume", "code": _code(msg), "token": _token(msg)}


def _games(msg: dict) -> dict:
    return {"type": "games", "code": _code(msg), "token": _token(msg)}


def _play(msg: dict) -> dict:
    card, capture = msg.get("card"), msg.get("capture", [])
    if not isinstance(card, str) or len(card) > 4:
        raise NetError("bad_message", f"card must be a card such as '7d', not {_kind(card)}")
    if (not isinstance(capture, list) or len(capture) > 39
            or not all(isinstance(c, str) and len(c) <= 4 for c in capture)):
        raise NetError("bad_message", "capture must be a list of at most 39 cards such as '3c'")
    try:
        parsed = parse_card(card)
        taken = [parse_card(c) for c in capture]
    except ValueError as e:
        raise NetError("bad_message", str(e)) from None
    if len(set(taken)) != len(taken):
        raise NetError("bad_message", "capture names a card twice")
    return {"type": "play", "card": str(parsed), "capture": [str(c) for c in taken]}


def _ready(msg: dict) -> dict:
    return {"type": "ready", "hand": _int(msg, "hand", 1, 10**6)}


def _chat(msg: dict) -> dict:
    return {"type": "chat", "text": plain_text(msg.get("text"), "the chat text", CHAT_MAX)}


def _rematch(msg: dict) -> dict:
    # The number of the game that ended (the table info's ``game``), as ``ready`` names its hand:
    # a rematch asked twice, or late, is not taken for the next game's.
    return {"type": "rematch", "game": _int(msg, "game", 1, 10**6)}


_READERS = {
    "hello": _hello, "create": _create, "join": _join, "resume": _resume, "play": _play,
    "ready": _ready, "chat": _chat, "rematch": _rematch, "games": _games,
    **{t: (lambda msg, t=t: {"type": t}) for t in ("lobby", "start", "leave", "ping", "state")},
}


def parse_client(frame: str | bytes) -> dict[str, Any]:
    """One client frame as a checked message dict (fields normalised, unknown fields dropped).

    Raises :class:`NetError`: ``too_big``, ``bad_json``, ``bad_message`` (unknown type,
    bad fields), ``bad_name``, ``protocol``, ``no_such_table`` (a code that cannot exist),
    ``bad_token``.  The state a message is legal in is the server's to check.
    """
    if isinstance(frame, bytes):  # binary frames are refused: the protocol is text
        raise NetError("bad_json", "send JSON text frames, not binary ones")
    if len(frame) > MAX_MESSAGE or len(frame.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise NetError("too_big", f"a message may be at most {MAX_MESSAGE} bytes")
    try:
        msg = json_loads(frame)
    except TooManyDigits as e:  # JSON, but a number no message needs ("not a JSON object" said so)
        raise NetError("bad_json", str(e)) from None
    except (ValueError, RecursionError):
        raise NetError("bad_json", "not a JSON object") from None
    if not isinstance(msg, dict):
        raise NetError("bad_json", "not a JSON object")
    kind = msg.get("type")
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        shown = repr(kind[:20]) if isinstance(kind, str) else _kind(kind)
        raise NetError("bad_message", f"unknown message type {shown}")
    try:
        return reader(msg)
    except NetError as e:
        e.ref = kind
        raise


# --- the client's side -----------------------------------------------------------------
def frame(msg: dict[str, Any]) -> bytes:
    """A message as the UTF-8 bytes of one compact JSON text frame.

    orjson writes the same text as ``json.dumps(msg, separators=(",", ":"),
    ensure_ascii=False)``, several times faster: the server encodes a few messages for
    every play at every table.
    """
    return orjson.dumps(msg)


def encode(msg: dict[str, Any]) -> str:
    """A message as one compact JSON text frame."""
    return orjson.dumps(msg).decode()


# What a client takes from the server is checked too (``ValueError``, one line), so a
# broken server, or one that is not scopa-tui's, cannot crash it (docs/online-protocol.md).
def check_seat(value: Any, players: int, what: str = "seat") -> int:
    """A seat number the table has; ``ValueError`` (one line) otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise ValueError(f"{what} {value!r:.20} is not one of the {players} seats")
    return value


def check_points(value: Any, sides: int, what: str = "totals") -> list[int]:
    """Each side's points: a list of ``sides`` whole numbers."""
    if (not isinstance(value, list) or len(value) != sides
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise ValueError(f"{what} is not a list of {sides} whole numbers")
    return value


def check_seconds(value: Any) -> float | None:
    """A ``deadline``: null or a number of seconds (at most a day)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise ValueError(f"deadline {value!r:.20} is not a number of seconds")
    return min(float(value), 86400.0)


def check_table_info(value: Any, players: int | None = None) -> dict[str, Any]:
    """A table info the screen can draw: ``players`` (the game's number, when known) and one
    object per seat."""
    if not isinstance(value, dict):
        raise ValueError("the table info is not an object")
    count = value.get("players")
    if isinstance(count, bool) or count not in PLAYER_COUNTS or players not in (None, count):
        raise ValueError(f"the table info says {count!r:.20} players")
    seats = value.get("seats")
    if not isinstance(seats, list) or len(seats) != count or not all(isinstance(s, dict) for s in seats):
        raise ValueError(f"the table info does not list {count} seats")
    return value


# A lobby entry's fields and their types (docs/online-protocol.md, "Server → client").
_LOBBY_FIELDS = {"title": str, "preset": str, "variant": str, "players": int, "seats_free": int, "target": int,
                 "turn_limit": (int, float), "started": bool}


def check_lobby(msg: dict[str, Any]) -> list[dict[str, Any]]:
    """The open tables of a ``lobby`` message: each an object with a ``code``, its other
    fields kept where they have their type (a list of strings for ``options``)."""
    tables = msg.get("tables")
    if not isinstance(tables, list):
        raise ValueError("the lobby's tables are not a list")
    out = []
    for n, table in enumerate(tables, 1):
        if not isinstance(table, dict) or not isinstance(table.get("code"), str):
            raise ValueError(f"the lobby's entry {n} is not a table with a code")
        kept: dict[str, Any] = {"code": table["code"]}
        for key, kind in _LOBBY_FIELDS.items():
            value = table.get(key)
            if (isinstance(value, kind) and isinstance(value, bool) == (kind is bool)
                    and (not isinstance(value, float) or math.isfinite(value))):
                kept[key] = value
        options = table.get("options")
        kept["options"] = [o for o in options if isinstance(o, str)] if isinstance(options, list) else []
        out.append(kept)
    return out


def check_games(msg: dict[str, Any]) -> tuple[int | None, list[dict[str, Any]]]:
    """A ``games`` message: the seat the token holds now (None: none) and the finished games,
    each with its ``game`` number, ``seat``, ``finished`` time, ``table`` info and ``events``
    (the record lines, checked when filed); ``ValueError`` (one line) otherwise."""
    games = msg.get("games")
    if not isinstance(games, list):
        raise ValueError("the games are not a list")
    seat = msg.get("seat")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
        raise ValueError(f"the seat {seat!r:.20} is not a seat number")
    for n, game in enumerate(games, 1):
        if not isinstance(game, dict):
            raise ValueError(f"game {n} is not an object")
        info = check_table_info(game.get("table"))
        check_seat(game.get("seat"), info["players"])
        number, finished, events = game.get("game"), game.get("finished"), game.get("events")
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise ValueError(f"game {n} has no game number")
        if isinstance(finished, bool) or not isinstance(finished, (int, float)) or not math.isfinite(finished):
            raise ValueError(f"game {n} has no time it ended")
        if not isinstance(events, list) or not all(isinstance(e, dict) and isinstance(e.get("event"), str)
                                                   for e in events):
            raise ValueError(f"game {n}'s events are not record lines")
    return seat, games


def parse_server(frame: str | bytes) -> dict[str, Any]:
    """A server frame as a dict with a string ``type``; ``ValueError`` (one line) otherwise.

    A client ignores message types it does not know (:data:`SERVER_TYPES` lists those of
    ``scopa-net/1``), so the protocol can grow without breaking it.
    """
    if isinstance(frame, bytes):
        frame = frame.decode("utf-8", "replace")
    try:
        msg = json.loads(frame)
    except (ValueError, RecursionError):
        raise ValueError("the server sent something that is not JSON") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise ValueError(f"the server sent an unknown message: {frame[:60]!r}")
    try:
        return _cleaned(msg)
    except RecursionError:  # nested nearly as deep as the decoder takes
        raise ValueError("the server sent a message nested too deeply") from None


def _cleaned(value: Any) -> Any:
    """Every string of a server's message as :func:`clean_text` leaves it: a name, a title or
    a chat line holding ESC or BEL (``"\\u001b]0;…"``) would reach the player's terminal as
    a command.  The server cleans what it is sent; a server of another make need not."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, list):
        return [_cleaned(x) for x in value]
    if isinstance(value, dict):
        return {clean_text(k): _cleaned(v) for k, v in value.items()}
    return value
