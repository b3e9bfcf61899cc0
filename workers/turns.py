"""Bot turns on the queue: one job per turn, and a check that a turn has one.

A bot seat's turn is a job whose id names the deal and ``seq``; the job appends with that
expected ``seq`` and the idempotency key ``bot:<seq>``, so however often a turn is enqueued the
bot moves once. ``ensure`` enqueues a turn only when no job will play it: none was ever queued
(a failed enqueue, a Redis restart), it failed, or it was started by a worker that has died
(no heartbeat within ``LEASE`` seconds).
"""

from __future__ import annotations

import logging
import math
import time
from datetime import UTC, datetime

from rq import Queue, Retry
from rq.exceptions import NoSuchJobError
from rq.job import Job
from rq.utils import utcparse

from events.config import Settings

from .turn_timers import TurnTimers, parse

log = logging.getLogger("tricklog.workers.turns")

# A forking worker refreshes a running job's heartbeat every JOB_MONITORING_INTERVAL seconds
# (``tricklog worker`` sets it); a started job silent for LEASE seconds has lost its worker.
JOB_MONITORING_INTERVAL = 5
LEASE = 3 * JOB_MONITORING_INTERVAL
# statuses under which the turn's job will still run (or has run: a finished job at the
# deal's current seq is a read that raced the job, not a lost turn)
WAITING = {b"deferred", b"scheduled", b"finished"}
PLAY_BOT_TURN = "workers.bots.play_bot_turn"
JOB_PREFIX = "bot-"
# Webhook bots' turns go on a queue of their own, taken by workers of their own
# (``tricklog worker --webhooks``): a slow bot holds only those, never the workers that play
# the built-in bots, audits and replays; and its job is cut off soon (``webhook_job_timeout``).
WEBHOOK_QUEUE_NAME = "tricklog-webhooks"
WEBHOOK_JOB_MARGIN = 10  # seconds a webhook job may take beyond its call and its think time


# TRICKLOG_BOT_MIN_THINK is cut to this, well under the lease a started job holds without a
# heartbeat (a worker that does not fork beats none while a job runs)
MAX_MIN_THINK = LEASE / 3


def think_time(settings: Settings) -> float:
    """Seconds from the turn's event to the bot's move, at least: the minimum think time (so a
    forced move looks like any other) or, when larger, ``TRICKLOG_BOT_DELAY`` (pacing bots for
    people to watch)."""
    return max(min(settings.bot_min_think, MAX_MIN_THINK), settings.bot_delay, 0.0)


def webhook_job_timeout(settings: Settings) -> int:
    """RQ's timeout for a webhook bot's turn: its think time, one call's deadline, a margin."""
    return math.ceil(think_time(settings) + settings.webhook_timeout) + WEBHOOK_JOB_MARGIN


def job_id(deal_id: str, seq: int) -> str:
    return f"{JOB_PREFIX}{deal_id.replace('.', '_')}-{seq}"


def served_job(queue: Queue, ident: str) -> Job:
    """The job ``ident`` as ``GET /v1/jobs/{id}`` may serve it. A bot's move job is as good as
    unknown (``NoSuchJobError``, with no look-up for a bot's id): its status and result would
    tell when and what the bot chose (issue 26)."""
    if ident.startswith(JOB_PREFIX):
        raise NoSuchJobError(ident)
    job = Job.fetch(ident, connection=queue.connection, serializer=queue.serializer)
    if job.func_name == PLAY_BOT_TURN:
        raise NoSuchJobError(ident)
    return job


