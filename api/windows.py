"""Fixed-window counters in Redis, shared by every API process: the rate limit counts
requests, the quotas count work for the workers. Each request is charged to its client address
and to its bearer token (as a digest), and is refused when either is over."""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

import redis
from flask import request

from events import keys

from .addresses import client_address


@dataclass(frozen=True, slots=True)
class Window:
    """At most ``count`` units per ``seconds`` for each address and each token."""

    count: int
    seconds: int

    @classmethod
    def parse(cls, rule: str) -> Window | None:
        """``N/S`` (``N`` per ``S`` seconds; ``N`` alone is per second); ``off`` or empty:
        None. Raises ValueError for anything else, so a typo stops the server at start."""
        rule = rule.strip().lower()
        if rule in ("", "off"):
            return None
        count, _, seconds = rule.partition("/")
        window = cls(int(count), int(seconds or "1"))
        if window.count < 0 or window.seconds < 1:
            raise ValueError(f"not a limit: {rule!r} (use N/S, e.g. 100/3600, or off)")
        return window

    def retry_after(self) -> int:
        return max(1, self.seconds - int(time.time()) % self.seconds)


def clients() -> list[str]:
    """Who a request is charged to: its address and, with one, its bearer token's digest."""
    names = [f"addr:{client_address()}"]
    auth = request.headers.get("Authorization")
    if auth:
        names.append("token:" + hashlib.sha256(auth.encode()).hexdigest()[:32])
    return names


def charge(client: redis.Redis, purpose: str, window: Window, amount: int = 1) -> bool:
    """Add ``amount`` for every client of this request; True if all stay within the window.
    A refused charge is taken back, so a client over the limit does not stay over it."""
    number = int(time.time() // window.seconds)
    names = [keys.window_key(purpose, who, number) for who in clients()]
    pipe = client.pipeline(transaction=False)
    for name in names:
        pipe.incrby(name, amount)
        pipe.expire(name, window.seconds + 1)
    counts = pipe.execute()[::2]
    if max(counts) <= window.count:
        return True
    refund(client, names, amount)
    return False


def refund(client: redis.Redis, names: list[str], amount: int) -> None:
    pipe = client.pipeline(transaction=False)
    for name in names:
        pipe.decrby(name, amount)
    pipe.execute()


def uncharge(client: redis.Redis, purpose: str, window: Window, amount: int = 1) -> None:
    """Give back a charge whose work was refused after all (an invalid request)."""
    number = int(time.time() // window.seconds)
    refund(client, [keys.window_key(purpose, who, number) for who in clients()], amount)
