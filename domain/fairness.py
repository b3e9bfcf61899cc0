"""Provably fair dealing: what is committed before a deal, what is revealed after it.

A match has a secret ``S`` (the creator's seed, or 256 random bits) and a 256-bit nonce ``N``
the server keeps until the match ends. Everything public before then is a salted digest, so no
one can test guesses of a short creator seed against it:

- match commitment: ``SHA-256(N || S)``
- deal ``n``'s seed: ``seed_n = hex SHA-256(N || 0x01 || S || 0x00 || n)``
- deal ``n``'s nonce: ``nonce_n = hex SHA-256(N || 0x02 || n)``
- deal commitment (in ``dealt``): ``SHA-256(nonce_n || seed_n)``
- the first dealer: the first 8 bytes of ``SHA-256(N || 0x03 || S)``, big-endian, mod players
- a bot's generator at event ``seq`` of deal ``d`` (``bot_seed``):
  ``Random(SHA-256(nonce_n || "bot" 0x00 || d || 0x00 || seq) as a big-endian integer)``

``N`` and ``nonce_n`` enter as their 32 raw bytes, ``S`` and ``seed_n`` as UTF-8, ``n`` as its
decimal digits. ``N`` is 256 fresh random bits for every match, whatever ``S`` is: a creator's
seed never reproduces a match (only an explicit duplicate link copies ``S`` and ``N``). The deck
is ``shuffle(pack, seed_n, n, client seeds)`` (``shuffle.py``): ``seed_n`` depends on ``N``, so
the cards are unguessable however short ``S`` is.

A seat's client seed ``c`` is public only as ``SHA-256(salt || c)`` (a fresh 256-bit salt, 32 raw
bytes, ``c`` as UTF-8) until a deal it entered is scored, so no seat chooses its seed after
seeing another's; ``dealt`` lists those commitments (``client_commitments``).

``scored`` reveals, under ``reveal`` (a hidden part like a hand: committed in the hash chain,
served once the deal may be disclosed), ``seed`` (``seed_n``), ``nonce`` (``nonce_n``) and, where
client seeds entered the deal, ``client_seeds`` (each seat's ``{seed, salt}`` or null); the
match's ``ended`` reveals ``S`` and ``N``.

Older logs still verify: engine 1 (export format v1) committed ``SHA-256(seed)`` with no nonce
(``nonce=None``); logs before the ``reveal`` object put ``seed`` and ``nonce`` at the top of
``scored`` (``flat``) and listed client seeds in the clear in ``dealt`` (``client_seeds``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, TypedDict


@dataclass(frozen=True, slots=True)
class ClientSeed:
    """A seat's client seed and the salt of its public commitment."""

    seed: str
    salt: str  # 64 hex: 256 bits

    @property
    def commitment(self) -> str:
        return client_commit(self.salt, self.seed)

    def to_dict(self) -> dict[str, str]:
        return {"seed": self.seed, "salt": self.salt}


