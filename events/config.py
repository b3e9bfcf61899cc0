"""Configuration from the environment, read in one place: ``Settings.from_env``. Everything
else is handed a ``Settings`` (the API at ``create_app``; a worker asks ``runtime.settings``).
The one variable read elsewhere is ``PROMETHEUS_MULTIPROC_DIR``, which prometheus_client
itself reads."""

from __future__ import annotations

import os
from dataclasses import dataclass

import redis
from redis.backoff import ExponentialBackoff
from redis.cluster import RedisCluster
from redis.maint_notifications import MaintNotificationsConfig
from redis.retry import Retry

from events.redis_poll import PARSER


@dataclass(frozen=True, slots=True)
class Settings:
    redis_url: str | None = None        # TRICKLOG_REDIS_URL; None: start the embedded server
    queue_url: str | None = None        # TRICKLOG_QUEUE_URL; None: the event store's server
    data_dir: str = ".tricklog"         # TRICKLOG_DATA_DIR
    port: int = 8000                    # TRICKLOG_PORT
    appendfsync: str = "always"         # TRICKLOG_APPENDFSYNC: always | everysec
    redis_maxmemory: str = "1gb"        # TRICKLOG_REDIS_MAXMEMORY: the embedded Redis; 0: none
    retention_abandoned_days: float = 30.0  # TRICKLOG_RETENTION_ABANDONED_DAYS: 0: keep all
    bot_delay: float = 0.0              # TRICKLOG_BOT_DELAY: seconds a bot "thinks"
    bot_min_think: float = 0.4          # TRICKLOG_BOT_MIN_THINK: no bot move sooner (timing)
    clock_lease: float = 10.0           # TRICKLOG_CLOCK_LEASE: s a claimed deadline is held
    web_concurrency: int = 4            # TRICKLOG_WORKERS: gunicorn processes
    host: str = ""                      # TRICKLOG_HOST: the name serve binds (operator Host)
    admin_token: str = ""               # TRICKLOG_ADMIN_TOKEN: operator endpoints; "": loopback
    rate_limit: str = ""                # TRICKLOG_RATE_LIMIT: N/S per address and token
    cors_origins: tuple[str, ...] = ()  # TRICKLOG_CORS_ORIGINS: comma-separated
    quotas: tuple[tuple[str, str], ...] = ()  # TRICKLOG_QUOTA_<KIND>: N/S or off, by kind
    webhook_allow: tuple[str, ...] = ()  # TRICKLOG_WEBHOOK_ALLOW: hosts or networks
    webhook_timeout: float = 2.0        # TRICKLOG_WEBHOOK_TIMEOUT: seconds
    webhook_ca: str = ""                # TRICKLOG_WEBHOOK_CA: extra CA certificates (a file)
    webhook_suspend_after: int = 5      # TRICKLOG_WEBHOOK_SUSPEND_AFTER: failures in a row
    streams_per_token: int = 16         # TRICKLOG_STREAMS_PER_TOKEN: open event streams, each
    streams_per_address: int = 1000     # TRICKLOG_STREAMS_PER_ADDRESS: ... per API process
    streams_per_process: int = 5000     # TRICKLOG_STREAMS_PER_PROCESS
    stream_deals_per_process: int = 500  # TRICKLOG_STREAM_DEALS_PER_PROCESS: deals watched
    stream_deals_per_address: int = 20  # TRICKLOG_STREAM_DEALS_PER_ADDRESS: ... per process
    connections_per_address: int = 2000  # TRICKLOG_CONNECTIONS_PER_ADDRESS: per API process
    header_timeout: float = 10.0        # TRICKLOG_HEADER_TIMEOUT: seconds to send the headers
    requests_per_connection: int = 20   # TRICKLOG_REQUESTS_PER_CONNECTION: then it is closed
    stream_write_timeout: float = 30.0  # TRICKLOG_STREAM_WRITE_TIMEOUT: a stalled watcher
    trusted_proxies: tuple[str, ...] = ()  # TRICKLOG_TRUSTED_PROXIES: addresses or networks

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        env = os.environ
        read = {
            "redis_url": env.get("TRICKLOG_REDIS_URL") or None,
            "queue_url": env.get("TRICKLOG_QUEUE_URL") or None,
            "data_dir": env.get("TRICKLOG_DATA_DIR", ".tricklog"),
            "port": int(env.get("TRICKLOG_PORT", "8000")),
            "appendfsync": env.get("TRICKLOG_APPENDFSYNC", "always"),
            "redis_maxmemory": env.get("TRICKLOG_REDIS_MAXMEMORY", "1gb"),
            "retention_abandoned_days": float(env.get("TRICKLOG_RETENTION_ABANDONED_DAYS",
                                                      "30")),
            "bot_delay": float(env.get("TRICKLOG_BOT_DELAY", "0")),
            "bot_min_think": float(env.get("TRICKLOG_BOT_MIN_THINK", "0.4")),
            "clock_lease": float(env.get("TRICKLOG_CLOCK_LEASE", "10")),
            "web_concurrency": int(env.get("TRICKLOG_WORKERS", "4")),
            "host": env.get("TRICKLOG_HOST", "").strip().lower(),
            "admin_token": env.get("TRICKLOG_ADMIN_TOKEN", ""),
            "rate_limit": env.get("TRICKLOG_RATE_LIMIT", ""),
            "cors_origins": _listed(env.get("TRICKLOG_CORS_ORIGINS", "")),
            "quotas": tuple((k[len(QUOTA_PREFIX):].lower(), v) for k, v in sorted(env.items())
                            if k.startswith(QUOTA_PREFIX)),
            "webhook_allow": _listed(env.get("TRICKLOG_WEBHOOK_ALLOW", "")),
            "webhook_timeout": float(env.get("TRICKLOG_WEBHOOK_TIMEOUT", "2")),
            "webhook_ca": env.get("TRICKLOG_WEBHOOK_CA", ""),
            "webhook_suspend_after": int(env.get("TRICKLOG_WEBHOOK_SUSPEND_AFTER", "5")),
            "streams_per_token": int(env.get("TRICKLOG_STREAMS_PER_TOKEN", "16")),
            "streams_per_address": int(env.get("TRICKLOG_STREAMS_PER_ADDRESS", "1000")),
            "streams_per_process": int(env.get("TRICKLOG_STREAMS_PER_PROCESS", "5000")),
            "stream_deals_per_process": int(env.get("TRICKLOG_STREAM_DEALS_PER_PROCESS",
                                                    "500")),
            "stream_deals_per_address": int(env.get("TRICKLOG_STREAM_DEALS_PER_ADDRESS",
                                                    "20")),
            "connections_per_address": int(env.get("TRICKLOG_CONNECTIONS_PER_ADDRESS", "2000")),
            "header_timeout": float(env.get("TRICKLOG_HEADER_TIMEOUT", "10")),
            "requests_per_connection": int(env.get("TRICKLOG_REQUESTS_PER_CONNECTION", "20")),
            "stream_write_timeout": float(env.get("TRICKLOG_STREAM_WRITE_TIMEOUT", "30")),
            "trusted_proxies": _listed(env.get("TRICKLOG_TRUSTED_PROXIES", "")),
        }
        return cls(**{**read, **overrides})  # type: ignore[arg-type]


