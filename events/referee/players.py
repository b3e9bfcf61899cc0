"""Players: a light identity that lasts across matches, with no e-mail and no password. A
player is a name and a secret key, shown once when it is made and kept only as its SHA-256
digest (like seat tokens); claiming a seat with the key ties the seat to the player (the
``seat_claimed`` event names it), and its rated matches rate it (``ratings``)."""

from __future__ import annotations

import secrets
from typing import Any

from .context import Referee
from .errors import Forbidden, NotFound
from .seats import token_digest


def create(ref: Referee, name: str) -> dict[str, Any]:
    """A new player; the answer holds its key, shown only here."""
    key = "pk_" + secrets.token_urlsafe(32)
    player = {"id": "p_" + secrets.token_hex(8), "name": name, "key": token_digest(key),
              "at": ref.clock()}
    ref.store.save_player(player)
    return {"id": player["id"], "name": name, "key": key}


def of_key(ref: Referee, key: str) -> str:
    """The id of the player whose key this is (403 for any other string)."""
    found = ref.store.player_by_key(token_digest(key))
    if found is None:
        raise Forbidden("this is not a player's key")
    return found


def name_of(ref: Referee, player_id: str) -> str | None:
    player = ref.store.player(player_id)
    return None if player is None else str(player["name"])


def get(ref: Referee, player_id: str) -> dict[str, Any]:
    """The player's public page: name, matches it sat in, and its ratings by pool."""
    from . import ratings

    player = ref.store.player(player_id)
    if player is None:
        raise NotFound("player", player_id)
    sat = ref.store.player_matches(player_id)
    return {"id": player_id, "name": player["name"], "matches": len(sat),
            "recent": sat[::-1][:20],
            "ratings": ratings.of_entity(ref, player_id)}


def reserved(ref: Referee, seats: list[dict[str, Any]]) -> None:
    """Every player a new match keeps a seat for exists (else 422 naming the seat)."""
    from domain.errors import InvalidOptions

    for i, seat in enumerate(seats):
        if seat.get("player") and ref.store.player(seat["player"]) is None:
            raise InvalidOptions(f"seats.{i}.player", f"no player {seat['player']!r}")
