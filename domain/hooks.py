"""Shared ways for a family to answer two of its hooks (``domain/family.py``): ``decision``
by a table of its phases, and ``endgame`` by the cards left once only card play is left."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from .family import CARD_PLAY, DECISIONS, Decision


class _Phased(Protocol):
    @property
    def phase(self) -> str: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def hands(self) -> tuple[tuple[str, ...], ...]: ...


def by_phase(kinds: Mapping[str, Decision]) -> Callable[[_Phased], Decision | None]:
    """A ``decision`` hook: the kind (``DECISIONS``) of each phase where a seat decides; None
    in any other phase, or where no seat is to move (the rules act next)."""
    unknown = sorted(set(kinds.values()) - set(DECISIONS))
    if unknown:
        raise ValueError(f"unknown kinds of decision: {unknown}; known: {DECISIONS}")

    def decision(state: _Phased) -> Decision | None:
        return kinds.get(state.phase) if state.turn is not None else None

    return decision


def cards_left(decision: Callable[[_Phased], Decision | None], state: _Phased, stock: int = 0
               ) -> int | None:
    """An ``endgame`` answer: the cards still to play (the hands and ``stock``, the cards left
    to draw) where the seat to move plays a card, else None."""
    if decision(state) not in CARD_PLAY:
        return None
    return sum(map(len, state.hands)) + stock
