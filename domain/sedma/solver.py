"""The Sedma family's side of the perfect-information solver (``domain/family.py``'s
``PerfectPlay``): the capture game (``capture_game.py``) for deals decided by card play alone,
the rules' sides, and the points of the captures themselves."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..family import PerfectPlay
from .capture_game import CaptureGame, supports
from .points import side_points
from .rules import SedmaRules

if TYPE_CHECKING:
    from .state import SedmaState


class SedmaPlay:
    @staticmethod
    def sides(state: Any) -> list[list[int]]:
        return [list(side) for side in state.rules.sides]

    @staticmethod
    def game(state: Any, seats: list[int]) -> CaptureGame:
        rules = state.rules
        return CaptureGame(rules, [s in seats for s in range(rules.players)])

    @staticmethod
    def taken(state: Any, seats: list[int]) -> int:
        rules: SedmaRules = state.rules
        points = side_points(rules.scoring, state.won, None, rules.players)[0]
        return points[rules.side_of(seats[0])]

    @staticmethod
    def points(final: Any, sides: list[list[int]]) -> list[float]:
        """By the rules' sides, from the captures themselves (last-capture bonus included): the
        result's sides may be others (the solo king against the other two)."""
        rules = final.rules
        points = side_points(rules.scoring, final.won, final.last_capture, rules.players)[0]
        return [points[rules.side_of(seats[0])] for seats in sides]


PLAY = SedmaPlay()


def solver(rules: SedmaRules) -> PerfectPlay[SedmaState] | None:
    """The solver plays deals decided by card play alone (no burning, no pass)."""
    return PLAY if supports(rules) else None
