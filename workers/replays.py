"""Replay jobs: every event of a deal with the state after it, for a viewer."""

from __future__ import annotations

from typing import Any

from rq import get_current_job

from events.referee import deals

from . import runtime

PROGRESS_EVERY = 10


def replay_job(deal_id: str, seat: int | None) -> dict[str, Any]:
    """Each step: the event as ``seat`` (None: a spectator) may see it and the state after it:
    everyone's cards once the deal is disclosed (``deals.disclosed``), the seat's view before.
    The job carries the seat, never its token; ``GET /v1/jobs/{id}`` shows a seat's result to
    that seat alone until the deal is disclosed."""
    referee = runtime.referee()
    deal, envelopes, states = deals.load_whole(referee, deal_id)  # each event folded once
    over = deals.disclosed(referee, deal)
    job = get_current_job()
    steps = []
    served = deals.served_envelopes(deal.state.rules, envelopes, seat, over)
    views = deals.replay_views(deal, envelopes, states, seat, over)
    for i, (event, view) in enumerate(zip(served, views, strict=True), start=1):
        steps.append({"event": event, "state": view})
        if job is not None and (i % PROGRESS_EVERY == 0 or i == len(envelopes)):
            job.meta["progress"] = {"step": "replaying", "done": i, "total": len(envelopes)}
            job.save_meta()
    return {"deal_id": deal_id, "seat": seat, "omniscient": over, "steps": steps}
