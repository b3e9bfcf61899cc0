"""A Briscola deal's state and what each event does to it (RULES.md §13).

Phases: play -> draw (after each trick while the stock lasts) -> play ... -> score -> over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import trickplay
from ..cards import suit
from ..messages import Event
from ..records import updater
from .rules import BriscolaRules

Hands = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)  # no slots: records.updater copies the instance dict
class BriscolaState:
    rules: BriscolaRules
    dealer: int
    hands: Hands
    phase: str
    turn: int | None
    leader: int
    won: tuple[tuple[str, ...], ...]     # per seat
    tricks_won: tuple[int, ...]          # per seat
    trump: str
    trump_card: str                      # turned at the deal, public, the stock's last card
    stock: tuple[str, ...]               # drawn from the front; the turned card is last
    drawn_by: int | None = None          # who drew the turned card (public)
    trick: tuple[tuple[int, str], ...] = ()
    voids: tuple[tuple[str, ...], ...] = ()  # always empty: no one must follow (§13.3)
    commitment: str | None = None
    result: dict[str, Any] | None = None


replace = updater(BriscolaState)


def start(rules: BriscolaRules, data: dict[str, Any]) -> BriscolaState:
    n, card = rules.players, data["trump_card"]
    return BriscolaState(
        rules=rules, dealer=data["dealer"], hands=tuple(tuple(h) for h in data["hands"]),
        phase="play", turn=data["leader"], leader=data["leader"], won=((),) * n,
        tricks_won=(0,) * n, trump=suit(card), trump_card=card,
        stock=tuple(data["stock"]), commitment=data.get("commitment"))


def _on_played(state: BriscolaState, event: Event) -> BriscolaState:
    seat = event.seat
    assert seat is not None
    changes = trickplay.played(state, seat, event.data["card"])
    changes["voids"] = ()  # not following shows nothing: nobody must follow
    return replace(state, changes)


def _on_taken(state: BriscolaState, event: Event) -> BriscolaState:
    seat = event.data["seat"]
    won = list(state.won)
    won[seat] = won[seat] + tuple(event.data["cards"])
    changes = {**trickplay.taken(state, seat), "won": tuple(won)}
    if state.stock:
        changes.update(phase="draw", turn=None)
    return replace(state, changes)


def _on_drew(state: BriscolaState, event: Event) -> BriscolaState:
    hands = [list(h) for h in state.hands]
    drawn_by = state.drawn_by
    for draw in event.data["draws"]:
        hands[draw["seat"]].append(draw["card"])
        if draw["card"] == state.trump_card:
            drawn_by = draw["seat"]
    return replace(state, hands=tuple(map(tuple, hands)), stock=state.stock[
        len(event.data["draws"]):], drawn_by=drawn_by, phase="play", turn=state.leader)


def _on_scored(state: BriscolaState, event: Event) -> BriscolaState:
    return replace(state, phase="over", turn=None,
                   result={k: event.data[k] for k in ("sides", "points", "score")})


MUTATORS = {"played": _on_played, "trick_taken": _on_taken, "drew": _on_drew,
            "scored": _on_scored}


def evolve(state: BriscolaState, event: Event) -> BriscolaState:
    return MUTATORS[event.type](state, event)
