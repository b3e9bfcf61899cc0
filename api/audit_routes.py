"""The routes that audit: uploaded exports and stored deals, disputes of a deal. Like
``routes.py``, each only translates."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request

from events import fairplay
from events.analysis import supported
from events.referee import dealing, deals, disputes
from events.referee.errors import DealRunning
from workers.analyses import (
    RESULT_TTL,
    analysis_id,
    analysis_job,
    fairplay_id,
    fairplay_job,
    queue_beside,
)
from workers.audits import audit_job, cached_audit, dispute_job, stored_audit_id

from . import quotas, schemas
from .problems import Problem
from .routes import bearer, body, queue, referee
from .wire import items_response, json_response

audit_routes = Blueprint("audits", __name__, url_prefix="/v1")
MAX_AUDIT_BODY = 2 * 1024 * 1024  # an uploaded export may be larger than a move


@audit_routes.post("/deals/<deal_id>/disputes")
def post_dispute(deal_id: str) -> Response:
    data = schemas.DisputeIn().load(body())
    with quotas.charged("audits"):
        dispute = disputes.open_dispute(referee(), deal_id, bearer(), data["message"])
        job = queue().enqueue(dispute_job, deal_id, dispute["id"], result_ttl=7 * 24 * 3600)
    return json_response({**dispute, "job_id": job.id}, 201)


@audit_routes.get("/deals/<deal_id>/disputes")
def get_disputes(deal_id: str) -> Response:
    return json_response({"disputes": disputes.listing(referee(), deal_id, bearer())})


@audit_routes.post("/audits")
def post_audit() -> Response:
    """An upload is a new job each time. A stored deal's log never changes once it can be
    exported, so its audit is one job per deal and last hash: asked again (the replay page
    asks each time it opens) it is the same job, charged to no quota (issue 31 item 7)."""
    request.max_content_length = MAX_AUDIT_BODY
    data = schemas.AuditIn().load(body())
    job_id = None
    if "deal_id" in data:  # 404 or 409 now rather than in the job; the job exports it
        deal = deals.exportable(referee(), data["deal_id"])
        job_id = stored_audit_id(data["deal_id"], deal.hash)
        job = cached_audit(queue(), job_id)
    if job_id is None or job is None:
        with quotas.charged("audits"):
            job = queue().enqueue(audit_job, data, job_id=job_id, result_ttl=24 * 3600)
    return json_response({"id": job.id, "status": job.get_status()}, 202,
                         {"Location": f"/v1/jobs/{job.id}"})


@audit_routes.get("/matches/<match_id>/export")
def get_match_export(match_id: str) -> Response:
    """Every finished deal's export: a JSON array of them, or with ``Accept:
    application/jsonl`` one deal's export (its JSON array) a line."""
    return items_response(deals.match_export(referee(), match_id), match_id)


@audit_routes.get("/deals/<deal_id>/analysis")
def get_analysis(deal_id: str) -> Response:
    """A finished deal judged move by move (issue 30): computed once by a worker and kept;
    202 with the job while it runs, 200 with the analysis once it is done."""
    lines = deals.export(referee(), deal_id)  # 404 or 409 unless the deal is over
    header = lines[0]
    if not supported(header["ruleset"], header["players"], header["options"]):
        raise Problem("analysis-unsupported", f"the solver does not play {header['ruleset']} "
                      "with these options: burning and the one pass are not card play")
    return _cached_job(analysis_job, deal_id, analysis_id(deal_id, lines[-1].get("hash", "")))


@audit_routes.get("/matches/<match_id>/fairplay")
def get_fairplay(match_id: str) -> Response:
    """A finished match's fair-play report (issue 30): as the analysis, computed once by a
    worker on the analyses' queue and kept; 202 with the job while it runs."""
    if dealing.stream(referee(), match_id)[2].status != "over":  # 404 for no such match
        raise Problem("match-running", f"match {match_id} is still being played")
    try:
        exports = deals.match_export(referee(), match_id)
    except DealRunning as exc:
        raise Problem("match-undisclosed", str(exc)) from None
    exports = [e for e in exports if e[-1]["type"] == "scored"]  # not an abandoned deal
    header = exports[0][0] if exports else {}
    if not exports or not fairplay.supported(header["ruleset"], header["players"],
                                             header["options"]):
        raise Problem("fairplay-unsupported", "no fair-play report for "
                      f"{header.get('ruleset', 'a match without deals')} with these options: "
                      "the solver does not play its card play")
    return _cached_job(fairplay_job, match_id, fairplay_id(match_id, exports[-1][-1]["hash"]))


def _cached_job(work: Any, subject: str, job_id: str) -> Response:
    """The job ``job_id`` (``work(subject)`` on the analyses' queue), made once and kept:
    200 with its result once done, else 202 with the job."""
    job = cached_audit(queue(), job_id)
    if job is None:
        with quotas.charged("audits"):
            job = queue_beside(queue()).enqueue(work, subject, job_id=job_id,
                                                result_ttl=RESULT_TTL, job_timeout=3600)
    if job.is_finished:
        return json_response(job.return_value())
    return json_response({"id": job.id, "status": job.get_status()}, 202,
                         {"Location": f"/v1/jobs/{job.id}"})
