"""What a game family provides: the one seam between a game and everything generic.

A family is an object with the methods of ``Family`` (each family's package defines a class of
static methods and one instance, ``FAMILY``), registered once with its presets
(``registry.register``), which checks it and names any part it lacks. Generic code (``game``,
``match``, ``replay``, the bots, every adapter) reaches a game only through it, and never
inspects a family's state beyond ``DealState``: what a phase asks for is ``decision``'s to say.

Required: dealing (``deal_layout``, ``check_prearranged``, ``dealt``, ``start``), playing
(``legal_moves``, ``command``: the event of a seat's move, refusing an illegal one;
``automatic``: the next event the rules make happen by themselves; ``evolve``; ``decision``: the
kind of decision the state asks of the seat to move, one of ``DECISIONS``, or None where none is
asked), showing (``view``, ``hidden``, ``page``: how the page shows the game; ``view_schema``:
its view's schema in openapi.yaml) and the match (``next_dealer``, ``match_winners``). The
command flow (``flow.py``) turns ``command``, ``automatic`` and ``evolve`` into ``game.decide``,
``game.step`` and ``game.settle`` for every family. The optional hooks (None where a family has
none), what each enables: ``OPTIONAL``.

Carry-over: whatever passes from one deal to the next or to the match's end (the game points a
drawn deal carries, a second total that breaks ties) is the family's own, opaque to the match
(``Context``): its ``carry`` hook says what a scored deal carries (``Carried``), the match
records it in its events under the family's names, hands the next deal's part to
``dealt``/``start`` (the fields named in ``carries``) and gives every deal's match part to
``match_winners``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, TypedDict, TypeVar, get_args, is_typeddict

from .event_data import Declared
from .fairness import DealSecret
from .messages import Command, Event
from .page import Page as Page  # re-exported: families import it from here
from .redaction import Hidden
from .solver.search import Game

Json = str | int | float | bool | None | list["Json"] | dict[str, "Json"]
Move = dict[str, Json]
View = dict[str, Json]
Context = dict[str, Json]  # what a deal carries over, the family's own fields (opaque JSON)
Record = list[tuple[int, Move, list[Move]]]  # a playout's (seat, move, legal moves)

S = TypeVar("S")
R = TypeVar("R", contravariant=True)
S_in = TypeVar("S_in", contravariant=True)

Returns = Callable[[Sequence[float]], list[float]]  # match points -> relative returns per seat
# What a seat to move is asked (``Family.decision``): a card to a trick or a capture; whether
# the leader goes on with a card (where the leader may stop a capture); a bid; a trump named; a
# partner called; anything else the family asks (a redeal, a word of table talk).
Decision = Literal["card", "continue", "bid", "trump", "call", "other"]
DECISIONS: tuple[Decision, ...] = get_args(Decision)
CARD_PLAY: tuple[Decision, ...] = ("card", "continue")  # the decisions the card-play solvers search


class Score(TypedDict):
    """The part of a deal's ``score`` generic code reads; each family adds its own keys."""

    winners: list[int]
    match_points: list[float]  # one number per side of the match (per seat where each plays alone)


class DealResult(TypedDict):
    """A finished deal's result, as its ``scored`` event records it (the fairness reveal
    beside): the deal's ``sides``, the ``points`` each took (card points or tricks) and the
    family's ``score``."""

    sides: list[list[int]]
    points: list[int]
    score: Score


@dataclass(frozen=True, slots=True)
class Carried:
    """What a scored deal carries over (the family's ``carry`` hook): ``match``, the fields its
    match's ``deal_scored`` event records beside the match points, every deal's given back to
    ``match_winners`` (a total that breaks ties); ``deal``, the fields the next ``deal_started``
    records, which that deal's ``dealt`` copies for ``start`` to read (a drawn deal's carried
    points; the family names them in ``carries``)."""

    match: Context = field(default_factory=dict)
    deal: Context = field(default_factory=dict)


