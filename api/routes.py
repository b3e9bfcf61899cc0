"""The v1 routes. Each one only translates: JSON -> schema -> use case -> JSON."""

from __future__ import annotations

from typing import Any

import orjson
from flask import Blueprint, Response, current_app, request

from domain.registry import PRESETS, catalogue
from events.service import NotFound, Referee, Unauthorized

from . import schemas
from .problems import bad_json, invalid
from .wire import json_response

v1 = Blueprint("v1", __name__, url_prefix="/v1")
MAX_LIMIT = 1000


def referee() -> Referee:
    return current_app.extensions["tricklog.referee"]  # type: ignore[no-any-return]


def body() -> Any:
    raw = request.get_data(cache=False)
    if not raw:
        raise bad_json("the request needs a JSON body")
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise bad_json(f"the body is not valid JSON: {exc}") from None


def bearer() -> str | None:
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("use 'Authorization: Bearer <seat token>'")
    return token.strip()


def int_arg(name: str, default: int | None, low: int, high: int | None = None) -> int | None:
    raw = request.args.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise invalid({name: ["must be an integer"]}) from None
    if value < low or (high is not None and value > high):
        bound = f"between {low} and {high}" if high is not None else f"at least {low}"
        raise invalid({name: [f"must be {bound}"]})
    return value


@v1.get("/rulesets")
def rulesets() -> Response:
    return json_response({"rulesets": catalogue()})


@v1.get("/rulesets/<ruleset_id>")
def ruleset(ruleset_id: str) -> Response:
    if ruleset_id not in PRESETS:
        raise NotFound("ruleset", ruleset_id)
    return json_response(PRESETS[ruleset_id].describe())


@v1.post("/matches")
def create_match() -> Response:
    data = schemas.CreateMatch().load(body())
    created = referee().create_match(**data)
    return json_response(created, 201, {"Location": f"/v1/matches/{created['id']}"})


@v1.get("/matches")
def list_matches() -> Response:
    limit = int_arg("limit", 50, 1, 200)
    assert limit is not None
    found = []
    for match_id in referee().list_matches(limit):
        try:
            found.append(referee().match(match_id))
        except NotFound:
            continue
    return json_response({"matches": found})


@v1.get("/matches/<match_id>")
def get_match(match_id: str) -> Response:
    return json_response(referee().match(match_id))


@v1.get("/deals/<deal_id>")
def get_deal(deal_id: str) -> Response:
    return json_response(referee().view(deal_id, bearer()))


@v1.post("/deals/<deal_id>/moves")
def post_move(deal_id: str) -> Response:
    key = request.headers.get("Idempotency-Key")
    if key is not None and not (1 <= len(key) <= 255 and key.isprintable()):
        raise invalid({"Idempotency-Key": ["must be 1 to 255 printable characters"]})
    move = schemas.load_move(body())
    expected = move.pop("expected_seq", None)
    token = bearer()
    answer = referee().move(deal_id, token, move, expected_seq=expected, idempotency_key=key)
    return json_response(answer)


@v1.get("/deals/<deal_id>/events")
def get_events(deal_id: str) -> Response:
    after = int_arg("after", 0, 0)
    limit = int_arg("limit", MAX_LIMIT, 1, MAX_LIMIT)
    assert after is not None
    return json_response(referee().events(deal_id, bearer(), after=after, limit=limit))


@v1.get("/deals/<deal_id>/replay")
def get_replay(deal_id: str) -> Response:
    if request.args.get("at") is None:
        raise invalid({"at": ["required: the seq of the event to replay to"]})
    at = int_arg("at", None, 1)
    assert at is not None
    return json_response(referee().replay(deal_id, bearer(), at))


@v1.get("/deals/<deal_id>/export")
def get_export(deal_id: str) -> Response:
    lines = referee().export(deal_id)
    text = b"".join(orjson.dumps(line) + b"\n" for line in lines)
    return Response(text, mimetype="application/jsonl", headers={
        "Content-Disposition": f'attachment; filename="{deal_id}.jsonl"'})
