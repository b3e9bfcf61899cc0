"""Every preset as an OpenSpiel game (``integrations.openspiel``): OpenSpiel's own random
simulation checks, a differential test against the domain as the server plays it, and the
resampling ISMCTS relies on."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain import game, registry
from integrations.table import returns
from tests.helpers import secret, step

pyspiel = pytest.importorskip("pyspiel")  # the third-party library alone may be absent
from integrations import openspiel  # noqa: E402  ours: broken is a failure, never a skip

CASES = [(p, n) for p, preset in registry.PRESETS.items() for n in preset.players]
VARIANTS = [  # options that change the flow: talk, redeals, burning, the one pass, low wins
    ("sedmice", 4, {"table_talk": True}),
    ("sueca-brazil", 4, {"weak_hand_redeal": True}),
    ("sedma", 4, {"burn_tariff": "graded", "burned_hand": True}),
    ("sedma-3-32", 3, {"short_stock": "one_pass"}),
    ("serbian-whist", 5, {"scoring": "negative", "spades_double": True}),
    ("serbian-whist", 4, {"trumps": "turned", "spades_double": True}),
    ("sedma-king", 3, {"removed_cards": "8H 9H", "solo_king": "KH"}),
]


def test_every_preset_is_registered() -> None:
    names = openspiel.register()
    assert len(names) == len(registry.PRESETS)
    assert set(names) <= set(pyspiel.registered_names())


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_random_simulation(preset: str, players: int) -> None:
    """OpenSpiel's RandomSimTest: legal actions sorted and unique, chance outcomes sum to 1,
    clone and serialization round trips, returns zero-sum and in bounds, tensors finite."""
    for dealer, number in ((0, 1), (players - 1, 3)):
        g = openspiel.load(preset, players, dealer=dealer, number=number)
        pyspiel.random_sim_test(g, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("preset", "players", "options"), VARIANTS)
def test_random_simulation_with_options(preset: str, players: int,
                                        options: dict[str, Any]) -> None:
    g = openspiel.load(preset, players, carry=1 if preset == "sueca-brazil" else 0, **options)
    pyspiel.random_sim_test(g, num_sims=4, serialize=True, verbose=False)


def _domain_options(preset: str, options: dict[str, Any]) -> dict[str, Any]:
    cards = {o.name for o in registry.PRESETS[preset].options if o.type == "cards"}
    return {k: (v.split() if k in cards else v) for k, v in options.items()}


@pytest.mark.parametrize(("preset", "players", "options"),
                         [(p, n, {}) for p, n in CASES] + VARIANTS)
def test_same_deal_same_moves_same_scores(preset: str, players: int,
                                          options: dict[str, Any]) -> None:
    """The server's deal (its seeded shuffle, dealt by ``new_deal``) fed to OpenSpiel as
    chance outcomes; then random play through both: the same player to move, the same legal
    moves, the same information (the view) for every seat, the same returns."""
    rng = random.Random(f"{preset}{players}")
    rules = registry.rules_for(preset, players, _domain_options(preset, options))
    dealer, number = rng.randrange(players), rng.randint(1, 3)
    seed = secret(f"s{rng.random()}")
    ours = game.fold(game.new_deal(rules, number, dealer, seed))
    g = openspiel.load(preset, players, dealer=dealer, number=number, **options)
    state = g.new_initial_state()
    pack, deck = list(g.table.pack), game.deck_for(rules, seed.seed, number, [])
    for card in deck:
        index = next(i for i, c in enumerate(pack) if c == card and i not in state.history())
        state.apply_action(index)
    while not game.is_over(ours):
        seat = ours.turn
        assert state.current_player() == seat
        for s in range(players):
            assert state.information_state_string(s) == openspiel.view_string(
                game.view(ours, s))
        legal = game.legal_moves(ours, seat)
        assert [g.actions.moves[a] for a in state.legal_actions()] == sorted(
            legal, key=g.actions.id_of)
        move = rng.choice(legal)
        ours, _ = step(ours, seat, move, seed)
        state.apply_action(g.actions.id_of(move))
    assert state.is_terminal()
    assert state.returns() == pytest.approx(returns(ours))
    assert abs(sum(state.returns())) < 1e-9


@pytest.mark.parametrize(("preset", "players"), [("sedma", 2), ("sedmice", 4), ("sueca", 4),
                                                 ("sueca-italiana", 5), ("serbian-whist", 4),
                                                 ("sedma-king", 3), ("hola", 6)])
def test_resample_keeps_what_the_seat_knows(preset: str, players: int) -> None:
    """ISMCTS's world samples: the same information state for the seat, a history that
    replays under the rules, and (over a few samples) other cards in the others' hands."""
    g = openspiel.load(preset, players, dealer=1)
    rng = random.Random(3)
    state = g.new_initial_state()
    changed = decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        decisions += 1
        if decisions % 3:  # every third decision: each resample replays the whole history
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        me = state.current_player()
        other = state.resample_from_infostate(me, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert other.information_state_string(me) == state.information_state_string(me)
        assert other.information_state_tensor(me) == state.information_state_tensor(me)
        again = g.new_initial_state()
        for action in other.history():
            again.apply_action(action)
        assert str(again) == str(other)
        changed += other.domain_state().hands != state.domain_state().hands
        state.apply_action(rng.choice(state.legal_actions()))
    assert changed > 0
