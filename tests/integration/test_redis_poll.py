"""The pool's readiness check through the operating system's poll (``NativePollParser``, issue
33) tells the same three states apart as redis-py's own parser: a clean connection, one holding
an unread reply, one the server closed; with and without gevent's patches (as served)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import redis
from redis.connection import DefaultParser

from events.config import connect
from events.redis_poll import PARSER
from events.redis_server import RedisServer

ROOT = Path(__file__).resolve().parents[2]


def states(url: str, parser_class: type) -> list[object]:
    """can_read() of a clean connection, of one with a reply unread, of one the server killed."""
    client = redis.Redis.from_url(url, parser_class=parser_class)
    killer = redis.Redis.from_url(url)
    conn = client.connection_pool.get_connection()
    out: list[object] = [conn.can_read()]
    conn.send_command("PING")
    time.sleep(0.05)
    out.append(conn.can_read())
    conn.read_response()
    conn.send_command("CLIENT", "ID")
    killer.client_kill_filter(_id=conn.read_response())
    time.sleep(0.05)
    try:
        out.append(conn.can_read())
    except redis.ConnectionError:
        out.append("closed")
    client.connection_pool.release(conn)
    assert client.get("absent") is None  # the pool gives a working connection again
    return out


def test_native_poll_agrees_with_redis_py(redis_server: RedisServer) -> None:
    assert connect(redis_server.url).connection_pool.connection_kwargs["parser_class"] is PARSER
    assert states(redis_server.url, PARSER) == states(redis_server.url, DefaultParser)
    assert states(redis_server.url, PARSER) == [False, True, "closed"]


def test_native_poll_agrees_under_gevent(redis_server: RedisServer) -> None:
    code = ("from gevent import monkey; monkey.patch_all()\n"
            "from redis.connection import DefaultParser\n"
            "from events.redis_poll import PARSER\n"
            "from tests.integration.test_redis_poll import states\n"
            f"a, b = states({redis_server.url!r}, PARSER), "
            f"states({redis_server.url!r}, DefaultParser)\n"
            "assert a == b == [False, True, 'closed'], (a, b)\n")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, timeout=50)
