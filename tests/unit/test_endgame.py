"""The search bot's endgame solver: alpha-beta with its transposition table gives exactly the
value of a plain, exhaustive minimax over the same rules."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain import game, registry
from domain.bots import endgame
from domain.bots.search import _value
from tests.helpers import step


def _minimax(state: Any, me: int) -> float:
    if state.phase == "over" or state.turn is None:
        return _value(state, me)
    rules, seat = state.rules, state.turn
    values = [_minimax(step(state, seat, m)[0], me) for m in game.legal_moves(state, seat)
              if m["type"] != "hint"]
    return max(values) if rules.side_of(seat) == rules.side_of(me) else min(values)


def _endgame(preset: str, players: int, seed: int) -> Any:
    rules = registry.rules_for(preset, players, {})
    rng = random.Random(seed)
    deck = rng.sample(list(rules.pack()), len(rules.pack()))
    hands, stock = registry.family_of(rules).deal_layout(rules, deck, 0, 1)
    state = game.fold(game.prearranged_deal(rules, 0, hands, stock))
    while not endgame.applies(state):
        state, _ = step(state, state.turn, rng.choice(game.legal_moves(state, state.turn)))
    return state


@pytest.mark.parametrize(("preset", "players"), [("sedma", 2), ("sedma", 4), ("sueca", 4),
                                                 ("serbian-whist", 4), ("sedma-king", 3)])
@pytest.mark.parametrize("seed", range(3))
def test_solver_equals_exhaustive_minimax(preset: str, players: int, seed: int) -> None:
    state = _endgame(preset, players, seed)
    for me in range(players):
        assert endgame.solve(state, me, _value) == pytest.approx(_minimax(state, me))


def test_solver_gives_up_when_time_is_up() -> None:
    state = _endgame("sueca", 4, 1)
    assert endgame.solve(state, 0, _value, stop=lambda: True) is None
