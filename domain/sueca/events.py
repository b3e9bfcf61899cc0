"""Sueca's and Sueca Italiana's events beyond every game's (``domain/event_data.py``): the
turned trump, a trick's card points, Brazil's redeal, Italiana's auction and hidden partner,
and what each ``scored`` adds. ``SUECA_EVENTS`` and ``ITALIANA_EVENTS`` are every event type
each family's deals log (``Family.events``)."""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired, TypedDict

from ..event_data import (
    BID,
    PLAYED,
    DealtData,
    EventType,
    ScoredData,
    TrickTakenData,
    dealt,
    declare,
    scored,
    trick_taken,
)
from ..field_schema import Seat, Suit, ref, spec


class SuecaDealt(DealtData):
    trump_card: Annotated[str, ref("Card", "Sueca: the dealer's last card, turned for trumps "
                                   "(§7.2).")]


class PointsTaken(TrickTakenData):
    points: Annotated[int, spec("Card points taken.", minimum=0)]


class RedealAskedData(TypedDict):
    """§7.7: a weak hand asks for a redeal; the seat is the event's."""


class TricksScored(ScoredData):
    tricks: list[int]


class ItalianaPassed(TypedDict):
    """A seat's pass (nothing more), or the server's for a seat after a 120 bid."""

    seat: NotRequired[Annotated[int, ref("Seat", "Only when the server passes for a seat (a "
                                         "120 bid ends the auction), with `auto`.")]]
    auto: NotRequired[Literal[True]]


class ContractData(TypedDict):
    seat: Seat
    bid: int


class TrumpChosenData(TypedDict):
    suit: Suit


class CardCalledData(TypedDict):
    card: Annotated[str | None, ref("Card", nullable=True)]  # None: the bidder plays alone


class LeadChosenData(TypedDict):
    by: Literal["self", "partner"]


class PartnerRevealedData(TypedDict):
    seat: Annotated[int | None, spec(minimum=0, maximum=7)]  # None: the bidder is alone


TRICK_TAKEN = trick_taken(PointsTaken)
SCORED = scored(TricksScored)
SUECA_DEALT = dealt(SuecaDealt)
REDEAL_ASKED = EventType("redeal_asked", RedealAskedData, "Brazilian Sueca: a weak hand gives "
                            "the deal back; the same dealer deals again.")
ITALIANA_DEALT = dealt(DealtData)
PASS_EVENT = EventType("passed", ItalianaPassed, "A pass in Sueca Italiana's auction (or the "
                       "server's, for a seat still in it, after a bid of 120).")
CONTRACT = EventType("contract", ContractData, "Sueca Italiana: the auction's winner.")
TRUMP_CHOSEN = EventType("trump_chosen", TrumpChosenData,
                         "Sueca Italiana: the high bidder names trumps.")
CARD_CALLED = EventType("card_called", CardCalledData,
                        "Sueca Italiana: the called card (null: the bidder plays alone).")
LEAD_CHOSEN = EventType("lead_chosen", LeadChosenData,
                        "Sueca Italiana: the bidder leads, or asks the partner to.")
PARTNER_REVEALED = EventType("partner_revealed", PartnerRevealedData, (
    "Sueca Italiana: the hidden partner shows (the called card is played, or asked to lead); "
    "`seat` null: the bidder is alone."))
SUECA_EVENTS = declare(SUECA_DEALT, PLAYED, TRICK_TAKEN, REDEAL_ASKED, SCORED)
ITALIANA_EVENTS = declare(ITALIANA_DEALT, BID, PASS_EVENT, CONTRACT, TRUMP_CHOSEN, CARD_CALLED,
                          LEAD_CHOSEN, PLAYED, PARTNER_REVEALED, TRICK_TAKEN, SCORED)
