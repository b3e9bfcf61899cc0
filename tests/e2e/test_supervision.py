"""kill -9 under ``tricklog serve`` (issue 15): of its redis-server, of its worker, of one API
process and of the API's gunicorn master. Four all-bot matches are playing when the process
dies; the service answers ``/healthz`` ok again by itself within 30 s, every match finishes,
every deal audits clean, and every event the service showed before the kill is still in its
log, unchanged. SIGTERM then stops everything and leaves nothing behind.

Every process the test starts is killed at the end, pass or fail: ``tricklog serve`` runs in a
session of its own, each child in a process group of its own (all recorded as they appear), and
whatever is still alive in those groups is killed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

from events.config import connect
from events.envelope import first_break
from events.redis_server import free_port
from events.referee import Referee, audits
from events.store import EventStore
from tests.e2e.test_serve import ROOT, alive, call
from tests.processes import Proc, descendants, processes

RECOVERY_LIMIT = 30.0
MATCHES = 4


class Serve:
    """One ``tricklog serve`` under test, and every process group it ever had."""

    def __init__(self, tmp: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.data = tmp / "data"
        self.log_path = tmp / "serve.log"
        env = {k: v for k, v in os.environ.items() if not k.startswith("TRICKLOG_")}
        env.update(TRICKLOG_PORT=str(self.port), TRICKLOG_DATA_DIR=str(self.data),
                   TRICKLOG_WORKERS="2", TRICKLOG_BOT_DELAY="0.02", TRICKLOG_BOT_MIN_THINK="0",
                   PYTHONPATH=str(ROOT))
        self.log = self.log_path.open("w")
        self.proc = subprocess.Popen([sys.executable, "-m", "tricklog_cli", "serve"], cwd=tmp,
                                     env=env, stderr=self.log, stdout=subprocess.DEVNULL,
                                     start_new_session=True)
        self.groups: set[int] = {self.proc.pid}

    def tree(self) -> list[Proc]:
        """The processes below serve now (from /proc: whole command lines); their groups are
        remembered for the clean-up."""
        found = descendants(self.proc.pid)
        self.groups |= {row.pgid for row in found}
        return found

    def child(self, marker: str, parent: int | None = None) -> int:
        parent = self.proc.pid if parent is None else parent
        return next(p.pid for p in self.tree()
                    if p.ppid == parent and marker in p.args)

    def store(self) -> redis.Redis:
        started = next(json.loads(line) for line in self.log_path.read_text().splitlines()
                       if "embedded redis started" in line)
        password = Path(started["password_file"]).read_text().strip()
        return connect(started["url"].replace("redis://", f"redis://:{password}@"))

    def healthy(self) -> bool:
        try:
            return call(self.base, "GET", "/healthz")["status"] == "ok"
        except (OSError, ValueError):
            return False

    def lines(self, msg: str) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.log_path.read_text().splitlines()
                if f'"msg":"{msg}"' in line]

    def stop(self) -> int | None:
        """SIGTERM; whatever is left after it, in any group serve ever had, is killed."""
        self.tree()
        self.proc.send_signal(signal.SIGTERM)
        try:
            code: int | None = self.proc.wait(60)
        except subprocess.TimeoutExpired:
            code = None
        left = [p.pid for p in processes() if p.pgid in self.groups and alive(p.pid)]
        for group in self.groups:
            try:
                os.killpg(group, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        self.proc.wait()
        self.log.close()
        if left:
            raise AssertionError(f"serve left processes behind: {left}")
        return code


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Serve]:
    server = Serve(tmp_path)
    try:
        wait_for(server.healthy, 60, "serve did not become healthy")
        server.tree()
        yield server
    finally:
        if server.proc.poll() is None or server.groups:
            server.stop()


def wait_for(predicate: Any, timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(what)


class Observer:
    """Reads every deal's log as a client would; what it was shown is acknowledged."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.shown: dict[tuple[str, int], str] = {}

    def look(self, match_ids: list[str]) -> list[dict[str, Any]]:
        matches = []
        for match_id in match_ids:
            try:
                match = call(self.base, "GET", f"/v1/matches/{match_id}")
                for deal in match["deals"]:
                    after = max([s for d, s in self.shown if d == deal["id"]], default=0)
                    page = call(self.base, "GET", f"/v1/deals/{deal['id']}/events?after={after}")
                    for env in page["events"]:
                        self.shown[(deal["id"], env["seq"])] = env["hash"]
            except (OSError, ValueError):  # 503 (or refused) while a process is down
                continue
            matches.append(match)
        return matches

    def moves(self) -> int:
        return len(self.shown)


