"""Every deal of sedma-4p-peer-deals.jsonl, played through the pure domain."""

from __future__ import annotations

from typing import Any

import pytest

from domain import game, registry
from domain.messages import Command, Move
from tests.vectors import load, sedma_deal

VECTORS = load("sedma-4p-peer-deals.jsonl")


def play_vector(vector: dict[str, Any]) -> tuple[Any, list[Any]]:
    rules = registry.rules_for("sedma", vector["players"], {})
    deal = sedma_deal(vector)
    state = game.fold(game.prearranged_deal(rules, deal["dealer"], deal["hands"], deal["stock"]))
    log = []
    for seat, card in vector["plays"]:
        while state.phase == "decide":  # the vectors' leader never goes on
            events = game.decide(state, Command(state.turn, Move("stop")))
            state, log = game.fold(events, state), log + events
        events = game.decide(state, Command(seat, Move("play", card=card)))
        state, log = game.fold(events, state), log + events
    return state, log


@pytest.mark.parametrize("vector", VECTORS, ids=[f"deal{i}" for i in range(len(VECTORS))])
def test_vector_deal_matches_both_oracles(vector: dict[str, Any]) -> None:
    state, log = play_vector(vector)
    winners = [e.data["seat"] for e in log if e.type == "trick_taken"]
    assert winners == vector["trick_winners"]
    assert state.phase == "over"
    assert state.result["points"] == [vector["points_team_02"], vector["points_team_13"]]
    side = {"02": 0, "13": 1}[vector["stake"]["team"]]
    assert state.result["score"]["winner"] == side
    assert state.result["score"]["level"] == vector["stake"]["value"]
