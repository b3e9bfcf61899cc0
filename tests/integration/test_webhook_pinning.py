"""Webhook calls stay inside the allowlist: no redirect is followed, and the call goes to the
very address that was checked (one resolution per call), with the URL's host in ``Host`` and,
over TLS, in SNI and the certificate check."""

from __future__ import annotations

import json
import socket
import ssl
import subprocess
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import pytest
import redis
from rq import SimpleWorker

from events.config import Settings
from events.redis_server import free_port
from events.referee import Referee, audits, bots, matches
from events.store import EventStore
from workers import runtime, webhooks

VIEW = {"legal_moves": [{"type": "stop"}, {"type": "play", "card": "AS"}]}


class Recorder(BaseHTTPRequestHandler):
    """Answers every POST as its server's ``answer`` says; records what reached it."""

    def do_POST(self) -> None:  # noqa: N802 - the http.server API
        self.rfile.read(int(self.headers["Content-Length"]))
        self.server.calls.append({"host": self.headers["Host"], "path": self.path})  # type: ignore[attr-defined]
        status, headers, body = self.server.answer  # type: ignore[attr-defined]
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        return


def policy() -> webhooks.Policy:
    """The webhook terms as the environment sets them now (the tests set it per case)."""
    return webhooks.Policy.of(Settings.from_env(webhook_timeout=5))


@pytest.fixture
def serve() -> Iterator[Callable[..., HTTPServer]]:
    """Start recording HTTP servers on given loopback addresses; all stopped afterwards."""
    started: list[HTTPServer] = []

    def start(address: str, port: int, answer: tuple[int, dict[str, str], bytes],
              tls: ssl.SSLContext | None = None) -> HTTPServer:
        server = HTTPServer((address, port), Recorder)
        if tls is not None:
            server.socket = tls.wrap_socket(server.socket, server_side=True)
        server.calls, server.answer = [], answer  # type: ignore[attr-defined]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.shutdown()
        server.server_close()


def move(card: str = "AS") -> tuple[int, dict[str, str], bytes]:
    return 200, {"Content-Type": "application/json"}, json.dumps(
        {"move": {"type": "play", "card": card}}).encode()


def redirect(location: str, status: int = 302) -> tuple[int, dict[str, str], bytes]:
    return status, {"Location": location}, b""


def hook(url: str) -> dict[str, Any]:
    return {"id": "wb_0123456789abcdef", "url": url, "secret": "s"}


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_no_redirect_is_followed(serve: Any, monkeypatch: pytest.MonkeyPatch,
                                 status: int) -> None:
    port = free_port()
    monkeypatch.setenv("TRICKLOG_WEBHOOK_ALLOW", "127.0.0.1/32,127.0.0.2/32")
    target = serve("127.0.0.2", port, move())  # allowed, even: a redirect is still not followed
    bot = serve("127.0.0.1", port, redirect(f"http://127.0.0.2:{port}/elsewhere", status))
    with pytest.raises(webhooks.Redirected, match=str(status)):
        webhooks.ask(hook(f"http://127.0.0.1:{port}/play"), VIEW, policy())
    assert len(bot.calls) == 1 and target.calls == []


def test_a_redirect_to_a_forbidden_address_reaches_nothing_and_the_fallback_is_recorded(
        serve: Any, monkeypatch: pytest.MonkeyPatch, redis_client: redis.Redis) -> None:
    """The proof of issue 15: a bot on an allowed address answers 302 to a forbidden one."""
    port = free_port()
    monkeypatch.setenv("TRICKLOG_WEBHOOK_ALLOW", "127.0.0.1/32")
    monkeypatch.setenv("TRICKLOG_WEBHOOK_SUSPEND_AFTER", "0")  # every call made, none suspended
    forbidden = serve("127.0.0.2", port, move())
    bot = serve("127.0.0.1", port, redirect(f"http://127.0.0.2:{port}/steal"))
    queue = runtime.queue_for(redis_client)
    turns = runtime.turn_hook(queue)
    referee = Referee(EventStore(redis_client), on_turn=turns)
    runtime.configure(referee)
    try:
        registered = bots.register(referee, "redirecting", f"http://127.0.0.1:{port}/")
        created = matches.create(referee,
            ruleset="sedma", players=2, seed="redirect", options={"target_stakes": 1},
            seats=[{"name": "hook", "bot": registered["id"]}, {"name": "r", "bot": "random"}])
        SimpleWorker([queue, turns.webhooks], connection=redis_client,
                     serializer=queue.serializer).work(burst=True, max_jobs=5000)
        deal = created["deal"]["id"]
        mine = [e for e in referee.store.read("deal", deal) if e["seat"] == 0]
        assert matches.get(referee, created["id"])["status"] == "over"
    finally:
        runtime.configure(None)
    assert mine and all(e["command_id"].startswith("bot-fallback:redirect:") for e in mine)
    assert len(bot.calls) >= len(mine) and forbidden.calls == []
    assert audits.audit_stored(referee, deal).ok


