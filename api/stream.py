"""Server-Sent Events: a deal live, redacted for the caller.

Frames: ``event: view`` (the caller's whole view; sent on connect and after every change) and
``event: event`` (one log envelope as the caller may see it). ``id:`` is the event ``seq``, so a
client that reconnects with ``Last-Event-ID`` gets what it missed. ``Last-Event-ID`` is parsed
strictly: ASCII digits, else a 422 before the stream starts; a value above the deal's ``seq``
(a client that saw a log the store no longer has) starts the stream at the current view, at
once, as if none had been given. A comment line every ``KEEPALIVE_S`` seconds keeps proxies
from closing a quiet stream; ``event: end`` closes it once the deal is over, naming the
match's next deal (``{"next_deal": "<id>"}``, or ``{"next_deal": null}`` when the match is
over) so that a bot goes straight on to it. A watcher that stops reading is dropped once a
write has waited ``TRICKLOG_STREAM_WRITE_TIMEOUT`` seconds (``bound_writes``).

A stream holds no thread and no Redis connection of its own: it waits on its deal's feed in
this process (``api.hub``), which reads each change once for all watchers. Every
``CHECK_S`` a waiting stream looks at its socket, so a client that went away frees its place
within seconds, not at the next keep-alive.
"""

from __future__ import annotations

import contextlib
import hmac
import select
import socket
import time
from collections.abc import Iterator
from typing import Any

import orjson
from flask import Response, current_app, request

from domain import game
from events.referee import Referee, deals, turns
from events.referee import matches as match_stream
from events.referee.seats import token_digest

from .addresses import client_address
from .hub import Feed, Hub, Snapshot
from .problems import invalid
from .stream_caps import StreamCaps

MAX_DIGITS = 19  # a seq is below 2**63: more digits than this is above every seq
ABOVE_ANY_SEQ = 2**63
KEEPALIVE_S = 15.0
CHECK_S = 2.0
KEEPALIVE = b": keep-alive\n\n"


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
    if len(raw) > MAX_DIGITS:  # above any seq; and int() refuses over 4,300 digits
        return ABOVE_ANY_SEQ
    return int(raw)


def once_arg() -> bool:
    """``?once=true``: the frames there are now, then the stream closes (``false``, or none:
    it stays open until the deal is over)."""
    raw = request.args.get("once")
    if raw is None or raw == "false":
        return False
    if raw != "true":
        raise invalid({"once": ["must be true or false"]})
    return True


