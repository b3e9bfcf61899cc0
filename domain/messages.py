"""Events and commands: the vocabulary between the domain and its adapters.

An ``Event`` is a fact in the past tense (``played``, ``drew``); its ``type`` and ``data`` are
exactly what the log stores in the envelope. A ``Command`` is one seat's request (a ``Move``),
plus the secret the adapter holds, which the rules need only to reveal it when the deal is
scored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .fairness import DealSecret

MOVE_TYPES = ("play", "stop", "bid", "pass", "trump", "call", "lead", "redeal", "hint")


@dataclass(frozen=True, slots=True)
class Event:
    type: str
    data: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Move:
    """One move in the fixed client shape, e.g. ``{"type": "play", "card": "AS"}``."""

    type: str
    card: str | None = None
    value: int | None = None
    suit: str | None = None
    by: str | None = None
    word: str | None = None  # table talk (``table_talk.WORDS``)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for name in ("card", "value", "suit", "by", "word"):
            val = getattr(self, name)
            if val is not None or (name == "card" and self.type == "call"):
                out[name] = val  # a call names a card, or null to play alone
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Move:
        return cls(
            type=data["type"],
            card=data.get("card"),
            value=data.get("value"),
            suit=data.get("suit"),
            by=data.get("by"),
            word=data.get("word"),
        )


@dataclass(frozen=True, slots=True)
class Command:
    seat: int
    move: Move
    secret: DealSecret | None = None
