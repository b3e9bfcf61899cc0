"""A bot's move job is nobody's to read (issue 26, item 4): ``GET /v1/jobs/{id}`` answers a
bot-move job exactly as it answers a job that does not exist, queued or done, so its status
and result (the bot's choice, its timing) tell nothing. Replay and audit jobs stay readable."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.http import create
from workers.turns import job_id


def problem(client: FlaskClient, ident: str) -> tuple[int, dict[str, Any]]:
    resp = client.get(f"/v1/jobs/{ident}")
    body = resp.get_json()
    return resp.status_code, {k: v.replace(ident, "<id>") if isinstance(v, str) else v
                              for k, v in body.items()}


def test_bot_move_jobs_answer_as_unknown_jobs(client: FlaskClient, worker: Any) -> None:
    created = create(client, players=2, options={"target_stakes": 1},
                     seats=[{"name": "me"}, {"name": "bot", "bot": "random"}], creator_seat=0)
    deal = created["deal"]["id"]
    view = client.get(f"/v1/deals/{deal}").get_json()
    if view["turn"] != 1:  # the bot is second: hand it the turn
        mine = client.get(f"/v1/deals/{deal}", headers={
            "Authorization": f"Bearer {created['tokens'][0]['token']}"}).get_json()
        client.post(f"/v1/deals/{deal}/moves", json=mine["legal_moves"][0],
                    headers={"Authorization": f"Bearer {created['tokens'][0]['token']}"})
        view = client.get(f"/v1/deals/{deal}").get_json()
    assert view["turn"] == 1
    bots_job = job_id(deal, view["seq"])
    unknown = problem(client, job_id(deal, view["seq"] + 1000))
    assert unknown[0] == 404
    assert problem(client, bots_job) == unknown  # queued: as if it did not exist
    worker()
    assert client.get(f"/v1/deals/{deal}").get_json()["seq"] > view["seq"]  # the bot moved
    assert problem(client, bots_job) == unknown  # done: still nothing to read
