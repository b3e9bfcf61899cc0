from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from rq import SimpleWorker

from api.app import create_app
from events.config import Settings
from workers import runtime


@pytest.fixture
def app(redis_client: redis.Redis) -> Flask:
    return create_app(Settings(redis_url="unused"), client=redis_client)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def worker(app: Flask, redis_client: redis.Redis) -> Iterator[Callable[[], None]]:
    """Runs the queued jobs (replays, audits, disputes) in this process, then returns."""
    runtime.configure(app.extensions["tricklog.referee"])
    queue = app.extensions["tricklog.queue"]

    def run() -> None:
        SimpleWorker([queue], connection=redis_client, serializer=queue.serializer).work(
            burst=True)

    yield run
    runtime.configure(None)


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
