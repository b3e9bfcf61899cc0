"""The command flow every family shares: check the turn, turn the command into its event, then
emit the automatic consequences until a player must act again. ``step`` returns the state
those events lead to as well, so a caller never folds them a second time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import IllegalMove
from .fairness import DealSecret
from .messages import Command, Event

Automatic = Callable[[Any, DealSecret | None], Event | None]
Evolve = Callable[[Any, Event], Any]


def check_turn(state: Any, seat: int, legal: list[dict[str, Any]]) -> None:
    """Raise the illegal-move error for a finished deal or a seat out of turn."""
    if state.phase == "over":
        raise IllegalMove("deal_over", "the deal is over", [])
    if seat != state.turn:
        raise IllegalMove("turn", f"it is seat {state.turn}'s turn, not seat {seat}'s", legal)


def settling(state: Any, secret: DealSecret | None, automatic: Automatic, evolve: Evolve
             ) -> tuple[list[Event], Any]:
    """The automatic consequences from ``state`` on, until a player must act, and the state
    they lead to."""
    events = []
    auto = automatic(state, secret)
    while auto is not None:
        events.append(auto)
        state = evolve(state, auto)
        auto = automatic(state, secret)
    return events, state


def step(state: Any, command: Command, player_event: Callable[[Any, Command], Event],
         automatic: Automatic, evolve: Evolve) -> tuple[list[Event], Any]:
    """The events a seat's command produces, automatic consequences included, and the state
    they lead to: each event is folded once, here (``decide`` then folding its events again
    would fold every one twice)."""
    secret = command.secret
    event: Event | None = player_event(state, command)
    events = []
    while event is not None:
        events.append(event)
        state = evolve(state, event)
        event = automatic(state, secret)
    return events, state

