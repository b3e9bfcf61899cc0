"""The solver's generic trick game with a stock and no need to follow (Briscola, through its
family's ``solver`` hook): on random endings where the stock still holds cards, every side's
value and every move's value agree with the reducers' own exact endgame search
(``bots.endgame``, which draws through the ``drew`` events themselves)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from domain import game, registry
from domain.bots import endgame
from domain.solver import positions
from domain.solver.analysis import _points
from tests.helpers import secret, step


def _with_stock(preset: str, players: int, seed: int, cards: int) -> Any:
    """A random deal played at random until at most ``cards`` are left in the hands and the
    stock together, the stock not empty (None if that never happens)."""
    rules = registry.rules_for(preset, players, {})
    rng, dealt = random.Random(seed), secret(f"b{seed}")
    state = game.fold(game.new_deal(rules, 1, seed % players, dealt))
    while state.phase != "over":
        left = sum(map(len, state.hands)) + len(state.stock)
        if positions.in_card_play(state) and left <= cards and state.stock:
            return dataclasses.replace(state, commitment=None)
        state, _ = step(state, state.turn, rng.choice(game.legal_moves(state, state.turn)),
                        dealt)
    return None


def _final(sides: list[list[int]]) -> Any:
    """A side's points in a finished deal, as ``bots.endgame`` wants them."""
    return lambda side: lambda f, me: _points(f, sides)[side]


@pytest.mark.parametrize(("players", "cards"), [(2, 9), (4, 13)])
def test_the_solver_draws_the_stock_as_the_reducers_do(players: int, cards: int) -> None:
    checked = 0
    for seed in range(4):
        state = _with_stock("briscola", players, seed, cards)
        if state is None:
            continue
        checked += 1
        judge = positions.Judge(state)
        final = _final(judge.sides)
        for side, seats in enumerate(judge.sides):
            assert judge.value(state, side) == endgame.solve(state, seats[0], final(side))
        seat = state.turn
        side = judge.side_of(seat)
        for move, value in judge.move_values(state, seat, game.legal_moves(state, seat)):
            after, _ = step(state, seat, move, None)
            assert value == endgame.solve(after, seat, final(side)), (seed, move)
    assert checked >= 2
