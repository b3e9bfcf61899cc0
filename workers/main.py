"""``tricklog worker``: one RQ worker of the three kinds, composed the way the API is
(``runtime.compose``): the built-in bots' turns with the sweeper and the move clocks, the
webhook bots' turns (``--webhooks``: a slow third-party bot never holds the others), or the
deal analyses (``--analyses``: minutes of CPU that no bot's turn should wait behind)."""

from __future__ import annotations

import os
import socket

from rq import Worker

from events.config import Settings

from . import runtime
from .analyses import queue_beside
from .clocks import ClockKeeper
from .ladder import Ladder
from .sweeper import Sweeper, SweepingWorker
from .turns import JOB_MONITORING_INTERVAL, BotTurns


def run(settings: Settings, *, burst: bool, webhooks: bool, analyses: bool) -> None:
    """Work the chosen queue until stopped (or, with ``burst``, until it is empty)."""
    referee = runtime.compose(settings)
    runtime.configure(referee)  # the jobs' referee: this one, inherited by each job's fork
    turns = referee.on_turn
    assert isinstance(turns, BotTurns)
    runtime.settle_heap()
    if analyses:
        queue = queue_beside(turns.queue)
        Worker([queue], connection=queue.connection, serializer=queue.serializer).work(
            burst=burst, with_scheduler=False)
        return
    ClockKeeper(referee, lease_ms=int(settings.clock_lease * 1000), turns=turns).start()
    name = f"{socket.gethostname()}:{os.getpid()}"
    queue = turns.webhooks if webhooks else turns.queue
    worker = SweepingWorker([queue], connection=turns.queue.connection,
                            serializer=turns.queue.serializer,
                            sweeper=Sweeper(referee, turns.ensure, name,
                                            abandoned_days=settings.retention_abandoned_days),
                            ladder=Ladder.from_env(referee, name),
                            job_monitoring_interval=JOB_MONITORING_INTERVAL,
                            maintenance_interval=60)
    worker.work(burst=burst, with_scheduler=False)
