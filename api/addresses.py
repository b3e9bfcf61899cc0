"""Who a request comes from: the one address every per-address limit counts (the rate limit,
the quotas, the event-stream caps).

By default that is the peer of the connection. Behind the operator's own proxies (a load
balancer, nginx) every client would then share the proxy's address and its buckets, so
``TRICKLOG_TRUSTED_PROXIES`` (comma-separated addresses or networks; empty by default) names
them: when the peer is one of them, the client is the right-most address of
``X-Forwarded-For`` that is not itself a trusted proxy (each proxy appends the address it saw,
so everything to the left of that was written by the client and is not believed). A header
from any other peer changes nothing (issue 32 item 9).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from flask import Flask, current_app, request

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address
MAX_HOPS = 32  # a longer header is read only at its right end


def install(app: Flask, proxies: Iterable[str]) -> None:
    """Parse the trusted proxies once; a malformed one stops the server at start."""
    app.extensions["tricklog.trusted_proxies"] = tuple(
        ipaddress.ip_network(p.strip(), strict=False) for p in proxies if p.strip())


def client_address() -> str:
    """The address this request is counted at (see the module's docstring)."""
    peer = request.remote_addr or "-"
    trusted: tuple[Network, ...] = current_app.extensions.get("tricklog.trusted_proxies", ())
    if not trusted or not _is_trusted(_parse(peer), trusted):
        return peer
    nearest = peer
    for hop in reversed(_hops()):
        address = _parse(hop)
        if address is None:  # not an address: written by the client, not by a proxy
            return nearest
        nearest = str(address)
        if not _is_trusted(address, trusted):
            return nearest
    return nearest


def _hops() -> list[str]:
    hops = [hop.strip() for value in request.headers.getlist("X-Forwarded-For")
            for hop in value.split(",")]
    return hops[-MAX_HOPS:]


def _parse(text: str) -> Address | None:
    try:
        return ipaddress.ip_address(text.strip().removeprefix("[").removesuffix("]"))
    except ValueError:
        return None


def _is_trusted(address: Address | None, trusted: tuple[Network, ...]) -> bool:
    return address is not None and any(address in network for network in trusted)
