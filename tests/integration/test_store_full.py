"""A full store (issue 32 item 10): Redis at its ``maxmemory`` with ``noeviction`` refuses
writes; the API says so with ``507 store-full`` and ``Retry-After`` (never a 500), changes
nothing, keeps answering reads, and takes writes again once there is room."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

import tricklog_cli
from api.app import create_app
from events.config import Settings, connect
from events.redis_server import RedisServer
from tests.http import auth, claim_seats

FILLER = "x" * 10_000


@pytest.fixture
def server(tmp_path: Path) -> Iterator[RedisServer]:
    small = RedisServer(tmp_path / "r", maxmemory="4mb").start()
    try:
        yield small
    finally:
        small.stop()


def fill(client: redis.Redis) -> int:
    """Filler keys until Redis refuses a write; how many it took."""
    for n in range(10_000):
        try:
            client.set(f"filler:{n}", FILLER)
        except redis.exceptions.OutOfMemoryError:
            return n
    raise AssertionError("redis never said it was full: no maxmemory?")


def test_a_full_store_is_a_507_problem_and_changes_nothing(server: RedisServer) -> None:
    store = connect(server.url)
    assert store.config_get("maxmemory-policy")["maxmemory-policy"] == "noeviction"
    client = create_app(Settings(redis_url=server.url), client=store).test_client()
    created = client.post("/v1/matches", json={"ruleset": "sedma", "seed": "full", "seats": [
        {"name": "a"}, {"name": "b"}]}).get_json()
    tokens = claim_seats(client, created)
    deal = client.get(f"/v1/deals/{created['deal']['id']}", headers=auth(tokens[0])).get_json()
    seat = deal["turn"]
    view = client.get(f"/v1/deals/{deal['id']}", headers=auth(tokens[seat])).get_json()
    card = view["legal_moves"][0]
    filled = fill(store)
    assert filled > 0
    body, headers = {**card, "expected_seq": deal["seq"]}, {**auth(tokens[seat]),
                                                             "Idempotency-Key": "full-1"}
    moved = client.post(f"/v1/deals/{deal['id']}/moves", headers=headers, json=body)
    assert moved.status_code == 507, moved.get_data(as_text=True)
    assert moved.content_type == "application/problem+json"
    problem = moved.get_json()
    assert problem["type"] == "/problems/store-full" and problem["instance"]
    assert moved.headers["Retry-After"]
    made = client.post("/v1/matches", json={"ruleset": "sedma", "seats": [{"name": "c"},
                                                                           {"name": "d"}]})
    assert made.status_code == 507 and made.get_json()["type"] == "/problems/store-full"
    after = client.get(f"/v1/deals/{deal['id']}", headers=auth(tokens[seat]))
    assert after.status_code == 200 and after.get_json()["seq"] == deal["seq"]  # reads work
    store.delete(*(f"filler:{n}" for n in range(filled)))
    again = client.post(f"/v1/deals/{deal['id']}/moves", headers=headers, json=body)
    assert again.status_code == 200  # the same key: the move is made now, once
    assert client.get(f"/v1/deals/{deal['id']}").get_json()["seq"] == deal["seq"] + 1


def test_the_embedded_redis_of_serve_has_a_maxmemory_and_never_evicts(tmp_path: Path) -> None:
    """``tricklog serve`` (``make run``) starts its Redis with ``maxmemory`` (1gb unless
    ``TRICKLOG_REDIS_MAXMEMORY`` says otherwise) and ``noeviction``."""
    args = argparse.Namespace(host="127.0.0.1", port=None, workers=None, no_worker=True)
    (tmp_path / "redis").mkdir()
    for given, expected in ((None, "1gb"), ("64mb", "64mb")):
        settings = Settings.from_env(data_dir=str(tmp_path), **(
            {} if given is None else {"redis_maxmemory": given}))
        _, redis_child = tricklog_cli._children(args, settings)
        command = redis_child.server.command()
        assert command[command.index("--maxmemory") + 1] == expected
        assert command[command.index("--maxmemory-policy") + 1] == "noeviction"
