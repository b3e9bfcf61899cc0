"""Strict input (issue 32, item 12; the integrators' issue too): integers are JSON integers
(no strings, no fullwidth digits), a name has a visible character and nothing invisible, and a
body that is not JSON by its Content-Type is 415. Nothing refused changes a log."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.test_errors import assert_problem, hand, post, seq_of
from tests.http import auth, claim_seats, create


@pytest.fixture
def game(client: FlaskClient) -> dict[str, Any]:
    created = create(client, seed="strict")
    deal = created["deal"]["id"]
    view = client.get(f"/v1/deals/{deal}").get_json()
    return {"deal": deal, "tokens": claim_seats(client, created), "turn": view["turn"],
            "seq": view["seq"]}


@pytest.mark.parametrize("value", ["1", "２", "1 ", "0x1", "١"])
def test_an_expected_seq_that_is_a_string_is_422(client: FlaskClient, game: dict[str, Any],
                                                 value: str) -> None:
    card = hand(client, game, game["turn"])[0]
    body = {"type": "play", "card": card, "expected_seq": value.replace("1", str(game["seq"]))
            if value.isascii() else value}
    problem = assert_problem(post(client, game, body), 422, "validation")
    assert problem["field"] == "expected_seq"
    assert seq_of(client, game["deal"]) == game["seq"]


@pytest.mark.parametrize("value", ["２", "2", "４", "2.0"])
def test_players_that_is_a_string_is_422(client: FlaskClient, value: str) -> None:
    body = {"ruleset": "sedma", "players": value, "seats": [{"name": "a"}, {"name": "b"}]}
    problem = assert_problem(client.post("/v1/matches", json=body), 422, "validation")
    assert problem["field"] == "players"
    assert client.get("/v1/matches").get_json()["matches"] == []


INVISIBLE_NAMES = {
    "nbsp": "\u00a0", "nbsp-nbsp": "\u00a0\u00a0", "ideographic-space": "\u3000\u3000",
    "hangul-filler": "\u3164", "hangul-filler-inside": "A\u3164B",
    "halfwidth-hangul-filler": "\uffa0", "braille-blank": "\u2800\u2800",
    "tags": "\U000e0041\U000e0042", "tag-inside": "Ana\U000e0001",
    "combining-mark": "\u0301", "combining-marks": "\u0301\u0302",
    "variation-selector": "\ufe0f", "leading-nbsp": "\u00a0Ana", "trailing-em-space": "Ana\u2003",
    "grapheme-joiner": "\u034f",
}


@pytest.mark.parametrize("name", INVISIBLE_NAMES.values(), ids=INVISIBLE_NAMES.keys())
def test_a_name_without_a_visible_character_or_with_an_invisible_one_is_422(
        client: FlaskClient, name: str) -> None:
    body = {"ruleset": "sedma", "players": 2, "seats": [{"name": "Ana"}, {"name": name}]}
    problem = assert_problem(client.post("/v1/matches", json=body), 422, "validation")
    assert problem["field"] == "seats.1.name"
    bot = assert_problem(client.post("/v1/bots", json={"name": name,
                                                      "url": "http://127.0.0.1:9/"}),
                         422, "validation")
    assert bot["field"] == "name"
    assert client.get("/v1/matches").get_json()["matches"] == []


def test_names_with_marks_spaces_and_emoji_inside_are_kept() -> None:
    """What people write still passes: a base letter with combining accents, a no-break space
    inside, an emoji with its variation selector, a one-letter name."""
    from api import schemas
    for name in ["Jose\u0301", "Ana\u00a0María", "\u2764\ufe0f Bo", "X", "山田\u3000花子"]:
        assert schemas.SeatIn().load({"name": name})["name"] == name


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded",
                                  "multipart/form-data; boundary=x", "application/jsonx"])
def test_a_move_that_is_not_json_by_its_content_type_is_415(client: FlaskClient,
                                                            game: dict[str, Any],
                                                            kind: str) -> None:
    card = hand(client, game, game["turn"])[0]
    resp = client.post(f"/v1/deals/{game['deal']}/moves",
                       data=f'{{"type": "play", "card": "{card}"}}',
                       headers={**auth(game["tokens"][game["turn"]]), "Content-Type": kind})
    assert_problem(resp, 415, "unsupported-media-type")
    assert seq_of(client, game["deal"]) == game["seq"]


def test_a_match_body_without_a_json_content_type_is_415(client: FlaskClient) -> None:
    data = '{"ruleset": "sedma", "players": 2, "seats": [{"name": "a"}, {"name": "b"}]}'
    assert_problem(client.post("/v1/matches", data=data, content_type="text/plain"), 415,
                   "unsupported-media-type")
    assert_problem(client.post("/v1/matches", data=data), 415, "unsupported-media-type")
    assert client.get("/v1/matches").get_json()["matches"] == []


@pytest.mark.parametrize("kind", ["application/json; charset=utf-8", "Application/JSON",
                                  "application/problem+json"])
def test_json_content_types_are_read(client: FlaskClient, game: dict[str, Any],
                                     kind: str) -> None:
    card = hand(client, game, game["turn"])[0]
    resp = client.post(f"/v1/deals/{game['deal']}/moves",
                       data=f'{{"type": "play", "card": "{card}"}}',
                       headers={**auth(game["tokens"][game["turn"]]), "Content-Type": kind})
    assert resp.status_code == 200, resp.get_json()
