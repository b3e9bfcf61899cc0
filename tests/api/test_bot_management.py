"""Managing webhook bots (issue 31 item 13, issue 32): the operator lists them; the operator
or the bot's owner (the key its registration returned) reads one with its record, rotates its
secret, resumes it and deletes it; nobody else learns anything, not even which ids exist. Why
a fallback was played, and why a bot was suspended, is in the bot's record."""

from __future__ import annotations

import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from events.referee import bots
from tests.http import auth

ADMIN = "operator-token-" + "y" * 40


@pytest.fixture
def operator(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRICKLOG_ADMIN_TOKEN", ADMIN)
    monkeypatch.setenv("TRICKLOG_WEBHOOK_ALLOW", "127.0.0.1")


def register(client: FlaskClient, name: str = "hook") -> dict[str, Any]:
    answer = client.post("/v1/bots", json={"name": name, "url": "http://127.0.0.1:9/move"},
                         headers=auth(ADMIN))
    assert answer.status_code == 201
    return answer.get_json()  # type: ignore[no-any-return]


def test_the_operator_lists_bots_without_their_secrets(operator: None,
                                                       client: FlaskClient) -> None:
    first, second = register(client, "one"), register(client, "two")
    assert client.get("/v1/bots").status_code == 401
    assert client.get("/v1/bots", headers=auth(first["key"])).status_code == 403
    listed = client.get("/v1/bots", headers=auth(ADMIN)).get_json()["bots"]
    assert sorted(b["id"] for b in listed) == sorted([first["id"], second["id"]])
    text = str(listed)
    assert first["secret"] not in text and first["key"] not in text
    assert all(b["status"] == "active" and b["calls"] == 0 for b in listed)


def test_only_the_owner_or_the_operator_manage_a_bot(operator: None,
                                                     client: FlaskClient) -> None:
    mine, theirs = register(client, "mine"), register(client, "theirs")
    path = f"/v1/bots/{mine['id']}"
    assert client.get(path).status_code == 401
    assert client.get(path, headers=auth(theirs["key"])).status_code == 403
    assert client.post(f"{path}/secret", headers=auth(theirs["key"])).status_code == 403
    assert client.delete(path, headers=auth(theirs["key"])).status_code == 403
    # an id that does not exist answers a stranger as one that does: no 404 to probe with
    assert client.get("/v1/bots/wb_0000000000000000",
                      headers=auth(theirs["key"])).status_code == 403
    assert client.get("/v1/bots/wb_0000000000000000", headers=auth(ADMIN)).status_code == 404
    for token in (mine["key"], ADMIN):
        got = client.get(path, headers=auth(token))
        assert got.status_code == 200 and got.get_json()["name"] == "mine"


def test_rotating_the_secret_signs_the_next_calls_with_the_new_one(
        operator: None, client: FlaskClient, app: Flask) -> None:
    bot = register(client)
    rotated = client.post(f"/v1/bots/{bot['id']}/secret", headers=auth(bot["key"]))
    assert rotated.status_code == 200
    secret = rotated.get_json()["secret"]
    assert rotated.get_json()["id"] == bot["id"] and secret != bot["secret"]
    stored = bots.webhook(app.extensions["tricklog.referee"], bot["id"])
    assert stored is not None and stored["secret"] == secret  # what the workers sign with
    assert rotated.get_json()["previous_valid_until"] is None  # the old one: gone at once
    again = client.post(f"/v1/bots/{bot['id']}/secret", headers=auth(ADMIN),
                        json={"previous_valid_for": 600}).get_json()
    assert again["secret"] not in (secret, bot["secret"])
    assert again["previous_valid_until"] > time.time() + 500
    stored = bots.webhook(app.extensions["tricklog.referee"], bot["id"])
    assert stored is not None and stored["previous_secret"] == secret  # signs beside the new
    for bad in ({"previous_valid_for": "600"}, {"previous_valid_for": 86401},
                {"previous_valid_for": -1}, {"keep": 1}):
        refused = client.post(f"/v1/bots/{bot['id']}/secret", headers=auth(ADMIN), json=bad)
        assert refused.status_code == 422, bad


def test_a_deleted_bot_is_gone_and_new_matches_cannot_seat_it(operator: None,
                                                               client: FlaskClient) -> None:
    bot = register(client)
    assert client.delete(f"/v1/bots/{bot['id']}", headers=auth(bot["key"])).status_code == 204
    assert client.get(f"/v1/bots/{bot['id']}", headers=auth(ADMIN)).status_code == 404
    assert client.get(f"/v1/bots/{bot['id']}", headers=auth(bot["key"])).status_code == 403
    assert client.delete(f"/v1/bots/{bot['id']}", headers=auth(ADMIN)).status_code == 404
    created = client.post("/v1/matches", json={
        "ruleset": "sedma", "players": 2,
        "seats": [{"name": "a", "bot": bot["id"]}, {"name": "b", "bot": "random"}]})
    assert created.status_code == 422


def test_failures_are_readable_and_a_suspended_bot_is_refused_then_resumed(
        operator: None, client: FlaskClient, app: Flask) -> None:
    """The worker records each failed call (``workers/webhook_calls.py``); after five in a row
    the bot is suspended with the reason, new matches naming it get 409 ``bot-suspended``,
    and its owner resumes it."""
    referee = app.extensions["tricklog.referee"]
    bot = register(client)
    for seq in range(1, 6):
        failure = {"reason": "timeout", "detail": "TimeoutError: no whole answer",
                   "deal": "m1.1", "seq": seq}
        bots.record(referee, bot["id"], failure, suspend_after=5)
    record = client.get(f"/v1/bots/{bot['id']}", headers=auth(bot["key"])).get_json()
    assert (record["status"], record["calls"], record["fallbacks"]) == ("suspended", 5, 5)
    assert record["suspended"]["reason"].startswith("5 calls in a row failed; the last: timeout")
    assert [e["seq"] for e in record["last_errors"]] == [5, 4, 3, 2, 1]
    seats = [{"name": "a", "bot": bot["id"]}, {"name": "b", "bot": "random"}]
    refused = client.post("/v1/matches", json={"ruleset": "sedma", "players": 2,
                                               "seats": seats})
    assert refused.status_code == 409
    assert refused.get_json()["type"] == "/problems/bot-suspended"
    assert "5 calls in a row failed" in refused.get_json()["detail"]
    resumed = client.post(f"/v1/bots/{bot['id']}/resume", headers=auth(bot["key"]))
    assert resumed.status_code == 200
    assert (resumed.get_json()["status"], resumed.get_json()["failures_in_row"]) == ("active", 0)
    assert client.post("/v1/matches", json={"ruleset": "sedma", "players": 2,
                                            "seats": seats}).status_code == 201


def test_a_success_resets_the_failures_in_a_row(operator: None, client: FlaskClient,
                                                app: Flask) -> None:
    referee = app.extensions["tricklog.referee"]
    bot = register(client)
    failure = {"reason": "error", "detail": "Malformed: x", "deal": "m1.1", "seq": 1}
    for _ in range(4):
        bots.record(referee, bot["id"], failure, suspend_after=5)
    bots.record(referee, bot["id"], None, suspend_after=5)
    bots.record(referee, bot["id"], failure, suspend_after=5)
    record = client.get(f"/v1/bots/{bot['id']}", headers=auth(ADMIN)).get_json()
    assert (record["status"], record["failures_in_row"], record["calls"]) == ("active", 1, 6)
    assert len(record["last_errors"]) == 5
