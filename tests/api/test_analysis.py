"""A finished deal's analysis over HTTP (issue 30): one job per deal, 202 while it runs, 200
with the analysis in the fixed shape once done, problems for a running deal or rules the
solver does not play; and ``tricklog analyse`` offline."""

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

from domain import game, registry
from tests.helpers import secret, step
from tests.http import create, play_randomly
from workers import analyses, runtime


@pytest.mark.slow
def test_a_finished_deal_is_analysed_once_and_adds_up(app: Flask, client: FlaskClient,
                                                      worker: Any) -> None:
    created = create(client, players=2, options={"target_stakes": 1}, seed="analysis")
    play_randomly(client, created, random.Random(3))
    deal = created["deal"]["id"]
    first = client.get(f"/v1/deals/{deal}/analysis")
    assert first.status_code == 202 and first.headers["Location"].startswith("/v1/jobs/")
    again = client.get(f"/v1/deals/{deal}/analysis")
    assert again.status_code == 202 and again.get_json()["id"] == first.get_json()["id"]
    worker()  # the bot turns' and audits' worker: analyses have a queue of their own
    assert client.get(f"/v1/deals/{deal}/analysis").status_code == 202
    queue = analyses.queue_beside(app.extensions["tricklog.queue"])
    runtime.configure(app.extensions["tricklog.referee"])
    SimpleWorker([queue], connection=queue.connection, serializer=queue.serializer).work(
        burst=True)
    done = client.get(f"/v1/deals/{deal}/analysis")
    assert done.status_code == 200
    report = done.get_json()
    assert report["deal_id"] == deal and len(report["sides"]) == 2
    one, two = report["sides"]
    assert one["points"] == one["start_value"] - one["cost"] + two["cost"]
    assert two["points"] == two["start_value"] - two["cost"] + one["cost"]
    played = [e for e in client.get(f"/v1/deals/{deal}/export").get_json()[1:]
              if e["type"] in ("played", "continued", "stopped") and e["seat"] is not None]
    assert [d["seq"] for d in report["decisions"]] == [e["seq"] for e in played]
    assert all(d["move"] in d["best_moves"] or d["cost"] > 0 for d in report["decisions"])


def test_only_finished_deals_of_card_play_are_analysed(client: FlaskClient) -> None:
    running = create(client, players=2, seed="running")
    resp = client.get(f"/v1/deals/{running['deal']['id']}/analysis")
    assert resp.status_code == 409 and resp.get_json()["type"].endswith("/deal-running")
    assert client.get("/v1/deals/nope/analysis").status_code == 404
    burning = create(client, players=2, options={"target_stakes": 1, "burn_tariff": "basic"},
                     seed="burn")
    play_randomly(client, burning, random.Random(1))
    resp = client.get(f"/v1/deals/{burning['deal']['id']}/analysis")
    assert resp.status_code == 422
    assert resp.get_json()["type"].endswith("/analysis-unsupported")


def test_cli_analyses_an_export_offline(tmp_path: Path) -> None:
    """A two-card whist hand, as an export's items (``tricklog analyse`` reads, it does not
    audit): a table by default, the HTTP shape with --json, progress on stderr."""
    path = tmp_path / "deal.jsonl"
    path.write_text("\n".join(orjson.dumps(item).decode() for item in _whist_export()))
    cli = [sys.executable, "-m", "tricklog_cli", "analyse"]
    text = subprocess.run([*cli, str(path)], capture_output=True, text=True)
    assert text.returncode == 0, text.stderr
    assert text.stdout.startswith("deal w-1") and "analysing: 12/12 decisions" in text.stderr
    assert "bid " in text.stdout  # the four bids are judged too, before the eight cards
    out = subprocess.run([*cli, "--json", "--no-progress", str(path)], capture_output=True,
                         text=True)
    report = orjson.loads(out.stdout)
    assert out.stderr == "" and len(report["decisions"]) == 12 and len(report["sides"]) == 4
    assert [d["move"]["type"] for d in report["decisions"]] == ["bid"] * 4 + ["play"] * 8
    ending = orjson.loads(subprocess.run([*cli, "--json", "--last", "4", str(path)],
                                         capture_output=True, text=True).stdout)
    assert [d["seq"] for d in ending["decisions"]] == [d["seq"] for d in report["decisions"]][8:]
    assert subprocess.run([*cli, "/nonexistent"], capture_output=True).returncode == 2
    path.write_text("[]")
    assert subprocess.run([*cli, str(path)], capture_output=True).returncode == 2


def _whist_export() -> list[dict[str, Any]]:
    rules = registry.rules_for("serbian-whist", 4, {})
    rng, dealt = random.Random(5), secret("cli")
    events = list(game.new_deal(rules, 12, 0, dealt))  # the twelfth hand: two cards each
    state = game.fold(events)
    while state.phase != "over":
        state, new = step(state, state.turn, rng.choice(game.legal_moves(state, state.turn)),
                          dealt)
        events += new
    header = {"deal_id": "w-1", "ruleset": "serbian-whist", "players": 4,
              "options": rules.options}
    return [header, *({"seq": i, "type": e.type, "seat": e.seat, "data": e.data}
                      for i, e in enumerate(events))]
