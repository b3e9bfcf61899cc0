"""The data of every event, typed: one ``TypedDict`` per event type, and ``EventType``, which
ties a type's name to its data so that mypy checks each event where it is built.

``PLAYED({"card": card}, seat)`` is ``Event("played", {"card": card}, seat)`` with its data
checked against ``CardData`` (a key missing, misspelt or of the wrong type is a mypy error).
The events every game logs, or several families share, are here; a family declares the rest in
its own folder (subclassing these where it adds fields) and lists every event type its deals
log as ``Family.events``. ``python -m api.spec`` writes each type's envelope and ``*Data``
schema into openapi.yaml from these declarations (``api/event_schemas.py``; a field's ``$ref``,
minimum or description rides in its ``Annotated``: ``domain/field_schema.py``), but the
families' ``XScored``; ``tests/unit/test_event_data.py`` holds every declared ``TypedDict`` to
the spec's schema of its type (keys, which are required, JSON types, values) and checks the
events of random deals of every preset against them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Generic, Literal, NotRequired, Protocol, TypedDict, TypeVar, cast

from .field_schema import HIDDEN, REF, Card, Cards, Seat, ref, spec
from .messages import Event

D = TypeVar("D", bound=Mapping[str, object])
Json = Any  # a JSON value as the log stores it (options, a score): each family reads its own


class EventType(Generic[D]):
    """An event type: its ``name`` in the log and the ``TypedDict`` of its ``data``. Calling
    it builds the event, its data checked by mypy against ``data``.

    For the spec (``python -m api.spec`` writes each type's envelope schema): ``doc``, what
    the event means to a client; ``schema``, the name of its data's schema in openapi.yaml
    (``<Name>Data`` unless given); ``automatic``, the rules' own event whose ``seat`` is
    always null."""

    __slots__ = ("automatic", "data", "doc", "name", "schema")

    def __init__(self, name: str, data: type[D], doc: str = "", *, schema: str | None = None,
                 automatic: bool = False) -> None:
        self.name = name
        self.data = data
        self.doc = doc
        self.schema = schema or "".join(w.title() for w in name.split("_")) + "Data"
        self.automatic = automatic

    def __call__(self, data: D, seat: int | None = None) -> Event:
        return Event(self.name, cast(dict[str, Any], data), seat)

    def __repr__(self) -> str:
        return f"EventType({self.name!r}, {self.data.__name__})"


class Declared(Protocol):
    """What ``Family.events`` holds per event type: an ``EventType`` of any data."""

    @property
    def name(self) -> str: ...
    @property
    def data(self) -> type[Mapping[str, object]]: ...
    @property
    def doc(self) -> str: ...
    @property
    def schema(self) -> str: ...
    @property
    def automatic(self) -> bool: ...


def declare(*types: Declared) -> dict[str, Declared]:
    """A family's ``events``: each of ``types`` by its name."""
    return {t.name: t for t in types}


# -- every game's ------------------------------------------------------------------------------

class Fairness(TypedDict):
    """What a ``dealt`` event records of its deal's fairness (``game.fair_fields``, or
    ``game.PREARRANGED``): the commitment to the server seed, the shuffle, and for a shuffled
    deal its number and its client seeds (their ``client_commitments``, or in older logs the
    seeds in the clear); ``carry``: the game points a match carries into the deal."""

    commitment: Annotated[str | None, ref(
        "Digest", "The commitment to the server seed, revealed in `scored`; null for a "
        "prearranged deal.", nullable=True)]
    shuffle: Annotated[str | None, spec(
        "The shuffle's name and version (`tricklog-shuffle-v1`); null when prearranged.")]
    prearranged: bool
    number: NotRequired[Annotated[int, spec(
        "The deal's place in its match (not for a prearranged deal).", minimum=1)]]
    client_seeds: NotRequired[Annotated[list[str | None], spec(
        "The seats' client seeds mixed into this deal's shuffle, in the clear (null for none): "
        "where no seed was committed (every seat null), and in older logs.")]]
    client_commitments: NotRequired[Annotated[list[str | None], spec(
        "Where client seeds entered this deal: each seat's seed commitment (`SHA-256(salt || "
        "seed)`, as in the match's `client_seeds`), null for a seat that gave none; `scored` "
        "reveals the seeds and salts (`reveal.client_seeds`).",
        items={"oneOf": [{"$ref": REF + "Digest"}, {"type": "null"}]})]]
    carry: NotRequired[Annotated[int, spec("Game points carried in from drawn deals.",
                                           minimum=1)]]


class DealtCore(TypedDict):
    """What every game's ``dealt`` records of the deal itself (``game.dealt``)."""

    ruleset: Annotated[str, ref("Preset")]
    players: int
    options: Annotated[dict[str, Json], ref("RulesetOptions")]
    dealer: Seat
    leader: Seat
    hands: Annotated[list[list[str]], spec(
        "Every hand; while the deal runs the caller sees only its own, the others are null.",
        items=HIDDEN)]
    stock: Annotated[list[str], ref("HiddenCards", "The stock, top first (the cards left "
                                    "undealt, where there is no stock to draw from); null "
                                    "while hidden.")]


class DealtData(DealtCore, Fairness):
    """Every ``dealt`` event's data; a family's subclass adds its own facts (a turned trump,
    a hand number: ``Family.dealt``)."""


class CardData(TypedDict):
    card: Card


class TrickTakenData(TypedDict):
    """A trick's winner and cards; a family's subclass adds what it counts (card points)."""

    seat: Seat
    cards: Cards


class Draw(TypedDict):
    seat: Seat
    card: Annotated[str, ref("Card", "Null while the card is hidden from the caller.",
                             nullable=True)]


class DrewData(TypedDict):
    draws: list[Draw]


class ScoredData(TypedDict):
    """The result (the view's ``result``) and what opens the deal's commitments
    (``fairness.reveal``: ``reveal``, or an older log's flat ``seed`` and ``nonce``); each
    family's subclass adds what it counts besides (tricks, captures)."""

    sides: list[list[int]]
    points: list[int]
    score: dict[str, Json]
    seed: NotRequired[str]
    nonce: NotRequired[str]
    reveal: NotRequired[dict[str, Json] | None]


class TimedOutData(TypedDict):
    """A clock's event (``clock.timed_out``), in any game's log."""

    seat: Seat
    deadline: Annotated[str, spec(format="date-time")]
    forfeit: NotRequired[Annotated[Literal[True], spec(
        "The seat's side forfeits the match (`on_timeout` forfeit).")]]


class AbandonedData(TypedDict):
    """A deal ended without a result (``clock.abandoned``), in any game's log."""

    reason: Annotated[Literal["forfeit"], spec(
        "Why the deal ended unplayed: `forfeit`, the seat's side forfeited the match on its "
        "clock (the `timed_out` with `forfeit` just before).")]
    seat: Seat
    side: Annotated[int, spec("The forfeiting side: its index in the rules' `sides`.",
                              minimum=0)]
    seed: NotRequired[str]
    nonce: NotRequired[str]
    reveal: NotRequired[Annotated[dict[str, Json] | None, ref("Reveal")]]  # as in ``scored``


class BidData(TypedDict):
    value: Annotated[int, spec(minimum=0)]


PLAYED = EventType("played", CardData, "A card laid (a lead, a follow, a trick card).",
                   schema="CardData")
DREW = EventType("drew", DrewData, "Every card drawn from the stock after a trick or capture, "
                 "in order.")
TIMED_OUT = EventType("timed_out", TimedOutData, (
    "The seat to act let its turn's deadline pass (move clocks): an automatic event (`seat` "
    "null, the seat in `data`), appended by the workers with the turn's expected `seq`; the "
    "clock's bot's move follows in the same append, unless the side forfeits (the match then "
    "ends, and the deal's `abandoned` follows)."), automatic=True)
ABANDONED = EventType("abandoned", AbandonedData, (
    "The deal's last event when its match ended before it did (a side forfeited on its "
    "clock): the deal is over with no result (nothing scored, the match's totals stand) and, "
    "as `scored` does, it reveals what opens the deal's commitments; every card is public "
    "then, as in any finished deal."), automatic=True)
BID = EventType("bid", BidData, "A bid in an auction (of card points, or of tricks).")
GENERIC = declare(TIMED_OUT, ABANDONED)


def dealt(data: type[D]) -> EventType[D]:
    """A family's ``dealt``: every game's ``DealtData``, or its subclass with the family's own
    facts."""
    return EventType("dealt", data, "The cards are dealt (every deal's first event).")


def trick_taken(data: type[D]) -> EventType[D]:
    """A family's ``trick_taken``: ``TrickTakenData``, or its subclass."""
    return EventType("trick_taken", data, "A capture or trick is taken.")


def scored(data: type[D]) -> EventType[D]:
    """A family's ``scored``: its subclass of ``ScoredData``, whose schema is the family's
    ``<Name>Scored`` in the spec's ``ScoredData`` union."""
    return EventType("scored", data, "The deal's result, and the server seed revealed (the last "
                     "event).")  # in every family's logs, whatever the family declares
