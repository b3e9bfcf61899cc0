"""Moves in flight while a gunicorn worker is killed (issue 32 item 14): the connection of a
move the dying process was serving is reset, although the move may have landed. The example
bot's ``post_move`` (always an ``Idempotency-Key``; a lost answer retried with the same key)
must make every move land exactly once: each acknowledged move is in its deal's log once, at
the seq its answer gave, and no command was appended twice."""

from __future__ import annotations

import http.client
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from events.config import connect
from events.redis_server import RedisServer, free_port
from events.store import EventStore
from examples import sse_bot
from tests.e2e.test_serve import ROOT
from tests.http import claim_seats_at
from tests.processes import descendants
from tricklog_cli import GUNICORN_ARGS

TABLES = 6
KILLS = 4


@pytest.fixture
def api(redis_server: RedisServer) -> Iterator[tuple[str, int]]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRICKLOG_")}
    env.update(TRICKLOG_REDIS_URL=redis_server.url, PYTHONPATH=str(ROOT),
               TRICKLOG_QUOTA_MATCHES="off")
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}",
                             "--workers", "2", *GUNICORN_ARGS, "api.wsgi:app"], cwd=ROOT,
                            env=env, stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(base + "/healthz", timeout=2).close()
                break
            except OSError:
                time.sleep(0.1)
        yield proc.pid, port
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def read(base: str, path: str, token: str = "") -> Any:
    """A GET, tried again when the process serving it died under it."""
    for attempt in range(20):
        try:
            return sse_bot.call(base, "GET", path, token)
        except (OSError, http.client.HTTPException):  # a reset, a 503, an answer cut short
            if attempt == 19:
                raise
            time.sleep(0.2)
    raise AssertionError("unreachable")


class Table:
    """One two-seat match played by both its seats through ``sse_bot.post_move``."""

    def __init__(self, base: str, n: int) -> None:
        self.base = base
        self.created = sse_bot.call(base, "POST", "/v1/matches", "", {
            "ruleset": "sedma", "seed": f"kills-{n}", "options": {"target_stakes": 3},
            "seats": [{"name": "a"}, {"name": "b"}]})
        self.tokens = claim_seats_at(base, self.created)
        self.acked: list[tuple[str, str, int, int]] = []  # deal, key, expected seq, answer seq

    def play(self, stop: threading.Event) -> None:
        while not stop.is_set():
            match = read(self.base, f"/v1/matches/{self.created['id']}")
            if match["status"] != "playing":
                return
            deal = match["deals"][-1]["id"]
            view = read(self.base, f"/v1/deals/{deal}")
            if view["turn"] is None:
                time.sleep(0.01)
                continue
            token = self.tokens[view["turn"]]
            mine = read(self.base, f"/v1/deals/{deal}", token)
            move = {**mine["legal_moves"][0], "expected_seq": mine["seq"]}
            try:
                answer = sse_bot.post_move(self.base, deal, token, move)
            except urllib.error.HTTPError as exc:
                if exc.code != 409:  # the other seat's move came first (a stale view)
                    raise
                continue
            self.acked.append((deal, KEYS.last[threading.get_ident()], mine["seq"],
                               answer["view"]["seq"]))


class Keys:
    """Every move ``post_move`` sends, by key: how many times it was sent (a retry sends the
    same key again)."""

    def __init__(self) -> None:
        self.sent: Counter[str] = Counter()
        self.last: dict[int, str] = {}
        self.real = sse_bot.send

    def send(self, base: str, method: str, path: str, token: str, body: Any = None,
             extra: dict[str, str] | None = None) -> Any:
        key = (extra or {}).get("Idempotency-Key")
        if key:
            self.sent[key] += 1
            self.last[threading.get_ident()] = key
        return self.real(base, method, path, token, body, extra)


KEYS = Keys()


def worker_pids(master: int) -> list[int]:
    return [p.pid for p in descendants(master) if p.ppid == master]


def play_through_kills(master: int, tables: list[Table]) -> None:
    stop = threading.Event()
    errors: list[BaseException] = []

    def run(table: Table) -> None:
        try:
            table.play(stop)
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(t,), daemon=True) for t in tables]
    for thread in threads:
        thread.start()
    try:
        for _ in range(KILLS):
            time.sleep(1.0)
            workers = worker_pids(master)
            os.kill(workers[0], signal.SIGKILL)  # gunicorn starts another
            deadline = time.monotonic() + 30
            while len(worker_pids(master)) < 2 or workers[0] in worker_pids(master):
                assert time.monotonic() < deadline, "gunicorn did not replace its worker"
                time.sleep(0.1)
        time.sleep(1.0)
    finally:
        stop.set()
        for thread in threads:
            thread.join(60)
    assert not errors, errors


@pytest.mark.slow
def test_moves_in_flight_when_a_worker_dies_land_once(
        api: tuple[int, int], redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    master, port = api
    base = f"http://127.0.0.1:{port}"
    monkeypatch.setattr(sse_bot, "send", KEYS.send)
    tables = [Table(base, n) for n in range(TABLES)]
    play_through_kills(master, tables)
    store = EventStore(connect(redis_server.url))
    acked = [a for t in tables for a in t.acked]
    assert acked
    for deal in {a[0] for a in acked}:
        log = store.read("deal", deal)
        assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
        runs: dict[str, list[int]] = {}
        for env in log:
            runs.setdefault(env["command_id"], []).append(env["seq"])
        for command, seqs in runs.items():  # one append per command: one contiguous run
            assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), (deal, command, seqs)
        for d, key, expected, answered in acked:
            if d == deal:  # each acknowledged move: in the log once, where its answer said
                assert runs[key] == list(range(expected + 1, answered + 1)), (key, runs[key])
    retried = [key for key, n in KEYS.sent.items() if n > 1]
    print(f"\n{len(acked)} moves acknowledged through {KILLS} worker kills; {len(retried)} "
          f"sent again with their key after a lost answer; each in its log once")
