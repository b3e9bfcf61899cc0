"""How the ladder picks a match: the entry that has played least, and opponents of near
rating, each pick now and then (``explore``) any candidate instead, so ratings keep meeting
beyond their neighbours. Pure and seeded: ``scripts/ladder_run.py`` and the worker's ladder
(``workers/ladder.py``) pick alike."""

from __future__ import annotations

import random
from typing import Any

EXPLORE = 0.25
DEFAULT_MU = 25.0


def mu_of(table: dict[str, dict[str, Any]], entity: str) -> float:
    return float(table.get(entity, {}).get("mu", DEFAULT_MU))


def pick(candidates: list[str], table: dict[str, dict[str, Any]], count: int,
         rng: random.Random, explore: float = EXPLORE, focal: str | None = None) -> list[str]:
    """``count`` entities: ``focal`` or else the one with the fewest rated matches first (ties
    at random), then the nearest in rating (or, with probability ``explore``, any); entities
    repeat only when there are fewer candidates than ``count``, and then every pick is made
    from all the others again: the nearest sits twice or more rather than every candidate
    once, so that a table is not made of entities far apart (three anchors in four seats:
    the focal against three copies of its neighbour, not always beside the weakest)."""
    order = sorted(candidates, key=lambda e: (table.get(e, {}).get("matches", 0), rng.random()))
    if focal is not None:
        order = [focal, *(e for e in order if e != focal)]
    focal, others = order[0], order[1:] or order[:1]
    chosen: list[str] = []
    left = list(others)
    while len(chosen) < count - 1:
        if not left:
            left = list(others)
        if rng.random() < explore:
            choice = rng.choice(left)
        else:
            choice = min(left, key=lambda e: (abs(mu_of(table, e) - mu_of(table, focal)), e))
        chosen.append(choice)
        if len(others) >= count - 1:
            left.remove(choice)
    return [focal, *chosen]


def seats(sides: list[list[int]], entities: list[str], rng: random.Random) -> list[str]:
    """The entity of every seat: ``entities[j]`` plays every seat of one side, the sides in a
    random order (so nobody keeps the first dealer's seat)."""
    order = list(range(len(sides)))
    rng.shuffle(order)
    out = [""] * sum(len(side) for side in sides)
    for entity, index in zip(entities, order, strict=True):
        for seat in sides[index]:
            out[seat] = entity
    return out
