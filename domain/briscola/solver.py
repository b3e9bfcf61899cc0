"""Briscola's side of the perfect-information solver (``domain/family.py``'s ``PerfectPlay``):
the generic trick game (``domain/solver/trick_game.py``) with no need to follow suit and the
stock (the turned card last) drawn after each trick, its winner first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..family import PerfectPlay
from ..solver.trick_game import TrickGame
from .rules import CARD_POINTS, POINTS, BriscolaRules

if TYPE_CHECKING:
    from .state import BriscolaState


class BriscolaPlay:
    @staticmethod
    def sides(state: Any) -> list[list[int]]:
        return [list(side) for side in state.rules.sides]

    @staticmethod
    def game(state: Any, seats: list[int]) -> TrickGame:
        rules: BriscolaRules = state.rules
        return TrickGame(rules.order, POINTS, state.trump, rules.players,
                         [s in seats for s in range(rules.players)], False,
                         follow_suit=False, stock=state.stock, hand_size=rules.hand_size)

    @staticmethod
    def taken(state: Any, seats: list[int]) -> int:
        return sum(CARD_POINTS[c] for s in seats for c in state.won[s])

    @staticmethod
    def points(final: Any, sides: list[list[int]]) -> list[float]:
        result = final.result
        by_side = {tuple(s): p for s, p in zip(result["sides"], result["points"], strict=True)}
        return [by_side[tuple(seats)] for seats in sides]


PLAY = BriscolaPlay()


def solver(rules: BriscolaRules) -> PerfectPlay[BriscolaState]:
    return PLAY
