"""The ``scopa-tui`` command and its subcommands.

Every help text and error line is in the player's language (README.md, Languages): the
language is chosen before the parser is built (:func:`_start_language`), so the texts
are translated where they are written here; argparse's own words come from the same
catalogs (:data:`scopa_tui.languages.ARGPARSE_MESSAGES`).
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Sequence

from . import __version__, collector, languages
from .ai.registry import check_runnable, check_spec
from .engine import OPTIONS, PRESETS, VARIANTS, RulesError, get_variant, make_rules
from .engine.rules import DECK_STYLES, PLAYER_COUNTS, TARGET_MAX
from .engine.text import _, ngettext, pgettext


class UsageError(Exception):
    """Bad command-line input: printed as one line, exit status 2."""


class _Formatter(argparse.HelpFormatter):
    """The usage shows the command as optional, ``[COMMAND ...]``, as it is: argparse wrote
    ``COMMAND ...``, and ``scopa-tui`` alone, the game, looked like a mistake.  Lines are not
    broken at a hyphen: "scopa-" over "bot/1", "scopa-" over "tui"."""

    def _format_args(self, action: argparse.Action, default_metavar: str) -> str:
        text = super()._format_args(action, default_metavar)
        return f"[{text}]" if action.nargs == argparse.PARSER and not action.required else text

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(self._whitespace_matcher.sub(" ", text).strip(), width, break_on_hyphens=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return textwrap.fill(self._whitespace_matcher.sub(" ", text).strip(), width, initial_indent=indent,
                             subsequent_indent=indent, break_on_hyphens=False)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, formatter_class=_Formatter, **kwargs)

    def error(self, message: str):  # one line, no usage dump
        raise UsageError(message)

    def parse_known_args(self, args=None, namespace=None):
        namespace, extras = super().parse_known_args(args, namespace)
        if self._subparsers is not None:  # the top level, once its subcommand's are in
            _merge_options(namespace)
        return namespace, extras

    def _print_message(self, message: str, file=None) -> None:
        """``--help`` and ``--version``: a standard output that cannot take them (``> /dev/full``,
        ``>&-``) is one line and exit status 2, as for any command (README.md, Reliability);
        argparse dropped the text without a word (exit status 0), or wrote it to standard error."""
        if not message:
            return
        try:
            out = file or _ClosedOutput()
            out.write(message)
            out.flush()
        except BrokenPipeError:  # the reader went away (| head), as for a command's output
            raise SystemExit(0) from None
        except OSError as e:
            raise SystemExit(_output_failed(e)) from None


def _at_least(minimum: int, maximum: int | None = None):
    """An argparse type: a whole number of at least ``minimum`` (and at most ``maximum``)."""
    def parse(text: str) -> int:
        if len(text) > 30:  # int() has its own words for thousands of digits
            raise argparse.ArgumentTypeError(_("{start}… ({n} characters) is too long a number")
                                             .format(start=repr(text[:20]), n=len(text)))
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_("{text} is not a whole number").format(text=repr(text))) from None
        if value < minimum:
            raise argparse.ArgumentTypeError(
                _("must not be negative, not {value}").format(value=value) if minimum == 0
                else _("must be at least {minimum}, not {value}").format(minimum=minimum, value=value))
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(_("must be from {minimum} to {maximum}, not {value}")
                                             .format(minimum=minimum, maximum=maximum, value=value))
        return value
    return parse


_non_negative_int = _at_least(0)
# The new-game screen takes targets of up to three digits; the command line agrees.
_target = _at_least(1, TARGET_MAX)
# simulate's games: ten million is hours of work for the fastest AIs (random plays about
# 1,100 games a second on one core, README's benchmarks) and weeks for hard; a number beyond
# it is a slip of the keyboard, refused at once rather than run without an end.
GAMES_MOST = 10_000_000
_games = _at_least(1, GAMES_MOST)


def _file_name(text: str) -> str:
    """An argparse type: a file's name (``--record "$FILE"`` with FILE unset is refused, not
    taken for no file, or for the current directory)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("needs a file's name, not an empty one"))
    return text


def _output_name(text: str) -> str | None:
    """``export --output``: a file's name, or ``-`` for standard output (no file), as
    elsewhere on the command line."""
    return None if text == "-" else _file_name(text)


def _jobs(text: str) -> int:
    """``--jobs``: a number of processes from 0 to :data:`scopa_tui.simjobs.MAX_JOBS`, or
    ``auto`` (0: the cores this process may use)."""
    from .simjobs import MAX_JOBS

    word = text.strip().lower()
    if word == "auto":
        return 0
    if not word.lstrip("+-").isdigit():
        # TRANSLATORS: "auto" is typed as it is (--jobs auto).
        raise argparse.ArgumentTypeError(_("{text} is not a number of processes, nor auto").format(text=repr(text)))
    return _at_least(0, MAX_JOBS)(text)


