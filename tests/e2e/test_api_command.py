"""``tricklog api``: the API alone on an existing Redis, the process of an API box or
container (compose.yaml, docs/DEPLOY.md). It never starts a Redis of its own."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from events.redis_server import RedisServer, free_port
from tests.e2e.test_serve import call, wait_until

ROOT = Path(__file__).resolve().parents[2]


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRICKLOG_")}
    return {**env, "PYTHONPATH": str(ROOT), **extra}


def test_api_refuses_to_start_without_a_redis_url(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "tricklog_cli", "api"], cwd=tmp_path,
                          env=clean_env(), capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "TRICKLOG_REDIS_URL" in done.stderr
    assert not (tmp_path / ".tricklog" / "redis").exists()  # no embedded Redis either


@pytest.mark.slow
def test_api_serves_on_the_given_redis_and_stops_on_sigterm(
        tmp_path: Path, redis_server: RedisServer) -> None:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "tricklog_cli", "api", "--port", str(port), "--workers", "1"],
        cwd=tmp_path, env=clean_env(TRICKLOG_REDIS_URL=redis_server.url,
                                    TRICKLOG_DATA_DIR=str(tmp_path)),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert wait_until(lambda: call(f"http://127.0.0.1:{port}", "GET", "/healthz")
                          ["store"] == "up", 30)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)
    assert proc.returncode == 0
    assert not (tmp_path / "redis").exists()
