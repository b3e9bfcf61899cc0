"""The routes that audit: uploaded exports and stored deals, disputes of a deal. Like
``routes.py``, each only translates."""

from __future__ import annotations

from flask import Blueprint, Response, request

from events.referee import deals, disputes
from workers.audits import audit_job, cached_audit, dispute_job, stored_audit_id

from . import quotas, schemas
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
