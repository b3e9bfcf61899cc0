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
from rq.exceptions import NoSuchJobError
from rq.job import Job

from events import fairplay
from events.analysis import analyse_export
from events.referee import deals
from events.referee.errors import DealRunning, NotFound

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


def fairplay_warning(match_id: str) -> str | None:
    """The audit's flag (issue 30): what the match's fair-play report flags, if that report
    has been computed (``GET /v1/matches/{id}/fairplay``) and flags a seat or a side."""
    job = get_current_job()
    try:
        exports = deals.match_export(runtime.referee(), match_id)
        if job is None or not exports:
            return None
        done = Job.fetch(fairplay_id(match_id, exports[-1][-1]["hash"]),
                         connection=job.connection, serializer=job.serializer)
    except (NoSuchJobError, NotFound, DealRunning, LookupError, ValueError):
        return None
    report = done.return_value() if done.is_finished else None
    if not report or not report.get("flagged"):
        return None
    who = [f"seat {s['seat']} (p = {s['p_value']:.2g})" for s in report["seats"] if s["flagged"]]
    who += ["side " + "+".join(map(str, s["seats"])) + f" (p = {s['p_value']:.2g})"
            for s in report["sides"] if s["flagged"]]
    return (f"fair play: the match's report flags {', '.join(who)}: perfect-information moves "
            f"found too often where the seat's own view pointed elsewhere (threshold "
            f"{report['threshold']}; GET /v1/matches/{match_id}/fairplay)")
