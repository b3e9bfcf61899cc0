"""A real worker process enforces a forfeiting clock: the match ends against the seat that never
moves, and the deal it was playing closes (``abandoned``), so that deal exports and its audit,
the match's place included, is clean."""

from __future__ import annotations

import os
import signal
import time

import redis

from events.config import Settings
from events.redis_server import RedisServer
from events.referee import Referee, audits, deals, matches
from tests.integration.test_clock_crash import SEATS, start_worker
from workers import runtime


def closed(referee: Referee, match_id: str) -> bool:
    """Over, and its last deal's log closed."""
    match = matches.get(referee, match_id)
    log = referee.store.read("deal", match["deals"][-1]["id"])
    return match["status"] == "over" and bool(log) and log[-1]["type"] == "abandoned"


def test_a_worker_ends_a_forfeited_match_and_closes_its_deal(
        redis_server: RedisServer, redis_client: redis.Redis) -> None:
    referee = runtime.compose(Settings.from_env(redis_url=redis_server.url),
                              client=redis_client)
    ids = [matches.create(referee, ruleset="sedma", players=2, seats=SEATS, creator_seat=0,
                          clock={"move_seconds": 0.3, "on_timeout": "forfeit"})["id"]
           for _ in range(2)]
    worker = start_worker(redis_server.url)
    try:
        limit = time.monotonic() + 90
        while time.monotonic() < limit and not all(closed(referee, m) for m in ids):
            time.sleep(0.1)
    finally:
        os.killpg(worker.pid, signal.SIGKILL)
        worker.wait()
    for match_id in ids:
        match = matches.get(referee, match_id)
        assert match["status"] == "over" and match["winners"] == [1], match
        deal = match["deals"][-1]
        assert deal["status"] == "abandoned"
        log = deals.export(referee, deal["id"])
        assert [e["type"] for e in log[-2:]] == ["timed_out", "abandoned"]
        assert log[-1]["data"]["seat"] == 0 and log[-2]["data"]["forfeit"] is True
        report = audits.audit_stored(referee, deal["id"])
        assert report.ok, report.to_text()
        assert "match score and totals" in report.checks
