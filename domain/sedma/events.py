"""The Sedma family's events beyond every game's (``domain/event_data.py``): a capture goes on
(``continued``) or ends (``stopped``), hands shown, table talk, a burn, its pass, and what its
``trick_taken`` and ``scored`` add. ``EVENTS`` is every event type its deals log
(``Family.events``)."""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

from ..event_data import (
    DREW,
    PLAYED,
    CardData,
    DealtData,
    EventType,
    ScoredData,
    TrickTakenData,
    dealt,
    declare,
    scored,
    trick_taken,
)
from ..field_schema import HIDDEN, Seat, ref, spec

StopReason = Literal["leader", "side_winning", "no_cards", "no_continuation"]


class StoppedData(TypedDict):
    """Who ended the capture: the ``leader``, or the rules (``side_winning``, ``no_cards``;
    ``no_continuation`` only in logs of engines 1 and 2)."""

    reason: Annotated[StopReason, spec(
        "`leader`: the leader stopped (also where `stop` was its only legal move: a leader who "
        "holds cards is always asked, RULES.md §2.3); `side_winning`: going on is not allowed "
        "because the leader's side is winning (Sedmice, Šuster); `no_cards`: the leader's hand "
        "is empty. `no_continuation` appears only in logs of engines 1 and 2, which ended a "
        "capture by themselves where the leader held no card to go on with (their audits read "
        "it as the leader's stop, or as `side_winning`).")]


class SedmaTrickTaken(TrickTakenData):
    side: Annotated[int, spec("Sedma family, the taker's side.", minimum=0)]
    points: Annotated[int, spec("Card points taken.", minimum=0)]


class HandsShownData(TypedDict):
    hands: Annotated[list[list[str]], spec(
        "Every hand; the other partnership's are null while the deal runs.", items=HIDDEN)]


class HintedData(TypedDict):
    word: Annotated[str | None, ref(  # null only in logs of engines 1 and 2
        "HintWord", "Public (said aloud). Never null in a log of engine 3; engines 1 and 2 hid "
        "it from the other side and spectators while the deal ran.", nullable=True)]


class BurnedData(TypedDict):
    seat: Seat
    side: Annotated[int, spec(minimum=0)]
    kind: Literal["round", "hand"]
    rank: Annotated[str, spec(pattern="^(A|K|Q|J|10|9|8|7|6|5|4|3|2)$")]
    stakes: Annotated[int, spec(minimum=1)]


class SedmaPassed(TypedDict):
    """``sedma-3-32``'s one pass: nothing but the seat that passes."""


class SedmaScored(ScoredData):
    captures: list[int]
    last_capture: int | None


DEALT = dealt(DealtData)  # the family adds nothing to every game's dealt
CONTINUED = EventType("continued", CardData, "Sedma family: the leader goes on with the "
                      "capture, with this card.", schema="CardData")
STOPPED = EventType("stopped", StoppedData, (
    "Sedma family: the capture ends: by the leader (also where `stop` is its only move: a "
    "leader who holds cards is always asked), or by the server (`seat` null) only on public "
    "facts: the leader's hand is empty, or going on is not allowed (Sedmice: the leader's side "
    "is winning)."))
TRICK_TAKEN = trick_taken(SedmaTrickTaken)
HANDS_SHOWN = EventType("hands_shown", HandsShownData, "Sedmice with four, after the last "
                        "draw: each partnership sees its own two hands.")
HINTED = EventType("hinted", HintedData, "Table talk: a call to the partner, said aloud: "
                   "every seat and spectator reads it.")
BURNED = EventType("burned", BurnedData, "Sedma family: a burned round or hand ends the deal.")
PASSED = EventType("passed", SedmaPassed, "A pass: `sedma-3-32`'s one pass.")
SCORED = scored(SedmaScored)
EVENTS = declare(DEALT, PLAYED, CONTINUED, PASSED, STOPPED, TRICK_TAKEN, DREW, HANDS_SHOWN,
                 HINTED, BURNED, SCORED)
