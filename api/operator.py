"""Operator endpoints (``POST /v1/bots``, ``/metrics``): who may call them."""

from __future__ import annotations

import hmac

from flask import current_app, request

from events.referee import Forbidden, Unauthorized

LOOPBACK_ADDRESSES = frozenset({"127.0.0.1", "::1"})
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "[::1]"})


def require_operator() -> None:
    """Operator endpoints: the bearer of ``TRICKLOG_ADMIN_TOKEN`` when it is set, else only
    clients on this machine (loopback) that name this machine in ``Host``: a proxy on the same
    host forwards other sites' names, and a DNS-rebinding page sends its own."""
    settings = current_app.extensions["tricklog.settings"]
    expected = settings.admin_token
    if expected:
        given = request.headers.get("Authorization", "")
        if not given.startswith("Bearer "):
            raise Unauthorized("this endpoint needs the operator's token")
        if not hmac.compare_digest(given[7:].strip().encode(), expected.encode()):
            raise Forbidden("not the operator's token")
        return
    if request.remote_addr not in LOOPBACK_ADDRESSES:
        raise Forbidden("set TRICKLOG_ADMIN_TOKEN to use operator endpoints (bots, metrics) "
                        "from another machine")
    if host_name(request.host) not in operator_host_names(settings.host):
        raise Forbidden("without TRICKLOG_ADMIN_TOKEN, operator endpoints answer only "
                        "requests addressed to this machine (Host: localhost or 127.0.0.1)")


def host_name(host: str) -> str:
    """``Host`` without its port (``[::1]:8000`` -> ``[::1]``), lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host.partition("]")[0] + "]"
    return host.rpartition(":")[0] if ":" in host else host


def operator_host_names(configured: str) -> frozenset[str]:
    """Loopback names, plus ``TRICKLOG_HOST`` (the name ``tricklog serve`` binds) if set."""
    return LOOPBACK_NAMES | ({configured} if configured else set())
