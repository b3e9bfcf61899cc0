"""Keeping ``tricklog serve``'s children alive: the embedded ``redis-server``, the API
(a gunicorn master and its processes) and the RQ worker.

Each child runs in its own process group. When one dies the supervisor logs it, kills what is
left of its group (a dead gunicorn master's processes, a dead worker's work horse), waits a
backoff (0.2 s, doubling to 15 s while it keeps dying within 10 s of its start: a crash loop;
back to 0.2 s for a child that had been up 10 s, which had started fine) and starts it again;
the embedded Redis restarts on the same port from its AOF. ``stop`` stops them in the reverse
order of their start and kills every group, so nothing is left behind.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from .redis_server import RedisServer, die_with_parent

log = logging.getLogger("tricklog.serve")
FIRST_BACKOFF = 0.2
MAX_BACKOFF = 15.0
# Seconds up after which a death starts the backoff from the beginning. (It was a minute: two
# kills of the gunicorn master 30 s apart then waited 1 s, three 2 s, ... for no reason.)
STABLE_AFTER = 10.0


class Child(Protocol):
    name: str

    def start(self) -> None: ...

    def exit_code(self) -> int | None:
        """None while it runs; its exit status (negative: killed by that signal) once not."""

    def stop(self, timeout: float) -> None: ...

    def pid(self) -> int | None: ...


class ProcessChild:
    """A command in a process group of its own; ``env`` is computed at every start, so a
    restarted child gets the current settings (the Redis URL)."""

    def __init__(self, name: str, argv: Sequence[str], env: Callable[[], Mapping[str, str]]
                 ) -> None:
        self.name, self.argv, self.env = name, list(argv), env
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(self.argv, env=dict(self.env()),
                                        preexec_fn=die_with_parent)

    def exit_code(self) -> int | None:
        return None if self.process is None else self.process.poll()

    def pid(self) -> int | None:
        return None if self.process is None else self.process.pid

    def stop(self, timeout: float) -> None:
        proc = self.process
        if proc is None:
            return
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                pass
        kill_group(proc.pid)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout)


class RedisChild:
    """The embedded ``redis-server``: restarted on its port, from its AOF."""

    name = "redis"

    def __init__(self, server: RedisServer) -> None:
        self.server = server
        self.last_pid: int | None = None

    def start(self) -> None:
        self.server.start()
        self.last_pid = self.pid()

    def exit_code(self) -> int | None:
        proc = self.server.process
        return -signal.SIGKILL if proc is None else proc.poll()

    def pid(self) -> int | None:
        proc = self.server.process
        return None if proc is None else proc.pid

    def stop(self, timeout: float) -> None:
        self.server.stop(timeout)
        if self.last_pid is not None:
            kill_group(self.last_pid)  # an AOF rewrite's child, if one was running


def kill_group(pgid: int) -> None:
    """SIGKILL whatever is left in a child's process group (the group id is its pid)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


class Supervisor:
    def __init__(self, children: Sequence[Child], *, stop_timeout: float = 10.0) -> None:
        self.children = list(children)
        self.stop_timeout = stop_timeout
        self.started: dict[str, float] = {}
        self.backoff: dict[str, float] = {}
        self.due: dict[str, float] = {}  # name -> when to start it again
        self.restarts: dict[str, int] = {c.name: 0 for c in self.children}

    def start(self) -> None:
        """Start every child in order (each must start: a first start that fails raises)."""
        for child in self.children:
            child.start()
            self.started[child.name] = time.monotonic()

    def tend(self) -> None:
        """One look at every child: notice a death, restart when its backoff is over."""
        now = time.monotonic()
        for child in self.children:
            if child.name in self.due:
                if now >= self.due[child.name]:
                    self._restart(child, now)
                continue
            code = child.exit_code()
            if code is not None:
                self._died(child, code, now)

    def _died(self, child: Child, code: int, now: float) -> None:
        pid = child.pid()
        if pid is not None:
            kill_group(pid)
        up = now - self.started.get(child.name, now)
        delay = FIRST_BACKOFF if up >= STABLE_AFTER else min(
            MAX_BACKOFF, self.backoff.get(child.name, FIRST_BACKOFF / 2) * 2)
        self.backoff[child.name], self.due[child.name] = delay, now + delay
        log.error("child exited; restarting it", extra={
            "child": child.name, "pid": pid, "code": code, "up_s": round(up, 1),
            "restart_in_s": delay, "restarts": self.restarts[child.name]})

    def _restart(self, child: Child, now: float) -> None:
        del self.due[child.name]
        self.restarts[child.name] += 1
        try:
            child.start()
        except Exception as exc:  # try again after a longer pause
            self.started[child.name] = now
            log.error("child did not start", extra={"child": child.name, "error": str(exc)})
            self._died(child, -1, time.monotonic())
            return
        self.started[child.name] = time.monotonic()
        log.warning("child restarted", extra={"child": child.name, "pid": child.pid(),
                                              "restarts": self.restarts[child.name]})

    def stop(self) -> None:
        for child in reversed(self.children):
            child.stop(self.stop_timeout)

    def run(self, should_stop: Callable[[], bool], every: float = 0.1) -> None:
        """Tend the children until ``should_stop()``; the caller then calls ``stop``."""
        while not should_stop():
            self.tend()
            time.sleep(every)
