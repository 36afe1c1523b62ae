"""Players: random, greedy (and stronger levels), and the bot protocol."""

from .base import BasePlayer, Player
from .registry import check_spec, make_player, parse_spec, register

__all__ = ["BasePlayer", "Player", "check_spec", "make_player", "parse_spec", "register"]
