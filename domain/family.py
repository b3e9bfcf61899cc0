"""What a game family provides: the one seam between a game and everything generic.

A family is an object with the methods of ``Family`` (each family's package defines a class of
static methods and one instance, ``FAMILY``), registered once with its presets
(``registry.register``), which checks it and names any part it lacks. Generic code (``game``,
``match``, ``replay``, the bots, every adapter) reaches a game only through it.

Required: dealing (``deal_layout``, ``check_prearranged``, ``dealt``, ``start``), playing
(``legal_moves``, ``decide``, ``settle``, ``evolve``), showing (``view``, ``hidden``) and the
match (``next_dealer``, ``match_winners``). Optional hooks, None when a family has none:
``heuristic`` (rules of thumb; without it the heuristic bot plays at random), ``resample`` (a
full state consistent with one seat's view, for the search bot: OpenSpiel's
``resample_from_infostate``; without it the search bot plays the heuristic), ``playout`` (a fast
random playout of the card play; without it the search bot plays out through the reducers),
``best_of`` (a match of several rubbers) and ``step`` (``decide`` that also returns the state
its events lead to, folding each once: ``flow.step`` makes it from the same parts as
``decide``; without it ``game.step`` decides, then folds).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from .fairness import DealSecret
from .messages import Command, Event
from .redaction import Hidden

Move = dict[str, Any]
View = dict[str, Any]
Record = list[tuple[int, Move, list[Move]]]  # a playout's (seat, move, legal moves)

S = TypeVar("S")
R = TypeVar("R", contravariant=True)

Heuristic = Callable[[View, Any, list[Move]], "Move | None"]
Resample = Callable[[View, Any, random.Random], Any]
Playout = Callable[[Any, random.Random, "Record | None"], Any]
BestOf = Callable[[Any], int]
Step = Callable[[Any, Command], "tuple[list[Event], Any]"]


class Rules(Protocol):
    """What generic code reads of any family's rules."""

    @property
    def preset(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def options(self) -> dict[str, Any]: ...
    @property
    def sides(self) -> list[list[int]]: ...
    def side_of(self, seat: int) -> int: ...
    def pack(self) -> tuple[str, ...]: ...


class DealState(Protocol):
    """What generic code reads of any family's deal state."""

    @property
    def rules(self) -> Any: ...
    @property
    def phase(self) -> str: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def dealer(self) -> int: ...
    @property
    def hands(self) -> tuple[tuple[str, ...], ...]: ...
    @property
    def result(self) -> dict[str, Any] | None: ...


class Family(Protocol[S, R]):
    """A game family: its rules ``R`` and its deal state ``S``."""

    @property
    def name(self) -> str: ...
    @property
    def state(self) -> type[S]: ...

    # -- dealing
    def deal_layout(self, rules: R, deck: list[str], dealer: int, number: int
                    ) -> tuple[list[list[str]], list[str]]: ...
    def check_prearranged(self, rules: R, hands: list[list[str]], stock: list[str],
                          number: int) -> None: ...
    def dealt(self, rules: R, dealer: int, hands: list[list[str]], trump_card: str | None,
              number: int) -> dict[str, Any]: ...
    def start(self, rules: R, data: dict[str, Any]) -> S: ...

    # -- playing
    def legal_moves(self, state: S, seat: int | None) -> list[Move]: ...
    def decide(self, state: S, command: Command) -> list[Event]: ...
    def settle(self, state: S, secret: DealSecret | None) -> list[Event]: ...
    def evolve(self, state: S, event: Event) -> S: ...

    # -- showing
    def view(self, state: S, seat: int | None) -> View: ...
    def hidden(self, event: Event, rules: R) -> list[Hidden]: ...

    # -- the match
    def next_dealer(self, rules: R, dealer: int, result: dict[str, Any]) -> int: ...
    def match_winners(self, rules: R, totals: list[Any], deals: int, tiebreak: list[Any]
                      ) -> list[int] | None: ...

    # -- optional hooks
    @property
    def heuristic(self) -> Heuristic | None: ...
    @property
    def resample(self) -> Resample | None: ...
    @property
    def playout(self) -> Playout | None: ...
    @property
    def best_of(self) -> BestOf | None: ...
    @property
    def step(self) -> Step | None: ...


REQUIRED = ("deal_layout", "check_prearranged", "dealt", "start", "legal_moves", "decide",
            "settle", "evolve", "view", "hidden", "next_dealer", "match_winners")
OPTIONAL = ("heuristic", "resample", "playout", "best_of", "step")


class IncompleteFamily(TypeError):
    """A family registered without a part of the contract."""


def check(family: Any) -> None:
    """Raise ``IncompleteFamily`` naming the first missing or malformed part of ``family``."""
    name = getattr(family, "name", None)
    if not isinstance(name, str) or not name:
        raise IncompleteFamily("a family needs a name (a non-empty string)")
    if not isinstance(getattr(family, "state", None), type):
        raise IncompleteFamily(f"family {name!r}: 'state' must be its deal state's class")
    for part in REQUIRED:
        if not callable(getattr(family, part, None)):
            raise IncompleteFamily(f"family {name!r} lacks {part!r}, which every family "
                                   "provides (domain/family.py)")
    for part in OPTIONAL:
        hook = getattr(family, part, None)
        if hook is not None and not callable(hook):
            raise IncompleteFamily(f"family {name!r}: the hook {part!r} must be callable or "
                                   "None")
