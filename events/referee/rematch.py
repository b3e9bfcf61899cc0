"""A rematch: the next match with the same preset, options, seats and bots, and clock. Each
seat a person plays gets an invite (the answer holds them, and a new creator key); the two
matches link to each other (``rematch_of`` in the new one's ``created``, ``rematched`` in the
old one's log). Asked by a seat's holder or with the creator key, once the match is over;
a match has one rematch."""

from __future__ import annotations

import hmac
from typing import Any

from domain import table

from . import dealing, matches
from .context import Referee
from .errors import Forbidden, Refused, Unauthorized
from .seats import Meta, meta, token_digest
from .table import change


def rematch(ref: Referee, match_id: str, token: str | None) -> dict[str, Any]:
    if token is None:
        raise Unauthorized("a rematch needs a seat's token or the creator key")
    facts = meta(ref, match_id)
    _may_ask(facts, token)
    state = dealing.stream(ref, match_id)[2]
    if state.status != "over":
        raise Refused("match-running", f"match {match_id} is still being played: ask for its "
                      "rematch once it is over")
    if state.rematch is not None:
        raise Refused("rematch-exists", f"match {match_id} has its rematch: {state.rematch}")
    if not ref.store.claim_rematch(match_id):
        raise Refused("rematch-exists", f"match {match_id} has its rematch already")
    seats = [{"name": s["name"], **({"bot": s["bot"]} if s.get("bot") else {})}
             for s in state.seats]
    made = matches.create(ref, ruleset=state.rules.preset, players=state.rules.players,
                          seats=seats, options=dict(state.rules.options), clock=state.clock,
                          rematch_of=match_id)
    change(ref, match_id, lambda _: table.rematched(made["id"]), ("rematch", "claimed"),
           {"rematch": made["id"]})
    return made


def _may_ask(facts: Meta, token: str) -> None:
    """A seat's holder or the creator may ask."""
    key = facts.raw.get(b"creator_key")
    if key is not None and hmac.compare_digest(key.decode(), token_digest(token)):
        return
    try:
        facts.seat_of(token)
    except Forbidden:
        raise Forbidden("neither a seat's token of this match nor its creator key") from None
