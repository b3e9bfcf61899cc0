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
    dealt,
    declare,
    scored,
    trick_taken,
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
