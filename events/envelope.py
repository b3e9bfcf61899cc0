"""Envelopes: one stored event with its place in the stream and in the hash chain.

An envelope is ``{seq, type, data, seat, at, command_id, prev, hash}``, plus, for an event with
hidden parts (a dealt hand, a drawn card, a partner's shown hand, a table-talk word, ...),
``commitments`` and ``salts``: maps from a JSON pointer into ``data`` (RFC 6901) to 64 hex.

Each hidden part is committed with a fresh 256-bit salt: ``SHA-256(salt || canonical(part))``.
The *chained form* of an envelope is the envelope without ``hash``, ``commitments`` and
``salts``, in whose ``data`` every committed part is replaced by its commitment (a string of 64
hex). ``hash`` is SHA-256 over the canonical JSON (sorted keys, no spaces, UTF-8) of the chained
form, and ``prev`` is the previous envelope's ``hash`` (``GENESIS`` for the first).

So nothing a caller sees is a function of a part it may not see: while a deal runs a caller
gets every commitment, the parts it may see in the clear with their salts (to check them against
the chain), and ``null`` for the rest; anyone can verify the chain event by event. Once the deal
is over every part and every salt is shown, and an audit opens every commitment.

An envelope without ``commitments`` chains its data as it is: the logs of engine 1 (export
format v1), which hashed hidden data in the clear, still verify.

``at`` is chained as the server writes it (``render_at``: UTC, milliseconds, ``Z``). A client
that parses it as a date-time may write the same instant back another way (``+00:00``, six
digits): the check hashes any RFC 3339 rendering of an instant as the server's rendering of it.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import orjson

from domain.messages import Event
from domain.redaction import Hidden, get, replaced

GENESIS = "0" * 64
UNCHAINED = ("hash", "commitments", "salts")
SALT_BYTES = 32

Salter = Callable[[], bytes]


# RFC 3339 section 5.6 (with its note: "t", "z" and a space for "T" are allowed).
RFC3339 = re.compile(r"(\d{4}-\d\d-\d\d)[Tt ](\d\d:\d\d:\d\d)(?:\.(\d+))?([Zz]|[+-]\d\d:\d\d)")


def render_at(moment: datetime) -> str:
    """The server's rendering of an instant: ``2026-11-22T10:20:03.400Z``."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def canonical_at(value: Any) -> Any:
    """``value`` as ``render_at`` writes its instant when it is an RFC 3339 date-time of whole
    milliseconds; anything else (another precision, no offset, not a time) as it is."""
    found = RFC3339.fullmatch(value) if isinstance(value, str) else None
    if found is None:
        return value
    day, clock, fraction, offset = found.groups()
    fraction = fraction or ""
    if fraction[3:].strip("0"):
        return value
    try:
        moment = datetime.fromisoformat(f"{day}T{clock}{'+00:00' if offset in 'Zz' else offset}")
    except ValueError:
        return value
    return render_at(moment + timedelta(milliseconds=int(fraction[:3].ljust(3, "0"))))


