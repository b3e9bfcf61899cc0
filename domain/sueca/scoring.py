"""What a Sueca deal is worth (RULES.md §7.4): game points for the better team's card points,
a 60-60 deal void or carried (Brazil), a redealt deal nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..fairness import DealSecret, reveal
from . import core
from .events import TricksScored

if TYPE_CHECKING:
    from .sueca import SuecaState


def game_points(points: int, all_tricks: bool, bandeira: str) -> int:
    """§7.4: the better team's game points for its card points."""
    if points == 120 and (bandeira == "points120" or all_tricks):
        return 4
    if points > 90:
        return 2
    return 1 if points > 60 else 0


def score(state: SuecaState, secret: DealSecret | None) -> TricksScored:
    result = _redealt(state) if state.redeal is not None else _sueca(state)
    return {"sides": result["sides"], "points": result["points"], "score": result["score"],
            "tricks": list(state.tricks_won), **reveal(state.commitment, secret)}


def _sueca(state: SuecaState) -> dict[str, Any]:
    rules = state.rules
    sides = rules.sides
    points = [core.card_points(state, side) for side in sides]
    side_tricks = [sum(state.tricks_won[s] for s in side) for side in sides]
    if points[0] == points[1]:
        carry = state.carry + 1 if rules.tie_60 == "carry_one" else 0
        return {"sides": sides, "points": points, "score": {
            "winner": None, "winners": [], "game_points": 0, "match_points": [0, 0],
            "carry_next": carry}}
    win = 0 if points[0] > points[1] else 1
    value = game_points(points[win], side_tricks[win] == sum(side_tricks), rules.bandeira)
    value += state.carry
    match_points = [value if side == win else 0 for side in range(2)]
    return {"sides": sides, "points": points, "score": {
        "winner": win, "winners": sides[win], "game_points": value, "carried": state.carry,
        "match_points": match_points, "carry_next": 0}}


def _redealt(state: SuecaState) -> dict[str, Any]:
    """§7.7: a deal given back is worth nothing; a 60-60 carry waits for the next one."""
    return {"sides": state.rules.sides, "points": [0, 0], "score": {
        "winner": None, "winners": [], "game_points": 0, "match_points": [0, 0],
        "carry_next": state.carry, "redeal": {"seat": state.redeal}}}
