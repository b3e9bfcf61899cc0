"""Quotas on writes that cost the server: new matches (each a stream, a secret and a first
deal; and no oracle may create them in bulk), and work that lands on the workers: bot seats
(every bot move is a job), audits (disputes included) and replays. Each is counted per client
address and per bearer token in fixed windows shared by every API process; over a quota the
request is refused with 429 ``/problems/quota-exceeded`` and ``Retry-After``, before anything
is created or queued.

Configured like ``TRICKLOG_RATE_LIMIT`` (``N/S``, or ``off``)::

    TRICKLOG_QUOTA_MATCHES  new matches                (default 120/3600)
    TRICKLOG_QUOTA_BOTS     bot seats in new matches   (default 200/3600)
    TRICKLOG_QUOTA_AUDITS   audits and disputes        (default 60/3600)
    TRICKLOG_QUOTA_REPLAYS  replay jobs                (default 120/3600)
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from flask import Flask, current_app

from events.config import Settings

from .problems import Problem
from .windows import Window, charge, uncharge

DEFAULTS = {"matches": "120/3600", "bots": "200/3600", "audits": "60/3600",
            "replays": "120/3600"}
WHAT = {"matches": "new matches", "bots": "bot seats", "audits": "audits", "replays": "replays"}


def install(app: Flask, settings: Settings) -> None:
    """Read the quotas once; a malformed one stops the server at start."""
    given = dict(settings.quotas)
    app.extensions["tricklog.quotas"] = {
        kind: Window.parse(given.get(kind, default)) for kind, default in DEFAULTS.items()}


@contextlib.contextmanager
def charged(kind: str, amount: int = 1) -> Iterator[None]:
    """Charge ``amount`` units of ``kind`` to this request's clients for the block; 429 if
    that goes over a quota. The charge is given back if the block raises (a refused request
    queues no work)."""
    window: Window | None = current_app.extensions["tricklog.quotas"][kind]
    client = current_app.extensions["tricklog.redis"]
    if window is None or amount <= 0:
        yield
        return
    if not charge(client, f"quota:{kind}", window, amount):
        problem = Problem("quota-exceeded", f"at most {window.count} {WHAT[kind]} per "
                          f"{window.seconds} s from one address or token", quota=kind)
        problem.headers["Retry-After"] = str(window.retry_after())
        raise problem
    try:
        yield
    except BaseException:
        uncharge(client, f"quota:{kind}", window, amount)
        raise
