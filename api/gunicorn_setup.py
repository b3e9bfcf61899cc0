"""gunicorn, made to speak like the rest of Tricklog (``tricklog serve`` names these classes).

``JsonLogger``: gunicorn's own log lines and the access log as JSON lines on stderr, in the
format of ``events.logs`` (the access log's time included, ISO 8601 UTC like every other line).

``ProblemGeventWorker`` (what ``tricklog serve`` runs) and ``ProblemThreadWorker``: gunicorn's
gevent and gthread workers, whose error answers to requests the app never sees (a request line
over 4094 bytes: 414; headers too large or too many: 431; a broken request line or header: 400)
are ``application/problem+json`` like every other error, instead of gunicorn's HTML page.

Why gevent: an open event stream then costs a greenlet and a socket, not one of a handful of
threads, so a thousand watchers do not stop the API (docs/PERFORMANCE.md, issue 18). The
worker patches the standard library (sockets, threading) before it loads the app, so Flask,
redis-py and ``api.hub``'s reader threads all yield to each other while they wait.
"""

from __future__ import annotations

import contextlib
import email.utils
import functools
import json
import logging
import sys
import time
import uuid
from typing import Any

from gevent import getcurrent
from gunicorn import glogging, util
from gunicorn.http import wsgi
from gunicorn.http.errors import InvalidHeader, UnsupportedTransferCoding
from gunicorn.workers.ggevent import GeventWorker
from gunicorn.workers.gthread import ThreadWorker

from events.logs import JsonFormatter

from .connections import RETRY_AFTER_S, Admission, peer_address
from .problem_types import BY_NAME, SERVER_PROBLEMS

MAX_DETAIL = 300


class JsonLogger(glogging.Logger):  # type: ignore[misc]
    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            for handler in log.handlers:
                handler.setFormatter(JsonFormatter())
                if isinstance(handler, logging.StreamHandler) and handler.stream is sys.stdout:
                    handler.setStream(sys.stderr)

    def access(self, resp: Any, req: Any, environ: dict[str, Any], request_time: Any) -> None:
        """One line per request: method, path (never the query string: a stream's
        ``?token=`` must not reach a log), status, milliseconds, bytes sent."""
        if not self.access_log_enabled:
            return
        status = resp.status.split(None, 1)[0] if isinstance(resp.status, str) else resp.status
        method, path = environ.get("REQUEST_METHOD"), environ.get("PATH_INFO")
        self.access_log.info("%s %s %s", method, path, status, extra={
            "method": method, "path": path, "status": int(status),
            "ms": round(request_time.total_seconds() * 1000, 1),
            "bytes": getattr(resp, "sent", None)})


# The path of the request whose error page a connection is about to get (set by the worker's
# ``handle_error``, which knows the request when gunicorn parsed its line; read once).
REQUEST_PATHS: dict[Any, str] = {}
MAX_INSTANCE = 2000


def instance_of(sock: Any) -> str:
    """``instance`` of a problem the HTTP server answers itself, like every other problem's:
    the path asked for when the request line was read; else (a request line too long or
    broken, a connection refused before its request) a URN naming this one occurrence."""
    path = REQUEST_PATHS.pop(sock, None)
    if path and path.startswith("/") and len(path) <= MAX_INSTANCE:
        return path
    return f"urn:uuid:{uuid.uuid4()}"


def write_problem(sock: Any, status_int: int, reason: str, mesg: str,
                  name: str | None = None, extra: str = "") -> None:
    """gunicorn's ``util.write_error``, answering problem+json (types of the one catalogue);
    ``name`` and ``extra`` (header lines) for the worker's own refusals."""
    kind = BY_NAME[name or SERVER_PROBLEMS.get(status_int, "http-error")]
    body = json.dumps({"type": kind.uri, "title": kind.title, "status": status_int,
                       "detail": (mesg or kind.title)[:MAX_DETAIL],
                       "instance": instance_of(sock)}).encode()
    head = (f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\n{extra}"
            f"Content-Type: application/problem+json\r\nContent-Length: {len(body)}\r\n\r\n")
    util.write_nonblock(sock, head.encode("latin-1") + body)


IMPLEMENTED_CODINGS = {"chunked", "identity"}


def unimplemented_coding(exc: BaseException) -> BaseException | None:
    """gunicorn refuses ``Transfer-Encoding: gzip`` (or deflate, compress) with no ``chunked``
    after it as a bad header (400): the coding is one this server does not implement, which
    is the documented 501 (as gunicorn answers a coding it has never heard of)."""
    req = getattr(exc, "req", None)
    if not isinstance(exc, InvalidHeader) or exc.hdr != "TRANSFER-ENCODING" or req is None:
        return None
    for name, value in req.headers:
        if name == "TRANSFER-ENCODING" and any(
                c.strip(" \t").lower() not in IMPLEMENTED_CODINGS for c in value.split(",")):
            refused: BaseException = UnsupportedTransferCoding(value[:40])
            return refused
    return None


