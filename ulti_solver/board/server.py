"""The board's web server: Starlette routes in front of :mod:`.answers`, run by uvicorn.

Why Starlette on uvicorn: a small, well-kept ASGI library (the base of
FastAPI) with nothing to build, and a production server under it; what
the board needs of them is a handful of routes, reading a request body
in chunks (so an oversized one is refused before it is read whole), and
an event loop that hands the search to threads.  ``http.server`` has no
bound on request sizes and runs the search on the thread that should be
answering.

Every search runs in a thread pool, off the event loop: the core releases
the GIL while it searches, so the page's other requests (and the static
files) are answered meanwhile.  What one request may cost is bounded:
its body (:attr:`Limits.body_bytes`, 413 past it), the cards it values (one
position's legal cards, at most ten, or one game of at most thirty cards),
its time (:attr:`Limits.seconds`, 503 past it; the search then finishes in
the background, still holding its worker), and the searches waiting for a
worker (:attr:`Limits.waiting`, 503 past it); a connection has
:attr:`Limits.header_seconds` to send a request's head (closed past it,
:mod:`.protocol`).  Bad input is a 400 with the
command line's one-line message, naming the page's field where the
command line names an option (:mod:`.fields`); a whole-game record that breaks a rule
(``/api/record``, :mod:`.record`) is a 400 that names the rule too; an internal error is a
500 with one line and never a traceback in the page.

Play (``/api/play/...``, :mod:`.play`): a person's game against two bots, kept in memory
by its id (a bounded number, :attr:`Limits.play_games`); the bots' answers run on the same
workers as the searches.  An illegal answer is a 400 that leaves the game as it was, an id
not kept a 404, and a game whose bots are still answering (or that is over) a 409.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Dict, NamedTuple, Optional, Sequence

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..errors import UltiInputError
from ..game.breach import GameRuleError
from ..i18n import L_, _
from ..report.html import static_text
from .answers import BoardInputError, analyse_objects, json_lines, read_request, solve_object
from .fields import read_board_game
from .page import STATIC_FILES, board_page, report_page
from .play import ANSWER_FIELDS, NEW_FIELDS, PlaySession, Sessions, read_answer_request
from .record import record_answer

NDJSON = "application/x-ndjson; charset=utf-8"
#: The board's own page loads only what the server serves.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
#: A report page is self-contained: inline style and script, nothing loaded.
REPORT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"


class Limits(NamedTuple):
    """What one request may cost the server."""

    body_bytes: int = 64 * 1024
    seconds: float = 20.0
    workers: int = max(1, min(4, os.cpu_count() or 1))
    waiting: int = 16
    #: Seconds a connection has to send a request's whole head (its line and headers).
    header_seconds: float = 10.0
    #: Games of Play kept in memory (:mod:`.play`); the least recently used goes past it.
    play_games: int = 32


class TooLarge(Exception):
    """A request body over the limit."""


class Busy(Exception):
    """No worker free and the waiting room full, or a search over its time."""


class Searches:
    """Runs the answers on a thread pool, bounded in number and in the time a request waits."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.pool = ThreadPoolExecutor(max_workers=limits.workers, thread_name_prefix="ulti-board")
        self.running = 0  # submitted and not finished, timed-out ones included (event loop thread only)

    def _finished(self, future: asyncio.Future) -> None:
        self.running -= 1
        if not future.cancelled():
            future.exception()  # retrieved: a search given up on may still fail, unlogged

    async def run(self, work: Callable, *args):
        limits = self.limits
        if self.running >= limits.workers + limits.waiting:
            raise Busy(
                _("the board is busy: {count} searches under way or waiting; try again in a moment").format(
                    count=self.running
                )
            )
        self.running += 1
        future = asyncio.get_running_loop().run_in_executor(self.pool, work, *args)
        future.add_done_callback(self._finished)
        try:
            return await asyncio.wait_for(asyncio.shield(future), limits.seconds)
        except asyncio.TimeoutError:
            raise Busy(
                _("the search took longer than {seconds:g} s and was given up").format(seconds=limits.seconds)
            ) from None

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


