"""The Scopa rules engine (and its family: Scopone, Escoba, Scopa d'Assi, see :mod:`.variants`): pure Python, no UI, no I/O, deterministic from a seed.

The public API::

    from scopa_tui.engine import Game, Move, make_rules
    game = Game(make_rules("standard", players=2), seed=7)
    game.subscribe(print)          # typed events: Dealt, Played, HandEnded, ...
    game.start()
    while not game.is_over:
        if game.phase == "hand_over":
            game.next_hand()
        game.play(game.legal_moves()[0])
"""

from .captures import capture_masks, describe_capture, explain_capture
from .cards import CARDS, SUITS, Card, card, cards_of, mask_of, parse_card, parse_cards
from .core import HandState, hand_points, random_playout
from .errors import IllegalMove, RecordError, RulesError, ScopaError
from .events import Dealt, Event, GameEnded, GameStarted, HandEnded, Played, Redealt
from .game import Game, SeededDecks
from .moves import Move
from .rules import PRESETS, Rules, make_rules
from .variants import CATEGORY_NAMES, OPTIONS, VARIANTS, Option, Variant, get_variant, option_settings
from .view import PlayerView, PlayRecord

# The scoring (a hand's points) loads with the first hand scored, not before a game's first
# frame (README.md, Benchmark): its names are imported on first use (:func:`__getattr__`).
_SCORING = ("Award", "HandScore", "SideScore", "last_capturer", "last_sweep", "primiera_text", "score_hand")


def __getattr__(name: str):
    if name not in _SCORING:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import scoring

    value = globals()[name] = getattr(scoring, name)
    return value


__all__ = [
    "CARDS", "SUITS", "Card", "card", "cards_of", "mask_of", "parse_card", "parse_cards",
    "capture_masks", "describe_capture", "explain_capture", "HandState", "hand_points", "random_playout",
    "IllegalMove", "RecordError", "RulesError", "ScopaError",
    "Dealt", "Event", "GameEnded", "GameStarted", "HandEnded", "Played", "Redealt",
    "Game", "SeededDecks", "Move", "PRESETS", "Rules", "make_rules",
    "Award", "HandScore", "SideScore", "last_capturer", "last_sweep", "primiera_text", "score_hand",
    "PlayerView", "PlayRecord",
    "CATEGORY_NAMES", "OPTIONS", "VARIANTS", "Option", "Variant", "get_variant", "option_settings",
]
