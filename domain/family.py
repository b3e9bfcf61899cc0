"""The interface every game family provides to ``game.py``: a record of functions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from types import ModuleType
from typing import Any


@dataclass(frozen=True, slots=True)
class Family:
    name: str
    state: type
    deal_layout: Callable[..., tuple[list[list[str]], list[str]]]
    check_prearranged: Callable[..., None]
    dealt: Callable[..., Any]
    start: Callable[..., Any]
    decide: Callable[..., list[Any]]
    settle: Callable[..., list[Any]]
    evolve: Callable[..., Any]
    legal_moves: Callable[..., list[dict[str, Any]]]
    view: Callable[..., dict[str, Any]]
    hidden: Callable[..., list[Any]]
    next_dealer: Callable[..., int]
    match_winner: Callable[..., int | None]

    @classmethod
    def of(cls, name: str, state: type, *modules: ModuleType) -> Family:
        """A family from the modules that define its functions (the first one wins)."""
        found = {f.name: next(getattr(m, f.name) for m in modules if hasattr(m, f.name))
                 for f in fields(cls) if f.name not in ("name", "state")}
        return cls(name=name, state=state, **found)
