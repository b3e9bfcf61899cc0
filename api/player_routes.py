"""The routes of players, ratings and the bots' ladder. Like ``routes.py``, each only
translates."""

from __future__ import annotations

from flask import Blueprint, Response

from domain.registry import PRESETS
from events.referee import NotFound, Unauthorized, ladder, players, ratings

from . import schemas
from .routes import bearer, body, int_arg, referee
from .wire import json_response

player_routes = Blueprint("players", __name__, url_prefix="/v1")


@player_routes.post("/players")
def post_player() -> Response:
    data = schemas.PlayerIn().load(body())
    made = players.create(referee(), data["name"])
    return json_response(made, 201, {"Location": f"/v1/players/{made['id']}"})


@player_routes.get("/players/<player_id>")
def get_player(player_id: str) -> Response:
    return json_response(players.get(referee(), player_id))


@player_routes.get("/ratings")
def get_ratings() -> Response:
    from flask import request

    from .problems import invalid

    preset = request.args.get("preset")
    if preset is None:
        raise invalid({"preset": ["required: a preset (GET /v1/rulesets)"]})
    if preset not in PRESETS:
        raise NotFound("ruleset", preset)
    count = int_arg("players", PRESETS[preset].players[0], 2, 8)
    assert count is not None
    if count not in PRESETS[preset].players:  # a pool that cannot exist, as an unknown id
        raise NotFound("ratings pool", f"{preset} for {count} players")
    return json_response(ratings.leaderboard(referee(), preset, count))


@player_routes.post("/ladder/<preset>/entries")
def post_entry(preset: str) -> Response:
    if preset not in PRESETS:
        raise NotFound("ruleset", preset)
    data = schemas.LadderEntryIn().load(body())
    secret = bearer()
    if secret is None:
        raise Unauthorized("joining the ladder needs the webhook bot's signing secret, or "
                           "the player's key, as the Bearer token")
    return json_response(ladder.join(referee(), preset, data.get("bot"), secret), 201)


@player_routes.get("/ladder/<preset>")
def get_ladder(preset: str) -> Response:
    if preset not in PRESETS:
        raise NotFound("ruleset", preset)
    return json_response(ladder.listing(referee(), preset))
