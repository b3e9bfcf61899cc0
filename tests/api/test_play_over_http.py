"""Whole deals and matches over HTTP, as a client would play them."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest
from flask.testing import FlaskClient

from events.envelope import first_break
from tests.http import auth, claim_seats, create, move, play_randomly
from tests.vectors import load, sedma_deal

VECTORS = load("sedma-4p-peer-deals.jsonl")


@pytest.mark.parametrize("vector", VECTORS, ids=[f"deal{i}" for i in range(len(VECTORS))])
def test_vector_deal_over_http(client: FlaskClient, vector: dict[str, Any]) -> None:
    created = create(client, deal=sedma_deal(vector))
    deal, seat_tokens = created["deal"]["id"], claim_seats(client, created)
    for seat, card in vector["plays"]:
        view = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[seat])).get_json()
        while view["phase"] == "decide":
            stop = move(client, deal, seat_tokens[view["turn"]], {"type": "stop"})
            view = stop.get_json()["view"]
        resp = move(client, deal, seat_tokens[seat], {"type": "play", "card": card})
        assert resp.status_code == 200, resp.get_json()
    events = client.get(f"/v1/deals/{deal}/events").get_json()
    assert events["complete"]
    winners = [e["data"]["seat"] for e in events["events"] if e["type"] == "trick_taken"]
    assert winners == vector["trick_winners"]
    result = client.get(f"/v1/deals/{deal}").get_json()["result"]
    assert result["points"] == [vector["points_team_02"], vector["points_team_13"]]
    assert result["score"]["level"] == vector["stake"]["value"]
    assert first_break(events["events"]) is None


@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_match_to_its_target(client: FlaskClient, players: int) -> None:
    created = create(client, players=players, options={"target_stakes": 3}, seed=f"s{players}")
    match = play_randomly(client, created, random.Random(players))
    assert match["status"] == "over" and max(match["totals"]) >= 3
    assert match["winner"] == match["totals"].index(max(match["totals"]))
    assert all(d["status"] == "scored" for d in match["deals"])
    dealers = [d["dealer"] for d in match["deals"]]
    assert all(0 <= d < players for d in dealers)


def test_views_and_feeds_hide_other_hands_until_the_end(client: FlaskClient) -> None:
    created = create(client, seed="hidden")
    deal, seat_tokens = created["deal"]["id"], claim_seats(client, created)
    mine = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[0])).get_json()
    spectator = client.get(f"/v1/deals/{deal}").get_json()
    assert len(mine["hand"]) == 4 and spectator["hand"] == [] and "hands" not in spectator
    feed = client.get(f"/v1/deals/{deal}/events", headers=auth(seat_tokens[0])).get_json()
    dealt = feed["events"][0]["data"]
    assert dealt["hands"][0] == mine["hand"]
    assert dealt["hands"][1:] == [None, None, None] and dealt["stock"] is None
    commitments = feed["events"][0]["commitments"]
    assert sorted(commitments) == ["/hands/0", "/hands/1", "/hands/2", "/hands/3", "/stock"]
    assert list(feed["events"][0]["salts"]) == ["/hands/0"]  # its own hand's salt only
    assert first_break(feed["events"]) is None  # any seat verifies the chain as it goes
    assert '"seed":' not in orjson.dumps(feed).decode()
    assert client.get(f"/v1/deals/{deal}/export").status_code == 409


def test_replay_and_export_once_over(client: FlaskClient) -> None:
    created = create(client, players=2, options={"target_stakes": 1}, seed="replay")
    play_randomly(client, created, random.Random(7))
    deal = created["deal"]["id"]
    export = client.get(f"/v1/deals/{deal}/export", headers={"Accept": "application/jsonl"})
    assert export.status_code == 200 and export.mimetype == "application/jsonl"
    lines = [orjson.loads(line) for line in export.data.splitlines()]
    header, envelopes = lines[0], lines[1:]
    assert header["format"] == "tricklog-export-v2" and header["ruleset"] == "sedma"
    assert first_break(envelopes) is None and envelopes[-1]["type"] == "scored"
    for accept in ({}, {"Accept": "*/*"}, {"Accept": "application/json"}):  # the array
        as_array = client.get(f"/v1/deals/{deal}/export", headers=accept)
        assert as_array.mimetype == "application/json" and as_array.get_json() == lines
    either = client.get(f"/v1/deals/{deal}/export",
                        headers={"Accept": "application/json;q=0.5, application/jsonl"})
    assert either.mimetype == "application/jsonl"
    first = client.get(f"/v1/deals/{deal}/replay?at=1").get_json()
    assert first["seq"] == 1 and first["event"]["type"] == "dealt"
    assert [len(h) for h in first["hands"]] == [4, 4] and first["table"] == []
    last = client.get(f"/v1/deals/{deal}/replay?at={len(envelopes)}").get_json()
    assert last["phase"] == "over" and sum(last["result"]["points"]) == 90
    assert client.get(f"/v1/deals/{deal}/replay?at={len(envelopes) + 1}").status_code == 404
