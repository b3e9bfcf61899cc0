"""A match's seats: who holds which token (kept only as SHA-256 digests, compared in constant
time), which seats bots play (nobody holds their tokens), the match's secret and nonce, and the
seats' client seeds with their salts (``client:<commitment>``; ``clients:<n>``: those deal ``n``
was shuffled with). Invites, claims and leaves change the digests: ``invites.py``."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field, replace
from typing import Any

import orjson

from domain.clock import DEFAULT_BOT, Clock, clock_of
from domain.errors import InvalidOptions
from domain.fairness import ClientSeed, DealSecret, MatchSecret

from .context import Referee
from .errors import Forbidden, NotFound, SeatIsBot


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Meta:
    """The facts of a match kept beside its stream, as read now: ``token_digests`` holds the
    seats whose players hold them."""

    match_id: str
    seats: list[dict[str, Any]]
    token_digests: dict[int, str]
    fairness: MatchSecret
    raw: dict[bytes, bytes] = field(default_factory=dict, repr=False)

    def deal_secret(self, number: int) -> DealSecret:
        """Deal ``number``'s secret: its seed and nonce, and the client seeds it was shuffled
        with (recorded when it was dealt)."""
        secret = self.fairness.deal(number)
        clients = self.raw.get(f"clients:{number}".encode())
        if clients is None:
            return secret
        return replace(secret, clients=tuple(c and ClientSeed(c["seed"], c["salt"])
                                             for c in orjson.loads(clients)))

    @property
    def group(self) -> str | None:
        """The source of the match's duplicate group (``keys.group_key``), or None."""
        raw = self.raw.get(b"group")
        return None if raw is None else raw.decode()

    def client_seed(self, commitment: str) -> ClientSeed | None:
        """The seed and salt behind a client seed's public commitment."""
        raw = self.raw.get(f"client:{commitment}".encode())
        if raw is None:
            return None
        given = orjson.loads(raw)
        return ClientSeed(given["seed"], given["salt"])

    def seat_of(self, token: str | None) -> int | None:
        if token is None:
            return None
        given = token_digest(token)
        for seat, expected in self.token_digests.items():
            if hmac.compare_digest(given, expected):
                if self.bot_of(seat) is not None:  # a token of a match made before invites
                    raise SeatIsBot(f"seat {seat} is played by a bot")
                return seat
        raise Forbidden("this token is not a seat of this match")

    def bot_of(self, seat: int | None) -> str | None:
        return None if seat is None else self.seats[seat].get("bot")

    @property
    def clock(self) -> Clock | None:
        raw = self.raw.get(b"clock")
        return None if raw is None else clock_of(orjson.loads(raw))

    def away(self, seat: int) -> bool:
        """Whether the seat's bot plays it (away after timeouts, or left once play began)."""
        return f"away:{seat}".encode() in self.raw

    def acting_bot(self, seat: int | None) -> str | None:
        """The bot that plays ``seat``'s turns now: its own, or the clock's while it is away."""
        if seat is None:
            return None
        own = self.bot_of(seat)
        if own is not None or not self.away(seat):
            return own
        clock = self.clock
        return clock.bot if clock else DEFAULT_BOT

    def bank_used(self, seat: int) -> float:
        """Seconds of the clock's bank ``seat`` has spent (``bank:<seat>``, in ms)."""
        return int(self.raw.get(f"bank:{seat}".encode(), b"0")) / 1000

    @property
    def forfeited(self) -> bool:
        """A side forfeited the match on its clock: no move is taken any more."""
        return b"forfeited" in self.raw


def facts(seats: list[dict[str, Any]], hidden: dict[str, str], fair: MatchSecret
          ) -> dict[str, str]:
    """What the store keeps of a new match: ``hidden`` (field -> a token, invite code or key)
    only as digests."""
    out = {"seats": orjson.dumps(seats).decode(), "secret": fair.secret,
           "nonce": fair.nonce or ""}
    out.update({field: token_digest(value) for field, value in hidden.items()})
    return out


def from_facts(match_id: str, raw: dict[bytes, bytes]) -> Meta:
    digests = {int(k[6:]): v.decode() for k, v in raw.items() if k.startswith(b"token:")}
    nonce = raw.get(b"nonce", b"").decode() or None  # none: a match of engine 1
    return Meta(match_id=match_id, seats=orjson.loads(raw[b"seats"]), token_digests=digests,
                fairness=MatchSecret(raw[b"secret"].decode(), nonce), raw=raw)


def client_facts(seeds: list[ClientSeed | None]) -> dict[str, str]:
    """What the store keeps of client seeds: each seed and salt under its commitment."""
    return {f"client:{c.commitment}": orjson.dumps(c.to_dict()).decode() for c in seeds if c}


def deal_clients(number: int, seeds: list[ClientSeed | None]) -> dict[str, str]:
    """The record of the client seeds deal ``number`` is shuffled with."""
    return {f"clients:{number}": orjson.dumps([c.to_dict() if c else None for c in seeds]).decode()}


def meta(ref: Referee, match_id: str) -> Meta:
    raw = ref.store.match_facts(match_id)
    if not raw:
        raise NotFound("match", match_id)
    return from_facts(match_id, raw)


def new_secret() -> str:
    """256 random bits, URL-safe, never beginning with ``-``: a token or an invite is passed on
    command lines (``examples/sse_bot.py --token ...``), where argparse takes a value that
    begins with ``-`` for an option (one draw in 64 did)."""
    while (secret := secrets.token_urlsafe(32)).startswith("-"):
        continue
    return secret


def invite_link(match_id: str, seat: int, code: str) -> str:
    """The page's address that claims the invite (``api/static/js/lobby.js``)."""
    return f"/?match={match_id}&seat={seat}&invite={code}"


def opening(match_id: str, seats: list[dict[str, Any]], creator_seat: int | None
            ) -> tuple[dict[str, str], dict[str, Any]]:
    """A new match's secrets: the creator's token (if it sits), one invite per other seat a
    person plays, and the creator key. Returns (fact field -> secret, for ``facts``; the
    answer's ``tokens``, ``invites`` and ``creator_key``). No bot seat gets a token or an
    invite."""
    humans = [i for i, s in enumerate(seats) if not s.get("bot")]
    if creator_seat is not None and creator_seat not in humans:
        raise InvalidOptions("creator_seat", f"seat {creator_seat} is not a seat a person "
                             f"plays: choose one of {humans}")
    held = {} if creator_seat is None else {creator_seat: new_secret()}
    codes = {seat: new_secret() for seat in humans if seat != creator_seat}
    key = new_secret()
    stored = {"creator_key": key, **{f"token:{s}": t for s, t in held.items()},
              **{f"invite:{s}": c for s, c in codes.items()}}
    answer = {"tokens": [{"seat": s, "token": t} for s, t in held.items()],
              "invites": [{"seat": s, "code": c, "link": invite_link(match_id, s, c)}
                          for s, c in codes.items()],
              "creator_key": key}
    return stored, answer
