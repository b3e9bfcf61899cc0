"""Provably fair shuffling: ``tricklog-shuffle-v1``.

The deck is a deterministic function of a secret seed and the deal's number. At deal start only
a commitment to the seed is published (in ``dealt``, ``fairness.py``); the seed is revealed in
``scored``, so anyone with the exported log can re-shuffle and check every card.

tricklog-shuffle-v1, precisely:

1. ``key = SHA-256("tricklog-shuffle-v1" 0x00 seed 0x00 deal [0x00 c_0 0x00 c_1 ...])`` (UTF-8
   strings), where ``deal`` is the deal's number in its match in decimal ("1", "2", ...) and
   ``c_s`` is seat ``s``'s client seed ("" for a seat that gave none). The client part is present
   only when at least one seat gave a seed, so the server cannot choose the deck alone. Client
   seeds are public only as salted commitments until the deal is scored (``fairness.py``).
2. A byte stream: ``SHA-256(key || counter)`` for counter = 0, 1, 2, ... as 8-byte big-endian,
   concatenated. Integers are drawn from it as 8-byte big-endian words.
3. Fisher-Yates over the canonical pack (``cards.make_pack`` order): for ``i`` from ``n-1`` down to
   1, draw words until one is below ``2**64 - 2**64 % (i+1)`` (no modulo bias), let
   ``j = word % (i+1)`` and swap positions ``i`` and ``j``.
4. The result is the deck, top card first.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterator, Sequence

SHUFFLE_VERSION = "tricklog-shuffle-v1"
_WORDS = struct.Struct(">4Q")  # a SHA-256 block as four 8-byte big-endian words
_SPAN = 2**64


def _limit(bound: int) -> int:
    """Words at or above this are rejected when drawing below ``bound`` (no modulo bias)."""
    return _SPAN - (_SPAN % bound)


_LIMITS = tuple(_limit(bound) if bound else 0 for bound in range(129))  # a pack has <= 104


def _words(key: bytes) -> Iterator[int]:
    counter = 0
    while True:
        yield from _WORDS.unpack(hashlib.sha256(key + counter.to_bytes(8, "big")).digest())
        counter += 1


def shuffle(pack: Sequence[str], seed: str, deal: str,
            client_seeds: Sequence[str | None] = ()) -> list[str]:
    """The deck for ``deal`` under ``seed``, top card first (see the module docstring)."""
    parts = [SHUFFLE_VERSION, seed, deal]
    if any(client_seeds):
        parts += [c or "" for c in client_seeds]
    material = b"\x00".join(p.encode() for p in parts)
    words = _words(hashlib.sha256(material).digest())
    deck = list(pack)
    for i in range(len(deck) - 1, 0, -1):
        bound = i + 1
        limit = _LIMITS[bound] if bound < len(_LIMITS) else _limit(bound)
        word = next(words)
        while word >= limit:
            word = next(words)
        j = word % bound
        deck[i], deck[j] = deck[j], deck[i]
    return deck
