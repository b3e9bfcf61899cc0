"""gunicorn server hooks (``tricklog serve`` passes ``--config python:api.gunicorn_hooks``).

``child_exit``: a worker process that died (``kill -9``, a crash) leaves its live gauges'
files in ``PROMETHEUS_MULTIPROC_DIR``; prometheus_client's ``mark_process_dead`` removes them,
so ``tricklog_event_streams`` stops counting the dead process' streams.

``on_starting``: a master that starts (again: the supervisor restarts one killed with
``kill -9``, whose workers then died unseen) has no worker yet, so every live gauge file there
is an earlier master's worker's: all are removed, and the gauge heals (issue 32 item 13).
Counters stay: their totals are still true.

``post_worker_init``: a worker that has loaded the app takes what it holds then out of the
garbage collector's sight (``workers.runtime.settle_heap``): a full collection in a served
process walked it all and paused every request on that process 35-42 ms (4 such a worker in a
`bench_move_cost.py` round); after it, under 2 ms.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

LIVE_GAUGE = re.compile(r"gauge_live[a-z]*_(\d+)\.db")


def child_exit(server: Any, worker: Any) -> None:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)


def on_starting(server: Any) -> None:
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if not directory or not os.path.isdir(directory):
        return
    from prometheus_client import multiprocess

    pids = {int(m.group(1)) for f in Path(directory).iterdir()
            if (m := LIVE_GAUGE.fullmatch(f.name))}
    for pid in pids:
        multiprocess.mark_process_dead(pid, directory)


def post_worker_init(worker: Any) -> None:
    from workers.runtime import settle_heap

    settle_heap()
