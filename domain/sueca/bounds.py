"""Sueca's and Sueca Italiana's ``bounds`` hooks: the true range of a seat's return in one
deal, from their own scoring."""

from __future__ import annotations

from typing import Any

from ..family import Returns
from .italiana import MAX_BID
from .rules import CARD_POINTS, ItalianaRules, SuecaRules
from .scoring import game_points


def points_total(rules: SuecaRules | ItalianaRules, number: int) -> int:
    """§7.3, §8.3: every deal's card points add up to 120."""
    return sum(CARD_POINTS[c] for c in rules.pack())


def sueca(rules: SuecaRules, first: Any, returns: Returns) -> tuple[float, float]:
    """Every card point and every trick to one team, plus what earlier 60-60 deals carried."""
    total = sum(CARD_POINTS[c] for c in rules.pack())
    value = game_points(total, True, rules.bandeira) + first.carry
    sides = len(rules.sides)
    values = [v for place in range(sides)
              for v in returns([value if i == place else 0 for i in range(sides)])]
    return min(values), max(values)


def italiana(rules: ItalianaRules, first: Any, returns: Returns) -> tuple[float, float]:
    """Made with every card point, or the highest bid failed; the bidder alone or with a
    partner (a call of nobody, or of a card of its own, leaves it alone)."""
    n = rules.players
    total = sum(CARD_POINTS[c] for c in rules.pack())
    values: list[float] = []
    for team in (1, 2):
        values += returns([total] * team + [0] * (n - team))
        values += returns([-MAX_BID] * team + [MAX_BID] * (n - team))
    return min(values), max(values)
