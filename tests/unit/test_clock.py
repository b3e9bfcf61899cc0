"""The move clock as pure data: a clock's checks, a deadline with a bank, and a deal log with
``timed_out`` events that replays as the rules say (and one where it is not the seat's turn,
which does not)."""

from __future__ import annotations

import random

import pytest

from domain import game, registry, replay
from domain.clock import Clock, clock_of, deadline, overtime, timed_out
from domain.errors import InvalidOptions
from tests.helpers import secret, step


def test_a_clock_is_checked_and_has_defaults() -> None:
    assert clock_of({"move_seconds": 20}) == Clock(20, "bot", "heuristic", 2, 0)
    assert clock_of(None) is None
    for bad in ({"move_seconds": 0}, {"move_seconds": 5, "on_timeout": "nap"},
                {"move_seconds": 5, "bank_seconds": -1}):
        with pytest.raises(InvalidOptions):
            clock_of(bad)


def test_the_bank_extends_a_deadline_until_it_is_spent() -> None:
    clock = Clock(10, bank_seconds=30)
    assert deadline(100.0, clock) == 140.0
    assert deadline(100.0, clock, bank_used=25) == 115.0
    assert deadline(100.0, clock, bank_used=99) == 110.0
    assert overtime(100.0, 104.0, clock) == 0.0 and overtime(100.0, 112.5, clock) == 2.5


def log_with_timeouts(seat_times_out: bool) -> list:  # type: ignore[type-arg]
    rules = registry.rules_for("sedma", 2, {})
    rng, dealt = random.Random(3), secret("clock")
    log = game.new_deal(rules, 1, 0, dealt)
    state = game.fold(log)
    while state.phase != "over":
        seat = state.turn
        if len(log) % 3 == 0:  # now and then the seat to act runs out of time
            log.append(timed_out(seat if seat_times_out else 1 - seat, "2026-11-25T12:00:00Z"))
        state, events = step(state, seat, rng.choice(game.legal_moves(state, seat)), dealt)
        log += events
    return log


def test_a_log_with_timeouts_replays_and_a_wrong_seats_timeout_does_not() -> None:
    assert replay.verify(log_with_timeouts(True)) is None
    assert game.fold(log_with_timeouts(True)).phase == "over"
    assert replay.verify(log_with_timeouts(False)) is not None
