"""A webhook bot in the standard library: it verifies every call's signature, refuses a stale
or replayed one, and answers one of the seat's legal moves.

    # register it (operator): the answer holds its id, its signing secret and its key
    curl -s -X POST localhost:8000/v1/bots -H 'Content-Type: application/json' \\
         -d '{"name": "hook", "url": "http://127.0.0.1:9000/"}'
    TRICKLOG_WEBHOOK_SECRET=<secret> python examples/webhook_bot.py --port 9000

then seat it in a match with ``{"name": "hook", "bot": "<id>"}`` (the operator allows its host
in ``TRICKLOG_WEBHOOK_ALLOW``). The call (openapi.yaml, ``webhooks: botTurn``) is a POST of
``{"view", "legal_moves"}`` signed with ``Tricklog-Signature: t=<unix>,v1=<hex>``: HMAC-SHA256
keyed with the secret's UTF-8 bytes (the string as given, nothing to decode) over ``<t>.<body>``.
A signature is accepted once, and only within ``--tolerance`` seconds (300) of this machine's
clock; a request that fails any check gets 401 and no move.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import os
import random
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

TOLERANCE = 300
MAX_BODY = 1 << 20


class Refused(Exception):
    """The call is not signed with our secret, is stale, or was seen before."""


class Verifier:
    """Checks ``Tricklog-Signature`` and remembers, for the tolerance, what it accepted."""

    def __init__(self, secret: str, tolerance: float = TOLERANCE) -> None:
        self.key, self.tolerance = secret.encode("utf-8"), tolerance
        self.seen: dict[str, float] = {}  # signature -> its time
        self.lock = threading.Lock()

    def check(self, header: str | None, body: bytes, now: float | None = None) -> None:
        now = time.time() if now is None else now
        fields = [part.strip().partition("=") for part in (header or "").split(",")]
        stamps = [v for k, _, v in fields if k == "t"]
        given = [v for k, _, v in fields if k == "v1"]
        if len(stamps) != 1 or not stamps[0].isdigit() or not given:
            raise Refused("no valid Tricklog-Signature header")
        stamp = int(stamps[0])
        if abs(now - stamp) > self.tolerance:
            raise Refused(f"signed {now - stamp:.0f} s from now: outside the tolerance")
        expected = hmac.new(self.key, stamps[0].encode() + b"." + body,
                            hashlib.sha256).hexdigest()
        if not any(hmac.compare_digest(expected, g) for g in given):
            raise Refused("the signature does not match")
        with self.lock:
            self.seen = {s: t for s, t in self.seen.items() if now - t <= self.tolerance}
            if expected in self.seen:
                raise Refused("this request was seen before: a replay")
            self.seen[expected] = stamp


def choose(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The move to play: a random legal one. Put a policy of your own here."""
    return random.choice(legal)


class Handler(BaseHTTPRequestHandler):
    verifier: Verifier

    def do_POST(self) -> None:  # noqa: N802 - the http.server API
        length = int(self.headers.get("Content-Length") or 0)
        if not 0 < length <= MAX_BODY:
            return self.answer(400, {"error": "a JSON body is needed"})
        body = self.rfile.read(length)
        try:
            self.verifier.check(self.headers.get("Tricklog-Signature"), body)
        except Refused as exc:
            return self.answer(401, {"error": str(exc)})
        call = json.loads(body)
        self.answer(200, {"move": choose(call["view"], call["legal_moves"])})

    def answer(self, status: int, value: dict[str, Any]) -> None:
        data = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - http.server's
        print(f"{self.address_string()} {format % args}", file=sys.stderr)


def server(secret: str, host: str = "127.0.0.1", port: int = 9000,
           tolerance: float = TOLERANCE) -> ThreadingHTTPServer:
    """The bot's HTTP server, bound and ready for ``serve_forever``."""
    handler = type("BotHandler", (Handler,), {"verifier": Verifier(secret, tolerance)})
    return ThreadingHTTPServer((host, port), handler)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A Tricklog webhook bot (the signing secret "
                                     "in TRICKLOG_WEBHOOK_SECRET).")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=9000)
    parser.add_argument("--tolerance", type=float, default=TOLERANCE,
                        help="seconds a signature's time may be from this clock (300)")
    args = parser.parse_args(argv)
    secret = os.environ.get("TRICKLOG_WEBHOOK_SECRET", "")
    if not secret:
        print("webhook_bot: set TRICKLOG_WEBHOOK_SECRET to the bot's secret", file=sys.stderr)
        return 2
    bot = server(secret, args.host, args.port, args.tolerance)
    print(f"listening on http://{args.host}:{bot.server_port}/", file=sys.stderr, flush=True)
    try:
        bot.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