def _players(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text} is not a number of players").format(text=repr(text))) from None
    if value not in PLAYER_COUNTS:
        raise argparse.ArgumentTypeError(_("Scopa is played by 2, 3, 4 or 6 players, not {n}").format(n=value))
    return value


def _variant(text: str) -> str:
    name = text.strip().lower()
    if name not in VARIANTS:
        raise argparse.ArgumentTypeError(_("unknown variant {name}: choose one of {names}")
                                         .format(name=repr(text), names=", ".join(VARIANTS)))
    return name


def _option(text: str) -> str:
    name = text.strip().lower()
    if name.removeprefix("no-") not in OPTIONS:
        raise argparse.ArgumentTypeError(
            # TRANSLATORS: {placeholder} is the placeholder NAME; "no-" is typed as it is (--option no-napola).
            _("unknown option {name}: choose from {names} (no-{placeholder} turns one off)")
            .format(name=repr(text), names=", ".join(OPTIONS), placeholder=pgettext("placeholder", "NAME")))
    return name


def _lang(text: str) -> str:
    code = languages.normalize(text)
    if code is None:
        raise argparse.ArgumentTypeError(_("unknown language {name}: choose one of {codes}")
                                         .format(name=repr(text), codes=", ".join(languages.LANGUAGES)))
    return code


def _early(argv: Sequence[str], flag: str) -> str | None:
    """The value of ``flag`` (``--lang``) in ``argv``, read before the parser is built so
    that its own messages are already in the player's language (None: not given)."""
    value = None
    for i, arg in enumerate(argv):
        if arg == flag and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith(flag + "="):
            value = arg.split("=", 1)[1]
    return value


def _start_language(argv: Sequence[str]) -> None:
    """--lang, else the language remembered in the settings, else the environment."""
    from .store.settings import remembered_language

    data_dir = _early(argv, "--data-dir")
    languages.use(languages.choose(_early(argv, "--lang"), remembered_language(data_dir)))


def _settle_language(argv: Sequence[str], args: argparse.Namespace) -> None:
    """The language again, from ``--lang`` and ``--data-dir`` as the parser read them, where
    :func:`_early` missed them: argparse takes an option's abbreviation (``--lan it``, ``--data
    DIR``), and the run went on in the first language while the game remembered the one given."""
    from .store.settings import remembered_language

    lang, data_dir = getattr(args, "lang", None), getattr(args, "data_dir", None)
    if lang != languages.normalize(_early(argv, "--lang")) or data_dir != _early(argv, "--data-dir"):
        languages.use(languages.choose(lang, remembered_language(data_dir)))


def _seconds(text: str) -> float:
    from .net.commands import seconds_between

    return seconds_between(0, 60)(text)


def _ai_list(text: str) -> list[str]:
    before_cmd = text.split("cmd:")[0]
    if text.strip().endswith(",") or any(not part.strip() for part in before_cmd.split(",")[:-1]):
        raise argparse.ArgumentTypeError(_("{text} has an empty AI name (a comma too many?)").format(text=repr(text)))
    specs = _split_specs(text)
    if not specs:
        raise argparse.ArgumentTypeError(_("name at least one AI, e.g. greedy,random"))
    for spec in specs:
        try:
            check_runnable(spec)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
    return specs


def _split_specs(text: str) -> list[str]:
    """Split ``a,b:x=1,y=2,cmd:python bot.py`` on the commas that start a new AI.

    A comma followed by an AI name (or ``cmd:``) starts a new AI; any other comma belongs
    to the spec before it: an option (``hard:time=0.3,iters=50``) or part of a command
    (``cmd:python bot.py --depth=1,2``).
    """
    from .ai.registry import FACTORIES

    specs: list[str] = []
    for part in text.split(","):
        stripped = part.strip()
        head = stripped.split(":")[0].split("=")[0].strip().lower()
        starts_new = (head in FACTORIES and head != "cmd") or stripped.startswith("cmd:")
        if not specs or starts_new:
            specs.append(stripped)
        elif specs[-1].startswith("cmd:"):
            specs[-1] += "," + part
        elif "=" in part:
            specs[-1] += "," + stripped
        else:
            specs.append(stripped)
    return [s.strip() for s in specs if s.strip()]


