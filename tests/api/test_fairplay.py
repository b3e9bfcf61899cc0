"""A finished match's fair-play report over HTTP (issue 30): one job on the analyses' queue,
202 while it runs, 200 with the report once done; problems for a running match and a game
the solver does not play; the cheater is no seat a match can name; ``tricklog fairplay`` offline
agrees with the server."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest
from flask import Flask
from flask.testing import FlaskClient
from rq import SimpleWorker

from events import fairplay
from tests.http import create, play_randomly
from workers import analyses, runtime


def _run_analyses(app: Flask) -> None:
    queue = analyses.queue_beside(app.extensions["tricklog.queue"])
    runtime.configure(app.extensions["tricklog.referee"])
    SimpleWorker([queue], connection=queue.connection, serializer=queue.serializer).work(
        burst=True)


@pytest.mark.slow
def test_a_finished_match_gets_one_report_per_seat_and_side(app: Flask, client: FlaskClient,
                                                            worker: Any, tmp_path: Path,
                                                            monkeypatch: Any) -> None:
    """With a threshold that flags every seat, the stored deals' audits carry the flag."""
    monkeypatch.setattr(fairplay, "THRESHOLD", 1.01)
    created = create(client, ruleset="sueca", players=4, options={"target": 1},
                     seed="fairplay")
    play_randomly(client, created, random.Random(5))
    match_id = created["id"]
    first = client.get(f"/v1/matches/{match_id}/fairplay")
    assert first.status_code == 202 and first.headers["Location"].startswith("/v1/jobs/")
    again = client.get(f"/v1/matches/{match_id}/fairplay")
    assert again.status_code == 202 and again.get_json()["id"] == first.get_json()["id"]
    worker()  # the bot turns' worker does not take it: it waits on the analyses' queue
    assert client.get(f"/v1/matches/{match_id}/fairplay").status_code == 202
    _run_analyses(app)
    done = client.get(f"/v1/matches/{match_id}/fairplay")
    assert done.status_code == 200
    report = done.get_json()
    exports = client.get(f"/v1/matches/{match_id}/export").get_json()
    assert report["match_id"] == match_id and report["deals"] == len(exports)
    assert [s["seat"] for s in report["seats"]] == [0, 1, 2, 3]
    assert [s["seats"] for s in report["sides"]] == [[0, 2], [1, 3]]
    for tally in report["seats"]:
        mine = [d for d in report["decisions"] if d["seat"] == tally["seat"]]
        assert tally["telling"] == len(mine)
        assert tally["matched"] == sum(d["matched"] for d in mine)
        assert 0 <= tally["p_value"] <= 1 and tally["expected_rate"] == report["honest_rate"]
        assert tally["flagged"] == (tally["p_value"] < report["threshold"])
    for side in report["sides"]:
        assert side["telling"] == sum(report["seats"][s]["telling"] for s in side["seats"])
    assert report["flagged"] and report["threshold"] == 1.01
    audit = client.post("/v1/audits", json={"deal_id": exports[0][0]["deal_id"]}).get_json()
    worker()
    result = client.get(f"/v1/jobs/{audit['id']}").get_json()["result"]
    assert result["ok"] and any(w.startswith("fair play: the match's report flags seat 0")
                                for w in result["warnings"])
    for d in report["decisions"]:
        assert d["fair_move"] not in d["best_moves"]
        assert d["matched"] == (d["move"] in d["best_moves"])
    path = tmp_path / "match.json"
    path.write_bytes(orjson.dumps(exports))
    cli = subprocess.run([sys.executable, "-m", "tricklog_cli", "fairplay", "--json",
                          "--no-progress", "--threshold", "1.01", str(path)],
                         capture_output=True, text=True)
    assert cli.returncode == (1 if report["flagged"] else 0), cli.stderr
    assert orjson.loads(cli.stdout) | {"match_id": match_id} == report


def test_only_finished_matches_of_a_game_the_solver_plays_are_judged(client: FlaskClient) -> None:
    running = create(client, ruleset="sueca", players=4, seed="running")
    resp = client.get(f"/v1/matches/{running['id']}/fairplay")
    assert resp.status_code == 409 and resp.get_json()["type"].endswith("/match-running")
    assert client.get("/v1/matches/nope/fairplay").status_code == 404
    whist = create(client, ruleset="serbian-whist", players=4, seed="whist",
                   seats=[{"name": f"B{i}", "bot": "random"} for i in range(4)])
    resp = client.get(f"/v1/matches/{whist['id']}/fairplay")
    assert resp.status_code in (202, 409)  # running, or over: judged (whist is calibrated too)
    burning = create(client, players=2, options={"target_stakes": 1, "burn_tariff": "basic"},
                     seed="burn")
    play_randomly(client, burning, random.Random(1))
    resp = client.get(f"/v1/matches/{burning['id']}/fairplay")
    assert resp.status_code == 422
    assert resp.get_json()["type"].endswith("/fairplay-unsupported")


def test_the_cheater_is_no_seat_a_match_can_name(client: FlaskClient) -> None:
    body = {"ruleset": "sueca", "players": 4,
            "seats": [{"name": "a", "bot": "omniscient"}] + [{"name": "b"}] * 3}
    resp = client.post("/v1/matches", json=body)
    assert resp.status_code == 422
    problem = resp.get_json()
    assert problem["type"].endswith("/validation")
    assert "omniscient" not in problem["errors"]["seats"]["0"]["bot"][0]
    spec = orjson.dumps(client.get("/openapi.json").get_json()).decode()
    assert "^(random|heuristic|search|wb_" in spec  # the built-in bots a seat may name
    assert '"enum":["random","heuristic","search"]' in spec


def test_cli_refuses_what_it_cannot_judge(tmp_path: Path) -> None:
    cli = [sys.executable, "-m", "tricklog_cli", "fairplay"]
    assert subprocess.run([*cli, "/nonexistent"], capture_output=True).returncode == 2
    path = tmp_path / "empty.json"
    path.write_text("[]")
    out = subprocess.run([*cli, str(path)], capture_output=True, text=True)
    assert out.returncode == 2 and out.stderr.startswith("tricklog fairplay:")
    helped = subprocess.run([*cli, "--help"], capture_output=True, text=True)
    assert helped.returncode == 0 and "telling decisions" in " ".join(helped.stdout.split())
