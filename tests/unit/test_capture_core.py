"""The capture game's search in C (``domain/sedma/_solve.c``) against its Python reference
(``capture_game.CaptureGame`` searched by ``domain/solver/search.py``): on random positions of
random deals (leads, captures in progress, go-on-or-stop decisions, the stock still to draw),
every legal move's exact value and the position's own value are the same, for every winner
rule, continuation policy and scoring the family has."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain import game, registry
from domain.sedma import capture_game
from domain.solver import positions
from domain.solver.search import Solver
from tests.helpers import secret, step

CARDS = {2: 14, 3: 17, 4: 20}  # cards left (hands, stock, table) where the positions start
VARIANTS = [("sedma", 2, {}), ("sedma", 4, {}), ("sedma-osmova", 4, {}),
            ("sedma-osmova", 2, {"osmova_rule": "eights_high"}), ("sedma-osmova-170", 4, {}),
            ("sedma-tricks", 3, {}), ("sedma-king", 3, {}), ("sedmice", 4, {}),
            ("sedmice-serbian", 2, {}), ("suster", 4, {}), ("hola", 2, {}), ("hola", 4, {}),
            ("hola", 4, {"fight_rule": "sedma_style"}), ("sedma-slovak", 4, {})]


def _positions(preset: str, players: int, options: dict[str, Any], seed: int,
               cards: int) -> list[Any]:
    """States of one random deal from the first with at most ``cards`` cards left (hands,
    stock and table together) to its end, every move of the card play."""
    rules = registry.rules_for(preset, players, options)
    rng, dealt = random.Random(seed), secret(f"c{seed}")
    state = game.fold(game.new_deal(rules, 1, seed % players, dealt))
    out = []
    while state.phase != "over":
        left = sum(map(len, state.hands)) + len(state.stock) + len(state.table)
        if positions.in_card_play(state) and left <= cards:
            out.append(state)
        state, _ = step(state, state.turn, rng.choice(game.legal_moves(state, state.turn)),
                        dealt)
    return out


@pytest.mark.parametrize(("preset", "players", "options"), VARIANTS)
def test_every_move_has_the_reference_value(preset: str, players: int,
                                            options: dict[str, Any]) -> None:
    assert capture_game._core is not None, "the compiled core is not built"
    checked = stocked = valued = 0
    for seed in range(4):
        states = _positions(preset, players, options, seed, CARDS[players])
        if not states:
            continue
        first = states[0]
        seats = first.rules.side_seats[seed % len(first.rules.side_seats)]
        team = [s in seats for s in range(players)]
        python = Solver(capture_game.CaptureGame(first.rules, team))
        compiled = capture_game.CompiledSolver(capture_game.CaptureGame(first.rules, team))
        for state in states[::3]:
            s = python.game.position(state)
            assert compiled.move_values(s) == python.move_values(s), (seed, state.turn)
            assert compiled.value(s, 10) == python.value(s, 10)
            checked += 1
            stocked += bool(state.stock)
            valued += python.value(s) > 0
        assert compiled.nodes > 0
    assert checked >= 8 and stocked >= 2 and valued >= 2


def test_the_analysis_takes_the_compiled_core() -> None:
    state = _positions("sedma", 2, {}, 1, 8)[0]
    judge = positions.Judge(state)
    judge.value(state, 0)
    assert isinstance(judge.solvers[0], capture_game.CompiledSolver)
