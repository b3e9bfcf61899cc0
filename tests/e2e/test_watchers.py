"""Many watchers under ``tricklog serve`` (gevent workers, two processes): 200 open streams on
one deal all get the next move's frame, from one read of the store per process; ``/healthz``
answers within a second throughout; closing the clients frees the server's side within
seconds."""

from __future__ import annotations

import json
import os
import selectors
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

from events.redis_server import free_port
from tests.e2e.test_serve import ROOT, call, scraped, wait_until
from tests.http import claim_seats_at

WATCHERS = 200


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, redis.Redis]]:
    """``tricklog serve`` with no RQ worker, and a client of its embedded Redis."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRICKLOG_")}
    env.update(TRICKLOG_PORT=str(port), TRICKLOG_DATA_DIR="data", TRICKLOG_WORKERS="2",
               PYTHONPATH=str(ROOT))
    log_path = tmp_path / "serve.log"
    with log_path.open("w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "tricklog_cli", "serve", "--no-worker"],
                                cwd=tmp_path, env=env, stderr=log, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: call(base, "GET", "/healthz")["status"] == "ok", 30)
        started = next(json.loads(line) for line in log_path.read_text().splitlines()
                       if "embedded redis started" in line)
        password = Path(started["password_file"]).read_text().strip()
        store = redis.Redis.from_url(started["url"], password=password)
        yield base, store
        store.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)


class Watchers:
    """Raw sockets, each a spectator's stream, read together by one selector."""

    def __init__(self, base: str, deal: str, count: int) -> None:
        host, port = base.removeprefix("http://").split(":")
        request = (f"GET /v1/deals/{deal}/stream HTTP/1.1\r\nHost: {host}\r\n"
                   "Accept: text/event-stream\r\n\r\n").encode()
        self.selector = selectors.DefaultSelector()
        self.received: dict[socket.socket, bytes] = {}
        for _ in range(count):
            sock = socket.create_connection((host, int(port)), timeout=10)
            sock.sendall(request)
            sock.setblocking(False)
            self.selector.register(sock, selectors.EVENT_READ)
            self.received[sock] = b""

    def until_all(self, marker: bytes, timeout: float) -> None:
        """Read until every socket has received ``marker``."""
        deadline = time.monotonic() + timeout
        while not all(marker in data for data in self.received.values()):
            left = deadline - time.monotonic()
            assert left > 0, sum(marker in data for data in self.received.values())
            for key, _ in self.selector.select(min(left, 1.0)):
                sock: Any = key.fileobj
                self.received[sock] += sock.recv(65536)

    def close(self) -> None:
        for sock in self.received:
            self.selector.unregister(sock)
            sock.close()


class HealthProbe(threading.Thread):
    """``GET /healthz`` ten times a second: each must be answered (within 5 s, so that a
    machine busy with other tests is not taken for a server that stopped answering)."""

    def __init__(self, base: str) -> None:
        super().__init__(daemon=True)
        self.base, self.stop, self.times, self.failures = base, threading.Event(), [], []

    def run(self) -> None:
        while not self.stop.wait(0.1):
            began = time.monotonic()
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=5) as resp:
                    resp.read()
                self.times.append(time.monotonic() - began)
            except OSError as exc:
                self.failures.append(repr(exc))


def open_streams(base: str) -> float:
    return scraped(base, "tricklog_event_streams")


@pytest.mark.slow
def test_two_hundred_watchers_of_one_deal(served: tuple[str, redis.Redis]) -> None:
    base, store = served
    created = call(base, "POST", "/v1/matches", {
        "ruleset": "sedma", "players": 2, "seed": "watchers-0123456789abcdef0123456789",
        "seats": [{"name": "a"}, {"name": "b"}]})
    deal, seat_tokens = created["deal"]["id"], claim_seats_at(base, created)
    probe = HealthProbe(base)
    probe.start()
    watchers = Watchers(base, deal, WATCHERS)
    try:
        watchers.until_all(b"event: view\nid: 1\n", 60)
        assert open_streams(base) == WATCHERS
        turn = call(base, "GET", f"/v1/deals/{deal}")["turn"]
        mine = call(base, "GET", f"/v1/deals/{deal}", token=seat_tokens[turn])
        store.config_resetstat()
        call(base, "POST", f"/v1/deals/{deal}/moves", mine["legal_moves"][0],
             token=seat_tokens[turn])
        watchers.until_all(b"event: view\nid: 2\n", 30)
        stats = store.info("commandstats")
        reads = sum(stats.get(f"cmdstat_{c}", {}).get("calls", 0) for c in ("xrange", "xread"))
        assert reads <= 12, stats  # a few per process, not one per watcher
    finally:
        watchers.close()
    wait_until(lambda: open_streams(base) == 0, 10)
    probe.stop.set()
    probe.join()
    assert not probe.failures, probe.failures[:3]
    assert len(probe.times) > 10  # answered throughout (a time is for the bench, not a test)
