"""``scopa-tui web``: the game in a browser, served by textual-serve.

Every browser tab that opens the page gets its own ``scopa-tui`` process (textual-serve
starts the command below with Textual's web driver); the options given to ``scopa-tui web``
that concern the game (``--data-dir``, the rules, ``--ai``, ``--seed``, ...) are passed on
to it, and so is ``--lang`` (the page's own words are in the same language).  The server
listens on 127.0.0.1 unless ``--host`` names another address.

Each game is a process: at most ``--max-sessions`` of them run at once (README.md, *In a
browser*), and at most ``--max-per-address`` from one address (:func:`..net.address.address_key`);
the page asked for beyond that says the server is full (HTTP 503), and so does a websocket
opened anyway, before any process starts.  A game whose browser sends no key,
click or resize for ``--idle-minutes`` is closed (it is saved), which frees its place.  The
terminal size a browser asks for (``?width=``/``?height=`` and its resize messages) is held
to :data:`SIZE_MIN`..:data:`SIZE_MAX`, and its keys go on to its game at :class:`KeyRate`'s pace
at most.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shlex
import socket
import sys
from collections import Counter
from pathlib import Path

from ..engine.text import _, language, ngettext
from ..net.address import address_key, every_network, network_addresses, url_host
from ..store.files import describe_os_error, stdout_failed

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_SESSIONS = 8  # games (app processes) at once: a 2-core machine plays about that many well
DEFAULT_MAX_PER_ADDRESS = 4  # of them from one address (an IPv6 /64), so that one browser cannot take all
DEFAULT_IDLE_MINUTES = 30  # a game whose browser sends no key, click or resize this long is closed
# Columns and rows a browser may ask for (else 80×24). A small window plays at its own size, where
# the game says it is too small: drawn 20 rows high in 8, it showed the player a piece of a box.
SIZE_MIN, SIZE_MAX = 1, 500
KEYS_PER_SECOND, KEYS_AT_ONCE = 200, 400  # a page's keys and mouse reports a game is sent (KeyRate)
RETRY_AFTER = "30"  # seconds a full server tells browsers and scripts to wait (HTTP Retry-After)
TEMPLATES = Path(__file__).parent / "templates"

# The game options of the top-level command that the served app receives, as
# (attribute of the parsed arguments, the option that sets it).
PASSED_ON = (("players", "--players"), ("preset", "--preset"), ("target", "--target"),
             ("variant", "--variant"), ("seed", "--seed"), ("deck", "--deck"), ("ai_delay", "--ai-delay"),
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
    for option in getattr(args, "option", None) or ():  # the house rules, each as given
        argv += ["--option", option]
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
        raise ServeError(_("cannot listen on {host}: {why}").format(host=host, why=describe_os_error(e))) from None
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
            "start": _("Start"), "closed": _("The game has closed."), "again": _("Play again"),
            # TRANSLATORS: a button on the web page when the server has no room for one more game.
            "again_later": _("Try again")}


def busy_line(max_sessions: int) -> str:
    """What a browser (or a script) is told when every game of the server is taken."""
    return ngettext("This server plays at most {n} game at once, and it is being played; try again in a while.",
                    "This server plays at most {n} games at once, and all are being played; "
                    "try again in a while.", max_sessions).format(n=max_sessions)


def not_a_websocket_line(url: str) -> str:
    """What a plain request for the game's websocket (a link, ``curl``) is told: the page to open."""
    # TRANSLATORS: {url} is the address of the web page, e.g. http://127.0.0.1:8000/.
    return _("This address is the game's own connection, for its page: open {url} in a web browser.").format(url=url)


def address_busy_line(max_per_address: int) -> str:
    """What a browser (or a script) is told when its address already plays all it may."""
    return ngettext("This server plays at most {n} game at once for one address, and yours is playing it; "
                    "close it and try again.",
                    "This server plays at most {n} games at once for one address, and yours are playing them; "
                    "close one and try again.", max_per_address).format(n=max_per_address)


def terminal_size(value, default: int) -> int:
    """A width or height a browser asked for, as a whole number from SIZE_MIN to SIZE_MAX
    (``default`` when it is none): textual-serve would pass any number on to the game."""
    try:
        number = int(value)
    except (TypeError, ValueError, OverflowError):
        return default
    return min(SIZE_MAX, max(SIZE_MIN, number))


class KeyRate:
    """The keys (and mouse reports) a page may send on to its game: ``burst`` at once, then ``rate``
    a second, far more than a player types or a mouse moves. A script's flood went on whole: the
    game read 100,000 keys into its own queue at once and played them for minutes, its page
    closed, its place taken and Ctrl+C waiting a minute for it."""

    def __init__(self, rate: float = KEYS_PER_SECOND, burst: int = KEYS_AT_ONCE) -> None:
        self.rate, self.burst = rate, burst
        self.left, self.at = float(burst), None  # keys that may go now, counted at time ``at``

    def take(self, now: float) -> bool:
        """One key at time ``now`` (seconds): whether it goes on."""
        if self.at is not None:
            self.left = min(self.burst, self.left + (now - self.at) * self.rate)
        self.at = now
        if self.left < 1:
            return False
        self.left -= 1
        return True


