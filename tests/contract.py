"""Every answer the tests receive, checked against openapi.yaml.

``ContractClient`` is a Flask test client that validates each response it returns: the path
and method must be documented (or be the web page's own files), the status must be one of the
operation's responses, the media type one of that response's, and a JSON body (each line of a
JSON Lines body) must match its schema. The spec's objects are closed
(``additionalProperties: false``) unless open on purpose, so a field the contract does not
name fails the test that received it. Validation is JSON Schema 2020-12 (OpenAPI 3.1's
dialect) by ``jsonschema_rs``: fast enough to check every answer of the suite.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import jsonschema_rs
import orjson
import yaml
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

SPEC_PATH = Path(__file__).resolve().parents[1] / "openapi.yaml"
JSON_TYPES = ("application/json", "application/problem+json")
# The web page and its assets: served beside the API, not part of it.
WEB_FILES = re.compile(r"^/($|static/|docs/ui/)")
UNCHECKED_METHODS = ("HEAD", "OPTIONS")  # Flask answers these for every route by itself


class ContractViolation(AssertionError):
    pass


@functools.cache
def spec() -> dict[str, Any]:
    return yaml.safe_load(SPEC_PATH.read_text())  # type: ignore[no-any-return]


@functools.cache
def _routes() -> list[tuple[re.Pattern[str], str]]:
    routes = []
    for template in spec()["paths"]:
        pattern = re.sub(r"\\{[^}]+\\}", "[^/]+", re.escape(template))
        routes.append((re.compile(f"^{pattern}$"), template))
    # literal paths before templated ones (``/problems/`` before ``/problems/{name}``)
    return sorted(routes, key=lambda r: r[1].count("{"))


def route_of(path: str) -> str | None:
    return next((template for pattern, template in _routes() if pattern.match(path)), None)


@functools.cache
def validator(pointer: str) -> Any:
    """A compiled validator for the schema at ``pointer`` (a JSON pointer into the spec), with
    every ``#/components/...`` reference resolvable."""
    node: Any = spec()
    for part in pointer.strip("/").split("/"):
        node = node[part.replace("~1", "/").replace("~0", "~")]
    root = {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "components": spec()["components"], **node}
    return jsonschema_rs.validator_for(root, validate_formats=True)


def _escape(part: str) -> str:
    return part.replace("~", "~0").replace("/", "~1")


def response_pointer(method: str, path: str, status: int, media_type: str) -> str | None:
    """Where the schema of this answer is, or None for a documented answer without one.
    Raises ``ContractViolation`` for an undocumented path, method, status or media type."""
    template = route_of(path)
    if template is None:
        if status == 404:  # an unknown path: the not-found problem
            return "/components/schemas/Problem" if media_type in JSON_TYPES else None
        raise ContractViolation(f"{method} {path}: the path is not in openapi.yaml")
    operations = spec()["paths"][template]
    if method.lower() not in operations:
        if status == 405 and media_type == "application/problem+json":
            return "/components/schemas/Problem"
        raise ContractViolation(f"{method} {template}: not an operation of openapi.yaml")
    responses = operations[method.lower()]["responses"]
    code = str(status) if str(status) in responses else "default"
    if code not in responses:
        raise ContractViolation(f"{method} {template}: status {status} is not documented")
    base = f"/paths/{_escape(template)}/{method.lower()}/responses/{code}"
    answer = responses[code]
    if "$ref" in answer:
        base = answer["$ref"][1:]
        answer = spec()["components"]["responses"][base.rsplit("/", 1)[-1]]
    content = answer.get("content", {})
    if not content:
        return None
    if media_type not in content:
        raise ContractViolation(f"{method} {template} {status}: media type {media_type!r} is "
                                f"not documented (only {', '.join(content)})")
    if media_type == "application/jsonl":  # each line is an item of the JSON form's array
        return f"{base}/content/application~1json/schema" if JSON_TYPES[0] in content else None
    if media_type in JSON_TYPES:
        return f"{base}/content/{_escape(media_type)}/schema"
    return None


def check(method: str, path: str, status: int, media_type: str, body: bytes) -> None:
    """Raise ``ContractViolation`` unless this answer is one openapi.yaml describes."""
    if method in UNCHECKED_METHODS or WEB_FILES.match(path):
        return
    pointer = response_pointer(method, path, status, media_type)
    if pointer is None:
        return
    try:
        if media_type == "application/jsonl":
            value: Any = [orjson.loads(line) for line in body.splitlines() if line.strip()]
        else:
            value = orjson.loads(body)
    except orjson.JSONDecodeError as exc:
        raise ContractViolation(f"{method} {path} {status}: the body is not JSON: {exc}"
                                ) from None
    errors = list(validator(pointer).iter_errors(value))
    if errors:
        lines = [line for e in errors for line in _explain(e)][:8]
        raise ContractViolation(f"{method} {path} {status} ({media_type}) does not match "
                                f"{pointer}:\n" + "\n".join(lines))


def _explain(error: Any) -> list[str]:
    """The leaf messages of an error: for a ``oneOf``/``anyOf`` that no branch matched, those
    of the branch that came closest (fewest errors), e.g. the event schema of its ``type``."""
    branches = getattr(error.kind, "context", None)
    if branches:
        depth = len(error.instance_path) + 1
        closest = min(branches, key=lambda errs: (any(  # a discriminator that differs
            e.kind.name in ("const", "enum") and len(e.instance_path) == depth
            for e in errs), len(errs)))
        return [line for e in closest for line in _explain(e)]
    return [f"  at /{'/'.join(map(str, error.instance_path))}: {error.message}"]


class ContractClient(FlaskClient):
    """A Flask test client that checks every answer against openapi.yaml."""

    def open(self, *args: Any, **kwargs: Any) -> TestResponse:
        response = super().open(*args, **kwargs)
        request = response.request
        if response.mimetype != "text/event-stream":  # a live stream is read by its test
            check(request.method, request.path, response.status_code, response.mimetype or "",
                  response.get_data())
        return response
