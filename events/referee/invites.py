"""Seats that belong to their players: a seat's invite is claimed once for a fresh token
(the code is then worth nothing, to the creator too), a player leaves (the token stops working
at once), and the creator re-invites a free seat with the creator key. Each claim and leave is
a public event of the match stream (``seat_claimed``, ``seat_left``: the seat, no secret);
the facts and the event change in one script (``seats.lua``), so two claims racing on one
invite cannot both win."""

from __future__ import annotations

import hmac
from functools import partial
from typing import Any

from domain import match as matches
from domain.clock import DEFAULT_BOT

from ..store import Conflict
from . import clocks, landing, players
from .context import Referee
from .errors import (
    Forbidden,
    InviteInvalid,
    InviteUsed,
    NotFound,
    SeatIsBot,
    SeatTaken,
    StaleSeq,
    Unauthorized,
)
from .seats import Meta, from_facts, invite_link, meta, new_secret, token_digest

RETRIES = 5


def claim(ref: Referee, match_id: str, seat: int, code: str | None,
          player_key: str | None = None) -> dict[str, Any]:
    """A fresh token for ``seat`` in exchange for its open invite's code, or (a seat kept
    for a player) for that player's key; a claim with a player's key names the player in
    ``seat_claimed``. A claim takes the seat back from the bot playing it (away, or left)."""
    facts = meta(ref, match_id)
    _person(facts, seat)
    player = players.of_key(ref, player_key) if player_key is not None else None
    kept = facts.seats[seat].get("player")
    if kept is not None and player != kept:
        raise Forbidden(f"seat {seat} is kept for player {kept}: claim it with that "
                        "player's key")
    if code is None and kept is None:
        raise InviteInvalid(f"seat {seat} is kept for no player: claim it with its invite code")
    token = new_secret()
    guard = (f"token:{seat}", None) if code is None else (f"invite:{seat}", token_digest(code))
    changes = {f"invite:{seat}": None, f"token:{seat}": token_digest(token),
               f"away:{seat}": None, f"timeouts:{seat}": None}
    if code is not None:
        changes[f"used:{seat}"] = token_digest(code)
    if not _change(ref, match_id, matches.seat_claimed(seat, player), guard, changes):
        _refused(ref, match_id, seat, token, code)
    if player is not None:
        ref.store.note_player_match(player, match_id, ref.now().timestamp())
    return {"seat": seat, "token": token}


def _refused(ref: Referee, match_id: str, seat: int, token: str, code: str | None) -> None:
    """Why a claim's guard did not hold, unless it was this very claim, retried."""
    now = ref.store.match_facts(match_id)
    if _same(now.get(f"token:{seat}".encode()), token_digest(token)):
        return
    if code is None:
        raise SeatTaken(f"seat {seat} is held: leave it before claiming it again")
    if _same(now.get(f"used:{seat}".encode()), token_digest(code)):
        raise InviteUsed(f"seat {seat}'s invite was claimed already")
    raise InviteInvalid(f"this code is not seat {seat}'s open invite")


def leave(ref: Referee, match_id: str, seat: int, token: str | None) -> dict[str, Any]:
    """The player hands the seat back: its token stops working. Before the first move of
    the match the seat is free for a new invite; after it, the clock's bot (``heuristic``
    without a clock) plays it (``seat_left`` says which), until a new invite is claimed."""
    if token is None:
        raise Unauthorized("leaving a seat needs the seat's token")
    facts = meta(ref, match_id)
    _person(facts, seat)
    if facts.seat_of(token) != seat:
        raise Forbidden(f"this token is not seat {seat}'s")
    guard = (f"token:{seat}", token_digest(token))
    bot = _heir(ref, facts)
    changes = {f"token:{seat}": None, **({f"away:{seat}": "left"} if bot else {})}
    if not _change(ref, match_id, matches.seat_left(seat, bot), guard, changes):
        raise Forbidden(f"this token is not seat {seat}'s")  # it left a moment ago
    if bot:
        clocks.kick_current(ref, match_id)
    return {"seat": seat, **({"bot": bot} if bot else {})}


def _heir(ref: Referee, facts: Meta) -> str | None:
    """The bot a seat left now goes to: none before the match's first move (the seat is
    then free for a new invite), else the clock's bot."""
    first = ref.store.read("deal", matches.deal_id(facts.match_id, 1))
    played = any(not e["command_id"].startswith("deal:") for e in first)
    if not played and not ref.store.head("deal", matches.deal_id(facts.match_id, 2)).seq:
        return None
    return facts.clock.bot if facts.clock else DEFAULT_BOT


def invite(ref: Referee, match_id: str, seat: int, key: str | None) -> dict[str, Any]:
    """A fresh invite for a free seat (never claimed, or left); it voids the seat's earlier
    code. Only with the creator key."""
    if key is None:
        raise Unauthorized("inviting needs the match's creator key as the Bearer token")
    raw = ref.store.match_facts(match_id)
    if not raw:
        raise NotFound("match", match_id)
    _person(from_facts(match_id, raw), seat)
    if not _same(raw.get(b"creator_key"), token_digest(key)):
        raise Forbidden("this is not the match's creator key")
    code = new_secret()
    if ref.store.change_seat(match_id, (f"token:{seat}", None),
                             {f"invite:{seat}": token_digest(code)}) is None:
        raise SeatTaken(f"seat {seat} is held by its player: invite it once they leave")
    return {"seat": seat, "code": code, "link": invite_link(match_id, seat, code)}


def _person(meta: Meta, seat: int) -> None:
    """``seat`` is a seat of the match that a person plays."""
    if not 0 <= seat < len(meta.seats):
        raise NotFound("seat", f"{meta.match_id}/{seat}")
    if meta.bot_of(seat) is not None:
        raise SeatIsBot(f"seat {seat} is played by a bot: nobody claims or holds it")


def _same(stored: bytes | None, digest: str) -> bool:
    return stored is not None and hmac.compare_digest(stored.decode(), digest)


def _change(ref: Referee, match_id: str, event: Any, guard: tuple[str, str | None],
            changes: dict[str, str | None]) -> bool:
    """Append ``event`` to the match stream and change the facts, if ``guard`` holds."""
    seq = 0
    for _ in range(RETRIES):
        head = ref.store.head("match", match_id)
        seq = head.seq
        assert head.hash is not None
        envelope = ref.seal([event], seq, head.hash, f"{event.type}:{event.data['seat']}:{seq}")
        try:
            return ref.store.change_seat(match_id, guard, changes, (seq, envelope[0])) is not None
        except Conflict:
            if landing.ours(ref, "match", match_id, envelope):  # a retried send landed
                return True
            continue
        except landing.STORE_ERRORS as exc:
            landing.settle(exc, partial(landing.ours, ref, "match", match_id, envelope))
            return True
    raise StaleSeq(seq)
