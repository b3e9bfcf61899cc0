"""Bot turns are never lost: a failed enqueue is retried, and a turn no job will play (its
enqueue lost with a Redis restart, its job dead with its worker) is found by the workers'
sweeper, or by a read of the deal, and enqueued again; the bot still moves exactly once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry
from rq import SimpleWorker
from rq.job import Job, JobStatus
from rq.utils import utcformat

from events.redis_server import RedisServer, free_port
from events.referee import Referee, audits, deals, matches
from events.store import EventStore
from tests.processes import kill_tree
from workers import runtime
from workers.sweeper import sweep
from workers.turns import LEASE, BotTurns, job_id

ROOT = Path(__file__).resolve().parents[2]
ALL_BOTS = [{"name": f"b{i}", "bot": "random"} for i in range(2)]


@pytest.fixture
def turns(redis_client: redis.Redis) -> Iterator[BotTurns]:
    """The bot runner on the test's Redis; jobs run by a referee that notifies it."""
    bot_turns = runtime.turn_hook(runtime.queue_for(redis_client))
    runtime.configure(Referee(EventStore(redis_client), on_turn=bot_turns,
                              on_stall=bot_turns.ensure))
    yield bot_turns
    runtime.configure(None)


def lossy_referee(redis_client: redis.Redis) -> Referee:
    """A referee whose queue is on a Redis that is not there: every enqueue fails, as it does
    while the queue's Redis restarts."""
    gone = redis.Redis(port=free_port(), socket_connect_timeout=0.2, retry=Retry(NoBackoff(), 0))
    return Referee(EventStore(redis_client),
                   on_turn=runtime.turn_hook(runtime.queue_for(gone)))


def drain(turns: BotTurns) -> None:
    SimpleWorker([turns.queue], connection=turns.queue.connection,
                 serializer=turns.queue.serializer).work(burst=True, max_jobs=5000)


def bot_moves(referee: Referee, deal: str) -> list[dict[str, Any]]:
    return [e for e in referee.store.read("deal", deal) if e["command_id"].startswith("bot:")]


def test_a_failed_enqueue_is_retried_with_backoff(redis_client: redis.Redis,
                                                  turns: BotTurns) -> None:
    failures: list[float] = []

    def flaky(deal_id: str, seq: int, seat: int, bot: str = "") -> None:
        if len(failures) < 2:
            failures.append(time.monotonic())
            raise redis.exceptions.ConnectionError("queue restarting")
        turns(deal_id, seq, seat, bot)

    referee = Referee(EventStore(redis_client), on_turn=flaky)
    created = matches.create(referee, ruleset="sedma", players=2, seed="flaky",
                                   options={"target_stakes": 1}, seats=ALL_BOTS)
    assert len(failures) == 2 and failures[1] - failures[0] >= 0.05  # a pause between tries
    assert turns.queue.count == 1
    drain(turns)
    assert matches.get(referee, created["id"])["status"] == "over"


def test_the_sweeper_enqueues_a_turn_whose_enqueue_was_lost(redis_client: redis.Redis,
                                                            turns: BotTurns) -> None:
    referee = lossy_referee(redis_client)
    created = matches.create(referee, ruleset="sedma", players=2, seed="lost",
                                   options={"target_stakes": 1}, seats=ALL_BOTS)
    deal = created["deal"]["id"]
    assert turns.queue.count == 0  # the turn was lost
    assert sweep(referee, turns.ensure) == [deal]
    assert sweep(referee, turns.ensure) == []  # queued now: not enqueued twice
    assert turns.queue.count == 1
    drain(turns)
    match = matches.get(referee, created["id"])
    assert match["status"] == "over"
    assert sweep(referee, turns.ensure) == []  # the finished match has left the sweeper's set
    assert redis_client.zcard("tl:live-bot-matches") == 0
    assert audits.audit_stored(referee, deal).ok


def test_reading_a_stalled_deal_kicks_it(redis_client: redis.Redis, turns: BotTurns) -> None:
    lossy = lossy_referee(redis_client)
    created = matches.create(lossy, ruleset="sedma", players=2, seed="kick",
                             options={"target_stakes": 1}, seats=ALL_BOTS)
    deal = created["deal"]["id"]
    reader = Referee(EventStore(redis_client), on_turn=turns, on_stall=turns.ensure)
    view = deals.view(reader, deal, None)
    assert turns.queue.count == 1 and turns.queue.job_ids == [job_id(deal, view["seq"])]
    deals.view(reader, deal, None)  # a second read finds the job queued
    assert turns.queue.count == 1
    drain(turns)
    assert matches.get(reader, created["id"])["status"] == "over"


def test_a_job_whose_worker_died_is_enqueued_again_and_moves_once(
        redis_server: RedisServer, redis_client: redis.Redis, turns: BotTurns) -> None:
    referee = Referee(EventStore(redis_client), on_turn=turns)
    created = matches.create(referee, ruleset="sedma", players=2, seed="died",
                                   options={"target_stakes": 1}, seats=ALL_BOTS)
    deal = created["deal"]["id"]
    first = job_id(deal, 1)
    env = {**os.environ, "TRICKLOG_REDIS_URL": redis_server.url, "TRICKLOG_BOT_DELAY": "60",
           "PYTHONPATH": str(ROOT)}
    worker = subprocess.Popen([sys.executable, "-m", "tricklog_cli", "worker"], cwd=ROOT,
                              env=env, start_new_session=True, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and Job.fetch(
                first, connection=redis_client,
                serializer=turns.queue.serializer).get_status() != JobStatus.STARTED:
            time.sleep(0.05)
    finally:
        kill_tree(worker.pid)  # the worker and its work horse (a group of its own), mid-move
        worker.wait()
    assert sweep(referee, turns.ensure) == []  # started a moment ago: still its worker's
    stale = utcformat(datetime.now(UTC) - timedelta(seconds=LEASE + 1))
    redis_client.hset(Job.key_for(first), mapping={"started_at": stale, "last_heartbeat": stale})
    assert sweep(referee, turns.ensure) == [deal]  # no heartbeat for a lease: enqueued again
    drain(turns)
    assert matches.get(referee, created["id"])["status"] == "over"
    moves = bot_moves(referee, deal)
    assert [e["command_id"] for e in moves].count("bot:1") == 1 and moves[0]["seq"] == 2
    assert audits.audit_stored(referee, deal).ok


def test_a_real_worker_sweeps_within_seconds(redis_server: RedisServer,
                                             redis_client: redis.Redis) -> None:
    referee = lossy_referee(redis_client)
    created = matches.create(referee, ruleset="sedma", players=2, seed="worker-sweeps",
                                   options={"target_stakes": 1}, seats=ALL_BOTS)
    env = {**os.environ, "TRICKLOG_REDIS_URL": redis_server.url, "PYTHONPATH": str(ROOT)}
    worker = subprocess.Popen([sys.executable, "-m", "tricklog_cli", "worker"], cwd=ROOT,
                              env=env, start_new_session=True, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while (time.monotonic() < deadline
               and matches.get(referee, created["id"])["status"] != "over"):
            time.sleep(0.1)
    finally:
        os.killpg(worker.pid, signal.SIGTERM)
        worker.wait(20)
    assert matches.get(referee, created["id"])["status"] == "over"
