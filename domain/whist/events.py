"""Serbian whist's events beyond every game's (``domain/event_data.py``): what its ``dealt``
adds (the hand's place in the schedule, its size and trumps). ``EVENTS`` is every event type its
deals log (``Family.events``)."""

from __future__ import annotations

from typing import NotRequired

from ..event_data import (
    BID,
    PLAYED,
    DealtData,
    ScoredData,
    TrickTakenData,
    dealt,
    declare,
    scored,
    trick_taken,
)


class WhistDealt(DealtData):
    hand: int                     # the hand's place in the schedule
    cards: int                    # cards dealt to each player
    trump: str | None             # None: no trumps
    trump_card: NotRequired[str]  # ``trumps: turned``: the dealer's last card


DEALT = dealt(WhistDealt)
TRICK_TAKEN = trick_taken(TrickTakenData)
SCORED = scored(ScoredData)
EVENTS = declare(DEALT, BID, PLAYED, TRICK_TAKEN, SCORED)
