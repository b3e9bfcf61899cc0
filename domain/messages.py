"""Events, moves and commands: the vocabulary between the domain and its adapters.

An ``Event`` is a fact in the past tense (``played``, ``drew``); its ``type`` and ``data`` are
exactly what the log stores in the envelope. A ``Command`` is one seat's request (a ``Move``),
plus the secret the adapter holds, which the rules need only to reveal it when the deal is
scored.

``MOVES`` is the one list of move types and their fields: the API's schemas are built from it
and a test holds ``openapi.yaml``'s move union to it. Families use the moves they need.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from .fairness import DealSecret

# Table talk's canned calls (RULES.md §4.1, a [choice]): the word, and what it asks.
HINT_WORDS = {"ubij": "take it", "pusti": "let it go", "napuni": "load it with points"}


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a move: ``card`` (a card code), ``suit`` (S H D C), ``integer``
    (``minimum``..``maximum``) or ``choice`` (one of ``choices``); ``nullable`` allows null."""

    name: str
    kind: str
    nullable: bool = False
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None


MOVES: dict[str, tuple[Field, ...]] = {
    "play": (Field("card", "card"),),           # lead, follow, or continue a capture
    "stop": (),                                 # the leader ends a capture
    "bid": (Field("value", "integer", minimum=0, maximum=200),),
    "pass": (),
    "trump": (Field("suit", "suit"),),
    "call": (Field("card", "card", nullable=True),),  # null: the bidder plays alone
    "lead": (Field("by", "choice", choices=("self", "partner")),),
    "redeal": (),                               # Brazil's weak-hand redeal
    "hint": (Field("word", "choice", choices=tuple(HINT_WORDS)),),  # table talk
}
FIELD_NAMES = ("card", "value", "suit", "by", "word")  # every field any move has, once, in
# ``Move``'s order


# Events, moves and commands are made for every move and every event folded, so they are
# named tuples: as immutable as a frozen dataclass, and built in a third of the time.


class Event(NamedTuple):
    type: str
    data: dict[str, Any]
    seat: int | None = None


class Move(NamedTuple):
    """One move in the fixed client shape, e.g. ``{"type": "play", "card": "AS"}``."""

    type: str
    card: str | None = None
    value: int | None = None
    suit: str | None = None
    by: str | None = None
    word: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The move as clients post it and as ``legal_moves`` lists it: exactly its fields."""
        out: dict[str, Any] = {"type": self.type}
        for f in MOVES.get(self.type, ()):
            out[f.name] = getattr(self, f.name)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Move:
        get = data.get  # the fields in FIELD_NAMES' order
        return cls(data["type"], get("card"), get("value"), get("suit"), get("by"), get("word"))


class Command(NamedTuple):
    seat: int
    move: Move
    secret: DealSecret | None = None
