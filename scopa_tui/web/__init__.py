"""``scopa-tui web``: the game in a browser, served by textual-serve.

Every browser tab that opens the page gets its own ``scopa-tui`` process (textual-serve
starts the command below with Textual's web driver); the options given to ``scopa-tui web``
that concern the game (``--data-dir``, the rules, ``--ai``, ``--seed``, ...) are passed on
to it, and so is ``--lang`` (the page's own words are in the same language).  The server
listens on 127.0.0.1 unless ``--host`` names another address.
"""

from __future__ import annotations

import asyncio
import os
import shlex
import socket
import sys
from pathlib import Path

from ..engine.text import _, language
from ..store.files import describe_os_error

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
TEMPLATES = Path(__file__).parent / "templates"

# The game options of the top-level command that the served app receives, as
# (attribute of the parsed arguments, the option that sets it).
PASSED_ON = (("players", "--players"), ("preset", "--preset"), ("target", "--target"),
             ("seed", "--seed"), ("deck", "--deck"), ("ai_delay", "--ai-delay"),
             ("data_dir", "--data-dir"), ("lang", "--lang"))


class ServeError(Exception):
    """The server cannot start (address in use, unknown host): one line for the player."""


def app_command(args) -> str:
    """The shell command textual-serve runs for each browser session."""
    argv = [sys.executable, "-m", "scopa_tui"]
    for attr, flag in PASSED_ON:
        value = getattr(args, attr, None)
        if value is None:
            continue
        if attr == "data_dir":  # the app process must find it whatever its directory
            value = os.path.abspath(os.path.expanduser(value))
        argv += [flag, str(value)]
    if getattr(args, "ai", None):
        argv += ["--ai", ",".join(args.ai)]
    ascii_ = getattr(args, "ascii", None)
    if ascii_ is not None:
        argv.append("--ascii" if ascii_ else "--no-ascii")
    return shlex.join(argv)


def check_address(host: str, port: int) -> None:
    """Bind ``host:port`` once (as the web server will) so that a port in use or an unknown
    host is told in one line before anything is printed."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as e:
        raise ServeError(_("cannot listen on {host}: {why}").format(host=host, why=e.strerror)) from None
    for family, kind, proto, _name, address in infos:
        with socket.socket(family, kind, proto) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as aiohttp does
            try:
                sock.bind(address)
            except OSError as e:
                raise ServeError(_("cannot listen on {host} port {port}: {why}").format(
                    host=host, port=port, why=describe_os_error(e))) from None


def page_words() -> dict[str, str]:
    """The words of the page around the game (templates/app_index.html), in the language the
    command was given (the game itself gets ``--lang``)."""
    return {"lang": language(),
            # TRANSLATORS: the web page while the game starts; {name} is "Scopa".
            "dealing": _("{name}: dealing…").format(name="Scopa"),
            # TRANSLATORS: a button on the web page, shown when the game is slow to start.
            "start": _("Start"), "closed": _("The game has closed."), "again": _("Play again")}


SHUTDOWN_WAIT = 10.0  # seconds Ctrl+C waits for the games to close before the server ends


def _server_class():
    import aiohttp_jinja2
    from aiohttp import web
    from textual_serve.server import Server

    class ScopaServer(Server):
        """textual-serve's server with our own page (templates/) and start-up line, and a
        Ctrl+C that closes the open games at once (else the server waits up to a minute for
        every browser to go)."""

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.sessions: set[asyncio.Task] = set()  # the requests being served, pages included

        async def _make_app(self) -> web.Application:
            app = await super()._make_app()
            app.middlewares.append(self._remember_session)
            return app

        @web.middleware
        async def _remember_session(self, request, handler):
            task = asyncio.current_task()
            self.sessions.add(task)
            try:
                return await handler(request)
            finally:
                self.sessions.discard(task)

        @aiohttp_jinja2.template("app_index.html")
        async def handle_index(self, request) -> dict:
            """textual-serve's page, with its words in the player's language."""
            context = await Server.handle_index.__wrapped__(self, request)
            context["words"] = page_words()
            return context

        async def on_startup(self, app) -> None:
            self.console.print(_("Scopa in a browser: open {url}  (Ctrl+C stops the server)").format(
                url=self.public_url), highlight=False, markup=False)

        async def on_shutdown(self, app) -> None:
            # A cancelled session closes its page and tells its game to quit (textual-serve's
            # handler does both); the game has saved every move already.
            for task in self.sessions:
                task.cancel()
            if self.sessions:
                await asyncio.wait(set(self.sessions), timeout=SHUTDOWN_WAIT)

    return ScopaServer


def serve(args) -> int:
    """Serve the app until Ctrl+C or SIGTERM; 0 then."""
    host, port = args.host, args.port
    check_address(host, port)
    server = _server_class()(app_command(args), host=host, port=port, title="Scopa",
                             public_url=getattr(args, "public_url", None), templates_path=TEMPLATES)
    try:
        server.serve()
    except OSError as e:  # lost a race for the port since check_address
        raise ServeError(_("cannot listen on {host} port {port}: {why}").format(
            host=host, port=port, why=describe_os_error(e))) from None
    return 0
