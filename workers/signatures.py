"""Signing a webhook call, as Stripe and GitHub do: the time is in the signed string, so a
receiver that checks it (and remembers what it has seen within its tolerance) refuses a
captured request sent again.

``Tricklog-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>." + body)>``.
The secret is the ASCII string ``POST /v1/bots`` (or a rotation) returned, used as it is (its
UTF-8 bytes are the HMAC key: it is not base64 to decode). ``X-Tricklog-Signature:
sha256=<hex HMAC-SHA256(secret, body)>``, the earlier header, is still sent for bots that check
it; it has no time in it, so it cannot tell a replay: verify the new one.
"""

from __future__ import annotations

import hashlib
import hmac

SIGNATURE_HEADER = "Tricklog-Signature"
LEGACY_HEADER = "X-Tricklog-Signature"
TOLERANCE = 300  # seconds a receiver should accept a signature's time from its own clock


def signed_string(timestamp: int, body: bytes) -> bytes:
    return str(timestamp).encode("ascii") + b"." + body


def v1(secret: str, timestamp: int, body: bytes) -> str:
    return hmac.new(secret.encode(), signed_string(timestamp, body), hashlib.sha256).hexdigest()


def legacy(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def headers(secret: str, body: bytes, timestamp: int, previous: str | None = None
            ) -> dict[str, str]:
    """The two signature headers of one call made at ``timestamp`` (Unix seconds). While a
    rotated-out secret is still valid (``previous``), ``Tricklog-Signature`` carries a second
    ``v1`` made with it, so a bot that has not yet taken the new secret still verifies."""
    macs = [v1(s, timestamp, body) for s in (secret, previous) if s]
    return {SIGNATURE_HEADER: ",".join([f"t={timestamp}", *(f"v1={m}" for m in macs)]),
            LEGACY_HEADER: legacy(secret, body)}


def verify(secret: str, header: str, body: bytes, now: float,
           tolerance: float = TOLERANCE) -> int:
    """The signed time of a valid ``Tricklog-Signature`` (ValueError if it is malformed, does
    not match, or is further than ``tolerance`` seconds from ``now``). Remembering the
    signatures seen within the tolerance, and refusing one seen before, is the receiver's."""
    parts = [p.partition("=") for p in header.split(",")]
    stamps = [v for k, _, v in parts if k.strip() == "t"]
    given = [v.strip() for k, _, v in parts if k.strip() == "v1"]
    if len(stamps) != 1 or not stamps[0].strip().isdigit() or not given:
        raise ValueError("malformed signature header")
    timestamp = int(stamps[0])
    if abs(now - timestamp) > tolerance:
        raise ValueError("signature time outside the tolerance")
    expected = v1(secret, timestamp, body)
    if not any(hmac.compare_digest(expected, g) for g in given):
        raise ValueError("signature does not match")
    return timestamp
