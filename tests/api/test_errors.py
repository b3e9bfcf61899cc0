"""Bad input gets a clear problem+json answer, never a 5xx, and never changes a log."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.http import auth, claim_seats, create

PROBLEM = "application/problem+json"


@pytest.fixture
def game(client: FlaskClient) -> dict[str, Any]:
    created = create(client, seed="errors")
    deal = created["deal"]["id"]
    view = client.get(f"/v1/deals/{deal}").get_json()
    return {"deal": deal, "tokens": claim_seats(client, created), "turn": view["turn"],
            "seq": view["seq"], "match": created["id"]}


def seq_of(client: FlaskClient, deal: str) -> int:
    return client.get(f"/v1/deals/{deal}").get_json()["seq"]  # type: ignore[no-any-return]


def post(client: FlaskClient, game: dict[str, Any], body: Any, seat: int | None = None,
         **kw: Any) -> Any:
    seat = game["turn"] if seat is None else seat
    headers = {**auth(game["tokens"][seat]), **kw.pop("headers", {})}
    return client.post(f"/v1/deals/{game['deal']}/moves", json=body, headers=headers, **kw)


def hand(client: FlaskClient, game: dict[str, Any], seat: int) -> list[str]:
    view = client.get(f"/v1/deals/{game['deal']}", headers=auth(game["tokens"][seat]))
    return view.get_json()["hand"]  # type: ignore[no-any-return]


def assert_problem(resp: Any, status: int, slug: str) -> dict[str, Any]:
    assert resp.status_code == status, resp.get_data(as_text=True)
    assert resp.mimetype == PROBLEM
    body = resp.get_json(force=True)
    assert body["type"] == f"/problems/{slug}" and body["status"] == status and body["detail"]
    return body  # type: ignore[no-any-return]


def test_out_of_turn_is_409_naming_the_rule(client: FlaskClient, game: dict[str, Any]) -> None:
    other = (game["turn"] + 1) % 4
    body = assert_problem(post(client, game, {"type": "play", "card": hand(client, game, other)[0]},
                               seat=other), 409, "illegal-move")
    assert body["rule"] == "turn" and body["legal_moves"] == []
    assert seq_of(client, game["deal"]) == game["seq"]


def test_card_not_held_is_409_with_the_legal_moves(client: FlaskClient,
                                                   game: dict[str, Any]) -> None:
    held = hand(client, game, game["turn"])
    missing = next(c for c in ("AS", "AH", "AD", "AC", "KS") if c not in held)
    body = assert_problem(post(client, game, {"type": "play", "card": missing}), 409,
                          "illegal-move")
    assert body["rule"] == "card_not_held"
    assert body["legal_moves"] == [{"type": "play", "card": c} for c in held]
    assert seq_of(client, game["deal"]) == game["seq"]


def test_stale_expected_seq_is_409_with_the_current_seq(client: FlaskClient,
                                                        game: dict[str, Any]) -> None:
    card = hand(client, game, game["turn"])[0]
    body = assert_problem(post(client, game, {"type": "play", "card": card, "expected_seq": 0}),
                          409, "stale-seq")
    assert body["current_seq"] == game["seq"]
    ok = post(client, game, {"type": "play", "card": card, "expected_seq": game["seq"]})
    assert ok.status_code == 200 and ok.get_json()["view"]["seq"] == game["seq"] + 1


@pytest.mark.parametrize(("body", "field"), [
    ({"type": "play"}, "card"),
    ({"type": "play", "card": "1X"}, "card"),
    ({"type": "dance"}, "type"),
    ({"type": "play", "card": "AS", "extra": 1}, "extra"),
    ({"type": "play", "card": "AS", "expected_seq": 1.5}, "expected_seq"),
    ({"type": "play", "card": "AS", "expected_seq": -1}, "expected_seq"),
    ([1, 2], "_schema"),
])
def test_invalid_body_is_422_naming_the_field(client: FlaskClient, game: dict[str, Any],
                                              body: Any, field: str) -> None:
    problem = assert_problem(post(client, game, body), 422, "validation")
    assert problem["field"] == field
    assert seq_of(client, game["deal"]) == game["seq"]


def test_integral_float_is_accepted_as_an_integer(client: FlaskClient,
                                                  game: dict[str, Any]) -> None:
    card = hand(client, game, game["turn"])[0]
    resp = post(client, game, {"type": "play", "card": card, "expected_seq": float(game["seq"])})
    assert resp.status_code == 200


def test_unparseable_json_is_400(client: FlaskClient, game: dict[str, Any]) -> None:
    resp = client.post(f"/v1/deals/{game['deal']}/moves", data=b'{"type": "pl',
                       headers={**auth(game["tokens"][0]), "Content-Type": "application/json"})
    assert_problem(resp, 400, "bad-json")
    deep = b"[" * 100_000 + b"]" * 100_000
    resp = client.post("/v1/matches", data=deep, content_type="application/json")
    assert resp.status_code in (400, 413)


def test_tokens(client: FlaskClient, game: dict[str, Any]) -> None:
    url = f"/v1/deals/{game['deal']}/moves"
    play = {"type": "stop"}
    assert_problem(client.post(url, json=play), 401, "unauthorized")
    assert_problem(client.post(url, json=play, headers={"Authorization": "Basic x"}), 401,
                   "unauthorized")
    assert_problem(client.post(url, json=play, headers=auth("not-a-seat")), 403, "forbidden")
    other = create(client, seed="other")
    assert_problem(client.post(url, json=play, headers=auth(claim_seats(client, other)[0])), 403,
                   "forbidden")
    assert_problem(client.get(f"/v1/deals/{game['deal']}", headers=auth("x")), 403, "forbidden")
    assert seq_of(client, game["deal"]) == game["seq"]


@pytest.mark.parametrize("path", ["/v1/matches/nope", "/v1/deals/nope", "/v1/deals/m0.9",
                                  "/v1/deals/nope/events", "/v1/rulesets/nope", "/v1/nothing"])
def test_unknown_ids_are_404(client: FlaskClient, path: str) -> None:
    assert_problem(client.get(path), 404, "not-found")


def test_oversize_body_is_413(client: FlaskClient, game: dict[str, Any]) -> None:
    resp = post(client, game, {"type": "play", "card": "AS", "pad": "x" * 70_000})
    assert_problem(resp, 413, "too-large")


def test_wrong_method_is_405_with_allow(client: FlaskClient) -> None:
    resp = client.delete("/v1/matches")
    assert_problem(resp, 405, "method-not-allowed")
    assert "POST" in resp.headers["Allow"]


def test_repeated_idempotency_key_returns_the_first_answer(client: FlaskClient,
                                                           game: dict[str, Any]) -> None:
    card = hand(client, game, game["turn"])[0]
    first = post(client, game, {"type": "play", "card": card}, headers={"Idempotency-Key": "k1"})
    again = post(client, game, {"type": "play", "card": card}, headers={"Idempotency-Key": "k1"})
    assert first.status_code == again.status_code == 200
    assert first.get_json() == again.get_json()
    assert seq_of(client, game["deal"]) == game["seq"] + 1


@pytest.mark.parametrize(("body", "field"), [
    ({"ruleset": "sedma", "players": 3, "seats": [{"name": "a"}] * 3}, "players"),
    ({"ruleset": "sedma", "players": 2, "seats": [{"name": "a"}] * 3}, "seats"),
    ({"ruleset": "sedma", "players": 2, "seats": [{"name": "a"}] * 2, "options": {"x": 1}},
     "options.x"),
    ({"ruleset": "whist", "seats": [{"name": "a"}] * 2}, "ruleset"),
    ({"ruleset": "sedma", "players": 2, "seats": [{"name": "a", "bot": "genius"}] * 2},
     "seats.0.bot"),
    ({"ruleset": "sedma", "players": 2, "seats": [{"name": "a"}] * 2,
      "deal": {"dealer": 0, "hands": [["AS"] * 4, ["AS"] * 4], "stock": []}}, "deal.hands"),
    ({"ruleset": "sedma", "players": 2, "seats": [{"name": "a"}] * 2, "seed": "s",
      "deal": {"dealer": 0, "hands": [[], []], "stock": []}}, "deal"),
    ({"ruleset": "sedma", "players": 2, "seats": [{"name": "a"}] * 2,
      "deal": {"dealer": 0, "hands": [], "stock": []}}, "deal.hands"),
])
def test_bad_match_bodies_are_422(client: FlaskClient, body: dict[str, Any], field: str) -> None:
    problem = assert_problem(client.post("/v1/matches", json=body), 422, "validation")
    assert problem["field"] == field
    assert client.get("/v1/matches").get_json()["matches"] == []


@pytest.mark.parametrize("name", ["Ana\n", "a\tb", "Bo\x00", "\x7fx", "a\u202eb", "\u200b",
                                  " Ana", "Ana ", "x" * 65, ""])
def test_a_seat_name_people_cannot_read_is_422_naming_it(client: FlaskClient, name: str) -> None:
    body = {"ruleset": "sedma", "players": 2, "seats": [{"name": "Ana"}, {"name": name}]}
    problem = assert_problem(client.post("/v1/matches", json=body), 422, "validation")
    assert problem["field"] == "seats.1.name"
    assert client.get("/v1/matches").get_json()["matches"] == []


def test_a_bot_name_people_cannot_read_is_422_naming_it(client: FlaskClient) -> None:
    body = {"name": "bot\r\nX-Evil: 1", "url": "http://127.0.0.1:9/"}
    problem = assert_problem(client.post("/v1/bots", json=body), 422, "validation")
    assert problem["field"] == "name"


def test_names_with_markup_and_any_script_are_kept_as_given(client: FlaskClient) -> None:
    """Names are text: markup characters and any alphabet pass; the page shows them as text."""
    names = ["<img src=x onerror=alert(1)>", "Ana María 😀", "Đorđe", "x" * 64]
    seats = [{"name": n} for n in names]
    created = client.post("/v1/matches", json={"ruleset": "sedma", "players": 4, "seats": seats})
    assert created.status_code == 201
    assert [s["name"] for s in created.get_json()["seats"]] == names


def test_catalogue_lists_sedma_with_its_options(client: FlaskClient) -> None:
    rulesets = client.get("/v1/rulesets").get_json()["rulesets"]
    sedma = next(r for r in rulesets if r["id"] == "sedma")
    assert sedma["players"] == [2, 4]
    names = {o["name"]: o for o in sedma["options"]}
    assert names["target_stakes"]["default"] == 5
    assert client.get("/v1/rulesets/sedma").get_json()["id"] == "sedma"


def test_service_pages(client: FlaskClient) -> None:
    assert client.get("/healthz").get_json() == {"status": "ok", "store": "up"}
    assert b"swagger-ui" in client.get("/docs").data
    assert client.get("/docs/ui/swagger-ui-bundle.js").status_code == 200
    assert client.get("/openapi.json").get_json()["openapi"].startswith("3.1")
