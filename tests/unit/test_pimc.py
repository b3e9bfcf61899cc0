"""The search bot's ending solved on every sample (PIMC, issue 30 item 5): where the seat can
know every card (two players, stock drawn), every sample is the real deal, so the bot plays a
move the solver finds best on the real deal; it stays deterministic for a seed, gives a move
when its time is up at once, and presets without a threshold play out as before."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain import game, registry
from domain.bots import pimc
from domain.bots.search import search_bot
from domain.solver.positions import Judge
from tests.helpers import step


def _view(state: Any) -> dict[str, Any]:
    rules = state.rules
    return {"ruleset": rules.preset, "players": rules.players, "options": rules.options,
            **game.view(state, state.turn)}


def _ending(preset: str, players: int, seed: int, left: int) -> Any:
    """A deal played at random until at most ``left`` cards are left, the seat to move with a
    choice of cards."""
    rules = registry.rules_for(preset, players, {})
    rng = random.Random(seed)
    deck = rng.sample(list(rules.pack()), len(rules.pack()))
    hands, stock = registry.family_of(rules).deal_layout(rules, deck, 0, 1)
    state = game.fold(game.prearranged_deal(rules, 0, hands, stock))
    hook = registry.family_of(rules).endgame
    while True:
        moves = game.legal_moves(state, state.turn)
        count = hook(state)
        if count is not None and count <= left and len(moves) > 1:
            return state
        state, _ = step(state, state.turn, rng.choice(moves))


@pytest.mark.parametrize("seed", range(4))
def test_with_every_card_known_the_bot_plays_a_best_move(seed: int) -> None:
    state = _ending("sedma", 2, seed, 8)
    view = _view(state)
    assert pimc.applies(state)
    values = Judge(state).move_values(state, state.turn, view["legal_moves"])
    best = max(v for _, v in values)
    move = search_bot(view, random.Random(seed))
    assert dict(move) in [m for m, v in values if v == best]


@pytest.mark.parametrize(("preset", "players"), [("sedma", 2), ("sueca", 4), ("briscola", 2)])
def test_a_solved_decision_is_the_same_for_the_same_seed(preset: str, players: int) -> None:
    state = _ending(preset, players, 7, pimc.solve_cards(registry.rules_for(preset, players,
                                                                           {})))
    assert pimc.applies(state)
    view = _view(state)
    assert search_bot(view, random.Random(3)) == search_bot(view, random.Random(3))
    assert search_bot(view, random.Random(3), stop=lambda: True) in view["legal_moves"]


@pytest.mark.parametrize(("preset", "players"), [("serbian-whist", 4), ("sueca-brazil", 4),
                                                 ("hola", 2), ("sedma", 4)])
def test_presets_without_a_threshold_are_not_solved(preset: str, players: int) -> None:
    state = _ending(preset, players, 1, 8)
    assert pimc.solve_cards(state.rules) == 0 and not pimc.applies(state)
    assert search_bot(_view(state), random.Random(1), 8) in game.legal_moves(state, state.turn)
