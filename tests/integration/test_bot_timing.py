"""Bots that tell nothing by timing (issue 26, item 4): every bot move, forced or not, is
appended no earlier than ``TRICKLOG_BOT_MIN_THINK`` seconds after the event that made it the
bot's turn; a job thinking is a started job, never taken for a lost one.

The suite runs its workers with no think time (``tests/conftest.py``); these tests set one."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import redis
from rq import SimpleWorker
from rq.job import Job, JobStatus

from domain import game
from events.envelope import to_event
from events.redis_server import RedisServer
from events.referee import Referee, deals, matches
from events.store import EventStore
from tests.processes import kill_tree
from workers import runtime
from workers.bots import think_left
from workers.sweeper import sweep
from workers.turns import BotTurns, job_id

ROOT = Path(__file__).resolve().parents[2]
THINK = 0.1


@pytest.fixture
def bot_referee(store: EventStore, redis_client: redis.Redis) -> Iterator[Referee]:
    queue = runtime.queue_for(redis_client)
    referee = Referee(store, on_turn=runtime.turn_hook(queue))
    runtime.configure(referee)
    yield referee
    runtime.configure(None)


def when(envelope: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(envelope["at"])


def bot_moves(log: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(the event that made it a bot's turn, the first event of the bot's move) pairs: a bot
    appends with the idempotency key ``bot:<seq>``, ``seq`` being the turn's event."""
    return [(log[e["seq"] - 2], e) for e in log if e["command_id"] == f"bot:{e['seq'] - 1}"]


def test_every_bot_move_forced_or_not_waits_the_minimum_think_time(
        bot_referee: Referee, redis_client: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TRICKLOG_BOT_MIN_THINK", str(THINK))
    created = matches.create(bot_referee, ruleset="sedma", players=2, seed="think",
                             options={"target_stakes": 1},
                             seats=[{"name": "a", "bot": "random"}, {"name": "b", "bot": "random"}])
    queue = runtime.queue_for(redis_client)
    SimpleWorker([queue], connection=redis_client, serializer=queue.serializer).work(
        burst=True, max_jobs=5000)
    deal = created["deal"]["id"]
    assert deals.is_over(bot_referee, deal)
    log = bot_referee.store.read("deal", deal)
    forced = {True: 0, False: 0}
    for turn, move in bot_moves(log):
        state = game.fold(to_event(e) for e in log[:turn["seq"]])
        forced[len(game.view(state, move["seat"])["legal_moves"]) == 1] += 1
        waited = (when(move) - when(turn)).total_seconds()
        assert waited >= THINK, (turn["seq"], turn["type"], waited)
    assert forced[True] and forced[False], forced  # both kinds were timed


def test_the_think_time_counts_from_the_turns_event_and_never_waits_twice() -> None:
    """The worker's queueing delay counts toward the think time: a job that starts late
    does not wait again."""
    turn = "2026-11-24T10:00:00.000Z"
    assert think_left(turn, 0.4, "2026-11-24T10:00:00.100Z") == pytest.approx(0.3)
    assert think_left(turn, 0.4, "2026-11-24T10:00:00.400Z") == 0
    assert think_left(turn, 0.4, "2026-11-24T10:00:07.000Z") == 0
    # stamps have whole milliseconds: a think time between two is rounded up
    assert think_left(turn, 0.0004, "2026-11-24T10:00:00.000Z") == pytest.approx(0.001)


def test_a_thinking_job_is_not_taken_for_lost(redis_server: RedisServer,
                                              redis_client: redis.Redis) -> None:
    """A job sleeping in its think time is ``started``: neither the sweeper nor a read of the
    deal enqueues the turn again, and the bot moves once."""
    queue = runtime.queue_for(redis_client)
    turns = BotTurns(queue)
    referee = Referee(EventStore(redis_client), on_turn=turns, on_stall=turns.ensure)
    created = matches.create(referee, ruleset="sedma", players=2, seed="thinking",
                             options={"target_stakes": 1},
                             seats=[{"name": "a", "bot": "random"}, {"name": "b", "bot": "random"}])
    deal = created["deal"]["id"]
    env = {**os.environ, "TRICKLOG_REDIS_URL": redis_server.url, "TRICKLOG_BOT_MIN_THINK": "3",
           "PYTHONPATH": str(ROOT)}
    worker = subprocess.Popen([sys.executable, "-m", "tricklog_cli", "worker"], cwd=ROOT,
                              env=env, start_new_session=True, stderr=subprocess.DEVNULL)
    try:
        first = Job.fetch(job_id(deal, 1), connection=redis_client, serializer=queue.serializer)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and first.get_status() != JobStatus.STARTED:
            time.sleep(0.05)
        assert first.get_status() == JobStatus.STARTED
        assert deals.load(referee, deal).seq == 1  # still thinking
        assert sweep(referee, turns.ensure) == []
        deals.view(referee, deal, None)  # a read ensures the turn: a job is on it
        assert queue.count == 0
        while time.monotonic() < deadline and deals.load(referee, deal).seq == 1:
            time.sleep(0.05)
    finally:
        kill_tree(worker.pid)  # with its work horse, which has a group of its own
        worker.wait()
    log = referee.store.read("deal", deal)
    moved = [e["seq"] for e in log if e["command_id"] == "bot:1"]
    assert moved == list(range(2, 2 + len(moved))) and moved  # one move, right after the deal