def canonical(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def commit_part(salt: str, part: Any) -> str:
    """``SHA-256(salt || canonical(part))`` in hex, the salt as its 32 raw bytes."""
    return hashlib.sha256(bytes.fromhex(salt) + canonical(part)).hexdigest()


def chained(envelope: dict[str, Any]) -> dict[str, Any]:
    """The form ``hash`` covers: every committed part replaced by its commitment."""
    body = {k: v for k, v in envelope.items() if k not in UNCHAINED}
    data = envelope.get("data")
    for pointer, commitment in (envelope.get("commitments") or {}).items():
        data = replaced(data, pointer, commitment)
    body["data"] = data
    return body


def digest(envelope: dict[str, Any]) -> str:
    return hashlib.sha256(canonical(chained(envelope))).hexdigest()


def seal(events: Iterable[Event], *, after_seq: int, prev: str, at: str, command_id: str,
         hidden: Callable[[Event], list[Hidden]] = lambda event: [],
         salt: Salter = lambda: secrets.token_bytes(SALT_BYTES)) -> list[dict[str, Any]]:
    """Number, stamp, commit and chain ``events`` that follow event ``after_seq`` whose hash is
    ``prev``. ``hidden`` names each event's hidden parts; each gets a fresh salt."""
    out = []
    for offset, event in enumerate(events, start=1):
        env: dict[str, Any] = {
            "seq": after_seq + offset, "type": event.type, "data": event.data,
            "seat": event.seat, "at": at, "command_id": command_id, "prev": prev}
        pointers = [part.pointer for part in hidden(event)]
        if pointers:
            salts = {p: salt().hex() for p in pointers}
            env["commitments"] = {p: commit_part(salts[p], get(event.data, p)) for p in pointers}
            env["salts"] = salts
        env["hash"] = prev = digest(env)
        out.append(env)
    return out


def served(envelope: dict[str, Any], parts: list[Hidden], viewer: int | None,
           data: dict[str, Any]) -> dict[str, Any]:
    """The envelope as ``viewer`` gets it while the deal runs: ``data`` already redacted for it,
    every commitment, and the salts of the parts it may see."""
    if not parts:
        return envelope
    out = {k: v for k, v in envelope.items() if k != "salts"}
    out["data"] = data
    salts = envelope.get("salts") or {}
    mine = {p.pointer: salts[p.pointer] for p in parts
            if p.visible_to(viewer) and p.pointer in salts}
    if mine:
        out["salts"] = mine
    return out


def to_event(envelope: dict[str, Any]) -> Event:
    return Event(envelope["type"], envelope["data"], envelope["seat"])


@dataclass(frozen=True, slots=True)
class Break:
    """Where and how a log fails to verify."""

    seq: int
    why: str
    expected: Any = None
    found: Any = None


def first_break(envelopes: Iterable[Any]) -> Break | None:
    """The first envelope whose number, ``prev`` or ``hash`` is wrong, or (where the envelope
    carries its salts) whose revealed part does not open its commitment; None for a sound log."""
    prev, expected = GENESIS, 1
    for env in envelopes:
        if not isinstance(env, dict):
            return Break(expected, "a line is not an envelope", "an object", env)
        problem = _link(env, prev, expected) or unopened(env)
        if problem is not None:
            return problem
        prev, expected = env["hash"], expected + 1
    return None


def _link(env: dict[str, Any], prev: str, expected: int) -> Break | None:
    if env.get("seq") != expected:
        return Break(expected, "events must be numbered 1, 2, 3, ...", expected, env.get("seq"))
    if env.get("prev") != prev:
        return Break(expected, "prev must be the previous event's hash", prev, env.get("prev"))
    try:
        want = _digest_at_any_rendering(env)
    except (KeyError, IndexError, TypeError, ValueError, orjson.JSONEncodeError):
        return Break(expected, "a commitment names a part the event does not have",
                     None, env.get("commitments"))
    if env.get("hash") != want:
        return Break(expected, "the event's hash does not match its content", want,
                     env.get("hash"))
    return None


def _digest_at_any_rendering(env: dict[str, Any]) -> str:
    """The digest as the envelope is, or, where that is not its hash, with ``at`` as the server
    renders it."""
    want = digest(env)
    if want == env.get("hash"):
        return want
    at = canonical_at(env.get("at"))
    if at != env.get("at"):
        rendered = digest({**env, "at": at})
        if rendered == env.get("hash"):
            return rendered
    return want


def unopened(env: dict[str, Any]) -> Break | None:
    """The first committed part whose salt is given but does not open its commitment."""
    commitments = env.get("commitments") or {}
    salts = env.get("salts") or {}
    for pointer, commitment in commitments.items():
        if pointer not in salts:
            continue
        try:
            opened = commit_part(salts[pointer], get(env["data"], pointer))
        except (KeyError, IndexError, TypeError, ValueError, orjson.JSONEncodeError):
            opened = None
        if opened != commitment:
            return Break(int(env["seq"]), f"the part at {pointer} does not open its commitment",
                         commitment, opened)
    return None
