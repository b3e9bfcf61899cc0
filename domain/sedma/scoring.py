"""A finished Sedma-family deal's result: points per side and what the deal is worth in the
match (``score.match_points``, one number per side of the match), by the preset's ``Scoring``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..fairness import DealSecret, reveal
from . import points as scoring
from .events import SedmaScored

if TYPE_CHECKING:
    from .state import SedmaState


def score(state: SedmaState, secret: DealSecret | None) -> SedmaScored:
    outcome = "burned" if state.burned else state.rules.scoring.outcome
    result = OUTCOMES[outcome](state)
    return {"sides": result["sides"], "points": result["points"], "score": result["score"],
            "captures": list(state.captures), "last_capture": state.last_capture,
            **reveal(state.commitment, secret)}


def _points(state: SedmaState) -> tuple[list[int], list[int]]:
    return scoring.side_points(state.rules.scoring, state.won, state.last_capture,
                               state.rules.players)


def _stakes(state: SedmaState) -> dict[str, Any]:
    sides = state.rules.sides
    points, counters = _points(state)
    decided = scoring.two_sided(state.rules.scoring, points, counters, list(state.captures),
                                state.last_capture)
    win, level = decided["winner"], decided["level"]
    stakes = [level if side == win else 0 for side in range(2)]
    return {"sides": sides, "points": points, "score": {
        "winner": win, "winners": sides[win], "level": level, "stakes": stakes,
        "match_points": stakes}}


def _totals(state: SedmaState) -> dict[str, Any]:
    sides, s = state.rules.sides, state.rules.scoring
    points, _ = _points(state)
    bonus = [s.sweep_bonus if c > 0 and sum(state.captures) == c else 0 for c in state.captures]
    win = scoring.winner(points, state.last_capture)
    return {"sides": sides, "points": points, "score": {
        "winner": win, "winners": sides[win], "bonus": bonus,
        "match_points": [p + b for p, b in zip(points, bonus, strict=True)]}}


def _payments(state: SedmaState) -> dict[str, Any]:
    points, counters = _points(state)
    s = state.rules.scoring
    paid = scoring.payments(points, counters, list(state.captures), s.double_win, s.levels)
    return {"sides": state.rules.sides, "points": points, "score": {
        "winners": paid["winners"], "level": paid["level"], "match_points": paid["net"]}}


def _solo(state: SedmaState) -> dict[str, Any]:
    """§3.4: the solo king's holder against the other two, who pool their captures."""
    rules = state.rules
    solo = state.solo if state.solo is not None else 0
    others = [s for s in range(rules.players) if s != solo]
    won = [state.won[solo], tuple(c for s in others for c in state.won[s])]
    captures = [state.captures[solo], sum(state.captures[s] for s in others)]
    last = None if state.last_capture is None else int(state.last_capture != solo)
    points, counters = scoring.side_points(rules.scoring, won, last, rules.players)
    decided = scoring.two_sided(rules.scoring, points, counters, captures, last)
    level = decided["level"]
    sign = 1 if decided["winner"] == 0 else -1
    net = [sign * 2 * level if s == solo else -sign * level for s in range(rules.players)]
    return {"sides": [[solo], others], "points": points, "score": {
        "winner": decided["winner"], "winners": [solo] if sign > 0 else others, "solo": solo,
        "level": level, "match_points": net}}


def _burned(state: SedmaState) -> dict[str, Any]:
    """§3.6-§3.7: the burner's side wins the tariff at once; no points are counted."""
    burned = state.burned
    assert burned is not None
    sides = state.rules.sides
    win = burned["side"]
    stakes = [burned["stakes"] if side == win else 0 for side in range(len(sides))]
    return {"sides": sides, "points": [0] * len(sides), "score": {
        "winner": win, "winners": sides[win], "level": burned["stakes"], "stakes": stakes,
        "burned": burned, "match_points": stakes}}


OUTCOMES = {"stakes": _stakes, "totals": _totals, "payments": _payments, "solo": _solo,
            "burned": _burned}
