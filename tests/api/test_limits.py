"""Rate limits (429 with Retry-After, per address and per token) and CORS, when configured."""

from __future__ import annotations

import pytest
import redis

from api.app import create_app
from events.config import Settings


def test_rate_limit_is_429_with_retry_after(redis_client: redis.Redis,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRICKLOG_RATE_LIMIT", "5/60")
    client = create_app(Settings.from_env(redis_url="unused"), client=redis_client).test_client()
    codes = [client.get("/v1/rulesets").status_code for _ in range(7)]
    assert codes[:5] == [200] * 5 and codes[5:] == [429, 429]
    resp = client.get("/v1/rulesets")
    assert resp.mimetype == "application/problem+json" and int(resp.headers["Retry-After"]) >= 1
    assert client.get("/healthz").status_code == 200  # health checks are never limited


def test_cors_is_off_by_default_and_configurable(redis_client: redis.Redis,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    plain = create_app(Settings.from_env(redis_url="unused"), client=redis_client).test_client()
    assert "Access-Control-Allow-Origin" not in plain.get(
        "/v1/rulesets", headers={"Origin": "https://cards.example"}).headers
    monkeypatch.setenv("TRICKLOG_CORS_ORIGINS", "https://cards.example")
    app = create_app(Settings.from_env(redis_url="unused"), client=redis_client).test_client()
    allowed = app.get("/v1/rulesets", headers={"Origin": "https://cards.example"})
    assert allowed.headers["Access-Control-Allow-Origin"] == "https://cards.example"
    other = app.get("/v1/rulesets", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers


def test_operator_endpoints_need_the_admin_token_when_set(redis_client: redis.Redis,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.setenv("TRICKLOG_ADMIN_TOKEN", "operator-secret")
    monkeypatch.setenv("TRICKLOG_WEBHOOK_ALLOW", "127.0.0.1/32")
    client = create_app(Settings.from_env(redis_url="unused"), client=redis_client).test_client()
    body = {"name": "b", "url": "http://127.0.0.1:9/"}
    assert client.post("/v1/bots", json=body).status_code == 401
    assert client.post("/v1/bots", json=body,
                       headers={"Authorization": "Bearer nope"}).status_code == 403
    ok = client.post("/v1/bots", json=body, headers={"Authorization": "Bearer operator-secret"})
    assert ok.status_code == 201 and ok.get_json()["id"].startswith("wb_")
    monkeypatch.delenv("TRICKLOG_ADMIN_TOKEN")
    client = create_app(Settings.from_env(redis_url="unused"), client=redis_client).test_client()
    remote = client.post("/v1/bots", json=body, environ_base={"REMOTE_ADDR": "10.1.2.3"})
    assert remote.status_code == 403
