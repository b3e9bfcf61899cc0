"""Properties of random legal play, for every player count (hypothesis picks the seeds)."""

from __future__ import annotations

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import game
from domain.shuffle import commitment, shuffle
from tests.helpers import random_deal

SEEDS = st.integers(min_value=0, max_value=2**32)
PLAYERS = st.sampled_from([2, 4])


@settings(max_examples=150, deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_every_card_is_taken_and_points_add_to_90(seed: int, players: int) -> None:
    log, state = random_deal("sedma", players, seed)
    taken = [c for e in log if e.type == "trick_taken" for c in e.data["cards"]]
    assert sorted(taken) == sorted(state.rules.pack())
    assert sum(state.result["points"]) == 90
    assert state.result["score"]["level"] in (1, 2, 3)
    scored = log[-1]
    assert scored.type == "scored" and commitment(scored.data["seed"]) == log[0].data["commitment"]


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_state_rebuilt_from_log_or_snapshot_equals_live_state(seed: int, players: int) -> None:
    log, state = random_deal("sedma", players, seed)
    assert game.fold(log) == state
    middle = game.fold(log[: len(log) // 2])
    snap = orjson.loads(orjson.dumps(game.to_snapshot(middle)))
    assert game.fold(log[len(log) // 2 :], game.from_snapshot(snap)) == state


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_no_view_or_feed_shows_another_seats_hidden_card(seed: int, players: int) -> None:
    log, _ = random_deal("sedma", players, seed)
    state = None
    public: set[str] = set()
    for i, event in enumerate(log[:-1]):  # up to the scoring, the deal is running
        state = game.evolve(state, event)
        if event.type in ("played", "continued"):
            public.add(event.data["card"])
        for viewer in [None, *range(players)]:
            own = set(state.hands[viewer]) if viewer is not None else set()
            seen = _cards_in(game.view(state, viewer))
            for past in log[: i + 1]:
                seen |= _cards_in(game.redact(state.rules, past, viewer, over=False))
            held_by_viewer_once = _ever_held(log[: i + 1], viewer)
            assert seen <= public | own | held_by_viewer_once


def _ever_held(log: list, viewer: int | None) -> set[str]:
    if viewer is None:
        return set()
    cards = set(log[0].data["hands"][viewer])
    for e in log:
        if e.type == "drew":
            cards |= {d["card"] for d in e.data["draws"] if d["seat"] == viewer}
    return cards


def _cards_in(value: object) -> set[str]:
    from domain.cards import is_card

    if isinstance(value, dict):
        return set().union(*(_cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_cards_in(v) for v in value)) if value else set()
    return {value} if is_card(value) else set()


def test_shuffle_is_a_deterministic_permutation() -> None:
    pack = [f"{r}{s}" for s in "SHDC" for r in ("A", "K", "Q", "J", "10", "9", "8", "7")]
    one = shuffle(pack, "seed", "deal")
    assert one == shuffle(pack, "seed", "deal")
    assert sorted(one) == sorted(pack)
    assert one != shuffle(pack, "seed", "other-deal") != shuffle(pack, "other", "deal")
