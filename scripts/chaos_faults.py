"""The faults of ``scripts/chaos.py``, each injected into a running ``tricklog serve`` and
timed until the service has healed (the recovery time it reports):

- ``redis-kill``: SIGKILL of the embedded redis-server; healed when ``/healthz`` says ok
  (the supervisor restarts it from its AOF).
- ``redis-pause``: SIGSTOP of redis-server for a few seconds, then SIGCONT; timed from the
  SIGCONT until ``/healthz`` says ok. While it is stopped ``/healthz`` must answer (503) fast.
- ``worker-kill``: SIGKILL of the RQ worker; healed when a new worker runs and a bot move has
  landed since the kill (a job lost with the worker is swept after its 15 s lease).
- ``api-process-kill``: SIGKILL of one gunicorn worker; healed when gunicorn runs as many as
  before and ``/healthz`` says ok.
- ``master-kill``: SIGKILL of the gunicorn master (its processes go with it); healed when a
  new master's processes answer ``/healthz``.
- ``pool-fill``: a crowd of event streams opened at once on the live deals (filling the
  per-process Redis connection budgets and stream slots) held for a while, moves going on;
  every stream must be served or refused with a crowd problem (429/503 ``streams-full`` or
  ``too-many-streams``), never ``store-unavailable`` or a 500. Timed from the crowd's release
  until ``/healthz`` says ok.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from chaos_play import Http
from chaos_serve import Serve

CROWD_OK = {b"200", b"429", b"503"}
CROWD_PROBLEMS = (b"streams-full", b"too-many-streams", b"too-many-connections")


class Faults:
    def __init__(self, serve: Serve, web: Http, live_deals: Callable[[], list[str]],
                 pause_s: float, crowd: int, limit: float = 120.0) -> None:
        self.serve, self.web, self.live_deals = serve, web, live_deals
        self.pause_s, self.crowd, self.limit = pause_s, crowd, limit
        self.notes: list[str] = []  # what went wrong (an empty list: nothing)

    def until(self, healed: Callable[[], bool], since: float, what: str) -> float:
        while not healed():
            if time.monotonic() - since > self.limit:
                raise TimeoutError(f"{what}: not healed within {self.limit} s")
            time.sleep(0.02)
        return time.monotonic() - since

    def whole(self) -> float:
        """Wait until every process is back (redis-server, the worker, the master and all its
        API processes) and ``/healthz`` is ok: each fault starts from a whole service (a worker
        exits when Redis dies under it, and comes back a moment after the API does)."""
        start = time.monotonic()
        return self.until(lambda: None not in (self.serve.child("redis-server"),
                                               self.serve.child("tricklog_cli worker"))
                          and len(self.serve.api_processes()) >= self.serve.workers
                          and self.serve.healthy(), start, "the whole service")

    def kill(self, find: Callable[[], int | None], what: str) -> int:
        """SIGKILL the process ``find`` names, waiting for one if there is none right now (a
        worker exits a moment after Redis died under it, and is then restarted)."""
        start = time.monotonic()
        while (pid := find()) is None:
            if time.monotonic() - start > self.limit:
                raise RuntimeError(f"no {what} to kill")
            time.sleep(0.05)
        os.kill(pid, signal.SIGKILL)
        return pid

    def redis_kill(self) -> float:
        pid = self.kill(lambda: self.serve.child("redis-server"), "redis-server")
        start = time.monotonic()
        return self.until(lambda: self.serve.child("redis-server") not in (None, pid)
                          and self.serve.healthy(), start, "redis-kill")

    def redis_pause(self) -> float:
        pid = self.serve.child("redis-server")
        if pid is None:
            raise RuntimeError("no redis-server to pause")
        os.kill(pid, signal.SIGSTOP)
        try:
            time.sleep(self.pause_s / 2)
            asked = time.monotonic()
            stalled = self.serve.healthy()
            if stalled or time.monotonic() - asked > 2.0:
                self.notes.append("redis-pause: /healthz did not answer 503 within 2 s")
            time.sleep(self.pause_s / 2)
        finally:
            os.kill(pid, signal.SIGCONT)
        return self.until(self.serve.healthy, time.monotonic(), "redis-pause")

    def worker_kill(self) -> float:
        before = self.bot_seqs()
        pid = self.kill(lambda: self.serve.child("tricklog_cli worker"), "worker")
        start = time.monotonic()

        def healed() -> bool:
            if self.serve.child("tricklog_cli worker") in (None, pid):
                return False
            now = self.bot_seqs()
            return not now or any(now.get(d, 0) > seq for d, seq in before.items()) \
                or set(now) != set(before)
        return self.until(healed, start, "worker-kill")

    def api_process_kill(self) -> float:
        processes = self.serve.api_processes()
        pid = self.kill(lambda: next(iter(self.serve.api_processes()), None), "API process")
        start = time.monotonic()
        return self.until(lambda: len(set(self.serve.api_processes()) - {pid}) >= len(processes)
                          and self.serve.healthy(), start, "api-process-kill")

    def master_kill(self) -> float:
        pid = self.kill(lambda: self.serve.child("gunicorn"), "gunicorn master")
        start = time.monotonic()
        return self.until(lambda: self.serve.child("gunicorn") not in (None, pid)
                          and self.serve.healthy(), start, "master-kill")

    def bot_seqs(self) -> dict[str, int]:
        """The seq of each live bot deal (empty when none is playing)."""
        seqs = {}
        for deal in self.live_deals():
            try:
                status, view = self.web.call("GET", f"/v1/deals/{deal}")
            except (OSError, http.client.HTTPException):
                continue
            if status == 200 and view["turn"] is not None:
                seqs[deal] = int(view["seq"])
        return seqs

    def pool_fill(self) -> float:
        deals = self.live_deals()
        wait_until = time.monotonic() + 10  # bot matches end and are replaced every second
        while not deals and time.monotonic() < wait_until:
            time.sleep(0.2)
            deals = self.live_deals()
        deals = deals or ["none"]  # none at all: the crowd's 404s are the check's failure
        with ThreadPoolExecutor(max_workers=64) as pool:
            socks = list(pool.map(lambda n: self.open_stream(deals[n % len(deals)]),
                                  range(self.crowd)))
        answers = Counter(status for _, status, _ in socks)
        for _, status, head in socks:
            if status not in CROWD_OK or (status != b"200" and not any(
                    p in head for p in CROWD_PROBLEMS)):
                self.notes.append(f"pool-fill: a stream got {status!r} {head[-200:]!r}")
                break
        if not self.serve.healthy():
            self.notes.append("pool-fill: /healthz not ok with the crowd open")
        time.sleep(1.0)
        for sock, _, _ in socks:
            if sock is not None:
                sock.close()
        print(f"    crowd of {self.crowd} streams: " + ", ".join(
            f"{k.decode() or 'no answer'}: {v}" for k, v in sorted(answers.items())), flush=True)
        return self.until(self.serve.healthy, time.monotonic(), "pool-fill")

    def open_stream(self, deal: str) -> tuple[Any, bytes, bytes]:
        """A stream opened on ``deal``: (socket or None, status, the answer's first bytes)."""
        try:
            sock = socket.create_connection(("127.0.0.1", self.serve.port), timeout=10)
            sock.sendall(f"GET /v1/deals/{deal}/stream HTTP/1.1\r\nHost: localhost\r\n\r\n"
                         .encode())
            head = sock.recv(4096)
        except OSError as exc:
            return None, b"", str(exc).encode()
        status = head.split(b" ", 2)[1] if head.count(b" ") >= 2 else b""
        if status != b"200":
            try:
                while len(head) < 65536 and (more := sock.recv(4096)):
                    head += more  # the problem's body
            except OSError:
                pass
            sock.close()
            return None, status, head
        return sock, status, head

    def all(self) -> dict[str, Callable[[], float]]:
        return {"redis-kill": self.redis_kill, "redis-pause": self.redis_pause,
                "worker-kill": self.worker_kill, "api-process-kill": self.api_process_kill,
                "master-kill": self.master_kill, "pool-fill": self.pool_fill}
