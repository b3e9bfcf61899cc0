"""Audits, disputes and client seeds over HTTP; jobs run by an in-process RQ worker."""

from __future__ import annotations

import random
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import orjson
import pytest
from flask.testing import FlaskClient
from rq import SimpleWorker

from api.app import create_app
from domain import fairness, game, registry
from domain.fairness import commit
from events.config import Settings
from tests.http import auth, claim_seats, create, play_randomly
from workers import runtime

JSONL = {"Accept": "application/jsonl"}


def finished_deal(client: FlaskClient, **kw: Any) -> tuple[dict[str, Any], str]:
    created = create(client, players=2, options={"target_stakes": 1}, seed="audit", **kw)
    play_randomly(client, created, random.Random(3))
    return created, created["deal"]["id"]


def job(client: FlaskClient, job_id: str) -> dict[str, Any]:
    return client.get(f"/v1/jobs/{job_id}").get_json()  # type: ignore[no-any-return]


def test_audit_a_stored_deal(client: FlaskClient, worker: Any) -> None:
    _, deal = finished_deal(client)
    resp = client.post("/v1/audits", json={"deal_id": deal})
    assert resp.status_code == 202
    assert job(client, resp.get_json()["id"])["status"] == "queued"
    worker()
    done = job(client, resp.get_json()["id"])
    assert done["status"] == "finished" and done["progress"]["step"] == "done"
    assert done["result"]["ok"], done["result"]["text"]
    assert "match score and totals" in done["result"]["checks"]


def test_audit_an_uploaded_export_and_find_a_forgery(client: FlaskClient, worker: Any) -> None:
    _, deal = finished_deal(client)
    export = client.get(f"/v1/deals/{deal}/export", headers=JSONL).get_data(as_text=True)
    lines = export.splitlines()
    played = next(i for i, line in enumerate(lines) if '"type":"played"' in line)
    envelope = orjson.loads(lines[played])
    envelope["seat"] = 1 - envelope["seat"]  # the other seat played it
    forged = "\n".join([*lines[:played], orjson.dumps(envelope).decode(), *lines[played + 1:]])
    good = client.post("/v1/audits", json={"export": export}).get_json()["id"]
    bad = client.post("/v1/audits", json={"export": forged}).get_json()["id"]
    worker()
    assert job(client, good)["result"]["ok"]
    report = job(client, bad)["result"]
    assert not report["ok"] and report["first_error"]["seq"] == played


def test_an_export_rebuilt_by_a_typed_client_audits_ok(client: FlaskClient,
                                                        worker: Any) -> None:
    """A generated client sends no Accept (or ``*/*``), reads the JSON array, parses each ``at``
    as a date-time and writes it back its own way; it uploads the array as it holds it."""
    _, deal = finished_deal(client)
    for accept in ({}, {"Accept": "*/*"}):
        resp = client.get(f"/v1/deals/{deal}/export", headers=accept)
        assert resp.mimetype == "application/json", accept
    items = resp.get_json()
    for item in items[1:]:
        item["at"] = datetime.fromisoformat(item["at"]).isoformat()  # ...03.400000+00:00
    assert items[1]["at"].endswith("+00:00")
    resp = client.post("/v1/audits", json={"export": items})
    assert resp.status_code == 202, resp.get_json()
    as_text = client.post("/v1/audits", json={"export": orjson.dumps(items).decode()})
    worker()
    for done in (resp, as_text):
        report = job(client, done.get_json()["id"])["result"]
        assert report["ok"], report["text"]
    for bad in ([], [1], "", 7, [{}] * 100_001):
        assert client.post("/v1/audits", json={"export": bad}).status_code in (413, 422), bad


