"""``GET /v1/matches/{id}/export`` (issue 31 item 10): a whole match in one download, each
finished deal's export as ``GET /v1/deals/{id}/export`` gives it, and ``tricklog audit``
takes it as it comes."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import orjson
from flask.testing import FlaskClient

from tests.api.test_duplicates import TWO, finish, post
from tests.http import create, play_randomly

JSONL = {"Accept": "application/jsonl"}


def test_a_whole_match_exports_every_finished_deal(client: FlaskClient, tmp_path: Path) -> None:
    created = create(client, players=2, options={"target_stakes": 4}, seed="whole match")
    # a deal pays at most 3 stakes (no option doubles them here): 4 always takes two deals,
    # whatever the match's random nonce deals
    match = play_randomly(client, created, random.Random(8))
    ids = [d["id"] for d in match["deals"]]
    assert len(ids) >= 2, "the test wants a match of several deals"
    resp = client.get(f"/v1/matches/{created['id']}/export")
    assert resp.status_code == 200 and resp.mimetype == "application/json"
    exports = resp.get_json()
    assert exports == [client.get(f"/v1/deals/{d}/export").get_json() for d in ids]
    lines = client.get(f"/v1/matches/{created['id']}/export", headers=JSONL)
    assert lines.mimetype == "application/jsonl"
    assert [orjson.loads(x) for x in lines.get_data().splitlines()] == exports
    for name, data in (("match.json", resp.get_data()), ("match.jsonl", lines.get_data())):
        (tmp_path / name).write_bytes(data)
        done = subprocess.run([sys.executable, "-m", "tricklog_cli", "audit",
                               str(tmp_path / name)], capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout.count("OK") == len(ids), done.stdout
        assert all(d in done.stdout for d in ids)


def test_a_running_match_exports_its_finished_deals_and_waits_for_linked_tables(
        client: FlaskClient) -> None:
    table1 = create(client, **TWO)
    assert client.get(f"/v1/matches/{table1['id']}/export").get_json() == []
    table2 = post(client, duplicate_of=table1["id"]).get_json()
    finish(client, table1, table1["deal"]["id"])
    resp = client.get(f"/v1/matches/{table1['id']}/export")
    assert resp.status_code == 409 and resp.get_json()["type"] == "/problems/deal-running"
    finish(client, table2, table2["deal"]["id"])
    (export,) = client.get(f"/v1/matches/{table1['id']}/export").get_json()
    assert export[0]["deal_id"] == table1["deal"]["id"]
    assert client.get("/v1/matches/m0000000000000000/export").status_code == 404
