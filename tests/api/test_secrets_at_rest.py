"""No token and no secret at rest outside its own place: after a whole match with replays,
audits, disputes and a registered webhook bot, every Redis key is read back byte by byte.

- seat tokens, invite codes, the creator key, the operator's token and a webhook bot's key:
  nowhere (they are kept as SHA-256 digests only);
- the match secret and nonce: only in the match's meta hash while the match runs (the
  ``ended`` event reveals them afterwards);
- a webhook bot's signing secret: only in the bot registry.

And a replay job made for a seat holds that seat's cards: while the deal runs, only that
seat's token reads its result.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from events import keys
from events.referee import seats
from tests.http import auth, claim_seats, create, move

ADMIN = "operator-token-" + "x" * 40


def every_value(client: redis.Redis) -> Iterator[tuple[str, bytes]]:
    """(key, bytes) for every key and every part of its value, whatever its type."""
    for raw in client.scan_iter(count=500):
        key = raw.decode()
        kind = client.type(raw).decode()
        yield key, raw
        if kind == "string":
            yield key, client.get(raw) or b""
        elif kind == "hash":
            for field, value in client.hgetall(raw).items():
                yield key, field + b"=" + value
        elif kind == "list":
            yield from ((key, v) for v in client.lrange(raw, 0, -1))
        elif kind in ("set", "zset"):
            members = client.smembers(raw) if kind == "set" else client.zrange(raw, 0, -1)
            yield from ((key, v) for v in members)
        elif kind == "stream":
            for _, fields in client.xrange(raw):
                yield from ((key, k + b"=" + v) for k, v in fields.items())


def places(client: redis.Redis, secret: str) -> set[str]:
    needle = secret.encode()
    return {key for key, value in every_value(client) if needle in value}


def play_deal(client: FlaskClient, deal: str, seat_tokens: dict[int, str], moves: int | None,
              rng: random.Random) -> None:
    done = 0
    while moves is None or done < moves:
        turn = client.get(f"/v1/deals/{deal}").get_json()["turn"]
        if turn is None:
            return
        mine = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[turn])).get_json()
        assert move(client, deal, seat_tokens[turn], rng.choice(mine["legal_moves"]),
                    **{"Idempotency-Key": f"k{mine['seq']}"}).status_code == 200
        done += 1


@pytest.fixture
def operator(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRICKLOG_ADMIN_TOKEN", ADMIN)
    monkeypatch.setenv("TRICKLOG_WEBHOOK_ALLOW", "127.0.0.1")


def test_no_token_or_secret_rests_outside_its_place(
        operator: None, client: FlaskClient, app: Flask, redis_client: redis.Redis,
        worker: Callable[[], None]) -> None:
    bot = client.post("/v1/bots", json={"name": "hook", "url": "http://127.0.0.1:9/move"},
                      headers=auth(ADMIN)).get_json()
    created = create(client, players=2, options={"target_stakes": 1}, seed="rest",
                     creator_seat=0)
    handed = [created["creator_key"], *(i["code"] for i in created["invites"])]
    match, deal, seat_tokens = created["id"], created["deal"]["id"], claim_seats(client, created)
    meta = seats.meta(app.extensions["tricklog.referee"], match).fairness
    rng = random.Random(5)
    play_deal(client, deal, seat_tokens, 6, rng)
    for token in (seat_tokens[0], None):  # a seat's replay and a spectator's, mid-deal
        client.post(f"/v1/deals/{deal}/replays", headers=auth(token) if token else {})
    worker()
    running = {key for s in (meta.secret, meta.nonce or "") for key in places(redis_client, s)}
    assert running == {keys.meta_key(match)}
    play_deal(client, deal, seat_tokens, None, rng)
    client.post("/v1/audits", json={"deal_id": deal})
    export = client.get(f"/v1/deals/{deal}/export").get_data(as_text=True)
    client.post("/v1/audits", json={"export": export})
    client.post(f"/v1/deals/{deal}/disputes", json={"message": "recount"},
                headers=auth(seat_tokens[1]))
    client.post(f"/v1/deals/{deal}/replays", headers=auth(seat_tokens[1]))
    worker()
    for secret in [*seat_tokens.values(), *handed, ADMIN, bot["key"]]:
        assert places(redis_client, secret) == set(), secret[:6]
    assert places(redis_client, bot["secret"]) == {keys.bots_key()}
    assert client.get(f"/v1/matches/{match}").get_json()["status"] == "over"


def test_a_seat_replay_of_a_running_deal_is_read_by_that_seat_alone(
        client: FlaskClient, worker: Callable[[], None]) -> None:
    created = create(client, players=2, options={"target_stakes": 1})
    deal, seat_tokens = created["deal"]["id"], claim_seats(client, created)
    rng = random.Random(9)
    play_deal(client, deal, seat_tokens, 4, rng)
    mine = client.post(f"/v1/deals/{deal}/replays", headers=auth(seat_tokens[0])).get_json()
    spectators = client.post(f"/v1/deals/{deal}/replays").get_json()
    worker()
    job = f"/v1/jobs/{mine['id']}"
    assert client.get(job).status_code == 401
    assert client.get(job, headers=auth(seat_tokens[1])).status_code == 403
    result = client.get(job, headers=auth(seat_tokens[0])).get_json()["result"]
    assert result["seat"] == 0 and result["steps"][-1]["state"]["hand"]
    assert client.get(f"/v1/jobs/{spectators['id']}").get_json()["result"]["seat"] is None
    play_deal(client, deal, seat_tokens, None, rng)
    assert client.get(job).status_code == 200  # once the deal is over, everything is public
