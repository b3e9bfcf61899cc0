"""kill -9 of a worker in the middle of a bot move: the job is retried and the bot moves
exactly once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import redis
from rq import SimpleWorker
from rq.job import Job, JobStatus
from rq.registry import StartedJobRegistry

from events.redis_server import RedisServer
from events.referee import Referee, audits, deals, matches
from events.store import EventStore
from workers import runtime

ROOT = Path(__file__).resolve().parents[2]


def test_a_killed_workers_bot_move_is_retried_and_lands_once(redis_server: RedisServer,
                                                              redis_client: redis.Redis) -> None:
    queue = runtime.queue_for(redis_client)
    referee = Referee(EventStore(redis_client), on_turn=runtime.turn_hook(queue))
    runtime.configure(referee)
    try:
        created = matches.create(referee,
            ruleset="sedma", players=2, seed="crash-worker", options={"target_stakes": 1},
            seats=[{"name": "a", "bot": "heuristic"}, {"name": "b", "bot": "heuristic"}])
        deal = created["deal"]["id"]
        env = {**os.environ, "TRICKLOG_REDIS_URL": redis_server.url, "TRICKLOG_BOT_DELAY": "30",
               "PYTHONPATH": str(ROOT)}
        worker = subprocess.Popen([sys.executable, "-m", "tricklog_cli", "worker"], cwd=ROOT,
                                  env=env, start_new_session=True, stderr=subprocess.DEVNULL)
        try:
            started = StartedJobRegistry(queue=queue)
            job_id = f"bot-{deal.replace('.', '_')}-1"
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and not (
                    started.count == 1 and Job.fetch(job_id, connection=redis_client,
                                                     serializer=queue.serializer).get_status()
                    == JobStatus.STARTED):
                time.sleep(0.1)
            assert started.count == 1, "the worker did not pick the bot move up"
            time.sleep(0.5)  # well inside the bot's 30 s of thinking
        finally:  # also when the test fails or the run is interrupted
            os.killpg(worker.pid, signal.SIGKILL)  # the worker and its work horse, mid-move
            worker.wait()
        assert deals.load(referee, deal).seq == 1  # the move was not made
        started.cleanup(timestamp=time.time() + 3600)  # as a live worker's maintenance would
        assert queue.count == 1  # retried
        SimpleWorker([queue], connection=redis_client, serializer=queue.serializer).work(
            burst=True, max_jobs=5000)
        log = referee.store.read("deal", deal)
        first = [e for e in log if e["command_id"] == "bot:1" and e["seat"] is not None]
        assert len(first) == 1 and first[0]["seq"] == 2
        assert matches.get(referee, created["id"])["status"] == "over"
        assert audits.audit_stored(referee, deal).ok
    finally:
        runtime.configure(None)
