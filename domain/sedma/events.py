"""The Sedma family's events beyond every game's (``domain/event_data.py``): a capture goes on
(``continued``) or ends (``stopped``), hands shown, table talk, a burn, its pass, and what its
``trick_taken`` and ``scored`` add. ``EVENTS`` is every event type its deals log
(``Family.events``)."""

from __future__ import annotations

from typing import Literal, TypedDict

from ..event_data import (
    DREW,
    PLAYED,
    CardData,
    DealtData,
    EventType,
    ScoredData,
    TrickTakenData,
    declare,
)

StopReason = Literal["leader", "side_winning", "no_cards", "no_continuation"]


class StoppedData(TypedDict):
    """Who ended the capture: the ``leader``, or the rules (``side_winning``, ``no_cards``;
    ``no_continuation`` only in logs of engines 1 and 2)."""

    reason: StopReason


class SedmaTrickTaken(TrickTakenData):
    side: int
    points: int


class HandsShownData(TypedDict):
    hands: list[list[str]]


class HintedData(TypedDict):
    word: str | None  # null only in logs of engines 1 and 2, which hid it while the deal ran


class BurnedData(TypedDict):
    seat: int
    side: int
    kind: Literal["round", "hand"]
    rank: str
    stakes: int


class SedmaPassed(TypedDict):
    """``sedma-3-32``'s one pass: nothing but the seat that passes."""


class SedmaScored(ScoredData):
    captures: list[int]
    last_capture: int | None


DEALT = EventType("dealt", DealtData)  # the family adds nothing to every game's dealt
CONTINUED = EventType("continued", CardData)
STOPPED = EventType("stopped", StoppedData)
TRICK_TAKEN = EventType("trick_taken", SedmaTrickTaken)
HANDS_SHOWN = EventType("hands_shown", HandsShownData)
HINTED = EventType("hinted", HintedData)
BURNED = EventType("burned", BurnedData)
PASSED = EventType("passed", SedmaPassed)
SCORED = EventType("scored", SedmaScored)
EVENTS = declare(DEALT, PLAYED, CONTINUED, STOPPED, TRICK_TAKEN, DREW, HANDS_SHOWN, HINTED,
                 BURNED, PASSED, SCORED)