log = logging.getLogger("textual-serve")  # textual-serve's log: the web server's console
SHUTDOWN_WAIT = 10.0  # seconds Ctrl+C waits for the games to close before the server ends


def _server_class():
    import aiohttp_jinja2
    from aiohttp import web
    from textual_serve.server import Server

    class ScopaServer(Server):
        """textual-serve's server with our own page (templates/) and start-up line, a cap on
        the games at once, their size and their idle time, and a Ctrl+C that closes the open games at once
        (else the server waits up to a minute for every browser to go)."""

        def __init__(self, *args, max_sessions: int = DEFAULT_MAX_SESSIONS,
                     max_per_address: int = DEFAULT_MAX_PER_ADDRESS,
                     idle_timeout: float = DEFAULT_IDLE_MINUTES * 60.0, **kwargs):
            super().__init__(*args, **kwargs)
            self.sessions: set[asyncio.Task] = set()  # the requests being served, pages included
            self.max_sessions = max_sessions
            self.max_per_address = max_per_address  # 0: no limit but max_sessions
            self.idle_timeout = idle_timeout  # seconds; 0: none
            self.games = 0  # websockets being served: each one a game process
            self.by_address: Counter[str] = Counter()  # address_key -> its games being served

        def _busy(self, address: str) -> str | None:
            """Why one more game cannot start for ``address`` (its address_key): a line to say, or None."""
            if self.games >= self.max_sessions:
                return busy_line(self.max_sessions)
            if self.max_per_address and self.by_address[address] >= self.max_per_address:
                return address_busy_line(self.max_per_address)
            return None

        async def _make_app(self) -> web.Application:
            app = await super()._make_app()
            app.middlewares.append(self._remember_session)
            # textual-serve serves /static/ with its index shown: anyone could list the files (a
            # folder gets 403 now); the files themselves are served as before
            app.router["static"]._show_index = False
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
            busy = self._busy(address_key(request.remote or ""))
            if busy:  # the page would only open a websocket that is refused
                page = aiohttp_jinja2.render_template(
                    "busy.html", request, {"words": page_words(), "busy": busy}, status=503)
                page.headers["Retry-After"] = RETRY_AFTER
                return page
            context = await Server.handle_index.__wrapped__(self, request)
            context["words"] = page_words()
            return context

        async def handle_websocket(self, request) -> web.StreamResponse:
            """textual-serve's game, if there is room for one more, at a size held in bounds; a request
            that is no websocket's is told the page to open."""
            address = address_key(request.remote or "")
            busy = self._busy(address)
            if busy:  # before the handshake: no process starts
                return web.Response(status=503, text=busy + "\n", headers={"Retry-After": RETRY_AFTER})
            if not web.WebSocketResponse().can_prepare(request).ok:  # no handshake: textual-serve logged two
                # tracebacks, some two hundred lines, and answered nothing
                return web.Response(status=400, text=not_a_websocket_line(self.public_url + "/") + "\n")
            query = request.rel_url.query
            url = request.rel_url.update_query(width=terminal_size(query.get("width"), 80),
                                               height=terminal_size(query.get("height"), 24))
            self.games += 1
            self.by_address[address] += 1
            try:
                return await super().handle_websocket(request.clone(rel_url=url))
            finally:
                self.games -= 1
                self.by_address[address] -= 1
                if not self.by_address[address]:
                    del self.by_address[address]

        async def _process_messages(self, websocket, app_service) -> None:
            """textual-serve's loop over the browser's messages, with its resizes held in bounds;
            a message that is none of the page's ends the game with one line in the server's log
            (textual-serve's logged a traceback with its locals, some eighty lines), and so does
            a browser silent for ``idle_timeout`` (its pings, focus and blur are not the player).
            Keys beyond :class:`KeyRate`'s pace are dropped, and so is what the browser sends once
            its game has ended (quit, while keys still come); a game whose page has gone is read to
            its end."""
            loop = asyncio.get_running_loop()
            heard = [loop.time()]  # the browser's last key, click or resize

            def while_running(send):
                async def sent(data) -> bool:  # asyncio logged "pipe closed by peer" for each write to an
                    # ended game after the fifth: thousands of lines for a page that kept typing
                    return not app_service.stdin.is_closing() and await send(data)
                return sent

            # Once the page has gone, the game's output is read and dropped until the game ends.
            # textual-serve stopped reading it: the closed websocket raised, and aiohttp cancelled
            # the request on the lost connection, which cancelled the reading while it waited for
            # the game to quit. A game still drawing filled its pipe and waited on it for ever, its
            # process left running and its save locked ("open in another copy" for the next tab).
            def to_page(send):
                async def sent(data) -> None:
                    if not websocket.closed:
                        with contextlib.suppress(ConnectionResetError):
                            await send(data)
                return sent

            app_service.remote_write_bytes = to_page(app_service.remote_write_bytes)
            app_service.remote_write_str = to_page(app_service.remote_write_str)
            stop = app_service.stop

            async def stop_whole() -> None:
                await asyncio.shield(stop())

            app_service.stop = stop_whole
            app_service.send_meta = while_running(app_service.send_meta)  # resizes, focus, blur, quit
            resize, typed = app_service.set_terminal_size, while_running(app_service.send_bytes)

            async def bounded(width, height) -> None:
                heard[0] = loop.time()
                await resize(terminal_size(width, 80), terminal_size(height, 24))

            rate, flooded = KeyRate(), False

            async def keys(data: bytes) -> bool:
                nonlocal flooded
                heard[0] = loop.time()
                if rate.take(heard[0]):
                    return await typed(data)
                if not flooded:  # said once a game
                    flooded = True
                    log.warning(_("a browser sent keys faster than any player, more than {n} a second; "
                                  "those beyond are dropped").format(n=rate.rate))
                return False

            app_service.set_terminal_size, app_service.send_bytes = bounded, keys
            watch = loop.create_task(self._close_when_idle(websocket, heard)) if self.idle_timeout else None
            try:
                await super()._process_messages(websocket, app_service)
            except (ValueError, AssertionError, LookupError, TypeError, AttributeError) as e:
                log.warning(_("a browser sent a message the page never sends ({why}); its game is closed").format(
                    why=f"{type(e).__name__}: {e}"))
            finally:
                if watch is not None:
                    watch.cancel()

        async def _close_when_idle(self, websocket, heard: list[float]) -> None:
            loop = asyncio.get_running_loop()
            while (left := heard[0] + self.idle_timeout - loop.time()) > 0:
                await asyncio.sleep(left)
            minutes = round(self.idle_timeout / 60)  # whole minutes (--idle-minutes)
            log.info(ngettext("a game was closed after {n} minute without a key from its browser",
                              "a game was closed after {n} minutes without a key from its browser",
                              minutes).format(n=minutes))
            await websocket.close()  # the page says the game has closed, with Play again

        async def on_startup(self, app) -> None:
            line = _("Scopa in a browser: open {url}  (Ctrl+C stops the server)").format(url=self.public_url)
            try:
                self.console.print(line, highlight=False, markup=False)
            except OSError as e:  # > /dev/full, >&-: it stopped the server as 'cannot listen on ...: No space
                # left on device'; it serves on, its console (this line, its log) on standard error, as server's
                self.console.file = sys.stderr
                log.warning(stdout_failed(e))  # after the line, still in the console's buffer

        async def on_shutdown(self, app) -> None:
            # A cancelled session closes its page and tells its game to quit (textual-serve's
            # handler does both); the game has saved every move already.
            for task in self.sessions:
                task.cancel()
            if self.sessions:
                await asyncio.wait(set(self.sessions), timeout=SHUTDOWN_WAIT)

    return ScopaServer


