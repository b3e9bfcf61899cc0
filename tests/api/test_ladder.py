"""The bots' ladder over HTTP: a webhook bot joins with its signing secret (or its owner's
key) and an SSE bot's player with its key; the worker's pass pairs entries with the built-in
anchors into rated matches, rates them, and drops a bot that stopped answering (every move a
fallback)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from rq import SimpleWorker

from events.referee import bots
from tests.api.test_secrets_at_rest import ADMIN
from tests.http import auth
from workers import ladder as ladder_worker
from workers import runtime

pytestmark = pytest.mark.usefixtures("operator")


@pytest.fixture
def operator(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRICKLOG_ADMIN_TOKEN", ADMIN)
    monkeypatch.setenv("TRICKLOG_WEBHOOK_ALLOW", "127.0.0.1")
    monkeypatch.setenv("TRICKLOG_WEBHOOK_TIMEOUT", "0.2")


@pytest.fixture
def both_queues(app: Flask, redis_client: redis.Redis) -> Iterator[Callable[[], None]]:
    """Runs the queued jobs, the webhook bots' turns (a queue of their own) included."""
    turns = app.extensions["tricklog.referee"].on_turn
    runtime.configure(app.extensions["tricklog.referee"])

    def run() -> None:
        SimpleWorker([turns.queue, turns.webhooks], connection=redis_client,
                     serializer=turns.queue.serializer).work(burst=True)

    yield run
    runtime.configure(None)


def test_a_silent_webhook_bot_plays_rated_and_is_dropped(
        client: FlaskClient, app: Flask, both_queues: Callable[[], None]) -> None:
    bot = client.post("/v1/bots", json={"name": "Deaf", "url": "http://127.0.0.1:9/move"},
                      headers=auth(ADMIN)).get_json()
    path = "/v1/ladder/sedma/entries"
    assert client.post(path, json={"bot": bot["id"]}).status_code == 401
    assert client.post(path, json={"bot": bot["id"]}, headers=auth("nope")).status_code == 403
    assert client.post(path, json={"bot": "wb_0000000000000000"},
                       headers=auth(bot["secret"])).status_code == 404
    entry = client.post(path, json={"bot": bot["id"]}, headers=auth(bot["secret"]))
    assert entry.status_code == 201
    assert entry.get_json()["id"] == f"bot:{bot['id']}" and entry.get_json()["status"] == "active"
    referee = app.extensions["tricklog.referee"]
    match = ladder_worker.pair(referee, "sedma", random.Random(2))
    assert match is not None
    seats = client.get(f"/v1/matches/{match}").get_json()["seats"]
    assert f"bot:{bot['id']}" in {f"bot:{s['bot']}" for s in seats}
    assert ladder_worker.pair(referee, "sedma", random.Random(2)) is None  # it is busy
    both_queues()
    assert client.get(f"/v1/matches/{match}").get_json()["status"] == "over"
    assert ladder_worker.pair(referee, "sedma", random.Random(2)) is None  # dropped now
    listed = client.get("/v1/ladder/sedma").get_json()
    assert listed["anchors"] == ["bot:random", "bot:heuristic", "bot:search"]
    (mine,) = listed["entries"]
    assert mine["status"] == "dropped" and mine["fallbacks"] >= 3 and mine["matches"] == 1
    board = client.get("/v1/ratings?preset=sedma&players=2").get_json()["ratings"]
    assert {row["id"]: row["name"] for row in board}[f"bot:{bot['id']}"] == "Deaf"
    again = client.post(path, json={"bot": bot["id"]}, headers=auth(bot["key"])).get_json()
    assert again["status"] == "active" and again["fallbacks"] == 0  # its owner's key joins too


def test_a_player_on_the_ladder_gets_a_kept_seat_it_claims_with_its_key(
        client: FlaskClient, app: Flask) -> None:
    player = client.post("/v1/players", json={"name": "Sse"}).get_json()
    path = "/v1/ladder/suster/entries"
    assert client.post(path, json={}, headers=auth("pk_wrong")).status_code == 403
    assert client.post(path, json={}, headers=auth(player["key"])).status_code == 201
    match = ladder_worker.pair(app.extensions["tricklog.referee"], "suster", random.Random(1))
    page = client.get(f"/v1/players/{player['id']}").get_json()
    assert page["recent"] == [match]
    seats = client.get(f"/v1/matches/{match}").get_json()["seats"]
    (kept,) = [s["seat"] for s in seats if s.get("player") == player["id"]]
    claim = client.post(f"/v1/matches/{match}/seats/{kept}/claim",
                        json={"player_key": player["key"]})
    assert claim.status_code == 201
    assert client.get("/v1/ladder/suster").get_json()["entries"][0]["running"] == match
    assert client.get("/v1/ladder/nope").status_code == 404


def test_the_workers_pass_is_off_unless_an_interval_is_set(
        client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    referee = app.extensions["tricklog.referee"]
    player = client.post("/v1/players", json={"name": "P"}).get_json()
    client.post("/v1/ladder/sedma/entries", json={}, headers=auth(player["key"]))
    monkeypatch.delenv("TRICKLOG_LADDER_INTERVAL", raising=False)
    assert ladder_worker.Ladder.from_env(referee, "w1").maybe() == []
    monkeypatch.setenv("TRICKLOG_LADDER_INTERVAL", "30")
    (made,) = ladder_worker.Ladder.from_env(referee, "w1").maybe()
    assert client.get(f"/v1/matches/{made}").get_json()["rated"] is True
    assert ladder_worker.Ladder.from_env(referee, "w2").maybe() == []  # one worker at a time


def test_a_suspended_webhook_bot_sits_out_until_it_is_resumed(
        client: FlaskClient, app: Flask) -> None:
    bot = client.post("/v1/bots", json={"name": "Flaky", "url": "http://127.0.0.1:9/move"},
                      headers=auth(ADMIN)).get_json()
    path = "/v1/ladder/sedma/entries"
    assert client.post(path, json={"bot": bot["id"]}, headers=auth(bot["key"])).status_code == 201
    referee = app.extensions["tricklog.referee"]
    failure = {"reason": "timeout", "detail": "no answer", "deal": "m1.1", "seq": 1}
    assert bots.record(referee, bot["id"], failure, suspend_after=1) is not None
    assert ladder_worker.pair(referee, "sedma", random.Random(3)) is None  # no 409, no match
    assert client.post(f"/v1/bots/{bot['id']}/resume", headers=auth(bot["key"])).status_code == 200
    match = ladder_worker.pair(referee, "sedma", random.Random(3))
    assert match is not None
    seats = client.get(f"/v1/matches/{match}").get_json()["seats"]
    assert bot["id"] in {s["bot"] for s in seats}
