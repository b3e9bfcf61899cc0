"""Calling third-party webhook bots: signed requests to allowed URLs only."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import os
import socket
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlsplit

SIGNATURE_HEADER = "X-Tricklog-Signature"


class NotAllowed(Exception):
    """A webhook URL outside the configured allowlist."""


def allowlist() -> list[str]:
    """``TRICKLOG_WEBHOOK_ALLOW``: comma-separated hosts or networks (e.g. ``bots.example.org,
    127.0.0.1/32``). Empty by default: no webhook is called until an operator allows it."""
    return [x.strip() for x in os.environ.get("TRICKLOG_WEBHOOK_ALLOW", "").split(",")
            if x.strip()]


def check_url(url: str) -> None:
    """Refuse anything but http(s) to an allowed host; the host's addresses must be allowed
    too, so a name cannot be pointed at an internal address."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError:
        raise NotAllowed("the URL does not parse") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise NotAllowed("the URL must be http or https with a host")
    allowed = allowlist()
    host = parts.hostname
    if host in allowed:
        return
    networks = []
    for entry in allowed:
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            continue
    try:
        addresses = {str(info[4][0]) for info in socket.getaddrinfo(host, parts.port or 80)}
    except (OSError, UnicodeError, ValueError):
        raise NotAllowed(f"{host} does not resolve") from None
    if not addresses or not all(any(ipaddress.ip_address(a.split("%")[0]) in net
                                    for net in networks) for a in addresses):
        raise NotAllowed(f"{host} is not in TRICKLOG_WEBHOOK_ALLOW")


def sign(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def ask(bot: dict[str, Any], view: dict[str, Any], timeout: float) -> dict[str, Any]:
    """POST the seat's view (with its legal moves) to the bot; its answer is the move, either
    bare or as ``{"move": {...}}``. Raises on any failure; the caller falls back."""
    check_url(bot["url"])
    body = json.dumps({"view": view, "legal_moves": view["legal_moves"]}).encode()
    request = urllib.request.Request(bot["url"], data=body, method="POST", headers={
        "Content-Type": "application/json", SIGNATURE_HEADER: sign(bot["secret"], body)})
    with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310
        answer = json.loads(response.read(65536))
    move = answer.get("move", answer) if isinstance(answer, dict) else None
    if not isinstance(move, dict):
        raise ValueError("the bot's answer is not a move")
    return move