class Rules(Protocol):
    """What generic code reads of any family's rules."""

    @property
    def preset(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def options(self) -> dict[str, Json]: ...
    @property
    def sides(self) -> list[list[int]]: ...
    def side_of(self, seat: int) -> int: ...
    def pack(self) -> tuple[str, ...]: ...


class DealState(Protocol):
    """What generic code reads of any family's deal state (the phase ``over`` ends a deal)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def phase(self) -> str: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def dealer(self) -> int: ...
    @property
    def hands(self) -> tuple[tuple[str, ...], ...]: ...
    @property
    def result(self) -> DealResult | None: ...  # None once over: ``abandoned``, no result
    commitment: str | None  # ``dealt``'s, which ``scored`` or ``abandoned`` opens


class SolverGame(Game, Protocol[S_in]):
    """One deal's card play as the solver searches it (``domain/solver/search.py``'s ``Game``)
    for one side, the max side: ``position`` of a deal's state, ``mover`` (a reducers' move to
    the game's, at a position), ``additive`` (values are card points that the sides share, so
    the other side's is the total minus the max side's) and ``report`` (a searched value as the
    side's own: a score where values are ranks)."""

    @property
    def additive(self) -> bool: ...
    def position(self, state: S_in) -> object: ...
    def mover(self, position: object) -> Callable[[Move], object]: ...
    def report(self, raw: int) -> float: ...


class PerfectPlay(Protocol[S_in]):
    """What the solver needs of a family whose deals it plays: the ``sides`` of the card play
    (partnerships formed in the auction included), the ``game`` where ``seats`` is the max side,
    what ``seats`` have ``taken`` so far (in the game's values) and the ``points`` each of
    ``sides`` took in a finished deal."""

    def sides(self, state: S_in) -> list[list[int]]: ...
    def game(self, state: S_in, seats: list[int]) -> SolverGame[S_in]: ...
    def taken(self, state: S_in, seats: list[int]) -> int: ...
    def points(self, final: S_in, sides: list[list[int]]) -> list[float]: ...


class AuctionPlay(Protocol[S_in]):
    """What the analysis needs to judge the decisions before the card play (a bid, a trump, a
    call): at a card play's start, the ``contract`` (what ``seat``'s perfect-play value depends
    on besides the cards: equal contracts, equal values), ``seat``'s deal ``score`` where its
    side's card play is worth ``value`` (``positions.Judge``'s units, the score never less for
    more), the ``cut``: the value from which the score rises, and whether it varies above
    (None: the exact value is needed), and the ``inverse``: the value that scores ``score``
    where the score is the value (None: not so), so that one test of the value may do."""

    def contract(self, state: S_in, seat: int) -> Hashable: ...
    def score(self, state: S_in, seat: int, value: float) -> float: ...
    def cut(self, state: S_in, seat: int) -> tuple[int, bool] | None: ...
    def inverse(self, state: S_in, seat: int, score: float) -> float | None: ...


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
              trump_card: str | None, number: int) -> dict[str, Json]: ...
    def start(self, rules: R, data: dict[str, Json]) -> S: ...

    # -- playing
    def legal_moves(self, state: S, seat: int | None) -> list[Move]: ...
    def command(self, state: S, command: Command) -> Event: ...
    def automatic(self, state: S, secret: DealSecret | None) -> Event | None: ...
    def evolve(self, state: S, event: Event) -> S: ...
    def decision(self, state: S) -> Decision | None: ...

    # -- showing
    def view(self, state: S, seat: int | None) -> View: ...
    def hidden(self, event: Event, rules: R) -> list[Hidden]: ...
    def page(self, rules: R) -> Page: ...
    @property
    def view_schema(self) -> str: ...

    # -- the match
    def next_dealer(self, rules: R, dealer: int, result: DealResult) -> int: ...
    def match_winners(self, rules: R, totals: Sequence[float], deals: int,
                      carried: Sequence[Context]) -> list[int] | None: ...

    # -- optional hooks (``OPTIONAL``)
    @property
    def carry(self) -> Callable[[R, DealResult], Carried] | None: ...
    @property
    def carries(self) -> tuple[str, ...]: ...
    @property
    def endgame(self) -> Callable[[S], int | None] | None: ...
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
    def solver(self) -> Callable[[R], PerfectPlay[S] | None] | None: ...
    @property
    def auction(self) -> Callable[[R], AuctionPlay[S] | None] | None: ...
    @property
    def schemas(self) -> Mapping[str, Json] | None: ...
    @property
    def views(self) -> Callable[[Iterable[S], int | None], Iterator[View]] | None: ...

    # -- its events' data (``domain/event_data.py``): every event type its deals log, each with
    # the TypedDict of its data, whence ``python -m api.spec`` writes envelopes and *Data schemas
    @property
    def events(self) -> Mapping[str, Declared]: ...


REQUIRED = ("deal_layout", "check_prearranged", "dealt", "start", "legal_moves", "command",
            "automatic", "evolve", "decision", "view", "hidden", "page", "next_dealer",
            "match_winners")
OPTIONAL = {  # each optional hook, and what a family without it does without
    "carry": "nothing passes from one deal to the next or to the match's end",
    "endgame": "the search bot never solves the last cards exactly; the analysis cannot "
               "start at an ending (the cards left when only card play is left, or None)",
    "heuristic": "the heuristic bot plays at random",
    "resample": "the search bot plays the heuristic (OpenSpiel's resample_from_infostate)",
    "playout": "the search bot plays out through the reducers (slower)",
    "best_of": "a match is one rubber",
    "bounds": "the game is not offered to OpenSpiel (min_utility/max_utility)",
    "points_total": "the property tests cannot check what a deal's points add up to",
    "search_decision": "the search bot treats a bid, a trump or a call as it treats a card",
    "solver": "no deal of the family is analysed (domain/solver)",
    "auction": "the analysis judges the card play only, not the bids, trumps and calls",
    "views": "a replay builds each state's view afresh (``game.views``)"}


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
    carries = getattr(family, "carries", ())
    if not isinstance(carries, tuple) or not all(isinstance(f, str) for f in carries):
        raise IncompleteFamily(f"family {name!r}: 'carries' must be a tuple of field names")
    for part in OPTIONAL:
        hook = getattr(family, part, None)
        if hook is not None and not callable(hook):
            raise IncompleteFamily(f"family {name!r}: the hook {part!r} must be callable or None")
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


def missing(family: object) -> dict[str, str]:
    """The optional hooks ``family`` lacks, each with what it does without."""
    return {part: why for part, why in OPTIONAL.items() if getattr(family, part, None) is None}
