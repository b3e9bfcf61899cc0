"""Sueca's and Sueca Italiana's side of the perfect-information solver (``domain/family.py``'s
``PerfectPlay``): the generic trick game (``domain/solver/trick_game.py``) with the family's
rank order and card points, following suit with no obligation to trump; Italiana's sides are
the bidder and partner against the rest."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..family import PerfectPlay
from ..solver.trick_game import TrickGame
from . import core
from .rules import POINTS

if TYPE_CHECKING:
    from .italiana import ItalianaState
    from .sueca import SuecaState


class SuecaPlay:
    @staticmethod
    def sides(state: Any) -> list[list[int]]:
        return [list(side) for side in state.rules.sides]

    @staticmethod
    def game(state: Any, seats: list[int]) -> TrickGame:
        rules = state.rules
        return TrickGame(rules.order, POINTS, state.trump, rules.players,
                         [s in seats for s in range(rules.players)], False)

    @staticmethod
    def taken(state: Any, seats: list[int]) -> int:
        return core.card_points(state, seats)

    @staticmethod
    def points(final: Any, sides: list[list[int]]) -> list[float]:
        result = final.result
        by_side = {tuple(s): p for s, p in zip(result["sides"], result["points"], strict=True)}
        return [by_side[tuple(seats)] for seats in sides]


class ItalianaPlay(SuecaPlay):
    @staticmethod
    def sides(state: Any) -> list[list[int]]:
        """The bidder and partner against the rest, once there is a bidder."""
        if state.bidder is not None:
            team = [state.bidder] + ([state.partner] if state.partner is not None else [])
            return [team, [s for s in range(state.rules.players) if s not in team]]
        return [list(side) for side in state.rules.sides]


SUECA_PLAY, ITALIANA_PLAY = SuecaPlay(), ItalianaPlay()


def sueca(rules: Any) -> PerfectPlay[SuecaState]:
    return SUECA_PLAY


def italiana(rules: Any) -> PerfectPlay[ItalianaState]:
    return ITALIANA_PLAY
