"""Composition, for the API and the workers alike: ``compose`` builds the referee (store, queue,
bot-turn hooks and the clock) and nothing else does. A worker process composes one at start
(``tricklog worker``) and ``configure``s it for its jobs; tests running a ``SimpleWorker``
in-process configure their own."""

from __future__ import annotations

import gc
from collections.abc import Callable

import redis
from rq import Queue

from events.config import Settings, connect
from events.referee import Referee, utc_now
from events.store import EventStore

from .serializer import OrjsonSerializer
from .turns import BotTurns

QUEUE_NAME = "tricklog"
Clock = Callable[[], str]
_referee: Referee | None = None


def queue_for(connection: redis.Redis) -> Queue:
    return Queue(QUEUE_NAME, connection=connection, serializer=OrjsonSerializer)


def turn_hook(queue: Queue, settings: Settings | None = None, *, timers: bool = False
              ) -> BotTurns:
    """The notifier a referee calls when a bot seat is to act: enqueue one job per turn
    (``workers.turns``: a duplicate or retried job can never move twice), a webhook bot's on
    a queue of its own; with ``timers``, once the bot's think time is over (the workers'
    clock keepers enqueue it then)."""
    return BotTurns(queue, settings, timers=timers)


def compose(settings: Settings, *, client: redis.Redis | None = None,
            queue_client: redis.Redis | None = None, clock: Clock = utc_now) -> Referee:
    """The referee over ``client`` (else ``TRICKLOG_REDIS_URL``) with its bot turns queued on
    ``queue_client`` (else ``TRICKLOG_QUEUE_URL``, else the same Redis), stamping by ``clock``."""
    if client is None:
        assert settings.redis_url, "TRICKLOG_REDIS_URL must be set"
        client = connect(settings.redis_url)
    if queue_client is None:
        queue_client = connect(settings.queue_url) if settings.queue_url else client
    turns = turn_hook(queue_for(queue_client), settings, timers=True)
    return Referee(EventStore(client), clock=clock, on_turn=turns, on_stall=turns.ensure)


def configure(referee: Referee | None) -> None:
    global _referee
    _referee = referee


def referee() -> Referee:
    global _referee
    if _referee is None:
        _referee = compose(Settings.from_env())
    return _referee


def settings() -> Settings:
    """The worker's settings, read when a job asks (so a test may set them per job)."""
    return Settings.from_env()


def settle_heap() -> None:
    """Take every object alive now (the code imported, the referee composed) out of the
    garbage collector's sight (``gc.freeze``), once a worker is set up and before its first
    job: a job's collections then walk only what the job made, not the whole program each
    time (a replay job's views are thousands of objects that live until it ends, and each
    full collection walked some 45,000 more: 7 to 10% of the job), and a forked work horse
    leaves the worker's pages shared (what Python's ``gc`` documentation advises for a server
    that forks)."""
    gc.collect()
    gc.freeze()