def _shared(p: argparse.ArgumentParser, *flags: str, **kwargs) -> None:
    """Add to a subcommand an option the top level also has (``--seed``, ``--ai``, rules).

    Its default is SUPPRESS: a subcommand's default would overwrite the same option given
    before the subcommand (``scopa-tui --seed 5 bot``).  The top level holds the default.
    """
    p.add_argument(*flags, default=argparse.SUPPRESS, **kwargs)


def _add_rules_args(p: argparse.ArgumentParser, default=None) -> None:
    p.add_argument("--players", type=_players, default=default, metavar=pgettext("placeholder", "N"),
                   help=_("2, 3, 4 (partners) or 6 (three partnerships); default 2"))
    p.add_argument("--preset", choices=list(PRESETS), default=default, help=_("rule preset (default standard)"))
    p.add_argument("--target", type=_target, default=default, metavar=pgettext("placeholder", "POINTS"),
                   help=_("points to win (default 11; 21 in Escoba)"))
    p.add_argument("--variant", type=_variant, default=default, metavar=pgettext("placeholder", "GAME"),
                   help=_("the game: {names} (default scopa)").format(names=", ".join(VARIANTS)))
    name = pgettext("placeholder", "NAME")
    # A subcommand's house rules add to those given before it (see _merge_options).
    dest = "option" if default is None else "sub_option"
    p.add_argument("--option", action="append", type=_option, default=default, metavar=name, dest=dest,
                   # TRANSLATORS: {name} is the placeholder NAME; "no-" is typed as it is (--option no-napola).
                   help=_("a house rule, repeatable: {names} (no-{name} turns one off)")
                   .format(names=", ".join(OPTIONS), name=name))


def _merge_options(args: argparse.Namespace) -> None:
    """House rules given before the subcommand and after it are all kept, in that order
    (``scopa-tui --option napola simulate --option re-bello``): argparse would keep only the
    subcommand's list, which replaces the top level's as any other option's value does."""
    later = vars(args).pop("sub_option", None)
    if later:
        args.option = list(getattr(args, "option", None) or []) + later


def _add_language(parser: argparse.ArgumentParser, subcommand: bool = False) -> None:
    """``--lang``: read by :func:`_start_language` before the parser is built, and accepted
    by every subcommand (``scopa-tui replay --lang it FILE``) unless it has its own; only
    the game remembers it (see :func:`_shared` for the default of a subcommand's)."""
    if "--lang" in parser._option_string_actions:
        return
    codes = ", ".join(languages.LANGUAGES)
    # TRANSLATORS: {codes} lists the language codes; LANG is the environment variable.
    text = (_("the language of this command: {codes} (default: the game's, else LANG)") if subcommand
            else _("the language: {codes} (remembered; default: from the environment, LANG)"))
    parser.add_argument("--lang", type=_lang, default=argparse.SUPPRESS if subcommand else None,
                        metavar=pgettext("placeholder", "LANG"), help=text.format(codes=codes))


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser of ``scopa-tui``.  Every subcommand is listed (``--help``, an unknown one's
    error), but only those named in ``argv`` get their options (None: all of them): building
    the others, and importing the online ones' module, was time before the first frame."""
    command = pgettext("placeholder", "COMMAND")
    parser = _Parser(prog="scopa-tui", description=_("Scopa, the Italian card game, in your terminal."),
                     # TRANSLATORS: {command} is the placeholder COMMAND; the options are typed as they are.
                     epilog=_("Without a {command}, scopa-tui opens the game: the new-game screen, or "
                              "a game at once with --players, --ai, --target, --preset, --variant or "
                              "--option. 'scopa-tui {command} --help' says what a command does.")
                     .format(command=command))
    parser.add_argument("--version", action="version", version=f"scopa-tui {__version__}",
                        help=_("show program's version number and exit"))  # argparse's own is not looked up
    _add_rules_args(parser)
    ai, n, seconds = pgettext("placeholder", "AI"), pgettext("placeholder", "N"), pgettext("placeholder", "SECONDS")
    directory = pgettext("placeholder", "DIR")
    parser.add_argument("--ai", type=_ai_list, default=None, metavar=ai,
                        help=_("opponent AI(s), comma-separated: easy, medium, hard, pimc, random (greedy = easy), "
                               "or cmd:COMMAND, a scopa-bot/1 program"))
    parser.add_argument("--seed", type=_non_negative_int, default=None, metavar=n, help=_("seed for the deals"))
    parser.add_argument("--deck", choices=DECK_STYLES, default=None,
                        help=_("deck style (default: the preset's deck; spanish in Escoba)"))
    parser.add_argument("--ascii", action=argparse.BooleanOptionalAction, default=None,
                        help=_("draw suits with letters, not symbols (remembered; --no-ascii undoes it)"))
    parser.add_argument("--ai-delay", type=_seconds, default=None, metavar=seconds,
                        help=_("how long each AI play stays visible (remembered; default 0.8, 0 for none)"))
    parser.add_argument("--data-dir", default=None, metavar=directory,
                        help=_("where saves, settings and statistics live"))
    _add_language(parser)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar=command)
    subcommands = [  # name, help (also the description), options
        ("simulate", _("play AI-vs-AI games with no UI"), _simulate_args),
        ("bot", _("play as a bot over standard input and output (scopa-bot/1)"), _bot_args),
        ("replay", _("step through a recorded game (a scopa-record/1 JSON Lines file)"), _replay_args),
        ("export", _("write the history of finished games as JSON Lines"), _export_args),
        ("web", _("serve the game to a web browser (textual-serve)"), _web_args),
        ("server", _("run an online table server (scopa-net/1)"), _server_args),
        ("online", _("play a seat at an online table (headless with --bot or --ai)"), _online_args),
    ]
    for name, text, add_args in subcommands:
        subcommand = sub.add_parser(name, help=text, description=text)
        if argv is None or name in argv:
            add_args(subcommand)
            _add_language(subcommand, subcommand=True)
    return parser


