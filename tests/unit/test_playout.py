"""The fast playout kernels against the reducers: every move they draw is legal for the
referee, drawn from exactly the referee's legal moves, and the deal they reach scores the same.
Each test runs for the compiled kernels (C, ``domain/trickplay.py`` and
``domain/sedma/playout.py`` pick them where built) and for the Python kernels they replace."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain import game, playout, registry, trickplay
from domain.fairness import DealSecret
from domain.sedma import playout as sedma_playout
from tests.helpers import secret, step

KERNELS = ["python", "compiled"]


@pytest.fixture(params=KERNELS)
def kernel(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Which kernels the family hooks call: the Python reference, or the compiled cores."""
    if request.param == "python":
        monkeypatch.setattr(trickplay, "_core", None)
        monkeypatch.setattr(sedma_playout, "_core", None)
    elif trickplay._core is None or sedma_playout._core is None:
        pytest.fail("the compiled cores are not built (make, or build_ext --inplace)")
    return str(request.param)

CASES = [(pid, n) for pid, p in registry.PRESETS.items() for n in p.players]


def _to_card_play(rules: Any, seed: int) -> tuple[Any, DealSecret]:
    """A fresh random deal, advanced by the reducers through any auction to the card play."""
    rng = random.Random(seed)
    dealt = secret(f"secret-{seed}")
    state = game.fold(game.new_deal(rules, 1 + seed % 5, seed % rules.players, dealt))
    while state.phase not in ("play", "decide", "over"):
        state, _ = step(state, state.turn, rng.choice(game.legal_moves(state, state.turn)),
                        dealt)
    return state, dealt


# Options that change the card play or the scoring, beyond each preset's defaults.
VARIANTS = [("sedma-osmova", 4, {"osmova_rule": "eights_high"}),
            ("sedma-king", 3, {"solo_king": "KH"}),
            ("sedma-3", 3, {"removed_cards": ["8S", "9H"]}),
            ("sedma", 2, {"double_win": "all_counters"}),
            ("hola", 4, {"fight_rule": "sedma_style"}),
            ("sueca", 4, {"bandeira": "all_tricks"}),
            ("serbian-whist", 5, {"scoring": "scratch", "spades_double": True})]


@pytest.mark.parametrize(("preset", "players", "options"),
                         [(p, n, {}) for p, n in CASES] + VARIANTS)
def test_kernel_playouts_agree_with_the_reducers(preset: str, players: int,
                                                 options: dict[str, Any], kernel: str) -> None:
    rules = registry.rules_for(preset, players, options)
    for seed in range(12 if kernel == "python" else 40):
        state, secret = _to_card_play(rules, seed)
        record: playout.Record = []
        fast = playout.play_out(state, random.Random(seed), record)
        assert fast is not None and fast.phase == "score"
        for seat, move, legal in record:
            assert state.turn == seat
            assert game.legal_moves(state, seat) == legal
            state, _ = step(state, seat, move, secret)
        assert state.phase == "over", "the kernel stopped before the referee did"
        scored = game.settling(fast, secret)[1]
        assert scored.result == state.result


@pytest.mark.parametrize(("preset", "players", "options"), [
    ("sedma", 4, {"burn_tariff": "basic"}), ("sedma", 2, {"burned_hand": True}),
    ("sedma-3-32", 3, {"short_stock": "one_pass"})])
def test_rules_beyond_card_play_are_left_to_the_reducers(
        preset: str, players: int, options: dict[str, Any], kernel: str) -> None:
    state, _ = _to_card_play(registry.rules_for(preset, players, options), 1)
    assert playout.play_out(state, random.Random(1)) is None


def test_the_auction_is_left_to_the_reducers() -> None:
    rules = registry.rules_for("serbian-whist", 4, {})
    state = game.fold(game.new_deal(rules, 3, 0, secret("s")))
    assert state.phase == "bid" and playout.play_out(state, random.Random(1)) is None


@pytest.mark.parametrize(("preset", "players"), [("sedma", 4), ("hola", 6), ("sueca", 4)])
def test_a_seeded_caller_gets_the_same_playouts_every_time(preset: str, players: int,
                                                          kernel: str) -> None:
    """The compiled kernels draw from their own generator, seeded from the caller's."""
    state, _ = _to_card_play(registry.rules_for(preset, players, {}), 3)
    first = [playout.play_out(state, random.Random(seed)) for seed in range(20)]
    again = [playout.play_out(state, random.Random(seed)) for seed in range(20)]
    assert first == again
    assert len({tuple(map(tuple, f.won)) for f in first if f is not None}) > 10
