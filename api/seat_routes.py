"""The routes of a match's seats: claim one with its invite, leave it, invite it again. Like
``routes.py``, each only translates."""

from __future__ import annotations

from flask import Blueprint, Response

from events.referee import MatchOver, clocks, invites, matches

from . import schemas
from .routes import bearer, body, referee
from .wire import json_response

seat_routes = Blueprint("seats", __name__, url_prefix="/v1/matches/<match_id>/seats/<int:seat>")


@seat_routes.post("/claim")
def claim(match_id: str, seat: int) -> Response:
    """A fresh token for the seat; ``client_seed`` is then given as with ``/seeds``."""
    data = schemas.ClaimIn().load(body())
    claimed = invites.claim(referee(), match_id, seat, data.get("code"), data.get("player_key"))
    if "client_seed" in data:
        try:
            matches.contribute_seed(referee(), match_id, claimed["token"], data["client_seed"])
        except MatchOver:  # no deal left to shuffle: the seat is still the claimant's
            pass
    return json_response(claimed, 201)


@seat_routes.post("/leave")
def leave(match_id: str, seat: int) -> Response:
    return json_response(invites.leave(referee(), match_id, seat, bearer()))


@seat_routes.post("/invite")
def invite(match_id: str, seat: int) -> Response:
    return json_response(invites.invite(referee(), match_id, seat, bearer()), 201)


@seat_routes.post("/back")
def back(match_id: str, seat: int) -> Response:
    """The holder of an away seat plays its turns again."""
    return json_response(clocks.back(referee(), match_id, seat, bearer()))
