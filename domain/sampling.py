"""Sampling what a seat does not know: one deal of the unseen cards consistent with what it
does know (sizes, voids shown by not following suit, cards pinned to a known holder). The
families' ``resample`` hooks build a whole state from their view and one such sample."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from .cards import suit


def unseen(pack: Sequence[str], seen: Sequence[str]) -> list[str]:
    return list((Counter(pack) - Counter(seen)).elements())


def deal(pool: list[str], sizes: dict[int, int], voids: dict[int, set[str]],
          rng: random.Random, pinned: dict[str, int] | None = None) -> dict[int, list[str]]:
    """Share ``pool`` into hands of ``sizes`` (key -1: cards nobody holds), no card in a suit
    its holder is void in, ``pinned`` cards to their known holder. Falls back to ignoring voids
    if the constraints defeat twenty random tries."""
    pinned = pinned or {}
    for _ in range(20):
        hands: dict[int, list[str]] = {seat: [] for seat in sizes}
        cards = list(pool)
        rng.shuffle(cards)
        cards.sort(key=lambda c: c not in pinned)
        ok = True
        for card in cards:
            if card in pinned:
                hands[pinned[card]].append(card)
                continue
            room = [s for s in sizes if len(hands[s]) < sizes[s]
                    and suit(card) not in voids.get(s, set())]
            if not room:
                ok = False
                break
            hands[rng.choice(room)].append(card)
        if ok:
            return hands
        voids = {} if _ == 18 else voids
    raise ValueError("no deal fits what is known")


def trick_hands(view: dict[str, Any], rules: Any, rng: random.Random, won: list[str],
                 pinned: dict[str, int], undealt: int) -> tuple[tuple[tuple[str, ...], ...],
                                                           list[str]]:
    me = view["seat"]
    seen = list(view["hand"]) + [t["card"] for t in view["table"]] + won
    sizes = {s: n for s, n in enumerate(view["hand_sizes"]) if s != me}
    if undealt:
        sizes[-1] = undealt
    voids = {s: set(v) for s, v in enumerate(view["public"]["voids"])}
    pinned = {c: s for c, s in pinned.items() if c not in seen}
    dealt = deal(unseen(rules.pack(), seen), sizes, voids, rng, pinned)
    hands = tuple(tuple(view["hand"]) if s == me else tuple(dealt[s])
                  for s in range(rules.players))
    return hands, dealt.get(-1, [])
