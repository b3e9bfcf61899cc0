"""A connection given back to the pool with a reply still unread (a command interrupted between
its send and its read) must never answer the next command with that reply: the app's clients
(``events.config.connect`` and every ``like`` of it) check each connection they hand out.
redis-py 8's default, maintenance notifications "auto", skips that check: a GET then returned
the PING's ``PONG``. (A reply still on its way when the next command is sent is beyond any
such check: the test waits for it, as a reply that arrived a while ago would be.)"""

from __future__ import annotations

import select

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