def _simulate_args(sim: argparse.ArgumentParser) -> None:
    n, ai, file = pgettext("placeholder", "N"), pgettext("placeholder", "AI"), pgettext("placeholder", "FILE")
    _add_rules_args(sim, default=argparse.SUPPRESS)  # see _shared
    sim.add_argument("--games", type=_games, default=100, metavar=n, help=_("number of games (default 100)"))
    _shared(sim, "--seed", type=_non_negative_int, metavar=n, help=_("seed (default 1)"))
    _shared(sim, "--ai", type=_ai_list, metavar=ai,
            help=_("AIs in seat order, comma-separated, as for the game's --ai (default greedy,random)"))
    sim.add_argument("--record", type=_file_name, metavar=file, help=_("write every game to {file} as JSON Lines").format(file=file))
    sim.add_argument("--force", action="store_true",
                     help=_("replace {file} if it exists (without it, an existing file is refused)").format(file=file))
    sim.add_argument("--json", action="store_true", help=_("print the summary as one JSON object"))
    # TRANSLATORS: {n} is the placeholder N; "auto" is typed as it is (--jobs auto).
    sim.add_argument("--jobs", type=_jobs, default=1, metavar=n,
                     help=_("play the games in {n} processes, the same games for any {n} "
                            "(default 1; 0 or auto: one per core)").format(n=n))


def _bot_args(bot: argparse.ArgumentParser) -> None:
    bot.add_argument("--level", type=_bot_level, default="hard", metavar=pgettext("placeholder", "AI"),
                     help=_("the AI that plays: easy, medium, hard, hard:time=0.3 ... (default hard)"))
    _shared(bot, "--seed", type=_non_negative_int, metavar=pgettext("placeholder", "N"),
            help=_("seed of the AI (default: random)"))
    bot.add_argument("--name", default=None, metavar=pgettext("placeholder", "NAME"),
                     help=_("the name the bot gives in its hello"))


def _replay_args(rep: argparse.ArgumentParser) -> None:
    rep.add_argument("file", type=_file_name, metavar=pgettext("placeholder", "FILE"), help=_("the record file"))
    _shared(rep, "--data-dir", metavar=pgettext("placeholder", "DIR"), help=_("where settings live (for the theme)"))


def _export_args(exp: argparse.ArgumentParser) -> None:
    file = pgettext("placeholder", "FILE")
    exp.add_argument("--output", "-o", type=_output_name, metavar=file, default=None,
                     help=_("write to {file} instead of standard output").format(file=file))
    exp.add_argument("--force", action="store_true",
                     help=_("replace {file} if it exists (without it, an existing file is refused)").format(file=file))
    _shared(exp, "--data-dir", metavar=pgettext("placeholder", "DIR"), help=_("where the history lives"))


