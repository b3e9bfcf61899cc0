"""A replay's views (``game.views``: each state's view, built from the one before where the
family can) are the views ``game.view`` builds afresh, byte for byte as JSON (the same keys
in the same order), for every seat and a spectator, through whole deals of every preset, a
clock's ``timed_out`` and an ``abandoned`` deal included."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from domain import clock, game, registry
from domain.messages import Event
from tests.helpers import random_deal, secret

CASES = [(preset, players) for preset, p in registry.PRESETS.items() for players in p.players]


def assert_views_as_view_builds_them(log: list[Event]) -> None:
    states = list(game.states(log))
    for seat in [None, *range(states[0].rules.players)]:
        views = list(game.views(states, seat))
        assert json.dumps(views) == json.dumps([game.view(s, seat) for s in states]), seat


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_every_view_of_a_whole_deal(preset: str, players: int) -> None:
    for seed in range(3):
        log, _ = random_deal(preset, players, seed)
        assert_views_as_view_builds_them(log)


@pytest.mark.parametrize("players", [4, 5, 6])
def test_a_timed_out_seat_and_an_abandoned_deal(players: int) -> None:
    log, _ = random_deal("serbian-whist", players, 7)
    rng = random.Random(players)
    cut = rng.randrange(2, len(log) - 2)
    state: Any = game.fold(log[:cut])
    seat = state.turn if state.turn is not None else 0
    late = clock.timed_out(seat, "2026-11-26T12:00:00Z")
    assert_views_as_view_builds_them([*log[:cut], late, *log[cut:]])
    ended = clock.abandoned(state, seat, secret("secret-7"))
    assert_views_as_view_builds_them([*log[:cut], late, ended])


def test_no_states_no_views() -> None:
    assert list(game.views([], None)) == []
