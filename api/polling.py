"""A seat's view for pollers: a weak ``ETag`` of (seq, seat) on every view, and a ``304``
from one Redis round trip (no fold, no rendering) while the deal has not moved on."""

from __future__ import annotations

from flask import Response, request

from events.referee import Referee, deals

from .wire import json_response


def view(referee: Referee, deal_id: str, token: str | None) -> Response:
    found = deals.version(referee, deal_id, token) if request.if_none_match else None
    if found is not None and request.if_none_match.contains_weak(tag(*found)):
        return tagged(Response(status=304), *found)
    current = deals.view(referee, deal_id, token)
    return tagged(json_response(current), current["seq"], current["seat"])


def tag(seq: int, seat: int | None) -> str:
    return f"{seq}.{'s' if seat is None else seat}"


def tagged(resp: Response, seq: int, seat: int | None) -> Response:
    resp.set_etag(tag(seq, seat), weak=True)
    resp.headers["Cache-Control"] = "no-cache"  # keep it, but ask each time
    resp.headers["Vary"] = "Authorization"
    return resp
