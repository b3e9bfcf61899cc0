"""Calling third-party webhook bots: signed requests to allowed addresses only.

The host is resolved once per call; every address it resolves to must be allowed, and the call
connects to that very address (with the URL's host in ``Host`` and, over TLS, in SNI and the
certificate check), so a name cannot resolve to an allowed address for the check and to
another for the call (DNS rebinding). Redirects are not followed: a 3xx answer is a failed call
(``Redirected``), as a redirect could point anywhere.

A bot cannot hold the worker (issue 32): the whole call has one deadline, checked before
every wait (connect, TLS, send, each read), so headers dripped a line at a time or a body a
byte at a time end at the deadline, not at a per-read timeout that each drip restarts. The
answer is read by this module (HTTP/1.1, ``Connection: close``; a length, chunked, or until
close; at most 64 KiB), and it must name one of the seat's legal moves.
"""

from __future__ import annotations

import ipaddress
import json
import socket
import ssl
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from events.config import Settings

from . import signatures

MAX_ANSWER = 65536  # bytes of body
MAX_HEAD = 16384  # bytes of status line and headers


class NotAllowed(Exception):
    """A webhook URL outside the configured allowlist."""


class Redirected(Exception):
    """The bot answered with a redirect, which is never followed."""


class BadStatus(Exception):
    """The bot answered with a status other than 2xx or 3xx."""


class Malformed(ValueError):
    """The answer is not an HTTP answer holding a move (broken framing, not JSON, nested too
    deeply, too large, not a move's shape)."""


class Illegal(Exception):
    """The answer is a move, but not one of the seat's legal moves."""


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


def ask(bot: dict[str, Any], view: dict[str, Any], policy: Policy) -> dict[str, Any]:
    """POST the seat's view (with its legal moves) to the bot; its answer is the move, either
    bare or as ``{"move": {...}}``, and must be one of the legal moves (which is returned: the
    server's own copy). One deadline for the whole call, ``policy.timeout`` seconds: resolving
    aside, connecting, TLS, sending and the answer's headers and body all fit in it, however
    slowly the bot drips them. Raises on any failure; the caller falls back."""
    deadline = time.monotonic() + policy.timeout
    target = resolve(bot["url"], policy.allow)
    body = json.dumps({"view": view, "legal_moves": view["legal_moves"]}).encode()
    now = time.time()
    previous = bot.get("previous_secret") if bot.get("previous_until", 0) > now else None
    request = _request(target, signatures.headers(bot["secret"], body, int(now), previous), body)
    status, headers, content = _exchange(target, request, policy, deadline)
    if 300 <= status < 400:
        raise Redirected(f"answered {status} (to {headers.get('location', '')[:200]})")
    if not 200 <= status < 300:
        raise BadStatus(f"answered {status}")
    try:
        answer = json.loads(content)
    except (ValueError, RecursionError) as exc:  # RecursionError: [[[[... nested too deeply
        raise Malformed(f"the answer is not JSON ({type(exc).__name__})") from None
    return legal_answer(answer, view["legal_moves"])


