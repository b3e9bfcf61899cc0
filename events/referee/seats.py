"""A match's seats: who holds which token (kept only as SHA-256 digests, compared in constant
time), which seats bots play, and the match's secret and nonce."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

import orjson

from domain.fairness import MatchSecret

from .context import Referee
from .errors import Forbidden, NotFound


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Meta:
    """Immutable facts of a match kept beside its stream."""

    match_id: str
    seats: list[dict[str, Any]]
    token_digests: dict[int, str]
    fairness: MatchSecret

    def seat_of(self, token: str | None) -> int | None:
        if token is None:
            return None
        given = token_digest(token)
        for seat, expected in self.token_digests.items():
            if hmac.compare_digest(given, expected):
                return seat
        raise Forbidden("this token is not a seat of this match")

    def bot_of(self, seat: int | None) -> str | None:
        return None if seat is None else self.seats[seat].get("bot")


def facts(seats: list[dict[str, Any]], tokens: list[str], fair: MatchSecret) -> dict[str, str]:
    """What the store keeps of a new match's seats: no token, only its digest."""
    out = {"seats": orjson.dumps(seats).decode(), "secret": fair.secret,
           "nonce": fair.nonce or ""}
    out.update({f"token:{i}": token_digest(t) for i, t in enumerate(tokens)})
    return out


def from_facts(match_id: str, raw: dict[bytes, bytes]) -> Meta:
    digests = {int(k[6:]): v.decode() for k, v in raw.items() if k.startswith(b"token:")}
    nonce = raw.get(b"nonce", b"").decode() or None  # none: a match of engine 1
    return Meta(match_id=match_id, seats=orjson.loads(raw[b"seats"]), token_digests=digests,
                fairness=MatchSecret(raw[b"secret"].decode(), nonce))


def meta(ref: Referee, match_id: str) -> Meta:
    raw = ref.store.match_facts(match_id)
    if not raw:
        raise NotFound("match", match_id)
    return from_facts(match_id, raw)
