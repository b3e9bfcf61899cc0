"""A new game needs its family and nothing else: the tiny game of ``tests/tiny_game.py``,
registered through the family contract alone, is served over HTTP with views, redaction and
commitments, bots (random, the heuristic falling back to random, search), replay, export and
audit, by the unchanged API, store and workers."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from rq import SimpleWorker

from api.app import create_app
from domain import registry
from domain.family import OPTIONAL, IncompleteFamily, missing
from events.audit import audit_export
from events.config import Settings
from tests.http import auth, claim_seats
from tests.tiny_game import PRESETS, TINY, Tiny
from workers import runtime


@pytest.fixture
def tiny() -> Iterator[None]:
    registry.register(TINY, PRESETS)
    yield
    registry.unregister(TINY)


@pytest.fixture
def app(tiny: None, redis_client: redis.Redis) -> Iterator[Flask]:
    app = create_app(Settings.from_env(redis_url="unused"), client=redis_client)
    app.test_client_class = FlaskClient  # the tiny game is outside openapi.yaml's contract
    runtime.configure(app.extensions["tricklog.referee"])
    yield app
    runtime.configure(None)


def work(app: Flask, redis_client: redis.Redis) -> None:
    queue = app.extensions["tricklog.queue"]
    SimpleWorker([queue], connection=redis_client, serializer=queue.serializer).work(burst=True)


def test_a_family_lacking_a_part_is_refused_by_name() -> None:
    class Partial:
        name = "partial"
        state = object
        deal_layout = staticmethod(lambda *a: None)

    with pytest.raises(IncompleteFamily, match="'partial' lacks 'check_prearranged'"):
        registry.register(Partial(), {})

    class Undecided(Tiny):
        name = "undecided"
        decision = None  # what a phase asks of the seat to move: required

    with pytest.raises(IncompleteFamily, match="'undecided' lacks 'decision'"):
        registry.register(Undecided(), {})


def test_the_optional_hooks_a_family_lacks_are_named_with_what_it_does_without() -> None:
    """The tiny game has the required hooks and ``resample`` only: ``missing`` tells a newcomer
    what each other hook would enable (docs/ADDING_A_GAME.md)."""
    lacking = missing(TINY)
    assert set(lacking) == set(OPTIONAL) - {"resample"}
    assert "at random" in lacking["heuristic"] and "OpenSpiel" in lacking["bounds"]
    shipped = {p.family.name: missing(p.family) for p in registry.PRESETS.values()}
    assert all("endgame" not in lacks and "solver" not in lacks for lacks in shipped.values())


@pytest.mark.parametrize("bots", [("random", "heuristic"), ("search", "random")])
def test_bots_play_the_tiny_game_to_the_end_and_it_audits(
        app: Flask, redis_client: redis.Redis, bots: tuple[str, str]) -> None:
    client = app.test_client()
    assert "tiny" in [r["id"] for r in client.get("/v1/rulesets").get_json()["rulesets"]]
    created = client.post("/v1/matches", json={"ruleset": "tiny", "seats": [
        {"name": "a", "bot": bots[0]}, {"name": "b", "bot": bots[1]}]}).get_json()
    work(app, redis_client)
    match = client.get(f"/v1/matches/{created['id']}").get_json()
    assert match["status"] == "over" and sum(match["totals"]) == 3
    export = client.get(f"/v1/deals/{created['deal']['id']}/export").get_data(as_text=True)
    assert audit_export(export).ok


def test_a_person_plays_it_over_http_with_every_feed(app: Flask,
                                                     redis_client: redis.Redis) -> None:
    client = app.test_client()
    created = client.post("/v1/matches", json={"ruleset": "tiny", "seats": [
        {"name": "a"}, {"name": "b"}]}).get_json()
    deal, seat_tokens = created["deal"]["id"], claim_seats(client, created)
    hidden_from_spectator(client, deal, seat_tokens)
    rng = random.Random(1)
    while (turn := client.get(f"/v1/deals/{deal}").get_json()["turn"]) is not None:
        mine = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[turn])).get_json()
        moved = client.post(f"/v1/deals/{deal}/moves", headers=auth(seat_tokens[turn]),
                            json=rng.choice(mine["legal_moves"]))
        assert moved.status_code == 200, moved.get_json()
    wrong = client.post(f"/v1/deals/{deal}/moves", headers=auth(seat_tokens[0]),
                        json={"type": "play", "card": "AS"})
    assert wrong.status_code == 409 and wrong.get_json()["rule"] == "deal_over"
    replay = client.get(f"/v1/deals/{deal}/replay?at=2").get_json()
    assert replay["seq"] == 2 and sorted(len(h) for h in replay["hands"]) == [2, 3]
    export = client.get(f"/v1/deals/{deal}/export").get_data(as_text=True)
    assert audit_export(export).ok
    audit = client.post("/v1/audits", json={"deal_id": deal})
    assert audit.status_code == 202
    work(app, redis_client)  # the stored deal's audit job, run: its verdict is the point
    done = client.get(f"/v1/jobs/{audit.get_json()['id']}").get_json()
    assert done["status"] == "finished", done
    assert done["result"]["ok"] and done["result"]["first_error"] is None, done["result"]


def test_the_search_bot_samples_what_a_seat_cannot_see(tiny: None) -> None:
    from domain import game
    from tests.helpers import secret, step

    rules = registry.rules_for("tiny", 2, {})
    state = game.fold(game.new_deal(rules, 1, 1, secret("tiny")))
    state, _ = step(state, 0, {"type": "play", "card": state.hands[0][0]})
    state, _ = step(state, 1, game.legal_moves(state, 1)[0])
    view = game.view(state, state.turn)
    for seed in range(10):
        world = TINY.resample(view, rules, random.Random(seed))
        other = world.hands[1 - view["seat"]]
        assert len(other) == 2 and not set(other) & set(view["hand"] + view["public"]["played"])


def hidden_from_spectator(client: FlaskClient, deal: str, seat_tokens: dict[int, str]
                          ) -> dict[str, Any]:
    """While the deal runs the spectator sees no hand, a seat its own, both every
    commitment."""
    spectator = client.get(f"/v1/deals/{deal}/events").get_json()["events"][0]
    mine = client.get(f"/v1/deals/{deal}/events", headers=auth(seat_tokens[0])).get_json()
    dealt = mine["events"][0]
    assert spectator["data"]["hands"] == [None, None] and dealt["data"]["hands"][1] is None
    assert len(dealt["data"]["hands"][0]) == 3 and list(dealt["salts"]) == ["/hands/0"]
    assert sorted(spectator["commitments"]) == ["/hands/0", "/hands/1", "/stock"]
    return dealt


def test_a_forfeit_closes_a_new_games_deal_with_nothing_of_its_family(tiny: None) -> None:
    """``abandoned`` is every game's: the tiny game's deal ends with no result and verifies."""
    from domain import clock, game, replay
    from tests.helpers import secret

    rules = registry.rules_for("tiny", 2, {})
    log = game.new_deal(rules, 1, 1, secret("tiny"))
    state = game.fold(log)
    log += [clock.timed_out(state.turn, "2026-11-26T07:00:00Z", forfeit=True),
            clock.abandoned(state, state.turn, secret("tiny"))]
    final = game.fold(log)
    assert game.is_over(final) and final.result is None and replay.verify(log) is None
