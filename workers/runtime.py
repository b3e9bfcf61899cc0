"""The objects a job needs, built once per worker process from the environment.

Tests running a ``SimpleWorker`` in-process call ``configure`` with their own referee."""

from __future__ import annotations

import os

import redis
from rq import Queue, Retry
from rq.serializers import JSONSerializer

from events.config import Settings, connect
from events.service import Referee
from events.store import EventStore

QUEUE_NAME = "tricklog"
_referee: Referee | None = None


def queue_for(connection: redis.Redis) -> Queue:
    return Queue(QUEUE_NAME, connection=connection, serializer=JSONSerializer)


def turn_hook(queue: Queue):  # type: ignore[no-untyped-def]
    """The notifier a referee calls when a bot seat is to act: enqueue one job per turn.

    The job id names the deal and ``seq``, and the job appends with that expected ``seq`` and
    its id as idempotency key, so a duplicate or retried job can never move twice."""
    from .bots import play_bot_turn

    def enqueue(deal_id: str, seq: int, seat: int) -> None:
        job_id = f"bot-{deal_id.replace('.', '_')}-{seq}"
        queue.enqueue(play_bot_turn, deal_id, seq, seat, job_id=job_id, result_ttl=60,
                      failure_ttl=3600, retry=Retry(max=3))  # at least once; idempotent

    return enqueue


def build_referee(settings: Settings) -> Referee:
    assert settings.redis_url, "TRICKLOG_REDIS_URL must be set for a worker"
    store = EventStore(connect(settings.redis_url))
    queue = queue_for(connect(settings.queue_url or settings.redis_url))
    return Referee(store, on_turn=turn_hook(queue))


def configure(referee: Referee | None) -> None:
    global _referee
    _referee = referee


def referee() -> Referee:
    global _referee
    if _referee is None:
        _referee = build_referee(Settings.from_env())
    return _referee


def bot_delay() -> float:
    return Settings.from_env().bot_delay


def webhook_timeout() -> float:
    """``TRICKLOG_WEBHOOK_TIMEOUT`` seconds (default 2) for a webhook bot to answer."""
    return float(os.environ.get("TRICKLOG_WEBHOOK_TIMEOUT", "2"))
