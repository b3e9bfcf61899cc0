"""The pool's "is this connection clean?" check without a trip through gevent's hub (issue 33).

Before every command, redis-py's ``ConnectionPool.get_connection`` asks the connection whether
it can read (``can_read()``, timeout 0): a pooled connection holding unread data or a closed
socket is reconnected instead of answering the next command with the last one's reply. With
hiredis that check is a ``select.poll()`` of the socket. Under gunicorn's gevent worker
``select.poll`` is gevent's, which starts a watcher and switches to the hub's loop even for a
timeout of 0: about 31 µs of CPU against 2 µs for the operating system's own ``poll`` on this
machine, paid by each command (a served move sends two or more).

``NativePollParser`` does the same check with the operating system's ``poll`` (a timeout of 0
never blocks, so it cannot stall the other greenlets) and leaves every other case to hiredis'
parser: when the socket is readable (data or EOF, rare), for TLS sockets, for any wait longer
than 0. Without hiredis the clients keep redis-py's default parser.
"""

from __future__ import annotations

import select
import sys
from collections.abc import Callable
from typing import Any

from redis.connection import DefaultParser
from redis.utils import HIREDIS_AVAILABLE


def native_poll() -> Callable[[], Any]:
    """The operating system's ``select.poll``, also when gevent has patched ``select``."""
    monkey = sys.modules.get("gevent.monkey")
    if monkey is not None:
        return monkey.get_original("select", "poll")  # type: ignore[no-any-return]
    return select.poll


if HIREDIS_AVAILABLE and hasattr(select, "poll"):
    # The native one whether or not gevent has patched ``select`` yet (it never unpatches).
    _POLL = native_poll()
    from redis._parsers.hiredis import _HiredisParser

    class NativePollParser(_HiredisParser):
        """hiredis' parser whose zero-timeout readiness check skips gevent's hub."""

        def can_read(self, timeout: float = 0) -> bool:
            sock, reader = self._sock, self._reader
            if (timeout == 0 and sock is not None and reader is not None
                    and not hasattr(sock, "pending") and not reader.has_data()):
                poller = _POLL()
                poller.register(sock.fileno(), select.POLLIN)
                if not poller.poll(0):
                    return False
            return bool(super().can_read(timeout))

    PARSER: type = NativePollParser
else:  # pragma: no cover - hiredis is a dependency; keep redis-py's choice without it
    PARSER = DefaultParser
