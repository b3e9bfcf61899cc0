"""A watcher that stops reading is dropped within a bounded time (issue 32, noticed and left
alone before): its connection stays open, its buffers fill, and without a write time-out the
stream's greenlet would wait on it for ever, holding its place (the per-process stream count,
its address' and deal's caps). With ``TRICKLOG_STREAM_WRITE_TIMEOUT`` a write that waits that
long ends the stream and frees its place."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator

import pytest

from events.redis_server import RedisServer, free_port
from examples import sse_bot
from tests.e2e.test_serve import ROOT
from tests.http import claim_seats_at
from tricklog_cli import GUNICORN_ARGS

WRITE_TIMEOUT = 1.0


@pytest.fixture
def base(redis_server: RedisServer) -> Iterator[str]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRICKLOG_")}
    env.update(TRICKLOG_REDIS_URL=redis_server.url, PYTHONPATH=str(ROOT),
               TRICKLOG_QUOTA_MATCHES="off", TRICKLOG_STREAM_WRITE_TIMEOUT=str(WRITE_TIMEOUT),
)
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}",
                             "--workers", "1", *GUNICORN_ARGS, "api.wsgi:app"], cwd=ROOT,
                            env=env, stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(url + "/healthz", timeout=2).close()
                break
            except OSError:
                time.sleep(0.1)
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def open_streams(base: str) -> float:
    with urllib.request.urlopen(base + "/metrics", timeout=5) as resp:
        text = resp.read().decode()
    found = re.search(r"^tricklog_event_streams(?:\{[^}]*\})? (\S+)$", text, re.M)
    return float(found.group(1)) if found else 0.0


def stalled_watcher(base: str, deal: str) -> socket.socket:
    """A stream whose client reads its answer's first bytes, then nothing more."""
    port = int(base.rsplit(":", 1)[1])
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)  # fills at once
    sock.connect(("127.0.0.1", port))
    sock.sendall(f"GET /v1/deals/{deal}/stream HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
    assert sock.recv(12).endswith(b"200")
    return sock


def test_a_watcher_that_stops_reading_is_dropped(base: str) -> None:
    created = sse_bot.call(base, "POST", "/v1/matches", "", {
        "ruleset": "sueca", "seed": "stalled", "seats": [{"name": n} for n in "abcd"]})
    tokens = claim_seats_at(base, created)
    deal = created["deal"]["id"]
    watcher = stalled_watcher(base, deal)
    try:
        assert open_streams(base) == 1
        moves = 0
        while open_streams(base) > 0:  # each move writes the watcher a frame or more
            view = sse_bot.call(base, "GET", f"/v1/deals/{deal}", "")
            assert view["turn"] is not None, "the deal ended and the watcher was never dropped"
            token = tokens[view["turn"]]
            mine = sse_bot.call(base, "GET", f"/v1/deals/{deal}", token)
            sse_bot.post_move(base, deal, token, mine["legal_moves"][0])
            moves += 1
            time.sleep(WRITE_TIMEOUT / 4)
        view = sse_bot.call(base, "GET", f"/v1/deals/{deal}", "")
        assert view["turn"] is not None, "dropped only because its deal ended"
        print(f"\nthe stalled watcher was dropped after {moves} moves")
    finally:
        watcher.close()
