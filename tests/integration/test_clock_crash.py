"""kill -9 of a worker while move clocks run: every deadline is still enforced, and once.
Matches whose human seat never moves are finished by timeouts across two workers, the first
killed mid-way (the deadlines it had claimed fall due again when their lease ends)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import redis

from events.config import Settings
from events.redis_server import RedisServer
from events.referee import matches
from workers import runtime

ROOT = Path(__file__).resolve().parents[2]
SEATS = [{"name": "never moves"}, {"name": "bot", "bot": "heuristic"}]


def start_worker(url: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "TRICKLOG_REDIS_URL": url, "TRICKLOG_CLOCK_LEASE": "1",
           "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "tricklog_cli", "worker"], cwd=ROOT,
                            env=env, start_new_session=True, stderr=subprocess.DEVNULL)


def timeouts(referee: runtime.Referee, ids: list[str]) -> int:
    return sum(e["type"] == "timed_out" for m in ids
               for e in referee.store.read("deal", f"{m}.1"))


def test_every_deadline_is_enforced_once_across_a_killed_worker(
        redis_server: RedisServer, redis_client: redis.Redis) -> None:
    referee = runtime.compose(Settings.from_env(redis_url=redis_server.url),
                              client=redis_client)
    ids = [matches.create(referee, ruleset="sedma", players=2, seats=SEATS, creator_seat=0,
                          options={"target_stakes": 1},
                          clock={"move_seconds": 0.2, "away_after": 100})["id"]
           for _ in range(3)]
    first = start_worker(redis_server.url)
    try:
        limit = time.monotonic() + 60
        while timeouts(referee, ids) < 3 and time.monotonic() < limit:
            time.sleep(0.05)
    finally:
        os.killpg(first.pid, signal.SIGKILL)
        first.wait()
    assert timeouts(referee, ids) >= 3, "the worker enforced no deadline"
    second = start_worker(redis_server.url)
    try:
        limit = time.monotonic() + 120
        while time.monotonic() < limit and any(
                matches.get(referee, m)["status"] != "over" for m in ids):
            time.sleep(0.2)
    finally:
        os.killpg(second.pid, signal.SIGKILL)
        second.wait()
    for match in ids:
        assert matches.get(referee, match)["status"] == "over"
        for deal in matches.get(referee, match)["deals"]:
            log = referee.store.read("deal", deal["id"])
            timed = [e for e in log if e["type"] == "timed_out"]
            own = [e for e in log if e["seat"] == 0]
            assert own and len(timed) == len(own)  # seat 0 moved only by timeouts
            assert len({e["seq"] for e in timed}) == len(timed)
            for e in timed:  # each followed at once by the clock's bot's move for seat 0
                assert log[e["seq"]]["seat"] == 0 and log[e["seq"]]["command_id"] == \
                    e["command_id"]
