"""A bot's think time holds no worker (issue 28): a bot turn waits it out in the timers
(``workers.turn_timers``) and a clock keeper enqueues it once it is over, so one worker plays
many tables' bots without sleeping for any of them. The turn is still played once, no sooner
than the think time after its event, and is never lost: a turn waiting in the timers is not
enqueued again by a read or the sweeper, and one claimed by a worker that died falls due again.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
import redis
from rq import SimpleWorker
from rq.job import Job

from events.config import Settings
from events.redis_server import RedisServer
from events.referee import Referee, deals, matches
from workers import runtime
from workers.clocks import ClockKeeper
from workers.sweeper import sweep
from workers.turns import BotTurns

THINK = 0.15
BOTS = [{"name": "a", "bot": "random"}, {"name": "b", "bot": "random"}]


@pytest.fixture
def timed(redis_server: RedisServer, redis_client: redis.Redis,
          monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Referee, BotTurns]]:
    """The composition the API and the workers run (timers on), with a think time."""
    monkeypatch.setenv("TRICKLOG_BOT_MIN_THINK", str(THINK))
    referee = runtime.compose(Settings.from_env(redis_url=redis_server.url), client=redis_client)
    runtime.configure(referee)
    assert isinstance(referee.on_turn, BotTurns)
    yield referee, referee.on_turn
    runtime.configure(None)


def stamp(at: str) -> datetime:
    return datetime.fromisoformat(at)


def test_a_bot_turn_is_enqueued_only_when_its_think_time_is_over(
        timed: tuple[Referee, BotTurns]) -> None:
    referee, turns = timed
    created = matches.create(referee, ruleset="sedma", players=2, seed="timers",
                             options={"target_stakes": 1}, seats=BOTS)
    deal = created["deal"]["id"]
    assert turns.queue.count == 0 and turns.timers is not None and turns.timers.pending() == 1
    assert sweep(referee, turns.ensure) == []  # waiting is not lost
    deals.view(referee, deal, None)  # nor does a read enqueue it
    assert turns.queue.count == 0
    keeper, worker = ClockKeeper(referee, turns=turns), SimpleWorker(
        [turns.queue], connection=turns.queue.connection, serializer=turns.queue.serializer)
    released = 0
    while not deals.is_over(referee, deal):
        keeper.tick()
        for job in turns.queue.get_jobs():  # each enqueued after its turn's think time
            seq = job.args[1]
            began = referee.store.read("deal", deal, after=seq - 1, upto=seq)[0]["at"]
            assert job.enqueued_at is not None
            enqueued = job.enqueued_at.replace(tzinfo=stamp(began).tzinfo)
            assert enqueued >= stamp(began) + timedelta(seconds=THINK, milliseconds=-1)
            released += 1
        worker.work(burst=True)
        time.sleep(0.02)
    log = referee.store.read("deal", deal)
    bot = [e for e in log if e["command_id"] == f"bot:{e['seq'] - 1}"]
    assert released == len(bot) and len({e["seq"] for e in bot}) == len(bot)
    for move in bot:
        waited = stamp(move["at"]) - stamp(log[move["seq"] - 2]["at"])
        assert waited >= timedelta(seconds=THINK)
    assert turns.timers.pending() == 0


def test_a_turn_claimed_by_a_worker_that_died_falls_due_again(
        timed: tuple[Referee, BotTurns], redis_client: redis.Redis) -> None:
    referee, turns = timed
    created = matches.create(referee, ruleset="sedma", players=2, seed="died",
                             options={"target_stakes": 1}, seats=BOTS)
    deal = created["deal"]["id"]
    assert turns.timers is not None
    later = int(referee.now().timestamp() * 1000) + 60_000
    assert len(turns.timers.claim(later, lease_ms=5_000)) == 1  # then the worker dies
    assert turns.release(later + 4_000, lease_ms=5_000) == 0  # still held
    assert sweep(referee, turns.ensure) == [] and turns.queue.count == 0
    assert turns.release(later + 5_000, lease_ms=5_000) == 1
    assert turns.queue.count == 1 and turns.timers.pending() == 0
    ident = turns.queue.get_job_ids()[0]
    assert Job.fetch(ident, connection=redis_client, serializer=turns.queue.serializer
                     ).args[:2] == [deal, 1]
