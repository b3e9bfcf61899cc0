"""Sueca over HTTP: the peer vectors as prearranged deals, and the hidden partner."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest
from flask.testing import FlaskClient

from domain import game, registry
from tests.http import auth, claim_seats, create, move
from tests.vectors import load

VECTORS = load("sueca-peer-deals.jsonl")


@pytest.mark.parametrize("vector", VECTORS, ids=[f"deal{i}" for i in range(len(VECTORS))])
def test_sueca_vector_over_http(client: FlaskClient, vector: dict[str, Any]) -> None:
    rules = registry.rules_for("sueca", 4, {})
    hands, _ = game.family_of(rules).deal_layout(rules, vector["deck_top_first"], 3)
    created = create(client, ruleset="sueca", deal={
        "dealer": 3, "hands": hands, "stock": [], "trump_card": vector["trump_card"]})
    deal, seat_tokens = created["deal"]["id"], claim_seats(client, created)
    view = client.get(f"/v1/deals/{deal}").get_json()
    assert view["trump"] == vector["trump_card"][-1] and view["trump_card"] == vector["trump_card"]
    leaders = []
    for seat, card in vector["plays"]:
        view = client.get(f"/v1/deals/{deal}").get_json()
        if not view["table"]:
            leaders.append(view["turn"])
        resp = move(client, deal, seat_tokens[seat], {"type": "play", "card": card})
        assert resp.status_code == 200, resp.get_json()
    assert leaders == vector["trick_leaders"]
    result = client.get(f"/v1/deals/{deal}").get_json()["result"]
    assert result["points"] == [vector["points_team_02"], vector["points_team_13"]]


def test_a_trump_card_must_be_the_dealers(client: FlaskClient) -> None:
    rules = registry.rules_for("sueca", 4, {})
    hands, _ = game.family_of(rules).deal_layout(rules, list(rules.pack()), 3)
    resp = client.post("/v1/matches", json={
        "ruleset": "sueca", "seats": [{"name": "p"}] * 4,
        "deal": {"dealer": 3, "hands": hands, "stock": [], "trump_card": hands[0][0]}})
    assert resp.status_code == 422 and resp.get_json()["field"] == "deal.trump_card"


def test_the_called_cards_holder_stays_hidden_until_it_is_played(client: FlaskClient) -> None:
    created = create(client, ruleset="sueca-italiana", players=5, seed="hidden-partner")
    deal, seat_tokens = created["deal"]["id"], claim_seats(client, created)
    rng = random.Random(2)
    revealed = False
    while True:
        view = client.get(f"/v1/deals/{deal}").get_json()
        if view["turn"] is None:
            break
        seat = view["turn"]
        mine = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[seat])).get_json()
        choice = rng.choice([m for m in mine["legal_moves"] if m["type"] != "lead"]
                            or mine["legal_moves"])
        if choice["type"] == "bid":
            choice = {"type": "pass"} if {"type": "pass"} in mine["legal_moves"] else {
                "type": "bid", "value": 61}
        if choice["type"] == "call":
            choice = {"type": "call", "card": "AH"}
        answer = move(client, deal, seat_tokens[seat], choice).get_json()
        revealed = revealed or any(e["type"] == "partner_revealed" for e in answer["events"])
        if not revealed:
            for other in range(5):
                seen = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[other]))
                assert seen.get_json()["partner"] is None
                feed = client.get(f"/v1/deals/{deal}/events", headers=auth(seat_tokens[other]))
                assert b'"partner":' not in orjson.dumps(feed.get_json())
    assert revealed
    result = client.get(f"/v1/deals/{deal}").get_json()["result"]
    assert sum(result["points"]) == 120 and result["score"]["bid"] == 61


def test_a_weak_hand_asks_for_a_redeal_out_of_turn(client: FlaskClient) -> None:
    from events.audit import audit_export
    from tests.unit.test_sueca_redeal import WEAK_HANDS

    created = create(client, ruleset="sueca-brazil", options={"weak_hand_redeal": True},
                     deal={"dealer": 3, "hands": WEAK_HANDS, "stock": []})
    deal, seat_tokens = created["deal"]["id"], claim_seats(client, created)
    refused = move(client, deal, seat_tokens[2], {"type": "redeal"})
    assert refused.status_code == 409 and refused.get_json()["rule"] == "redeal"
    mine = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[1])).get_json()
    assert mine["turn"] == 0 and mine["legal_moves"] == [{"type": "redeal"}]
    assert move(client, deal, seat_tokens[1], {"type": "redeal"}).status_code == 200
    match = client.get(f"/v1/matches/{created['id']}").get_json()
    assert match["totals"] == [0, 0] and [d["dealer"] for d in match["deals"]] == [3, 3]
    export = client.get(f"/v1/deals/{deal}/export").get_data(as_text=True)
    assert audit_export(export).ok
