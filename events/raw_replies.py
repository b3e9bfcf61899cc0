"""A few read commands in one round trip, their replies as Redis sends them (issue 33).

redis-py 8's pipeline spends about 120 µs of CPU on a round trip of three small commands on
this (loaded) machine (its observability hooks, the retry wrapper, a reply callback per command
that builds a dict per hash and per stream entry) against about 25 µs for packing the commands
on a pooled connection and reading the replies. A replay job reads a whole deal in one such
round trip per deal; ``replies`` is that read, for a plain ``redis.Redis`` client: a cluster
client (its pipeline routes each key to its node), a subclass or any other client gets None,
and the caller takes its pipeline. Any failure takes the pipeline too (redis-py's retries and
errors): the connection is closed first, so a reply left unread never answers another command."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import redis


def replies(client: Any, commands: Sequence[tuple[Any, ...]]) -> list[Any] | None:
    """The raw reply to each of ``commands``, in order, or None (take the pipeline)."""
    if type(client) is not redis.Redis:
        return None
    pool = client.connection_pool
    try:
        conn: Any = pool.get_connection()  # redis-py types few of its methods
    except redis.RedisError:
        return None
    try:
        conn.send_packed_command(conn.pack_commands(commands))
        return [conn.read_response() for _ in commands]
    except redis.RedisError:
        conn.disconnect()
        return None
    except BaseException:
        conn.disconnect()  # interrupted mid-read: the replies left must never be read later
        raise
    finally:
        pool.release(conn)


def pairs(reply: Any) -> dict[bytes, bytes]:
    """A hash's fields as ``HGETALL`` gives them (a flat list; a map under RESP3)."""
    if isinstance(reply, dict):
        return reply
    return dict(zip(reply[::2], reply[1::2], strict=True))


def values_of(rows: Any, name: bytes) -> list[bytes]:
    """The field ``name`` of each stream entry as ``XRANGE`` gives them: [id, [field, value,
    ...]] (a map of the fields under RESP3)."""
    out = []
    for _, values in rows:
        if isinstance(values, dict):
            out.append(values[name])
        else:
            out.append(values[1] if values[0] == name else pairs(values)[name])
    return out