def test_audit_requests_are_checked(client: FlaskClient) -> None:
    assert client.post("/v1/audits", json={}).status_code == 422
    assert client.post("/v1/audits", json={"deal_id": "x", "export": "y"}).status_code == 422
    assert client.post("/v1/audits", json={"deal_id": "m0.1"}).status_code == 404
    running = create(client, seed="running")["deal"]["id"]
    assert client.post("/v1/audits", json={"deal_id": running}).status_code == 409
    assert client.get("/v1/jobs/nope").status_code == 404


def test_a_dispute_is_audited_and_public_like_the_export(client: FlaskClient,
                                                         worker: Any) -> None:
    """Issue 31 item 9: a club's arbiter with no seat (or a seat elsewhere) reads the disputes
    of a finished deal, as it reads its export; a running deal's are for its seats."""
    created, deal = finished_deal(client)
    token = claim_seats(client, created)[1]
    resp = client.post(f"/v1/deals/{deal}/disputes", json={"message": "I had the ace!"},
                       headers=auth(token))
    assert resp.status_code == 201 and resp.get_json()["status"] == "auditing"
    worker()
    disputes = client.get(f"/v1/deals/{deal}/disputes", headers=auth(token)).get_json()
    (dispute,) = disputes["disputes"]
    assert dispute["seat"] == 1 and dispute["status"] == "audited" and dispute["report"]["ok"]
    assert client.get(f"/v1/deals/{deal}/disputes").get_json() == disputes  # no token
    other = create(client, seed="other")
    stranger = auth(claim_seats(client, other)[0])
    assert client.get(f"/v1/deals/{deal}/disputes", headers=stranger).get_json() == disputes
    running = other["deal"]["id"]
    assert client.get(f"/v1/deals/{running}/disputes").status_code == 401
    assert client.get(f"/v1/deals/{running}/disputes", headers=auth(token)).status_code == 403
    mine = auth(claim_seats(client, other)[1])
    assert client.get(f"/v1/deals/{running}/disputes", headers=mine).get_json() == {
        "disputes": []}


def test_client_seeds_are_committed_then_shape_the_revealed_deck(client: FlaskClient) -> None:
    """A seat's client seed is public only as a salted commitment while the deal runs; once the
    deal is scored its reveal lets anyone rebuild the dealt hands from the revealed seed and the
    client seeds, and the same seed without them deals other hands."""
    seats = [{"name": "a", "client_seed": "mine"}, {"name": "b"}]
    created, deal = finished_deal(client, seats=seats, creator_seat=0)
    match = client.get(f"/v1/matches/{created['id']}").get_json()
    assert [{k: v for k, v in c.items() if k != "commitment"} for c in match["client_seeds"]] \
        == [{"seat": 0, "from_deal": 1}]
    assert "mine" not in orjson.dumps(match["client_seeds"]).decode()
    events = client.get(f"/v1/deals/{deal}/export").get_json()[1:]  # after the header
    dealt = next(e["data"] for e in events if e["type"] == "dealt")
    reveal = next(e["data"]["reveal"] for e in events if e["type"] == "scored")
    (given,) = [c for c in reveal["client_seeds"] if c]
    assert given["seed"] == "mine"
    assert fairness.client_commit(given["salt"], "mine") == match["client_seeds"][0]["commitment"]
    rules = registry.rules_for(created["ruleset"], 2, created["options"])
    family = registry.family_of(rules)

    def hands(client_seeds: list[str | None]) -> list[list[str]]:
        deck = game.deck_for(rules, reveal["seed"], dealt["number"], client_seeds)
        return family.deal_layout(rules, deck, dealt["dealer"], dealt["number"])[0]

    seeds = [c["seed"] if c else None for c in reveal["client_seeds"]]
    assert hands(seeds) == dealt["hands"]
    assert hands([None, None]) != dealt["hands"]


