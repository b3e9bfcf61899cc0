"""A metric that heals (issue 32 item 13): after kill -9 of the API's gunicorn master with
event streams open, its workers die with it and nobody is left to remove their live gauges'
files; the new master must not count those streams forever."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from events.redis_server import free_port
from tests.e2e.test_serve import ROOT, alive, call, scraped, wait_until
from tests.e2e.test_watchers import Watchers

STREAMS = 20


def children(pid: int) -> list[int]:
    """``pid``'s child processes, from /proc (never from a truncated command line)."""
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        out += [int(c) for c in (task / "children").read_text().split()]
    return out


def is_gunicorn(pid: int) -> bool:
    try:
        return b"gunicorn" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRICKLOG_")}
    env.update(TRICKLOG_PORT=str(port), TRICKLOG_DATA_DIR="data", TRICKLOG_WORKERS="2",
               PYTHONPATH=str(ROOT))
    with (tmp_path / "serve.log").open("w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "tricklog_cli", "serve", "--no-worker"],
                                cwd=tmp_path, env=env, stderr=log, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: call(base, "GET", "/healthz")["status"] == "ok", 30)
        yield base, proc
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)


@pytest.mark.slow
def test_the_streams_gauge_heals_after_the_master_is_killed(
        serve: tuple[str, subprocess.Popen[bytes]]) -> None:
    base, proc = serve
    created = call(base, "POST", "/v1/matches", {"ruleset": "sedma", "players": 2,
                                                 "seats": [{"name": "a"}, {"name": "b"}]})
    watchers = Watchers(base, created["deal"]["id"], STREAMS)
    try:
        watchers.until_all(b"event: view\n", 60)
        assert scraped(base, "tricklog_event_streams") == STREAMS
        master = next(pid for pid in children(proc.pid) if is_gunicorn(pid))
        workers = children(master)
        os.kill(master, signal.SIGKILL)
        wait_until(lambda: not any(alive(pid) for pid in [master, *workers]), 30)
    finally:
        watchers.close()
    wait_until(lambda: (new := [p for p in children(proc.pid) if is_gunicorn(p)])
               and new[0] != master and call(base, "GET", "/healthz")["status"] == "ok", 60)
    assert scraped(base, "tricklog_event_streams") == 0
