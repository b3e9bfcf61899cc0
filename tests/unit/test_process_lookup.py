"""The tests that kill or count processes find them by pid and /proc (issue 32, item 2): a
command line printed by ``ps`` is cut to the terminal's width (80 columns under pytest), so in
a checkout whose path is long the marker a test looks for fell off the end of the line."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.processes import command_line, processes

LONG = "/tmp/a-long-folder-name-like-a-ci-checkout-" + "0123456789abcdef" * 5


def test_a_child_with_a_long_command_line_is_found_by_its_marker(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # what ps sees under pytest in a terminal
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", LONG,
                              "tricklog_cli", "worker"], start_new_session=True)
    try:
        deadline = time.monotonic() + 10  # until the child has exec'd: a forked child not yet
        while not command_line(child.pid) and time.monotonic() < deadline:  # there reads ''
            time.sleep(0.01)
        rows = [row for row in processes() if row[0] == child.pid]
        assert rows, "the child is not listed"
        found = rows[0]
        assert (found.pgid, found.ppid, found.sid) == (child.pid, os.getpid(), child.pid)
        assert "tricklog_cli worker" in found.args and LONG in found.args
    finally:
        child.kill()
        child.wait()
