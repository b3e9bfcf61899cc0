"""Small HTTP helpers the API tests share: a seat's Authorization header, creating a match,
its tokens by seat, posting a move, playing a match out at random."""

from __future__ import annotations

import random
from typing import Any

from flask.testing import FlaskClient


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: FlaskClient, **body: Any) -> dict[str, Any]:
    body.setdefault("ruleset", "sedma")
    players = body.setdefault("players", 4)
    body.setdefault("seats", [{"name": f"P{i}"} for i in range(players)])
    resp = client.post("/v1/matches", json=body)
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()  # type: ignore[no-any-return]


def tokens(created: dict[str, Any]) -> dict[int, str]:
    return {t["seat"]: t["token"] for t in created["tokens"]}


def move(client: FlaskClient, deal: str, token: str, body: dict[str, Any],
         **headers: str) -> Any:
    return client.post(f"/v1/deals/{deal}/moves", json=body, headers={**auth(token), **headers})


def play_randomly(client: FlaskClient, created: dict[str, Any], rng: random.Random) -> dict:
    seat_tokens = tokens(created)
    match_id = created["id"]
    for _ in range(100):
        match = client.get(f"/v1/matches/{match_id}").get_json()
        if match["status"] == "over":
            return match
        deal = match["deals"][-1]["id"]
        view = client.get(f"/v1/deals/{deal}").get_json()
        while view["turn"] is not None:
            mine = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[view["turn"]]))
            choice = rng.choice(mine.get_json()["legal_moves"])
            resp = move(client, deal, seat_tokens[view["turn"]], choice)
            assert resp.status_code == 200, resp.get_json()
            view = resp.get_json()["view"]
    raise AssertionError("the match did not end")
