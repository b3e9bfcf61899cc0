"""Duplicate play as an explicit link (issue 26): ``"duplicate_of": "<match id>"`` deals the
source's decks at another table, and nothing that reveals a deal's cards is served at a table
that has finished it while a linked table still plays it (``deals.disclosed``)."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest
from flask import Flask
from flask.testing import FlaskClient

from events.audit import audit_export
from events.referee import audits
from tests.http import auth, claim_seats, create

TWO = {"ruleset": "sedma", "players": 2, "options": {"target_stakes": 5}}


def post(client: FlaskClient, **body: Any) -> Any:
    body = {**TWO, "seats": [{"name": "a"}, {"name": "b"}], **body}
    return client.post("/v1/matches", json=body)


def hands(client: FlaskClient, created: dict[str, Any]) -> list[list[str]]:
    deal = created["deal"]["id"]
    return [client.get(f"/v1/deals/{deal}", headers=auth(t)).get_json()["hand"]
            for t in claim_seats(client, created).values()]


def finish(client: FlaskClient, created: dict[str, Any], deal: str) -> None:
    rng, seat_tokens = random.Random(5), claim_seats(client, created)
    while (turn := client.get(f"/v1/deals/{deal}").get_json()["turn"]) is not None:
        mine = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[turn])).get_json()
        resp = client.post(f"/v1/deals/{deal}/moves", headers=auth(seat_tokens[turn]),
                           json=rng.choice(mine["legal_moves"]))
        assert resp.status_code == 200, resp.get_json()


def test_a_duplicate_deals_the_same_cards_and_both_record_the_link(client: FlaskClient) -> None:
    source = create(client, **TWO, seed="club night")
    copy = post(client, duplicate_of=source["id"])
    assert copy.status_code == 201, copy.get_json()
    copy = copy.get_json()
    assert copy["commitment"] == source["commitment"]
    assert hands(client, copy) == hands(client, source)
    assert copy["duplicate_of"] == source["id"]
    assert client.get(f"/v1/matches/{source['id']}").get_json()["duplicates"] == [copy["id"]]
    again = create(client, **TWO, seed="club night")  # a seed alone never copies
    assert hands(client, again) != hands(client, source)


@pytest.mark.parametrize(("change", "why"), [
    ({"seed": "x"}, "a seed"), ({"options": {"target_stakes": 3}}, "other options"),
    ({"ruleset": "sedma-king", "players": 3, "seats": [{"name": "a"}, {"name": "b"},
                                                       {"name": "c"}]}, "another game"),
    ({"seats": [{"name": "a", "client_seed": "s"}, {"name": "b"}], "creator_seat": 0},
     "a client seed")])
def test_a_duplicate_must_match_its_source(client: FlaskClient, change: dict[str, Any],
                                           why: str) -> None:
    source = create(client, **TWO)
    resp = post(client, duplicate_of=source["id"], **change)
    assert resp.status_code == 422, why
    assert resp.get_json()["field"] == "duplicate_of", why


def test_an_unknown_source_is_422(client: FlaskClient) -> None:
    resp = post(client, duplicate_of="m0000000000000000")
    assert resp.status_code == 422 and resp.get_json()["field"] == "duplicate_of"


def test_client_seeds_and_duplicates_exclude_each_other(client: FlaskClient) -> None:
    source = create(client, **TWO)
    copy = post(client, duplicate_of=source["id"]).get_json()
    for match in (source, copy):
        resp = client.post(f"/v1/matches/{match['id']}/seeds", json={"seed": "mine"},
                           headers=auth(claim_seats(client, match)[0]))
        assert resp.status_code == 409
        assert resp.get_json()["type"] == "/problems/duplicate-seeds-fixed"
    seeded = create(client, **TWO)
    assert client.post(f"/v1/matches/{seeded['id']}/seeds", json={"seed": "mine"},
                       headers=auth(claim_seats(client, seeded)[1])).status_code == 201
    resp = post(client, duplicate_of=seeded["id"])
    assert resp.status_code == 409
    assert resp.get_json()["type"] == "/problems/duplicate-seeds-fixed"


def served(client: FlaskClient, deal: str, headers: dict[str, str]) -> dict[str, Any]:
    return {"events": client.get(f"/v1/deals/{deal}/events", headers=headers).get_json(),
            "view": client.get(f"/v1/deals/{deal}", headers=headers).get_json(),
            "replay": client.get(f"/v1/deals/{deal}/replay?at=1", headers=headers).get_json()}


def test_a_finished_table_tells_nothing_while_a_linked_table_plays(
        client: FlaskClient, app: Flask) -> None:
    table1 = create(client, **TWO)
    table2 = post(client, duplicate_of=table1["id"]).get_json()
    deal1, deal2 = table1["deal"]["id"], table2["deal"]["id"]
    secret = [h for h in hands(client, table2)]  # table 2's hands, hidden from its others
    finish(client, table1, deal1)
    export = client.get(f"/v1/deals/{deal1}/export")
    assert export.status_code == 409 and export.get_json()["type"] == "/problems/deal-running"
    assert client.post("/v1/audits", json={"deal_id": deal1}).status_code == 409
    seated = claim_seats(client, table1)
    for seat, headers in [(None, {}), *((s, auth(t)) for s, t in seated.items())]:
        seen = served(client, deal1, headers)
        dealt, scored = seen["events"]["events"][0], seen["events"]["events"][-1]
        assert scored["type"] == "scored" and scored["data"]["reveal"] is None
        assert "/reveal" in scored["commitments"] and "salts" not in scored
        others = [h for s, h in enumerate(dealt["data"]["hands"]) if s != seat]
        assert others == [None] * len(others) and dealt["data"]["stock"] is None
        assert set(dealt.get("salts", {})) <= {f"/hands/{seat}"}
        assert "hands" not in seen["view"] and "hands" not in seen["replay"]
        text = orjson.dumps(seen).decode()
        assert all(orjson.dumps(h).decode() not in text
                   for s, h in enumerate(secret) if s != seat)
    late = post(client, duplicate_of=table1["id"])  # its cards are out: no new table
    assert late.status_code == 409 and late.get_json()["type"] == "/problems/duplicate-too-late"

    finish(client, table2, deal2)
    for deal in (deal1, deal2):
        report = audit_export(client.get(f"/v1/deals/{deal}/export").get_data())
        assert report.ok, report.to_text()
        stored = audits.audit_stored(app.extensions["tricklog.referee"], deal)
        assert stored.ok, stored.to_text()
    scored = client.get(f"/v1/deals/{deal1}/events").get_json()["events"][-1]
    assert scored["data"]["reveal"]["seed"] and "/reveal" in scored["salts"]
    assert "hands" in client.get(f"/v1/deals/{deal1}/replay?at=1").get_json()
