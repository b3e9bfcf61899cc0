"""A connection given back to the pool with a reply still unread (a command interrupted between
its send and its read) must never answer the next command with that reply: the app's clients
(``events.config.connect`` and every ``like`` of it) check each connection they hand out.
redis-py 8's default, maintenance notifications "auto", skips that check: a GET then returned
the PING's ``PONG``. (A reply still on its way when the next command is sent is beyond any
such check: the test waits for it, as a reply that arrived a while ago would be.)"""

from __future__ import annotations

import os
import select
import shutil
import tempfile

import pytest
import redis

from events import config
from events.redis_server import RedisServer


def clients(url: str) -> list[tuple[str, redis.Redis]]:
    app = config.connect(url)
    return [("connect", app), ("like", config.like(app, timeout=2)),
            ("like, bounded", config.like(app, timeout=2, max_connections=4))]


@pytest.mark.parametrize("kind", ["connect", "like", "like, bounded"])
def test_a_reply_left_unread_never_answers_the_next_command(redis_server: RedisServer,
                                                            kind: str) -> None:
    client = dict(clients(redis_server.url))[kind]
    client.set("stale-reply-key", "its value")
    pool = client.connection_pool
    conn = pool.get_connection()
    conn.send_command("PING")  # interrupted: the reply is never read
    select.select([conn._sock], [], [], 5)  # it has come back by the next command (as a rule)
    pool.release(conn)
    assert client.get("stale-reply-key") == b"its value"
    assert client.ping() is True


def test_a_unix_socket_url_serves_every_kind_of_client() -> None:
    """``REDIS_URL=unix:///path/to/redis.sock``: ``like`` gave a Unix socket's connection TCP's
    keep-alive, which it refuses (a TypeError at the first command)."""
    folder = tempfile.mkdtemp(prefix="tl-unix-")  # short: a socket's path has at most 107 bytes
    sock = os.path.join(folder, "redis.sock")
    server = RedisServer(folder, extra=["--unixsocket", sock, "--unixsocketperm", "700"])
    server.start()
    try:
        app = config.connect(f"unix://{sock}")
        for client in (app, config.like(app, timeout=2, keepalive=True),
                       config.like(app, timeout=2, max_connections=4)):
            client.set("over-a-unix-socket", "yes")
            assert client.get("over-a-unix-socket") == b"yes"
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