def stream(referee: Referee, deal_id: str, token: str | None) -> Response:
    start = resume_point()  # a 422 now, before the stream starts
    once = once_arg()
    caps: StreamCaps = current_app.extensions["tricklog.stream_caps"]
    address = client_address()
    hub: Hub = current_app.extensions["tricklog.hub"]
    with caps.start():  # a crowd takes its turn (or 503 streams-full)
        now = deals.view(referee, deal_id, token)  # 404 or 403 now, before the stream starts
        caps.acquire(token, address, deal_id)  # 429 or 503 now
        try:
            feed = hub.join(deal_id)
        except BaseException:
            caps.release(token, address, deal_id)
            raise
    sock = request.environ.get("gunicorn.socket")
    bound_writes(sock, caps.write_timeout)
    watcher = Watcher(referee, feed, now["seat"], sock,
                      token_digest(token) if token is not None else None)
    response = Response(watcher.frames(start, now["seq"], once), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    def closed() -> None:  # the WSGI server closes the body: the client left or the deal ended
        hub.leave(feed)
        caps.release(token, address, deal_id)

    response.call_on_close(closed)
    return response


def bound_writes(sock: Any, timeout: float) -> None:
    """A watcher that stops reading (its buffers full) or vanishes (its peer gone without a
    word) is dropped within about ``timeout`` seconds: each write of a frame (a keep-alive comes
    every ``KEEPALIVE_S``) waits at most that long, and the kernel gives up on data left
    unacknowledged that long (``TCP_USER_TIMEOUT``). Then the stream ends and frees its place."""
    if sock is None or timeout <= 0:
        return
    with contextlib.suppress(OSError, AttributeError):
        sock.settimeout(timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, int(timeout * 1000))


class Watcher:
    """One open stream: its seat (and the digest of the token that holds it), where it stands
    in the log, and its socket."""

    def __init__(self, referee: Referee, feed: Feed, seat: int | None, sock: Any,
                 digest: str | None = None) -> None:
        self.referee, self.feed, self.seat, self.sock = referee, feed, seat, sock
        self.digest = digest

    def frames(self, start: int | None, head: int, once: bool = False) -> Iterator[bytes]:
        """``head``: the deal's seq in the store when the stream was asked for. A resume point
        above it starts at the current view; the process' feed may still be behind it (a
        move another process served a moment ago), and then the first frames are read from
        the store, so that no frame is older than what the client has seen. ``once``: only
        those first frames (and ``end`` if the deal is over), without waiting."""
        cursor = head if start is None or start > head else start
        snap = self.feed.latest
        if snap.seq < head or cursor < snap.base:
            snap = self.fresh(cursor)
        yield from self.catch_up(snap, cursor)
        if once:
            if snap.over:
                yield self.end(snap)
            return
        cursor, last_write = snap.seq, time.monotonic()
        while not snap.over:
            past = self.feed.wait_past(cursor, CHECK_S)
            if past is not None:
                snap = past
                if not self.seated(snap):
                    return
                yield self.feed.render(self.seat, cursor, snap, self.change)
                cursor, last_write = snap.seq, time.monotonic()
            elif self.gone() or (self.feed.stopped and self.feed.latest.seq <= cursor):
                return
            elif time.monotonic() - last_write >= KEEPALIVE_S:
                yield KEEPALIVE
                last_write = time.monotonic()
        yield self.end(snap)

    def end(self, snap: Snapshot) -> bytes:
        """``event: end`` with the match's next deal, null once the match is over. The match
        is brought up to date first (as ``GET /v1/matches/{id}`` does): the move that ended
        the deal may not have started the next one yet."""
        state = match_stream.advance(self.referee, snap.deal.meta.match_id)
        ids = [d["id"] for d in state.deals]
        place = ids.index(self.feed.deal_id) + 1 if self.feed.deal_id in ids else len(ids)
        following = ids[place] if place < len(ids) else None
        return b"event: end\ndata: " + orjson.dumps({"next_deal": following}) + b"\n\n"

    def catch_up(self, snap: Snapshot, cursor: int) -> list[bytes]:
        """The first frames, one chunk each: what came after ``cursor``, then the view. (A
        change later is one chunk for all its frames: one write per watcher.)"""
        if cursor == snap.seq:
            return [self.feed.render(self.seat, cursor, snap, lambda s, _: self.view(s))]
        envs = snap.after(cursor)
        assert envs is not None, "a catch-up's snapshot begins at or before its cursor"
        return [*self.events(snap, envs), self.view(snap)]

    def fresh(self, cursor: int) -> Snapshot:
        """The deal as the store has it now, with its envelopes after ``cursor``."""
        deal = deals.load(self.referee, self.feed.deal_id)
        envs = [e for e in self.referee.store.read("deal", deal.id, after=cursor)
                if e["seq"] <= deal.seq]
        return Snapshot(cursor, envs, deal, game.is_over(deal.state),
                        deals.disclosed(self.referee, deal))

    def change(self, snap: Snapshot, cursor: int) -> bytes:
        envs = snap.after(cursor)
        assert envs is not None, "a watcher's cursor is never before its feed began"
        return b"".join(self.events(snap, envs)) + self.view(snap)

    def events(self, snap: Snapshot, envs: list[dict[str, Any]]) -> list[bytes]:
        served = deals.served_envelopes(snap.deal.state.rules, envs, self.seat, snap.disclosed)
        return [frame("event", env["seq"], env) for env in served]

    def view(self, snap: Snapshot) -> bytes:
        out = deals.view_of(snap.deal, snap.deal.state, snap.seq, self.seat, snap.disclosed)
        last = snap.envelopes[-1] if snap.envelopes else None
        meta, turn = snap.deal.meta, snap.deal.state.turn
        out["deadline"] = (turns.deadline_at(meta, turn, last["at"]) if last is not None
                           and last["seq"] == snap.seq else
                           turns.deadline_of(self.referee, snap.deal.id, snap.seq, turn, meta))
        return frame("view", snap.seq, out)

    def seated(self, snap: Snapshot) -> bool:
        """Does the stream's token still hold its seat? A player who left gets no news: the
        stream ends at the next change (the match's facts are read with every change)."""
        if self.seat is None:
            return True
        held = snap.deal.meta.token_digests.get(self.seat)
        return held is not None and self.digest is not None and hmac.compare_digest(
            held, self.digest)

    def gone(self) -> bool:
        """Has the client closed its end? (A readable socket that reads empty.)"""
        if self.sock is None:
            return False
        try:
            while select.select([self.sock], [], [], 0)[0]:
                if not self.sock.recv(4096):  # read empty: the client closed its end
                    return True
            return False  # bytes after the request are read and dropped: a stream reads none
        except (OSError, ValueError):
            return True
