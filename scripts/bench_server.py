"""The server side of the HTTP benchmarks: a private redis-server and the API, started the way
``tricklog serve`` starts it (``tricklog_cli.GUNICORN_ARGS``, so the benchmark follows whatever
worker class and options the service runs), or under granian for the side-by-side rows.

Never the Redis on 127.0.0.1:6379: each server gets its own redis-server on a free port, in a
temporary directory that goes with it.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(os.environ.get("TRICKLOG_BENCH_ROOT") or Path(__file__).resolve().parents[1])
sys.path.insert(0, str(ROOT))

from events.redis_server import RedisServer, free_port  # noqa: E402
from tricklog_cli import GUNICORN_ARGS  # noqa: E402

SERVERS = ("gunicorn", "granian")  # the WSGI servers (issue 18's side by side)
# The ASGI servers, with the Flask app behind a2wsgi's adapter (scripts/asgi_app.py): only for
# issue 33's side-by-side rows.
ASGI = ("granian-asgi", "uvicorn")
# The stream caps of issue 18 (read by the server once they exist): far above what one
# benchmark address opens, so that the figures measure the server and not its caps.
CAPS = {"TRICKLOG_STREAMS_PER_TOKEN": "100000", "TRICKLOG_STREAMS_PER_ADDRESS": "100000",
        "TRICKLOG_STREAMS_PER_PROCESS": "100000", "TRICKLOG_STREAM_DEALS_PER_ADDRESS": "100000",
        "TRICKLOG_CONNECTIONS_PER_ADDRESS": "100000",
        # the quota on new matches (120 an hour per address by default): a benchmark's
        # clients create thousands from one address
        "TRICKLOG_QUOTA_MATCHES": "off"}


def raise_fd_limit() -> int:
    """The soft limit on open files raised to the hard one (1,000 watchers are 1,000 sockets
    on each side); returns the new limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def describe(kind: str, workers: int) -> str:
    """What the server is, for the tables."""
    if kind == "granian":
        return f"granian --interface wsgi, {workers} processes"
    if kind in ASGI:
        return f"{kind.split('-')[0]} ASGI (a2wsgi's adapter), {workers} processes"
    return f"gunicorn {' '.join(_worker_args())}, {workers} processes"


def _worker_args() -> list[str]:
    """The options of GUNICORN_ARGS that shape the workers (the class and its concurrency)."""
    wanted = {"--worker-class", "-k", "--threads", "--worker-connections", "--keep-alive"}
    args, out = list(GUNICORN_ARGS), []
    for i, arg in enumerate(args[:-1]):
        if arg in wanted:
            out += [arg, args[i + 1].rsplit(".", 1)[-1]]
    return out


def available(kind: str) -> bool:
    """gunicorn always; granian and uvicorn if installed (the ``test`` extra)."""
    return kind == "gunicorn" or Path(sys.executable).with_name(kind.split("-")[0]).exists()


def command(kind: str, port: int, workers: int, extra: tuple[str, ...] = ()) -> list[str]:
    """The server's command line. Keep-alive is on everywhere, as ``tricklog serve`` serves
    (``--keep-alive 75``); for granian and uvicorn ``extra`` may hold
    ``--no-http1-keep-alive`` to turn it off, for gunicorn ``--keep-alive 0``."""
    if kind == "granian":  # WSGI on granian's blocking threads
        return [str(Path(sys.executable).with_name("granian")), "--interface", "wsgi",
                "--host", "127.0.0.1", "--port", str(port), "--workers", str(workers),
                *extra, "--no-ws", "api.wsgi:app"]
    if kind == "granian-asgi":
        return [str(Path(sys.executable).with_name("granian")), "--interface", "asgi",
                "--host", "127.0.0.1", "--port", str(port), "--workers", str(workers),
                "--loop", "uvloop", *extra, "--no-ws", "asgi_app:app"]
    if kind == "uvicorn":
        keep = "0" if "--no-http1-keep-alive" in extra else "5"
        return [sys.executable, "-m", "uvicorn", "--host", "127.0.0.1", "--port", str(port),
                "--workers", str(workers), "--loop", "uvloop", "--http", "httptools",
                "--timeout-keep-alive", keep, "--no-access-log", "asgi_app:app"]
    return [sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}",
            "--workers", str(workers), *GUNICORN_ARGS, *extra, "api.wsgi:app"]


@dataclass
class Server:
    kind: str
    port: int
    process: subprocess.Popen[bytes]
    log: Path
    redis_url: str
    workers: int
    redis_pid: int
    env: dict[str, str] = field(default_factory=dict)

    def worker_pids(self) -> list[int]:
        """The processes that serve requests: the children of gunicorn's (or granian's)
        master process."""
        pids = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError, IndexError, ValueError):
                    stat = (entry / "stat").read_text()
                    if int(stat.rsplit(")", 1)[1].split()[1]) == self.process.pid:
                        pids.append(int(entry.name))
        return pids

    def rss_kib(self) -> int:
        """The resident memory of the serving processes, summed (from /proc)."""
        total = 0
        for pid in self.worker_pids():
            with contextlib.suppress(OSError):
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        return total

    def cpu_s(self) -> float:
        """CPU seconds the serving processes and their redis-server have used so far."""
        return sum(proc_cpu_s(pid) for pid in [*self.worker_pids(), self.redis_pid])

    def log_tail(self, lines: int = 8) -> str:
        with contextlib.suppress(OSError):
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        return ""


def proc_cpu_s(pid: int) -> float:
    """User and system CPU seconds of one process (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_healthy(port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError, http.client.HTTPException):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return
        time.sleep(0.1)
    raise RuntimeError(f"the API on port {port} did not answer /healthz in {timeout:.0f} s")


@contextlib.contextmanager
def api_server(kind: str = "gunicorn", workers: int = 2, appendfsync: str = "always",
               env: dict[str, str] | None = None, extra: tuple[str, ...] = ()
               ) -> Iterator[Server]:
    """A fresh redis-server and the API in front of it, stopped (and the data removed) on
    exit; ``extra``: more gunicorn options, after (so over) GUNICORN_ARGS'. The API's log
    lines go to a file in the temporary directory (``Server.log``)."""
    raise_fd_limit()  # the server inherits it: its side of 1,000 watchers is 1,000 sockets
    with tempfile.TemporaryDirectory(prefix="tricklog-bench-") as tmp, \
            RedisServer(tmp, appendfsync=appendfsync) as redis_server:
        port, metrics = free_port(), Path(tmp) / "metrics"
        metrics.mkdir()  # an empty dir, as `tricklog serve` gives the API
        full_env = {**os.environ, **CAPS, **(env or {}), "TRICKLOG_REDIS_URL": redis_server.url,
                    "PROMETHEUS_MULTIPROC_DIR": str(metrics)}
        if kind in ASGI:  # the adapter module lives beside this script
            full_env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "scripts"), str(ROOT)])
        log = Path(tmp) / "api.log"
        with open(log, "wb") as out:
            process = subprocess.Popen(command(kind, port, workers, extra), cwd=ROOT, env=full_env,
                                       stdout=out, stderr=subprocess.STDOUT)
        assert redis_server.process is not None
        server = Server(kind, port, process, log, redis_server.url, workers,
                        redis_server.process.pid, full_env)
        try:
            wait_healthy(port)
            yield server
        finally:
            stop(process)


def stop(process: subprocess.Popen[bytes], grace: float = 10.0) -> None:
    process.terminate()
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
