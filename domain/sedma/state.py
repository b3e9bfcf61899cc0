"""A Sedma-family deal's state and its reducer: one small function per event type.

A deal moves through phases; ``play.py`` decides what happens next, this module only records it:

    play ──(round complete)──> decide ──continue──> play
                                  └──stop/auto──> take ──> draw ──> play ... ──> score ──> over

Burning (a round or a hand, §3.6-§3.7) jumps straight to ``score``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..messages import Event
from ..records import updater
from . import capture, table_talk
from .rules import SedmaRules

Hands = tuple[tuple[str, ...], ...]



@dataclass(frozen=True)  # no slots: records.updater copies the instance dict
class SedmaState:
    rules: SedmaRules
    dealer: int
    hands: Hands
    stock: tuple[str, ...]
    leader: int
    turn: int | None
    phase: str  # play | decide | take | draw | score | over
    won: tuple[tuple[str, ...], ...]
    captures: tuple[int, ...]
    table: tuple[tuple[int, str], ...] = ()
    round_start: int = 0
    waiting: tuple[int, ...] = ()  # seats still to play in the current round
    last_capture: int | None = None
    pass_used: bool = False
    shown: bool = False
    hints: tuple[table_talk.Hint, ...] = ()
    solo: int | None = None  # who played the solo king (never shown before the end)
    burned: dict[str, Any] | None = None
    commitment: str | None = None
    result: dict[str, Any] | None = None


replace = updater(SedmaState)



def cards_played(state: SedmaState) -> int:
    return sum(map(len, state.won)) + len(state.table)


def start(rules: SedmaRules, data: dict[str, Any]) -> SedmaState:
    n_sides = len(rules.sides)
    return SedmaState(
        rules=rules, dealer=data["dealer"], leader=data["leader"], turn=data["leader"],
        phase="play", hands=tuple(tuple(h) for h in data["hands"]), stock=tuple(data["stock"]),
        won=((),) * n_sides, captures=(0,) * n_sides, commitment=data.get("commitment"))


def _remove(hands: Hands, seat: int, card: str) -> Hands:
    hand = list(hands[seat])
    hand.remove(card)
    return hands[:seat] + (tuple(hand),) + hands[seat + 1 :]


def _on_card(state: SedmaState, event: Event) -> SedmaState:
    seat, card = event.seat, event.data["card"]
    assert seat is not None
    hands = _remove(state.hands, seat, card)
    changes: dict[str, Any] = {"hands": hands, "table": state.table + ((seat, card),)}
    if card == state.rules.solo_king:
        changes["solo"] = seat
    if event.type == "continued" or not state.table:
        waiting = tuple([s for s in state.rules.after[seat] if hands[s]])
        changes["round_start"] = len(state.table)
    else:
        waiting = state.waiting[1:]
    _next_in_round(changes, state, waiting)
    return replace(state, changes)


def _on_passed(state: SedmaState, event: Event) -> SedmaState:
    changes: dict[str, Any] = {"pass_used": True}
    _next_in_round(changes, state, state.waiting[1:])
    return replace(state, changes)


def _next_in_round(changes: dict[str, Any], state: SedmaState, waiting: tuple[int, ...]
                   ) -> None:
    """Add to ``changes`` who plays next in the round, or that the leader decides."""
    if waiting:
        changes["waiting"], changes["turn"], changes["phase"] = waiting, waiting[0], "play"
    else:
        changes["waiting"], changes["turn"], changes["phase"] = (), state.leader, "decide"


def _on_stopped(state: SedmaState, event: Event) -> SedmaState:
    return replace(state, phase="take", turn=None)


def _on_taken(state: SedmaState, event: Event) -> SedmaState:
    side, seat = event.data["side"], event.data["seat"]
    won = list(state.won)
    won[side] = won[side] + tuple(event.data["cards"])
    captures = list(state.captures)
    captures[side] += 1
    changes: dict[str, Any] = {"won": tuple(won), "captures": tuple(captures),
                               "last_capture": side, "table": (), "round_start": 0,
                               "leader": seat}
    changes.update({"phase": "draw"} if state.stock else _next_lead(state.hands, seat))
    return replace(state, changes)


def _next_lead(hands: Hands, leader: int) -> dict[str, Any]:
    """The fields of the next lead: the first seat from ``leader`` still holding a card, or
    the scoring when nobody does."""
    nxt = capture.next_with_cards(hands, leader)
    if nxt is None:
        return {"phase": "score", "turn": None}
    return {"phase": "play", "leader": nxt, "turn": nxt}


def _on_drew(state: SedmaState, event: Event) -> SedmaState:
    hands = [list(h) for h in state.hands]
    for draw in event.data["draws"]:
        hands[draw["seat"]].append(draw["card"])
    drawn = tuple(tuple(h) for h in hands)
    return replace(state, hands=drawn, stock=state.stock[len(event.data["draws"]) :],
                   **_next_lead(drawn, state.leader))


def _on_shown(state: SedmaState, event: Event) -> SedmaState:
    return replace(state, shown=True)


def _on_hinted(state: SedmaState, event: Event) -> SedmaState:
    assert event.seat is not None
    said = (event.seat, event.data["word"], cards_played(state))
    return replace(state, hints=state.hints + (said,))


def _on_burned(state: SedmaState, event: Event) -> SedmaState:
    return replace(state, burned=dict(event.data), phase="score", turn=None)


def _on_scored(state: SedmaState, event: Event) -> SedmaState:
    result = {k: event.data[k] for k in ("sides", "points", "score")}
    return replace(state, phase="over", turn=None, result=result)


MUTATORS = {
    "played": _on_card, "continued": _on_card, "passed": _on_passed, "stopped": _on_stopped,
    "trick_taken": _on_taken, "drew": _on_drew, "hands_shown": _on_shown,
    "burned": _on_burned, "scored": _on_scored, "hinted": _on_hinted,
}


def evolve(state: SedmaState, event: Event) -> SedmaState:
    return MUTATORS[event.type](state, event)

