"""Every error becomes ``application/problem+json`` (RFC 9457) with a stable ``type``.

One table maps exceptions to problems; routes never build error answers themselves.
"""

from __future__ import annotations

import logging
from typing import Any

import redis
from flask import Flask, Response, request
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from domain.errors import IllegalMove, InvalidDeal, InvalidOption, InvalidOptions
from events.referee import (
    DealRunning,
    Forbidden,
    IdempotencyKeyReused,
    InviteInvalid,
    InviteUsed,
    MatchOver,
    NotFound,
    OutcomeUnknown,
    Refused,
    SeatIsBot,
    SeatTaken,
    StaleSeq,
    Unauthorized,
)

from .problem_types import BASE, BY_NAME
from .wire import dumps

log = logging.getLogger("tricklog.api")
MEDIA_TYPE = "application/problem+json"


class Problem(Exception):
    """One problem of ``problem_types.TYPES`` (by name), with this occurrence's detail and
    extension members. ``status`` is the type's own, or the HTTP error's for ``http-error``."""

    def __init__(self, name: str, detail: str, *, status: int | None = None,
                 **extra: Any) -> None:
        super().__init__(detail)
        kind = BY_NAME[name]
        code = kind.status if kind.status is not None else status
        assert code is not None, f"problem type {name!r} needs a status"
        self.status, self.slug, self.title, self.detail, self.extra = (
            code, name, kind.title, detail, extra)
        self.headers: dict[str, str] = {}

    def response(self) -> Response:
        body = {"type": BASE + self.slug, "title": self.title, "status": self.status,
                "detail": self.detail, "instance": request.path, **self.extra}
        resp = Response(dumps(body), status=self.status, mimetype=MEDIA_TYPE)
        resp.headers.update(self.headers)
        return resp


def bad_json(detail: str) -> Problem:
    return Problem("bad-json", detail)


def invalid(messages: Any) -> Problem:
    field = first_field(messages)
    return Problem("validation", f"the field {field!r} is not valid", field=field,
                   errors=messages)


def first_field(messages: Any) -> str:
    """The first bad field, as a dotted path into the body for nested ones (``seats.1.name``)."""
    path: list[str] = []
    while isinstance(messages, dict) and messages:
        key = next(iter(messages))
        path.append(str(key))
        messages = messages[key]
    return ".".join(path) or "_schema"


# Refusals whose problem says their message and nothing more; a subclass before its base.
PLAIN: tuple[tuple[type[Exception], str], ...] = (
    (DealRunning, "deal-running"), (MatchOver, "match-over"), (SeatIsBot, "seat-is-a-bot"),
    (InviteInvalid, "invite-invalid"), (InviteUsed, "invite-used"), (SeatTaken, "seat-taken"),
    (Forbidden, "forbidden"))


def _refused_field(exc: InvalidOptions | InvalidDeal) -> Problem:
    """A refusal of the domain's as ``validation``, its field the dotted path into the body: an
    option's under ``options``, a prearranged deal's under ``deal`` (``options.target``)."""
    path = [exc.field]
    if isinstance(exc, InvalidOption):
        path.insert(0, "options")
    elif isinstance(exc, InvalidDeal):
        path.insert(0, "deal")
    errors: Any = [exc.detail]
    for part in reversed(path):
        errors = {part: errors}
    return Problem("validation", exc.detail, field=".".join(path), errors=errors)


def _from(exc: Exception) -> Problem:
    plain = next((name for kind, name in PLAIN if isinstance(exc, kind)), None)
    if plain is not None:
        return Problem(plain, str(exc))
    match exc:
        case Problem():
            return exc
        case ValidationError():
            return invalid(exc.messages)
        case InvalidOptions() | InvalidDeal():
            return _refused_field(exc)
        case IllegalMove():
            return Problem("illegal-move", exc.detail, rule=exc.rule,
                           legal_moves=exc.legal_moves)
        case IdempotencyKeyReused():
            return Problem("idempotency-key-reused", str(exc), field="Idempotency-Key")
        case StaleSeq():
            return Problem("stale-seq", f"the deal has moved on: it is at seq "
                           f"{exc.current_seq}", current_seq=exc.current_seq)
        case Refused():
            return Problem(exc.problem, str(exc))
        case NotFound():
            return Problem("not-found", str(exc))
        case Unauthorized():
            p = Problem("unauthorized", str(exc))
            p.headers["WWW-Authenticate"] = 'Bearer realm="tricklog"'
            return p
        case redis.exceptions.OutOfMemoryError():  # maxmemory reached, noeviction
            return _store_full()
        case redis.exceptions.ConnectionError() | redis.exceptions.TimeoutError():
            return _retry_after(Problem("store-unavailable",
                                        "the event store cannot be reached; try again shortly"))
        case OutcomeUnknown():
            return _retry_after(Problem("outcome-unknown", str(exc)))
        case HTTPException():
            return _http(exc)
    log.exception("unhandled error", extra={"path": request.path})
    return Problem("internal", "an unexpected error; it has been logged")


STORE_FULL_RETRY_S = 60


def _store_full() -> Problem:
    problem = Problem("store-full", "the event store is full and refuses writes; nothing was "
                      "changed")
    problem.headers["Retry-After"] = str(STORE_FULL_RETRY_S)
    return problem


def _retry_after(problem: Problem) -> Problem:
    problem.headers["Retry-After"] = "1"
    return problem


# Werkzeug's HTTP errors by status; any other status is an ``http-error`` with its own.
HTTP_NAMES = {400: "bad-request", 404: "not-found", 405: "method-not-allowed",
              413: "too-large", 415: "unsupported-media-type", 429: "rate-limited"}


def _http(exc: HTTPException) -> Problem:
    code = exc.code or 500
    p = Problem(HTTP_NAMES.get(code, "http-error"), exc.description or exc.name, status=code)
    p.headers.update({k: v for k, v in exc.get_headers() if k.lower() != "content-type"})
    return p


def install(app: Flask) -> None:
    @app.errorhandler(Exception)
    def _handle(exc: Exception) -> Response:
        return _from(exc).response()
