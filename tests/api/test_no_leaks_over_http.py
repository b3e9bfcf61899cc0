"""No endpoint shows a caller a card it may not know: for a random deal of every preset, at
regular points, the deal view, the event feed and the replay are read as a spectator and as
every seat, and every card in them must be one that caller has seen."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest
from flask.testing import FlaskClient

from domain import registry
from tests.helpers import cards_in
from tests.http import auth, claim_seats, create

PRESETS = [(pid, n) for pid, p in registry.PRESETS.items() for n in p.players]
EVERY = 7  # check after every 7th move


def known_by(events: list[dict[str, Any]], seat: int | None, sides: list[list[int]]
             ) -> set[str]:
    """Cards ``seat`` has seen: its own dealt and drawn cards, everything played or called,
    public options and trump cards, and its partnership's shown hands."""
    seen: set[str] = set()
    for e in events:
        data = e["data"]
        if e["type"] == "dealt":
            seen |= cards_in(data["options"]) | cards_in(data.get("trump_card"))
            if seat is not None:
                seen |= set(data["hands"][seat])
        elif e["type"] == "drew":
            seen |= {d["card"] for d in data["draws"] if d["seat"] == seat}
        elif e["type"] in ("played", "continued", "card_called"):
            seen |= cards_in(data.get("card"))
        elif e["type"] == "hands_shown" and seat is not None:
            mine = next(side for side in sides if seat in side)
            seen |= {c for s, h in enumerate(data["hands"]) if s in mine for c in h}
    return seen


@pytest.mark.parametrize(("preset", "players"), PRESETS, ids=[f"{p}-{n}" for p, n in PRESETS])
def test_no_endpoint_leaks_a_hidden_card(client: FlaskClient, app: Any, preset: str,
                                         players: int) -> None:
    created = create(client, ruleset=preset, players=players, seed=f"leak-{preset}")
    deal, seat_tokens = created["deal"]["id"], claim_seats(client, created)
    referee = app.extensions["tricklog.referee"]
    rng = random.Random(players)
    callers: list[int | None] = [None, *range(players)]
    moves = 0
    while True:
        view = client.get(f"/v1/deals/{deal}").get_json()
        if view["turn"] is None:
            break
        if moves % EVERY == 0:
            whole = referee.store.read("deal", deal)  # the server's own, unredacted log
            for caller in callers:
                headers = auth(seat_tokens[caller]) if caller is not None else {}
                allowed = known_by(whole, caller, created["sides"])
                for path in (f"/v1/deals/{deal}", f"/v1/deals/{deal}/events",
                             f"/v1/deals/{deal}/replay?at={view['seq']}"):
                    body = client.get(path, headers=headers).get_json()
                    if "legal_moves" in body:  # calling any card of the pack reveals nothing
                        body["legal_moves"] = [m for m in body["legal_moves"]
                                               if m["type"] != "call"]
                    leaked = cards_in(body) - allowed
                    assert not leaked, (caller, path, sorted(leaked))
                    if preset == "sedma-king":
                        assert b'"solo"' not in orjson.dumps(body)
                stream = client.get(f"/v1/deals/{deal}/stream", headers=headers)
                frame = next(iter(stream.response))  # the first frame: the caller's whole view
                stream.close()
                view_frame = orjson.loads(frame.split(b"data: ", 1)[1])
                view_frame["legal_moves"] = [m for m in view_frame["legal_moves"]
                                             if m["type"] != "call"]
                assert not cards_in(view_frame) - allowed, (caller, "stream")
                if caller is not None:  # an illegal move's error lists only the caller's moves
                    error = client.post(f"/v1/deals/{deal}/moves", headers=headers,
                                        json={"type": "bid", "value": 200})  # never legal
                    assert error.status_code == 409
                    body = error.get_json()
                    body["legal_moves"] = [m for m in body["legal_moves"] if m["type"] != "call"]
                    assert not cards_in(body) - allowed, (caller, "error")
        token = seat_tokens[view["turn"]]
        mine = client.get(f"/v1/deals/{deal}", headers=auth(token)).get_json()
        resp = client.post(f"/v1/deals/{deal}/moves", json=rng.choice(mine["legal_moves"]),
                           headers=auth(token))
        assert resp.status_code == 200
        moves += 1
