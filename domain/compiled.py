"""What the compiled cores in C share: card ids (a card's rank index in ``cards.RANKS`` times
4 plus its suit index in ``cards.SUITS``) and the seed a core's own generator takes from the
caller's ``random.Random``, so that a seeded caller gets the same deals every run."""

from __future__ import annotations

import random

from .cards import RANKS, SUITS

NAMES: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
IDS: dict[str, int] = {card: i for i, card in enumerate(NAMES)}
RANK_IDS: dict[str, int] = {r: i for i, r in enumerate(RANKS)}
SUIT_IDS: dict[str, int] = {s: i for i, s in enumerate(SUITS)}


def seed_of(rng: random.Random) -> int:
    """A 64-bit seed drawn from ``rng`` (one draw a playout)."""
    return rng.getrandbits(64)


def rank_mask(ranks: frozenset[str] | set[str]) -> int:
    """Ranks as a bit mask over their indices in ``cards.RANKS``."""
    return sum(1 << RANK_IDS[r] for r in ranks)
