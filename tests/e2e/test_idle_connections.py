"""Idle connections do not take the API down (issue 32 item 5), over gunicorn as ``tricklog
serve`` runs it: one address that opens a few hundred connections and sends nothing is held
to its per-address cap (the ones over it are answered with a problem and closed at once), the
idle ones are closed once the header-read time-out passes, and meanwhile another address'
``/healthz`` answers at once. Loopback only: 127.0.0.2 is another address of this machine.

Kept connections (issue 33): a connection serves one request after another, is closed once
idle for ``--keep-alive`` seconds or after ``TRICKLOG_REQUESTS_PER_CONNECTION`` answers, and
its first request's headers are bound by the header-read time-out, not by the keep-alive."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from events.redis_server import RedisServer, free_port
from tests.e2e.test_edge_input import request
from tests.e2e.test_serve import ROOT
from tricklog_cli import GUNICORN_ARGS

IDLE = 300
CAP = 100
HEADER_TIMEOUT_S = 2


# The served keep-alive (75 s) is too long to wait for here: the same mechanism with 3 s.
KEEP_ALIVE_S = 3


@contextlib.contextmanager
def gunicorn(redis_server: RedisServer, header_timeout: float, requests_per_connection: int = 20
             ) -> Iterator[tuple[str, int]]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRICKLOG_")}
    env.update(TRICKLOG_REDIS_URL=redis_server.url, PYTHONPATH=str(ROOT),
               TRICKLOG_CONNECTIONS_PER_ADDRESS=str(CAP),
               TRICKLOG_HEADER_TIMEOUT=str(header_timeout),
               TRICKLOG_REQUESTS_PER_CONNECTION=str(requests_per_connection))
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}",
                             "--workers", "1", *GUNICORN_ARGS, "--keep-alive", str(KEEP_ALIVE_S),
                             "api.wsgi:app"], cwd=ROOT,
                            env=env, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if request(("127.0.0.1", port), "GET", "/healthz")[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        yield "127.0.0.1", port
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


@pytest.fixture
def server(redis_server: RedisServer) -> Iterator[tuple[str, int]]:
    with gunicorn(redis_server, HEADER_TIMEOUT_S) as addr:
        yield addr


@pytest.fixture
def patient_server(redis_server: RedisServer) -> Iterator[tuple[str, int]]:
    """A header-read time-out longer than the keep-alive, and 4 answers a kept connection."""
    with gunicorn(redis_server, KEEP_ALIVE_S + 5, requests_per_connection=4) as addr:
        yield addr


def healthz_from(source: str, addr: tuple[str, int]) -> int:
    with socket.create_connection(addr, timeout=5, source_address=(source, 0)) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return int(answer.split(b" ", 2)[1])


def closed_by_server(sock: socket.socket) -> bool:
    """True once the server has closed (or answered and closed) this connection."""
    sock.setblocking(False)
    try:
        while sock.recv(65536):
            pass
        return True
    except BlockingIOError:
        return False
    except OSError:
        return True


def test_idle_connections_from_one_address_leave_the_api_to_everyone(
        server: tuple[str, int]) -> None:
    idle = [socket.create_connection(server, timeout=5, source_address=("127.0.0.1", 0))
            for _ in range(IDLE)]
    try:
        time.sleep(0.5)  # the server has accepted them all
        assert healthz_from("127.0.0.2", server) == 200  # another address is served at once
        over = [s for s in idle if closed_by_server(s)]
        assert len(over) >= IDLE - CAP  # those over the cap were turned away at once
        deadline = time.monotonic() + HEADER_TIMEOUT_S + 10
        while not all(closed_by_server(s) for s in idle):
            assert time.monotonic() < deadline, "idle connections outlived the header time-out"
            time.sleep(0.2)
        assert healthz_from("127.0.0.1", server) == 200  # and the address is welcome again
    finally:
        for sock in idle:
            sock.close()


def test_over_the_cap_a_connection_gets_a_problem(server: tuple[str, int]) -> None:
    idle = [socket.create_connection(server, timeout=5) for _ in range(CAP)]
    try:
        time.sleep(0.3)
        with socket.create_connection(server, timeout=5) as sock:  # answered before it asks
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.split(b" ", 2)[1] == b"429"
        assert b"application/problem+json" in head and b"Retry-After" in head
        assert b"/problems/too-many-connections" in body
        assert json.loads(body)["instance"].startswith("urn:uuid:")  # like every problem
    finally:
        for sock in idle:
            sock.close()


def answer_on(sock: socket.socket) -> tuple[int, bytes]:
    """One answer read off a kept connection (framed by its Content-Length): status, head."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, "the server closed the connection before answering"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(next(line.split(b":", 1)[1] for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length:")))
    while len(body) < length:
        body += sock.recv(65536)
    return int(head.split(b" ", 2)[1]), head


HEALTHZ = b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"


def test_a_kept_connection_serves_request_after_request_until_idle(
        server: tuple[str, int]) -> None:
    with socket.create_connection(server, timeout=KEEP_ALIVE_S + 10) as sock:
        for _ in range(3):
            sock.sendall(HEALTHZ)
            status, head = answer_on(sock)
            assert status == 200 and b"connection: close" not in head.lower()
        time.sleep(1)
        assert not closed_by_server(sock)  # kept while the client may send again
        deadline = time.monotonic() + KEEP_ALIVE_S + 10
        while not closed_by_server(sock):
            assert time.monotonic() < deadline, "an idle kept connection was never closed"
            time.sleep(0.2)


def test_the_first_request_has_the_header_time_out_not_the_keep_alive(
        patient_server: tuple[str, int]) -> None:
    """Headers sent slowly, over more than the keep-alive but less than the header-read
    time-out, are still read and answered."""
    with socket.create_connection(patient_server, timeout=KEEP_ALIVE_S + 10) as sock:
        pieces = [HEALTHZ[:10], HEALTHZ[10:25], HEALTHZ[25:]]
        for piece in pieces[:-1]:
            sock.sendall(piece)
            time.sleep((KEEP_ALIVE_S + 1.5) / 2)
        sock.sendall(pieces[-1])
        assert answer_on(sock)[0] == 200


def test_a_kept_connection_is_closed_after_its_last_answer(
        patient_server: tuple[str, int]) -> None:
    """So that a client's connections are dealt again between the processes now and then."""
    with socket.create_connection(patient_server, timeout=10) as sock:
        heads = []
        for _ in range(4):
            sock.sendall(HEALTHZ)
            status, head = answer_on(sock)
            assert status == 200
            heads.append(head.lower())
        assert [b"connection: close" in h for h in heads] == [False, False, False, True]
        sock.settimeout(5)
        assert sock.recv(65536) == b""  # closed by the server, not left to the keep-alive
