"""How many event streams one API process holds: per seat token, per address, in all; and how
many distinct deals one address follows at once, so that one address cannot take the deals a
process follows (``TRICKLOG_STREAM_DEALS_PER_PROCESS``) from everyone else (issue 32 item 6).

A stream costs the process a socket and a little memory, not a thread, but a client that opens
them without end would still run it out of sockets. The caps are counted per process (each
gunicorn process has its own ``StreamCaps``): the whole server holds at most ``processes ×
per_process``; a client whose connections land on several processes may hold up to that many
times its own cap. Beyond a cap the stream is refused before it starts: 429
``too-many-streams`` for one token or address (``limit`` names the cap: ``token``,
``address`` or ``deals``), 503 ``streams-full`` for the process.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from events.config import Settings

from . import metrics
from .problems import Problem

RETRY_AFTER_S = 5
# Streams set up at once in one process (their first reads of the store, on the streams' own
# connections), and how long one more waits its turn: a crowd opening one link at the same
# moment is served in turn or refused as ``streams-full``, never told that the store is down,
# and the connections moves need are never theirs (issue 32 item 1).
STARTS_AT_ONCE = 8
START_WAIT_S = 2.0


@dataclass
class StreamCaps:
    per_token: int
    per_address: int
    per_process: int
    deals_per_address: int = 20
    write_timeout: float = 30.0  # seconds a frame may wait for a watcher that stopped reading
    tokens: Counter[str] = field(default_factory=Counter)
    addresses: Counter[str] = field(default_factory=Counter)
    followed: dict[str, Counter[str]] = field(default_factory=dict)  # address: streams by deal
    total: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    starting: threading.BoundedSemaphore = field(
        default_factory=lambda: threading.BoundedSemaphore(STARTS_AT_ONCE))

    @classmethod
    def of(cls, settings: Settings) -> StreamCaps:
        return cls(settings.streams_per_token, settings.streams_per_address,
                   settings.streams_per_process, settings.stream_deals_per_address,
                   settings.stream_write_timeout)

    def acquire(self, token: str | None, address: str, deal_id: str) -> None:
        """Count one more stream on ``deal_id`` for ``token`` (None: a spectator) and
        ``address``, or raise the problem that refuses it."""
        with self.lock:
            self._check(token, address, deal_id)
            self.total += 1
            metrics.STREAMS.inc()
            self.addresses[address] += 1
            self.followed.setdefault(address, Counter())[deal_id] += 1
            if token is not None:
                self.tokens[token] += 1

    def _check(self, token: str | None, address: str, deal_id: str) -> None:
        """Raise the problem that refuses one more stream, if any cap is reached."""
        if self.total >= self.per_process:
            raise refused("streams-full", f"this server holds its {self.per_process} "
                           "event streams per process")
        if token is not None and self.tokens[token] >= self.per_token:
            raise refused("too-many-streams", f"at most {self.per_token} event streams "
                           "per seat token", limit="token")
        if self.addresses[address] >= self.per_address:
            raise refused("too-many-streams", f"at most {self.per_address} event "
                           "streams per address", limit="address")
        deals: Counter[str] = self.followed.get(address, Counter())
        if deal_id not in deals and len(deals) >= self.deals_per_address:
            raise refused("too-many-streams", f"at most {self.deals_per_address} deals "
                          "followed at once per address", limit="deals")

    @contextmanager
    def start(self) -> Iterator[None]:
        """One stream's set-up, at most ``STARTS_AT_ONCE`` at once; one more waits up to
        ``START_WAIT_S`` for its turn, then is refused (503 ``streams-full``)."""
        if not self.starting.acquire(timeout=START_WAIT_S):
            raise refused("streams-full", "too many event streams are starting at once on "
                          "this server process")
        try:
            yield
        finally:
            self.starting.release()

    def release(self, token: str | None, address: str, deal_id: str) -> None:
        with self.lock:
            self.total -= 1
            metrics.STREAMS.dec()
            _drop(self.addresses, address)
            deals = self.followed.get(address)
            if deals is not None:
                _drop(deals, deal_id)
                if not deals:
                    del self.followed[address]
            if token is not None:
                _drop(self.tokens, token)


def _drop(counts: Counter[str], key: str) -> None:
    counts[key] -= 1
    if counts[key] <= 0:
        del counts[key]


def refused(name: str, detail: str, **extra: Any) -> Problem:
    """A stream refused before it starts (a cap here, or the hub's deals per process)."""
    problem = Problem(name, detail, **extra)
    problem.headers["Retry-After"] = str(RETRY_AFTER_S)
    return problem