def legal_answer(answer: Any, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The legal move the bot's answer names (its ``expected_seq``, if any, aside)."""
    move = answer.get("move", answer) if isinstance(answer, dict) else None
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise Malformed("the answer is not a move")
    move = {k: v for k, v in move.items() if k != "expected_seq"}
    for candidate in legal:
        if candidate == move:
            return dict(candidate)
    raise Illegal(f"{json.dumps(move)[:200]} is not one of the legal moves")


def _request(target: Target, signed: dict[str, str], body: bytes) -> bytes:
    if not target.path.isascii() or any(c in target.path for c in " \r\n\t\x00"):
        raise Malformed("the URL's path must be ASCII with no space or control character")
    host = target.host_header
    host = host if host.isascii() else host.encode("idna").decode("ascii")  # an IDN host
    head = (f"POST {target.path} HTTP/1.1\r\nHost: {host}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
            + "".join(f"{name}: {value}\r\n" for name, value in signed.items())
            + "Connection: close\r\n\r\n")
    return head.encode("ascii") + body


def _left(deadline: float) -> float:
    """Seconds left before the call's deadline; TimeoutError once there are none."""
    left = deadline - time.monotonic()
    if left <= 0:
        raise TimeoutError("no whole answer within the webhook timeout")
    return left


def _exchange(target: Target, request: bytes, policy: Policy, deadline: float
              ) -> tuple[int, dict[str, str], bytes]:
    """Connect to the checked address (over TLS with the URL's host for SNI and the
    certificate check; ``policy.ca`` names extra CA certificates), send, read the answer:
    every step waits only for the time left before ``deadline``."""
    sock = socket.create_connection((target.address, target.port), timeout=_left(deadline))
    try:
        if target.scheme == "https":
            sock.settimeout(_left(deadline))
            tls = ssl.create_default_context(cafile=policy.ca or None)
            sock = tls.wrap_socket(sock, server_hostname=target.host)
        sock.settimeout(_left(deadline))
        sock.sendall(request)
        status, headers, body = _parse(_receive(sock, deadline))
    finally:
        sock.close()
    if len(body) > MAX_ANSWER:
        raise Malformed(f"the answer is over {MAX_ANSWER} bytes")
    return status, headers, body


def _receive(sock: socket.socket, deadline: float) -> bytes:
    """The whole answer: until its length is there or the bot closes, within the deadline."""
    data = b""
    while not _complete(data):
        sock.settimeout(_left(deadline))
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
        if len(data) > MAX_HEAD + MAX_ANSWER:
            raise Malformed(f"the answer is over {MAX_ANSWER} bytes")
    return data


def _complete(data: bytes) -> bool:
    head, found, rest = data.partition(b"\r\n\r\n")
    if not found:
        return False
    headers = _headers(head.decode("latin-1").split("\r\n")[1:])
    if "chunked" in headers.get("transfer-encoding", "").lower():
        return rest.endswith(b"0\r\n\r\n")
    if "content-length" in headers:
        return len(rest) >= _length(headers["content-length"])
    return False  # read until the bot closes


def _parse(data: bytes) -> tuple[int, dict[str, str], bytes]:
    """Status, headers (lower-case names) and body of an HTTP/1.x answer; Malformed if not."""
    head, found, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = lines[0].split(" ", 2)
    if not found or len(status) < 2 or not status[0].startswith("HTTP/1.") or not (
            len(status[1]) == 3 and status[1].isascii() and status[1].isdigit()):
        raise Malformed("not an HTTP answer")
    headers = _headers(lines[1:])
    if "chunked" in headers.get("transfer-encoding", "").lower():
        return int(status[1]), headers, _dechunk(rest)
    if "content-length" in headers:
        length = _length(headers["content-length"])
        if len(rest) < length:
            raise Malformed(f"the answer ended after {len(rest)} of {length} bytes")
        rest = rest[:length]
    return int(status[1]), headers, rest


def _headers(lines: list[str]) -> dict[str, str]:
    headers: dict[str, str] = {}
    for line in lines:
        name, colon, value = line.partition(":")
        if not colon:
            raise Malformed("a header line without a colon")
        headers[name.strip().lower()] = value.strip()
    return headers


def _length(value: str) -> int:
    if not (value.isascii() and value.isdigit()):
        raise Malformed(f"Content-Length {value[:20]!r}")
    return int(value)


def _dechunk(data: bytes) -> bytes:
    """A chunked body, decoded; Malformed if its framing is broken."""
    out, pos = b"", 0
    while True:
        end = data.find(b"\r\n", pos)
        size = data[pos:end].split(b";")[0].strip()
        if end < 0 or not size or any(c not in b"0123456789abcdefABCDEF" for c in size):
            raise Malformed("a broken chunked answer")
        length = int(size, 16)
        if length == 0:
            return out
        chunk = data[end + 2:end + 2 + length]
        if len(chunk) < length or data[end + 2 + length:end + 4 + length] != b"\r\n":
            raise Malformed("a broken chunked answer")
        out, pos = out + chunk, end + 4 + length
