"""Small HTTP helpers the API tests share: a seat's Authorization header, creating a match,
claiming its seats (every seat's token by seat), posting a move, playing a match out at
random."""

from __future__ import annotations

import json
import random
import urllib.request
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


def claim_seats(client: FlaskClient, created: dict[str, Any]) -> dict[int, str]:
    """Every person's seat token, by seat: the creator's, and one claim per invite (as each
    invited player would make it). The tokens are kept in ``created["_claimed"]``, so asking
    again gives the same ones."""
    claimed = _claimed(created)
    for invite in created["invites"]:
        if invite["seat"] not in claimed:
            resp = client.post(f"/v1/matches/{created['id']}/seats/{invite['seat']}/claim",
                               json={"code": invite["code"]})
            assert resp.status_code == 201, resp.get_json()
            claimed[invite["seat"]] = resp.get_json()["token"]
    return dict(claimed)


def claim_seats_at(base: str, created: dict[str, Any]) -> dict[int, str]:
    """``claim_seats`` over real HTTP, against the server at ``base`` (``http://host:port``)."""
    claimed = _claimed(created)
    for invite in created["invites"]:
        if invite["seat"] not in claimed:
            req = urllib.request.Request(
                f"{base}/v1/matches/{created['id']}/seats/{invite['seat']}/claim",
                method="POST", data=json.dumps({"code": invite["code"]}).encode(),
                headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(req, timeout=30) as resp:
                claimed[invite["seat"]] = json.load(resp)["token"]
    return dict(claimed)


def _claimed(created: dict[str, Any]) -> dict[int, str]:
    mine = {t["seat"]: t["token"] for t in created["tokens"]}
    return created.setdefault("_claimed", mine)  # type: ignore[no-any-return]


def move(client: FlaskClient, deal: str, token: str, body: dict[str, Any],
         **headers: str) -> Any:
    return client.post(f"/v1/deals/{deal}/moves", json=body, headers={**auth(token), **headers})


def play_randomly(client: FlaskClient, created: dict[str, Any], rng: random.Random) -> dict:
    seat_tokens = claim_seats(client, created)
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
