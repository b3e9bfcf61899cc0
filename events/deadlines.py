"""The deadlines of clocked turns, kept in Redis for the workers (``keys.deadlines_key``).

A turn's deadline is added when the move before it is committed (and again by the sweeper if
a Redis restart lost it). A worker claims due deadlines atomically (one script: the due members
get a new score, now plus a lease), enforces each and drops it; a worker that dies holding one
lets it fall due again when the lease runs out. Enforcing is an append with the turn's expected
``seq``, so a deadline claimed twice is still enforced once."""

from __future__ import annotations

from typing import Any, cast

import redis

from . import keys

CLAIM = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
for _, member in ipairs(due) do redis.call('ZADD', KEYS[1], 'XX', ARGV[2], member) end
return due
"""


def member(deal_id: str, seq: int, seat: int) -> str:
    return f"{deal_id}|{seq}|{seat}"


def parse(raw: str) -> tuple[str, int, int]:
    deal_id, seq, seat = raw.rsplit("|", 2)
    return deal_id, int(seq), int(seat)


class Deadlines:
    def __init__(self, client: redis.Redis) -> None:
        self._redis = client
        self._claim = client.register_script(CLAIM)

    def add(self, deal_id: str, seq: int, seat: int, due_ms: int, *, only_new: bool = False
            ) -> None:
        self._redis.zadd(keys.deadlines_key(), {member(deal_id, seq, seat): due_ms},
                         nx=only_new)

    def claim(self, now_ms: int, lease_ms: int, count: int = 50) -> list[str]:
        """Up to ``count`` deadlines due at ``now_ms``, each held for ``lease_ms``."""
        due = cast(list[Any], self._claim(keys=[keys.deadlines_key()],
                                          args=[now_ms, now_ms + lease_ms, count]))
        return [d.decode() if isinstance(d, bytes) else d for d in due]

    def drop(self, raw: str) -> None:
        self._redis.zrem(keys.deadlines_key(), raw)

    def pending(self) -> int:
        return int(self._redis.zcard(keys.deadlines_key()))
