from __future__ import annotations

from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from events.config import Settings


@pytest.fixture
def app(redis_client: redis.Redis) -> Flask:
    return create_app(Settings(redis_url="unused"), client=redis_client)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: FlaskClient, **body: Any) -> dict[str, Any]:
    body.setdefault("ruleset", "sedma")
    players = body.setdefault("players", 4)
    body.setdefault("seats", [{"name": f"P{i}"} for i in range(players)])
    resp = client.post("/v1/matches", json=body)
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()  # type: ignore[no-any-return]


def tokens(created: dict[str, Any]) -> dict[int, str]:
    return {t["seat"]: t["token"] for t in created["tokens"]}
