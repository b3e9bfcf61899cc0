"""Keeping the move clocks, in every worker: a thread claims the deadlines that are due
(``events.deadlines``: atomically, each held for a lease) every ``TICK`` seconds and enforces
each (``events.referee.clocks.enforce``: ``timed_out`` and the bot's move, appended with the
turn's expected ``seq``). Several workers may keep clocks at once: a deadline is claimed by
one, and enforced once whoever claims it. A worker killed while holding a deadline lets it fall
due again when its lease ends; the sweeper adds back a deadline that a Redis restart lost.

The same tick enqueues the bot turns whose think time is over (``BotTurns.release``, kept the
same way in ``workers.turn_timers``): a bot's think time holds no worker."""

from __future__ import annotations

import logging
import threading

from events.deadlines import parse
from events.referee import Referee, clocks

from .turns import BotTurns

log = logging.getLogger("tricklog.workers.clocks")
TICK = 0.1
LEASE_MS = 10_000
BATCH = 50


class ClockKeeper:
    def __init__(self, referee: Referee, tick: float = TICK, lease_ms: int = LEASE_MS,
                 turns: BotTurns | None = None) -> None:
        self.referee, self.tick_seconds, self.lease_ms = referee, tick, lease_ms
        self.turns = turns
        self.stopping = threading.Event()

    def tick(self) -> dict[str, str]:
        """Claim and enforce the due deadlines (their outcomes), and enqueue the bot turns
        whose think time is over."""
        store = self.referee.store
        now_ms = int(self.referee.now().timestamp() * 1000)
        if self.turns is not None:
            try:
                self.turns.release(now_ms, self.lease_ms)
            except Exception:  # kept: a claimed turn falls due again; the deadlines go on
                log.warning("could not release bot turns", exc_info=True)
        done = {}
        for raw in store.deadlines.claim(now_ms, self.lease_ms, BATCH):
            try:
                done[raw] = clocks.enforce(self.referee, *parse(raw))
            except Exception:  # kept: its lease runs out and it is tried again
                log.exception("could not enforce a deadline", extra={"deadline": raw})
                continue
            if done[raw] != "early":
                store.deadlines.drop(raw)
        return done

    def run(self) -> None:
        while not self.stopping.wait(self.tick_seconds):
            try:
                self.tick()
            except Exception:  # Redis away: the next tick tries again
                log.warning("clock tick failed", exc_info=True)

    def start(self) -> threading.Thread:
        thread = threading.Thread(target=self.run, name="clock-keeper", daemon=True)
        thread.start()
        return thread
