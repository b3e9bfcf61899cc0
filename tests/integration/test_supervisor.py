"""The pieces of ``tricklog serve``'s supervision: a password-protected embedded Redis that
comes back from a kill -9 with its data and its password, and a supervisor that restarts a
dying child with a growing backoff and a log line each time."""

from __future__ import annotations

import logging
import sys
import time
from pathlib import Path

import pytest
import redis

from events.redis_server import RedisServer, stored_password
from events.supervisor import FIRST_BACKOFF, ProcessChild, RedisChild, Supervisor
from tests.processes import command_line


def test_the_embedded_password_is_made_once_and_kept_private(tmp_path: Path) -> None:
    path = tmp_path / "data" / "redis.password"
    first = stored_password(path)
    assert len(first) >= 40 and stored_password(path) == first
    assert path.stat().st_mode & 0o077 == 0


def test_a_password_protected_server_survives_kill_9(tmp_path: Path) -> None:
    password = stored_password(tmp_path / "redis.password")
    server = RedisServer(tmp_path / "r", password=password).start()
    try:
        with pytest.raises(redis.exceptions.AuthenticationError):
            redis.Redis.from_url(server.public_url).ping()
        client = redis.Redis.from_url(server.url)
        client.set("kept", "yes")
        command = command_line(server.process.pid)  # type: ignore[union-attr]
        # the password is in a 0600 file, not on the (whole, uncut) command line
        assert "redis-server" in command and password not in command
        assert (tmp_path / "r" / "tricklog-redis.conf").stat().st_mode & 0o077 == 0
        child = RedisChild(server)
        server.kill()
        assert child.exit_code() is not None
        child.start()  # same port, same AOF, same password
        assert client.get("kept") == b"yes"
    finally:
        server.stop()


def test_a_dying_child_is_restarted_with_backoff_and_logged(
        caplog: pytest.LogCaptureFixture) -> None:
    child = ProcessChild("flaky", [sys.executable, "-c", "raise SystemExit(3)"], lambda: {})
    supervisor = Supervisor([child], stop_timeout=1)
    caplog.set_level(logging.INFO, logger="tricklog.serve")
    supervisor.start()
    deadline = time.monotonic() + 10
    try:
        while time.monotonic() < deadline and supervisor.restarts["flaky"] < 3:
            supervisor.tend()
            time.sleep(0.02)
    finally:
        supervisor.stop()
    exits = [r for r in caplog.records if r.getMessage() == "child exited; restarting it"]
    delays = [r.restart_in_s for r in exits]  # type: ignore[attr-defined]
    assert supervisor.restarts["flaky"] == 3 and all(r.code == 3 for r in exits)  # type: ignore[attr-defined]
    assert delays[:3] == [FIRST_BACKOFF, 2 * FIRST_BACKOFF, 4 * FIRST_BACKOFF]
    assert len([r for r in caplog.records if r.getMessage() == "child restarted"]) == 3
