"""Server-Sent Events: a deal live, redacted for the caller.

Frames: ``event: view`` (the caller's whole view; sent on connect and after every change) and
``event: event`` (one log envelope as the caller may see it). ``id:`` is the event ``seq``, so a
client that reconnects with ``Last-Event-ID`` gets what it missed. ``Last-Event-ID`` is parsed
strictly: ASCII digits, else a 422 before the stream starts; a value above the deal's ``seq``
(a client that saw a log the store no longer has) starts the stream at the current view, at
once, as if none had been given. A comment line every
``KEEPALIVE`` seconds keeps proxies from closing a quiet stream; ``event: end`` closes it once
the deal is over.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import orjson
import redis
from flask import Response, current_app, request

from events import keys
from events.referee import Referee, deals

from .problems import invalid

KEEPALIVE_MS = 15_000
MAX_FRAMES = 100_000


def frame(kind: str, seq: int, data: Any) -> bytes:
    return b"event: " + kind.encode() + b"\nid: " + str(seq).encode() + b"\ndata: " + \
        orjson.dumps(data) + b"\n\n"


def resume_point() -> int | None:
    """``Last-Event-ID`` (or ``?last_event_id=``): replay what came after it. Without one the
    stream starts at the current view. Only ASCII digits: ``str.isdigit`` alone lets ``²``
    through to ``int``."""
    name = "Last-Event-ID"
    raw = request.headers.get(name)
    if not raw:
        name, raw = "last_event_id", request.args.get("last_event_id")
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit()):
        raise invalid({name: ["must be the seq of an event: ASCII digits"]})
    return int(raw)


def stream(referee: Referee, deal_id: str, token: str | None) -> Response:
    start = resume_point()  # a 422 now, before the stream starts
    now = deals.view(referee, deal_id, token)["seq"]  # 404 or 403 now, before the stream starts
    blocking: redis.Redis = current_app.extensions["tricklog.blocking_redis"]()
    cursor = now if start is None else min(start, now)
    return Response(_frames(referee, blocking, deal_id, token, cursor),
                    mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


def _frames(referee: Referee, blocking: redis.Redis, deal_id: str, token: str | None,
            cursor: int) -> Iterator[bytes]:
    key = keys.stream_key("deal", deal_id)
    try:
        first = True
        for _ in range(MAX_FRAMES):
            page = deals.events(referee, deal_id, token, after=cursor)
            for env in page["events"]:
                yield frame("event", env["seq"], env)
                cursor = env["seq"]
            if page["events"] or first:
                view = deals.view(referee, deal_id, token)
                yield frame("view", view["seq"], view)
                first = False
            if page["complete"]:
                yield b"event: end\ndata: {}\n\n"
                return
            if not blocking.xread({key: f"{cursor}-0"}, count=1, block=KEEPALIVE_MS):
                yield b": keep-alive\n\n"
    finally:
        blocking.close()
