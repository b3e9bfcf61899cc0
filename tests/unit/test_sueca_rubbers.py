"""RULES.md §7.5 [choice]: a Sueca match is one rubber to 4 by default, or the best of N
rubbers (option ``rubbers``); each rubber counts its game points from zero."""

from __future__ import annotations

from typing import Any

import pytest

from domain import match as matches
from domain import registry
from domain.errors import InvalidOptions
from domain.fairness import MatchSecret
from domain.sheet import sheet
from workers.arena import Tally, play_match

SECRET = MatchSecret("secret", "00" * 32)


def _match(options: dict[str, Any]) -> matches.MatchState:
    rules = registry.rules_for("sueca", 4, options)
    seats = [{"seat": s, "name": f"p{s}"} for s in range(4)]
    return matches.fold(matches.created("m", rules, seats, 3, SECRET, [None] * 4))


def _play(state: matches.MatchState, points: list[list[int]]
          ) -> tuple[matches.MatchState, list[str]]:
    kinds = []
    for number, pts in enumerate(points, 1):
        for event in matches.after_deal(state, number, {"score": {"match_points": pts}},
                                        SECRET):
            kinds.append(event.type)
            state = matches.evolve(state, event)
    return state, kinds


def test_best_of_three_rubbers() -> None:
    deals = [[2, 0], [2, 1], [0, 4], [1, 0], [4, 0]]
    state, kinds = _play(_match({"rubbers": 3}), deals)
    assert kinds.count("rubber_won") == 2 and kinds[-1] == "ended"
    assert state.status == "over" and state.winner == 0
    out = state.to_dict()
    assert out["rubbers"] == {"best_of": 3, "won": [2, 1], "ends": [2, 3, 5]}
    assert out["totals"] == [5, 0]  # the deciding rubber's game points
    rows = sheet(out, [({"number": n, "dealer": 0}, {"score": {"match_points": p}})
                       for n, p in enumerate(deals, 1)])["hands"]
    assert [r["totals"] for r in rows] == [[2, 0], [4, 1], [0, 4], [1, 0], [5, 0]]


def test_a_rubber_restarts_the_totals_and_the_match_goes_on() -> None:
    state, kinds = _play(_match({"rubbers": 3}), [[4, 0]])
    assert kinds == ["deal_scored", "rubber_won", "deal_started"]
    assert state.status == "playing" and state.totals == (0, 0) and state.rubbers == (1, 0)


def test_one_rubber_by_default() -> None:
    state, kinds = _play(_match({}), [[3, 0], [0, 2], [1, 0]])
    assert kinds[-1] == "ended" and "rubber_won" not in kinds
    assert "rubbers" not in state.to_dict()


@pytest.mark.parametrize("value", [2, 0, 11, "3"])
def test_rubbers_must_be_an_odd_count(value: Any) -> None:
    with pytest.raises(InvalidOptions) as error:
        registry.rules_for("sueca", 4, {"rubbers": value})
    assert error.value.field == "rubbers"


def test_bots_play_a_best_of_three_to_the_end() -> None:
    rules = registry.rules_for("sueca-brazil", 4, {"rubbers": 3})
    final = play_match(rules, ["heuristic", "random"] * 2, 7, Tally(), {0, 2})
    assert final.status == "over" and final.winner in (0, 1)
