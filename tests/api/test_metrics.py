"""``GET /metrics``: Prometheus text for operators (loopback, or the admin token)."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.http import auth, claim_seats, create


def series(client: FlaskClient, name: str) -> float:
    resp = client.get("/metrics")
    assert resp.status_code == 200 and resp.content_type.startswith("text/plain")
    text = resp.get_data(as_text=True)
    found = re.findall(rf"^{re.escape(name)} (\S+)$", text, re.M)
    return float(found[0]) if found else 0.0


def test_moves_and_requests_are_counted(client: FlaskClient) -> None:
    moves = 'tricklog_moves_total{ruleset="sedma"}'
    posted = ('tricklog_http_requests_total{method="POST",route="/v1/deals/<deal_id>/moves",'
              'status="200"}')
    refused = ('tricklog_http_requests_total{method="POST",route="/v1/deals/<deal_id>/moves",'
               'status="409"}')
    before = {s: series(client, s) for s in (moves, posted, refused)}
    created = create(client, seed="metrics")
    deal, seat_tokens = created["deal"]["id"], claim_seats(client, created)
    view = client.get(f"/v1/deals/{deal}").get_json()
    seat = view["turn"]
    mine = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[seat])).get_json()
    assert client.post(f"/v1/deals/{deal}/moves", json=mine["legal_moves"][0],
                       headers=auth(seat_tokens[seat])).status_code == 200
    assert client.post(f"/v1/deals/{deal}/moves", json=mine["legal_moves"][1],
                       headers=auth(seat_tokens[seat])).status_code == 409  # not its turn now
    after = {s: series(client, s) for s in (moves, posted, refused)}
    assert {s: after[s] - before[s] for s in before} == {moves: 1, posted: 1, refused: 1}
    assert series(client, "tricklog_queue_up") == 1
    assert 'tricklog_queue_jobs{state="queued"}' in client.get("/metrics").get_data(as_text=True)
    assert series(client, "tricklog_webhook_queue_up") == 1  # webhook bots' turns: their own
    assert 'tricklog_webhook_queue_jobs{state="started"}' in client.get(
        "/metrics").get_data(as_text=True)


def test_metrics_are_for_the_operator(client: FlaskClient) -> None:
    remote = client.get("/metrics", environ_base={"REMOTE_ADDR": "10.1.2.3"})
    assert remote.status_code == 403
    assert remote.content_type == "application/problem+json"
