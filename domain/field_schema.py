"""How the spec writes an event's field where its Python type says too little: a JSON schema
fragment (a ``$ref``, a minimum, a pattern, a description) carried in ``Annotated`` beside the
type, e.g. ``seat: Annotated[int, ref("Seat")]``. ``python -m api.spec`` builds each event
type's ``*Data`` schema from its ``TypedDict`` (``api/event_schemas.py``): the type gives the
JSON type, a ``Schema`` refines it, or replaces it where it names a ``$ref`` or a ``oneOf``.
mypy reads only the type."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated

REF = "#/components/schemas/"


@dataclass(frozen=True, slots=True, eq=False)  # hashed by identity: Annotated hashes it
class Schema:
    fragment: Mapping[str, object]


def spec(description: str = "", **fragment: object) -> Schema:
    """A refinement of the field's own JSON type (``minimum=1``, ``format="date-time"``)."""
    return Schema({**({"description": description} if description else {}), **fragment})


def ref(name: str, description: str = "", *, nullable: bool = False) -> Schema:
    """The spec's schema ``name`` in place of the type (or null, where ``nullable``: a part
    hidden from a caller while the deal runs, or absent)."""
    target: dict[str, object] = {"$ref": REF + name}
    body: dict[str, object] = {"oneOf": [target, {"type": "null"}]} if nullable else target
    return Schema({**({"description": description} if description else {}), **body})


Seat = Annotated[int, ref("Seat")]
Card = Annotated[str, ref("Card")]
Cards = Annotated[list[str], ref("Cards")]
Suit = Annotated[str, ref("Suit")]
HIDDEN = {"$ref": REF + "HiddenCards"}  # a seat's cards, or null while hidden