def start_matches(serve: Serve) -> list[str]:
    return [call(serve.base, "POST", "/v1/matches", {
        "ruleset": "sedma", "players": 4, "options": {"target_stakes": 1},
        "seed": f"kill-{i}", "seats": [{"name": f"bot{s}", "bot": "random"} for s in range(4)]
    })["id"] for i in range(MATCHES)]


def victim(serve: Serve, kind: str) -> tuple[int, str]:
    """The pid to kill -9, and the child name serve's restart log line gives it."""
    if kind == "redis":
        return serve.child("redis-server"), "redis"
    if kind == "worker":  # the worker of the built-in bots, not the webhook worker beside it
        return next(p.pid for p in serve.tree() if p.ppid == serve.proc.pid
                    and p.args.rstrip().endswith("tricklog_cli worker")), "worker"
    master = serve.child("gunicorn")
    if kind == "api-master":
        return master, "api"
    return serve.child("gunicorn", parent=master), ""  # gunicorn itself replaces a worker


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["redis", "worker", "api-process", "api-master"])
def test_kill_9_mid_play_heals_by_itself(serve: Serve, kind: str) -> None:
    observer = Observer(serve.base)
    match_ids = start_matches(serve)
    def mid_play() -> bool:  # every match has made some moves
        observer.look(match_ids)
        return all(sum(1 for deal, _ in observer.shown if deal.startswith(m)) >= 4
                   for m in match_ids)

    wait_for(mid_play, 60, "the matches did not start playing")
    shown_before = dict(observer.shown)
    pid, name = victim(serve, kind)
    killed_at = time.monotonic()
    os.kill(pid, signal.SIGKILL)
    time.sleep(0.2)
    wait_for(serve.healthy, RECOVERY_LIMIT, f"/healthz not ok within {RECOVERY_LIMIT} s")
    healthy_after = time.monotonic() - killed_at
    serve.tree()
    done = wait_for(lambda: (ms := observer.look(match_ids)) and len(ms) == MATCHES and all(
        m["status"] == "over" for m in ms) and ms, 240, "the matches did not finish")
    finished_after = time.monotonic() - killed_at

    client = serve.store()
    referee = Referee(EventStore(client))
    deals = [d["id"] for m in done for d in m["deals"]]
    for deal in deals:
        log = referee.store.read("deal", deal)
        assert first_break(log) is None
        assert audits.audit_stored(referee, deal).ok, audits.audit_stored(referee, deal).to_text()
    final = {(deal, e["seq"]): e["hash"] for deal in deals for e in referee.store.read("deal",
                                                                                   deal)}
    lost = {k: v for k, v in shown_before.items() if final.get(k) != v}
    assert not lost, f"acknowledged events lost or changed: {sorted(lost)[:5]}"
    client.close()
    if name:
        restarts = [line for line in serve.lines("child exited; restarting it")
                    if line["child"] == name]
        assert restarts and restarts[0]["code"] == -signal.SIGKILL
        assert any(line["child"] == name for line in serve.lines("child restarted"))
    print(f"\nkill -9 {kind}: /healthz ok after {healthy_after:.1f} s; {MATCHES} matches "
          f"({len(deals)} deals, {len(final)} events) over {finished_after:.1f} s after the "
          f"kill; {len(shown_before)} events shown before the kill, none lost")
    assert serve.stop() == 0
    serve.groups.clear()
