"""Players: a light identity that lasts across matches, with no e-mail and no password. A
player is a name and a secret key, shown once when it is made and kept only as its SHA-256
digest (like seat tokens); claiming a seat with the key ties the seat to the player (the
``seat_claimed`` event names it), and its rated matches rate it (``ratings``)."""

from __future__ import annotations

import secrets
from typing import Any

from domain.errors import InvalidOptions

from .context import Referee
from .errors import Forbidden, NotFound, Refused
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
    for i, seat in enumerate(seats):
        if seat.get("player") and ref.store.player(seat["player"]) is None:
            raise InvalidOptions(f"seats.{i}.player", f"no player {seat['player']!r}")


def seated(ref: Referee, seats: list[dict[str, Any]], creator_seat: int | None,
            player_key: str | None, rated: bool, prearranged: bool) -> list[dict[str, Any]]:
    """The seats with the creator's player (``player_key``) in its seat (a seat kept for a
    player is the creator's only with that key); every seat kept for a player names one that
    exists; a rated match has a player or a bot at every seat, and no prearranged deal (its
    creator would know every hand)."""
    seats = [dict(s) for s in seats]
    if creator_seat is not None and not 0 <= creator_seat < len(seats):
        raise InvalidOptions("creator_seat", f"there is no seat {creator_seat}")
    if creator_seat is not None and seats[creator_seat].get("player") and player_key is None:
        raise InvalidOptions("player_key", "the creator's seat is kept for a player: give "
                             "that player's key")
    if player_key is not None:
        if creator_seat is None:
            raise InvalidOptions("player_key", "a player key seats the creator: give "
                                 "creator_seat too")
        mine = of_key(ref, player_key)
        if seats[creator_seat].get("player") not in (None, mine):
            raise InvalidOptions(f"seats.{creator_seat}.player", "the creator's seat is kept "
                                 "for another player")
        seats[creator_seat]["player"] = mine
    reserved(ref, seats)
    unrated = [i for i, s in enumerate(seats) if not s.get("bot") and not s.get("player")]
    if rated and prearranged:
        raise InvalidOptions("deal", "a rated match is dealt by the server: no prearranged deal")
    if rated and unrated:
        raise Refused("not-rated", f"a rated match needs a player or a bot at every seat: "
                      f"seats {unrated} have neither (keep them for players with "
                      "seats.N.player, or seat the creator with player_key)")
    return seats


def note(ref: Referee, match_id: str, seats: list[dict[str, Any]]) -> None:
    """Each player with a seat in the new match (kept for it, or the creator's) sat in it."""
    for seat in seats:
        if seat.get("player"):
            ref.store.note_player_match(seat["player"], match_id, ref.now().timestamp())
