"""Seats belong to their players (issue 26, item 3). The creator of a match holds its own seat's
token, one single-use invite per other seat a person plays and the creator key: with all of
them it still cannot see another seat's hand or move for it; bot seats have no token at all;
a claimed invite is worth nothing to the creator; a player who leaves takes the seat's power
with them."""

from __future__ import annotations

from typing import Any

import redis
from flask import Flask
from flask.testing import FlaskClient

from events import keys
from events.referee import seats
from tests.helpers import cards_in
from tests.http import auth, claim_seats, create, move

FOUR = [{"name": "Ana"}, {"name": "Bo"}, {"name": "Cy", "bot": "random"}, {"name": "Di"}]


def claim(client: FlaskClient, match: str, seat: int, code: str, **extra: Any) -> Any:
    return client.post(f"/v1/matches/{match}/seats/{seat}/claim", json={"code": code, **extra})


def kind(resp: Any) -> str:
    return str(resp.get_json()["type"]).removeprefix("/problems/")


def everything_the_creator_holds(created: dict[str, Any]) -> list[str]:
    return [*(t["token"] for t in created["tokens"]), *(i["code"] for i in created["invites"]),
            created["creator_key"]]


def test_the_creator_gets_its_own_token_and_an_invite_per_other_person(
        client: FlaskClient) -> None:
    created = create(client, seats=FOUR, seed="own", creator_seat=1)
    assert [t["seat"] for t in created["tokens"]] == [1]
    match = created["id"]
    assert [(i["seat"], i["link"]) for i in created["invites"]] == [
        (s, f"/?match={match}&seat={s}&invite={i['code']}")
        for s, i in zip((0, 3), created["invites"], strict=True)]
    assert created["creator_key"] and created["seated"] == [1]
    watching = create(client, seats=FOUR, seed="watch")
    assert watching["tokens"] == [] and [i["seat"] for i in watching["invites"]] == [0, 1, 3]


def test_no_token_or_invite_is_ever_issued_for_a_bot_seat(client: FlaskClient) -> None:
    created = create(client, seats=FOUR, seed="bots", creator_seat=0)
    assert 2 not in {t["seat"] for t in created["tokens"]} | {i["seat"] for i in
                                                               created["invites"]}
    match = created["id"]
    resp = claim(client, match, 2, created["invites"][0]["code"])
    assert resp.status_code == 403 and kind(resp) == "seat-is-a-bot"
    resp = client.post(f"/v1/matches/{match}/seats/2/invite",
                       headers=auth(created["creator_key"]))
    assert resp.status_code == 403 and kind(resp) == "seat-is-a-bot"
    refused = client.post("/v1/matches", json={"ruleset": "sedma", "seats": FOUR,
                                               "creator_seat": 2})
    assert refused.status_code == 422 and refused.get_json()["field"] == "creator_seat"
    beyond = client.post("/v1/matches", json={"ruleset": "sedma", "seats": FOUR,
                                              "creator_seat": 5})
    assert beyond.status_code == 422 and beyond.get_json()["field"] == "creator_seat"


def test_the_creator_cannot_view_or_move_for_a_seat_it_did_not_claim(
        client: FlaskClient) -> None:
    created = create(client, seed="creator", creator_seat=0)  # four people
    deal, held = created["deal"]["id"], everything_the_creator_holds(created)
    tokens = claim_seats(client, created)  # each invited player claims its seat
    if client.get(f"/v1/deals/{deal}").get_json()["turn"] == 0:  # let another seat be to act
        mine = client.get(f"/v1/deals/{deal}", headers=auth(tokens[0])).get_json()
        assert move(client, deal, tokens[0], mine["legal_moves"][0]).status_code == 200
    spectator = client.get(f"/v1/deals/{deal}").get_json()
    turn = spectator["turn"]
    hidden = {card for seat, token in tokens.items() if seat != 0 for card in client.get(
        f"/v1/deals/{deal}", headers=auth(token)).get_json()["hand"]}
    legal = client.get(f"/v1/deals/{deal}", headers=auth(tokens[turn])).get_json()["legal_moves"]
    for secret in held:
        for path in (f"/v1/deals/{deal}", f"/v1/deals/{deal}/events",
                     f"/v1/deals/{deal}/replay?at={spectator['seq']}"):
            seen = client.get(path, headers=auth(secret))
            assert seen.status_code == 403 or seen.get_json().get("seat", 0) == 0, path
            assert not cards_in(seen.get_json()) & hidden, path
        for choice in legal:
            assert move(client, deal, secret, choice).status_code in (403, 409)
    assert client.get(f"/v1/deals/{deal}").get_json()["seq"] == spectator["seq"]


