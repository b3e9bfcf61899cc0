"""Bot turns on the queue: one job per turn, and a check that a turn has one.

A bot seat's turn is a job whose id names the deal and ``seq``; the job appends with that
expected ``seq`` and the idempotency key ``bot:<seq>``, so however often a turn is enqueued the
bot moves once. ``ensure`` enqueues a turn only when no job will play it: none was ever queued
(a failed enqueue, a Redis restart), it failed, or it was started by a worker that has died
(no heartbeat within ``LEASE`` seconds).
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from rq import Queue, Retry
from rq.exceptions import NoSuchJobError
from rq.job import Job
from rq.utils import utcparse

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
    check a sweeper or a read makes (``ensure``)."""

    def __init__(self, queue: Queue) -> None:
        self.queue = queue

    def __call__(self, deal_id: str, seq: int, seat: int) -> None:
        # By name: the job module needs the runtime, which needs this; no import circle.
        self.queue.enqueue(PLAY_BOT_TURN, deal_id, seq, seat, job_id=job_id(deal_id, seq),
                           result_ttl=60, failure_ttl=3600,
                           retry=Retry(max=3))  # at least once; idempotent

    def ensure(self, deal_id: str, seq: int, seat: int) -> bool:
        """Enqueue the turn unless a job will play it; True if it was enqueued."""
        ident = job_id(deal_id, seq)
        status, enqueued, started, beat = self.queue.connection.hmget(
            Job.key_for(ident), "status", "enqueued_at", "started_at", "last_heartbeat")
        if status in WAITING:
            return False
        if status == b"queued" and (_fresh(enqueued) or self._in_queue(ident)):
            return False
        if status == b"started" and (_fresh(beat) or _fresh(started)):
            return False
        if status == b"failed":
            self.queue.failed_job_registry.remove(ident)
        self(deal_id, seq, seat)
        log.warning("bot turn had no job; enqueued", extra={
            "deal": deal_id, "seq": seq, "seat": seat,
            "job_status": status.decode() if status else None})
        return True

    def _in_queue(self, ident: str) -> bool:
        return self.queue.connection.lpos(self.queue.key, ident) is not None


def _fresh(stamp: bytes | None) -> bool:
    """Whether an RQ timestamp is less than LEASE seconds old."""
    if not stamp:
        return False
    try:
        when = utcparse(stamp.decode())
    except ValueError:
        return False
    return (datetime.now(UTC) - when.replace(tzinfo=UTC)).total_seconds() < LEASE
