"""The Sedma family's ``bounds`` hook: the true range of a seat's return in one deal, from the
family's own scoring (a side capturing every card, the highest level or tariff)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..family import Returns
from . import points as sedma_points
from .rules import BURN_STAKES, BURNED_HAND_STAKES, SedmaRules


def bounds(rules: SedmaRules, first: Any, returns: Returns) -> tuple[float, float]:
    values = [v for scores in _extremes(rules) for v in returns(scores)]
    return min(values), max(values)


def points_total(rules: SedmaRules, number: int) -> int:
    """A deal's points, whoever captures what: one side capturing every card, with the last
    capture's bonus."""
    won = [list(rules.pack())] + [[] for _ in range(len(rules.sides) - 1)]
    return sum(sedma_points.side_points(rules.scoring, won, 0, rules.players)[0])


def rotations(value: Any, rest: Any, n: int) -> Iterator[list[Any]]:
    """``value`` to one place, ``rest`` to the others, for each place in turn."""
    for place in range(n):
        yield [value if i == place else rest for i in range(n)]


def _extremes(rules: SedmaRules) -> Iterator[list[Any]]:
    """A side that captures every card: its points (and sweep bonus) and the highest level;
    a burn's tariff where the options burn."""
    s, sides, pack = rules.scoring, len(rules.sides), rules.pack()
    won = [list(pack)] + [[] for _ in range(sides - 1)]
    points, counters = sedma_points.side_points(s, won, 0, rules.players)
    captures = [len(pack) // rules.players] + [0] * (sides - 1)
    outcome = s.outcome
    if outcome == "totals":
        yield from rotations(points[0] + s.sweep_bonus, 0, sides)
        return
    if outcome == "payments":
        paid = sedma_points.payments(points, counters, captures, s.double_win)
        yield from (paid["net"][-i:] + paid["net"][:-i] for i in range(sides))
        return
    level = sedma_points.two_sided(s, points[:2], counters[:2], captures[:2], 0)["level"]
    if outcome == "solo":
        for sign in (1, -1):
            yield from rotations(sign * 2 * level, -sign * level, rules.players)
        return
    tariffs = [level, *(BURN_STAKES.get(rules.burn_tariff, ()))]
    tariffs += [BURNED_HAND_STAKES] if rules.burned_hand else []
    yield from rotations(max(tariffs), 0, sides)
