"""``make chaos`` at a small size in the suite (issue 32): ``scripts/chaos.py --size small``
plays bot matches and human-seat tables under ``tricklog serve`` while it kills Redis, the
worker, an API process and the gunicorn master, pauses Redis and fills the connection pools;
it exits 0 only when every acknowledged move is in its log once, every match finished or is
still playable, every finished deal audits clean and the service is healthy at the end."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.e2e.test_serve import ROOT

KINDS = ("redis-kill", "redis-pause", "worker-kill", "api-process-kill", "master-kill",
         "pool-fill")


@pytest.mark.slow
def test_a_small_chaos_run_holds(tmp_path) -> None:  # type: ignore[no-untyped-def]
    run = subprocess.run([sys.executable, str(ROOT / "scripts" / "chaos.py"), "--size", "small",
                          "--seed", "3", "--data", str(tmp_path)], cwd=ROOT, capture_output=True,
                         text=True, timeout=240)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    assert "chaos: every check held" in run.stdout
    table = run.stdout.split("recovery per kind of fault")[1]
    for kind in KINDS:  # each fault was injected and healed
        assert kind in table, run.stdout
