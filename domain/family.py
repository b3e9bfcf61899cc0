"""What a game family provides: the one seam between a game and everything generic.

A family is an object with the methods of ``Family`` (each family's package defines a class of
static methods and one instance, ``FAMILY``), registered once with its presets
(``registry.register``), which checks it and names any part it lacks. Generic code (``game``,
``match``, ``replay``, the bots, every adapter) reaches a game only through it.

Required: dealing (``deal_layout``, ``check_prearranged``, ``dealt``, ``start``), playing
(``legal_moves``, ``command``: the event of a seat's move, refusing an illegal one;
``automatic``: the next event the rules make happen by themselves; ``evolve``), showing
(``view``, ``hidden``, ``page``: how the page shows the game; ``view_schema``: the name of its
view's schema in openapi.yaml) and the match (``next_dealer``, ``match_winners``). The command
flow (``flow.py``) turns ``command``, ``automatic`` and ``evolve`` into ``game.decide``,
``game.step`` and ``game.settle`` for every family. Optional hooks, None when a family has none:
``heuristic`` (rules of thumb; without it the heuristic bot plays at random), ``resample`` (a
full state consistent with one seat's view, for the search bot: OpenSpiel's
``resample_from_infostate``; without it the search bot plays the heuristic), ``playout`` (a fast
random playout of the card play; without it the search bot plays out through the reducers),
``best_of`` (a match of several rubbers), ``bounds`` (the lowest and highest relative return of
one deal: OpenSpiel's ``min_utility``/``max_utility``; without it the game is not offered to
OpenSpiel), ``points_total`` (what a deal's ``points`` add up to, whoever takes the cards:
the property tests check every deal against it), ``search_decision`` (the search bot's choice
in a decision that is not a card, such as a bid, a trump or a call, by the family's own search;
None lets the search treat it as it treats a card), ``solver`` (what the perfect-information
solver of ``domain/solver`` needs of a deal's rules, a ``PerfectPlay``, or None where it does
not play them; without it no deal of the family is analysed) and ``schemas`` (JSON schemas the
family's view refers to, which ``python -m api.spec`` writes into openapi.yaml).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, is_typeddict

from .event_data import Declared
from .fairness import DealSecret
from .messages import Command, Event
from .redaction import Hidden
from .solver.search import Game

Move = dict[str, Any]
View = dict[str, Any]
Record = list[tuple[int, Move, list[Move]]]  # a playout's (seat, move, legal moves)

S = TypeVar("S")
R = TypeVar("R", contravariant=True)

Returns = Callable[[Sequence[float]], list[float]]  # match points -> relative returns per seat
Json = str | int | float | bool | None | list["Json"] | dict[str, "Json"]
FOLLOW = ("any", "suit", "suit_then_trump")
TRUMPS = ("none", "turned", "named", "per_hand")


@dataclass(frozen=True, slots=True)
class Page:
    """How the page shows a game, published in ``GET /v1/rulesets`` (``table``) so that it
    never switches on a preset's name.

    ``ranks``: high to low, how a hand is sorted (wild ranks first where there are some);
    ``by``: ``suit`` (suits grouped) or ``rank`` (ranks grouped, where suits play no part);
    ``clockwise``: where the next player sits; ``follow``: what a seat must play to a trick
    (``any``, ``suit``, ``suit_then_trump``); ``trick``: the word for one (``trick`` or
    ``capture``); ``points``: whether tricks are worth card points; ``trumps``: ``none`` (the
    game has none), ``turned``, ``named`` (after an auction) or ``per_hand``; ``bids``: what a
    bid counts (``tricks``, ``points`` or None); ``wild``: ranks that go on any capture;
    ``stops``: the leader may stop a capture (and ``any_goes_on``: with any card);
    ``target_unit``: what the option ``target`` counts; ``deals``: deals in a match where the
    rules fix it (by player count)."""

    ranks: tuple[str, ...]
    by: str = "suit"
    clockwise: bool = True
    follow: str = "suit"
    trick: str = "trick"
    points: bool = True
    trumps: str = "turned"
    bids: str | None = None
    wild: tuple[str, ...] = ()
    stops: bool = False
    any_goes_on: bool = False
    target_unit: str = "point"
    deals: int | None = None

    def describe(self) -> dict[str, Json]:
        return {"ranks": list(self.ranks), "by": self.by, "clockwise": self.clockwise,
                "follow": self.follow, "trick": self.trick, "points": self.points,
                "trumps": self.trumps, "bids": self.bids, "wild": list(self.wild),
                "stops": self.stops, "any_goes_on": self.any_goes_on,
                "target_unit": self.target_unit}


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


class SolverGame(Game, Protocol):
    """One deal's card play as the solver searches it (``domain/solver/search.py``'s ``Game``)
    for one side, the max side: ``position`` of a deal's state, ``mover`` (a reducers' move to
    the game's, at a position), ``additive`` (values are card points that the sides share, so
    the other side's is the total minus the max side's) and ``report`` (a searched value as the
    side's own: a score where values are ranks)."""

    @property
    def additive(self) -> bool: ...
    def position(self, state: Any) -> Any: ...
    def mover(self, position: Any) -> Callable[[Move], Any]: ...
    def report(self, raw: int) -> float: ...


class PerfectPlay(Protocol):
    """What the solver needs of a family whose deals it plays: the ``sides`` of the card play
    (partnerships formed in the auction included), the ``game`` where ``seats`` is the max side,
    what ``seats`` have ``taken`` so far (in the game's values) and the ``points`` each of
    ``sides`` took in a finished deal."""

    def sides(self, state: Any) -> list[list[int]]: ...
    def game(self, state: Any, seats: list[int]) -> SolverGame: ...
    def taken(self, state: Any, seats: list[int]) -> int: ...
    def points(self, final: Any, sides: list[list[int]]) -> list[float]: ...


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
    def dealt(self, rules: R, dealer: int, hands: list[list[str]], stock: list[str],
              trump_card: str | None, number: int) -> dict[str, Any]: ...
    def start(self, rules: R, data: dict[str, Any]) -> S: ...

    # -- playing
    def legal_moves(self, state: S, seat: int | None) -> list[Move]: ...
    def command(self, state: S, command: Command) -> Event: ...
    def automatic(self, state: S, secret: DealSecret | None) -> Event | None: ...
    def evolve(self, state: S, event: Event) -> S: ...

    # -- showing
    def view(self, state: S, seat: int | None) -> View: ...
    def hidden(self, event: Event, rules: R) -> list[Hidden]: ...
    def page(self, rules: R) -> Page: ...
    @property
    def view_schema(self) -> str: ...

    # -- the match
    def next_dealer(self, rules: R, dealer: int, result: dict[str, Any]) -> int: ...
    def match_winners(self, rules: R, totals: list[Any], deals: int, tiebreak: list[Any]
                      ) -> list[int] | None: ...

    # -- optional hooks
    @property
    def heuristic(self) -> Callable[[View, R, list[Move]], Move | None] | None: ...
    @property
    def resample(self) -> Callable[[View, R, random.Random], S] | None: ...
    @property
    def playout(self) -> Callable[[S, random.Random, Record | None], S | None] | None: ...
    @property
    def best_of(self) -> Callable[[R], int] | None: ...
    @property
    def bounds(self) -> Callable[[R, S, Returns], tuple[float, float]] | None: ...
    @property
    def points_total(self) -> Callable[[R, int], int] | None: ...
    @property
    def search_decision(self) -> Callable[[View, R, random.Random, int, Callable[[], bool] | None],
                                          Move | None] | None: ...
    @property
    def solver(self) -> Callable[[R], PerfectPlay | None] | None: ...
    @property
    def schemas(self) -> Mapping[str, Json] | None: ...

    # -- its events' data (``domain/event_data.py``): every event type its deals log, each
    # with the TypedDict of its data, from which ``python -m api.spec`` writes the spec's
    # envelopes and *Data schemas
    @property
    def events(self) -> Mapping[str, Declared]: ...


REQUIRED = ("deal_layout", "check_prearranged", "dealt", "start", "legal_moves", "command",
            "automatic", "evolve", "view", "hidden", "page", "next_dealer", "match_winners")
OPTIONAL = ("heuristic", "resample", "playout", "best_of", "bounds", "points_total",
            "search_decision", "solver")


class IncompleteFamily(TypeError):
    """A family registered without a part of the contract."""


def check(family: object) -> None:
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
    if not isinstance(getattr(family, "view_schema", None), str):
        raise IncompleteFamily(f"family {name!r} lacks 'view_schema', the name of its view's "
                               "schema in openapi.yaml (domain/family.py)")
    schemas = getattr(family, "schemas", None)
    if schemas is not None and not isinstance(schemas, Mapping):
        raise IncompleteFamily(f"family {name!r}: 'schemas' must be a mapping or None")
    for part in OPTIONAL:
        hook = getattr(family, part, None)
        if hook is not None and not callable(hook):
            raise IncompleteFamily(f"family {name!r}: the hook {part!r} must be callable or "
                                   "None")
    check_events(name, getattr(family, "events", None))


def check_events(name: str, events: object) -> None:
    """``Family.events``: event type -> its ``EventType`` (``domain/event_data.py``)."""
    if not isinstance(events, Mapping) or not events:
        raise IncompleteFamily(f"family {name!r} lacks 'events', every event type its deals "
                               "log with the TypedDict of its data (domain/event_data.py)")
    for kind, declared in events.items():
        if getattr(declared, "name", None) != kind or not is_typeddict(
                getattr(declared, "data", None)):
            raise IncompleteFamily(f"family {name!r}: events[{kind!r}] must be an EventType "
                                   f"named {kind!r} whose data is a TypedDict")
