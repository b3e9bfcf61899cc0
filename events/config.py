"""Configuration from the environment, read in one place."""

from __future__ import annotations

import os
from dataclasses import dataclass

import redis
from redis.backoff import ExponentialBackoff
from redis.cluster import RedisCluster
from redis.retry import Retry


@dataclass(frozen=True, slots=True)
class Settings:
    redis_url: str | None = None        # TRICKLOG_REDIS_URL; None: start the embedded server
    queue_url: str | None = None        # TRICKLOG_QUEUE_URL; None: the event store's server
    data_dir: str = ".tricklog"         # TRICKLOG_DATA_DIR
    port: int = 8000                    # TRICKLOG_PORT
    appendfsync: str = "always"         # TRICKLOG_APPENDFSYNC: always | everysec
    bot_delay: float = 0.0              # TRICKLOG_BOT_DELAY: seconds a bot "thinks"
    web_concurrency: int = 4            # TRICKLOG_WORKERS: gunicorn processes

    @classmethod
    def from_env(cls) -> Settings:
        env = os.environ
        return cls(
            redis_url=env.get("TRICKLOG_REDIS_URL") or None,
            queue_url=env.get("TRICKLOG_QUEUE_URL") or None,
            data_dir=env.get("TRICKLOG_DATA_DIR", ".tricklog"),
            port=int(env.get("TRICKLOG_PORT", "8000")),
            appendfsync=env.get("TRICKLOG_APPENDFSYNC", "always"),
            bot_delay=float(env.get("TRICKLOG_BOT_DELAY", "0")),
            web_concurrency=int(env.get("TRICKLOG_WORKERS", "4")),
        )


CLUSTER_SCHEME = "redis+cluster://"


def connect(url: str) -> redis.Redis:
    """A client that fails fast when the store is down (a 503, not a hung request).

    ``redis+cluster://host:port`` connects to a Redis Cluster through any of its nodes: every
    key of one deal carries the deal's hash tag, so each deal's Lua append runs on one node."""
    if url.startswith(CLUSTER_SCHEME):
        return RedisCluster.from_url(  # type: ignore[return-value]
            "redis://" + url[len(CLUSTER_SCHEME):], socket_connect_timeout=1.0,
            socket_timeout=5.0)
    return redis.Redis.from_url(url, socket_connect_timeout=1.0, socket_timeout=5.0,
                                retry=Retry(ExponentialBackoff(cap=0.2, base=0.01), 2),
                                health_check_interval=30)
