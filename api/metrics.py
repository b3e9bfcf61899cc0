"""``GET /metrics``: Prometheus text exposition of what the API served and what waits for workers.

gunicorn runs several API processes; a scrape reaches one of them. With
``PROMETHEUS_MULTIPROC_DIR`` set (``tricklog serve`` sets it to ``<data dir>/metrics`` and wipes
it at start), every process writes its counters to files there and the scrape adds them up
(prometheus_client's multiprocess mode). Without it (one process: tests, a debugger) the
process' own registry is served. The queue figures are read from Redis at scrape time.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

import redis
from flask import Flask, Response, g, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)
from prometheus_client.core import GaugeMetricFamily
from rq import Queue

REQUESTS = Counter("tricklog_http_requests", "HTTP requests answered",
                   ["method", "route", "status"])
LATENCY = Histogram("tricklog_http_request_seconds", "Time to answer an HTTP request "
                    "(event streams: until the stream is set up)", ["route"],
                    buckets=(.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1.0, 2.5))
# Labels come from these sets only: a made-up method (or path) must not add a series.
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
MOVES = Counter("tricklog_moves", "Moves accepted over HTTP (an idempotent repeat counts again)",
                ["ruleset"])
STREAMS = Gauge("tricklog_event_streams", "Event streams open (GET /v1/deals/{id}/stream)",
                multiprocess_mode="livesum")


def install(app: Flask) -> None:
    @app.before_request
    def started() -> None:
        g.tricklog_started = time.perf_counter()

    @app.after_request
    def count(response: Response) -> Response:
        route = request.url_rule.rule if request.url_rule is not None else "unmatched"
        method = request.method if request.method in METHODS else "other"
        child(REQUESTS, method, route, str(response.status_code)).inc()
        began = g.get("tricklog_started")
        if began is not None:
            child(LATENCY, route).observe(time.perf_counter() - began)
        return response


def count_move(ruleset: str) -> None:
    child(MOVES, ruleset).inc()


_CHILDREN: dict[tuple[Any, ...], Any] = {}


def child(metric: Any, *labels: str) -> Any:
    """``metric.labels(*labels)``, the same object, kept in a dict: ``labels`` takes a lock
    and rebuilds its key on each call, three times a move (issue 33). The label values come
    from bounded sets (the methods, the routes, the statuses, the rulesets), so is the dict."""
    key = (metric, *labels)
    found = _CHILDREN.get(key)
    if found is None:
        found = _CHILDREN[key] = metric.labels(*labels)
    return found


def exposition(queue: Queue, webhooks: Queue | None = None) -> Response:
    """The scrape: every API process' counters, plus the queues as they stand now."""
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    registry: Any = REGISTRY
    if directory:
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry, path=directory)
    text = generate_latest(registry) + generate_latest(_queue_registry(queue, webhooks))
    return Response(text, mimetype=None, content_type=CONTENT_TYPE_LATEST)


def _queue_registry(queue: Queue, webhooks: Queue | None) -> CollectorRegistry:
    registry = CollectorRegistry(auto_describe=False)
    registry.register(QueueCollector(queue))
    if webhooks is not None:
        registry.register(QueueCollector(webhooks, "tricklog_webhook_queue"))
    return registry


class QueueCollector:
    """Jobs waiting, running and failed on an RQ queue: ``tricklog_queue_*`` for the main one
    (bot moves, audits, replays), ``tricklog_webhook_queue_*`` for webhook bots' turns."""

    def __init__(self, queue: Queue, prefix: str = "tricklog_queue") -> None:
        self.queue, self.prefix = queue, prefix

    def collect(self) -> Iterator[GaugeMetricFamily]:
        up = GaugeMetricFamily(f"{self.prefix}_up", "1 if the queue's Redis answered the scrape")
        try:
            counts = {"queued": self.queue.count,
                      "started": self.queue.started_job_registry.count,
                      "failed": self.queue.failed_job_registry.count}
        except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError):
            up.add_metric([], 0)
            yield up
            return
        up.add_metric([], 1)
        yield up
        jobs = GaugeMetricFamily(f"{self.prefix}_jobs", "Jobs on the worker queue, by state",
                                 labels=["state"])
        for state, n in counts.items():
            jobs.add_metric([state], n)
        yield jobs