@pytest.fixture
def rebinding(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """``name`` resolves to each of ``answers`` in turn (a DNS server playing rebinding);
    every other name resolves as usual. ``lookups`` counts the name's resolutions."""
    real = socket.getaddrinfo
    state: dict[str, Any] = {"name": "bot.rebind.test", "answers": [], "lookups": 0}

    def fake(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        if host != state["name"]:
            return real(host, port, *args, **kwargs)
        answer = state["answers"][state["lookups"] % len(state["answers"])]
        state["lookups"] += 1
        return real(answer, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", fake)
    return state


def test_the_call_connects_to_the_address_that_was_checked(
        serve: Any, monkeypatch: pytest.MonkeyPatch, rebinding: dict[str, Any]) -> None:
    port = free_port()
    monkeypatch.setenv("TRICKLOG_WEBHOOK_ALLOW", "127.0.0.1/32")
    allowed = serve("127.0.0.1", port, move("AS"))
    forbidden = serve("127.0.0.2", port, move("KS"))
    rebinding["answers"] = ["127.0.0.1", "127.0.0.2"]  # checked, then rebound
    for _ in range(3):
        before = rebinding["lookups"]
        assert webhooks.ask(hook(f"http://{rebinding['name']}:{port}/"), VIEW, policy()) == {
            "type": "play", "card": "AS"}
        assert rebinding["lookups"] == before + 1  # one resolution per call
        rebinding["lookups"] = 0  # the next call is checked against 127.0.0.1 again
    assert forbidden.calls == []
    assert [c["host"] for c in allowed.calls] == [f"{rebinding['name']}:{port}"] * 3


def test_a_name_allowed_by_name_may_not_resolve_to_internal_addresses(
        monkeypatch: pytest.MonkeyPatch, rebinding: dict[str, Any]) -> None:
    monkeypatch.setenv("TRICKLOG_WEBHOOK_ALLOW", rebinding["name"])
    for internal in ("127.0.0.1", "10.1.2.3", "169.254.169.254", "::1", "0.0.0.0"):
        rebinding["answers"], rebinding["lookups"] = [internal], 0
        with pytest.raises(webhooks.NotAllowed):
            webhooks.resolve(f"http://{rebinding['name']}/", (rebinding["name"],))
    rebinding["answers"] = ["93.184.216.34"]  # public: allowed by the name
    found = webhooks.resolve(f"http://{rebinding['name']}/x?y=1", (rebinding["name"],))
    assert found.address == "93.184.216.34"


def test_tls_goes_to_the_checked_address_with_the_name_in_sni(
        serve: Any, monkeypatch: pytest.MonkeyPatch, rebinding: dict[str, Any],
        tmp_path: Path) -> None:
    name = rebinding["name"]
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-keyout", str(key), "-out", str(cert), "-subj", f"/CN={name}",
                    "-addext", f"subjectAltName=DNS:{name}"], check=True, capture_output=True)
    seen: list[str | None] = []
    tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls.load_cert_chain(cert, key)
    tls.sni_callback = lambda sock, server_name, ctx: seen.append(server_name)
    port = free_port()
    server = serve("127.0.0.1", port, move("AS"), tls=tls)
    monkeypatch.setenv("TRICKLOG_WEBHOOK_ALLOW", "127.0.0.1/32")
    monkeypatch.setenv("TRICKLOG_WEBHOOK_CA", str(cert))
    rebinding["answers"] = ["127.0.0.1", "127.0.0.2"]
    assert webhooks.ask(hook(f"https://{name}:{port}/"), VIEW, policy())["card"] == "AS"
    assert seen == [name] and server.calls[0]["host"] == f"{name}:{port}"
    monkeypatch.delenv("TRICKLOG_WEBHOOK_CA")  # an untrusted certificate is a failed call
    rebinding["lookups"] = 0
    with pytest.raises(ssl.SSLError):
        webhooks.ask(hook(f"https://{name}:{port}/"), VIEW, policy())