class OneSendResponse(wsgi.Response):  # type: ignore[misc]
    """gunicorn's response, whose head goes out with the first piece of a body framed by
    length, in one send, where gunicorn sends the head and then the body: one loopback
    segment and one wake-up of the client less per answer (issue 33). A chunked body (event
    streams), a file sent with ``sendfile`` and a body-less answer get their head on its own
    as before, at the same moment (the first piece, the file, the close)."""

    held = b""
    headers_sent: bool  # gunicorn's, set in its __init__

    def send_headers(self) -> None:
        if self.headers_sent or self.chunked or self._omits_body:
            super().send_headers()
            return
        head = self.default_headers()
        head.extend(["%s: %s\r\n" % (k, v) for k, v in self.headers])  # noqa: UP031 (gunicorn's)
        self.held = util.to_bytestring("%s\r\n" % "".join(head), "latin-1")  # noqa: UP031
        self.headers_sent = True

    def flush_head(self) -> None:
        held, self.held = self.held, b""
        if held:
            util.write(self.sock, held)

    def _emit_body(self, data: bytes) -> None:
        if not self.held:  # a chunked body, or the head already out
            super()._emit_body(data)
            return
        held, self.held = self.held, b""
        util.write(self.sock, held + data)

    def sendfile(self, respiter: Any) -> bool:
        self.send_headers()
        self.flush_head()
        return super().sendfile(respiter)  # type: ignore[no-any-return]

    def close(self) -> None:
        self.send_headers()
        self.flush_head()
        super().close()


_DATE: list[Any] = [None, ""]  # the second last formatted, and its Date header value


def http_date(timestamp: float | None = None) -> str:
    """gunicorn's ``util.http_date`` (every answer's ``Date``), formatted once a second: the
    header has whole seconds, and ``formatdate`` cost about 1% of a served move (issue 33)."""
    second = int(time.time() if timestamp is None else timestamp)
    if _DATE[0] != second:
        _DATE[:] = [second, email.utils.formatdate(second, localtime=False, usegmt=True)]
    return str(_DATE[1])


class ProblemPages:
    """A worker whose error pages are written by ``write_problem``. gunicorn writes them
    through the module function ``gunicorn.util.write_error``, which is replaced in the worker
    process when it boots (the only caller is the worker's ``handle_error``). Its answers are
    ``OneSendResponse``s (``gunicorn.http.wsgi.create`` builds the module's ``Response``)."""

    def init_process(self) -> None:
        assert callable(util.write_error), "gunicorn moved util.write_error"
        assert wsgi.create.__defaults__ == (None, ()), "gunicorn changed wsgi.create"
        util.write_error = write_problem
        util.http_date = http_date
        wsgi.Response = OneSendResponse
        super().init_process()  # type: ignore[misc]

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        unimplemented = unimplemented_coding(exc)
        if unimplemented is not None:
            req, exc = req or getattr(exc, "req", None), unimplemented
        path = getattr(req or getattr(exc, "req", None), "path", None)
        if isinstance(path, str):
            REQUEST_PATHS[client] = path
        try:
            super().handle_error(req, client, addr, exc)  # type: ignore[misc]
        finally:
            REQUEST_PATHS.pop(client, None)


class AdmittingWorker:
    """A worker that admits each connection before reading it (``api.connections``).

    With keep-alive, gunicorn's async loop waits for each request of a connection at most
    ``--keep-alive`` seconds (``timeout_ctx``), the first one included. The first request's
    headers are bound by the header-read time-out instead (``TRICKLOG_HEADER_TIMEOUT``), as
    they were without keep-alive; the wait for each later one by ``--keep-alive``."""

    @functools.cached_property
    def admission(self) -> Admission:
        """Read at the first connection: after gevent has patched the standard library (the
        redis client ``events.config`` imports must not be loaded before it)."""
        from events.config import Settings

        settings = Settings.from_env()
        return Admission(settings.connections_per_address, settings.header_timeout,
                         settings.requests_per_connection)

    @functools.cached_property
    def served(self) -> dict[Any, int]:
        """Requests served so far on each open connection, by the greenlet serving it."""
        return {}

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        address = peer_address(addr)
        if not self.admission.enter(address):
            refuse_connection(client, self.admission.per_address)
            return
        try:
            self.admission.start_timer(client)
            self.served[getcurrent()] = 0
            super().handle(listener, client, addr)  # type: ignore[misc]
        finally:
            self.served.pop(getcurrent(), None)
            self.admission.headers_read(client)
            self.admission.leave(address)

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> None:
        self.admission.headers_read(sock)  # the request is in: no time-out for the rest
        me = getcurrent()
        self.served[me] = count = self.served.get(me, 0) + 1
        if count >= self.admission.requests_per_connection:
            req.must_close = True  # answered with "Connection: close" (api.connections)
        super().handle_request(listener_name, req, sock, addr)  # type: ignore[misc]

    def timeout_ctx(self) -> Any:
        if self.served.get(getcurrent()) == 0:
            return contextlib.nullcontext()  # the header-read time-out's timer runs
        return super().timeout_ctx()  # type: ignore[misc]


def refuse_connection(client: Any, cap: int) -> None:
    try:
        write_problem(client, 429, "Too Many Requests",
                      f"at most {cap} connections at once from one address",
                      name="too-many-connections", extra=f"Retry-After: {RETRY_AFTER_S}\r\n")
    except OSError:
        pass
    finally:
        util.close(client)


class ProblemGeventWorker(ProblemPages, AdmittingWorker, GeventWorker):  # type: ignore[misc]
    """gevent, with problem+json error pages, a per-address connection cap and a
    header-read time-out."""


class ProblemThreadWorker(ProblemPages, ThreadWorker):  # type: ignore[misc]
    """gthread, with problem+json error pages."""
