"""Serbian whist over HTTP: the hook rule as a 409, and the score sheet of a whole match."""

from __future__ import annotations

import csv
import io
import random

from flask.testing import FlaskClient

from tests.http import auth, claim_seats, create, move, play_randomly


def test_the_dealers_forbidden_bid_is_a_409_naming_the_hook_rule(client: FlaskClient) -> None:
    created = create(client, ruleset="serbian-whist", players=4, seed="hook")
    deal, seat_tokens = created["deal"]["id"], claim_seats(client, created)
    view = client.get(f"/v1/deals/{deal}").get_json()
    dealer = view["dealer"]
    for _ in range(3):
        seat = client.get(f"/v1/deals/{deal}").get_json()["turn"]
        assert move(client, deal, seat_tokens[seat], {"type": "bid", "value": 3}).status_code == 200
    dealer_view = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[dealer])).get_json()
    assert dealer_view["forbidden_bid"] == 4
    assert {"type": "bid", "value": 4} not in dealer_view["legal_moves"]
    resp = move(client, deal, seat_tokens[dealer], {"type": "bid", "value": 4})
    problem = resp.get_json()
    assert resp.status_code == 409 and problem["rule"] == "hook"
    assert problem["legal_moves"] == dealer_view["legal_moves"]


def test_a_whole_28_hand_match_and_its_score_sheet(client: FlaskClient) -> None:
    created = create(client, ruleset="serbian-whist", players=4, seed="sheet",
                     seats=[{"name": n} for n in ("Igor", "Jovana", "Dunja", "Dušan")])
    match = play_randomly(client, created, random.Random(28))
    assert match["status"] == "over" and len(match["deals"]) == 28
    sheet = client.get(f"/v1/matches/{created['id']}/sheet").get_json()
    assert [h["cards"] for h in sheet["hands"]] == [
        13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]
    assert [h["trump"] for h in sheet["hands"][:6]] == ["S", "D", "H", "C", "NT", "S"]
    for hand in sheet["hands"]:
        assert sum(hand["tricks"]) == hand["cards"]
        assert sum(hand["bids"]) != hand["cards"]
    assert sheet["totals"] == match["totals"] and sheet["players"][0] == "Igor"
    rows = list(csv.reader(io.StringIO(client.get(
        f"/v1/matches/{created['id']}/sheet", headers={"Accept": "text/csv"}).get_data(
        as_text=True))))
    assert rows[0][:5] == ["hand", "cards", "trump", "Igor bid", "Igor total"] and len(rows) == 29
    plain = client.get(f"/v1/matches/{created['id']}/sheet", headers={"Accept": "text/plain"})
    assert plain.mimetype == "text/plain" and "Dušan" in plain.get_data(as_text=True)
