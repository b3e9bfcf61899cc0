"""Reading a request body, strictly (issue 32): a body this API reads is JSON by its
``Content-Type`` (else 415), comes whole (a body shorter than its ``Content-Length`` is 400:
the client hung up half-way, and what arrived is not what it meant to send), in a transfer
coding the server implements (``chunked``, else 501: a gzip-coded body would be read as its
compressed bytes), and no larger than the route allows (413, however it comes)."""

from __future__ import annotations

from flask import request
from werkzeug.exceptions import RequestEntityTooLarge

from .problems import Problem

try:  # the HTTP server's errors while it reads the body for us (its own parser's)
    from gunicorn.http.errors import ParseException as ServerParseError
except ImportError:  # pragma: no cover - another WSGI server
    ServerParseError = ValueError

IMPLEMENTED_CODINGS = {"chunked", "identity"}
# A chunked body whose framing breaks (a chunk size that is not hex, a chunk not followed by
# CRLF, the connection closed before the last chunk) raises out of ``wsgi.input.read``: gunicorn's
# parse errors, or an OSError (``NoMoreData``, a reset). That is the client's request: a 400,
# never the 500 of an unhandled exception (issue 32, item 11).
FRAMING_ERRORS = (ServerParseError, OSError)


def is_json(mimetype: str) -> bool:
    """``application/json`` or a JSON-based type (``application/problem+json``, ...)."""
    return mimetype == "application/json" or (
        mimetype.startswith("application/") and mimetype.endswith("+json"))


def require_json() -> None:
    if not is_json(request.mimetype):
        given = request.headers.get("Content-Type")
        raise Problem("unsupported-media-type",
                      f"the body must be JSON: send Content-Type: application/json (given: "
                      f"{given[:100] if given else 'none'})")


def require_implemented_coding() -> None:
    codings = [c.strip().lower()
               for c in request.headers.get("Transfer-Encoding", "").split(",") if c.strip()]
    unknown = [c for c in codings if c not in IMPLEMENTED_CODINGS]
    if unknown:
        raise Problem("not-implemented",
                      f"the transfer coding {unknown[0][:40]!r} is not implemented; send the "
                      f"body with Content-Length or Transfer-Encoding: chunked")


def read() -> bytes:
    require_json()
    require_implemented_coding()
    try:
        return _read()
    except FRAMING_ERRORS as exc:
        raise Problem("bad-request", "the body could not be read: its chunked framing is "
                      f"broken or it ended early ({str(exc)[:100] or type(exc).__name__})"
                      ) from None


def _read() -> bytes:
    """The body, refused with 413 over the limit however it comes. With ``Content-Length``
    Werkzeug refuses before reading; a chunked body (the server sets
    ``wsgi.input_terminated``) would only be cut at the limit, so read one byte more."""
    limit = request.max_content_length
    expected = request.content_length
    if (expected is None and limit is not None
            and request.environ.get("wsgi.input_terminated")):
        data: bytes = request.environ["wsgi.input"].read(limit + 1)
        if len(data) > limit:
            raise RequestEntityTooLarge()
        return data
    data = request.get_data(cache=False)
    if expected is not None and len(data) < expected:
        raise Problem("bad-request", f"the body ended after {len(data)} of the {expected} bytes "
                                     "its Content-Length announced")
    return data
