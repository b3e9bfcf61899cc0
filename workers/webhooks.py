"""Calling third-party webhook bots: signed requests to allowed addresses only.

The host is resolved once per call; every address it resolves to must be allowed, and the call
connects to that very address (with the URL's host in ``Host`` and, over TLS, in SNI and the
certificate check), so a name cannot resolve to an allowed address for the check and to
another for the call (DNS rebinding). Redirects are not followed: a 3xx answer is a failed call
(``Redirected``), as a redirect could point anywhere.
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import ipaddress
import json
import socket
import ssl
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from events.config import Settings

SIGNATURE_HEADER = "X-Tricklog-Signature"
MAX_ANSWER = 65536


class NotAllowed(Exception):
    """A webhook URL outside the configured allowlist."""


class Redirected(Exception):
    """The bot answered with a redirect, which is never followed."""


class BadStatus(Exception):
    """The bot answered with a status other than 2xx or 3xx."""


@dataclass(frozen=True, slots=True)
class Policy:
    """The operator's terms for calling webhook bots: ``allow`` (``TRICKLOG_WEBHOOK_ALLOW``:
    hosts or networks, e.g. ``bots.example.org, 127.0.0.1/32``; empty by default, so no
    webhook is called until an operator allows it), ``ca`` (``TRICKLOG_WEBHOOK_CA``: extra CA
    certificates, for a private CA) and ``timeout`` (``TRICKLOG_WEBHOOK_TIMEOUT``, seconds)."""

    allow: tuple[str, ...] = ()
    ca: str = ""
    timeout: float = 2.0

    @classmethod
    def of(cls, settings: Settings) -> Policy:
        return cls(settings.webhook_allow, settings.webhook_ca, settings.webhook_timeout)


@dataclass(frozen=True, slots=True)
class Target:
    """Where one call goes: the URL's parts and the one checked address to connect to."""

    scheme: str
    host: str
    port: int
    address: str
    path: str

    @property
    def host_header(self) -> str:
        default = 443 if self.scheme == "https" else 80
        name = f"[{self.host}]" if ":" in self.host else self.host
        return name if self.port == default else f"{name}:{self.port}"


def resolve(url: str, allowed: tuple[str, ...]) -> Target:
    """Check ``url`` against the allowlist and resolve its host, once. Every address the host
    resolves to must be in an allowed network; a host allowed by name may also resolve to
    public addresses, never to private, loopback, link-local (cloud metadata) or other special
    ones unless a network entry allows them."""
    try:
        parts = urlsplit(url)
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise NotAllowed("the URL does not parse") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise NotAllowed("the URL must be http or https with a host")
    host = parts.hostname
    networks = _networks(allowed)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError, ValueError):
        raise NotAllowed(f"{host} does not resolve") from None
    addresses = list(dict.fromkeys(str(info[4][0]).split("%")[0] for info in infos))
    named = host.lower() in {a.lower() for a in allowed}
    if not addresses or not all(_address_allowed(a, networks, named) for a in addresses):
        raise NotAllowed(f"{host} is not in TRICKLOG_WEBHOOK_ALLOW (or resolves outside it)")
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Target(parts.scheme, host, port, addresses[0], path)


def check_url(url: str, allowed: tuple[str, ...]) -> None:
    """Refuse a URL whose host is not allowed (at registration; every call checks again)."""
    resolve(url, allowed)


def _networks(allowed: tuple[str, ...]) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    networks = []
    for entry in allowed:
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            continue
    return networks


def _address_allowed(address: str, networks: list[Any], named: bool) -> bool:
    ip = ipaddress.ip_address(address)
    return any(ip in net for net in networks) or (named and ip.is_global)


def sign(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def ask(bot: dict[str, Any], view: dict[str, Any], policy: Policy) -> dict[str, Any]:
    """POST the seat's view (with its legal moves) to the bot; its answer is the move, either
    bare or as ``{"move": {...}}``. Raises on any failure; the caller falls back."""
    target = resolve(bot["url"], policy.allow)
    body = json.dumps({"view": view, "legal_moves": view["legal_moves"]}).encode()
    conn = _connection(target, policy)
    try:
        conn.request("POST", target.path, body=body, headers={
            "Host": target.host_header, "Content-Type": "application/json",
            SIGNATURE_HEADER: sign(bot["secret"], body)})
        response = conn.getresponse()
        if 300 <= response.status < 400:
            raise Redirected(f"answered {response.status} (to {response.getheader('Location')})")
        if not 200 <= response.status < 300:
            raise BadStatus(f"answered {response.status}")
        answer = json.loads(response.read(MAX_ANSWER))
    finally:
        conn.close()
    move = answer.get("move", answer) if isinstance(answer, dict) else None
    if not isinstance(move, dict):
        raise ValueError("the bot's answer is not a move")
    return move


def _connection(target: Target, policy: Policy) -> http.client.HTTPConnection:
    if target.scheme == "https":
        return _PinnedHTTPS(target, policy)
    return http.client.HTTPConnection(target.address, target.port, timeout=policy.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    """HTTPS to the checked address, with the URL's host for SNI and the certificate check.
    The policy's ``ca`` names extra CA certificates to trust (a private CA)."""

    def __init__(self, target: Target, policy: Policy) -> None:
        self.tls = ssl.create_default_context(cafile=policy.ca or None)
        super().__init__(target.address, target.port, timeout=policy.timeout,
                         context=self.tls)
        self.server_name = target.host

    def connect(self) -> None:
        sock = socket.create_connection((self.host, self.port), self.timeout)
        self.sock = self.tls.wrap_socket(sock, server_hostname=self.server_name)
