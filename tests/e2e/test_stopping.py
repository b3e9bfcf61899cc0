"""A test run stops on SIGTERM and SIGINT and leaves no process behind (issue 32, item 3).

An in-process RQ worker used to take the signals over for the rest of the run (a warm
shutdown: one test failed and the run went on past its caller's timeout), and a SIGTERM
killed pytest before any fixture could stop the servers and workers it had started. Here a
pytest run of a slice with real workers gets the signal while a worker process of a test is
up; it must stop there, having cleaned up. Its processes are found through /proc (parent
chain, process groups, sessions), never a ``ps`` line."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.e2e.test_serve import ROOT
from tests.processes import Proc, alive, descendants, processes

# bot moves drained by in-process SimpleWorkers first, then tests with a `tricklog_cli worker`
SLICE = ["tests/integration/test_lost_bot_turns.py", "tests/integration/test_worker_crash.py"]
NOT_REACHED = "test_worker_crash.py::"
STOP_LIMIT = 60.0  # generous: stopping takes a few seconds; the bug ran on to the slice's end


class Run:
    """One pytest run in a session of its own, and every process it was ever seen to have."""

    def __init__(self, tmp: Path) -> None:
        self.out = (tmp / "pytest.out").open("w")
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("TRICKLOG_", "PYTEST_"))}
        env["PYTHONPATH"] = str(ROOT)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pytest", "-o", "addopts=", "-p", "no:cacheprovider",
             "-p", "no:randomly", "-v", *SLICE], cwd=ROOT,
            env=env, stdout=self.out, stderr=subprocess.STDOUT, start_new_session=True)
        self.seen: dict[int, Proc] = {}

    def look(self) -> list[Proc]:
        below = descendants(self.proc.pid)
        self.seen.update((p.pid, p) for p in below)
        return below

    def left(self) -> list[Proc]:
        """Processes of the run still alive: seen ones, or any in a group or session it had."""
        groups = {p.pgid for p in self.seen.values()} | {self.proc.pid}
        sessions = {p.sid for p in self.seen.values()} | {self.proc.pid}
        return [p for p in processes() if alive(p.pid) and (
            p.pid in self.seen or p.pgid in groups or p.sid in sessions)]

    def kill_all(self) -> None:
        for pid in {p.pgid for p in self.seen.values()} | {self.proc.pid}:
            try:
                os.killpg(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        self.proc.wait()
        self.out.close()


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_test_run_stops_on_a_signal_and_leaves_nothing_behind(tmp_path: Path,
                                                                sig: signal.Signals) -> None:
    run = Run(tmp_path)
    try:
        deadline = time.monotonic() + 120
        while not any("tricklog_cli worker" in p.args for p in run.look()):
            assert run.proc.poll() is None and time.monotonic() < deadline, \
                "the slice never started a worker process"
            time.sleep(0.05)
        assert any("redis-server" in p.args for p in run.seen.values())
        run.proc.send_signal(sig)
        deadline = time.monotonic() + STOP_LIMIT
        while run.proc.poll() is None and time.monotonic() < deadline:
            run.look()
            time.sleep(0.05)
        output = (tmp_path / "pytest.out").read_text()
        assert run.proc.poll() is not None, f"still running {STOP_LIMIT} s after {sig.name}"
        assert NOT_REACHED not in output, f"the run went on after {sig.name}:\n{output}"
        assert run.proc.returncode == pytest.ExitCode.INTERRUPTED, output
        left = run.left()
        assert not left, f"left behind: {left}"
    finally:
        run.kill_all()