async def read_body(request: Request, limit: int) -> bytes:
    """The body, read in chunks and refused as soon as it passes ``limit`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise TooLarge()
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TooLarge()
        chunks.append(chunk)
    return b"".join(chunks)


def _error(status: int, message: str, headers=None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers)


def _say(text: str) -> None:
    try:
        print(text, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def _answering(limits: Limits, endpoint: Callable) -> Callable:
    """An endpoint whose every failure becomes a one-line JSON error with the right status."""

    async def answer(request: Request) -> Response:
        try:
            return await endpoint(request)
        except BoardInputError as exc:  # 400, or the status it carries (a game of Play: 404, 409)
            return _error(getattr(exc, "status", 400), " ".join(str(exc).split()))
        except TooLarge:
            return _error(
                413, _("the request is larger than {size} bytes, the board's limit").format(size=limits.body_bytes)
            )
        except Busy as exc:
            return _error(503, str(exc), {"Retry-After": "1"})
        except ClientDisconnect:  # the client went away mid-request: nobody to answer, nothing wrong here
            return Response(status_code=400)
        except Exception as exc:  # a bug: one line in the page and on stderr, never a traceback
            line = _("internal error: {kind}: {message}").format(
                kind=type(exc).__name__, message=" ".join(str(exc).split())[:300]
            )
            _say(f"ulti board: {line}")
            if os.environ.get("ULTI_DEBUG"):
                raise
            return _error(500, line)

    return answer


def _query_request(request: Request) -> dict:
    """A board URL's query string as a request: the page writes ``variant`` and ``kontra`` once per value."""
    params = request.query_params
    data: Dict[str, object] = {
        key: params[key] for key in ("deal", "bid", "trump", "rules", "table", "play") if key in params
    }
    data.update({"variants": params.getlist("variant"), "kontra": params.getlist("kontra")})
    unknown = [
        key for key in params if key not in ("deal", "bid", "trump", "rules", "table", "play", "variant", "kontra")
    ]
    if unknown:
        raise BoardInputError(L_("unknown field {field!r} in the address", field=unknown[0]))
    return data


def _closing(searches: Searches):
    """The app's lifespan: the worker threads go with the server."""

    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        searches.close()

    return lifespan


def make_app(limits: Limits = Limits(), hosts: Sequence[str] = ("127.0.0.1", "localhost", "[::1]", "::1")) -> Starlette:
    """The board's application: its page and static files, and the answers under ``/api``.

    ``hosts``: the Host headers answered (a guard against DNS rebinding; ``*`` for any)."""
    searches = Searches(limits)
    games = Sessions(limits.play_games)

    async def page(request: Request) -> Response:
        return Response(
            board_page(limits), media_type="text/html; charset=utf-8", headers={"Content-Security-Policy": PAGE_POLICY}
        )

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC_FILES:
            raise HTTPException(404)
        package, media = STATIC_FILES[name]
        return Response(static_text(name, package), media_type=media, headers={"Cache-Control": "no-cache"})

    async def api_solve(request: Request) -> Response:
        data = read_request(await read_body(request, limits.body_bytes))
        with_line = data.get("line", False)
        if not isinstance(with_line, bool):
            raise BoardInputError(L_("line is true or false: whether to give one best line of play"))
        data = {k: v for k, v in data.items() if k != "line"}
        text = await searches.run(lambda: json_lines([solve_object(read_board_game(data), with_line)]))
        return Response(text, media_type=NDJSON)

    async def api_analyse(request: Request) -> Response:
        data = read_request(await read_body(request, limits.body_bytes))
        if "line" in data:
            raise BoardInputError(L_("line belongs to /api/solve, not to an analysis"))
        text = await searches.run(lambda: json_lines(analyse_objects(read_board_game(data))))
        return Response(text, media_type=NDJSON)

    async def api_record(request: Request) -> Response:
        """A whole-game record (the body, one JSON line) checked by the referee and laid out in steps;
        a broken one is a 400 naming the rule it breaks, the part and the action's index (R45-R49)."""
        body = await read_body(request, limits.body_bytes)
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            raise BoardInputError(L_("the request is not UTF-8 text")) from None
        try:
            answer = await searches.run(lambda: record_answer(text))
        except GameRuleError as exc:
            return JSONResponse(
                {"error": " ".join(str(exc).split()), "rule": exc.rule, "part": exc.part, "index": exc.index},
                status_code=400,
            )
        return JSONResponse(answer)

    async def report(request: Request) -> Response:
        data = _query_request(request)
        html = await searches.run(lambda: report_page(read_board_game(data)))
        return Response(html, media_type="text/html; charset=utf-8", headers={"Content-Security-Policy": REPORT_POLICY})

    async def play_new(request: Request) -> Response:
        """Play (:mod:`.play`): a person's seat, two bots, a whole game dealt; the first question."""
        data = read_request(await read_body(request, limits.body_bytes), NEW_FIELDS)

        def start() -> dict:
            session = PlaySession(data)
            state = session.start()
            games.add(session)
            return state

        return JSONResponse(await searches.run(start))

    async def play_answer(request: Request) -> Response:
        """The person's answer: 400 when it is not legal (the game unchanged), else the next question."""
        data = read_request(await read_body(request, limits.body_bytes), ANSWER_FIELDS)
        session, answer = games.get(data), read_answer_request(data)
        return JSONResponse(await searches.run(session.answer, answer))

    async def play_state(request: Request) -> Response:
        return JSONResponse(games.get(request.query_params).current())

    async def play_report(request: Request) -> Response:
        html = await searches.run(games.get(request.query_params).report)
        return Response(html, media_type="text/html; charset=utf-8", headers={"Content-Security-Policy": REPORT_POLICY})

    async def not_found(request: Request, exc: HTTPException) -> Response:
        if exc.status_code == 405:
            return _error(
                405, _("{method} is not answered here; the board's questions are POSTed").format(method=request.method)
            )
        if exc.status_code == 404:
            return _error(404, _("nothing at {path}").format(path=request.url.path[:80]))
        return _error(exc.status_code, exc.detail)

    routes = [
        Route("/", page),
        Route("/static/{name}", static),
        Route("/api/solve", _answering(limits, api_solve), methods=["POST"]),
        Route("/api/analyse", _answering(limits, api_analyse), methods=["POST"]),
        Route("/api/record", _answering(limits, api_record), methods=["POST"]),
        Route("/report", _answering(limits, report)),
        Route("/api/play/new", _answering(limits, play_new), methods=["POST"]),
        Route("/api/play/answer", _answering(limits, play_answer), methods=["POST"]),
        Route("/api/play/state", _answering(limits, play_state)),
        Route("/api/play/report", _answering(limits, play_report)),
    ]
    app = Starlette(
        routes=routes,
        middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts))],
        # Starlette types a handler as taking any Exception, though it documents (and calls) one
        # registered for HTTPException with an HTTPException.
        exception_handlers={HTTPException: not_found},  # type: ignore[dict-item]
        lifespan=_closing(searches),
    )
    app.state.searches = searches
    app.state.limits = limits
    return app