def _web_args(web: argparse.ArgumentParser) -> None:
    from .net.commands import host_address

    web.add_argument("--host", default="127.0.0.1", type=host_address, metavar=pgettext("placeholder", "ADDRESS"),
                     help=_("the address to listen on (default 127.0.0.1: this machine only)"))
    web.add_argument("--port", type=_at_least(1, 65535), default=8000, metavar=pgettext("placeholder", "PORT"),
                     help=_("default 8000"))
    web.add_argument("--public-url", type=_public_url, default=None, metavar="URL",
                     help=_("the address browsers open, e.g. http://myhost:8000 (with --host 0.0.0.0)"))
    from .web import DEFAULT_IDLE_MINUTES, DEFAULT_MAX_PER_ADDRESS, DEFAULT_MAX_SESSIONS

    web.add_argument("--max-sessions", type=_at_least(1, 1000), default=DEFAULT_MAX_SESSIONS,
                     metavar=pgettext("placeholder", "N"),
                     help=_("games played at once, one process each (default {n}); "
                            "one more browser is told the server is full").format(n=DEFAULT_MAX_SESSIONS))
    web.add_argument("--max-per-address", type=_at_least(0, 1000), default=DEFAULT_MAX_PER_ADDRESS,
                     metavar=pgettext("placeholder", "N"),
                     help=_("of them, games from one address at once (default {n}; 0: no limit but --max-sessions, "
                            "as behind a proxy, where every browser comes from the proxy's address)").format(
                         n=DEFAULT_MAX_PER_ADDRESS))
    web.add_argument("--idle-minutes", type=_at_least(0, 10080), default=DEFAULT_IDLE_MINUTES,
                     metavar=pgettext("placeholder", "N"),
                     help=_("close a game whose browser sends no key for N minutes, which frees its place; "
                            "it is saved (default {n}; 0: never)").format(n=DEFAULT_IDLE_MINUTES))
    _add_rules_args(web, default=argparse.SUPPRESS)  # passed on to the game (see _shared)
    _shared(web, "--ai", type=_ai_list, metavar=pgettext("placeholder", "AI"),
            help=_("opponent AI(s), as for scopa-tui itself"))
    _shared(web, "--seed", type=_non_negative_int, metavar=pgettext("placeholder", "N"), help=_("seed for the deals"))
    _shared(web, "--deck", choices=DECK_STYLES, help=_("deck style"))
    _shared(web, "--ascii", action=argparse.BooleanOptionalAction, help=_("draw suits with letters"))
    _shared(web, "--ai-delay", type=_seconds, metavar=pgettext("placeholder", "SECONDS"),
            help=_("how long each AI play stays visible"))
    _shared(web, "--data-dir", metavar=pgettext("placeholder", "DIR"),
            help=_("where saves, settings and statistics live"))


def _server_args(srv: argparse.ArgumentParser) -> None:
    """``server`` (docs/online-protocol.md); run by :mod:`scopa_tui.net.commands`."""
    from .net.commands import add_server_args

    add_server_args(srv, _shared, _non_negative_int)


def _online_args(onl: argparse.ArgumentParser) -> None:
    """``online`` (docs/online-protocol.md); run by :mod:`scopa_tui.net.commands`."""
    from .net.commands import add_online_args

    add_online_args(onl, _add_rules_args, _shared, _at_least(1, 1000))


def _bot_level(text: str) -> str:
    if text.strip().lower().startswith("cmd"):
        raise argparse.ArgumentTypeError(_("the bot plays one of the built-in AIs, not an external command"))
    try:
        return check_spec(text, programs=False)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def cmd_bot(args) -> int:
    from .ai.protocol import run_bot
    from .ai.registry import make_player

    if sys.stdin is None:  # closed (<&-): no request can come; it read as a traceback
        raise UsageError(_("cannot read standard input: it is closed"))
    try:
        # The host's lines are UTF-8 (docs/bot-protocol.md); bytes that are not make a line that
        # is not JSON, which the bot skips: in a UTF-8 locale they stopped it ('can't decode').
        sys.stdin.reconfigure(encoding="utf-8", errors="replace")
    except (AttributeError, ValueError, OSError):  # not a text stream of ours
        pass
    player = make_player(args.level, seed=args.seed)
    if sys.stdin.isatty():  # someone trying the command by hand: a host's pipe never is one
        print(_("scopa-tui bot: waiting for a host's JSON lines (scopa-bot/1, docs/bot-protocol.md) on standard "
                "input, as a game sends them to it with --ai \"cmd:scopa-tui bot\"; Ctrl+D ends"), file=sys.stderr)
    try:
        return run_bot(player, sys.stdin, sys.stdout, sys.stderr, name=args.name)
    except BrokenPipeError:  # the host went away
        return 0
    except OSError as e:  # standard output refuses the answers (> /dev/full)
        return _output_failed(e)


def _output_failed(e: OSError) -> int:
    """Standard output could not take a command's output: one line, exit status 2."""
    from .store.files import stdout_failed

    print(error_line(stdout_failed(e)), file=sys.stderr)
    return 2


