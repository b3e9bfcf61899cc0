"""The parts of openapi.yaml that come from the games: the ``Preset`` and family enums, the
``DealView`` union (one schema per family, ``Family.view_schema``, told apart by ``ruleset``)
and the ``ScoredData`` union (each family's ``XScored`` for its ``XView``),
each view schema's ``ruleset`` enum, and the schemas a family declares itself
(``Family.schemas``: a new game's view needs no hand-written spec).

``python -m api.spec`` rewrites them between their ``spec:<part>:begin`` and ``:end`` markers;
``tests/api/test_contract.py`` fails while openapi.yaml is out of step. Adding a game is
its package and registry line, then this command.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import yaml

from api.problem_types import replace_between
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


def family_schemas() -> list[str]:
    """Each family's own schemas as JSON (which is YAML); a family's view schema gets its
    ``ruleset`` enum from the registry."""
    lines: list[str] = []
    for family in families():
        for name, schema in (family.schemas or {}).items():
            body: Any = schema
            if name == family.view_schema and isinstance(schema, dict):
                props = dict(schema.get("properties") or {})
                props["ruleset"] = {"type": "string", "enum": presets_of(name)}
                body = {**schema, "properties": props}
            text = yaml.safe_dump(body, sort_keys=False, allow_unicode=True, width=92,
                                  default_flow_style=None)
            lines += [f"    {name}:", *("      " + line for line in text.splitlines()), ""]
    return lines[:-1] if lines else lines


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