QUOTA_PREFIX = "TRICKLOG_QUOTA_"


def _listed(value: str) -> tuple[str, ...]:
    return tuple(x.strip() for x in value.split(",") if x.strip())


CLUSTER_SCHEME = "redis+cluster://"


# How long anything waits for the store (issue 32): a stalled Redis (SIGSTOP, a frozen VM) is a
# prompt 503 with Retry-After, never a hang. Each call waits at most STORE_TIMEOUT_S for a
# reply and is tried STORE_TRIES times: a request's wait on a stalled store is bounded by
# about STORE_TRIES * (STORE_CONNECT_TIMEOUT_S + STORE_TIMEOUT_S) (3 s). ``/healthz`` probes
# with PROBE_TIMEOUT_S and no retry.
STORE_TIMEOUT_S = 1.0
STORE_CONNECT_TIMEOUT_S = 0.5
STORE_TRIES = 2
PROBE_TIMEOUT_S = 0.5


def _retry(tries: int) -> Retry:
    return Retry(ExponentialBackoff(cap=0.2, base=0.01), tries - 1)


# redis-py 8 turns on Redis Enterprise's maintenance notifications ("auto") by default, and
# while they are on its pool skips the check that a connection handed out has no reply left
# unread on it: a connection given back mid-command (an interrupted greenlet) would answer the
# next command with the last one's reply. Tricklog's Redis sends no such notifications.
NO_MAINT_NOTIFICATIONS = MaintNotificationsConfig(enabled=False)


def connect(url: str) -> redis.Redis:
    """A client that fails fast when the store is down or stalled (a 503, not a hung request).

    ``redis+cluster://host:port`` connects to a Redis Cluster through any of its nodes: every
    key of one deal carries the deal's hash tag, so each deal's Lua append runs on one node."""
    if url.startswith(CLUSTER_SCHEME):
        return RedisCluster.from_url(  # type: ignore[return-value]
            "redis://" + url[len(CLUSTER_SCHEME):], socket_connect_timeout=STORE_CONNECT_TIMEOUT_S,
            socket_timeout=STORE_TIMEOUT_S)
    return redis.Redis.from_url(url, socket_connect_timeout=STORE_CONNECT_TIMEOUT_S,
                                socket_timeout=STORE_TIMEOUT_S, retry=_retry(STORE_TRIES),
                                health_check_interval=30, parser_class=PARSER,
                                maint_notifications_config=NO_MAINT_NOTIFICATIONS)


def like(client: redis.Redis, *, timeout: float, tries: int = 1, keepalive: bool = False,
         max_connections: int | None = None) -> redis.Redis:
    """Another client of ``client``'s server with its own pool, timeout and tries: the health
    probe (short, one try), a feed's blocking reads (long), a budget of connections for one
    kind of work (``max_connections``: beyond it a caller waits up to ``timeout`` for one)."""
    if isinstance(client, RedisCluster):
        node = client.get_default_node()
        return RedisCluster(host=node.host, port=node.port,
                            socket_timeout=timeout, socket_keepalive=keepalive,
                            socket_connect_timeout=min(timeout, STORE_CONNECT_TIMEOUT_S))
    pool = client.connection_pool
    kw = {**pool.connection_kwargs, "socket_timeout": timeout,
          "socket_connect_timeout": min(timeout, STORE_CONNECT_TIMEOUT_S),
          "retry": _retry(tries), "maint_notifications_config": NO_MAINT_NOTIFICATIONS}
    if not issubclass(pool.connection_class, redis.UnixDomainSocketConnection):
        kw["socket_keepalive"] = keepalive  # TCP's: a Unix socket's connection refuses it
    if max_connections is None:
        new: redis.ConnectionPool = redis.ConnectionPool(
            connection_class=pool.connection_class, **kw)
    else:
        new = redis.BlockingConnectionPool(  # type: ignore[no-untyped-call]
            connection_class=pool.connection_class, max_connections=max_connections,
            timeout=timeout, **kw)
    return redis.Redis(connection_pool=new)
