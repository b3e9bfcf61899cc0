"""Fixtures: a private redis-server per test session, started by the same launcher as
``tricklog serve``. Never the machine's shared server, never a mock."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis
from flask import Flask
from hypothesis import settings

from events.redis_server import RedisServer
from events.referee import Referee
from events.store import EventStore
from tests import signals
from tests.contract import ContractClient

# Repeatable runs (STACK.md): every property test draws the same examples on every machine.
settings.register_profile("tricklog", derandomize=True, deadline=None, database=None)
settings.load_profile("tricklog")


def pytest_configure(config: pytest.Config) -> None:
    signals.install()  # SIGTERM and SIGINT stop the run, and fixtures clean up (tests/signals.py)


def pytest_unconfigure(config: pytest.Config) -> None:
    signals.uninstall()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    signals.stop_if_signalled()


@pytest.fixture(scope="session", autouse=True)
def contract_checked_clients() -> Iterator[None]:
    """Every Flask test client of the suite checks each answer against openapi.yaml
    (``tests/contract.py``): an undocumented field, status or media type fails the test."""
    before = Flask.test_client_class
    Flask.test_client_class = ContractClient
    yield
    Flask.test_client_class = before


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    with RedisServer(tmp_path_factory.mktemp("redis")) as server:
        yield server


@pytest.fixture
def redis_client(redis_server: RedisServer) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(redis_server.url)
    client.flushdb()
    yield client
    client.close()


@pytest.fixture
def store(redis_client: redis.Redis) -> EventStore:
    return EventStore(redis_client)


@pytest.fixture
def referee(store: EventStore) -> Referee:
    return Referee(store)
