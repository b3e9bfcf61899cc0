"""Client seeds are committed before any is revealed (issue 26): the match log shows a salted
commitment ``SHA-256(salt || seed)``, never the seed, so no seat picks its seed after seeing
another's; each deal a seed entered reveals the seed and its salt in ``scored`` (an audit
re-checks the deck with them); a seat gives one seed, and none is taken once a deal that used
one is scored. (Before, the seed stood in the public match log at once.)"""

from __future__ import annotations

import copy
import hashlib
import random
from typing import Any

import orjson
from flask import Flask
from flask.testing import FlaskClient

from domain import replay
from events.audit import audit_export
from events.envelope import to_event
from events.referee import audits
from tests.http import auth, claim_seats, create

SEEDS = {0: "alpha-seed", 1: "beta-seed", 2: "gamma-seed"}


def contribute(client: FlaskClient, created: dict[str, Any], seat: int) -> Any:
    return client.post(f"/v1/matches/{created['id']}/seeds", json={"seed": SEEDS[seat]},
                       headers=auth(claim_seats(client, created)[seat]))


def public(client: FlaskClient, created: dict[str, Any], deal: str) -> str:
    """Everything a spectator and seat 3 can read of the match and the deal."""
    seat3 = auth(claim_seats(client, created)[3])
    return orjson.dumps([
        client.get(f"/v1/matches/{created['id']}").get_json(),
        client.get(f"/v1/deals/{deal}/events").get_json(),
        client.get(f"/v1/deals/{deal}/events", headers=seat3).get_json(),
        client.get(f"/v1/deals/{deal}", headers=seat3).get_json()]).decode()


def finish(client: FlaskClient, created: dict[str, Any], deal: str) -> None:
    rng, seat_tokens = random.Random(7), claim_seats(client, created)
    while (turn := client.get(f"/v1/deals/{deal}").get_json()["turn"]) is not None:
        mine = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[turn])).get_json()
        resp = client.post(f"/v1/deals/{deal}/moves", headers=auth(seat_tokens[turn]),
                           json=rng.choice(mine["legal_moves"]))
        assert resp.status_code == 200, resp.get_json()


def opened(commitment: str, revealed: dict[str, str]) -> bool:
    salt = bytes.fromhex(revealed["salt"])
    return len(salt) == 32 and hashlib.sha256(salt + revealed["seed"].encode()).hexdigest() \
        == commitment


def test_client_seeds_are_committed_then_revealed_per_deal(client: FlaskClient,
                                                           app: Flask) -> None:
    seats: list[dict[str, Any]] = [{"name": f"P{i}"} for i in range(4)]
    seats[0]["client_seed"] = SEEDS[0]
    created = create(client, players=4, seats=seats, options={"target_stakes": 5},
                     creator_seat=0)
    first = created["deal"]["id"]
    assert contribute(client, created, 1).status_code == 201  # from deal 2 on
    again = contribute(client, created, 1)
    assert again.status_code == 409
    assert again.get_json()["type"] == "/problems/seed-already-given"
    assert contribute(client, created, 0).status_code == 409  # given at creation
    seen = public(client, created, first)
    assert SEEDS[0] not in seen and SEEDS[1] not in seen
    commitments = {c["seat"]: c["commitment"]
                   for c in client.get(f"/v1/matches/{created['id']}").get_json()["client_seeds"]}
    dealt = client.get(f"/v1/deals/{first}/events").get_json()["events"][0]["data"]
    assert dealt["client_commitments"] == [commitments[0], None, None, None]

    finish(client, created, first)
    scored = client.get(f"/v1/deals/{first}/events").get_json()["events"][-1]["data"]
    revealed = scored["reveal"]["client_seeds"]
    assert revealed[1:] == [None, None, None] and revealed[0]["seed"] == SEEDS[0]
    assert opened(commitments[0], revealed[0])
    report = audit_export(client.get(f"/v1/deals/{first}/export").get_data())
    assert report.ok, report.to_text()
    stored = audits.audit_stored(app.extensions["tricklog.referee"], first)
    assert stored.ok, stored.to_text()

    closed = contribute(client, created, 2)  # seat 0's seed is out: too late to choose
    assert closed.status_code == 409 and closed.get_json()["type"] == "/problems/seeds-closed"
    second = client.get(f"/v1/matches/{created['id']}").get_json()["deals"][1]["id"]
    finish(client, created, second)
    scored = client.get(f"/v1/deals/{second}/events").get_json()["events"][-1]["data"]
    both = scored["reveal"]["client_seeds"]
    assert [b and b["seed"] for b in both] == [SEEDS[0], SEEDS[1], None, None]
    assert opened(commitments[1], both[1])
    report = audit_export(client.get(f"/v1/deals/{second}/export").get_data())
    assert report.ok, report.to_text()


def test_a_revealed_client_seed_must_open_its_commitment(client: FlaskClient) -> None:
    """The re-run holds the seeds ``scored`` reveals to the commitments ``dealt`` made: a
    reveal with another seed (or salt) is found, whatever it would deal."""
    seats: list[dict[str, Any]] = [{"name": "a", "client_seed": "mine"}, {"name": "b"}]
    created = create(client, players=2, seats=seats, options={"target_stakes": 1},
                     creator_seat=0)
    deal = created["deal"]["id"]
    finish(client, created, deal)
    envelopes = client.get(f"/v1/deals/{deal}/export",
                           headers={"Accept": "application/jsonl"}).get_data().splitlines()[1:]
    events = [to_event(orjson.loads(line)) for line in envelopes]
    assert replay.verify(events) is None
    for field, value in (("seed", "other"), ("salt", "00" * 32)):
        forged = copy.deepcopy(events)
        forged[-1].data["reveal"]["client_seeds"][0][field] = value
        mismatch = replay.verify(forged)
        assert mismatch is not None and mismatch.check == "commitment", field
