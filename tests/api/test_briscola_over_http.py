"""Briscola over HTTP, with a person and bots at the table: whole matches, the turned card in
every view, replay, export and audit (docs/RULES.md §13)."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest
from flask.testing import FlaskClient

from tests.http import auth, claim_seats, create, move

JSONL = {"Accept": "application/jsonl"}


def play(client: FlaskClient, worker: Any, created: dict[str, Any], people: set[int],
         rng: random.Random) -> dict[str, Any]:
    """The people play random legal cards; the bots play when the worker runs their jobs."""
    tokens = claim_seats(client, created)
    for _ in range(400):
        match = client.get(f"/v1/matches/{created['id']}").get_json()
        if match["status"] == "over":
            return match  # type: ignore[no-any-return]
        deal = match["deals"][-1]["id"]
        view = client.get(f"/v1/deals/{deal}").get_json()
        if view["turn"] in people:
            mine = client.get(f"/v1/deals/{deal}", headers=auth(tokens[view["turn"]])).get_json()
            assert mine["public"]["trump_card"][-1] == mine["trump"]
            resp = move(client, deal, tokens[view["turn"]], rng.choice(mine["legal_moves"]))
            assert resp.status_code == 200, resp.get_json()
        else:
            worker()
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(("players", "seats"), [
    (2, [{"name": "me"}, {"name": "bot", "bot": "heuristic"}]),
    (4, [{"name": "me"}, {"name": "b1", "bot": "heuristic"}, {"name": "pal"},
         {"name": "b2", "bot": "random"}]),
])
def test_a_match_with_people_and_bots(client: FlaskClient, worker: Any, players: int,
                                      seats: list[dict[str, str]]) -> None:
    created = create(client, ruleset="briscola", players=players, seats=seats,
                     seed=f"briscola-{players}")
    first = client.get(f"/v1/deals/{created['deal']['id']}").get_json()
    assert first["ruleset"] == "briscola" and first["trump_card"][-1] == first["trump"]
    assert first["stock_size"] == 40 - 3 * players and first["hand"] == []
    people = {s for s, seat in enumerate(seats) if "bot" not in seat}
    match = play(client, worker, created, people, random.Random(players))
    assert match["status"] == "over" and len(match["deals"]) == 1
    deal = match["deals"][0]["id"]
    last = client.get(f"/v1/deals/{deal}").get_json()
    assert last["phase"] == "over" and sum(last["result"]["points"]) == 120
    assert last["result"]["sides"] == ([[0], [1]] if players == 2 else [[0, 2], [1, 3]])
    replayed = client.get(f"/v1/deals/{deal}/replay?at=1").get_json()
    assert replayed["phase"] == "play" and len(replayed["hands"]) == players
    export = client.get(f"/v1/deals/{deal}/export", headers=JSONL).get_data(as_text=True)
    lines = [orjson.loads(line) for line in export.splitlines() if line]
    assert any(line.get("type") == "drew" for line in lines)
    resp = client.post("/v1/audits", json={"deal_id": deal})
    assert resp.status_code == 202
    worker()
    done = client.get(f"/v1/jobs/{resp.get_json()['id']}").get_json()
    assert done["status"] == "finished" and done["result"]["ok"], done["result"]


def test_first_to_target_deal_wins(client: FlaskClient, worker: Any) -> None:
    created = create(client, ruleset="briscola", players=2, options={"target": 2},
                     seats=[{"name": "a"}, {"name": "b"}], seed="briscola-target")
    match = play(client, worker, created, {0, 1}, random.Random(5))
    assert max(match["totals"]) == 2 and len(match["deals"]) >= 2
    assert match["winners"] == [match["totals"].index(2)]


def test_rulesets_publish_how_the_page_shows_it(client: FlaskClient) -> None:
    ruleset = client.get("/v1/rulesets/briscola").get_json()
    assert ruleset["players"] == [2, 4]
    assert ruleset["table"]["ranks"] == ["A", "3", "K", "Q", "J", "7", "6", "5", "4", "2"]
    assert ruleset["table"]["follow"] == "any" and ruleset["table"]["trumps"] == "turned"
    assert ruleset["table"]["clockwise"] is False and ruleset["table"]["target_unit"] == "deal"
