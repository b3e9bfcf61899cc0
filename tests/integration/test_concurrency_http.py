"""Competing moves over real HTTP to two independent API instances on one store: exactly one
lands, no seq gap, no duplicate, the chain intact, every loser told why."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from werkzeug.serving import make_server

from api.app import create_app
from events.config import Settings
from events.redis_server import free_port
from tests.http import claim_seats_at


@pytest.fixture
def two_apis(redis_client: redis.Redis) -> Iterator[list[str]]:
    servers = []
    for _ in range(2):
        app = create_app(Settings.from_env(redis_url="unused"), client=redis_client)
        server = make_server("127.0.0.1", free_port(), app, threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
    yield [f"http://127.0.0.1:{s.server_port}" for s in servers]
    for server in servers:
        server.shutdown()


def call(base: str, method: str, path: str, body: Any = None, token: str | None = None,
         key: str | None = None) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if key:
        headers["Idempotency-Key"] = key
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def compete(base: str, deal: str, token: str, view: dict[str, Any], i: int, key: str,
            barrier: threading.Barrier, outcomes: list[tuple[int, Any]]) -> None:
    """One competitor: a legal move (several differ) with the seq it saw, after the others."""
    move = {**view["legal_moves"][i % len(view["legal_moves"])], "expected_seq": view["seq"]}
    barrier.wait()
    outcomes.append(call(base, "POST", f"/v1/deals/{deal}/moves", move, token, key=key))


def test_competing_moves_exactly_one_lands(two_apis: list[str]) -> None:
    _, created = call(two_apis[0], "POST", "/v1/matches", {
        "ruleset": "sedma", "players": 4, "seed": "race",
        "seats": [{"name": f"p{i}"} for i in range(4)]})
    deal = created["deal"]["id"]
    tokens = claim_seats_at(two_apis[0], created)
    for round_ in range(6):
        _, view = call(two_apis[0], "GET", f"/v1/deals/{deal}")
        token = tokens[view["turn"]]
        _, mine = call(two_apis[1], "GET", f"/v1/deals/{deal}", token=token)
        outcomes: list[tuple[int, Any]] = []
        barrier = threading.Barrier(10)
        threads = [threading.Thread(target=compete, args=(
            two_apis[i % 2], deal, token, mine, i, f"r{round_}-{i}", barrier, outcomes))
            for i in range(10)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        winners = [o for o in outcomes if o[0] == 200]
        losers = [o for o in outcomes if o[0] != 200]
        assert len(winners) == 1
        assert all(code == 409 and body["type"] in ("/problems/stale-seq",
                                                    "/problems/illegal-move")
                   for code, body in losers)
    _, page = call(two_apis[1], "GET", f"/v1/deals/{deal}/events")
    seqs = [e["seq"] for e in page["events"]]
    assert seqs == list(range(1, len(seqs) + 1)) and page["seq"] == len(seqs)
    assert sum(1 for e in page["events"] if e["seat"] is not None) == 6
