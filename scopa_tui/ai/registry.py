"""AI names and specs: ``random``, ``easy``, ``medium``, ``hard:worlds=40``, ``pimc:worlds=12,depth=5``, ``cmd:...``.

``greedy`` is another name of ``easy`` (the same player), kept for the command line
and scripts; :data:`ALIASES` lists such names, which the game's menus leave out.

``make_player(spec, seed)`` builds a player; ``check_spec(spec)`` validates a spec
(raising ``ValueError`` with a one-line message) without building anything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.text import N_, _
from .base import Player


def _lazy(module: str, factory: str, **fixed: Any) -> Callable[..., Player]:
    """A factory that imports its module on first use: the command line starts fast.
    The class is kept once found (``simulate`` makes players for every game)."""
    found: list = []

    def make(seed: int | None, **options: Any) -> Player:
        if not found:
            from importlib import import_module

            found.append(getattr(import_module(module, __package__), factory))
        return found[0](seed, **fixed, **options)
    return make


# name -> factory(seed, **options); options are checked by parse_spec first.
FACTORIES: dict[str, Callable[..., Player]] = {
    "random": _lazy(".simple", "RandomPlayer"),
    "greedy": _lazy(".simple", "GreedyPlayer"),
    "easy": _lazy(".simple", "GreedyPlayer", name="easy"),
    "medium": _lazy(".medium", "MediumPlayer"),
    "hard": _lazy(".hard", "HardPlayer"),
    "pimc": _lazy(".pimc", "PimcPlayer"),
    # ``cmd:COMMAND``: an external bot over the scopa-bot/1 protocol (not a level to list).
    "cmd": _lazy(".protocol", "make_cmd_player"),
}
# options each name accepts, with their types
OPTIONS: dict[str, dict[str, type]] = {"random": {}, "greedy": {}, "easy": {}, "medium": {},
                                       "hard": {"worlds": int, "depth": int, "iters": int, "time": float,
                                                "mcts": int, "lookahead": int, "plies": int, "late": int},
                                       "pimc": {"worlds": int, "depth": int}, "cmd": {}}
# another name -> the level it names
ALIASES: dict[str, str] = {"greedy": "easy"}
# Upper limits of the numeric options (README.md, "AI opponents and bots"): a budget
# beyond them would freeze a game or a simulation for minutes per decision (2,000 worlds
# are 50 times hard's default; depth 40 is a whole hand).
# ``mcts`` (hard's information-set MCTS, :mod:`.ismcts`): 20,000 iterations are about 10 s;
# ``late``, the same search over the end of a hand with partners (0: off).
LIMITS: dict[str, float] = {"time": 60.0, "iters": 2_000, "worlds": 2_000, "depth": 40, "mcts": 20_000,
                            "late": 20_000,
                            "lookahead": 100, "plies": 40}
# Options that 0 turns off (``hard:late=0``: no tree search of the hand's end); the others
# must be above 0.
OFF_AT_ZERO = frozenset({"late"})
# Marked for the catalogs, translated where they are shown (``_(DESCRIPTIONS[name])``).
DESCRIPTIONS: dict[str, str] = {
    "random": N_("plays any legal move"),
    "greedy": N_("another name of easy"),
    "easy": N_("takes the most valuable capture now, without looking ahead"),
    "medium": N_("counts cards, avoids leaving sweeps, goes for settebello, coins and sevens"),
    "hard": N_("searches to the end of each deal over guesses of the cards it cannot see, read from the play "
               "(hard:worlds=40,depth=9)"),
}
# Levels for the simulator and the benchmark only, left out of the game's menus (not in
# DESCRIPTIONS): ``pimc`` is the yardstick of ``hard`` (README.md, "AI opponents and bots", *Strength*).
YARDSTICKS: dict[str, str] = {
    "pimc": N_("samples 12 guesses of the hidden cards and searches 5 plies in each (pimc:worlds=12,depth=5)"),
}


def register(name: str, factory: Callable[..., Player], options: dict[str, type] | None = None,
             description: str = "") -> None:
    FACTORIES[name] = factory
    OPTIONS[name] = options or {}
    DESCRIPTIONS[name] = description


def parse_spec(spec: str, programs: bool = True) -> tuple[str, dict[str, Any]]:
    """``"hard:time=0.5"`` -> ``("hard", {"time": 0.5})``; ``"cmd:python b.py"`` -> ("cmd", {"command": ...}).
    Where a program is not taken (``programs`` false: ``scopa-tui bot --level``), an unknown
    name is answered with the built-in AIs alone, not "or cmd:COMMAND"."""
    spec = spec.strip()
    if spec.startswith("cmd:"):
        command = spec[4:].strip()
        if not command:
            raise ValueError(_("'cmd:' needs a command, e.g. cmd:python my_bot.py"))
        return "cmd", {"command": command}
    name, _colon, rest = spec.partition(":")
    name = name.strip().lower()
    if name == "cmd":
        raise ValueError(_("'cmd' needs a command after a colon, e.g. cmd:python my_bot.py"))
    if name not in FACTORIES:
        known = ", ".join(sorted(n for n in FACTORIES if n != "cmd"))
        # TRANSLATORS: {known} lists the AI names as typed; cmd:COMMAND is typed as it is.
        message = (_("unknown AI {name}: choose one of {known}, or cmd:COMMAND") if programs
                   # TRANSLATORS: {known} lists the AI names as typed.
                   else _("unknown AI {name}: choose one of {known}"))
        raise ValueError(message.format(name=repr(name), known=known))
    options: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        kind = OPTIONS[name].get(key)
        if not eq or kind is None:
            if OPTIONS[name]:
                raise ValueError(_("AI {name} has no option {option} (options: {allowed})")
                                 .format(name=repr(name), option=repr(part), allowed=", ".join(OPTIONS[name])))
            raise ValueError(_("AI {name} has no option {option} (it takes none)")
                             .format(name=repr(name), option=repr(part)))
        try:
            if len(value) > 30:  # int() would complain in its own words past 4300 digits
                raise ValueError
            options[key] = kind(value)
        except ValueError:
            shown = repr(value) if len(value) <= 30 else f"{value[:20]!r}… ({len(value)} characters)"
            raise ValueError((_("AI option {key}={value} is not a whole number") if kind is int
                              else _("AI option {key}={value} is not a number")).format(key=key, value=shown)) from None
        if key in OFF_AT_ZERO:
            if not 0 <= options[key] < float("inf"):
                raise ValueError(_("AI option {key} must be 0 (off) or more, not {value}").format(key=key, value=value))
        elif not 0 < options[key] < float("inf"):  # also refuses nan
            raise ValueError(_("AI option {key} must be a positive number, not {value}").format(key=key, value=value))
        limit = LIMITS.get(key)
        if limit is not None and options[key] > limit:
            raise ValueError((_("AI option {key}={value} is too big: at most {limit} seconds per decision")
                              if key == "time" else
                              _("AI option {key}={value} is too big: at most {limit} per decision"))
                             .format(key=key, value=value, limit=f"{limit:g}"))
    return name, options


def canonical(spec: str) -> str:
    """The level a spec names, aliases resolved: ``greedy`` -> ``easy``; other specs unchanged."""
    return ALIASES.get(spec.strip().lower(), spec)


def check_spec(spec: str, programs: bool = True) -> str:
    parse_spec(spec, programs)
    return spec


def check_runnable(spec: str) -> str:
    """Like :func:`check_spec`, and for ``cmd:`` specs also that the program exists.

    Used where a game is about to start (command line, new-game screen), so that a
    mistyped bot command is one clear line at once rather than a fault at every move.
    """
    name, options = parse_spec(spec)
    if name == "cmd":
        import os
        import shlex
        import shutil

        try:
            argv = shlex.split(options["command"])
        except ValueError as e:
            raise ValueError(_("cannot read the bot command {command}: {why}")
                             .format(command=repr(options["command"]), why=e)) from None
        program = argv[0] if argv else ""
        found = shutil.which(program)
        if found is None and not (os.sep in program and os.path.isfile(program)):
            raise ValueError(_("no program {program} found for the bot command {command}")
                             .format(program=repr(program), command=repr(options["command"])))
        if found is None and not os.access(program, os.X_OK):
            # A script named by its path without chmod +x: it failed to start at every move.
            # TRANSLATORS: {program} is a file's path; chmod +x and python are typed as they are.
            raise ValueError(_("{program} is not executable: chmod +x it, or put the program that runs it first "
                               "in the bot command, e.g. 'python {program}'").format(program=program))
    return spec


# Specs already parsed (``simulate`` makes the same players for every game).
_PARSED: dict[str, tuple[str, dict[str, Any]]] = {}


def make_player(spec: str, seed: int | None = None) -> Player:
    parsed = _PARSED.get(spec)
    if parsed is None:
        parsed = parse_spec(spec)
        if len(_PARSED) < 100:
            _PARSED[spec] = parsed
    name, options = parsed
    return FACTORIES[name](seed, **options)