def test_a_seed_given_later_enters_the_next_deal_unseen(client: FlaskClient) -> None:
    seats = [{"name": "a", "client_seed": "mine"}, {"name": "b"}]
    with_seed = create(client, players=2, seats=seats, seed="same", creator_seat=0)
    match = client.get(f"/v1/matches/{with_seed['id']}").get_json()
    assert len(match["client_seeds"][0]["commitment"]) == 64
    assert match["commitment"] != commit("same", None)  # salted with the match's nonce
    assert "secret" not in match and "nonce" not in match
    resp = client.post(f"/v1/matches/{with_seed['id']}/seeds", json={"seed": "later"},
                       headers=auth(claim_seats(client, with_seed)[1]))
    assert resp.status_code == 201 and resp.get_json()["from_deal"] == 2
    assert "later" not in resp.get_data(as_text=True)
    assert client.post(f"/v1/matches/{with_seed['id']}/seeds",
                       json={"seed": "x"}).status_code == 401


def test_a_finished_match_reveals_its_secret(client: FlaskClient) -> None:
    created, _ = finished_deal(client)
    match = client.get(f"/v1/matches/{created['id']}").get_json()
    assert match["status"] == "over"
    assert commit(match["secret"], match["nonce"]) == match["commitment"]


def test_cli_audits_an_export_offline(client: FlaskClient, tmp_path: Path) -> None:
    _, deal = finished_deal(client)
    path = tmp_path / "deal.jsonl"
    path.write_bytes(client.get(f"/v1/deals/{deal}/export", headers=JSONL).data)
    ok = subprocess.run([sys.executable, "-m", "tricklog_cli", "audit", str(path)],
                        capture_output=True, text=True)
    assert ok.returncode == 0 and ok.stdout.startswith("OK")
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:3] + lines[4:]))
    bad = subprocess.run([sys.executable, "-m", "tricklog_cli", "audit", "--json", str(path)],
                         capture_output=True, text=True)
    assert bad.returncode == 1 and orjson.loads(bad.stdout)["first_error"]["seq"] == 3
    missing = subprocess.run([sys.executable, "-m", "tricklog_cli", "audit", "/nonexistent"],
                             capture_output=True, text=True)
    assert missing.returncode == 2


FIXTURES = sorted((Path(__file__).resolve().parents[1] / "data" / "exports").glob("*.jsonl"))


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_exports_are_regression_fixtures(path: Path) -> None:
    """Every export kept in tests/data/exports still replays to the same result."""
    from tests.helpers import replay_export

    state, header = replay_export(path)
    assert state.phase == "over" and state.rules.preset == header["ruleset"]
    assert registry.PRESETS[header["ruleset"]]
    assert game.is_over(state)


def test_browsing_a_replay_reuses_one_audit_and_spares_the_dispute_quota(
        redis_client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 31 item 7: the replay page audits its finished deal each time it is opened. A
    finished log never changes, so every opening gets the same job, charged once; a seat
    can still open a dispute afterwards."""
    monkeypatch.setenv("TRICKLOG_QUOTA_AUDITS", "2/3600")
    app = create_app(Settings.from_env(redis_url="unused"), client=redis_client)
    client = app.test_client()
    created, deal = finished_deal(client)
    queue = app.extensions["tricklog.queue"]
    ids = set()
    for _ in range(6):
        resp = client.post("/v1/audits", json={"deal_id": deal})
        assert resp.status_code == 202, resp.get_json()
        ids.add(resp.get_json()["id"])
    assert len(ids) == 1 and len(queue.get_job_ids()) == 1
    runtime.configure(app.extensions["tricklog.referee"])
    try:
        SimpleWorker([queue], connection=redis_client, serializer=queue.serializer).work(
            burst=True)
    finally:
        runtime.configure(None)
    again = client.post("/v1/audits", json={"deal_id": deal}).get_json()
    assert again["id"] in ids and job(client, again["id"])["result"]["ok"]
    token = claim_seats(client, created)[0]
    resp = client.post(f"/v1/deals/{deal}/disputes", json={"message": "check it"},
                       headers=auth(token))
    assert resp.status_code == 201, resp.get_json()
