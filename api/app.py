"""The Flask application factory: composition happens here and nowhere else."""

from __future__ import annotations

import logging
import pathlib
from dataclasses import replace
from typing import Any

import redis
import swagger_ui_bundle  # type: ignore[import-untyped]
import yaml
from flask import Flask, Response, send_from_directory

from events.config import (
    PROBE_TIMEOUT_S,
    STORE_TIMEOUT_S,
    STORE_TRIES,
    Settings,
    connect,
    like,
)
from events.referee import utc_now
from events.store import EventStore
from workers.runtime import Clock, compose
from workers.turns import BotTurns

from . import (
    addresses,
    headers,
    limits,
    metrics,
    problem_pages,
    problem_types,
    problems,
    quotas,
)
from .audit_routes import audit_routes
from .bot_routes import bot_routes
from .format_routes import format_routes
from .hub import BLOCK_MS, Hub
from .operator import require_operator
from .player_routes import player_routes
from .routes import v1
from .seat_routes import seat_routes
from .stream_caps import StreamCaps
from .wire import json_response

ROOT = pathlib.Path(__file__).resolve().parents[1]
SPEC_PATH = ROOT / "openapi.yaml"
STATIC = pathlib.Path(__file__).resolve().parent / "static"
MAX_BODY = 64 * 1024


BLUEPRINTS = (v1, seat_routes, audit_routes, format_routes, bot_routes, player_routes)


def create_app(settings: Settings | None = None, *, client: redis.Redis | None = None,
               queue_client: redis.Redis | None = None, clock: Clock = utc_now) -> Flask:
    """The API over ``client`` (else ``TRICKLOG_REDIS_URL``); its referee is composed as the
    workers' is (``workers.runtime.compose``), stamping by ``clock``."""
    settings = settings or Settings.from_env()
    if client is None:
        if not settings.redis_url:
            raise RuntimeError("TRICKLOG_REDIS_URL is not set (tricklog serve sets it)")
        client = connect(settings.redis_url)
    if queue_client is None:
        queue_client = connect(settings.queue_url) if settings.queue_url else client
    app = Flask(__name__, static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY
    referee = compose(settings, client=client, queue_client=queue_client, clock=clock)
    turns = referee.on_turn
    assert isinstance(turns, BotTurns)
    queue = turns.queue
    app.extensions["tricklog.referee"] = referee
    app.extensions["tricklog.queue"] = queue
    app.extensions["tricklog.webhook_queue"] = turns.webhooks
    app.extensions["tricklog.settings"] = settings
    app.extensions["tricklog.redis"] = client
    # Event streams read the store on connections of their own: a crowd of watchers never
    # takes the connections moves need (issue 32 item 1; ``StreamCaps.start``).
    watching = replace(referee, store=EventStore(like(client, timeout=STORE_TIMEOUT_S,
                                                      tries=STORE_TRIES)))
    app.extensions["tricklog.stream_referee"] = watching
    app.extensions["tricklog.hub"] = Hub(watching, lambda: blocking_client(client),
                                         settings.stream_deals_per_process)
    app.extensions["tricklog.stream_caps"] = StreamCaps.of(settings)
    problems.install(app)
    addresses.install(app, settings.trusted_proxies)
    limits.install(app, settings)
    quotas.install(app, settings)
    metrics.install(app)
    headers.install(app)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    _site(app)
    return app


def blocking_client(client: redis.Redis) -> redis.Redis:
    """A client for a feed's ``XREAD BLOCK`` (``api.hub``): same server, a socket timeout a
    few seconds above one block (the store's short timeout would cut every quiet block), TCP
    keep-alive, and no retries. A connection that died without a word (a partition, a NAT
    that forgot it) then times out and the feed reconnects, instead of waiting forever."""
    return like(client, timeout=BLOCK_MS / 1000 + 5, keepalive=True)


def _site(app: Flask) -> None:
    _operator_routes(app)
    _contract_routes(app)
    _page_routes(app)


def _operator_routes(app: Flask) -> None:
    @app.get("/metrics")
    def prometheus() -> Response:
        require_operator()
        return metrics.exposition(app.extensions["tricklog.queue"],
                                  app.extensions["tricklog.webhook_queue"])

    probe = like(app.extensions["tricklog.redis"], timeout=PROBE_TIMEOUT_S)  # one short try

    @app.get("/healthz")
    def healthz() -> Response:
        try:
            probe.ping()
        except redis.RedisError:  # down, stalled (no answer within the probe's timeout), busy
            return json_response({"status": "unavailable", "store": "down"}, 503,
                                 {"Retry-After": "1"})
        return json_response({"status": "ok", "store": "up"})


def _contract_routes(app: Flask) -> None:
    """The contract as a file, as rendered docs, and a page per problem type."""
    spec_text = SPEC_PATH.read_text()
    # parsed at the first ``/openapi.json``, not at start: parsing took about 0.9 s of each
    # API process' 1.1 s boot, which a restarted gunicorn (a killed master) pays 4 times over
    spec: dict[str, Any] = {}

    @app.get("/openapi.yaml")
    def openapi_yaml() -> Response:
        return Response(spec_text, mimetype="application/yaml")

    @app.get("/openapi.json")
    def openapi_json() -> Response:
        if not spec:
            spec.update(yaml.load(spec_text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))
        return json_response(spec)

    @app.get("/docs")
    @app.get("/docs/")
    def docs() -> Response:
        return send_from_directory(STATIC, "docs.html")

    @app.get("/docs/ui/<path:name>")
    def docs_assets(name: str) -> Response:
        return send_from_directory(swagger_ui_bundle.swagger_ui_path, name)

    @app.get("/problems/")
    def problem_index() -> Response:
        return Response(problem_pages.index(), mimetype="text/html")

    @app.get("/problems/<name>")
    def problem_page(name: str) -> Response:
        if name not in problem_types.BY_NAME:
            raise problems.Problem("not-found", f"no problem type {name!r}")
        return Response(problem_pages.page(name), mimetype="text/html")


def _page_routes(app: Flask) -> None:
    @app.get("/")
    @app.get("/deals/<deal_id>")
    @app.get("/deals/<deal_id>/replay")
    def page(deal_id: str | None = None) -> Response:
        """The page: the lobby, a table or a replay; the page reads which from its URL."""
        return send_from_directory(STATIC, "index.html")

    @app.get("/static/<path:name>")
    def static_file(name: str) -> Response:
        return send_from_directory(STATIC, name)


logging.getLogger("tricklog").addHandler(logging.NullHandler())
