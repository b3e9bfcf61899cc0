"""Webhook bots that cannot hurt anyone (issue 32, item 4): one deadline per call (connect,
headers and body together), every failure turned into the documented fallback (a random move,
``command_id`` ``bot-fallback:<reason>:<seq>``), the answer checked against the legal moves
before it is played. A hostile bot here is a real server on 127.0.0.1 that drips its headers
a line every 1.5 s, or its body a byte a second, or answers malformed or deeply nested JSON."""

from __future__ import annotations

import json
import random
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import redis
from rq import SimpleWorker

from events.redis_server import free_port
from events.referee import Referee, audits, bots, matches
from events.store import EventStore
from workers import runtime
from workers.bots import _ask_webhook

VIEW = {"legal_moves": [{"type": "stop"}, {"type": "play", "card": "AS"}]}
HEADER_EVERY, BYTE_EVERY = 1.5, 1.0


def respond(body: bytes, status: str = "200 OK", extra: str = "") -> bytes:
    return (f"HTTP/1.1 {status}\r\nContent-Type: application/json\r\n{extra}"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body


class Hostile:
    """A bot server on 127.0.0.1: reads each request whole, then behaves as ``mode`` says.
    ``drips`` counts what each connection had sent when the caller hung up (or it stopped)."""

    def __init__(self, mode: str, answer: bytes = b"", every: float | None = None) -> None:
        self.mode, self.answer, self.every = mode, answer, every
        self.sock = socket.create_server(("127.0.0.1", free_port()))
        self.port = self.sock.getsockname()[1]
        self.drips: list[int] = []
        self.stopped = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    def _accept(self) -> None:
        while not self.stopped.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        with conn:
            if not _read_request(conn):
                return
            if self.mode == "answer":
                conn.sendall(self.answer)
                return
            self.drips.append(self._drip(conn))

    def _drip(self, conn: socket.socket) -> int:
        """Send slowly until the caller hangs up (or a minute passes); how much was sent."""
        if self.mode == "slow-headers":
            parts = [b"HTTP/1.1 200 OK\r\n"] + [b"X-Drip-%d: 1\r\n" % i for i in range(40)]
            every = self.every or HEADER_EVERY
        else:
            move = json.dumps({"move": {"type": "stop"}}).encode()
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(move))
            parts, every = [move[i:i + 1] for i in range(len(move))], self.every or BYTE_EVERY
        sent = 0
        for part in parts:
            try:
                conn.sendall(part)
            except OSError:
                break
            sent += 1
            if self.stopped.wait(every):
                break
            if _closed(conn):
                break
        return sent

    def close(self) -> None:
        self.stopped.set()
        self.sock.close()


