"""The variants of issue 27 item 5 over HTTP: listed in ``GET /v1/rulesets``, and whist's turned
trump public to every caller from the first view and feed (RULES.md §3.6, §3.12, §6.4, §6.7)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.http import auth, claim_seats, create, move


def options_of(client: FlaskClient, preset: str) -> dict[str, dict[str, Any]]:
    described = client.get(f"/v1/rulesets/{preset}").get_json()
    return {o["name"]: o for o in described["options"]}


def test_every_variant_is_in_the_catalogue(client: FlaskClient) -> None:
    listed = {r["id"]: r for r in client.get("/v1/rulesets").get_json()["rulesets"]}
    assert 3 in listed["sedma-tricks"]["players"] and 3 in listed["sedma-osmova"]["players"]
    whist = options_of(client, "serbian-whist")
    assert whist["trumps"]["choices"] == ["schedule", "turned"]
    assert "penalty_under_zero_over_fives" in whist["scoring"]["choices"]
    assert "plain" in options_of(client, "sedma")["burn_tariff"]["choices"]
    assert options_of(client, "sedma-osmova")["removed_cards"]["default"] == ["9D", "9C"]


def test_three_players_refuse_burning_as_a_problem(client: FlaskClient) -> None:
    resp = client.post("/v1/matches", json={
        "ruleset": "sedma-tricks", "players": 3, "options": {"burn_tariff": "plain"},
        "seats": [{"name": n} for n in "abc"]})
    assert resp.status_code == 422 and resp.get_json()["field"] == "options.burn_tariff"


def test_the_turned_trump_is_public_until_the_dealer_plays_it(client: FlaskClient) -> None:
    created = create(client, ruleset="serbian-whist", players=4, seed="turned",
                     options={"trumps": "turned", "spades_double": True})
    deal, seat_tokens = created["deal"]["id"], claim_seats(client, created)
    spectator = client.get(f"/v1/deals/{deal}").get_json()
    card, dealer = spectator["trump_card"], spectator["dealer"]
    assert card is not None and spectator["trump"] == card[-1]
    dealt = client.get(f"/v1/deals/{deal}/events").get_json()["events"][0]["data"]
    assert dealt["trump_card"] == card and dealt["hands"][dealer] is None
    mine = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[dealer])).get_json()
    assert card in mine["hand"]
    while (view := client.get(f"/v1/deals/{deal}").get_json())["trump_card"] is not None:
        seat = view["turn"]
        legal = client.get(f"/v1/deals/{deal}",
                           headers=auth(seat_tokens[seat])).get_json()["legal_moves"]
        chosen = next((m for m in legal if m.get("card") == card), legal[0])
        assert move(client, deal, seat_tokens[seat], chosen).status_code == 200
    played = client.get(f"/v1/deals/{deal}/events").get_json()["events"]
    assert any(e["type"] == "played" and e["data"]["card"] == card and e["seat"] == dealer
               for e in played)
