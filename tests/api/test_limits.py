"""Rate limits (429 with Retry-After, per address and per token) and CORS, when configured."""

from __future__ import annotations

import pytest
import redis
from flask.testing import FlaskClient

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


def _proxied_app(redis_client: redis.Redis, monkeypatch: pytest.MonkeyPatch,
                 trusted: str) -> FlaskClient:
    monkeypatch.setenv("TRICKLOG_RATE_LIMIT", "3/60")
    monkeypatch.setenv("TRICKLOG_TRUSTED_PROXIES", trusted)
    return create_app(Settings.from_env(redis_url="unused"), client=redis_client).test_client()


def test_clients_behind_a_trusted_proxy_have_buckets_of_their_own(
        redis_client: redis.Redis, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32 item 9: behind the operator's proxy, one client's burst leaves another's
    requests alone (each counted at the address the proxy saw), and each token its own."""
    client = _proxied_app(redis_client, monkeypatch, "10.9.0.0/16, 10.8.0.1")
    proxy = {"REMOTE_ADDR": "10.9.0.7"}

    def get(xff: str, token: str) -> int:
        return client.get("/v1/rulesets", environ_base=proxy, headers={
            "X-Forwarded-For": xff, "Authorization": f"Bearer {token}"}).status_code

    # the right-most address that is not a trusted proxy is the client; what the client
    # itself put on the left changes nothing
    burst = [get(f"{i}.1.1.1, 198.51.100.1, 10.8.0.1", "a") for i in range(1, 6)]
    assert burst == [200, 200, 200, 429, 429]
    assert [get("198.51.100.2", "b") for _ in range(3)] == [200, 200, 200]
    assert get("198.51.100.2", "a") == 429  # token a is still over, from any address
    assert get("198.51.100.1", "c") == 429  # and address 198.51.100.1, with any token


def test_a_forged_forwarded_for_from_outside_changes_nothing(
        redis_client: redis.Redis, monkeypatch: pytest.MonkeyPatch) -> None:
    client = _proxied_app(redis_client, monkeypatch, "10.9.0.0/16")
    codes = [client.get("/v1/rulesets", environ_base={"REMOTE_ADDR": "203.0.113.5"},
                        headers={"X-Forwarded-For": f"192.0.2.{i}"}).status_code
             for i in range(5)]
    assert codes == [200, 200, 200, 429, 429]
    off = _proxied_app(redis_client, monkeypatch, "")  # the default: no proxy is trusted
    codes = [off.get("/v1/rulesets", environ_base={"REMOTE_ADDR": "10.9.0.7"},
                     headers={"X-Forwarded-For": f"192.0.2.{i}"}).status_code
             for i in range(5)]
    assert codes == [200, 200, 200, 429, 429]
