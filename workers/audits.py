"""Audit jobs: verify a stored deal or an uploaded export, and settle disputes."""

from __future__ import annotations

import hashlib
from typing import Any

from rq import Queue, get_current_job
from rq.exceptions import NoSuchJobError
from rq.job import Job

from domain.match import match_id_of
from events.audit import Report, audit_export
from events.referee import audits, disputes

from . import runtime
from .analyses import fairplay_warning


def _progress(step: str, done: int, total: int) -> None:
    job = get_current_job()
    if job is not None:
        job.meta["progress"] = {"step": step, "done": done, "total": total}
        job.save_meta()


def audit_job(request: dict[str, Any]) -> dict[str, Any]:
    """``{"deal_id": ...}`` audits a stored deal; ``{"export": ...}`` an upload (JSON Lines
    text or the export's items as a list)."""
    _progress("reading", 0, 2)
    if "export" in request:
        report: Report = audit_export(request["export"])
    else:
        report = audits.audit_stored(runtime.referee(), request["deal_id"])
        flag = fairplay_warning(match_id_of(request["deal_id"]))
        if flag is not None:
            report.warnings.append(flag)
    _progress("done", 2, 2)
    return {**report.to_dict(), "text": report.to_text()}


def dispute_job(deal_id: str, dispute_id: str) -> dict[str, Any]:
    """Audit the disputed deal and keep the report with the dispute."""
    report = audit_job({"deal_id": deal_id})
    disputes.settle(runtime.referee(), deal_id, dispute_id, report)
    return report


def stored_audit_id(deal_id: str, last_hash: str) -> str:
    """The one audit job of a stored deal whose log ends in ``last_hash``."""
    return "audit-" + hashlib.sha256(f"{deal_id}\n{last_hash}".encode()).hexdigest()[:32]


def cached_audit(queue: Queue, job_id: str) -> Job | None:
    """The stored deal's audit job if it is queued, running or kept with its result; ``None``
    when there is none to reuse (never made, expired, or failed: then it is made again)."""
    try:
        job = Job.fetch(job_id, connection=queue.connection, serializer=queue.serializer)
    except NoSuchJobError:
        return None
    return None if job.is_failed or job.is_canceled or job.is_stopped else job