class BotTurns:
    """The notifier a referee calls when a bot seat is to act (``__call__``: enqueue), and the
    check a sweeper or a read makes (``ensure``). A webhook bot's turn (``bot`` a ``wb_`` id)
    goes on ``webhooks``, a queue beside ``queue`` with the same connection.

    With ``timers`` (the composition of the API and the workers, whose clock keepers
    ``release`` them), a turn with a think time waits it out in ``workers.turn_timers`` and is
    enqueued when it may be played: no worker sleeps through a bot's think time. Without, the
    job is enqueued at once and waits the rest of the think time itself (``workers.bots``),
    as a turn enqueued late by ``ensure`` does."""

    def __init__(self, queue: Queue, settings: Settings | None = None, *,
                 timers: bool = False) -> None:
        self.queue = queue
        self.webhooks = Queue(WEBHOOK_QUEUE_NAME, connection=queue.connection,
                              serializer=queue.serializer)
        self.settings = settings
        self.timers = TurnTimers(queue.connection) if timers else None

    def queue_of(self, bot: str) -> Queue:
        return self.webhooks if bot.startswith("wb_") else self.queue

    def __call__(self, deal_id: str, seq: int, seat: int, bot: str = "") -> None:
        think = think_time(self.settings or Settings.from_env())
        if self.timers is not None and think > 0:  # the move was stamped before now
            due_ms = math.ceil((time.time() + think) * 1000)
            self.timers.add(deal_id, seq, seat, bot, due_ms)
            return
        self.enqueue(deal_id, seq, seat, bot)

    def enqueue(self, deal_id: str, seq: int, seat: int, bot: str = "") -> None:
        # By name: the job module needs the runtime, which needs this; no import circle.
        timeout = None
        if bot.startswith("wb_"):
            timeout = webhook_job_timeout(self.settings or Settings.from_env())
        self.queue_of(bot).enqueue(
            PLAY_BOT_TURN, deal_id, seq, seat, job_id=job_id(deal_id, seq), result_ttl=60,
            failure_ttl=3600, job_timeout=timeout, retry=Retry(max=3))  # at least once

    def release(self, now_ms: int, lease_ms: int, count: int = 50) -> int:
        """Enqueue the turns whose think time is over at ``now_ms`` (a clock keeper's tick);
        how many. A turn claimed here is held ``lease_ms``: if this worker dies before it is
        enqueued, it falls due again."""
        if self.timers is None:
            return 0
        claimed = self.timers.claim(now_ms, lease_ms, count)
        for raw in claimed:
            deal_id, seq, seat, bot = parse(raw)
            if self.queue.connection.hget(Job.key_for(job_id(deal_id, seq)), "status") is None:
                self.enqueue(deal_id, seq, seat, bot)
            else:  # a job exists (a claim that outlived its worker): only if it is lost
                self._ensure_job(deal_id, seq, seat, bot)
            self.timers.drop(raw)
        return len(claimed)

    def ensure(self, deal_id: str, seq: int, seat: int, bot: str = "") -> bool:
        """Enqueue the turn unless a job will play it (or it waits out its think time in
        the timers); True if it was enqueued."""
        if self.timers is not None and self.timers.waiting(deal_id, seq, seat, bot):
            return False
        return self._ensure_job(deal_id, seq, seat, bot)

    def _ensure_job(self, deal_id: str, seq: int, seat: int, bot: str) -> bool:
        ident, queue = job_id(deal_id, seq), self.queue_of(bot)
        status, enqueued, started, beat = self.queue.connection.hmget(
            Job.key_for(ident), "status", "enqueued_at", "started_at", "last_heartbeat")
        if status in WAITING:
            return False
        if status == b"queued" and (_fresh(enqueued) or self._in_queue(queue, ident)):
            return False
        if status == b"started" and (_fresh(beat) or _fresh(started)):
            return False
        if status == b"failed":
            queue.failed_job_registry.remove(ident)
        self.enqueue(deal_id, seq, seat, bot)
        log.warning("bot turn had no job; enqueued", extra={
            "deal": deal_id, "seq": seq, "seat": seat,
            "job_status": status.decode() if isinstance(status, bytes) else status})
        return True

    @staticmethod
    def _in_queue(queue: Queue, ident: str) -> bool:
        return queue.connection.lpos(queue.key, ident) is not None


def _fresh(stamp: bytes | str | None) -> bool:
    """Whether an RQ timestamp is less than LEASE seconds old."""
    if not stamp:
        return False
    try:
        when = utcparse(stamp.decode() if isinstance(stamp, bytes) else stamp)
    except ValueError:
        return False
    return (datetime.now(UTC) - when.replace(tzinfo=UTC)).total_seconds() < LEASE