def test_a_claimed_invite_is_worthless_to_the_creator(client: FlaskClient) -> None:
    created = create(client, seats=FOUR, seed="worthless", creator_seat=0)
    match, invite = created["id"], created["invites"][0]
    first = claim(client, match, invite["seat"], invite["code"])
    assert first.status_code == 201 and first.get_json()["seat"] == invite["seat"]
    again = claim(client, match, invite["seat"], invite["code"])
    assert again.status_code == 409 and kind(again) == "invite-used"
    wrong = claim(client, match, invite["seat"], "not-the-code")
    assert wrong.status_code == 403 and kind(wrong) == "invite-invalid"
    other_seat = claim(client, match, created["invites"][1]["seat"], invite["code"])
    assert other_seat.status_code == 403 and kind(other_seat) == "invite-invalid"
    taken = client.post(f"/v1/matches/{match}/seats/{invite['seat']}/invite",
                        headers=auth(created["creator_key"]))
    assert taken.status_code == 409 and kind(taken) == "seat-taken"
    for path in ("/v1/matches/nope/seats/0/claim", f"/v1/matches/{match}/seats/4/claim"):
        assert client.post(path, json={"code": invite["code"]}).status_code == 404


def test_a_left_seats_token_stops_working_and_the_seat_can_be_invited_again(
        client: FlaskClient) -> None:
    created = create(client, seats=FOUR, seed="leave", creator_seat=0)
    match, deal, key = created["id"], created["deal"]["id"], created["creator_key"]
    tokens = claim_seats(client, created)
    leave = f"/v1/matches/{match}/seats/3/leave"
    assert client.post(leave).status_code == 401
    assert client.post(leave, headers=auth(tokens[1])).status_code == 403  # not seat 3's
    assert client.post(leave, headers=auth(tokens[3])).get_json() == {"seat": 3}
    assert client.get(f"/v1/deals/{deal}", headers=auth(tokens[3])).status_code == 403
    moved = client.post(f"/v1/deals/{deal}/moves", json={"type": "stop"},
                        headers=auth(tokens[3]))
    assert moved.status_code == 403 and kind(moved) == "forbidden"
    assert client.post(leave, headers=auth(tokens[3])).status_code == 403
    assert client.get(f"/v1/matches/{match}").get_json()["seated"] == [0, 1]
    invite = f"/v1/matches/{match}/seats/3/invite"
    assert client.post(invite).status_code == 401
    assert client.post(invite, headers=auth(tokens[0])).status_code == 403
    first = client.post(invite, headers=auth(key)).get_json()
    second = client.post(invite, headers=auth(key)).get_json()  # voids the first code
    assert second["link"] == f"/?match={match}&seat=3&invite={second['code']}"
    assert kind(claim(client, match, 3, first["code"])) == "invite-invalid"
    assert kind(claim(client, match, 3, created["invites"][-1]["code"])) == "invite-used"
    back = claim(client, match, 3, second["code"], client_seed="back again").get_json()
    assert client.get(f"/v1/deals/{deal}", headers=auth(back["token"])).get_json()["seat"] == 3
    got = client.get(f"/v1/matches/{match}").get_json()
    assert got["seated"] == [0, 1, 3]
    assert [(c["seat"], c["from_deal"]) for c in got["client_seeds"]] == [(3, 2)]
    assert "back again" not in str(got)  # committed, not shown
    assert client.get(f"/v1/matches/{match}/sheet").status_code == 200


def test_claims_and_leaves_are_public_events_without_secrets(
        client: FlaskClient, app: Flask, redis_client: redis.Redis) -> None:
    created = create(client, seats=FOUR, seed="public", creator_seat=0)
    tokens = claim_seats(client, created)
    client.post(f"/v1/matches/{created['id']}/seats/1/leave", headers=auth(tokens[1]))
    stream = app.extensions["tricklog.referee"].store.read("match", created["id"])
    moves = [(e["type"], e["data"]) for e in stream if e["type"].startswith("seat_")]
    assert moves == [("seat_claimed", {"seat": 0}), ("seat_claimed", {"seat": 1}),
                     ("seat_claimed", {"seat": 3}), ("seat_left", {"seat": 1})]
    raw = b"".join(fields[b"e"] for _, fields in redis_client.xrange(
        keys.stream_key("match", created["id"])))
    for secret in [*tokens.values(), *everything_the_creator_holds(created)]:
        assert secret.encode() not in raw


def test_a_bot_seats_token_from_before_invites_is_refused(
        client: FlaskClient, redis_client: redis.Redis) -> None:
    """Matches made before invites kept a token digest for every seat, bots' too: such a
    token neither views nor moves in the bot's name."""
    created = create(client, seats=FOUR, seed="legacy", creator_seat=0)
    old = "an-old-token-of-the-bot-seat"
    redis_client.hset(keys.meta_key(created["id"]), "token:2", seats.token_digest(old))
    deal = created["deal"]["id"]
    view = client.get(f"/v1/deals/{deal}", headers=auth(old))
    assert view.status_code == 403 and kind(view) == "seat-is-a-bot"
    moved = client.post(f"/v1/deals/{deal}/moves", json={"type": "stop"}, headers=auth(old))
    assert moved.status_code == 403 and kind(moved) == "seat-is-a-bot"