def _rules(args):
    variant = getattr(args, "variant", None)
    return make_rules(args.preset or "standard", players=args.players or get_variant(variant or "scopa").default_players,
                      target=args.target, deck_style=getattr(args, "deck", None), variant=variant or "scopa",
                      options=getattr(args, "option", None) or ())


class _RecordFile:
    """The ``--record`` file, an :class:`~scopa_tui.store.files.OutputFile`: written a game at
    a time into a temporary file that takes the name once every game is in (a file already
    there is refused unless ``--force``); a failed write (a full disk, a file such as
    ``/dev/full`` or ``/proc/version``) becomes one :class:`UsageError` line.  A pipe whose
    reader has gone (``--record /dev/stdout | head``) raises ``BrokenPipeError``: the
    simulation stops without a word, as ``export`` does."""

    def __init__(self, path: str, force: bool = False):
        from .store.files import OutputFile

        self.path = path
        try:
            self.file = OutputFile(path, force=force)
        except OSError as e:
            raise self._error(e) from None

    def _error(self, e: OSError) -> UsageError:
        from .store.files import describe_output_error, output_exists_message

        if isinstance(e, FileExistsError):
            return UsageError(output_exists_message(self.path))
        return UsageError(_("cannot write record file {path}: {why}").format(path=self.path, why=describe_output_error(e)))

    def write(self, text: str) -> None:
        try:
            self.file.write(text)
            self.file.flush()  # a full disk shows at the game that does not fit
        except BrokenPipeError:
            raise
        except OSError as e:
            self.file.discard()
            raise self._error(e) from None

    def close(self) -> None:
        try:
            self.file.commit()
        except BrokenPipeError:
            raise
        except OSError as e:
            raise self._error(e) from None

    def abandon(self) -> None:
        """Close without keeping anything: after the reader of a pipe has gone (what is
        still buffered goes nowhere), or a failure (no half record takes the name)."""
        self.file.discard()


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP, stopping a command as Ctrl-C does; exit status 128 + the signal's."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.status = 128 + signum


def _stop_on_termination():
    """SIGTERM and SIGHUP raise :class:`Terminated` (the games under way stop, as at Ctrl-C)
    so that ``--record``'s temporary file is removed and ``--jobs``' workers end (the parent
    killed outright left them playing on, orphans); returns what restores the handlers."""
    import signal

    from .store.signals import SIGNALS

    def stop(signum, frame):
        for sig in SIGNALS:
            signal.signal(sig, signal.SIG_IGN)
        raise Terminated(signum)

    previous = {sig: signal.signal(sig, stop) for sig in SIGNALS}
    return lambda: [signal.signal(sig, old) for sig, old in previous.items()]


def cmd_simulate(args) -> int:
    from . import simulate

    rules = _rules(args)
    specs = args.ai or ["greedy", "random"]
    if len(specs) > rules.players:
        raise UsageError(ngettext("--ai names {n} AIs, but a {players}-player game has {seats} seat",
                                  "--ai names {n} AIs, but a {players}-player game has {seats} seats",
                                  rules.players).format(n=len(specs), players=rules.players, seats=rules.players))
    jobs = args.jobs
    if jobs == 0:
        from .simjobs import available_cores

        jobs = available_cores()
    out = _RecordFile(args.record, force=args.force) if args.record else None
    restore = _stop_on_termination()
    try:
        seed = 1 if args.seed is None else args.seed
        summary = simulate.run(rules, args.games, seed, specs, record_file=out, jobs=jobs)
        if out:
            out.close()
    except BrokenPipeError:  # the record's reader went away (| head): done, as export is
        out.abandon()
        return 0
    except (UsageError, simulate.SimulateError) as e:
        if out:
            out.abandon()  # the games so far are no record of the run asked for
        if isinstance(e, UsageError):
            raise
        print(error_line(e), file=sys.stderr)
        return 1
    except BaseException:  # Ctrl-C, SIGTERM: no half record under the name, nor a temporary file
        if out:
            out.abandon()
        raise
    finally:
        if restore:
            restore()
    try:
        print(simulate.to_json(summary) if args.json else simulate.format_table(summary), flush=True)
    except BrokenPipeError:
        return 0
    except OSError as e:  # > /dev/full, a full disk
        return _output_failed(e)
    return 0


def cmd_play(args) -> int:
    try:
        from .ui.app import run_app
    except ImportError as e:  # pragma: no cover - the UI ships with the package
        raise UsageError(_("the game screen is not available: {why}").format(why=e)) from None
    return run_app(args)


def cmd_replay(args) -> int:
    from .store.commands import cmd_replay as run

    return run(args)


