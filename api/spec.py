"""The parts of openapi.yaml that come from the games: the ``Preset`` and family enums, the
``DealView`` union (one schema per family, ``Family.view_schema``, told apart by ``ruleset``)
the ``ScoredData`` union (each family's ``XScored`` for its ``XView``), the ``Envelope``
union and each event type's envelope (from the event types the families declare,
``Family.events``) and each event type's data schema (from its ``TypedDict``: a new game's new
event needs nothing written in the spec),
each view schema's ``ruleset`` enum, and the schemas a family declares itself
(``Family.schemas``: a new game's view needs no hand-written spec).

``python -m api.spec`` rewrites them between their ``spec:<part>:begin`` and ``:end`` markers;
``tests/api/test_contract.py`` fails while openapi.yaml is out of step. Adding a game is
its package and registry line, then this command.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import yaml

from api import event_schemas
from api.problem_types import replace_between
from domain.event_data import GENERIC
from domain.registry import PRESETS

REF = "#/components/schemas/"


def families() -> list[Any]:
    """Every registered family once, in registry order."""
    return list({id(p.family): p.family for p in PRESETS.values()}.values())


def presets_of(view: str) -> list[str]:
    return [pid for pid, p in PRESETS.items() if p.family.view_schema == view]


def flow_list(indent: int, key: str, items: list[str], width: int = 96) -> list[str]:
    """``key: [a, b, ...]`` wrapped under ``width`` columns, YAML flow style."""
    lines, line = [], " " * indent + f"{key}: ["
    pad = " " * len(line)
    for k, item in enumerate(items):
        word = item + ("," if k < len(items) - 1 else "]")
        if len(line) + len(word) + 1 > width and not line.endswith("["):
            lines.append(line)
            line = pad + word
        else:
            line += ("" if line.endswith("[") else " ") + word
    return [*lines, line if items else " " * indent + f"{key}: []"]


def views() -> list[str]:
    names = list(dict.fromkeys(f.view_schema for f in families()))
    lines = ["      oneOf:", *(f"        - {{$ref: '{REF}{n}'}}" for n in names),
             "      discriminator:", "        propertyName: ruleset", "        mapping:"]
    return lines + [f"          {pid}: '{REF}{p.family.view_schema}'"
                    for pid, p in PRESETS.items()]


def scored() -> list[str]:
    """``ScoredData``: one schema per family, named after its view (``XView``: ``XScored``)."""
    names = dict.fromkeys(f.view_schema.removesuffix("View") + "Scored" for f in families())
    return ["      oneOf:", *(f"        - {{$ref: '{REF}{n}'}}" for n in names)]


def ruleset_enum(view: str) -> list[str]:
    return ["        ruleset:", "          type: string",
            *flow_list(10, "enum", presets_of(view))]


# What every deal view may hold, whatever the game: the move clock's ``deadline`` (the server
# adds it: api/routes.py's clock), ``abandoned`` (``redaction.with_ending``: no result).
SERVER_VIEW_FIELDS = {"deadline": {"$ref": f"{REF}Deadline"},
                      "abandoned": {"$ref": f"{REF}Abandoned"}}


def family_schemas() -> list[str]:
    """Each family's own schemas as JSON (which is YAML); a family's view schema gets its
    ``ruleset`` enum from the registry and the fields the server adds to every view (the move
    clock's ``deadline``, a deal's ``abandoned``: ``SERVER_VIEW_FIELDS``)."""
    lines: list[str] = []
    for family in families():
        for name, schema in (family.schemas or {}).items():
            body: Any = schema
            if name == family.view_schema and isinstance(schema, dict):
                props = dict(schema.get("properties") or {})
                props["ruleset"] = {"type": "string", "enum": presets_of(name)}
                props.update(SERVER_VIEW_FIELDS)
                body = {**schema, "properties": props}
            text = yaml.safe_dump(body, sort_keys=False, allow_unicode=True, width=92,
                                  default_flow_style=None)
            lines += [f"    {name}:", *("      " + line for line in text.splitlines()), ""]
    return lines[:-1] if lines else lines


def event_types() -> dict[str, list[Any]]:
    """Every event type the registered families log (``Family.events``), then the ones every
    game's log may hold (``event_data.GENERIC``), each with all its declarations."""
    out: dict[str, list[Any]] = {}
    for family in families():
        for kind, declared in family.events.items():
            out.setdefault(kind, []).append(declared)
    for kind, declared in GENERIC.items():
        out.setdefault(kind, []).append(declared)
    return out


