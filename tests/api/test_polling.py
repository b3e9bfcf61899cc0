"""A client that polls a deal: the view's weak ETag, a 304 while nothing changed, a new view
once the deal moves on; one seat's tag never stands for another seat's view."""

from __future__ import annotations

import random

from flask.testing import FlaskClient

from tests.api.test_streams import play
from tests.http import auth, claim_seats, create


def test_a_poller_gets_304_until_the_deal_moves_on(client: FlaskClient) -> None:
    created = create(client, players=2, seed="polling-etag-0123456789abcdef")
    deal, seat_tokens = created["deal"]["id"], claim_seats(client, created)
    first = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[0]))
    tag = first.headers["ETag"]
    assert tag.startswith('W/"') and first.headers["Vary"] == "Authorization"

    same = client.get(f"/v1/deals/{deal}", headers={**auth(seat_tokens[0]), "If-None-Match": tag})
    assert same.status_code == 304 and same.data == b"" and same.headers["ETag"] == tag

    other_seat = client.get(f"/v1/deals/{deal}",
                            headers={**auth(seat_tokens[1]), "If-None-Match": tag})
    assert other_seat.status_code == 200 and other_seat.headers["ETag"] != tag
    spectator = client.get(f"/v1/deals/{deal}", headers={"If-None-Match": tag})
    assert spectator.status_code == 200 and spectator.get_json()["seat"] is None
    assert not spectator.get_json()["hand"]

    play(client, deal, seat_tokens, random.Random(4))
    moved = client.get(f"/v1/deals/{deal}", headers={**auth(seat_tokens[0]), "If-None-Match": tag})
    assert moved.status_code == 200 and moved.headers["ETag"] != tag
    assert moved.get_json()["seq"] == first.get_json()["seq"] + 1


def test_an_unknown_deal_or_token_is_not_hidden_behind_a_304(client: FlaskClient) -> None:
    created = create(client, players=2, seed="polling-errors-0123456789abcdef")
    deal = created["deal"]["id"]
    tag = client.get(f"/v1/deals/{deal}").headers["ETag"]
    assert client.get(f"/v1/deals/{deal}9", headers={"If-None-Match": tag}).status_code == 404
    assert client.get(f"/v1/deals/{deal}", headers={**auth("x" * 40),
                                                     "If-None-Match": tag}).status_code == 403
