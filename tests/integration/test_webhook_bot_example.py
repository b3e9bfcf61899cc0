"""``examples/webhook_bot.py`` as its README section runs it: a real HTTP server in its own
process, registered over the real service's HTTP API, seated in a match that workers play. It
verifies every call's ``Tricklog-Signature`` (issue 31 item 13): the match is played with no
fallback, and a request the server really sent, captured and sent again, is refused, as is
one signed too long ago or with another secret."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from rq import SimpleWorker
from werkzeug.serving import make_server

from api.app import create_app
from events.config import Settings
from events.redis_server import free_port
from examples import sse_bot
from tests.contract import validator
from workers import runtime, signatures, webhooks

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def service(redis_client: redis.Redis, monkeypatch: pytest.MonkeyPatch
            ) -> Iterator[dict[str, Any]]:
    """The API over HTTP on loopback, and a function that runs the queued jobs (both queues)
    in this process."""
    monkeypatch.setenv("TRICKLOG_WEBHOOK_ALLOW", "127.0.0.1/32")
    monkeypatch.delenv("TRICKLOG_ADMIN_TOKEN", raising=False)
    app = create_app(Settings.from_env(redis_url="unused"), client=redis_client)
    runtime.configure(app.extensions["tricklog.referee"])
    server = make_server("127.0.0.1", free_port(), app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    turns = app.extensions["tricklog.referee"].on_turn

    def work() -> None:
        SimpleWorker([turns.queue, turns.webhooks], connection=redis_client,
                     serializer=turns.queue.serializer).work(burst=True, max_jobs=20_000)

    yield {"base": f"http://127.0.0.1:{server.server_port}", "work": work}
    server.shutdown()
    runtime.configure(None)


@pytest.fixture
def example_bot() -> Iterator[Any]:
    """Starts ``examples/webhook_bot.py --port <port>`` with a secret; stopped at the end."""
    started: list[subprocess.Popen[bytes]] = []

    def start(port: int, secret: str) -> None:
        env = {**os.environ, "TRICKLOG_WEBHOOK_SECRET": secret}
        started.append(subprocess.Popen(
            [sys.executable, "examples/webhook_bot.py", "--port", str(port)], cwd=ROOT, env=env,
            stderr=subprocess.DEVNULL))
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                return
            except OSError:
                time.sleep(0.05)
        raise AssertionError("the example bot did not start listening")

    yield start
    for proc in started:
        proc.terminate()
        proc.wait(10)


def send_raw(port: int, request: bytes) -> tuple[int, dict[str, Any]]:
    """Send request bytes as they are; the status and JSON body of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), json.loads(body)


