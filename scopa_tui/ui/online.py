"""``scopa-tui online --server URL --name NAME [--join CODE | --create ...]`` without ``--bot``:
the app, opened on the lobby of the server (or seated at the table ``--join`` names, or at the
new table ``--create`` and its flags describe)."""

from __future__ import annotations

import getpass

from ..engine.text import _


def default_name() -> str:
    """The name the lobby offers first: the login name, else "Player" (in the player's language)."""
    try:
        name = getpass.getuser().strip()
    except Exception:  # no login name (a container, Windows without USERNAME)
        name = ""
    # TRANSLATORS: the name offered in the lobby when the login name cannot be used (at most 24 characters).
    return name[:24] if name and "[" not in name and "]" not in name else _("Player")


def run_online(args) -> int:
    """Run the app on the lobby; the exit status of the app (non-zero after a crash)."""
    from .app import SCORING_PAUSE, ScopaApp
    from .crash import refuse_without_terminal, run_app_reporting
    from .persistence import launch_options

    # before the command line's settings are remembered; a headless seat needs no terminal
    # TRANSLATORS: --ai and --bot are typed as they are; LEVEL and CMD as --help writes them.
    refused = refuse_without_terminal(_("add --ai LEVEL or --bot CMD to play the seat without a terminal"))
    if refused is not None:
        return refused
    opts = launch_options(args)
    online = {"server": getattr(args, "server", None), "name": args.name,  # no server: the last one used
              "join": getattr(args, "join", None), "create": getattr(args, "create_request", None)}
    app = ScopaApp(online=online, ascii=opts.ascii, ai_delay=opts.ai_delay, data_dir=opts.data_dir,
                   theme=opts.theme, scoring_pause=SCORING_PAUSE, reduce_motion=opts.reduce_motion)
    return run_app_reporting(app, opts.data_dir)