def public_url(host: str, port: int, given: str | None) -> str | None:
    """The address the browsers open (``--public-url``; None: textual-serve's, the host's):
    on every network (``--host 0.0.0.0``, or ``::``) this machine's address on its network, as
    the table server names it (README.md, *In a browser*). http://0.0.0.0:8000 was said, and
    the page another machine opened at the machine's address reached for its game at 0.0.0.0."""
    if given is not None or not every_network(host):
        return given
    found = network_addresses(ipv6=":" in host)
    if not found:
        return None
    return f"http://{url_host(found[0])}:{port}"


def serve(args) -> int:
    """Serve the app until Ctrl+C or SIGTERM; 0 then."""
    host, port = args.host, args.port
    check_address(host, port)
    server = _server_class()(app_command(args), host=host, port=port, title="Scopa",
                             public_url=public_url(host, port, getattr(args, "public_url", None)),
                             templates_path=TEMPLATES,
                             max_sessions=getattr(args, "max_sessions", DEFAULT_MAX_SESSIONS),
                             max_per_address=getattr(args, "max_per_address", DEFAULT_MAX_PER_ADDRESS),
                             idle_timeout=getattr(args, "idle_minutes", DEFAULT_IDLE_MINUTES) * 60.0)
    try:
        server.serve()
    except OSError as e:  # lost a race for the port since check_address
        raise ServeError(_("cannot listen on {host} port {port}: {why}").format(
            host=host, port=port, why=describe_os_error(e))) from None
    return 0
