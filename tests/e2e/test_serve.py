"""``tricklog serve`` as a person runs it: embedded Redis, gunicorn, a worker and a webhook
worker (a webhook bot's match is played); SIGTERM stops them all and leaves no process
behind."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import redis

from events.redis_server import free_port
from examples import webhook_bot
from tests.processes import descendants

ROOT = Path(__file__).resolve().parents[2]


def call(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read())


def wait_until(predicate: Any, timeout: float) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = predicate()
            if value:
                return value
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError("timed out")


def children_of(pid: int) -> set[int]:
    return {row.pid for row in descendants(pid)}


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().split()[2] == "Z")


def scraped(base: str, series: str) -> float:
    with urllib.request.urlopen(base + "/metrics", timeout=10) as resp:
        text = resp.read().decode()
    values = [float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
              if line.startswith(series + " ")]
    assert len(values) == 1, text
    return values[0]


@pytest.mark.slow
def test_serve_plays_bots_and_stops_cleanly(tmp_path: Path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRICKLOG_")}
    # a relative data dir, as `make run` uses by default
    env.update(TRICKLOG_PORT=str(port), TRICKLOG_DATA_DIR="data", TRICKLOG_WORKERS="2",
               TRICKLOG_BOT_MIN_THINK="0", TRICKLOG_WEBHOOK_ALLOW="127.0.0.1",
               PYTHONPATH=str(ROOT))
    log_path = tmp_path / "serve.log"
    log = log_path.open("w")
    proc = subprocess.Popen([sys.executable, "-m", "tricklog_cli", "serve"], cwd=tmp_path,
                            env=env, stderr=log, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    healthy = 0

    def healthz() -> bool:
        nonlocal healthy
        ok = call(base, "GET", "/healthz")["status"] == "ok"
        healthy += 1
        return ok

    try:
        assert wait_until(healthz, 30)
        spawned = children_of(proc.pid)
        created = call(base, "POST", "/v1/matches", {
            "ruleset": "sedma", "players": 4, "options": {"target_stakes": 1}, "seed": "e2e",
            "seats": [{"name": f"bot{i}", "bot": "random"} for i in range(4)]})
        match = wait_until(lambda: (m := call(base, "GET", f"/v1/matches/{created['id']}"))
                           ["status"] == "over" and m, 60)
        assert max(match["totals"]) >= 1
        assert_a_webhook_bot_plays(base, spawned)
        redis_dir = tmp_path / "data" / "redis"
        assert any(redis_dir.rglob("*.aof*")), "the embedded redis keeps an AOF"
        lines = [json.loads(line) for line in log_path.read_text().splitlines()
                 if line.startswith("{") and "embedded redis started" in line]
        password_file = Path(lines[0]["password_file"])
        assert password_file.stat().st_mode & 0o077 == 0  # the owner's only
        with pytest.raises(redis.exceptions.AuthenticationError):
            redis.Redis.from_url(lines[0]["url"]).ping()  # no password, no store
        client = redis.Redis.from_url(lines[0]["url"], password=password_file.read_text().strip())
        assert client.config_get("appendfsync")["appendfsync"] == "always"
        client.close()
        # every line of every child is one JSON object (gunicorn's own and the access log too)
        assert all(json.loads(line) for line in log_path.read_text().splitlines())
        access = [json.loads(line) for line in log_path.read_text().splitlines()
                  if '"gunicorn.access"' in line]
        assert access and all(a["at"].endswith("+00:00") and a["status"] for a in access)
        for _ in range(20):
            healthz()
        # two API processes answered them; /metrics adds up both
        assert scraped(base, 'tricklog_http_requests_total{method="GET",route="/healthz",'
                       'status="200"}') == healthy
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)
        log.close()
    assert proc.returncode == 0
    assert not [pid for pid in spawned if alive(pid)], "serve left processes behind"


def assert_a_webhook_bot_plays(base: str, spawned: set[int]) -> None:
    """serve started a worker for the webhook queue: the example bot plays a whole match."""
    assert any(Path(f"/proc/{pid}/cmdline").read_bytes().endswith(b"worker\0--webhooks\0")
               for pid in spawned if Path(f"/proc/{pid}/cmdline").exists())
    port = free_port()
    bot = call(base, "POST", "/v1/bots", {"name": "hook", "url": f"http://127.0.0.1:{port}/"})
    server = webhook_bot.server(bot["secret"], port=port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        created = call(base, "POST", "/v1/matches", {
            "ruleset": "sedma", "players": 2, "options": {"target_stakes": 1}, "seed": "hook",
            "seats": [{"name": "hook", "bot": bot["id"]}, {"name": "r", "bot": "random"}]})
        wait_until(lambda: call(base, "GET", f"/v1/matches/{created['id']}")["status"]
                   == "over", 60)
    finally:
        server.shutdown()
    record = call(base, "GET", f"/v1/bots/{bot['id']}", token=bot["key"])
    assert record["calls"] > 0 and record["fallbacks"] == 0
