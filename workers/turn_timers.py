"""Bot turns waiting out their think time without holding a worker.

A bot may not move sooner than its think time after the event that made it its turn
(``turns.think_time``, issue 26). A job that slept that time out would hold its worker, and one
worker would play a room's bots one after another. So the turn is kept here until it may be
played, a sorted set in the queue's Redis (``<deal id>|<seq>|<seat>|<bot>`` -> epoch ms), and
the workers' clock keepers (``workers.clocks``) enqueue it when it falls due. The claim is the
move clocks' (``events.deadlines.CLAIM``): one script takes the due members and moves their
score on by a lease, so a worker that dies holding one lets it fall due again; a turn enqueued
twice still moves once (its job id and the idempotency key ``bot:<seq>``)."""

from __future__ import annotations

from typing import Any, cast

import redis

from events.deadlines import CLAIM

TIMERS_KEY = "tl:bot-turns"


def member(deal_id: str, seq: int, seat: int, bot: str) -> str:
    return f"{deal_id}|{seq}|{seat}|{bot}"


def parse(raw: str) -> tuple[str, int, int, str]:
    deal_id, seq, seat, bot = raw.split("|", 3)
    return deal_id, int(seq), int(seat), bot


class TurnTimers:
    def __init__(self, client: redis.Redis) -> None:
        self._redis = client
        self._claim = client.register_script(CLAIM)

    def add(self, deal_id: str, seq: int, seat: int, bot: str, due_ms: int) -> None:
        self._redis.zadd(TIMERS_KEY, {member(deal_id, seq, seat, bot): due_ms})

    def waiting(self, deal_id: str, seq: int, seat: int, bot: str) -> bool:
        """Whether the turn waits here (due or not: a claimed one is being enqueued)."""
        return self._redis.zscore(TIMERS_KEY, member(deal_id, seq, seat, bot)) is not None

    def claim(self, now_ms: int, lease_ms: int, count: int = 50) -> list[str]:
        due = cast(list[Any], self._claim(keys=[TIMERS_KEY],
                                          args=[now_ms, now_ms + lease_ms, count]))
        return [d.decode() if isinstance(d, bytes) else d for d in due]

    def drop(self, raw: str) -> None:
        self._redis.zrem(TIMERS_KEY, raw)

    def pending(self) -> int:
        return int(self._redis.zcard(TIMERS_KEY))
