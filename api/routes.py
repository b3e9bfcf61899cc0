"""The v1 routes. Each one only translates: JSON -> schema -> use case -> JSON."""

from __future__ import annotations

import csv
import io
from typing import Any

import orjson
from flask import Blueprint, Response, current_app, request
from rq import Queue
from rq.exceptions import NoSuchJobError
from rq.job import Job

from domain import sheet as sheet_forms
from domain.registry import PRESETS, catalogue
from events.referee import (
    Forbidden,
    NotFound,
    Referee,
    Unauthorized,
    deals,
    matches,
    moves,
    rematch,
    sheets,
)
from workers.replays import replay_job
from workers.turns import served_job

from . import bodies, metrics, polling, quotas, schemas, stream
from .problems import bad_json, invalid
from .wire import items_response, json_response, repeated_key

v1 = Blueprint("v1", __name__, url_prefix="/v1")
MAX_LIMIT = 1000


def referee() -> Referee:
    return current_app.extensions["tricklog.referee"]  # type: ignore[no-any-return]


def body() -> Any:
    """The request's JSON body: 400 unless it parses with no key repeated in one object."""
    raw = bodies.read()
    if not raw:
        raise bad_json("the request needs a JSON body")
    try:
        value = orjson.loads(raw)
        repeated = repeated_key(raw, value)
    except orjson.JSONDecodeError as exc:
        raise bad_json(f"the body is not valid JSON: {exc}") from None
    except RecursionError:
        raise bad_json("the body is nested too deeply") from None
    if repeated is not None:
        raise bad_json(f"the key {repeated!r} appears twice in one object")
    return value


def bearer() -> str | None:
    """The request's bearer token. No ``Authorization``, an empty one or ``Bearer`` with an
    empty token (what a generated client sends with ``token=""``) is no token: the public
    answer where a token is optional, 401 where one is needed. Another scheme is 401."""
    header = request.headers.get("Authorization", "").strip()
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer":
        raise Unauthorized("use 'Authorization: Bearer <seat token>'")
    return token.strip() or None


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
    with quotas.charged("matches"), \
            quotas.charged("bots", sum(1 for seat in data["seats"] if seat.get("bot"))):
        created = matches.create(referee(), **data)
    return json_response(created, 201, {"Location": f"/v1/matches/{created['id']}"})


@v1.get("/matches")
def list_matches() -> Response:
    limit = int_arg("limit", 50, 1, 200)
    assert limit is not None
    found = []
    for match_id in matches.recent(referee(), limit):
        try:
            found.append(matches.get(referee(), match_id))
        except NotFound:
            continue
    return json_response({"matches": found})


@v1.get("/matches/<match_id>")
def get_match(match_id: str) -> Response:
    return json_response(matches.get(referee(), match_id))


@v1.post("/matches/<match_id>/rematch")
def post_rematch(match_id: str) -> Response:
    with quotas.charged("matches"):
        made = rematch.rematch(referee(), match_id, bearer())
    return json_response(made, 201, {"Location": f"/v1/matches/{made['id']}"})


@v1.get("/deals/<deal_id>")
def get_deal(deal_id: str) -> Response:
    return polling.view(referee(), deal_id, bearer())


@v1.post("/deals/<deal_id>/moves")
def post_move(deal_id: str) -> Response:
    key = request.headers.get("Idempotency-Key")
    if key is not None and not (1 <= len(key) <= 255 and key.isascii() and key.isprintable()):
        raise invalid({"Idempotency-Key": ["must be 1 to 255 printable ASCII characters"]})
    move = schemas.load_move(body())
    expected = move.pop("expected_seq", None)
    token = bearer()
    answer = moves.move(referee(), deal_id, token, move, expected_seq=expected, idempotency_key=key)
    metrics.count_move(answer["view"]["ruleset"])
    return json_response(answer)


@v1.get("/deals/<deal_id>/events")
def get_events(deal_id: str) -> Response:
    after = int_arg("after", 0, 0)
    limit = int_arg("limit", MAX_LIMIT, 1, MAX_LIMIT)
    assert after is not None
    return json_response(deals.events(referee(), deal_id, bearer(), after=after, limit=limit))