def test_the_example_webhook_bot_plays_a_match_and_refuses_a_replay(
        service: dict[str, Any], example_bot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    base, port = service["base"], free_port()
    bot = sse_bot.call(base, "POST", "/v1/bots",
                       "", {"name": "example", "url": f"http://127.0.0.1:{port}/turn"})
    example_bot(port, bot["secret"])
    sent: list[bytes] = []  # what the server really sent the bot, byte for byte
    exchange = webhooks._exchange

    def capturing(target: Any, request: bytes, *args: Any) -> Any:
        sent.append(request)
        return exchange(target, request, *args)

    monkeypatch.setattr(webhooks, "_exchange", capturing)
    created = sse_bot.call(base, "POST", "/v1/matches", "", {
        "ruleset": "sedma", "players": 2, "seed": "example-hook", "options": {"target_stakes": 1},
        "seats": [{"name": "hook", "bot": bot["id"]}, {"name": "r", "bot": "random"}]})
    service["work"]()
    match = sse_bot.call(base, "GET", f"/v1/matches/{created['id']}", "")
    assert match["status"] == "over"
    mine = [e for d in match["deals"] for e in sse_bot.call(
        base, "GET", f"/v1/deals/{d['id']}/events", "")["events"] if e["seat"] == 0]
    assert mine and all(e["command_id"].startswith("bot:") for e in mine)  # no fallback
    call = validator("/webhooks/botTurn/post/requestBody/content/application~1json/schema")
    for request in sent:  # every call is what the spec's webhooks: section says
        head, _, body = request.partition(b"\r\n\r\n")
        assert call.is_valid(json.loads(body)), body[:200]
        assert b"\r\nTricklog-Signature: t=" in head and b"\r\nX-Tricklog-Signature: " in head
    record = sse_bot.call(base, "GET", f"/v1/bots/{bot['id']}", bot["key"])
    assert (record["status"], record["fallbacks"], record["calls"]) == ("active", 0, len(sent))

    status, answer = send_raw(port, sent[-1])  # a captured request, sent again
    assert status == 401 and "replay" in answer["error"]
    head, _, body = sent[-1].partition(b"\r\n\r\n")
    stale = int(time.time()) - 3600
    for stamp, secret, why in ((stale, bot["secret"], "tolerance"),
                               (int(time.time()), "another secret", "does not match")):
        signed = signatures.headers(secret, body, stamp)[signatures.SIGNATURE_HEADER]
        lines = [line for line in head.split(b"\r\n")
                 if not line.lower().startswith(b"tricklog-signature:")]
        forged = b"\r\n".join([*lines, f"Tricklog-Signature: {signed}".encode()])
        status, answer = send_raw(port, forged + b"\r\n\r\n" + body)
        assert status == 401 and why in answer["error"], answer


def test_the_servers_signature_verifies_with_the_documented_recipe() -> None:
    """HMAC-SHA256 keyed with the secret's UTF-8 bytes over ``<t>.<body>``; the earlier
    header, over the body alone, is still sent."""
    import hashlib
    import hmac

    secret, body, stamp = "s3cr3t-_Ab", b'{"view": {}, "legal_moves": []}', 1_790_000_000
    sent = signatures.headers(secret, body, stamp)
    mac = hmac.new(secret.encode(), b"1790000000." + body, hashlib.sha256).hexdigest()
    assert sent["Tricklog-Signature"] == f"t=1790000000,v1={mac}"
    legacy = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    assert sent["X-Tricklog-Signature"] == f"sha256={legacy}"
    assert signatures.verify(secret, sent["Tricklog-Signature"], body, stamp + 299) == stamp
    with pytest.raises(ValueError, match="tolerance"):
        signatures.verify(secret, sent["Tricklog-Signature"], body, stamp + 301)


def test_a_rotation_with_an_overlap_keeps_the_bot_playing_until_it_takes_the_new_secret(
        referee: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """``POST /v1/bots/{id}/secret {"previous_valid_for": s}``: calls carry a second ``v1``
    made with the old secret, so a bot still holding it verifies them; without an overlap the
    old secret is refused at once (a leaked secret)."""
    from events.referee import bots
    from examples import webhook_bot

    monkeypatch.setenv("TRICKLOG_WEBHOOK_ALLOW", "127.0.0.1/32")
    port = free_port()
    registered = bots.register(referee, "hook", f"http://127.0.0.1:{port}/")
    old = webhook_bot.server(registered["secret"], port=port)  # the bot keeps the old secret
    threading.Thread(target=old.serve_forever, daemon=True).start()
    policy = webhooks.Policy(allow=("127.0.0.1/32",), timeout=5)
    seq = iter(range(1, 100))

    def ask() -> dict[str, Any]:  # each call another view, as each turn is
        view = {"seq": next(seq), "legal_moves": [{"type": "stop"}]}
        return webhooks.ask(bots.get(referee, registered["id"]), view, policy)

    try:
        assert ask() == {"type": "stop"}
        rotated = bots.rotate(referee, registered["id"], previous_valid_for=3600)
        assert rotated["previous_valid_until"] > time.time() + 3500
        assert ask() == {"type": "stop"}  # signed with both: the old secret still verifies
        bots.rotate(referee, registered["id"])  # no overlap: the old secret signs nothing
        with pytest.raises(webhooks.BadStatus, match="401"):
            ask()
    finally:
        old.shutdown()
    stored = bots.get(referee, registered["id"])
    assert "previous_secret" not in stored
