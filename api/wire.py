"""JSON on the wire: orjson for speed, one place for the options."""

from __future__ import annotations

import json
from typing import Any

import orjson
from flask import Response, request


def dumps(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


def json_response(value: Any, status: int = 200, headers: dict[str, str] | None = None
                  ) -> Response:
    return Response(orjson.dumps(value), status=status, mimetype="application/json",
                    headers=headers)


def items_response(items: list[Any], filename: str, lines: bool = False) -> Response:
    """A download of ``items``: one JSON array, or JSON Lines (item ``i`` on line ``i``) when
    ``Accept`` prefers ``application/jsonl``. Generated clients send ``*/*`` and read the array.
    ``lines`` (the ``.jsonl`` paths): JSON Lines always, as ``text/plain`` when ``Accept``
    prefers that (a browser shows it rather than saving it)."""
    offered = ["application/jsonl", "text/plain"] if lines else \
        ["application/json", "application/jsonl"]
    best = request.accept_mimetypes.best_match(offered, default=offered[0])
    if best == "application/json":
        return json_response(items, headers={
            "Content-Disposition": f'attachment; filename="{filename}.json"'})
    text = b"".join(orjson.dumps(item) + b"\n" for item in items)
    disposition = "inline" if best == "text/plain" else "attachment"
    return Response(text, mimetype=best, headers={
        "Content-Disposition": f'{disposition}; filename="{filename}.jsonl"'})


class _Repeated(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _Repeated(key)
        seen[key] = value
    return seen


def _flat_and_whole(raw: bytes, value: Any) -> bool:
    """Whether ``raw``, parsed as ``value``, is one object of scalars that kept all its
    members (no key repeated), told without a second parse (a move's body, issue 33). Each
    member after the first follows a comma, and a comma elsewhere can only be inside a string
    (a number, ``true``, ``false`` and ``null`` hold none): ``commas + 1`` is at least the
    members written, which are at least the members kept, so ``commas + 1 == members kept``
    proves none was dropped. Anything else (nesting, a comma in a string) takes the full
    check."""
    return (isinstance(value, dict) and len(value) == raw.count(b",") + 1
            and not any(isinstance(v, dict | list) for v in value.values()))


def repeated_key(raw: bytes, value: Any = None) -> str | None:
    """The first key that appears twice in one object of ``raw`` (a document orjson has
    already accepted, as ``value`` if given), else None. orjson keeps the last of two equal
    keys, so ``{"type": "stop", "type": "play", ...}`` would otherwise be played as the last
    one."""
    if b"{" not in raw:
        return None
    if value is not None and _flat_and_whole(raw, value):
        return None
    try:
        json.loads(raw, object_pairs_hook=_no_repeats)
    except _Repeated as exc:
        return exc.key
    return None