#: Addresses that mean "every address of this machine": the page is then reached at 127.0.0.1 here.
ANY_ADDRESS = ("0.0.0.0", "::", "")


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (port 0: a free one); one line of bad input when it cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named, not 0 as socket.create_server leaves it: asyncio sets TCP_NODELAY only on
    # connections whose proto says TCP, and without it every kept-alive request waits 40 ms (Nagle).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except (OSError, OverflowError) as exc:
        sock.close()
        reason = getattr(exc, "strerror", None) or str(exc)
        raise UltiInputError(
            L_(
                "cannot listen on {host}:{port}: {reason}; choose another --port (0 picks a free one) or --host",
                host=host,
                port=port,
                reason=reason,
            )
        ) from None
    sock.set_inheritable(True)
    return sock


def address(sock: socket.socket) -> str:
    """The page's address for a listening socket."""
    host, port = sock.getsockname()[:2]
    host = "127.0.0.1" if host in ANY_ADDRESS else host
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def allowed_hosts(host: str) -> Sequence[str]:
    """The Host headers answered: this machine's names, and the address listened on (any, for every address)."""
    if host in ANY_ADDRESS:
        return ["*"]
    return ["127.0.0.1", "localhost", "::1", "[::1]", host, f"[{host}]"]


def server_for(app, sock: socket.socket):
    """A uvicorn server for ``app`` (quiet: no access log; bounded connections, header sizes and the
    time a request's head may take, :mod:`.protocol`); its ``stopped_by`` is the signal that stopped it."""
    import uvicorn

    from .protocol import with_header_deadline

    limits = getattr(app.state, "limits", Limits())

    class Server(uvicorn.Server):
        stopped_by: Optional[int] = None

        def handle_exit(self, sig, frame) -> None:
            self.stopped_by = self.stopped_by or sig
            super().handle_exit(sig, frame)

    config = uvicorn.Config(
        app,
        http=with_header_deadline(limits.header_seconds),
        log_level="warning",
        access_log=False,
        lifespan="on",
        limit_concurrency=64,
        timeout_keep_alive=5,
        h11_max_incomplete_event_size=32 * 1024,
    )
    return Server(config)


def serve(sock: socket.socket, app) -> Optional[int]:
    """Serve until Ctrl-C or SIGTERM; the signal that stopped the server.

    Returned, not left to uvicorn: it raises the signal again once stopped,
    which does nothing where the signal is ignored (a board started with
    ``&`` from a script ignores SIGINT), and the board then exited 0."""
    server = server_for(app, sock)
    server.run(sockets=[sock])
    return server.stopped_by


@contextlib.contextmanager
def running(app, host: str = "127.0.0.1", port: int = 0):
    """The app served on a thread while the block runs (tests, screenshots); yields its address."""
    sock = listen(host, port)
    server = server_for(app, sock)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        for _ in range(500):
            if server.started:
                break
            time.sleep(0.01)
        else:
            raise RuntimeError("the board's server did not start")
        yield address(sock)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