def _read_request(conn: socket.socket) -> bool:
    """Read one request whole (False if the caller hung up first)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return False
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length:"))
    while len(body) < length:
        chunk = conn.recv(65536)
        if not chunk:
            return False
        body += chunk
    return True


def _closed(conn: socket.socket) -> bool:
    """The peer hung up (a read would give EOF or a reset)."""
    conn.setblocking(False)
    try:
        return conn.recv(1, socket.MSG_PEEK) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        conn.setblocking(True)


@pytest.fixture
def hostile(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Hostile]]:
    monkeypatch.setenv("TRICKLOG_WEBHOOK_ALLOW", "127.0.0.1/32")
    monkeypatch.setenv("TRICKLOG_WEBHOOK_TIMEOUT", "2")
    started: list[Hostile] = []

    def start(mode: str, answer: bytes = b"", every: float | None = None) -> Hostile:
        started.append(Hostile(mode, answer, every))
        return started[-1]

    yield start
    for server in started:
        server.close()


def hook(url: str) -> dict[str, Any]:
    return {"id": "wb_0123456789abcdef", "url": url, "secret": "s"}


@pytest.mark.parametrize("mode", ["slow-headers", "slow-body"])
def test_a_dripping_bot_is_cut_off_at_the_deadline_and_falls_back(
        hostile: Callable[..., Hostile], mode: str) -> None:
    """Before: the 2 s timeout was per read, so a line every 1.5 s held the worker for as long
    as the bot liked (150 s a move, then RQ's job timeout)."""
    server = hostile(mode)
    move, reason = _ask_webhook(hook(server.url), VIEW, random.Random(1))
    assert reason == "timeout" and move in VIEW["legal_moves"]
    every = HEADER_EVERY if mode == "slow-headers" else BYTE_EVERY
    deadline = time.monotonic() + 10
    while not server.drips and time.monotonic() < deadline:
        time.sleep(0.05)  # the server notices the hang-up at its next drip
    assert server.drips and server.drips[0] <= 2 / every + 2, server.drips


NESTED = b"[" * 100_000 + b"]" * 100_000
ANSWERS = {
    "no-type": (respond(b'{"card": "AS"}'), "error"),
    "move-without-type": (respond(b'{"move": {"card": "AS"}}'), "error"),
    "deeply-nested": (respond(NESTED), "error"),
    "nested-move": (respond(b'{"move": ' + b"[" * 5000 + b"]" * 5000 + b"}"), "error"),
    "not-json": (respond(b"<html>hello</html>"), "error"),
    "a-string": (respond(b'"AS"'), "error"),
    "move-a-string": (respond(b'{"move": "AS"}'), "error"),
    "type-a-list": (respond(b'{"type": ["play"], "card": "AS"}'), "error"),
    "illegal": (respond(b'{"type": "play", "card": "KS"}'), "illegal"),
    "extra-field": (respond(b'{"type": "stop", "card": "AS"}'), "illegal"),
    "too-large": (respond(b'{"type": "stop", "pad": "' + b"x" * 70_000 + b'"}'), "error"),
    "short-body": (respond(b'{"type": "stop"}')[:-3], "error"),
    "garbage-status": (b"HTTP/1.1 abc\r\n\r\n", "error"),
    "not-http": (b"SSH-2.0-OpenSSH\r\n", "error"),
    "empty": (b"", "error"),
    "bad-chunks": (b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "error"),
    "server-error": (respond(b"{}", "500 Oops"), "error"),
}


@pytest.mark.parametrize("answer,reason", ANSWERS.values(), ids=ANSWERS.keys())
def test_a_malformed_answer_falls_back_without_raising(hostile: Callable[..., Hostile],
                                                       answer: bytes, reason: str) -> None:
    """Before: ``{"card": "AS"}`` raised KeyError and ``[[[[...`` RecursionError out of the
    job: it failed, and the sweeper enqueued it again every 2 s, forever."""
    move, got = _ask_webhook(hook(hostile("answer", answer).url), VIEW, random.Random(1))
    assert got == reason and move in VIEW["legal_moves"]


GOOD = {
    "bare": respond(b'{"type": "play", "card": "AS"}'),
    "wrapped": respond(b'{"move": {"type": "play", "card": "AS"}}'),
    "with-expected-seq": respond(b'{"type": "play", "card": "AS", "expected_seq": 3}'),
    "chunked": (b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                b"10\r\n{\"type\": \"play\",\r\n0e\r\n \"card\": \"AS\"}\r\n0\r\n\r\n"),
    "until-close": b'HTTP/1.0 200 OK\r\n\r\n{"type": "play", "card": "AS"}',
}


@pytest.mark.parametrize("answer", GOOD.values(), ids=GOOD.keys())
def test_a_legal_answer_is_played(hostile: Callable[..., Hostile], answer: bytes) -> None:
    move, reason = _ask_webhook(hook(hostile("answer", answer).url), VIEW, random.Random(1))
    assert (move, reason) == ({"type": "play", "card": "AS"}, None)


@pytest.mark.parametrize("mode,answer,reason", [
    ("slow-headers", b"", "timeout"), ("answer", respond(b'{"card": "AS"}'), "error"),
    ("answer", respond(NESTED), "error")], ids=["slow-headers", "key-error", "nested"])
def test_a_hostile_bots_match_finishes_on_fallbacks(
        hostile: Callable[..., Hostile], redis_client: redis.Redis,
        monkeypatch: pytest.MonkeyPatch, mode: str, answer: bytes, reason: str) -> None:
    monkeypatch.setenv("TRICKLOG_WEBHOOK_TIMEOUT", "0.5")  # a short deadline: a quick test
    monkeypatch.setenv("TRICKLOG_WEBHOOK_SUSPEND_AFTER", "0")  # every call made, none suspended
    server = hostile(mode, answer, every=0.3)  # each drip well inside a per-read timeout
    queue = runtime.queue_for(redis_client)
    turns = runtime.turn_hook(queue)
    referee = Referee(EventStore(redis_client), on_turn=turns)
    runtime.configure(referee)
    try:
        registered = bots.register(referee, "hostile", server.url)
        created = matches.create(
            referee, ruleset="sedma", players=2, seed=f"hostile-{mode}",
            options={"target_stakes": 1},
            seats=[{"name": "hostile", "bot": registered["id"]}, {"name": "r", "bot": "random"}])
        SimpleWorker([queue, turns.webhooks], connection=redis_client,
                     serializer=queue.serializer).work(burst=True, max_jobs=5000)
        match = matches.get(referee, created["id"])
        assert match["status"] == "over"
        assert queue.failed_job_registry.count == turns.webhooks.failed_job_registry.count == 0
        for deal in (d["id"] for d in match["deals"]):
            hostile_moves = [e for e in referee.store.read("deal", deal) if e["seat"] == 0]
            assert hostile_moves and all(e["command_id"].startswith(f"bot-fallback:{reason}:")
                                         for e in hostile_moves)
            assert audits.audit_stored(referee, deal).ok
    finally:
        runtime.configure(None)
