"""Rate limits and CORS, both configured by the operator and off by default.

``rate_limit`` (``TRICKLOG_RATE_LIMIT=N/S``): at most N requests per S seconds per seat token
and per client address (fixed windows counted in Redis, so every API process shares them);
over it, 429 with ``Retry-After``. ``cors_origins`` (``TRICKLOG_CORS_ORIGINS``): the origins
allowed to call the API from a browser on another site."""

from __future__ import annotations

from flask import Flask, Response, request

from events.config import Settings

from .problems import Problem
from .windows import Window, charge


def install(app: Flask, settings: Settings) -> None:
    rule = Window.parse(settings.rate_limit)
    if rule is not None:
        _limit(app, rule)
    if settings.cors_origins:
        _cors(app, set(settings.cors_origins))


def _limit(app: Flask, window: Window) -> None:
    @app.before_request
    def check() -> None:
        if request.path == "/healthz":
            return
        if not charge(app.extensions["tricklog.redis"], "rate", window):
            problem = Problem("rate-limited",
                              f"at most {window.count} requests per {window.seconds} s")
            problem.headers["Retry-After"] = str(window.retry_after())
            raise problem


def _cors(app: Flask, origins: set[str]) -> None:
    @app.after_request
    def allow(response: Response) -> Response:
        origin = request.headers.get("Origin")
        if origin in origins:
            response.headers["Access-Control-Allow-Origin"] = origin
            response.headers["Access-Control-Allow-Headers"] = (
                "Authorization, Content-Type, Idempotency-Key, Last-Event-ID")
            response.headers["Access-Control-Allow-Methods"] = "GET, POST, DELETE, OPTIONS"
            response.headers["Vary"] = "Origin"
        return response
