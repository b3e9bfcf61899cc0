"""Fixtures: a private redis-server per test session, started by the same launcher as
``tricklog serve``. Never the machine's shared server, never a mock."""

from __future__ import annotations

import os
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

# The suite creates far more matches from one address than a public server allows in an hour
# (``TRICKLOG_QUOTA_MATCHES``): lift that quota for every app and server the tests start
# (subprocesses inherit it); a test of the quota sets its own.
os.environ.setdefault("TRICKLOG_QUOTA_MATCHES", "off")

# Repeatable runs (STACK.md): every property test draws the same examples on every machine.
settings.register_profile("tricklog", derandomize=True, deadline=None, database=None)
settings.load_profile("tricklog")


def pytest_configure(config: pytest.Config) -> None:
    signals.install()  # SIGTERM and SIGINT stop the run, and fixtures clean up (tests/signals.py)


def pytest_unconfigure(config: pytest.Config) -> None:
    signals.uninstall()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    signals.stop_if_signalled()
    times = os.environ.get("TRICKLOG_TEST_TIMES")
    if times and not os.environ.get("PYTEST_XDIST_WORKER"):  # the controller sees every report
        with open(times, "a") as out:  # as the run goes: a run cut short still tells its times
            out.write(f"{report.duration:.2f}\t{report.when}\t{report.outcome}\t{report.nodeid}\n")


@pytest.fixture(scope="session", autouse=True)
def contract_checked_clients() -> Iterator[None]:
    """Every Flask test client of the suite checks each answer against openapi.yaml
    (``tests/contract.py``): an undocumented field, status or media type fails the test."""
    before = Flask.test_client_class
    Flask.test_client_class = ContractClient
    yield
    Flask.test_client_class = before


@pytest.fixture(scope="session", autouse=True)
def bots_think_at_once() -> Iterator[None]:
    """The suite plays thousands of bot moves: its workers (in this process, and the ones it
    starts with this environment) wait no minimum think time. The tests of that time
    (``tests/integration/test_bot_timing.py``) set their own; the tests that start ``tricklog
    serve`` with a clean environment set it to 0 there."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TRICKLOG_BOT_MIN_THINK", "0")
        yield


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
