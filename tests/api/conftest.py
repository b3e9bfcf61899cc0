from __future__ import annotations

from collections.abc import Callable, Iterator

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
    return create_app(Settings.from_env(redis_url="unused"), client=redis_client)


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