def cmd_export(args) -> int:
    from .store.commands import cmd_export as run

    return run(args)


def _public_url(text: str) -> str:
    from urllib.parse import urlsplit

    try:  # "http://my host:8000", "http://myhost:99999" served a page that never reached its game
        parts = urlsplit(text)
        parts.port  # noqa: B018 - read for its check
        good = (text.startswith(("http://", "https://")) and bool(parts.hostname)
                and not any(c.isspace() or c in '"<>' for c in text))
    except ValueError:
        good = False
    if not good:
        raise argparse.ArgumentTypeError(_("{text} is not a web address such as http://myhost:8000")
                                         .format(text=repr(text)))
    return text.rstrip("/")


def cmd_web(args) -> int:
    from .web import ServeError, serve

    try:
        return serve(args)
    except ServeError as e:
        raise UsageError(str(e)) from None


def _check_bots(specs: list[str] | None, variant: str) -> None:
    """Each ``cmd:`` bot must announce the variant in its hello (docs/bot-protocol.md)."""
    if variant == "scopa" or not specs:
        return
    from .ai.protocol import check_bot_variant
    from .ai.registry import parse_spec

    for spec in dict.fromkeys(specs):
        name, options = parse_spec(spec)
        if name == "cmd":
            check_bot_variant(options["command"], variant)


def _check_data_dir(data_dir: str | None) -> None:
    """``--data-dir`` must be a directory (or not exist yet: it is created); an empty name
    (``--data-dir "$DIR"`` with DIR unset) is refused, not taken for the default directory.
    Without it, ``SCOPA_TUI_DATA_DIR`` is held to the same (README, *Where the files are*):
    a variable naming a file played the game unsaved where the option exits 2."""
    import os

    name = "--data-dir"
    if data_dir is None:
        data_dir, name = os.environ.get("SCOPA_TUI_DATA_DIR") or None, "SCOPA_TUI_DATA_DIR"
        if data_dir is None:
            return
    if not data_dir.strip():
        raise UsageError(_("--data-dir needs a directory's name, not an empty one"))
    from pathlib import Path

    import errno
    import stat

    from .store.files import describe_os_error

    try:
        path = Path(data_dir).expanduser()
    except RuntimeError:  # "~nobody/scopa": Path.expanduser's own words, with a traceback
        raise UsageError(_("{name} {path} cannot be used: no home directory is known for {tilde}").format(
            name=name, path=data_dir, tilde=data_dir.split("/")[0])) from None
    try:
        is_file = not stat.S_ISDIR(path.stat().st_mode)
    except OSError as e:  # a name too long raised from Path.exists() with a traceback
        if e.errno not in (errno.ENOENT, errno.ENOTDIR):
            raise UsageError(_("{name} {path} cannot be used: {why}").format(
                name=name, path=data_dir, why=describe_os_error(e))) from None
        is_file = False  # not there yet: made when needed
        why = _cannot_make(path)
        if why:  # it played unsaved, a notice in the corner, where the user had named the place
            raise UsageError(_("{name} {path} cannot be made: {why}").format(name=name, path=data_dir, why=why))
    if is_file:
        raise UsageError(_("{name} {path} is a file, not a directory").format(name=name, path=data_dir))


def _cannot_make(path) -> str | None:
    """Why the directory ``path`` (not there) could not be made, looking only: nothing is made
    here (a run refused for want of a terminal makes no data directory), or None."""
    import os

    parent = path.absolute().parent
    while True:
        try:
            is_dir = parent.is_dir()
            there = is_dir or parent.exists()
        except OSError:
            return None  # let the making say it
        if there:
            break
        if parent.parent == parent:
            return None
        parent = parent.parent
    if not is_dir:
        return _("{path} is a file").format(path=parent)
    if not os.access(parent, os.W_OK | os.X_OK):
        return _("{path} cannot be written to").format(path=parent)
    return None


def cmd_server(args) -> int:
    from .net.commands import cmd_server as run

    return run(args)


def cmd_online(args) -> int:
    from .net.commands import cmd_online as run

    return run(args)


COMMANDS = {"simulate": cmd_simulate, "bot": cmd_bot, "replay": cmd_replay, "export": cmd_export,
            "web": cmd_web, "server": cmd_server, "online": cmd_online, None: cmd_play}


def error_line(message: object) -> str:
    """The one line a bad input gets, ``scopa-tui: error: ...``, the prefix translated too."""
    # TRANSLATORS: the start of every command-line error; keep "scopa-tui" as it is.
    return _("scopa-tui: error: {message}").format(message=message)


