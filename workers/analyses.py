"""Analysis jobs (issue 30): a stored finished deal judged move by move by the solver, once:
the job's id names the deal and its log's last hash, and its result is kept in Redis for
``RESULT_TTL`` (a finished log never changes, so asked again the answer is the same job).

An analysis takes seconds to minutes of CPU, so it has a queue of its own (``QUEUE_NAME``),
served by ``tricklog worker --analyses`` (``tricklog serve`` starts one): a bot's turn never
waits behind it."""

from __future__ import annotations

import hashlib
from typing import Any

from rq import Queue, get_current_job

from events import fairplay
from events.analysis import analyse_export
from events.referee import deals

from . import runtime

RESULT_TTL = 30 * 24 * 3600
QUEUE_NAME = "tricklog-analysis"


def queue_beside(queue: Queue) -> Queue:
    """The analyses' queue on the same Redis as ``queue`` (the bot turns' and audits')."""
    return Queue(QUEUE_NAME, connection=queue.connection, serializer=queue.serializer)


def analysis_id(deal_id: str, last_hash: str) -> str:
    return "analysis-" + hashlib.sha256(f"{deal_id}\n{last_hash}".encode()).hexdigest()[:32]


def _progress(done: int, total: int) -> None:
    job = get_current_job()
    if job is not None and (done == total or done % 4 == 0):
        job.meta["progress"] = {"step": "decisions", "done": done, "total": total}
        job.save_meta()


def analysis_job(deal_id: str) -> dict[str, Any]:
    return analyse_export(deals.export(runtime.referee(), deal_id), _progress)


def fairplay_id(match_id: str, last_hash: str) -> str:
    """The one fair-play job of a finished match whose last deal's log ends in ``last_hash``."""
    return "fairplay-" + hashlib.sha256(f"{match_id}\n{last_hash}".encode()).hexdigest()[:32]


def _deals_progress(done: int, total: int) -> None:
    job = get_current_job()
    if job is not None:
        job.meta["progress"] = {"step": "deals", "done": done, "total": total}
        job.save_meta()


def fairplay_job(match_id: str) -> dict[str, Any]:
    """The fair-play report of a finished match (``events/fairplay.py``), every deal of it."""
    exports = deals.match_export(runtime.referee(), match_id)
    return fairplay.report(exports, match_id, _deals_progress)
