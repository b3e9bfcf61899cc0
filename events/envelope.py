"""Envelopes: one stored event with its place in the stream and in the hash chain.

``hash`` is SHA-256 over the canonical JSON (sorted keys, no spaces, UTF-8) of the envelope
without ``hash``; ``prev`` is the previous envelope's ``hash`` (``GENESIS`` for the first).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

import orjson

from domain.messages import Event

GENESIS = "0" * 64
FIELDS = ("seq", "type", "data", "seat", "at", "command_id", "prev", "hash")


def canonical(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def digest(envelope: dict[str, Any]) -> str:
    body = {k: v for k, v in envelope.items() if k != "hash"}
    return hashlib.sha256(canonical(body)).hexdigest()


def seal(events: Iterable[Event], *, after_seq: int, prev: str, at: str,
         command_id: str) -> list[dict[str, Any]]:
    """Number, stamp and chain ``events`` that follow event ``after_seq`` whose hash is ``prev``."""
    out = []
    for offset, event in enumerate(events, start=1):
        env = {"seq": after_seq + offset, "type": event.type, "data": event.data,
               "seat": event.seat, "at": at, "command_id": command_id, "prev": prev}
        env["hash"] = prev = digest(env)
        out.append(env)
    return out


def to_event(envelope: dict[str, Any]) -> Event:
    return Event(envelope["type"], envelope["data"], envelope["seat"])


def first_broken_link(envelopes: Iterable[dict[str, Any]]) -> int | None:
    """The ``seq`` of the first envelope whose hash, ``prev`` or number is wrong, else None."""
    prev, expected = GENESIS, 1
    for env in envelopes:
        if env.get("seq") != expected or env.get("prev") != prev or env.get("hash") != digest(env):
            return int(env.get("seq") or expected)
        prev, expected = env["hash"], expected + 1
    return None
