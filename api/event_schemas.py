"""Each event type's ``*Data`` schema, built from the ``TypedDict``s the families declare
(``Family.events``, ``domain/event_data.py``): ``python -m api.spec`` writes them into
openapi.yaml.

A field's JSON type comes from its Python type (``str``, ``int``, ``bool``, ``X | None``,
``list[X]``, a ``Literal``, a nested ``TypedDict``), refined or replaced by the ``Schema`` in
its ``Annotated`` (``domain/field_schema.py``). Where several families log one type (``dealt``,
``passed``, ``trick_taken``), its schema has every field any of them declares, required where
all of them require it, each field's descriptions joined. ``scored`` is one schema per family
(``<Name>Scored``), which the family's ``schemas`` or the spec itself holds.
"""

from __future__ import annotations

import types
import typing
from typing import Any

from domain.field_schema import Schema

SIMPLE = {str: "string", int: "integer", bool: "boolean", float: "number"}
Obj = dict[str, Any]


def field(tp: Any) -> Obj:
    """The JSON schema of one annotation."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is typing.Annotated:
        out = field(args[0])
        for meta in args[1:]:
            if isinstance(meta, Schema):
                extra = dict(meta.fragment)
                doc = extra.pop("description", None)
                base = {} if "$ref" in extra or "oneOf" in extra else out
                out = {**({"description": doc} if doc else {}), **base, **extra}
        return out
    if origin in (typing.NotRequired, typing.Required):
        return field(args[0])
    if typing.is_typeddict(tp):
        return data_schema(tp)
    if origin is typing.Literal:
        kind = SIMPLE[type(args[0])]
        return {"type": kind, "const": args[0]} if len(args) == 1 else {
            "type": kind, "enum": list(args)}
    if origin is list:
        return {"type": "array", "items": field(args[0])}
    if origin is dict:
        return {"type": "object"}
    if origin in (typing.Union, types.UnionType):
        return _nullable(tp, args)
    return {"type": SIMPLE[tp]}


def _nullable(tp: Any, args: tuple[Any, ...]) -> Obj:
    others = [a for a in args if a is not type(None)]
    if len(others) != 1 or len(args) != 2:
        raise TypeError(f"no schema for {tp!r}: only X | None is written")
    inner = field(others[0])
    if set(inner) == {"type"} and isinstance(inner["type"], str):
        return {"type": [inner["type"], "null"]}
    return {"oneOf": [inner, {"type": "null"}]}


def data_schema(td: Any) -> Obj:
    """A ``TypedDict`` as a closed object schema."""
    hints = typing.get_type_hints(td, include_extras=True)
    required = [k for k, h in hints.items() if typing.get_origin(h) is not typing.NotRequired]
    out: Obj = {"type": "object", "additionalProperties": False}
    if required:
        out["required"] = required
    out["properties"] = {k: field(h) for k, h in hints.items()}
    return out


def merged(schemas: list[Obj]) -> Obj:
    """One event type's schema from its declarations by several families."""
    out: Obj = {"type": "object", "additionalProperties": False}
    required = [k for k in schemas[0].get("required", [])
                if all(k in s.get("required", []) for s in schemas)]
    if required:
        out["required"] = required
    props: Obj = {}
    for schema in schemas:
        for name, prop in schema["properties"].items():
            props[name] = _joined(props[name], prop, name) if name in props else prop
    out["properties"] = props
    return out


def _joined(one: Obj, other: Obj, name: str) -> Obj:
    docs = [d for d in (one.get("description"), other.get("description")) if d]
    bare = [{k: v for k, v in s.items() if k != "description"} for s in (one, other)]
    if bare[0] != bare[1]:
        raise ValueError(f"the field {name!r} is declared as {bare[0]} and as {bare[1]}")
    doc = " ".join(dict.fromkeys(docs))
    return {**({"description": doc} if doc else {}), **bare[0]}


def schemas(types: dict[str, list[Any]]) -> dict[str, Obj]:
    """Every event type's data schema but ``scored``'s, by its name in the spec (``played``
    and ``continued`` share ``CardData``)."""
    out: dict[str, Obj] = {}
    for kind, declared in types.items():
        if kind == "scored":
            continue
        name = declared[0].schema
        parts = [data_schema(d.data) for d in declared]
        out[name] = merged([out[name], *parts]) if name in out else merged(parts)
    return out
