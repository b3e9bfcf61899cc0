"""Briscola's events: what its ``dealt``, ``trick_taken`` and ``scored`` add to every game's
(``domain/event_data.py``). ``EVENTS`` is every event type its deals log (``Family.events``)."""

from __future__ import annotations

from ..event_data import (
    DREW,
    PLAYED,
    DealtData,
    ScoredData,
    TrickTakenData,
    dealt,
    declare,
    scored,
    trick_taken,
)


class BriscolaDealt(DealtData):
    trump_card: str  # §13.2: the stock's last card, turned for trumps


class BriscolaTrickTaken(TrickTakenData):
    points: int


class BriscolaScored(ScoredData):
    tricks: list[int]


DEALT = dealt(BriscolaDealt)
TRICK_TAKEN = trick_taken(BriscolaTrickTaken)
SCORED = scored(BriscolaScored)
EVENTS = declare(DEALT, PLAYED, TRICK_TAKEN, DREW, SCORED)