def client_commit(salt: str, seed: str) -> str:
    """``SHA-256(salt || seed)`` in hex, the salt as its 32 raw bytes."""
    return hashlib.sha256(bytes.fromhex(salt) + seed.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class DealSecret:
    """What the server keeps secret about one deal until it is scored."""

    seed: str
    nonce: str | None = None  # None: a log written by engine 1
    clients: tuple[ClientSeed | None, ...] = ()  # per seat; () when no committed seed entered
    flat: bool = False  # a log from before ``reveal``: seed and nonce at the top of scored

    def client_seeds(self) -> list[str | None]:
        return [c.seed if c else None for c in self.clients]


def commit(seed: str, nonce: str | None) -> str:
    """``SHA-256(nonce || seed)`` in hex; engine 1's ``SHA-256(seed)`` when ``nonce`` is None."""
    prefix = b"" if nonce is None else bytes.fromhex(nonce)
    return hashlib.sha256(prefix + seed.encode()).hexdigest()


def _derive(match_nonce: str, tag: int, *parts: bytes) -> bytes:
    return hashlib.sha256(bytes.fromhex(match_nonce) + bytes([tag]) + b"".join(parts)).digest()


@dataclass(frozen=True, slots=True)
class MatchSecret:
    """A match's secret ``S`` and nonce ``N`` (None: a match of engine 1, which had none)."""

    secret: str
    nonce: str | None

    @property
    def commitment(self) -> str:
        return commit(self.secret, self.nonce)

    def deal(self, number: int) -> DealSecret:
        """Deal ``number``'s seed and nonce, one-way from ``S`` and ``N``: revealing them when
        the deal is scored says nothing about the other deals."""
        if self.nonce is None:  # engine 1: SHA-256(S 0x00 n), no nonce
            return DealSecret(hashlib.sha256(f"{self.secret}\x00{number}".encode()).hexdigest())
        n = str(number).encode()
        seed = _derive(self.nonce, 1, self.secret.encode(), b"\x00", n).hex()
        return DealSecret(seed, _derive(self.nonce, 2, n).hex())

    def first_dealer(self, players: int) -> int:
        """RULES.md §11.35: the first dealer is drawn from the match secret (so a seeded match
        is replayed exactly), through the nonce (so the seat says nothing about a short seed)."""
        assert self.nonce is not None
        return int.from_bytes(_derive(self.nonce, 3, self.secret.encode())[:8], "big") % players

    def revealed(self) -> dict[str, Any]:
        """The match's ``ended`` fields that open its commitment."""
        out: dict[str, Any] = {"secret": self.secret}
        if self.nonce is not None:
            out["nonce"] = self.nonce
        return out


class Opening(TypedDict, total=False):
    """What a ``scored`` event opens the deal's commitments with (``reveal``): ``reveal``, or
    an older log's flat ``seed`` and ``nonce``."""

    seed: str
    nonce: str
    reveal: dict[str, Any]


def reveal(commitment: str | None, secret: DealSecret | None) -> Opening:
    """The ``scored`` event's fields that open the deal's commitments (none for a prearranged
    deal): ``reveal``, or for an older log its flat fields. Raises ``ValueError`` when the
    secret does not open it: the rules refuse to score a deal with a seed other than the one
    committed to."""
    if commitment is None:
        return {}
    if secret is None or commit(secret.seed, secret.nonce) != commitment:
        raise ValueError("the server seed does not match the deal's commitment")
    if secret.nonce is None or secret.flat:
        flat: Opening = {"seed": secret.seed}
        if secret.nonce is not None:
            flat["nonce"] = secret.nonce
        return flat
    out: dict[str, Any] = {"seed": secret.seed, "nonce": secret.nonce}
    if secret.clients:
        out["client_seeds"] = [c.to_dict() if c else None for c in secret.clients]
    return {"reveal": out}


def revealed(data: dict[str, Any]) -> DealSecret | None:
    """The deal secret a ``scored`` event's data reveals (``reveal``, or the flat fields of an
    older log), or None."""
    opened = data.get("reveal")
    if not isinstance(opened, dict):
        seed = data.get("seed")
        return None if seed is None else DealSecret(seed, data.get("nonce"), flat=True)
    clients = tuple(c and ClientSeed(c["seed"], c["salt"])
                    for c in opened.get("client_seeds") or ())
    return DealSecret(opened["seed"], opened.get("nonce"), clients)


def bot_seed(deal: DealSecret, deal_id: str, seq: int) -> int:
    """The seed of the generator a bot draws from at its turn after event ``seq``: secret
    while the deal runs (``nonce_n`` is), derivable by anyone once ``scored`` reveals it, and
    one per turn, so a retried job chooses the same. A prearranged deal's ``scored`` reveals no
    nonce: ``nonce_n`` follows from the match nonce ``N`` that ``ended`` reveals. A match of
    engine 1 had no nonce: its revealed deal seed stands in."""
    key = bytes.fromhex(deal.nonce) if deal.nonce is not None else deal.seed.encode()
    digest = hashlib.sha256(key + b"bot\x00" + deal_id.encode() + b"\x00"
                            + str(seq).encode()).digest()
    return int.from_bytes(digest, "big")
