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

from importlib import import_module

# Each name of the API and its module.  A name is imported on first use (:func:`__getattr__`),
# and with it only the modules it needs: the command line's ``--help`` loads the rules and
# the variants, not the game; a game's first frame loads the game, not the scoring until
# the first hand is scored (README.md, Benchmark).
_MODULES = {
    "captures": ("capture_masks", "describe_capture", "explain_capture"),
    "cards": ("CARDS", "SUITS", "Card", "card", "cards_of", "mask_of", "parse_card", "parse_cards"),
    "core": ("HandState", "hand_points", "random_playout"),
    "errors": ("IllegalMove", "RecordError", "RulesError", "ScopaError"),
    "events": ("Dealt", "Event", "GameEnded", "GameStarted", "HandEnded", "Played", "Redealt"),
    "game": ("Game", "SeededDecks"),
    "moves": ("Move",),
    "rules": ("PRESETS", "Rules", "make_rules"),
    "scoring": ("Award", "HandScore", "SideScore", "last_capturer", "last_sweep", "primiera_text", "score_hand"),
    "variants": ("CATEGORY_NAMES", "OPTIONS", "VARIANTS", "Option", "Variant", "get_variant", "option_settings"),
    "view": ("PlayerView", "PlayRecord"),
}
_MODULE_OF = {name: module for module, names in _MODULES.items() for name in names}
__all__ = list(_MODULE_OF)


def __getattr__(name: str):
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(import_module(f".{module}", __name__), name)
    return value
