"""gunicorn server hooks (``tricklog serve`` passes ``--config python:api.gunicorn_hooks``).

``child_exit``: a worker process that died (``kill -9``, a crash) leaves its live gauges'
files in ``PROMETHEUS_MULTIPROC_DIR``; prometheus_client's ``mark_process_dead`` removes them,
so ``tricklog_event_streams`` stops counting the dead process' streams.
"""

from __future__ import annotations

import os
from typing import Any


def child_exit(server: Any, worker: Any) -> None:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)
