"""Rate limits and CORS, both configured by the operator and off by default.

``TRICKLOG_RATE_LIMIT=N/S``: at most N requests per S seconds per seat token and per client
address (fixed windows counted in Redis, so every API process shares them); over it, 429 with
``Retry-After``. ``TRICKLOG_CORS_ORIGINS``: comma-separated origins allowed to call the API
from a browser on another site."""

from __future__ import annotations

import hashlib
import os
import time

from flask import Flask, Response, request

from .problems import Problem


def install(app: Flask) -> None:
    rule = os.environ.get("TRICKLOG_RATE_LIMIT", "")
    origins = {o.strip() for o in os.environ.get("TRICKLOG_CORS_ORIGINS", "").split(",")
               if o.strip()}
    if rule:
        count, _, seconds = rule.partition("/")
        _limit(app, int(count), int(seconds or "1"))
    if origins:
        _cors(app, origins)


def _limit(app: Flask, count: int, seconds: int) -> None:
    @app.before_request
    def check() -> None:
        if request.path == "/healthz":
            return
        window = int(time.time() // seconds)
        names = [f"addr:{request.remote_addr}"]
        auth = request.headers.get("Authorization")
        if auth:
            names.append("token:" + hashlib.sha256(auth.encode()).hexdigest()[:32])
        client = app.extensions["tricklog.redis"]
        pipe = client.pipeline(transaction=False)
        for name in names:
            key = f"tl:rate:{name}:{window}"
            pipe.incr(key)
            pipe.expire(key, seconds + 1)
        counts = pipe.execute()[::2]
        if max(counts) > count:
            retry = seconds - int(time.time()) % seconds
            problem = Problem("rate-limited", f"at most {count} requests per {seconds} s")
            problem.headers["Retry-After"] = str(max(1, retry))
            raise problem


def _cors(app: Flask, origins: set[str]) -> None:
    @app.after_request
    def allow(response: Response) -> Response:
        origin = request.headers.get("Origin")
        if origin in origins:
            response.headers["Access-Control-Allow-Origin"] = origin
            response.headers["Access-Control-Allow-Headers"] = (
                "Authorization, Content-Type, Idempotency-Key, Last-Event-ID")
            response.headers["Access-Control-Allow-Methods"] = "GET, POST, OPTIONS"
            response.headers["Vary"] = "Origin"
        return response