def _replace_what_stdout_cannot_encode() -> None:
    """Standard output in an encoding without some of the game's characters (a terminal set to
    ISO-8859-1 or ASCII: ``…``, ``—``, French's ``é``) shows "?" for them, as standard error
    shows them escaped, instead of the command stopping with the codec's English words and
    its output lost.  Records, ``--json`` and the bot protocol are ASCII JSON already."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None and getattr(sys.stdout, "errors", None) == "strict":
        try:
            reconfigure(errors="replace")
        except (ValueError, OSError):  # closed, or not a text stream after all
            pass


class _ClosedOutput:
    """Standard output closed when a command started (``>&-``): Python makes it None, and
    ``print`` then dropped the command's output without a word (simulate's summary, export's
    games: exit status 0).  Writing to this fails as a full disk does: one line, exit status 2."""

    def write(self, text: str) -> int:
        import errno

        raise OSError(errno.EBADF, "closed")

    def flush(self) -> None:
        pass


def _fill_closed_standard_streams() -> None:
    """Standard input, output or error closed when the process started (``<&-``, ``>&-``,
    ``2>&-``) get /dev/null under their numbers: the next file or pipe opened took the
    number, and what was meant for the stream went into it (``online --bot`` with standard
    error closed: the bot's log lines went into a pipe of the app's own, and the bot stopped on a
    broken pipe).  Standard error then writes into /dev/null, as ``2>/dev/null`` does; what
    standard output and input do is each command's (:class:`_ClosedOutput`, :func:`cmd_bot`)."""
    import os

    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)  # the lowest number free: fd, the ones below it open
            if null == fd:
                os.set_inheritable(fd, True)  # as a standard stream is: bots and workers get it
            else:
                os.dup2(null, fd)
                os.close(null)
    if sys.stderr is None:
        sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115 - for the process's life


def main(argv: Sequence[str] | None = None) -> int:
    _fill_closed_standard_streams()
    _replace_what_stdout_cannot_encode()
    collector.hold()  # until the app's first frame (scopa_tui/collector.py)
    try:
        return _main(argv)
    finally:
        collector.release(freeze=False)  # an app that never drew, an error, a subcommand


def _options_ended(parser: argparse.ArgumentParser, argv: list[str]) -> list[str]:
    """``argv`` without a ``--`` that comes before the command, which ends the options: the
    word after it is the command, and the rest the command's arguments, as after any command
    (``scopa-tui --lang it -- simulate --games 5``; ``scopa-tui --`` is the game).  Python's
    argparse took the ``--`` itself for the command ("invalid choice: '--'")."""
    if "--" not in argv:
        return argv
    i = argv.index("--")
    try:  # the options before it are whole: "--data-dir --" stays refused
        before = parser.parse_known_args(argv[:i])[0]
    except UsageError:  # as parse_args says it, or a command's arguments cut at its own "--"
        return argv
    if before.command is not None:  # a "--" after the command is the command's own (replay -- -x.jsonl)
        return argv
    rest = argv[i + 1:]
    if rest and rest[0].startswith("-"):  # after "--" an option is no option
        # TRANSLATORS: "--" is typed as it is; {names} lists the commands.
        raise UsageError(_("unknown command {name} after --: choose one of {names}").format(
            name=repr(rest[0]), names=", ".join(name for name in COMMANDS if name)))
    return argv[:i] + rest


def _main(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    _start_language(argv)
    parser = build_parser(argv)
    try:
        args = parser.parse_args(_options_ended(parser, argv))
        _settle_language(argv, args)
        rules = _rules(args)  # validate the combination (e.g. gamerules with 3 players)
        _check_data_dir(getattr(args, "data_dir", None))
        _check_bots(getattr(args, "ai", None), rules.variant)
        if args.command in (None, "web") and args.ai and len(args.ai) > rules.players - 1:
            others = rules.players - 1
            raise UsageError(ngettext("--ai names {n} AIs, but a {players}-player game has {seats} seat besides yours",
                                      "--ai names {n} AIs, but a {players}-player game has {seats} seats besides yours",
                                      others).format(n=len(args.ai), players=rules.players, seats=others))
        if args.command is not None:  # only the game's app releases it, at its first frame
            collector.release(freeze=False)
            if sys.stdout is None:  # closed (see _fill_closed_standard_streams)
                sys.stdout = _ClosedOutput()
        return COMMANDS[args.command](args)
    except (UsageError, RulesError, ValueError) as e:
        print(error_line(e), file=sys.stderr)
        return 2
    except KeyboardInterrupt as e:
        return getattr(e, "status", 130)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
