"""The families' event ``TypedDict``s (``Family.events``, ``domain/event_data.py``) side by side
with the spec's ``*Data`` schemas, and a small checker of an event's data against its
``TypedDict``.

Both sides become a ``Shape``: the JSON types a value may have, an array's items, an object's
fields (each required or not) and a string's or constant's allowed values. ``differences``
names every way two shapes disagree; ``merged`` joins the declarations of one event type by
several families (a field is required only where every family requires it), as the spec has
one ``*Data`` schema per type. Integers are numbers to JSON: ``int`` meets ``number``.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

OPEN = frozenset({"any"})


@dataclass
class Shape:
    types: frozenset[str]
    items: Shape | None = None
    fields: dict[str, tuple[bool, Shape]] | None = None  # name -> (required, shape)
    values: frozenset[Any] | None = None  # an enum's or a Literal's values


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    return {int: "integer", float: "number", str: "string"}.get(type(value), "object")


def _hints(cls: Any) -> dict[str, Any]:
    return typing.get_type_hints(cls, include_extras=True)


def of_type(tp: Any) -> Shape:
    """The shape a Python annotation allows (a ``TypedDict``, its fields' types)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is typing.Annotated:  # the spec's refinements (domain/field_schema.py)
        return of_type(args[0])
    if tp is Any:
        return Shape(OPEN)
    if typing.is_typeddict(tp):
        fields = {}
        for name, hint in _hints(tp).items():
            wrapper = typing.get_origin(hint)
            required = wrapper is not typing.NotRequired and (
                wrapper is typing.Required or tp.__total__)
            inner = typing.get_args(hint)[0] if wrapper in (typing.NotRequired,
                                                            typing.Required) else hint
            fields[name] = (required, of_type(inner))
        return Shape(frozenset({"object"}), fields=fields)
    if origin in (typing.Union, types.UnionType):
        return _union([of_type(a) for a in args])
    if origin is typing.Literal:
        return Shape(frozenset(map(_json_type, args)), values=frozenset(args))
    if origin is list:
        return Shape(frozenset({"array"}), items=of_type(args[0]))
    if origin in (dict, Mapping) or tp in (dict, Mapping):
        return Shape(frozenset({"object"}))
    if tp is None or tp is type(None):
        return Shape(frozenset({"null"}))
    simple = {bool: "boolean", int: "integer", float: "number", str: "string"}
    if tp in simple:
        return Shape(frozenset({simple[tp]}))
    raise TypeError(f"no JSON shape for {tp!r}")


def _union(shapes: list[Shape]) -> Shape:
    out = Shape(frozenset().union(*(s.types for s in shapes)))
    for s in shapes:
        out.items = s.items or out.items
        out.fields = s.fields if s.fields is not None else out.fields
    valued = [s for s in shapes if s.types - {"null"}]
    if valued and all(s.values is not None for s in valued):
        out.values = frozenset().union(*(s.values or () for s in valued))
    return out


def of_schema(node: Any, components: dict[str, Any]) -> Shape:
    """The shape a JSON schema of the spec allows (refs followed, ``oneOf`` joined)."""
    if "$ref" in node:
        return of_schema(components[node["$ref"].rsplit("/", 1)[-1]], components)
    branches = node.get("oneOf") or node.get("anyOf")
    if branches:
        return _union([of_schema(b, components) for b in branches])
    if "const" in node:
        return Shape(frozenset({_json_type(node["const"])}), values=frozenset([node["const"]]))
    kinds = node.get("type")
    if kinds is None:
        kinds = "object" if "properties" in node else "array" if "items" in node else "any"
    out = Shape(frozenset([kinds] if isinstance(kinds, str) else kinds))
    if "enum" in node:
        out.values = frozenset(node["enum"])
    if "items" in node:
        out.items = of_schema(node["items"], components)
    if "properties" in node:
        required = set(node.get("required", ()))
        out.fields = {k: (k in required, of_schema(v, components))
                      for k, v in node["properties"].items()}
    return out


def merged(shapes: list[Shape]) -> Shape:
    """One event type as several families declare it: every field any of them has, required
    where all of them require it."""
    out = _union(shapes)
    if all(s.fields is not None for s in shapes):
        names = dict.fromkeys(k for s in shapes for k in s.fields or {})
        out.fields = {}
        for name in names:
            having = [s.fields[name] for s in shapes if s.fields and name in s.fields]
            required = len(having) == len(shapes) and all(r for r, _ in having)
            out.fields[name] = (required, merged([shape for _, shape in having]))
    if all(s.items is not None for s in shapes) and shapes:
        out.items = merged([s.items for s in shapes if s.items is not None])
    return out


def _numeric(kinds: frozenset[str]) -> frozenset[str]:
    return kinds - {"integer"} | {"number"} if "integer" in kinds else kinds


def differences(ours: Shape, spec: Shape, where: str = "",
                nullable: frozenset[str] = frozenset()) -> list[str]:
    """How the declared ``ours`` and the spec's ``spec`` disagree, each at its path. The spec
    may add null at a path in ``nullable`` (a part hidden from a caller while the deal runs)."""
    if "any" in ours.types or "any" in spec.types:
        return []
    out = []
    theirs = spec.types - {"null"} if where in nullable and "null" not in ours.types else (
        spec.types)
    if _numeric(ours.types) != _numeric(theirs) or (
            "integer" in theirs and "number" not in theirs and "number" in ours.types):
        out.append(f"{where or '/'}: types {sorted(ours.types)} in the code, "
                   f"{sorted(theirs)} in the spec")
    if ours.values is not None and spec.values is not None and ours.values != spec.values:
        out.append(f"{where or '/'}: values {sorted(ours.values, key=repr)} in the code, "
                   f"{sorted(spec.values, key=repr)} in the spec")
    if ours.items is not None and spec.items is not None:
        out += differences(ours.items, spec.items, f"{where}/[]", nullable)
    if ours.fields is not None and spec.fields is not None:
        for name in sorted(set(ours.fields) | set(spec.fields)):
            if name not in spec.fields:
                out.append(f"{where}/{name}: in the code, not in the spec")
            elif name not in ours.fields:
                out.append(f"{where}/{name}: in the spec, not in the code")
            else:
                (mine, inner), (documented, other) = ours.fields[name], spec.fields[name]
                if mine != documented:
                    out.append(f"{where}/{name}: {'required' if mine else 'optional'} in the "
                               f"code, {'required' if documented else 'optional'} in the spec")
                out += differences(inner, other, f"{where}/{name}", nullable)
    return out


def conforms(value: Any, tp: Any, where: str = "") -> list[str]:
    """Where ``value`` (an event's data) breaks the annotation ``tp`` (its ``TypedDict``)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    here = where or "/"
    if origin is typing.Annotated:
        return conforms(value, args[0], where)
    if tp is Any:
        return []
    if typing.is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{here}: {value!r} is not an object"]
        shape = of_type(tp).fields or {}
        hints = {k: typing.get_args(h)[0] if typing.get_origin(h) in (
            typing.NotRequired, typing.Required) else h for k, h in _hints(tp).items()}
        out = [f"{where}/{k}: not declared" for k in value if k not in hints]
        out += [f"{where}/{k}: required, missing" for k, (req, _) in shape.items()
                if req and k not in value]
        for k in [k for k in value if k in hints]:
            out += conforms(value[k], hints[k], f"{where}/{k}")
        return out
    if origin in (typing.Union, types.UnionType):
        tries = [conforms(value, a, where) for a in args]
        return [] if any(not t for t in tries) else min(tries, key=len)
    if origin is typing.Literal:
        ok = any(value == a and type(value) is type(a) for a in args)
        return [] if ok else [f"{here}: {value!r} is not one of {args}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{here}: {value!r} is not a list"]
        return [e for i, v in enumerate(value) for e in conforms(v, args[0], f"{where}/{i}")]
    if origin in (dict, Mapping) or tp in (dict, Mapping):
        return [] if isinstance(value, dict) else [f"{here}: {value!r} is not an object"]
    if tp is None or tp is type(None):
        return [] if value is None else [f"{here}: {value!r} is not null"]
    if tp is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    else:
        ok = type(value) is tp
    return [] if ok else [f"{here}: {value!r} is not a {tp.__name__}"]
