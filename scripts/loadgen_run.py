"""Running scripts/loadgen.py from the benchmarks: one process per command, its spec and result
as JSON files, every wait bounded (a server that stalls makes a result, never a hang)."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson

LOADGEN = Path(__file__).resolve().with_name("loadgen.py")


def command(name: str, spec_file: Path, out_file: Path, cpu: int | None, nice: int,
            loop: str | None = None) -> list[str]:
    cmd = [sys.executable, str(LOADGEN), name, "--spec", str(spec_file), "--out", str(out_file)]
    if loop:
        cmd += ["--loop", loop]
    if cpu is not None:
        cmd += ["--cpu", str(cpu)]
    if nice:
        cmd += ["--nice", str(nice)]
    return cmd


def run(name: str, spec: dict[str, Any], timeout: float, cpu: int | None = None, nice: int = 0,
        loop: str | None = None) -> dict[str, Any]:
    """Run one load-generator command to its end; its result."""
    return run_many(name, [spec], timeout, cpu, nice, loop)[0]


def run_many(name: str, specs: list[dict[str, Any]], timeout: float, cpu: int | None = None,
             nice: int = 0, loop: str | None = None) -> list[dict[str, Any]]:
    """The same command in one process per spec, all at once; their results."""
    with tempfile.TemporaryDirectory(prefix="loadgen-") as tmp:
        procs = []
        for i, spec in enumerate(specs):
            spec_file, out_file = Path(tmp) / f"spec{i}.json", Path(tmp) / f"out{i}.json"
            spec_file.write_bytes(orjson.dumps(spec))
            procs.append((subprocess.Popen(command(name, spec_file, out_file, cpu, nice, loop)),
                          out_file))
        deadline = time.monotonic() + timeout
        for proc, _ in procs:
            try:
                proc.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        results = []
        for proc, out_file in procs:
            if proc.returncode != 0 or not out_file.exists():
                raise RuntimeError(f"loadgen {name} failed (exit {proc.returncode})")
            results.append(orjson.loads(out_file.read_bytes()))
        return results


class Watchers:
    """The ``watch`` command in the background: ``ready`` (how many opened), then ``stop()``
    for the frames."""

    def __init__(self, proc: subprocess.Popen[bytes], out_file: Path) -> None:
        self.proc, self.out_file = proc, out_file
        self.ready: dict[str, Any] = {}

    def wait_ready(self, timeout: float) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = _readline(self.proc, timeout)
        if not line.startswith(b"ready "):
            raise RuntimeError(f"the watchers' process said {line[:200]!r}, not ready")
        self.ready = orjson.loads(line[6:])
        return self.ready

    def stop(self, timeout: float = 60.0) -> dict[str, Any]:
        assert self.proc.stdin is not None
        with contextlib.suppress(BrokenPipeError):
            self.proc.stdin.write(b"stop\n")
            self.proc.stdin.flush()
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise RuntimeError("the watchers' process did not stop") from None
        return orjson.loads(self.out_file.read_bytes())  # type: ignore[no-any-return]


def _readline(proc: subprocess.Popen[bytes], timeout: float) -> bytes:
    """One line of the child's stdout, or b"" after ``timeout`` seconds (or at its end)."""
    import selectors
    assert proc.stdout is not None
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        if not sel.select(timeout):
            return b""
    return proc.stdout.readline()


@contextlib.contextmanager
def watchers(spec: dict[str, Any], cpu: int | None = None) -> Iterator[Watchers]:
    """Start the ``watch`` command; killed on the way out if still running."""
    with tempfile.TemporaryDirectory(prefix="loadgen-") as tmp:
        spec_file, out_file = Path(tmp) / "spec.json", Path(tmp) / "out.json"
        spec_file.write_bytes(orjson.dumps(spec))
        proc = subprocess.Popen(command("watch", spec_file, out_file, cpu, 0),
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        try:
            yield Watchers(proc, out_file)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()


def to_json(data: Any) -> str:
    """JSON for ``--json``, NaN (a figure with no samples) as null."""
    return orjson.dumps(data).decode()


def num(value: float, digits: int = 0) -> str:
    """A figure for a table: "-" when there were no samples."""
    return "-" if value != value else f"{value:,.{digits}f}"


def pct(values: list[float], q: float) -> float:
    """The q-quantile of ``values`` in milliseconds (values in seconds); nan if none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000
