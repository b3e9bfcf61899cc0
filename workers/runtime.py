"""The objects a job needs, built once per worker process from the environment.

Tests running a ``SimpleWorker`` in-process call ``configure`` with their own referee."""

from __future__ import annotations

import redis
from rq import Queue
from rq.serializers import JSONSerializer

from events.config import Settings, connect
from events.referee import Referee
from events.store import EventStore

from .turns import BotTurns

QUEUE_NAME = "tricklog"
_referee: Referee | None = None


def queue_for(connection: redis.Redis) -> Queue:
    return Queue(QUEUE_NAME, connection=connection, serializer=JSONSerializer)


def turn_hook(queue: Queue, settings: Settings | None = None) -> BotTurns:
    """The notifier a referee calls when a bot seat is to act: enqueue one job per turn
    (``workers.turns``: a duplicate or retried job can never move twice), a webhook bot's on
    a queue of its own."""
    return BotTurns(queue, settings)


def build_referee(settings: Settings) -> Referee:
    assert settings.redis_url, "TRICKLOG_REDIS_URL must be set for a worker"
    store = EventStore(connect(settings.redis_url))
    queue = queue_for(connect(settings.queue_url or settings.redis_url))
    turns = turn_hook(queue, settings)
    return Referee(store, on_turn=turns, on_stall=turns.ensure)


def configure(referee: Referee | None) -> None:
    global _referee
    _referee = referee


def referee() -> Referee:
    global _referee
    if _referee is None:
        _referee = build_referee(Settings.from_env())
    return _referee


def settings() -> Settings:
    """The worker's settings, read when a job asks (so a test may set them per job)."""
    return Settings.from_env()
