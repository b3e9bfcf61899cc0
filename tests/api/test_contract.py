"""openapi.yaml itself: valid, closed, and in step with the code's own lists (presets, option
names and values, which view each preset answers with)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from openapi_spec_validator import validate

from api import spec as api_spec
from domain.registry import PRESETS
from tests.contract import spec

SCHEMAS: dict[str, Any] = spec()["components"]["schemas"]
ROOT = Path(__file__).resolve().parents[2]


def view_of(preset: str) -> str:
    return PRESETS[preset].family.view_schema


def test_the_spec_is_valid_openapi() -> None:
    validate(spec())


def objects(node: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        if node.get("type") == "object" or "properties" in node:
            yield where, node
        for key, value in node.items():
            yield from objects(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from objects(value, f"{where}/{i}")


def test_every_object_is_closed_or_a_map_on_purpose() -> None:
    """Closed (``additionalProperties: false``), or a map: no named properties and a schema
    for the values. (The one free-form object is the spec document itself.)"""
    loose = []
    for where, node in objects(spec()["components"]):
        extra = node.get("additionalProperties")
        closed = extra is False
        is_map = isinstance(extra, dict) and "properties" not in node
        if not (closed or is_map):
            loose.append(where)
    assert loose == []


def test_the_generated_parts_are_in_step() -> None:
    """The enums, the view union and the families' own schemas are what ``python -m
    api.spec`` writes from the registry: run it after adding a game or a preset."""
    path = ROOT / "openapi.yaml"
    assert api_spec.document(path.read_text()) == path.read_text(), (
        "openapi.yaml is out of step with the registry: run `python -m api.spec`")


def test_presets_are_the_registry() -> None:
    assert sorted(SCHEMAS["Preset"]["enum"]) == sorted(PRESETS)


def test_each_preset_answers_with_its_family_view() -> None:
    mapping = SCHEMAS["DealView"]["discriminator"]["mapping"]
    assert {p: ref.rsplit("/", 1)[-1] for p, ref in mapping.items()} == {
        p: view_of(p) for p in PRESETS}
    for name in {view_of(p) for p in PRESETS}:
        assert set(SCHEMAS[name]["properties"]["ruleset"]["enum"]) == {
            p for p in PRESETS if view_of(p) == name}


def _documented(option: Any) -> dict[str, Any]:
    if option.type == "cards":
        return {"$ref": "#/components/schemas/Cards"}
    out: dict[str, Any] = {"type": option.type}
    if option.choices is not None:
        out["enum"] = list(option.choices)
    return out


def test_ruleset_options_name_every_option_of_every_preset() -> None:
    options = {o.name: o for p in PRESETS.values() for o in p.options}
    documented = SCHEMAS["RulesetOptions"]["properties"]
    assert sorted(documented) == sorted(options)
    for name, option in options.items():
        assert {k: v for k, v in documented[name].items() if k != "description"} == \
            _documented(option), name


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_preset_describes_its_options_in_the_spec_shape(preset: str) -> None:
    from tests.contract import validator

    described = PRESETS[preset].describe()
    assert not list(validator("/components/schemas/Ruleset").iter_errors(described))
    defaults = {o["name"]: o["default"] for o in described["options"]}
    assert not list(validator("/components/schemas/RulesetOptions").iter_errors(defaults))
