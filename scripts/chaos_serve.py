"""``tricklog serve`` under ``scripts/chaos.py``: started in a session of its own, its children
found by pid through ``/proc`` (never ``ps``), stopped with SIGTERM, and every process group it
ever had killed at the end."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PROC = Path("/proc")


def stat(pid: int) -> tuple[int, int, str] | None:
    """(parent, group, state) of a process, or None when it is gone."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return int(fields[1]), int(fields[2]), fields[0]


def cmdline(pid: int) -> str:
    try:
        return (PROC / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode(
            errors="replace")
    except OSError:
        return ""


def children(parent: int) -> list[tuple[int, str]]:
    """The live children of ``parent``: (pid, command line)."""
    found = []
    for entry in os.listdir(PROC):
        if entry.isdigit():
            info = stat(int(entry))
            if info is not None and info[0] == parent and info[2] != "Z":
                found.append((int(entry), cmdline(int(entry))))
    return found


class Serve:
    """One ``tricklog serve`` on a free port, with its own data directory."""

    def __init__(self, data: Path, port: int, workers: int) -> None:
        self.port, self.data, self.workers = port, data, workers
        data.mkdir(parents=True, exist_ok=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith("TRICKLOG_")}
        env.update(TRICKLOG_PORT=str(port), TRICKLOG_DATA_DIR=str(data / "serve"),
                   TRICKLOG_WORKERS=str(workers), TRICKLOG_BOT_MIN_THINK="0",
                   TRICKLOG_BOT_DELAY="0.05", TRICKLOG_QUOTA_MATCHES="off",
                   TRICKLOG_QUOTA_BOTS="off", PYTHONPATH=str(ROOT))
        self.log_path = data / "serve.log"
        self.log = self.log_path.open("w")
        self.proc = subprocess.Popen([sys.executable, "-m", "tricklog_cli", "serve"], cwd=data,
                                     env=env, stderr=self.log, stdout=subprocess.DEVNULL,
                                     start_new_session=True)
        self.groups = {self.proc.pid}

    def child(self, marker: str, parent: int | None = None) -> int | None:
        parent = self.proc.pid if parent is None else parent
        for pid, args in children(parent):
            if marker in args:
                info = stat(pid)
                if info is not None:
                    self.groups.add(info[1])
                return pid
        return None

    def api_processes(self) -> list[int]:
        master = self.child("gunicorn")
        return [] if master is None else [pid for pid, _ in children(master)]

    def get(self, path: str, timeout: float = 2.0) -> tuple[int, Any]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request("GET", path)
            resp = conn.getresponse()
            body = resp.read()
            return resp.status, json.loads(body) if body[:1] in (b"{", b"[") else body
        finally:
            conn.close()

    def healthy(self) -> bool:
        try:
            return self.get("/healthz")[0] == 200
        except (OSError, http.client.HTTPException):
            return False

    def wait_healthy(self, timeout: float) -> float:
        """Seconds until ``/healthz`` says ok (raises after ``timeout``)."""
        start = time.monotonic()
        while not self.healthy():
            if time.monotonic() - start > timeout:
                raise TimeoutError(f"/healthz not ok within {timeout} s")
            time.sleep(0.02)
        return time.monotonic() - start

    def store_url(self) -> str:
        for line in self.log_path.read_text().splitlines():
            if "embedded redis started" in line:
                started = json.loads(line)
                password = Path(started["password_file"]).read_text().strip()
                return str(started["url"]).replace("redis://", f"redis://:{password}@")
        raise RuntimeError("serve logged no embedded redis")

    def stop(self) -> int | None:
        """SIGTERM, then SIGKILL for whatever is left in any group serve ever had."""
        self.child("redis-server"), self.child("gunicorn"), self.child("tricklog_cli worker")
        self.proc.send_signal(signal.SIGTERM)
        try:
            code: int | None = self.proc.wait(60)
        except subprocess.TimeoutExpired:
            code = None
        for group in self.groups:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(group, signal.SIGKILL)
        self.proc.wait()
        self.log.close()
        return code
