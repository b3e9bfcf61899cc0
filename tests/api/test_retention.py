"""Match creation and retention (issue 32 item 10): one client cannot fill the store with
matches, and abandoned matches do not stay for ever, while finished matches' logs are kept."""

from __future__ import annotations

import random
import time

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from events import keys
from events.config import Settings
from tests.http import auth, claim_seats, create, play_randomly
from workers.retention import DAY_S, expire_abandoned


def test_match_creation_is_limited_by_default(redis_client: redis.Redis,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """With no setting at all, one address gets 120 new matches an hour, then 429."""
    monkeypatch.delenv("TRICKLOG_QUOTA_MATCHES", raising=False)
    client = create_app(Settings.from_env(redis_url="unused"),
                        client=redis_client).test_client()
    body = {"ruleset": "sedma", "seats": [{"name": "a"}, {"name": "b"}]}
    for _ in range(120):
        assert client.post("/v1/matches", json=body).status_code == 201
    refused = client.post("/v1/matches", json=body)
    assert refused.status_code == 429 and refused.headers["Retry-After"]
    assert refused.get_json()["quota"] == "matches"
    other = client.post("/v1/matches", json=body, environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 201  # another client is not charged


def one_move(client: FlaskClient) -> dict:
    created = create(client, players=2, seats=[{"name": "a"}, {"name": "b"}])
    tokens = claim_seats(client, created)
    deal = client.get(f"/v1/deals/{created['deal']['id']}").get_json()
    mine = client.get(f"/v1/deals/{deal['id']}", headers=auth(tokens[deal["turn"]])).get_json()
    moved = client.post(f"/v1/deals/{deal['id']}/moves", headers=auth(tokens[deal["turn"]]),
                        json=mine["legal_moves"][0])
    assert moved.status_code == 200
    return created


def test_abandoned_matches_expire_and_finished_ones_are_kept(
        app: Flask, client: FlaskClient, redis_client: redis.Redis) -> None:
    referee = app.extensions["tricklog.referee"]
    finished = create(client, players=2, options={"target_stakes": 1})
    assert play_randomly(client, finished, random.Random(3))["status"] == "over"
    abandoned, revived = one_move(client), one_move(client)
    # ``revived`` is scored as idle for 40 days, but its last move is now: kept, scored again
    redis_client.zadd(keys.unfinished_matches_key(), {revived["id"]: time.time() - 40 * DAY_S})
    assert expire_abandoned(referee, 30) == []
    assert client.get(f"/v1/matches/{revived['id']}").status_code == 200
    later = time.time() + 31 * DAY_S  # nobody moves for 31 days
    assert expire_abandoned(referee, 0, now=later) == []  # 0: keep every match
    assert sorted(expire_abandoned(referee, 30, now=later)) == sorted(
        [abandoned["id"], revived["id"]])
    for gone in (abandoned, revived):
        assert client.get(f"/v1/matches/{gone['id']}").status_code == 404
        assert client.get(f"/v1/deals/{gone['deal']['id']}").status_code == 404
        assert not redis_client.exists(keys.meta_key(gone["id"]),
                                       keys.stream_key("deal", gone["deal"]["id"]))
    listed = [m["id"] for m in client.get("/v1/matches").get_json()["matches"]]
    assert abandoned["id"] not in listed and finished["id"] in listed
    kept = client.get(f"/v1/matches/{finished['id']}").get_json()  # finished: kept for good
    assert kept["status"] == "over"
    assert client.get(f"/v1/deals/{finished['deal']['id']}/export").status_code == 200
    assert expire_abandoned(referee, 30, now=later + 400 * DAY_S) == []
