"""Every Sedma-family preset over HTTP: whole matches, the seed's Sedmice captures, bad options."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from domain import registry
from tests.helpers import arrange
from tests.http import auth, claim_seats, create, move, play_randomly

SHORT = {"sedmice": {"target": 60}, "sedmice-serbian": {"target": 6}, "suster": {
    "target_game_points": 2}, "hola": {"target": 60}, "sueca": {"target": 2},
    "sueca-azores": {"target": 2}, "sueca-brazil": {"target": 2}, "sueca-italiana": {"deals": 2},
    "serbian-whist": {}}


def matches() -> list[tuple[str, int]]:
    return [(pid, n) for pid, p in registry.PRESETS.items() for n in p.players]


@pytest.mark.parametrize(("preset", "players"), matches(),
                         ids=[f"{p}-{n}" for p, n in matches()])
def test_a_whole_match_of_every_preset(client: FlaskClient, preset: str, players: int) -> None:
    names = {o.name for o in registry.PRESETS[preset].options}
    options = SHORT.get(preset, {"target_stakes": 2} if "target_stakes" in names else {})
    created = create(client, ruleset=preset, players=players, options=options,
                     seed=f"{preset}-{players}")
    match = play_randomly(client, created, random.Random(players))
    assert match["status"] == "over" and match["winner"] is not None
    assert len(match["totals"]) == len(match["sides"])
    last = client.get(f"/v1/deals/{match['deals'][-1]['id']}").get_json()
    assert last["phase"] == "over" and len(last["result"]["score"]["match_points"]) == len(
        match["sides"])


SEED_EXAMPLES = [  # RULES.md V-SEDMICE-01..03: (hands, plays, taker seat, cards, points);
    # a play of None is the leader's stop
    ([["8S", "8H"], ["QS"], ["9S"], ["9H"]],
     [(0, "8S"), (1, "QS"), (2, "9S"), (3, "9H")], 0, 4, 0),
    ([["AS", "AH", "7S", "8D"], ["JS", "QS", "10S"], ["8S", "KS", "9S"], ["AD", "7H", "KH"]],
     [(0, "AS"), (1, "JS"), (2, "8S"), (3, "AD"), (0, "AH"), (1, "QS"), (2, "KS"), (3, "7H"),
      (0, "7S"), (1, "10S"), (2, "9S"), (3, "KH")], 0, 12, 40),
    ([["10S", "7S", "8D", "9D"], ["7H", "10H"], ["KS", "JS"], ["JH", "AH"]],
     [(0, "10S"), (1, "7H"), (2, "KS"), (3, "JH"), (0, "7S"), (1, "10H"), (2, "JS"), (3, "AH"),
      (0, None)], 1, 8, 30),  # N holds no 10 and no 7: stop is N's only move, and N is asked
]


@pytest.mark.parametrize(("hands", "plays", "taker", "count", "points"), SEED_EXAMPLES,
                         ids=["V-SEDMICE-01", "V-SEDMICE-02", "V-SEDMICE-03"])
def test_seed_sedmice_captures_over_http(client: FlaskClient, hands: list[list[str]],
                                         plays: list[tuple[int, str | None]], taker: int,
                                         count: int,
                                         points: int) -> None:
    _, dealt = arrange("sedmice", 4, hands)
    deal = {"dealer": 3, "hands": dealt.data["hands"], "stock": dealt.data["stock"]}
    created = create(client, ruleset="sedmice", deal=deal)
    deal_id, seat_tokens = created["deal"]["id"], claim_seats(client, created)
    events: list[dict[str, Any]] = []
    for seat, card in plays:
        body = {"type": "play", "card": card} if card else {"type": "stop"}
        resp = move(client, deal_id, seat_tokens[seat], body)
        assert resp.status_code == 200, resp.get_json()
        events += resp.get_json()["events"]
    taken = next(e for e in events if e["type"] == "trick_taken")
    assert (taken["data"]["seat"], len(taken["data"]["cards"]), taken["data"]["points"]) == (
        taker, count, points)


@pytest.mark.parametrize(("body", "field"), [
    ({"ruleset": "hola", "players": 3}, "players"),
    ({"ruleset": "sedma-3", "players": 3, "options": {"removed_cards": ["AS", "9D"]}},
     "options.removed_cards"),
    ({"ruleset": "sedma-3", "players": 3, "options": {"removed_cards": ["8D"]}},
     "options.removed_cards"),
    ({"ruleset": "sedma", "players": 4, "options": {"burn_tariff": "huge"}}, "options.burn_tariff"),
    ({"ruleset": "sedma", "players": 4, "options": {"burned_hand": "yes"}}, "options.burned_hand"),
    ({"ruleset": "hola", "players": 4, "options": {"target": 5}}, "options.target"),
    ({"ruleset": "sedmice", "players": 4, "options": {"target": "120"}}, "options.target"),
    ({"ruleset": "suster", "players": 2, "options": {"target_stakes": 3}}, "options.target_stakes"),
])
def test_a_bad_option_is_422_naming_it_and_creates_nothing(client: FlaskClient,
                                                           body: dict[str, Any],
                                                           field: str) -> None:
    body["seats"] = [{"name": f"p{i}"} for i in range(body["players"])]
    resp = client.post("/v1/matches", json=body)
    assert resp.status_code == 422 and resp.get_json()["field"] == field  # a dotted path
    errors = resp.get_json()["errors"]
    for part in field.split("."):
        errors = errors[part]  # nested as the body is
    assert isinstance(errors, list) and errors
    assert client.get("/v1/matches").get_json()["matches"] == []


def test_catalogue_documents_every_option(client: FlaskClient) -> None:
    rulesets = {r["id"]: r for r in client.get("/v1/rulesets").get_json()["rulesets"]}
    assert set(rulesets) == set(registry.PRESETS)
    for ruleset in rulesets.values():
        for option in ruleset["options"]:
            assert option["description"] and "default" in option and option["type"]
    hola = {o["name"]: o for o in rulesets["hola"]["options"]}
    assert hola["target"]["default_by_players"] == {"6": 500}


def test_partner_viewing_over_http_hides_hands_from_opponents(client: FlaskClient) -> None:
    created = create(client, ruleset="sedmice", players=4, seed="viewing")
    deal, seat_tokens = created["deal"]["id"], claim_seats(client, created)
    rng = random.Random(5)
    while True:
        view = client.get(f"/v1/deals/{deal}").get_json()
        token = seat_tokens[view["turn"]]
        mine = client.get(f"/v1/deals/{deal}", headers=auth(token)).get_json()
        answer = move(client, deal, token, rng.choice(mine["legal_moves"])).get_json()
        if any(e["type"] == "hands_shown" for e in answer["events"]):
            break
    feed = client.get(f"/v1/deals/{deal}/events", headers=auth(seat_tokens[1])).get_json()
    shown = next(e for e in feed["events"] if e["type"] == "hands_shown")["data"]["hands"]
    assert shown[0] is None and shown[2] is None and shown[1] is not None
    zero = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[0])).get_json()
    two = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[2])).get_json()
    assert zero["partner_hand"] == two["hand"]
    assert "partner_hand" not in client.get(f"/v1/deals/{deal}").get_json()


def test_table_talk_is_heard_by_everyone(client: FlaskClient) -> None:
    """Sedmice with ``table_talk``: seat 1 calls to seat 3 out of turn; every seat's view and
    feed, and the spectator's, show who said which word (RULES.md §4.1: spoken aloud); a bad
    word is a 422, a second call before the next card a 409."""
    created = create(client, ruleset="sedmice", options={"table_talk": True}, seed="talk")
    deal, seat_tokens = created["deal"]["id"], claim_seats(client, created)
    bad = move(client, deal, seat_tokens[1], {"type": "hint", "word": "cheat"})
    assert bad.status_code == 422
    said = move(client, deal, seat_tokens[1], {"type": "hint", "word": "pusti"})
    assert said.status_code == 200, said.get_json()
    again = move(client, deal, seat_tokens[1], {"type": "hint", "word": "ubij"})
    assert again.status_code == 409 and again.get_json()["rule"] == "table_talk"
    said = [{"seat": 1, "word": "pusti", "cards_played": 0}]
    for seat in (3, 0, 2, None):
        headers = auth(seat_tokens[seat]) if seat is not None else {}
        view = client.get(f"/v1/deals/{deal}", headers=headers).get_json()
        assert view["table_talk"]["heard"] == said
        feed = client.get(f"/v1/deals/{deal}/events", headers=headers).get_json()["events"]
        assert [(e["seat"], e["data"]) for e in feed if e["type"] == "hinted"] == [
            (1, {"word": "pusti"})]
