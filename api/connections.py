"""Admission of connections in the gevent worker, before any request is read (issue 32 item 5).

An idle connection costs the worker one of its ``--worker-connections`` slots; without a limit
a few tens of thousands of sockets that never send a request take every slot and the API is
unreachable for everyone. So each connection is admitted here first:

- **per address**: one peer address holds at most ``TRICKLOG_CONNECTIONS_PER_ADDRESS``
  connections per API process at once (open event streams included); one more is answered
  ``429 too-many-connections`` with ``Retry-After`` and closed at once. This counts the
  connection's peer (``X-Forwarded-For`` is not read yet): behind a proxy, raise it.
- **header-read time-out**: a connection must have sent its request's headers within
  ``TRICKLOG_HEADER_TIMEOUT`` seconds of being accepted, else it is closed without an answer
  (the body and the response, an event stream's included, are not bound by it).
- **requests per kept connection**: the ``TRICKLOG_REQUESTS_PER_CONNECTION``-th answer on a
  connection says ``Connection: close`` (nginx's ``keepalive_requests``). A kept connection
  stays with the process that accepted it, and a client that opens many at once (a proxy's
  pool, a bot farm) can find most of them on one process; reconnecting now and then deals
  them again, to whichever process is free to accept (issue 33).
"""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

from gunicorn.http.errors import NoMoreData

RETRY_AFTER_S = 5


class HeadersTooSlow(NoMoreData):  # type: ignore[misc]
    """The header-read time-out: gunicorn closes the connection quietly, as for a client
    that went away before its request was complete."""


class Admission:
    """Connections open per peer address in this process, and each connection's header
    timer until its request's headers are in."""

    def __init__(self, per_address: int, header_timeout: float,
                 requests_per_connection: int) -> None:
        self.per_address, self.header_timeout = per_address, header_timeout
        self.requests_per_connection = requests_per_connection
        self.open: Counter[str] = Counter()
        self.timers: dict[Any, Any] = {}
        self.lock = threading.Lock()

    def enter(self, address: str) -> bool:
        with self.lock:
            if self.open[address] >= self.per_address:
                return False
            self.open[address] += 1
            return True

    def leave(self, address: str) -> None:
        with self.lock:
            self.open[address] -= 1
            if self.open[address] <= 0:
                del self.open[address]

    def start_timer(self, client: Any) -> None:
        """Bound the wait for this connection's headers (in its own greenlet)."""
        import gevent  # only the gevent worker admits connections

        timer = gevent.Timeout(self.header_timeout, HeadersTooSlow(b"(request headers)"))
        timer.start()
        self.timers[client] = timer

    def headers_read(self, client: Any) -> None:
        timer = self.timers.pop(client, None)
        if timer is not None:
            timer.close()


def peer_address(addr: Any) -> str:
    """The peer's address (a Unix socket's peer has none: one name for all)."""
    return str(addr[0]) if isinstance(addr, tuple) and addr else "unix"
