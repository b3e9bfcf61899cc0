"""Finding bot turns that no job will play, from inside the worker.

A bot turn is enqueued when the move before it is made; if that enqueue failed (Redis
restarting), or the job died with its worker, nobody would ever play the turn. Every
``SWEEP_INTERVAL`` seconds one worker (a lock in Redis) goes through the matches (every match
made since move clocks: a deal over with no next one is the sweeper's to start, reads append
nothing) that are not over (``keys.live_bot_matches_key``): it brings each match up to date (a
deal that ended without the next one started) and, when the current deal has a bot seat to act,
makes sure a job will play it (``BotTurns.ensure``); a person's clocked turn gets its deadline
back if a Redis restart lost it (``turns.watch``). Matches found over leave the set (the deal
of a forfeit closed first, ``clocks.close_forfeited``, if a worker was cut before). Jobs stay
exactly-once (expected ``seq`` plus idempotency key), so a turn enqueued twice moves once.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from typing import Any

from rq import Queue, Worker
from rq.job import Job
from rq.worker import WorkerStatus

from events.referee import NotFound, Referee, clocks, deals, matches, turns

from .retention import RETENTION_INTERVAL, expire_abandoned
from .turns import PLAY_BOT_TURN, WEBHOOK_QUEUE_NAME

log = logging.getLogger("tricklog.workers.sweeper")
SWEEP_INTERVAL = 2
PAGE = 500

Ensure = Callable[[str, int, int, str], bool]


def live_matches(referee: Referee) -> Iterator[str]:
    start = 0
    while True:
        page = referee.store.live_bot_matches(start, PAGE)
        yield from page
        if len(page) < PAGE:
            return
        start += PAGE


def sweep(referee: Referee, ensure: Ensure) -> list[str]:
    """One pass over the live bot matches; the deals whose turn had to be enqueued."""
    kicked = []
    for match_id in list(live_matches(referee)):
        try:
            deal = sweep_match(referee, ensure, match_id)
        except NotFound:
            referee.store.forget_live(match_id)
            continue
        except Exception:  # one broken match must not stop the others
            log.exception("could not sweep a match", extra={"match": match_id})
            continue
        if deal is not None:
            kicked.append(deal)
    return kicked


def sweep_match(referee: Referee, ensure: Ensure, match_id: str) -> str | None:
    state = matches.advance(referee, match_id)
    if state.status != "playing":  # a forfeit's deal left open by a worker cut: closed now
        clocks.close_forfeited(referee, state.deals[-1]["id"])
        referee.store.forget_live(match_id)
        return None
    deal = deals.load(referee, state.deals[-1]["id"])
    turn = deal.state.turn
    bot = deal.meta.acting_bot(turn)
    if turn is None or not bot:
        turns.watch(referee, deal.id, deal.seq, turn, deal.meta, only_new=True)  # a lost one
        return None
    return deal.id if ensure(deal.id, deal.seq, turn, bot) else None


class Sweeper:
    """Runs ``sweep`` at most every ``interval`` seconds, and in one worker at a time."""

    def __init__(self, referee: Referee, ensure: Ensure, name: str,
                 interval: float = SWEEP_INTERVAL, abandoned_days: float = 0.0) -> None:
        self.referee, self.ensure, self.name, self.interval = referee, ensure, name, interval
        self.last = float("-inf")
        self.abandoned_days, self.last_retention = abandoned_days, float("-inf")

    def maybe(self) -> None:
        now = time.monotonic()
        if now - self.last < self.interval:
            return
        self.last = now
        try:
            if self.referee.store.take_sweep_lock(self.name, int(self.interval * 1000)):
                kicked = sweep(self.referee, self.ensure)
                if kicked:
                    log.warning("swept lost bot turns", extra={"deals": kicked})
                if now - self.last_retention >= RETENTION_INTERVAL:
                    self.last_retention = now
                    expire_abandoned(self.referee, self.abandoned_days)
        except Exception:  # Redis away: the next pass tries again
            log.warning("sweep failed", exc_info=True)


class SweepingWorker(Worker):
    """An RQ worker that sweeps (and plays the bots' ladder, ``workers/ladder.py``) between jobs
    and while it waits for one: its wait for the next job is cut into ``SWEEP_INTERVAL``
    slices.

    A built-in bot's turn runs in this process, without a work horse: it is our own code, a
    few ms to a few hundred of CPU (its think time was waited out before it was enqueued,
    ``workers.turn_timers``), where forking a horse for it costs tens of ms more, and one
    worker plays every table's bots one after another. RQ's timeout still cuts it off (an
    alarm in this process), and a worker killed in the middle of it leaves a started job
    without heartbeat that ``BotTurns.ensure`` enqueues again, as with a horse. Webhook bots'
    turns (calls to someone else's server), audits and replays fork as RQ does."""

    def __init__(self, *args: Any, sweeper: Sweeper, ladder: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sweeper, self.ladder = sweeper, ladder  # ladder: workers.ladder.Ladder

    def _periodic(self) -> None:
        self.sweeper.maybe()
        if self.ladder is not None:
            self.ladder.maybe()

    def execute_job(self, job: Job, queue: Queue) -> None:
        if job.func_name != PLAY_BOT_TURN or queue.name == WEBHOOK_QUEUE_NAME:
            super().execute_job(job, queue)
            return
        execution = self.prepare_execution(job)
        self.perform_job(job, queue, execution)
        self.set_state(WorkerStatus.IDLE)

    def dequeue_job_and_maintain_ttl(self, timeout: int | None,
                                     max_idle_time: int | None = None) -> Any:
        if timeout is None or max_idle_time is not None:  # burst, or an idle limit: as RQ
            self._periodic()
            return super().dequeue_job_and_maintain_ttl(timeout, max_idle_time)
        wait = max(1, int(self.sweeper.interval))
        while True:
            self._periodic()
            result = super().dequeue_job_and_maintain_ttl(wait, max_idle_time=wait)
            if result is not None:
                return result
