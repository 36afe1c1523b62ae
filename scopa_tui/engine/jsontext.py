"""JSON text read with a limit on its numbers (records, saves, the settings, a server's messages).

Its own module, so that reading the settings at start (``scopa-tui --help`` reads the
remembered language) does not load the game with :mod:`.record`.
"""

from __future__ import annotations

import json
from typing import Any

# No number in a record (or a save, or the settings) needs more digits than this; a
# number with thousands of digits is refused with this module's message rather than
# Python's own ("Exceeds the limit (4300 digits) for integer string conversion").
MAX_DIGITS = 100


class TooManyDigits(ValueError):
    """A JSON number with more than :data:`MAX_DIGITS` digits."""


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise TooManyDigits(f"a number has {len(text.lstrip('-'))} digits (at most {MAX_DIGITS})")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:  # digits, sign, point and exponent
        raise TooManyDigits(f"a number is {len(text)} characters long (at most {MAX_DIGITS + 10})")
    return float(text)


def json_loads(text: str) -> Any:
    """``json.loads`` with the digit limit: raises ``json.JSONDecodeError``,
    :class:`TooManyDigits` or ``RecursionError`` (nested too deeply)."""
    return json.loads(text, parse_int=_parse_int, parse_float=_parse_float)
