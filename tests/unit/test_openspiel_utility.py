"""OpenSpiel's ``min_utility`` and ``max_utility``: the true bounds of a deal's returns, not a
placeholder. Random games stay within them; where the extremes can be worked out by hand from
RULES.md, the bounds are those numbers; where random play reaches the extremes, it does."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain import registry

pyspiel = pytest.importorskip("pyspiel")  # the third-party library alone may be absent
from integrations import openspiel  # noqa: E402  ours: broken is a failure, never a skip

CASES = [(p, n, {}) for p, preset in registry.PRESETS.items() for n in preset.players]
VARIANTS = [
    ("sueca-brazil", 4, {"carry": 2, "weak_hand_redeal": True}),
    ("sedma", 4, {"burn_tariff": "graded", "burned_hand": True}),
    ("serbian-whist", 5, {"scoring": "negative", "spades_double": True}),
    ("serbian-whist", 4, {"scoring": "oy_vey", "number": 13}),
    ("serbian-whist", 6, {"scoring": "trick_scoring", "number": 9}),
    ("serbian-whist", 4, {"trumps": "turned", "spades_double": True, "number": 5}),
]


def random_returns(g: Any, games: int, seed: int) -> list[list[float]]:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        out.append(state.returns())
    return out


@pytest.mark.parametrize(("preset", "players", "params"), CASES + VARIANTS)
def test_random_games_stay_within_the_bounds(preset: str, players: int,
                                             params: dict[str, Any]) -> None:
    g = openspiel.load(preset, players, **params)
    low, high = g.min_utility(), g.max_utility()
    assert low < 0 < high
    for values in random_returns(g, 12, seed=players):
        assert all(low - 1e-9 <= v <= high + 1e-9 for v in values), (values, low, high)


# (preset, players, params): (min, max), each worked out from RULES.md.
BY_HAND = {
    # two sides, the winners paid at most 3 stakes (the losers made no capture): half each way
    ("sedma", 2, ()): (-1.5, 1.5),
    ("sedma-tricks", 4, ()): (-1.5, 1.5),
    # a burned round at the graded tariff: four sevens, 15 stakes
    ("sedma", 4, (("burn_tariff", "graded"),)): (-7.5, 7.5),
    # each for themselves: a sole winner paid 3 by each of the two others
    ("sedma-3", 3, ()): (-3.0, 6.0),
    # the solo king's holder wins or loses 2 x 3, the others 3 each
    ("sedma-king", 3, ()): (-6.0, 6.0),
    # Sedmice: every counter (80) and the last capture (10) to one side
    ("sedmice", 4, ()): (-45.0, 45.0),
    # Sueca: 4 game points to a team (all 120), plus 2 carried from 60-60 deals
    ("sueca", 4, ()): (-2.0, 2.0),
    ("sueca-brazil", 4, (("carry", 2),)): (-3.0, 3.0),
    # Italiana, 5: made alone with 120 (+120 - 24); failed alone at 120 (-120 - 72)
    ("sueca-italiana", 5, ()): (-192.0, 96.0),
    # whist, one card each, basic: bid 1 and take it (11) while the others bid 1 and take
    # nothing (-10 each): (3 x 11 + 30) / 4; or bid 1 and take nothing (-10) while the others
    # make their bids, one of 1 (11) and two of 0 (10 each): (3 x -10 - 31) / 4
    ("serbian-whist", 4, (("number", 13),)): ((-30 - 31) / 4, (3 * 11 + 30) / 4),
}


@pytest.mark.parametrize("key", sorted(BY_HAND))
def test_the_bounds_are_the_extremes_worked_out_by_hand(key: tuple[Any, ...]) -> None:
    preset, players, params = key
    g = openspiel.load(preset, players, **dict(params))
    assert (g.min_utility(), g.max_utility()) == pytest.approx(BY_HAND[key])


@pytest.mark.parametrize("scoring", ["basic", "exact", "oy_vey", "negative", "binary"])
def test_one_card_whist_reaches_both_bounds(scoring: str) -> None:
    """With one card each, random bids and play reach every outcome: the bounds are tight."""
    g = openspiel.load("serbian-whist", 4, number=13, scoring=scoring)
    seen = [v for values in random_returns(g, 1500, seed=1) for v in values]
    assert min(seen) == pytest.approx(g.min_utility())
    assert max(seen) == pytest.approx(g.max_utility())