def envelope_name(kind: str) -> str:
    return "".join(word.title() for word in kind.split("_")) + "Event"


def envelope_union() -> list[str]:
    """``Envelope``: one schema per event type, told apart by ``type``."""
    kinds = list(event_types())
    return ["      oneOf:", *(f"        - {{$ref: '{REF}{envelope_name(k)}'}}" for k in kinds),
            "      discriminator:", "        propertyName: type", "        mapping:",
            *(f"          {k}: '{REF}{envelope_name(k)}'" for k in kinds)]


ENVELOPE_FIELDS = [
    "seq: {type: integer, minimum: 1}", "type: {type: string, const: %(kind)s}",
    "data: {$ref: '%(data)s'}", "seat: %(seat)s", "at: {type: string, format: date-time}",
    "command_id: {type: string}", f"prev: {{$ref: '{REF}Digest'}}",
    f"hash: {{$ref: '{REF}Digest'}}", f"commitments: {{$ref: '{REF}Commitments'}}",
    f"salts: {{$ref: '{REF}Salts'}}"]


def envelopes() -> list[str]:
    """Each event type's envelope: the chain's fields around its data's schema (the one its
    declarations name; ``ScoredData`` for ``scored``), described by their ``doc``s."""
    lines: list[str] = []
    for kind, declared in event_types().items():
        schemas = {d.schema for d in declared}
        if len(schemas) != 1:
            raise ValueError(f"event type {kind!r}: its data is declared as {sorted(schemas)}")
        doc = " ".join(dict.fromkeys(d.doc for d in declared if d.doc))
        seat = ("{type: 'null'}" if all(d.automatic for d in declared)
                else "{type: [integer, 'null'], minimum: 0, maximum: 7}")
        values = {"kind": kind, "data": REF + schemas.pop(), "seat": seat}
        lines += [f"    {envelope_name(kind)}:",
                  f"      description: {json.dumps(doc, ensure_ascii=False)}",
                  "      type: object", "      additionalProperties: false",
                  "      required: [seq, type, data, seat, at, command_id, prev, hash]",
                  "      properties:", *("        " + f % values for f in ENVELOPE_FIELDS), ""]
    return lines[:-1]


def yaml_lines(name: str, schema: Any) -> list[str]:
    """One named schema as YAML lines under ``components.schemas``."""
    text = yaml.safe_dump(schema, sort_keys=False, allow_unicode=True, width=92,
                          default_flow_style=None)
    return [f"    {name}:", *("      " + line for line in text.splitlines())]


def event_data() -> list[str]:
    """Each event type's data schema, from its ``TypedDict`` (``api/event_schemas.py``)."""
    lines: list[str] = []
    for name, schema in event_schemas.schemas(event_types()).items():
        lines += [*yaml_lines(name, schema), ""]
    return lines[:-1]


def document(spec: str) -> str:
    """openapi.yaml as it should read, its generated parts rewritten."""
    spec = replace_between(spec, "spec:presets", flow_list(6, "enum", list(PRESETS)))
    spec = replace_between(spec, "spec:families",
                           flow_list(10, "enum", [f.name for f in families()]))
    spec = replace_between(spec, "spec:views", views())
    spec = replace_between(spec, "spec:scored", scored())
    for family in families():
        if family.schemas and family.view_schema in family.schemas:
            continue
        spec = replace_between(spec, f"spec:ruleset-{family.view_schema}",
                               ruleset_enum(family.view_schema))
    spec = replace_between(spec, "spec:event-union", envelope_union())
    spec = replace_between(spec, "spec:envelopes", envelopes())
    spec = replace_between(spec, "spec:event-data", event_data())
    return replace_between(spec, "spec:family-schemas", family_schemas())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m api.spec",
        description="Rewrite the parts of openapi.yaml that come from the registered games.")
    parser.add_argument("--check", action="store_true",
                        help="only say whether openapi.yaml is in step (exit status 1 if not)")
    args = parser.parse_args(argv)
    path = Path(__file__).resolve().parents[1] / "openapi.yaml"
    text = document(path.read_text())
    if path.read_text() == text:
        return 0
    print(f"{'out of step' if args.check else 'rewrote'}: {path.name}", file=sys.stderr)
    if args.check:
        return 1
    path.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
