"""The ``server`` and ``online`` subcommands (their options here, so :mod:`scopa_tui.cli` stays small).

Bad arguments raise ``argparse`` errors or :class:`ValueError`, which the command line
prints as one line with exit status 2.  Nothing here imports ``websockets`` until a
command runs, so ``scopa-tui --help`` stays fast.
"""

from __future__ import annotations

import argparse
import unicodedata

from ..engine.text import N_, _, ngettext, pgettext
from ..engine.words import shows_something
from .messages import (ADDRESS_CONNECTIONS, ADDRESS_WAITING, AI_LEVELS, DEFAULT_URL, NAME_MAX, TITLE_MAX,
                       TURN_LIMIT_MAX, TURN_LIMIT_MIN, NetError, check_name, clean_text, plain_text,
                       two_addresses)


def seconds_between(low: float, high: float):
    """An argparse type: a number of seconds from ``low`` to ``high``."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_("{text} is not a number of seconds").format(text=repr(text))) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(_("must be between {low} and {high} seconds, not {text}").format(
                low=f"{low:g}", high=f"{high:g}", text=text))
        return value
    return parse


_pace = seconds_between(0, 10)
_turn_limit = seconds_between(TURN_LIMIT_MIN, TURN_LIMIT_MAX)
_pace_long = seconds_between(0, 3600)


def _levels(text: str) -> list[str] | str:
    parts = [p.strip().lower() for p in text.split(",")]
    for p in parts:
        if p not in AI_LEVELS:
            raise argparse.ArgumentTypeError(_("{text} is not an AI level: choose {levels}").format(
                text=repr(p), levels=", ".join(AI_LEVELS)))
    return parts[0] if len(parts) == 1 else parts


# Why a name or a title was refused, in the player's language: the same reasons as the
# server's (English) refusals (messages.plain_text), each a whole sentence.
TEXT_FAULTS = {
    "name": (N_("the name is empty"), N_("the name is {n} characters long (at most {most})"),
             N_("the name may not contain [ or ]")),
    "title": (N_("the title is empty"), N_("the title is {n} characters long (at most {most})"),
              N_("the title may not contain [ or ]")),
}


def _text_fault(text: str, what: str, most: int) -> argparse.ArgumentTypeError:
    """The refusal of a name or title that :func:`plain_text` refused, as one translated line."""
    empty, long, brackets = TEXT_FAULTS[what]
    cleaned = clean_text(text)
    if not shows_something(cleaned):
        return argparse.ArgumentTypeError(_(empty))
    if len(cleaned) > most:
        return argparse.ArgumentTypeError(_(long).format(n=len(cleaned), most=most))
    return argparse.ArgumentTypeError(_(brackets))


def _name(text: str) -> str:
    try:
        return check_name(text)
    except NetError:
        raise _text_fault(unicodedata.normalize("NFC", text), "name", NAME_MAX) from None


def _title(text: str) -> str:
    try:
        return plain_text(text, "the title", TITLE_MAX)
    except NetError:
        raise _text_fault(text, "title", TITLE_MAX) from None


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(_("{text} is not a port number (0-65535)").format(text=repr(text)))
    return int(text)


def host_address(text: str) -> str:
    """An argparse type: the ``--host`` of ``server`` and ``web``. A name the resolver cannot
    even encode ("a..b", a label over 63 characters) is refused here, where it came out of
    the server as "encoding with 'idna' codec failed (UnicodeError: label empty or too long)"."""
    if not text.strip():  # it listened on every network, saying ws://:PORT/
        raise argparse.ArgumentTypeError(
            _("an empty address: say 127.0.0.1 for this machine only, 0.0.0.0 for every network"))
    try:
        text.encode("idna")
    except UnicodeError:
        raise argparse.ArgumentTypeError(_("{text} is not a host name or address").format(text=repr(text))) from None
    return text


def _url(text: str) -> str:
    from urllib.parse import urlsplit

    try:  # "ws://[::1" or a port past 65535 said in urllib's English words, at the connection
        parts = urlsplit(text)
        parts.port  # noqa: B018 - read for its check
        good = text.startswith(("ws://", "wss://")) and bool(parts.hostname) and not two_addresses(text)
    except ValueError:
        good = False
    if not good:
        raise argparse.ArgumentTypeError(_("{text} is not a server address such as {url}").format(
            text=repr(text), url=DEFAULT_URL))
    return text


def add_server_args(srv, shared, non_negative_int) -> None:
    """The options of ``server``, their help in the player's language (the command line
    makes its parser: ``scopa_tui.cli.build_parser``)."""
    file, seconds = pgettext("placeholder", "FILE"), pgettext("placeholder", "SECONDS")
    srv.add_argument("--host", default="127.0.0.1", type=host_address, metavar=pgettext("placeholder", "ADDRESS"),
                     help=_("address to listen on (default 127.0.0.1: this machine only)"))
    srv.add_argument("--port", type=_port, default=7654, metavar=pgettext("placeholder", "PORT"),
                     help=_("port (default 7654; 0 picks a free one)"))
    srv.add_argument("--certfile", default=None, metavar=file,
                     help=_("TLS certificate: serve wss:// (with --keyfile)"))
    srv.add_argument("--keyfile", default=None, metavar=file, help=_("the certificate's private key"))
    srv.add_argument("--ai-pace", type=_pace, default=0.5, metavar=seconds,
                     help=_("pause before each AI play (default 0.5)"))
    srv.add_argument("--max-connections-per-address", type=non_negative_int, default=ADDRESS_CONNECTIONS,
                     metavar="N", help=_("open connections from one address (default {n}; 0: no limit)").format(
                         n=ADDRESS_CONNECTIONS))
    srv.add_argument("--max-waiting-per-address", type=non_negative_int, default=ADDRESS_WAITING, metavar="N",
                     help=_("tables from one address waiting to start, or played with nobody at them "
                            "(default {n}; 0: no limit)").format(
                         n=ADDRESS_WAITING))
    shared(srv, "--data-dir", metavar=pgettext("placeholder", "DIR"),
           help=_("where tables in progress and finished games are kept"))


def add_online_args(onl, add_rules_args, shared, games_count) -> None:
    """The options of ``online``, their help in the player's language (``games_count``: the
    argparse type of ``--games``)."""
    # TRANSLATORS: an AI level (easy, hard:time=0.3), after --ai and --ai-seats in the command
    # line's help, and in its messages ("add --bot CMD or --ai LEVEL").
    level, seconds = pgettext("placeholder", "LEVEL"), pgettext("placeholder", "SECONDS")
    # no --server: the app's lobby opens on the server it last used (README.md, Online), a
    # headless seat connects to DEFAULT_URL
    onl.add_argument("--server", type=_url, default=None, metavar=pgettext("placeholder", "ADDRESS"),
                     help=_("server address (default: the app's last, else {url})").format(url=DEFAULT_URL))
    # no --name in the app: the lobby's own (the name it last reached a server with, else the
    # login name: README.md, Online in the app); a headless seat is told to give one
    onl.add_argument("--name", type=_name, default=None, metavar=pgettext("placeholder", "NAME"),
                     help=_("your name at the table, 1-24 characters (the app: by default the name it last "
                            "used, else your login name)"))
    what = onl.add_mutually_exclusive_group()
    # TRANSLATORS: 'table CODE' is printed as is (scripts read it): do not translate it.
    what.add_argument("--create", action="store_true", help=_("create a table (prints 'table CODE' first)"))
    # TRANSLATORS: a table's code (K7XQ93PA), after --join in the command line's help.
    what.add_argument("--join", metavar=pgettext("placeholder", "CODE"), default=None,
                      help=_("join the table with this code"))
    add_rules_args(onl, default=argparse.SUPPRESS)
    onl.add_argument("--ai-seats", type=_levels, default="medium", metavar=level,
                     # TRANSLATORS: {levels} lists the AI levels as typed (easy, medium, hard, random).
                     help=_("AI level of the seats no person takes: {levels} (or one per seat)").format(
                         levels=", ".join(AI_LEVELS)))
    onl.add_argument("--turn-limit", type=_turn_limit, default=60.0, metavar=seconds,
                     help=_("seconds a person has for a play before the AI plays it (default 60)"))
    # TRANSLATORS: a table's title, after --title in the command line's help.
    onl.add_argument("--title", type=_title, default=None, metavar=pgettext("placeholder", "TITLE"),
                     # TRANSLATORS: the default title, "NAME's table", in your words ("Tavolo di NAME").
                     help=_("the table's title in the lobby (default: \"NAME's table\" in your language)"))
    onl.add_argument("--private", action="store_true", help=_("leave the table out of the lobby"))
    shared(onl, "--data-dir", metavar=pgettext("placeholder", "DIR"),
           help=_("where settings and seats kept at tables live (and the history, in the app)"))
    onl.add_argument("--start-after", type=_pace_long, default=None, metavar=seconds,
                     help=_("with --create: start after this long, AIs taking the empty seats "
                            "(default: start when every seat is taken); with --join, the same whenever "
                            "this seat is the table's creator (a creator killed and back)"))
    onl.add_argument("--games", type=games_count, default=1, metavar="N",
                     help=_("with --bot or --ai: play N games at the table, asking for a rematch after each "
                            "(default 1)"))
    who = onl.add_mutually_exclusive_group()
    # TRANSLATORS: a scopa-bot/1 program's command, after --bot in the command line's help and
    # in its messages ("add --bot CMD or --ai LEVEL").
    who.add_argument("--bot", metavar=pgettext("placeholder", "CMD"), default=None,
                     help=_("play the seat with this scopa-bot/1 program"))
    who.add_argument("--ai", dest="seat_ai", metavar=level, default=None,
                     help=_("play the seat with a built-in AI (easy, medium, hard, pimc, random, hard:time=0.3 ...)"))


def cmd_server(args) -> int:
    from ..store.paths import resolve_data_dir
    from .server import serve_until_stopped

    if bool(args.certfile) != bool(args.keyfile):
        raise ValueError(_("--certfile and --keyfile go together"))
    data_dir = resolve_data_dir(getattr(args, "data_dir", None))
    try:
        import asyncio  # here, not at the top: every subcommand builds these options

        return asyncio.run(serve_until_stopped(data_dir, args.host, args.port, args.certfile, args.keyfile,
                                               ai_pace=args.ai_pace,
                                               max_connections=args.max_connections_per_address,
                                               max_waiting=args.max_waiting_per_address))
    except KeyboardInterrupt:
        return 130


# The app's online screens (another part of the project) set this to a function taking the
# parsed arguments: ``online`` without --bot/--ai then opens the app (the lobby, or the
# table of --join CODE).  Until then such a command is refused with one line.
APP_HOOK = None


def _open_app(args) -> int:
    hook = APP_HOOK
    if hook is None:
        try:
            from ..ui.online import run_online  # noqa: PLC0415 - provided by the app's online screens
        except ImportError:
            raise ValueError(_("this build cannot open the app online yet: add --bot CMD or --ai LEVEL "
                               "to play the seat headless")) from None
        hook = run_online
    return hook(args)


def _create_request(args) -> dict:
    """The table ``--create`` asks for: its players, rules, AI seats and the rest of the flags,
    titled in the player's language as the lobby titles it (the server's title is English)."""
    from ..engine.variants import get_variant
    from .client import table_title

    variant = getattr(args, "variant", None) or "scopa"
    players = getattr(args, "players", None) or get_variant(variant).default_players
    levels = args.ai_seats
    if isinstance(levels, list) and len(levels) != players:
        raise ValueError(ngettext("--ai-seats lists {n} levels for {players} seat",
                                  "--ai-seats lists {n} levels for {players} seats", players).format(
            n=len(levels), players=players))
    create = {"players": players, "preset": getattr(args, "preset", None) or "standard",
              "variant": variant, "options": list(getattr(args, "option", None) or []),
              "ai": levels, "turn_limit": args.turn_limit, "public": not args.private}
    if getattr(args, "target", None):
        create["target"] = args.target
    if args.title or args.name:  # else the app's lobby titles it with the name it plays under
        create["title"] = args.title or table_title(args.name)
    return create


def _check_said_for_nothing(args) -> None:
    """Flags that would be ignored are refused, one line: a table joined has its own rules
    and settings, and the app asks the player about each rematch (README.md, Play online)."""
    if args.join is not None:
        # A headless creator killed and back with --join keeps starting its table by --start-after.
        headless = args.bot is not None or args.seat_ai is not None
        given = [("--players", getattr(args, "players", None)), ("--preset", getattr(args, "preset", None)),
                 ("--target", getattr(args, "target", None)), ("--variant", getattr(args, "variant", None)),
                 ("--option", getattr(args, "option", None)), ("--title", args.title),
                 ("--private", args.private), ("--start-after", None if headless else args.start_after)]
        flag = next((flag for flag, value in given if value), None)
        if flag is not None:
            # TRANSLATORS: {flag} is an option as typed (--players, --title, ...).
            raise ValueError(_("{flag} goes with --create: a table you join has its own rules and settings")
                             .format(flag=flag))
    if args.games != 1 and args.bot is None and args.seat_ai is None:
        raise ValueError(_("--games goes with --bot or --ai (a headless seat); in the app you answer each "
                           "rematch yourself"))


def cmd_online(args) -> int:
    from ..ai.registry import check_runnable, make_player

    _check_said_for_nothing(args)
    create = _create_request(args) if args.create else None
    if args.bot is None and args.seat_ai is None:
        # the app creates the table the flags say and seats the player at it, as the lobby's
        # Create does (it opened the lobby with its own defaults, the flags left unsaid)
        args.create_request = create
        return _open_app(args)
    if args.join is not None and not args.join.strip():
        raise ValueError(_("--join needs the table's code, e.g. --join K7XQ93PA"))
    if args.bot is not None and not args.bot.strip():
        raise ValueError(_("--bot needs the command that runs the bot, e.g. --bot \"python my_bot.py\""))
    if not args.create and not args.join:
        raise ValueError(_("say --create or --join CODE"))
    if args.name is None:
        raise ValueError(_("say --name NAME: the name the others see at the table"))
    spec = f"cmd:{args.bot}" if args.bot is not None else args.seat_ai
    if args.bot is None and not spec.strip():
        raise ValueError(_("--ai needs a level, e.g. --ai hard"))
    if spec.strip().lower().startswith("cmd") and args.bot is None:
        raise ValueError(_("--ai takes a built-in AI; use --bot CMD for a program"))
    if args.bot is None:
        from ..ai.registry import FACTORIES

        name = spec.partition(":")[0].strip().lower()
        if name not in FACTORIES:  # the registry's own words would offer cmd:COMMAND, which --ai refuses
            known = ", ".join(sorted(n for n in FACTORIES if n != "cmd"))
            # TRANSLATORS: {known} lists the AI names as typed; --bot CMD is typed as it is.
            raise ValueError(_("unknown AI {name}: choose one of {known} (a program goes with --bot CMD)")
                             .format(name=repr(name), known=known))
    check_runnable(spec)
    from ..store import Store
    from ..store.files import stdout_failed
    from .client import NetClient
    from .seat import HeadlessSeat, KeptSeats, OutputFailed

    server = args.server or DEFAULT_URL
    store = Store(getattr(args, "data_dir", None))  # the seat's token kept as the app keeps its own
    seat = HeadlessSeat(NetClient(server, args.name), lambda: make_player(spec), games=args.games,
                        kept=KeptSeats(store, server, args.name))
    try:
        import asyncio

        return asyncio.run(seat.run(create=create, join=args.join, start_after=args.start_after))
    except KeyboardInterrupt:
        return 130
    except OutputFailed as e:
        if isinstance(e.error, BrokenPipeError):  # its reader went (| head -1, for the code)
            stdout_failed(e.error)
            return 0
        raise ValueError(stdout_failed(e.error)) from None  # one line, exit status 2
