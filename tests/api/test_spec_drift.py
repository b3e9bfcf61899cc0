"""openapi.yaml and the marshmallow schemas describe the same request bodies.

apispec turns each marshmallow schema into JSON Schema; both sides are normalised (refs inlined,
``const`` as a one-value ``enum``, ``oneOf [X, null]`` as a nullable X, prose dropped) and must
then be equal, so neither can change without the other."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from api import schemas

SPEC = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi.yaml").read_text())
BODIES = ["PlayMove", "StopMove", "BidMove", "PassMove", "TrumpMove", "CallMove", "LeadMove",
          "SeatIn", "PrearrangedDeal", "CreateMatch", "SeedIn", "ClaimIn", "DisputeIn", "AuditIn",
          "BotIn", "RotateIn", "PlayerIn", "LadderEntryIn"]
# prose, and the cross-field rules marshmallow states in code (validates_schema)
PROSE = {"description", "examples", "default", "not", "title", "oneOf", "minProperties",
         "maxProperties"}


def generated() -> dict[str, Any]:
    spec = APISpec("tricklog", "1", "3.1.0", plugins=[MarshmallowPlugin()])
    moves = {s.__name__: s for s in schemas.MOVES.values()}  # built from messages.MOVES
    for name in BODIES:
        spec.components.schema(name, schema=moves.get(name) or getattr(schemas, name))
    return spec.to_dict()["components"]["schemas"]  # type: ignore[no-any-return]


def normal(node: Any, components: dict[str, Any]) -> Any:
    if isinstance(node, list):
        return [normal(n, components) for n in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        return normal(components[node["$ref"].rsplit("/", 1)[-1]], components)
    if "oneOf" in node and len(node["oneOf"]) == 2 and {"type": "null"} in node["oneOf"]:
        inner = next(n for n in node["oneOf"] if n != {"type": "null"})
        out = dict(normal(inner, components))
        out["type"] = sorted({out["type"], "null"})
        return out
    out = {k: normal(v, components) for k, v in node.items() if k not in PROSE}
    if "const" in out:
        out["enum"] = [out.pop("const")]
    if isinstance(out.get("type"), list):
        out["type"] = sorted(out["type"])
    if "enum" in out:
        out["enum"] = sorted(out["enum"], key=repr)
    if "required" in out:
        out["required"] = sorted(out["required"])
    if out.get("additionalProperties") == {}:
        del out["additionalProperties"]
    return out


@pytest.mark.parametrize("name", BODIES)
def test_request_body_matches_marshmallow(name: str) -> None:
    ours = generated()
    documented = SPEC["components"]["schemas"]
    assert normal(documented[name], documented) == normal(ours[name], ours)


def test_move_variants_are_exactly_the_marshmallow_moves() -> None:
    variants = [ref["$ref"].rsplit("/", 1)[-1] for ref in SPEC["components"]["schemas"]["Move"]
                ["oneOf"]]
    assert variants == [s.__name__ for s in schemas.MOVES.values()]
