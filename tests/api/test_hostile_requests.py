"""Smaller hostile requests (issue 15): formulas and newlines in seat names reach the score
sheet harmless, made-up methods add no metrics series, loopback trust needs a loopback Host,
quotas on work for the workers, and a malformed upload audited into a report."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from rq import SimpleWorker

from api.app import create_app
from events.config import Settings
from events.referee import matches
from tests.http import auth, claim_seats, create
from workers import runtime

FORMULAS = ['=HYPERLINK("http://evil.example/","x")', "@SUM(A1:A9)", "+1+2", "-3"]


def test_the_sheet_neutralizes_formulas_and_keeps_each_name_on_its_line(app: Flask,
                                                                        client: FlaskClient
                                                                        ) -> None:
    # Names stored as they came (before name validation existed): the sheet must still be safe.
    names = [FORMULAS[0], FORMULAS[1], "Ana\nBo\r", FORMULAS[3]]
    created = matches.create(app.extensions["tricklog.referee"],
        ruleset="serbian-whist", players=4, seed="sheet", seats=[{"name": n} for n in names])
    url = f"/v1/matches/{created['id']}/sheet"
    head = next(csv.reader(io.StringIO(client.get(url, headers={"Accept": "text/csv"})
                                       .get_data(as_text=True))))
    people = head[3:]
    assert people[0] == "'" + FORMULAS[0] + " bid" and people[2] == "'" + FORMULAS[1] + " bid"
    assert people[6] == "'-3 bid"
    assert not any(cell.startswith(("=", "+", "-", "@")) for cell in head)
    plain = client.get(url, headers={"Accept": "text/plain"}).get_data(as_text=True)
    assert plain.splitlines()[0].count("Ana\\nBo\\r") == 1 and len(plain.splitlines()) == 2


def test_a_made_up_method_adds_no_metrics_series(client: FlaskClient) -> None:
    for method in ("FOO", "BREW", "X" * 40):
        assert client.open("/v1/matches", method=method).status_code == 405
    text = client.get("/metrics").get_data(as_text=True)
    methods = set(re.findall(r'tricklog_http_requests_total\{method="([^"]+)"', text))
    assert methods <= {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "other"}
    assert "other" in methods


@pytest.mark.parametrize(("host", "status"), [
    ("localhost", 200), ("127.0.0.1:8000", 200), ("[::1]:8000", 200), ("LOCALHOST:1", 200),
    ("evil.example", 403), ("evil.example:8000", 403), ("127.0.0.1.evil.example", 403),
    ("localhost.evil.example:80", 403)])
def test_loopback_trust_needs_a_loopback_host(client: FlaskClient, host: str,
                                              status: int) -> None:
    resp = client.get("/metrics", headers={"Host": host})
    assert resp.status_code == status
    if status == 403:
        assert resp.mimetype == "application/problem+json"


@pytest.fixture
def quota_app(redis_client: redis.Redis, monkeypatch: pytest.MonkeyPatch) -> Flask:
    monkeypatch.setenv("TRICKLOG_QUOTA_BOTS", "3/3600")
    monkeypatch.setenv("TRICKLOG_QUOTA_AUDITS", "1/3600")
    monkeypatch.setenv("TRICKLOG_QUOTA_REPLAYS", "2/3600")
    return create_app(Settings.from_env(redis_url="unused"), client=redis_client)


def bots(n: int) -> dict[str, Any]:
    return {"ruleset": "sedma", "players": 2, "seed": "q",
            "seats": [{"name": f"b{i}", "bot": "random"} if i < n else {"name": f"p{i}"}
                      for i in range(2)]}


def assert_quota(resp: Any, kind: str) -> None:
    assert resp.status_code == 429 and resp.mimetype == "application/problem+json"
    body = resp.get_json()
    assert body["type"] == "/problems/quota-exceeded" and body["quota"] == kind
    assert int(resp.headers["Retry-After"]) >= 1


def test_bot_seats_are_counted_per_address(quota_app: Flask) -> None:
    client = quota_app.test_client()
    assert client.post("/v1/matches", json=bots(2)).status_code == 201
    before = client.get("/v1/matches").get_json()["matches"]
    assert_quota(client.post("/v1/matches", json=bots(2)), "bots")
    assert client.get("/v1/matches").get_json()["matches"] == before  # nothing was created
    assert client.post("/v1/matches", json=bots(1)).status_code == 201  # 3 of 3
    assert client.post("/v1/matches", json=bots(0)).status_code == 201  # no bot, no charge
    elsewhere = {"REMOTE_ADDR": "10.0.0.7"}
    refused = client.post("/v1/matches", json={**bots(2), "players": 3}, environ_base=elsewhere)
    assert refused.status_code == 422  # refused for what it is: the charge is given back
    for n in (2, 1):
        assert client.post("/v1/matches", json=bots(n), environ_base=elsewhere).status_code == 201


def test_audits_and_replays_are_counted_per_address_and_per_token(quota_app: Flask) -> None:
    client = quota_app.test_client()
    created = create(client, players=2, seed="replays")
    deal, token = created["deal"]["id"], claim_seats(client, created)[0]
    first = {"REMOTE_ADDR": "10.0.0.1"}
    second = {"REMOTE_ADDR": "10.0.0.2"}
    assert client.post(f"/v1/deals/{deal}/replays", headers=auth(token),
                       environ_base=first).status_code == 202
    assert client.post(f"/v1/deals/{deal}/replays", headers=auth(token),
                       environ_base=second).status_code == 202
    # a third address, the same token: the token's quota is spent
    assert_quota(client.post(f"/v1/deals/{deal}/replays", headers=auth(token),
                             environ_base={"REMOTE_ADDR": "10.0.0.3"}), "replays")
    assert client.post("/v1/audits", json={"export": "x"}).status_code == 202
    assert_quota(client.post("/v1/audits", json={"export": "y"}), "audits")


def test_a_malformed_upload_is_audited_into_a_report(app: Flask, client: FlaskClient,
                                                     redis_client: redis.Redis) -> None:
    upload = '["not", "a", "header"]\n{"seq": 1}\n'
    job_id = client.post("/v1/audits", json={"export": upload}).get_json()["id"]
    runtime.configure(app.extensions["tricklog.referee"])
    try:
        queue = app.extensions["tricklog.queue"]
        SimpleWorker([queue], connection=redis_client, serializer=queue.serializer).work(
            burst=True)
    finally:
        runtime.configure(None)
    job = client.get(f"/v1/jobs/{job_id}").get_json()
    assert job["status"] == "finished" and "error" not in job
    report = job["result"]
    assert not report["ok"] and report["first_error"]["check"] == "format"
    assert "header" in report["first_error"]["why"] and report["text"].startswith("FAILED")


def test_match_creation_is_counted_per_address(redis_client: redis.Redis,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Creating matches is a write like any other (issue 26): beyond the quota a 429, and a
    refused body is not charged."""
    monkeypatch.setenv("TRICKLOG_QUOTA_MATCHES", "2/3600")
    client = create_app(Settings.from_env(redis_url="unused"),
                        client=redis_client).test_client()
    assert client.post("/v1/matches", json={**bots(0), "players": 3}).status_code == 422
    for _ in range(2):
        assert client.post("/v1/matches", json=bots(0)).status_code == 201
    before = client.get("/v1/matches").get_json()["matches"]
    assert_quota(client.post("/v1/matches", json=bots(0)), "matches")
    assert client.get("/v1/matches").get_json()["matches"] == before
    elsewhere = {"REMOTE_ADDR": "10.0.0.8"}
    assert client.post("/v1/matches", json=bots(0), environ_base=elsewhere).status_code == 201
