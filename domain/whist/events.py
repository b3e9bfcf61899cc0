"""Serbian whist's events beyond every game's (``domain/event_data.py``): what its ``dealt``
adds (the hand's place in the schedule, its size and trumps). ``EVENTS`` is every event type its
deals log (``Family.events``)."""

from __future__ import annotations

from typing import Annotated, NotRequired

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
from ..field_schema import ref, spec


class WhistDealt(DealtData):
    hand: Annotated[int, spec("Serbian whist, the hand's place in the schedule.", minimum=1)]
    cards: Annotated[int, spec("Serbian whist, cards dealt to each player.", minimum=1)]
    trump: Annotated[str | None, ref("Suit", "Serbian whist, this hand's trumps (null is no "
                                     "trumps).", nullable=True)]
    trump_card: NotRequired[Annotated[str, ref(
        "Card", "Serbian whist with `trumps: turned`: the dealer's last card, turned for "
        "trumps.")]]


DEALT = dealt(WhistDealt)
TRICK_TAKEN = trick_taken(TrickTakenData)
SCORED = scored(ScoredData)
EVENTS = declare(DEALT, BID, PLAYED, TRICK_TAKEN, SCORED)