@v1.get("/deals/<deal_id>/replay")
def get_replay(deal_id: str) -> Response:
    if request.args.get("at") is None:
        raise invalid({"at": ["required: the seq of the event to replay to"]})
    at = int_arg("at", None, 1)
    assert at is not None
    return json_response(deals.replay(referee(), deal_id, bearer(), at))


@v1.get("/deals/<deal_id>/export")
def get_export(deal_id: str) -> Response:
    """One JSON array, or JSON Lines when ``Accept`` prefers ``application/jsonl``. A generated
    client sends no ``Accept`` (or ``*/*``) and reads JSON: the array is the default."""
    return items_response(deals.export(referee(), deal_id), deal_id)


@v1.post("/matches/<match_id>/seeds")
def post_seed(match_id: str) -> Response:
    data = schemas.SeedIn().load(body())
    return json_response(matches.contribute_seed(referee(), match_id, bearer(), data["seed"]), 201)


@v1.get("/jobs/<job_id>")
def get_job(job_id: str) -> Response:
    try:
        job = served_job(queue(), job_id)  # never a bot's move (workers.turns)
    except (NoSuchJobError, ValueError):
        raise NotFound("job", job_id) from None
    _check_job_reader(job)
    status = job.get_status()
    out: dict[str, Any] = {"id": job.id, "status": str(status.value if status else "unknown"),
                           "progress": job.meta.get("progress")}
    if job.is_finished:
        out["result"] = job.return_value()
    if job.is_failed:
        out["error"] = "the job failed; see the worker's log"
    return json_response(out)


def _check_job_reader(job: Job) -> None:
    """A replay made for a seat holds that seat's cards: until its deal is disclosed, only
    that seat's token may read it. Everything else (spectators' replays, audits) is public."""
    seat, deal_id = job.meta.get("seat"), job.meta.get("deal_id")
    if seat is None or deal_id is None:
        return
    deal = deals.load(referee(), deal_id)
    if deals.disclosed(referee(), deal):
        return
    token = bearer()
    if token is None:
        raise Unauthorized(f"this job holds seat {seat}'s view of a running deal: "
                           "send that seat's token")
    if deal.meta.seat_of(token) != seat:
        raise Forbidden(f"this job holds seat {seat}'s view of a running deal")


def queue() -> Queue:
    return current_app.extensions["tricklog.queue"]  # type: ignore[no-any-return]


@v1.get("/matches/<match_id>/sheet")
def get_sheet(match_id: str) -> Response:
    """JSON by default; ``Accept: text/csv`` or ``text/plain`` for people."""
    best = request.accept_mimetypes.best_match(
        ["application/json", "text/csv", "text/plain"], default="application/json")
    return sheet_answer(sheets.sheet(referee(), match_id), best)


def sheet_answer(data: dict[str, Any], mimetype: str) -> Response:
    """The sheet as JSON, CSV (``text/csv``) or text (``text/plain``)."""
    if mimetype == "text/csv":
        out = io.StringIO()
        csv.writer(out).writerows(sheet_forms.csv_rows(data))
        return Response(out.getvalue(), mimetype="text/csv")
    if mimetype == "text/plain":
        return Response(sheet_forms.text(data), mimetype="text/plain")
    return json_response(data)


@v1.get("/deals/<deal_id>/stream")
def get_stream(deal_id: str) -> Response:
    """Server-Sent Events; browsers' EventSource may pass the seat token as ``?token=``."""
    return stream.stream(current_app.extensions["tricklog.stream_referee"], deal_id,
                         bearer() or request.args.get("token") or None)


@v1.post("/deals/<deal_id>/replays")
def post_replay(deal_id: str) -> Response:
    seat = deals.seat(referee(), deal_id, bearer())  # 404 or 403 now, not in the job
    with quotas.charged("replays"):
        job = queue().enqueue(replay_job, deal_id, seat, result_ttl=24 * 3600,
                              meta={"deal_id": deal_id, "seat": seat})
    return json_response({"id": job.id, "status": job.get_status()}, 202,
                         {"Location": f"/v1/jobs/{job.id}"})
