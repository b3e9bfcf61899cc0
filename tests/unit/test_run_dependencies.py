"""`make run` installs the project without its test extras: everything the serving processes
import must come from the runtime dependencies (and theirs). `make test`'s environment has the
extras too, so it cannot see a missing one by running; this test reads the metadata instead.
(gunicorn's gevent worker imports ``packaging`` without declaring it: `make run` broke.)"""

from __future__ import annotations

import importlib.metadata as metadata
import subprocess
import sys
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
SERVING = ("tricklog_cli", "api.app", "api.gunicorn_setup", "api.gunicorn_hooks",
           "gunicorn.workers.ggevent", "workers.runtime", "workers.bots", "workers.sweeper",
           "events.redis_server")
OURS = {"api", "domain", "events", "workers", "integrations", "tricklog_cli"}


def runtime_closure() -> set[str]:
    """The distributions ``pip install -e .`` brings: tricklog's requirements without extras,
    and theirs, transitively."""
    seen: set[str] = set()
    todo = ["tricklog"]
    while todo:
        name = canonicalize_name(todo.pop())
        if name in seen:
            continue
        seen.add(name)
        for line in metadata.requires(name) or []:
            req = Requirement(line)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(req.name)
    return seen


def imported_top_levels() -> set[str]:
    code = ("import importlib, sys\n"
            f"for m in {SERVING!r}: importlib.import_module(m)\n"
            "print('\\n'.join(sorted({n.split('.')[0] for n in sys.modules})))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    return set(out.split())


def test_the_serving_processes_import_only_runtime_dependencies() -> None:
    closure = runtime_closure()
    providers = metadata.packages_distributions()
    missing = {}
    for module in imported_top_levels() - OURS - set(sys.stdlib_module_names):
        dists = {canonicalize_name(d) for d in providers.get(module, [])}
        if dists and not dists & closure:
            missing[module] = sorted(dists)
    assert not missing, f"imported by the server but not a runtime dependency: {missing}"
