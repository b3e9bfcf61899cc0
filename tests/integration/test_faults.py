"""Faults on real Redis servers the tests start: the store goes away and comes back, and a
kill -9 loses no acknowledged move."""

from __future__ import annotations

import random
import time
from pathlib import Path

from api.app import create_app
from events.config import Settings, connect
from events.envelope import first_break
from events.redis_server import RedisServer
from events.referee import Referee, deals, matches, moves
from events.store import EventStore
from tests.helpers import claim_all


def play(referee: Referee, deal: str, tokens: dict[int, str], count: int, rng: random.Random
         ) -> list[int]:
    """Make up to ``count`` moves; the seqs the store acknowledged."""
    acked = []
    for _ in range(count):
        view = deals.view(referee, deal, None)
        if view["turn"] is None:
            break
        mine = deals.view(referee, deal, tokens[view["turn"]])
        answer = moves.move(referee, deal, tokens[view["turn"]], rng.choice(mine["legal_moves"]))
        acked.append(answer["view"]["seq"])
    return acked


def test_redis_down_is_a_quick_503_and_service_resumes(tmp_path: Path) -> None:
    server = RedisServer(tmp_path / "r").start()
    app = create_app(Settings(redis_url=server.url), client=connect(server.url))
    client = app.test_client()
    created = client.post("/v1/matches", json={"ruleset": "sedma", "seed": "down", "seats": [
        {"name": "a"}, {"name": "b"}], "creator_seat": 0}).get_json()
    deal = created["deal"]["id"]
    server.stop()
    start = time.monotonic()
    resp = client.get(f"/v1/deals/{deal}")
    assert resp.status_code == 503 and resp.mimetype == "application/problem+json"
    assert resp.headers["Retry-After"] == "1" and time.monotonic() - start < 5
    assert client.get("/healthz").status_code == 503
    assert client.post(f"/v1/deals/{deal}/moves", json={"type": "stop"}, headers={
        "Authorization": f"Bearer {created['tokens'][0]['token']}"}).status_code == 503
    server.start()  # same port, same AOF
    try:
        assert client.get("/healthz").get_json() == {"status": "ok", "store": "up"}
        assert client.get(f"/v1/deals/{deal}").get_json()["seq"] == 1
    finally:
        server.stop()


def test_kill_9_loses_no_acknowledged_move(tmp_path: Path) -> None:
    server = RedisServer(tmp_path / "r").start()  # appendfsync always
    referee = Referee(EventStore(connect(server.url)))
    created = matches.create(referee, ruleset="sedma", players=4, seed="crash",
                                   seats=[{"name": f"p{i}"} for i in range(4)])
    deal = created["deal"]["id"]
    tokens = claim_all(referee, created)
    rng = random.Random(9)
    acked = play(referee, deal, tokens, 25, rng)
    server.kill()
    server.start()
    try:
        log = referee.store.read("deal", deal)
        assert [e["seq"] for e in log] == list(range(1, acked[-1] + 1))
        assert first_break(log) is None
        more = play(referee, deal, tokens, 10, rng)  # play goes on
        assert more and more[0] > acked[-1]
    finally:
        server.stop()
