"""Briscola's events: what its ``dealt``, ``trick_taken`` and ``scored`` add to every game's
(``domain/event_data.py``). ``EVENTS`` is every event type its deals log (``Family.events``)."""

from __future__ import annotations

from typing import Annotated

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
from ..field_schema import ref, spec


class BriscolaDealt(DealtData):
    trump_card: Annotated[str, ref("Card", "Briscola: the stock's last card, turned for trumps "
                                   "(§13.2), drawn last.")]


class BriscolaTrickTaken(TrickTakenData):
    points: Annotated[int, spec("Card points taken.", minimum=0)]


class BriscolaScored(ScoredData):
    tricks: list[int]


DEALT = dealt(BriscolaDealt)
TRICK_TAKEN = trick_taken(BriscolaTrickTaken)
SCORED = scored(BriscolaScored)
EVENTS = declare(DEALT, PLAYED, TRICK_TAKEN, DREW, SCORED)
